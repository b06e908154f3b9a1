//! The 3×3 reader's byte scanner: the layout rule of [`crate::read`] run
//! over the bytes of a [`std::io::BufRead`] buffer in place, one byte at a
//! time, holding at most a line's first few cells and two puzzles, so
//! memory stays flat whatever the input holds (a 100 MB line, NUL bytes,
//! invalid UTF-8).
//!
//! Every character is a cell here (the 3×3 board has nine cells), and `[`
//! and `]` are bad cells, not separators; tiles are looked up in a table of
//! byte classes, and a puzzle collects into nine bytes and a bit set.

use std::collections::VecDeque;

use crate::board::{Board, BLANK, CELLS};
use crate::read::{describe_character, Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// Rows of the board: the lines of a grid.
const ROWS: usize = Shape::EIGHT.rows;
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
const CLASSES: [Class; 256] = {
    let mut table = [OTHER; 256];
    let mut tile = 1;
    while tile < CELLS {
        table[b'0' as usize + tile] = tile as u8;
        tile += 1;
    }
    let blanks = [b'x', b'X', b'0', b'_', b'#'];
    let mut i = 0;
    while i < blanks.len() {
        table[blanks[i] as usize] = BLANK;
        i += 1;
    }
    let separators = [b' ', b'\t', b'\r', 0x0b, 0x0c, b','];
    let mut i = 0;
    while i < separators.len() {
        table[separators[i] as usize] = SEPARATOR;
        i += 1;
    }
    table[b'\n' as usize] = NEWLINE;
    let mut byte = 0x80;
    while byte < 256 {
        table[byte] = MULTIBYTE;
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
            let class = CLASSES[usize::from(byte)];
            if class != MULTIBYTE {
                let bytes = [byte, 0, 0, 0];
                return (
                    Some(Char {
                        class,
                        len: 1,
                        bytes,
                    }),
                    true,
                );
            }
            self.held = Char {
                class: OTHER,
                len: 1,
                bytes: [byte, 0, 0, 0],
            };
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

/// A puzzle being read: its cells so far, checked as they come.
#[derive(Default)]
struct Draft {
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

impl Draft {
    fn push(&mut self, cell: &Char, line: u64) {
        if self.cells == 0 {
            self.first_line = line;
        }
        if self.cells < CELLS && self.fault.is_none() {
            let tile = cell.class;
            if usize::from(tile) >= CELLS {
                let kind = PuzzleErrorKind::NotATile {
                    text: describe_character(cell.bytes()),
                    max: CELLS - 1,
                };
                self.fail(line, kind);
            } else if self.seen & (1 << tile) != 0 {
                self.fail(line, PuzzleErrorKind::Repeated(u32::from(tile)));
            } else {
                self.seen |= 1 << tile;
                self.tiles[self.cells] = tile;
            }
        }
        self.cells = self.cells.saturating_add(1);
    }

    fn fail(&mut self, line: u64, kind: PuzzleErrorKind) {
        self.fault.get_or_insert(PuzzleError { line, kind });
    }

    /// The puzzle as an item, with the line it began on; the draft is empty
    /// again.
    fn take(&mut self) -> (Item<Board>, u64) {
        let draft = std::mem::take(self);
        let item = match draft.fault {
            Some(error) => Err(error),
            None if draft.cells == CELLS => Ok(Board::from_permutation(draft.tiles)),
            None => Err(PuzzleError {
                line: draft.first_line,
                kind: miscounted(draft.cells),
            }),
        };
        (item, draft.first_line)
    }
}

/// Most cells of one line [`Scanner::pending`] holds: fewer than 2·C from
/// whole words before a line is known to hold whole puzzles, and a word
/// that has just grown longer than C.
const PENDING: usize = 3 * COLUMNS;

/// Where the reader stands in the layout, kept apart from the input so the
/// scan can borrow the input's buffer and this at once.
pub(super) struct Scanner {
    /// The line being read, from 1.
    pub(super) line: u64,
    pub(super) decoder: Decoder,
    /// Every line is one puzzle, whatever its words.
    pub(super) one_per_line: bool,
    /// Cells of the current line not yet given to a puzzle: all of them
    /// until the line is known to hold whole puzzles, then the current word
    /// while it is no longer than a row.
    pending: [Char; PENDING],
    pending_len: usize,
    /// Where the current word begins in `pending`.
    word_start: usize,
    /// The current line holds whole puzzles.
    whole: bool,
    /// The current word is longer than a row, so a puzzle by itself, read
    /// into `compact`.
    long_word: bool,
    compact: Draft,
    /// The puzzle being cut from a run of short words on a line of whole
    /// puzzles (in one-per-line mode, from the whole line),
    run: Draft,
    /// and the one before it, complete but held until it is known whether
    /// leftovers follow that it must take.
    held: Draft,
    /// The grid being read, and how many of its rows are in.
    grid: Draft,
    rows: usize,
    /// Items complete, in input order, with the line each began on.
    pub(super) ready: VecDeque<(Item<Board>, u64)>,
}

impl Scanner {
    /// A scanner at the start of input.
    pub(super) fn new() -> Scanner {
        Scanner {
            line: 1,
            decoder: Decoder::default(),
            one_per_line: false,
            pending: [Char::default(); PENDING],
            pending_len: 0,
            word_start: 0,
            whole: false,
            long_word: false,
            compact: Draft::default(),
            run: Draft::default(),
            held: Draft::default(),
            grid: Draft::default(),
            rows: 0,
            ready: VecDeque::with_capacity(4),
        }
    }

    /// Reads `buffer` into [`Scanner::ready`] and returns the bytes used:
    /// all of them, or those up to the first cell after a puzzle is
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
                SEPARATOR => {
                    if !self.one_per_line {
                        self.end_word();
                    }
                }
                NEWLINE => {
                    self.end_line();
                    self.line += 1;
                    if self.ready.is_empty() {
                        i = self.quick_line(buffer, i + 1);
                        continue;
                    }
                }
                _ => {
                    // A cell that is exactly this byte can wait for the next
                    // call; one the decoder has already taken in cannot.
                    if !self.ready.is_empty() && used && char.len == 1 {
                        return i;
                    }
                    self.cell(char);
                    if !self.ready.is_empty() {
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
    /// than a row) and lies whole in `buffer`, read straight into
    /// [`Scanner::ready`]; returns where the next line begins, or `start`
    /// when the line must go the general way, which reads such a line the
    /// same (the tests read every input in pieces too small for this). A
    /// shortcut only: the general way costs half as much again on a file
    /// of one puzzle per line.
    fn quick_line(&mut self, buffer: &[u8], start: usize) -> usize {
        // Nothing of this line read but separators, and no grid begun.
        let line_start = self.pending_len == 0 && !self.whole && !self.long_word;
        let idle = line_start && self.run.cells == 0 && self.rows == 0 && self.decoder.need == 0;
        if !idle || !self.ready.is_empty() {
            return start;
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
                    let board = Board::from_permutation(tiles);
                    self.ready.push_back((Ok(board), self.line));
                    self.line += 1;
                    return start + j + 1;
                }
                _ => break,
            }
        }
        start
    }

    /// A cell of the current line.
    fn cell(&mut self, cell: Char) {
        if self.one_per_line {
            self.run.push(&cell, self.line);
        } else if self.long_word {
            self.compact.push(&cell, self.line);
        } else {
            self.pending[self.pending_len] = cell;
            self.pending_len += 1;
            if self.pending_len - self.word_start > COLUMNS {
                self.begin_long_word();
            }
        }
    }

    /// The current word has grown longer than a row: the line holds whole
    /// puzzles, the words before it are a run that ends here, and it is a
    /// puzzle by itself.
    fn begin_long_word(&mut self) {
        self.begin_whole_line();
        self.cut_run(self.word_start);
        self.end_run();
        for i in self.word_start..self.pending_len {
            let cell = self.pending[i];
            self.compact.push(&cell, self.line);
        }
        self.pending_len = 0;
        self.word_start = 0;
        self.long_word = true;
    }

    /// A separator or a line break: the end of a word, if one was begun.
    fn end_word(&mut self) {
        if self.long_word {
            self.long_word = false;
            let item = self.compact.take();
            self.ready.push_back(item);
            return;
        }
        if !self.whole && self.pending_len >= 2 * COLUMNS {
            self.begin_whole_line();
        }
        if self.whole {
            self.cut_run(self.pending_len);
            self.pending_len = 0;
        }
        self.word_start = self.pending_len;
    }

    /// The current line turns out to hold whole puzzles, so a grid begun
    /// above it ends.
    fn begin_whole_line(&mut self) {
        if !self.whole {
            self.whole = true;
            self.end_grid();
        }
    }

    /// Adds the first `end` pending cells to the run of short words, handing
    /// out a held puzzle once the one after it is complete, as then no
    /// leftovers can fall to it.
    fn cut_run(&mut self, end: usize) {
        for i in 0..end {
            let cell = self.pending[i];
            self.run.push(&cell, self.line);
            if self.run.cells == CELLS {
                if self.held.cells > 0 {
                    let item = self.held.take();
                    self.ready.push_back(item);
                }
                std::mem::swap(&mut self.held, &mut self.run);
            }
        }
    }

    /// The end of a run of short words: the held puzzle, with any leftovers
    /// counted in it, or the leftovers alone when there is none.
    fn end_run(&mut self) {
        let leftovers = std::mem::take(&mut self.run);
        let last = if self.held.cells > 0 {
            self.held.cells = self.held.cells.saturating_add(leftovers.cells);
            &mut self.held
        } else if leftovers.cells > 0 {
            self.run = leftovers;
            &mut self.run
        } else {
            return;
        };
        let item = last.take();
        self.ready.push_back(item);
    }

    /// The end of the current line.
    fn end_line(&mut self) {
        if self.one_per_line {
            if self.run.cells > 0 {
                let item = self.run.take();
                self.ready.push_back(item);
            }
            return;
        }
        self.end_word();
        if self.whole {
            self.end_run();
            self.whole = false;
        } else if self.pending_len == 0 {
            self.end_grid();
        } else {
            // A row of the wrong length is the fault on its line, whatever
            // it holds: an extra tile is often a repeat as well.
            if self.pending_len != COLUMNS {
                let kind = PuzzleErrorKind::RowLength {
                    expected: COLUMNS,
                    found: self.pending_len,
                };
                self.grid.fail(self.line, kind);
            }
            for i in 0..self.pending_len {
                let cell = self.pending[i];
                self.grid.push(&cell, self.line);
            }
            self.rows += 1;
            if self.rows == ROWS {
                self.end_grid();
            }
        }
        self.pending_len = 0;
        self.word_start = 0;
    }

    /// The grid being read, complete or not, as an item.
    fn end_grid(&mut self) {
        if self.rows > 0 {
            self.rows = 0;
            let item = self.grid.take();
            self.ready.push_back(item);
        }
    }

    /// The end of input, which ends its line and any grid.
    pub(super) fn finish(&mut self) {
        if let Some(char) = self.decoder.flush() {
            self.cell(char);
        }
        self.end_line();
        self.end_grid();
    }
}

/// A 3×3 puzzle whose cells are good but `found` of them.
pub(super) fn miscounted(found: usize) -> PuzzleErrorKind {
    PuzzleErrorKind::TileCount {
        expected: CELLS,
        found,
    }
}
