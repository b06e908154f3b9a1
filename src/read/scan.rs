//! The 3×3 reader's byte scanner: the bytes of a [`std::io::BufRead`]
//! buffer read in place, one at a time, into events of the shared
//! [`Layout`], so memory stays flat whatever the input holds (a 100 MB
//! line, NUL bytes, invalid UTF-8).
//!
//! Every character is a cell here (the 3×3 board has nine cells), and `[`
//! and `]` are bad cells, not separators; tiles are looked up in a table of
//! byte classes, and a puzzle collects into nine bytes and a bit set.

use crate::board::{Board, BLANK, CELLS};
use crate::read::layout::{Draft, Layout};
use crate::read::{describe_character, miscounted, Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// Columns of the board: the cells of a row of a grid, and the longest word
/// that is not a puzzle by itself.
const COLUMNS: usize = Shape::EIGHT.columns;

/// What a character means to the reader: a tile's value (below [`CELLS`]) or
/// one of [`SEPARATOR`], [`NEWLINE`] and [`OTHER`]. A plain byte rather than
/// an enum with a payload, because this is looked up for every byte of input
/// and the tile test is then a single comparison.
pub(super) type Class = u8;

/// Whitespace other than a newline, or a comma.
pub(super) const SEPARATOR: Class = 0xfc;
/// A line break.
pub(super) const NEWLINE: Class = 0xfd;
/// A byte of a character of more than one byte, which the [`Decoder`]
/// classes once it has the whole character.
const MULTIBYTE: Class = 0xfe;
/// Anything that is not part of the grammar.
const OTHER: Class = 0xff;

/// Every byte's [`Class`].
pub(super) const CLASSES: [Class; 256] = {
    let mut table = [OTHER; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = match byte as u8 {
            tile @ b'1'..=b'8' => tile - b'0',
            b'x' | b'X' | b'0' | b'_' | b'#' => BLANK,
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c | b',' => SEPARATOR,
            b'\n' => NEWLINE,
            0x80.. => MULTIBYTE,
            _ => OTHER,
        };
        byte += 1;
    }
    table
};

/// One character of input: its class, and its bytes for a message.
#[derive(Clone, Copy, Default)]
pub(super) struct Char {
    pub(super) class: Class,
    len: u8,
    bytes: [u8; 4],
}

impl Char {
    pub(super) fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Assembles characters of more than one byte, which may arrive split
/// between reads. Bytes that are not UTF-8 make a bad character each, and a
/// sequence broken off early makes one.
#[derive(Default)]
pub(super) struct Decoder {
    held: Char,
    /// Bytes still to come for the character in `held`.
    need: u8,
}

impl Decoder {
    /// The character `byte` completes, if any, and whether `byte` was used:
    /// a byte that breaks off a sequence ends it and must be fed again.
    #[inline]
    pub(super) fn feed(&mut self, byte: u8) -> (Option<Char>, bool) {
        if self.need == 0 {
            let mut char = Char {
                class: CLASSES[usize::from(byte)],
                len: 1,
                bytes: [byte, 0, 0, 0],
            };
            if char.class != MULTIBYTE {
                return (Some(char), true);
            }
            // The first byte of a longer character, classed when it is whole.
            char.class = OTHER;
            self.held = char;
            self.need = match byte {
                0xc2..=0xdf => 1,
                0xe0..=0xef => 2,
                0xf0..=0xf4 => 3,
                _ => return (Some(self.take()), true),
            };
            return (None, true);
        }
        if byte & 0xc0 != 0x80 {
            return (Some(self.take()), false);
        }
        self.held.bytes[usize::from(self.held.len)] = byte;
        self.held.len += 1;
        self.need -= 1;
        if self.need > 0 {
            return (None, true);
        }
        (Some(self.take()), true)
    }

    /// Whether no character is half read.
    pub(super) fn idle(&self) -> bool {
        self.need == 0
    }

    /// A sequence the input ended in, as a bad character.
    pub(super) fn flush(&mut self) -> Option<Char> {
        (self.need > 0).then(|| self.take())
    }

    fn take(&mut self) -> Char {
        self.need = 0;
        let mut char = std::mem::take(&mut self.held);
        let space = std::str::from_utf8(char.bytes())
            .ok()
            .and_then(|s| s.chars().next())
            .is_some_and(|c| c.is_whitespace() || c == '\u{feff}');
        if space {
            char.class = SEPARATOR;
        }
        char
    }
}

/// A 3×3 puzzle being read: its cells so far, checked as they come.
#[derive(Default)]
pub(super) struct Tiles {
    tiles: [u8; CELLS],
    /// Cells read; those past the [`CELLS`]-th are only counted.
    cells: usize,
    /// Tiles so far as a bit set, to catch repeats.
    seen: u32,
    /// The first fault, in reading order.
    fault: Option<PuzzleError>,
    /// The line of the first cell.
    first_line: u64,
}

impl Draft for Tiles {
    type Cell = Char;

    fn shape(&self) -> Shape {
        Shape::EIGHT
    }

    fn fresh(&self) -> Tiles {
        Tiles::default()
    }

    #[inline]
    fn push(&mut self, cell: &Char, line: u64) {
        if self.cells == 0 {
            self.first_line = line;
        }
        if self.cells < CELLS && self.fault.is_none() {
            let tile = cell.class;
            if usize::from(tile) >= CELLS {
                self.not_a_tile(line, describe_character(cell.bytes()));
            } else if self.seen & (1 << tile) != 0 {
                self.fail(line, PuzzleErrorKind::Repeated(u32::from(tile)));
            } else {
                self.seen |= 1 << tile;
                self.tiles[self.cells] = tile;
            }
        }
        self.cells = self.cells.saturating_add(1);
    }

    fn cells(&self) -> usize {
        self.cells
    }

    fn count_more(&mut self, cells: usize) {
        self.cells = self.cells.saturating_add(cells);
    }

    fn fault(&mut self) -> &mut Option<PuzzleError> {
        &mut self.fault
    }
}

impl Tiles {
    /// The puzzle as an item, with the line it began on.
    pub(super) fn finish(self) -> (Item<Board>, u64) {
        let item = match self.fault {
            Some(error) => Err(error),
            None if self.cells == CELLS => Ok(Board::from_permutation(self.tiles)),
            None => Err(PuzzleError {
                line: self.first_line,
                kind: miscounted(CELLS, self.cells),
            }),
        };
        (item, self.first_line)
    }
}

/// The 3×3 reader's state: the layout, and a character split between
/// reads.
pub(super) struct Scanner {
    pub(super) layout: Layout<Tiles>,
    pub(super) decoder: Decoder,
}

impl Scanner {
    /// A scanner at the start of input.
    pub(super) fn new() -> Scanner {
        Scanner {
            layout: Layout::new(Tiles::default()),
            decoder: Decoder::default(),
        }
    }

    /// Reads `buffer` into the layout's ready puzzles and returns the bytes
    /// used: all of them, or those up to the first cell after a puzzle is
    /// complete, so that the caller hears of the puzzle before more input
    /// is read, and the line breaks after it are used up with it.
    pub(super) fn scan(&mut self, buffer: &[u8]) -> usize {
        let mut i = self.quick_line(buffer, 0);
        while let Some(&byte) = buffer.get(i) {
            let (char, used) = self.decoder.feed(byte);
            let Some(char) = char else {
                i += 1;
                continue;
            };
            match char.class {
                SEPARATOR => self.layout.separator(),
                NEWLINE => {
                    self.layout.end_line();
                    self.layout.line += 1;
                    if self.layout.ready.is_empty() {
                        i = self.quick_line(buffer, i + 1);
                        continue;
                    }
                }
                _ => {
                    // A cell that is exactly this byte can wait for the next
                    // call; one the decoder has already taken in cannot.
                    if !self.layout.ready.is_empty() && used && char.len == 1 {
                        return i;
                    }
                    self.layout.cell(char);
                    if !self.layout.ready.is_empty() {
                        return i + usize::from(used);
                    }
                }
            }
            i += usize::from(used);
        }
        buffer.len()
    }

    /// The line at `start`, when it is the common case of one good puzzle
    /// (nine distinct tiles, ASCII separators, one word or words no longer
    /// than a row) and lies whole in `buffer`, read straight into the
    /// layout's ready puzzles; returns where the next line begins, or
    /// `start` when the line must go the general way, which reads such a
    /// line the same (the tests read every input in pieces too small for
    /// this). A shortcut only: the general way costs half as much again on
    /// a file of one puzzle per line.
    fn quick_line(&mut self, buffer: &[u8], start: usize) -> usize {
        if !self.layout.idle() || self.decoder.need != 0 {
            return start;
        }
        if let Some(end) = self.spaced_line(buffer, start) {
            return end;
        }
        let (mut tiles, mut count, mut seen) = ([0; CELLS], 0, 0u32);
        let (mut word, mut longest) = (0, 0);
        for (j, &byte) in buffer[start..].iter().enumerate() {
            match CLASSES[usize::from(byte)] {
                tile if usize::from(tile) < CELLS => {
                    if count == CELLS || seen & (1 << tile) != 0 {
                        break;
                    }
                    seen |= 1 << tile;
                    tiles[count] = tile;
                    count += 1;
                    word += 1;
                    longest = longest.max(word);
                }
                SEPARATOR => word = 0,
                NEWLINE if count == CELLS && (longest <= COLUMNS || longest == CELLS) => {
                    self.ready_line(tiles, seen);
                    return start + j + 1;
                }
                _ => break,
            }
        }
        start
    }

    /// [`Scanner::quick_line`]'s own shortcut for the line most files are
    /// made of, nine tiles each followed by one space and the last by a
    /// newline (`1 2 3 4 5 6 7 8 x`): a fixed 18 bytes checked without a
    /// branch per byte. On the file of all 9! arrangements the general
    /// shortcut costs three times the instructions.
    fn spaced_line(&mut self, buffer: &[u8], start: usize) -> Option<usize> {
        let line: &[u8; 2 * CELLS] = buffer.get(start..start + 2 * CELLS)?.try_into().ok()?;
        let (mut tiles, mut seen, mut spaced) = ([0; CELLS], 0u32, true);
        for (cell, pair) in line.chunks_exact(2).enumerate() {
            let tile = CLASSES[usize::from(pair[0])];
            tiles[cell] = tile;
            seen |= 1 << (tile & 31);
            spaced &= pair[1] == if cell + 1 == CELLS { b'\n' } else { b' ' };
        }
        // Nine distinct tiles below CELLS set exactly the low nine bits.
        (spaced && seen == (1 << CELLS) - 1).then(|| {
            self.ready_line(tiles, seen);
            start + 2 * CELLS
        })
    }

    /// A good puzzle read whole from one line, ready to hand out.
    fn ready_line(&mut self, tiles: [u8; CELLS], seen: u32) {
        let line = self.layout.line;
        self.layout.ready.push_back(Tiles {
            tiles,
            cells: CELLS,
            seen,
            fault: None,
            first_line: line,
        });
        self.layout.line += 1;
    }

    /// The end of input, which ends its line and any grid.
    pub(super) fn finish(&mut self) {
        if let Some(char) = self.decoder.flush() {
            self.layout.cell(char);
        }
        self.layout.finish();
    }
}
