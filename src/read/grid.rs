//! [`GridReader`]: puzzles of any [`Shape`] read from text by the layout
//! rule of [`crate::read`], with numbers for tiles.
//!
//! Square brackets separate here, as commas do. On boards of more than
//! nine cells a word is one cell; on boards of at most nine cells every
//! character is one, and a word longer than C is a whole puzzle by itself
//! (the compact form `412503`).
//!
//! Input is read in place from the stream's buffer, a byte at a time, as
//! the 3×3 reader does: a character split between reads and the word being
//! read (its value and first characters) are all that is kept of the text,
//! so memory stays flat however long a line is, and a 999×999 board (7 MB
//! of text) costs time linear in its size and memory only for its tiles.

use std::io::{self, BufRead};

use crate::grid::{check_shape, Grid, GridError, BLANK};
use crate::read::board::feed;
use crate::read::count::{begin, read_text};
use crate::read::layout::{Draft, Layout, Mode};
use crate::read::scan::{Char, Decoder, CLASSES, NEWLINE, SEPARATOR};
use crate::read::{miscounted, quote, Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// The most characters of a bad word quoted in a message.
const QUOTED: usize = 20;

/// Whether `char` separates cells: whitespace, a comma, a byte-order mark
/// or, here, a square bracket.
fn is_separator(char: &Char) -> bool {
    char.class == SEPARATOR || matches!(char.bytes(), b"[" | b"]")
}

/// One cell: its tile, or the cell quoted for a message.
type Token = Result<u32, String>;

/// A word being read, on boards of more than nine cells, where a word is a
/// cell: what decides its tile and its quote, so that a word of any length
/// is held in a few bytes.
#[derive(Default)]
struct Word {
    /// Characters read.
    chars: usize,
    /// Its value while it is all decimal digits (saturating), else `None`.
    value: Option<u64>,
    /// Its first [`QUOTED`] characters.
    shown: String,
}

impl Word {
    /// A decimal digit, the common case, read straight from its byte.
    #[inline]
    fn push_digit(&mut self, digit: u8) {
        let value = u64::from(digit - b'0');
        self.value = match (self.chars, self.value) {
            (0, _) => Some(value),
            (_, Some(before)) => Some(before.saturating_mul(10).saturating_add(value)),
            (_, None) => None,
        };
        if self.chars < QUOTED {
            self.shown.push(char::from(digit));
        }
        self.chars += 1;
    }

    /// Any other character of the word, which is then no number.
    fn push(&mut self, char: &Char) {
        if let &[digit @ b'0'..=b'9'] = char.bytes() {
            return self.push_digit(digit);
        }
        self.value = None;
        if self.chars < QUOTED {
            self.shown.push_str(&String::from_utf8_lossy(char.bytes()));
        }
        self.chars += 1;
    }

    /// The word as a cell of a board of `cells` cells (a character by
    /// itself, on boards of at most nine); the word is then empty, its
    /// buffer kept for the next one.
    fn take(&mut self, cells: usize) -> Token {
        // A blank is one character, spelled as on the 3×3 board.
        let blank = matches!(*self.shown.as_bytes(),
            [byte] if CLASSES[usize::from(byte)] == crate::board::BLANK);
        let tile = if blank {
            Some(BLANK)
        } else {
            self.value
                .filter(|&t| t >= 1 && t < cells as u64)
                .map(|t| t as u32)
        };
        let tile = tile.ok_or_else(|| quote(self.shown.as_bytes(), self.chars > QUOTED));
        self.chars = 0;
        self.value = None;
        self.shown.clear();
        tile
    }
}

/// The cells of one puzzle as they arrive, checked one by one; it keeps
/// no more tiles than the board has, and allocates at its first cell.
pub(super) struct Collector {
    shape: Shape,
    tiles: Vec<u32>,
    /// Cells taken, the board's worth in `tiles` and the rest only counted.
    cells: usize,
    /// `seen[tile]`: whether the tile (0 the blank) came already.
    seen: Vec<bool>,
    fault: Option<PuzzleError>,
    /// The line the puzzle began on.
    first_line: u64,
}

impl Draft for Collector {
    type Cell = Token;

    fn shape(&self) -> Shape {
        self.shape
    }

    fn fresh(&self) -> Collector {
        Collector::new(self.shape)
    }

    fn push(&mut self, cell: &Token, line: u64) {
        let cells = self.shape.cells();
        if self.cells == 0 {
            self.first_line = line;
            self.seen = vec![false; cells];
        }
        self.cells += 1;
        // A tile is below `cells`: the token checked it.
        let tile = match *cell {
            Ok(tile) if self.seen[tile as usize] => {
                self.fail(line, PuzzleErrorKind::Repeated(tile));
                tile
            }
            Ok(tile) => {
                self.seen[tile as usize] = true;
                tile
            }
            Err(ref text) => {
                self.not_a_tile(line, text.clone());
                BLANK
            }
        };
        if self.tiles.len() < cells {
            self.tiles.push(tile);
        }
    }

    fn cells(&self) -> usize {
        self.cells
    }

    fn count_more(&mut self, cells: usize) {
        self.cells += cells;
    }

    fn fault(&mut self) -> &mut Option<PuzzleError> {
        &mut self.fault
    }
}

impl Collector {
    fn new(shape: Shape) -> Collector {
        Collector {
            shape,
            tiles: Vec::new(),
            cells: 0,
            seen: Vec::new(),
            fault: None,
            first_line: 0,
        }
    }

    /// The puzzle: its board, or its first fault.
    fn finish(self) -> Item<Grid> {
        if let Some(fault) = self.fault {
            return Err(fault);
        }
        let count = PuzzleError {
            line: self.first_line,
            kind: miscounted(self.shape.cells(), self.cells),
        };
        if self.cells != self.shape.cells() {
            return Err(count);
        }
        // Every cell was checked in range and once: this cannot fail, and
        // if it did the puzzle would only be reported as miscounted.
        Grid::new(self.shape, self.tiles).map_err(|_| count)
    }
}

/// Reads puzzles of one shape from a stream, one after another.
pub(crate) struct GridReader<R> {
    input: R,
    pub(super) scanner: Scanner,
    /// The line the puzzle last handed out began on (0 before the first).
    pub(super) started: u64,
}

/// What a [`GridReader`] holds of its input: the layout, a character split
/// between reads and the word being read, never a whole line, so memory
/// stays flat however long a line is.
pub(super) struct Scanner {
    pub(super) layout: Layout<Collector>,
    decoder: Decoder,
    word: Word,
    /// The next byte begins a line, and with it the layout's line: lines
    /// begun so far, 0 before the first byte.
    line_start: bool,
}

impl<R: BufRead> GridReader<R> {
    /// A reader of puzzles of `shape` from `input`.
    pub(crate) fn new(input: R, shape: Shape) -> Result<GridReader<R>, GridError> {
        check_shape(shape)?;
        let mut layout = Layout::new(Collector::new(shape));
        layout.line = 0;
        Ok(GridReader {
            input,
            scanner: Scanner {
                layout,
                decoder: Decoder::default(),
                word: Word::default(),
                line_start: true,
            },
            started: 0,
        })
    }

    /// Reads the boards that follow as boards of `shape`: for inputs where
    /// each case gives its own. Call it between puzzles.
    pub(crate) fn set_shape(&mut self, shape: Shape) -> Result<(), GridError> {
        check_shape(shape)?;
        self.scanner.layout.restart(Collector::new(shape));
        Ok(())
    }

    /// Reads each board as the next R·C numbers, however its lines are
    /// split, and the rest of the line its last number is on, as judges
    /// that give each board's size before it lay them out; with `rows`,
    /// a board whose lines are not its rows is invalid. Its place in the
    /// input stays where the count says, so the case after a bad board is
    /// found.
    pub(crate) fn by_count(&mut self, rows: bool) {
        self.scanner.layout.mode = Mode::ByCount { rows };
    }

    /// The next line that is not blank, from where the reader stands,
    /// for a count or a header between puzzles: its text without the
    /// separators at either end, cut to its first bytes, and whether more
    /// followed. `None` at the end of input. What the reader had taken of
    /// a puzzle not yet complete is dropped.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<(String, bool)>> {
        let scanner = &mut self.scanner;
        let layout = &mut scanner.layout;
        layout.restart(Collector::new(layout.shape()));
        scanner.word = Word::default();
        let (line, line_start) = (&mut layout.line, &mut scanner.line_start);
        let (text, _) = read_text(
            &mut self.input,
            &mut scanner.decoder,
            is_separator,
            line,
            line_start,
        )?;
        Ok(text
            .text()
            .map(|(shown, overlong)| (String::from_utf8_lossy(shown).into_owned(), overlong)))
    }

    /// The next puzzle, `None` at the end of input; an `Err` only when the
    /// input cannot be read.
    pub(crate) fn next_puzzle(&mut self) -> io::Result<Option<Item<Grid>>> {
        while self.scanner.layout.ready.is_empty() {
            if feed(&mut self.input, |buffer| self.scanner.scan(buffer))?.is_none() {
                self.scanner.finish();
                break;
            }
        }
        let puzzle = self.scanner.layout.ready.pop_front();
        Ok(puzzle.map(|puzzle| {
            self.started = puzzle.first_line;
            puzzle.finish()
        }))
    }
}

impl Scanner {
    /// Gives the layout the cells and separators of `buffer` until a
    /// puzzle is complete; returns the bytes used. On boards of at most
    /// nine cells each character is a cell, on larger ones each word.
    fn scan(&mut self, buffer: &[u8]) -> usize {
        let words = self.layout.shape().cells() > 9;
        let mut i = 0;
        while let Some(&byte) = buffer.get(i) {
            begin(&mut self.layout.line, &mut self.line_start);
            if words && byte.is_ascii_digit() && self.decoder.idle() {
                self.word.push_digit(byte);
                i += 1;
                continue;
            }
            let (char, used) = self.decoder.feed(byte);
            i += usize::from(used);
            if let Some(char) = char {
                self.take(&char);
                if !self.layout.ready.is_empty() {
                    break;
                }
            }
        }
        i
    }

    /// One character of input.
    fn take(&mut self, char: &Char) {
        let newline = char.class == NEWLINE;
        if newline || is_separator(char) {
            self.end_word();
            if newline {
                self.layout.end_line();
                self.line_start = true;
            } else {
                self.layout.separator();
            }
        } else {
            self.word.push(char);
            if self.layout.shape().cells() <= 9 {
                self.end_word();
            }
        }
    }

    /// The end of input, which ends its word, its line and any grid.
    fn finish(&mut self) {
        if let Some(char) = self.decoder.flush() {
            self.take(&char);
        }
        self.end_word();
        self.layout.finish();
    }

    /// The end of the word being read, if one was begun: its cell.
    fn end_word(&mut self) {
        if self.word.chars > 0 {
            let token = self.word.take(self.layout.shape().cells());
            self.layout.cell(token);
        }
    }
}

impl<R: std::io::Read> GridReader<io::BufReader<R>> {
    /// Whether the next puzzle needs a read that may have to wait for
    /// input: no puzzle is complete and no whole line is buffered. A batch
    /// flushes its answers then, so that a person typing puzzles, or a
    /// program at the other end of a pipe, sees each answer before sending
    /// the next puzzle.
    pub(crate) fn needs_read(&self) -> bool {
        if !self.scanner.layout.ready.is_empty() {
            return false;
        }
        let mut rest = self.input.buffer();
        if !self.scanner.line_start {
            // Inside a line: more of it is buffered, or it ends here.
            let separator = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b',' | b'[' | b']');
            match rest.iter().position(|b| !separator(b)) {
                Some(i) if rest[i] == b'\n' => rest = &rest[i + 1..],
                Some(_) => return false,
                None => return true,
            }
        }
        // The search stops at the next line's end, a line's length.
        !rest.contains(&b'\n')
    }
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
