//! [`GridReader`]: puzzles of any [`Shape`] read from text by the layout
//! rule of [`crate::read`], with numbers for tiles.
//!
//! Square brackets separate here, as commas do. On boards of more than
//! nine cells a word is one cell; on boards of at most nine cells every
//! character is one, and a word longer than C is a whole puzzle by itself
//! (the compact form `412503`).
//!
//! Input is read a line at a time, and each line's cells go through the
//! shared `Layout` once, so a 999×999 board (7 MB of text) costs time
//! and memory linear in its size.

use std::io::{self, BufRead};

use crate::grid::{check_shape, Grid, GridError, BLANK};
use crate::read::board::fill_buf;
use crate::read::layout::{Draft, Layout, Mode};
use crate::read::{miscounted, Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// The most characters of a bad word quoted in a message.
const QUOTED: usize = 20;

/// Whether `c` separates cells.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '[' | ']' | '\u{feff}')
}

/// One cell of a line: its tile, or the cell quoted for a message, and
/// where in the line it ends.
struct Token {
    tile: Result<u32, String>,
    end: usize,
}

impl Token {
    /// The cell `text` (a word, or on small boards a character) of a board
    /// of `cells` cells, ending at byte `end` of its line.
    fn new(text: &str, end: usize, cells: usize) -> Token {
        let tile = if matches!(text, "x" | "X" | "0" | "_" | "#") {
            Some(BLANK)
        } else if text.bytes().all(|b| b.is_ascii_digit()) {
            text.parse::<u32>()
                .ok()
                .filter(|&t| t >= 1 && (t as usize) < cells)
        } else {
            None
        };
        let tile = tile.ok_or_else(|| {
            let mut quoted: String = text.chars().take(QUOTED).collect();
            if quoted.len() < text.len() {
                quoted.push('…');
            }
            format!("'{}'", quoted.escape_debug())
        });
        Token { tile, end }
    }
}

/// The cells of one puzzle as they arrive, checked one by one; it keeps
/// no more tiles than the board has, and allocates at its first cell.
struct Collector {
    shape: Shape,
    tiles: Vec<u32>,
    /// Cells taken, the board's worth in `tiles` and the rest only counted.
    cells: usize,
    /// `seen[tile]`: whether the tile (0 the blank) came already.
    seen: Vec<bool>,
    fault: Option<PuzzleError>,
    /// The line the puzzle began on.
    first_line: u64,
    /// The line of its last cell, and the byte of that line where it ends.
    last: (u64, usize),
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
        self.last = (line, cell.end);
        self.cells += 1;
        // A tile is below `cells`: the token checked it.
        let tile = match cell.tile {
            Ok(tile) if self.seen[tile as usize] => {
                self.fail(line, PuzzleErrorKind::Repeated(tile));
                tile
            }
            Ok(tile) => {
                self.seen[tile as usize] = true;
                tile
            }
            Err(ref text) => {
                let kind = PuzzleErrorKind::NotATile {
                    text: text.clone(),
                    max: cells - 1,
                };
                self.fail(line, kind);
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
            last: (0, 0),
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
///
/// # Example
/// ```
/// use eight::{read::GridReader, shape::Shape};
/// let shape = Shape { rows: 2, columns: 3 };
/// let text = "[[4,1,2],[5,0,3]]\n1 2 3\n4 x 5\n1 2 3 4 5 9\n";
/// let mut reader = GridReader::new(text.as_bytes(), shape).unwrap();
/// assert_eq!(reader.next_puzzle().unwrap().unwrap().unwrap().tiles(), &[4, 1, 2, 5, 0, 3]);
/// assert_eq!(reader.next_puzzle().unwrap().unwrap().unwrap().blank(), 4);
/// let bad = reader.next_puzzle().unwrap().unwrap().unwrap_err();
/// assert_eq!(bad.to_string(), "line 4: '9' is not a tile: expected 1-5 or a blank x");
/// assert!(reader.next_puzzle().unwrap().is_none());
/// ```
pub struct GridReader<R> {
    input: R,
    layout: Layout<Collector>,
    /// The current line, and how far the layout has read it.
    text: String,
    read: usize,
    /// Where in `text` the puzzle last handed out ends (0 when it ended on
    /// an earlier line): what follows is left for a header, or the next
    /// puzzle.
    resume: usize,
    /// Lines read so far: the number of the current line.
    line_number: u64,
    /// The line the puzzle last handed out began on.
    started: u64,
}

impl<R: BufRead> GridReader<R> {
    /// A reader of puzzles of `shape` from `input`.
    pub fn new(input: R, shape: Shape) -> Result<GridReader<R>, GridError> {
        check_shape(shape)?;
        Ok(GridReader {
            input,
            layout: Layout::new(Collector::new(shape)),
            text: String::new(),
            read: 0,
            resume: 0,
            line_number: 0,
            started: 0,
        })
    }

    /// Reads the boards that follow as boards of `shape`: for inputs where
    /// each case gives its own. Call it between puzzles.
    pub fn set_shape(&mut self, shape: Shape) -> Result<(), GridError> {
        check_shape(shape)?;
        let mode = self.layout.mode;
        self.layout = Layout::new(Collector::new(shape));
        self.layout.line = self.line_number;
        self.layout.mode = mode;
        Ok(())
    }

    /// Reads each board as the next R·C numbers, however its lines are
    /// split, and the rest of the line its last number is on, as judges
    /// that give each board's size before it lay them out; with `rows`,
    /// a board whose lines are not its rows is invalid. Its place in the
    /// input stays where the count says, so the case after a bad board is
    /// found.
    pub(crate) fn by_count(&mut self, rows: bool) {
        self.layout.mode = Mode::ByCount { rows };
    }

    /// The line the puzzle last handed out began on (0 before the first).
    pub fn puzzle_line(&self) -> u64 {
        self.started
    }

    /// The number of the line read last (0 before the first).
    pub fn line_number(&self) -> u64 {
        self.line_number
    }

    /// Reads the next line into `text`; `false` at the end of input.
    fn next_text(&mut self) -> io::Result<bool> {
        // The current line stays at the end of input, for what is left of
        // it; else its buffer takes the next line's bytes and then its
        // text, so that a long line is held once.
        if fill_buf(&mut self.input)?.is_empty() {
            return Ok(false);
        }
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        self.input.read_until(b'\n', &mut bytes)?;
        self.line_number += 1;
        self.layout.line = self.line_number;
        self.text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        self.read = 0;
        self.resume = 0;
        Ok(true)
    }

    /// The next line that is not blank, without its separators at either
    /// end, for a count or a header between puzzles: what is left of the
    /// current line when a puzzle ended inside it, else the next line read.
    /// `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut found = self.text[self.resume..]
            .trim_matches(is_separator)
            .to_string();
        self.layout.restart_line();
        self.resume = 0;
        while found.is_empty() {
            self.text.clear();
            self.read = 0;
            if !self.next_text()? {
                return Ok(None);
            }
            found = self.text.trim_matches(is_separator).to_string();
        }
        self.text.clear();
        self.read = 0;
        Ok(Some(found))
    }

    /// The next puzzle, `None` at the end of input; an `Err` only when the
    /// input cannot be read.
    pub fn next_puzzle(&mut self) -> io::Result<Option<Item<Grid>>> {
        while self.layout.ready.is_empty() {
            if self.read < self.text.len() {
                self.feed();
            } else if !self.next_text()? {
                self.layout.finish();
                break;
            }
        }
        let puzzle = self.layout.ready.pop_front();
        Ok(puzzle.map(|puzzle| self.hand_out(puzzle)))
    }

    /// Hands out a finished puzzle, noting where it began and ends.
    fn hand_out(&mut self, puzzle: Collector) -> Item<Grid> {
        let (line, end) = puzzle.last;
        self.resume = if line == self.line_number { end } else { 0 };
        self.started = puzzle.first_line;
        puzzle.finish()
    }

    /// Gives the layout the current line's cells and separators until a
    /// puzzle is complete or the line is read: on boards of at most nine
    /// cells each character is a cell, on larger ones each word.
    fn feed(&mut self) {
        let (text, layout) = (&self.text, &mut self.layout);
        let cells = layout.shape().cells();
        let mut at = self.read;
        while layout.ready.is_empty() {
            let Some(c) = text[at..].chars().next() else {
                break;
            };
            let mut end = at + c.len_utf8();
            if c == '\n' {
                layout.end_line();
            } else if is_separator(c) {
                layout.separator();
            } else {
                if cells > 9 {
                    end = text[at..].find(is_separator).map_or(text.len(), |i| at + i);
                }
                layout.cell(Token::new(&text[at..end], end, cells));
            }
            at = end;
        }
        self.read = at;
    }
}

impl<R: std::io::Read> GridReader<io::BufReader<R>> {
    /// Whether the next puzzle needs a read that may have to wait for
    /// input: the current line is used up and no whole line is buffered.
    /// A batch flushes its answers then, so that a person typing puzzles,
    /// or a program at the other end of a pipe, sees each answer before
    /// sending the next puzzle.
    pub fn needs_read(&self) -> bool {
        let rest = self.text[self.resume..].trim_start_matches(is_separator);
        // The search stops at the next line's end, a line's length.
        rest.is_empty() && !self.input.buffer().contains(&b'\n')
    }
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
