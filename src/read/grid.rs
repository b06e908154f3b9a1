//! [`GridReader`]: puzzles of any [`Shape`] read from text by the layout
//! rule of [`crate::read`], with numbers for tiles.
//!
//! Square brackets separate here, as commas do. On boards of more than
//! nine cells a word is one cell; on boards of at most nine cells every
//! character is one, and a word longer than C is a whole puzzle by itself
//! (the compact form `412503`). On a line of whole puzzles, cells left over
//! after the last full puzzle make an invalid puzzle of their own (the 3×3
//! reader counts them into the puzzle before).
//!
//! Input is read a line at a time and each line is scanned a bounded number
//! of times, so a 999×999 board (7 MB of text) costs time and memory linear
//! in its size.

use std::io::{self, BufRead};

use crate::grid::{check_shape, Grid, GridError, BLANK};
use crate::read::{Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// The most characters of a bad word quoted in a message.
const QUOTED: usize = 20;

/// Whether `c` separates cells.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '[' | ']' | '\u{feff}')
}

/// Whether `c` is one of the blank's spellings.
fn is_blank(c: char) -> bool {
    matches!(c, 'x' | 'X' | '0' | '_' | '#')
}

/// The cells of one puzzle as they arrive, checked one by one.
struct Collector {
    shape: Shape,
    tiles: Vec<u32>,
    /// `seen[tile]`: whether the tile (0 the blank) came already.
    seen: Vec<bool>,
    fault: Option<PuzzleError>,
    /// The line the puzzle began on.
    first_line: u64,
    /// Rows of a grid taken so far.
    rows: usize,
}

impl Collector {
    fn new(shape: Shape, first_line: u64) -> Collector {
        Collector {
            shape,
            tiles: Vec::with_capacity(shape.cells()),
            seen: vec![false; shape.cells()],
            fault: None,
            first_line,
            rows: 0,
        }
    }

    fn fail(&mut self, line: u64, kind: PuzzleErrorKind) {
        if self.fault.is_none() {
            self.fault = Some(PuzzleError { line, kind });
        }
    }

    /// Takes one cell's text (a word, or on small boards a character).
    fn push(&mut self, word: &str, line: u64) {
        let cells = self.shape.cells();
        let tile = if word.len() == 1 && word.chars().all(is_blank) {
            Some(BLANK)
        } else if word.bytes().all(|b| b.is_ascii_digit()) {
            word.parse::<u32>()
                .ok()
                .filter(|&t| t >= 1 && (t as usize) < cells)
        } else {
            None
        };
        let Some(tile) = tile else {
            let mut text: String = word.chars().take(QUOTED).collect();
            if text.len() < word.len() {
                text.push('…');
            }
            let text = format!("'{}'", text.escape_debug());
            self.fail(
                line,
                PuzzleErrorKind::NotATile {
                    text,
                    max: cells - 1,
                },
            );
            self.tiles.push(BLANK);
            return;
        };
        match self.seen.get_mut(tile as usize) {
            Some(seen) if *seen => self.fail(line, PuzzleErrorKind::Repeated(tile)),
            Some(seen) => *seen = true,
            None => {}
        }
        self.tiles.push(tile);
    }

    /// The puzzle: its board, or its first fault.
    fn finish(self) -> Item<Grid> {
        if let Some(fault) = self.fault {
            return Err(fault);
        }
        let count = PuzzleError {
            line: self.first_line,
            kind: PuzzleErrorKind::TileCount {
                expected: self.shape.cells(),
                found: self.tiles.len(),
            },
        };
        if self.tiles.len() != self.shape.cells() {
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
    shape: Shape,
    /// Whether each character is a cell (boards of at most nine cells).
    by_character: bool,
    /// The current line of whole puzzles, and where in it reading stands.
    line: String,
    at: usize,
    /// Lines read so far: the number of the current line.
    line_number: u64,
    /// A grid whose rows are still coming.
    grid: Option<Collector>,
    bytes: Vec<u8>,
    /// The line the puzzle last handed out began on.
    started: u64,
}

impl<R: BufRead> GridReader<R> {
    /// A reader of puzzles of `shape` from `input`.
    pub fn new(input: R, shape: Shape) -> Result<GridReader<R>, GridError> {
        check_shape(shape)?;
        Ok(GridReader {
            input,
            shape,
            by_character: shape.cells() <= 9,
            line: String::new(),
            at: 0,
            line_number: 0,
            grid: None,
            bytes: Vec::new(),
            started: 0,
        })
    }

    /// Reads the boards that follow as boards of `shape`: for inputs where
    /// each case gives its own. Call it between puzzles.
    pub fn set_shape(&mut self, shape: Shape) -> Result<(), GridError> {
        check_shape(shape)?;
        self.shape = shape;
        self.by_character = shape.cells() <= 9;
        Ok(())
    }

    /// The line the puzzle last handed out began on (0 before the first).
    pub fn puzzle_line(&self) -> u64 {
        self.started
    }

    /// The number of the line read last (0 before the first).
    pub fn line_number(&self) -> u64 {
        self.line_number
    }

    /// The next line that is not blank, without its separators at either
    /// end, for a count or a header between puzzles: what is left of the
    /// current line when a puzzle ended inside it, else the next line read.
    /// `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let rest = self.line[self.at..].trim_matches(is_separator).to_string();
        self.line.clear();
        self.at = 0;
        if !rest.is_empty() {
            return Ok(Some(rest));
        }
        loop {
            self.bytes.clear();
            if self.input.read_until(b'\n', &mut self.bytes)? == 0 {
                return Ok(None);
            }
            self.line_number += 1;
            let text = String::from_utf8_lossy(&self.bytes);
            let text = text.trim_matches(is_separator);
            if !text.is_empty() {
                return Ok(Some(text.to_string()));
            }
        }
    }

    /// Hands out a finished puzzle, noting where it began.
    fn finish(&mut self, puzzle: Collector) -> Item<Grid> {
        self.started = puzzle.first_line;
        puzzle.finish()
    }

    /// The next puzzle, `None` at the end of input; an `Err` only when the
    /// input cannot be read.
    pub fn next_puzzle(&mut self) -> io::Result<Option<Item<Grid>>> {
        loop {
            if let Some(puzzle) = self.next_in_line() {
                return Ok(Some(puzzle));
            }
            self.bytes.clear();
            if self.input.read_until(b'\n', &mut self.bytes)? == 0 {
                return Ok(self.grid.take().map(|grid| self.finish(grid)));
            }
            self.line_number += 1;
            self.line = String::from_utf8_lossy(&self.bytes).into_owned();
            self.at = 0;
            let (cells, compact) = self.census();
            if cells == 0 {
                self.line.clear();
                if let Some(grid) = self.grid.take() {
                    return Ok(Some(self.finish(grid)));
                }
            } else if cells >= 2 * self.shape.columns || compact {
                // A line of whole puzzles: `next_in_line` reads it.
                if let Some(grid) = self.grid.take() {
                    return Ok(Some(self.finish(grid)));
                }
            } else {
                let line = std::mem::take(&mut self.line);
                if let Some(done) = self.add_row(&line, cells) {
                    return Ok(Some(done));
                }
            }
        }
    }

    /// Whether the current line holds no more cells, so the next puzzle
    /// needs another line from the input.
    fn line_done(&self) -> bool {
        self.line[self.at..]
            .trim_start_matches(is_separator)
            .is_empty()
    }

    /// The line's cells, and whether it holds a compact word.
    fn census(&self) -> (usize, bool) {
        let mut cells = 0;
        let mut compact = false;
        for word in self.line.split(is_separator).filter(|w| !w.is_empty()) {
            if self.by_character {
                let length = word.chars().count();
                cells += length;
                compact |= length > self.shape.columns;
            } else {
                cells += 1;
            }
        }
        (cells, compact)
    }

    /// Adds a row line to the grid being read; the grid when it is whole.
    fn add_row(&mut self, line: &str, cells: usize) -> Option<Item<Grid>> {
        let number = self.line_number;
        let grid = self
            .grid
            .get_or_insert_with(|| Collector::new(self.shape, number));
        if cells != self.shape.columns {
            grid.fail(
                number,
                PuzzleErrorKind::RowLength {
                    expected: self.shape.columns,
                    found: cells,
                },
            );
        }
        for_each_cell(line, self.by_character, |cell| grid.push(cell, number));
        grid.rows += 1;
        if grid.rows == self.shape.rows {
            return self.grid.take().map(|grid| self.finish(grid));
        }
        None
    }

    /// The next whole puzzle of the current line, if any is left.
    fn next_in_line(&mut self) -> Option<Item<Grid>> {
        let rest = &self.line[self.at..];
        let skipped = rest.len() - rest.trim_start_matches(is_separator).len();
        self.at += skipped;
        if self.at >= self.line.len() {
            self.line.clear();
            self.at = 0;
            return None;
        }
        let number = self.line_number;
        let mut puzzle = Collector::new(self.shape, number);
        let cells = self.shape.cells();
        let rest = &self.line[self.at..];
        let word_end = rest.find(is_separator).unwrap_or(rest.len());
        if self.by_character && rest[..word_end].chars().count() > self.shape.columns {
            // A compact word: one puzzle by itself.
            for_each_cell(&rest[..word_end], true, |cell| puzzle.push(cell, number));
            self.at += word_end;
            return Some(self.finish(puzzle));
        }
        // Cells up to a puzzle's worth, the end of the line or a compact word.
        let mut at = self.at;
        while puzzle.tiles.len() < cells {
            let rest = &self.line[at..];
            let start = rest.len() - rest.trim_start_matches(is_separator).len();
            if start == rest.len() {
                at = self.line.len();
                break;
            }
            let rest = &rest[start..];
            let end = rest.find(is_separator).unwrap_or(rest.len());
            let word = &rest[..end];
            if !self.by_character {
                puzzle.push(word, number);
                at += start + end;
                continue;
            }
            // Only at a word's start can a compact word begin.
            let at_word_start = at + start == 0 || self.line[..at + start].ends_with(is_separator);
            if at_word_start
                && word.chars().count() > self.shape.columns
                && !puzzle.tiles.is_empty()
            {
                at += start;
                break;
            }
            let mut taken = 0;
            for (offset, c) in word.char_indices() {
                if puzzle.tiles.len() == cells {
                    break;
                }
                puzzle.push(&word[offset..offset + c.len_utf8()], number);
                taken = offset + c.len_utf8();
            }
            at += start + taken;
        }
        self.at = at;
        Some(self.finish(puzzle))
    }
}

impl<R: std::io::Read> GridReader<io::BufReader<R>> {
    /// Whether the next puzzle needs a read that may have to wait for
    /// input: the current line is used up and no whole line is buffered.
    /// A batch flushes its answers then, so that a person typing puzzles,
    /// or a program at the other end of a pipe, sees each answer before
    /// sending the next puzzle.
    pub fn needs_read(&self) -> bool {
        // The search stops at the next line's end, a line's length.
        self.line_done() && !self.input.buffer().contains(&b'\n')
    }
}

/// Hands each cell of `text` to `cell`: each word, or each character.
fn for_each_cell(text: &str, by_character: bool, mut cell: impl FnMut(&str)) {
    for word in text.split(is_separator).filter(|w| !w.is_empty()) {
        if by_character {
            for (offset, c) in word.char_indices() {
                cell(&word[offset..offset + c.len_utf8()]);
            }
        } else {
            cell(word);
        }
    }
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
