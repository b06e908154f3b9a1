//! The layout rule of [`crate::read`], written once: where each puzzle of a
//! text ends, decided from a stream of events (a cell, a separator, the end
//! of a line) and generic over the [`Draft`] a puzzle collects into, so the
//! 3×3 reader's nine bytes and bit set and the any-shape reader's tiles
//! follow the same state machine. A reader turns its input into events
//! (bytes on the 3×3 board, characters or words of a line on the others)
//! and takes the finished drafts from [`Layout::ready`].
//!
//! The layout holds at most three rows' worth of one line's cells and a
//! few drafts, so its memory is bounded by the board, not by the input.

use std::collections::VecDeque;

use crate::board::BLANK_CHAR;
use crate::read::{PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// How a reader's lines make puzzles.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// By the layout rule: lines of whole puzzles, or grids of rows.
    Free,
    /// Every line that is not blank is one puzzle, whatever its words.
    OnePerLine,
    /// A puzzle is the next R·C cells whatever the lines (a judge that
    /// gives a board's size before it), and the rest of the line its last
    /// cell is on; a blank line ends it early. With `rows`, every line of
    /// it must hold one row, and it ends after R lines even when cells are
    /// missing, so that a short row costs its board and not the case after
    /// it.
    ByCount {
        /// Each line holds C cells.
        rows: bool,
    },
}

/// A puzzle being read: its cells so far, checked as they come.
pub(super) trait Draft {
    /// One cell as the reader's tokens give it.
    type Cell;

    /// The board the draft is read for.
    fn shape(&self) -> Shape;
    /// An empty draft for the same board.
    fn fresh(&self) -> Self;
    /// Takes the next cell, read on `line`.
    fn push(&mut self, cell: &Self::Cell, line: u64);
    /// Cells taken so far.
    fn cells(&self) -> usize;
    /// Counts `cells` more cells without checking them (leftovers that
    /// join this puzzle, after its own cells).
    fn count_more(&mut self, cells: usize);
    /// The first fault, in reading order.
    fn fault(&mut self) -> &mut Option<PuzzleError>;

    /// Notes a fault found on `line`, unless an earlier one is noted.
    fn fail(&mut self, line: u64, kind: PuzzleErrorKind) {
        self.fault().get_or_insert(PuzzleError { line, kind });
    }

    /// Notes a cell on `line`, quoted as `text`, that is not a tile.
    fn not_a_tile(&mut self, line: u64, text: String) {
        let (max, blank) = (self.shape().cells() as u32 - 1, BLANK_CHAR);
        self.fail(line, PuzzleErrorKind::NotATile { text, max, blank });
    }
}

/// Where the reader stands in the layout.
pub(super) struct Layout<D: Draft> {
    /// The line being read, from 1 (or 0 before any, where the reader
    /// counts a line when its first byte comes); the reader moves it on.
    pub(super) line: u64,
    /// How lines make puzzles.
    pub(super) mode: Mode,
    /// Cells of the current line, in [`Mode::ByCount`].
    line_cells: usize,
    /// Cells of the current line not yet given to a puzzle: all of them
    /// until the line is known to hold whole puzzles (fewer than 2·C from
    /// whole words, and a word that has just grown longer than C), then the
    /// current word while it is no longer than a row.
    pending: Vec<D::Cell>,
    /// Where the current word begins in `pending`.
    word_start: usize,
    /// The current line holds whole puzzles.
    whole: bool,
    /// The current word is longer than a row, so a puzzle by itself, read
    /// into `compact`,
    long_word: bool,
    compact: D,
    /// with this many cells left over before it that join it.
    leading: usize,
    /// The puzzle being cut from a run of short words on a line of whole
    /// puzzles (in the other modes, from the line or lines),
    run: D,
    /// and the puzzle before it on the line, complete but held until it is
    /// known whether leftovers follow that it must take.
    held: D,
    /// The grid being read, and how many of its rows are in (also the
    /// lines of the board being read in [`Mode::ByCount`] with rows).
    grid: D,
    rows: usize,
    /// Puzzles complete, in input order.
    pub(super) ready: VecDeque<D>,
}

/// The draft in `slot`, leaving an empty one there.
fn take<D: Draft>(slot: &mut D) -> D {
    let fresh = slot.fresh();
    std::mem::replace(slot, fresh)
}

/// Puts `puzzle` in `held`, and the puzzle held there before in `ready`.
fn hold<D: Draft>(held: &mut D, ready: &mut VecDeque<D>, puzzle: D) {
    let before = std::mem::replace(held, puzzle);
    if before.cells() > 0 {
        ready.push_back(before);
    }
}

/// Notes a row of `found` cells on `line` as the fault of `puzzle` when it
/// is not a row's length: that is the fault on its line, whatever the line
/// holds (an extra tile is often a repeat as well), after those of the
/// lines before.
fn check_row<D: Draft>(puzzle: &mut D, line: u64, found: usize) {
    let expected = puzzle.shape().columns;
    let fault = puzzle.fault();
    if found != expected && fault.as_ref().is_none_or(|fault| fault.line == line) {
        let kind = PuzzleErrorKind::RowLength { expected, found };
        *fault = Some(PuzzleError { line, kind });
    }
}

impl<D: Draft> Layout<D> {
    /// A layout at the start of input (line 1), collecting into drafts like
    /// `empty`.
    pub(super) fn new(empty: D) -> Layout<D> {
        Layout {
            line: 1,
            mode: Mode::Free,
            line_cells: 0,
            pending: Vec::with_capacity(3 * empty.shape().columns),
            word_start: 0,
            whole: false,
            long_word: false,
            compact: empty.fresh(),
            leading: 0,
            run: empty.fresh(),
            held: empty.fresh(),
            grid: empty,
            rows: 0,
            ready: VecDeque::with_capacity(4),
        }
    }

    /// The board the puzzles are read for.
    pub(super) fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// Whether nothing is read of the current line but separators, no grid
    /// is begun and no puzzle waits: a line starts afresh here.
    pub(super) fn idle(&self) -> bool {
        self.pending.is_empty()
            && !self.whole
            && !self.long_word
            && self.run.cells() == 0
            && self.rows == 0
            && self.ready.is_empty()
    }

    /// Forgets what is read and the puzzles that wait, keeping the line and
    /// the mode, to collect into drafts like `empty` from here: when the
    /// rest of the line is taken for something else (a header), or the
    /// boards that follow have another shape.
    pub(super) fn restart(&mut self, empty: D) {
        let (line, mode) = (self.line, self.mode);
        *self = Layout {
            line,
            mode,
            ..Layout::new(empty)
        };
    }

    /// A cell of the current line.
    pub(super) fn cell(&mut self, cell: D::Cell) {
        if self.mode != Mode::Free {
            self.run.push(&cell, self.line);
            self.line_cells += 1;
        } else if self.long_word {
            self.compact.push(&cell, self.line);
        } else {
            self.pending.push(cell);
            if self.pending.len() - self.word_start > self.shape().columns {
                self.begin_long_word();
            }
        }
    }

    /// A separator other than a line break.
    pub(super) fn separator(&mut self) {
        if self.mode == Mode::Free {
            self.end_word();
        }
    }

    /// The current word has grown longer than a row: the line holds whole
    /// puzzles, the words before it are a run that ends here, and it is a
    /// puzzle by itself.
    fn begin_long_word(&mut self) {
        self.begin_whole_line();
        self.cut_run(self.word_start);
        if self.held.cells() == 0 {
            // Leftovers with no puzzle before them on the line join this one.
            self.leading = take(&mut self.run).cells();
        }
        self.end_run();
        for cell in &self.pending[self.word_start..] {
            self.compact.push(cell, self.line);
        }
        self.pending.clear();
        self.word_start = 0;
        self.long_word = true;
    }

    /// A separator or a line break: the end of a word, if one was begun.
    fn end_word(&mut self) {
        if self.long_word {
            self.long_word = false;
            let mut compact = take(&mut self.compact);
            let leading = std::mem::take(&mut self.leading);
            self.spoil(&mut compact, leading);
            hold(&mut self.held, &mut self.ready, compact);
            return;
        }
        if !self.whole && self.pending.len() >= 2 * self.shape().columns {
            self.begin_whole_line();
        }
        if self.whole {
            self.cut_run(self.pending.len());
            self.pending.clear();
        }
        self.word_start = self.pending.len();
    }

    /// The current line turns out to hold whole puzzles, so a grid begun
    /// above it ends.
    fn begin_whole_line(&mut self) {
        if !self.whole {
            self.whole = true;
            self.end_grid();
        }
    }

    /// Adds the first `end` pending cells to the run of short words. A full
    /// puzzle is held until the one after it is full, as then no leftovers
    /// can fall to it.
    fn cut_run(&mut self, end: usize) {
        let cells = self.shape().cells();
        for cell in &self.pending[..end] {
            self.run.push(cell, self.line);
            if self.run.cells() == cells {
                let full = take(&mut self.run);
                hold(&mut self.held, &mut self.ready, full);
            }
        }
    }

    /// The end of a run of short words: leftovers join the puzzle before
    /// them on the line and make it invalid; only on a line with no other
    /// puzzle are they a (miscounted) puzzle of their own.
    fn end_run(&mut self) {
        let leftovers = take(&mut self.run);
        if self.held.cells() > 0 {
            let mut held = take(&mut self.held);
            self.spoil(&mut held, leftovers.cells());
            self.ready.push_back(held);
        } else if leftovers.cells() > 0 {
            self.ready.push_back(leftovers);
        }
    }

    /// Joins `leftovers` cells to `puzzle`, which makes it invalid unless
    /// an earlier fault is noted: miscounted, by all its cells, or where
    /// they happen to make a board's worth, by the cells it had before.
    fn spoil(&self, puzzle: &mut D, leftovers: usize) {
        if leftovers == 0 {
            return;
        }
        let own = puzzle.cells();
        puzzle.count_more(leftovers);
        let expected = self.shape().cells();
        let found = if puzzle.cells() == expected {
            own
        } else {
            puzzle.cells()
        };
        puzzle.fail(self.line, PuzzleErrorKind::TileCount { expected, found });
    }

    /// The end of the current line; the reader moves [`Layout::line`] on.
    pub(super) fn end_line(&mut self) {
        match self.mode {
            Mode::Free => {}
            Mode::OnePerLine => {
                if self.run.cells() > 0 {
                    self.ready.push_back(take(&mut self.run));
                }
                return;
            }
            Mode::ByCount { rows } => {
                let found = self.line_cells;
                if rows && found > 0 {
                    check_row(&mut self.run, self.line, found);
                }
                self.line_cells = 0;
                if found > 0 {
                    self.rows += 1;
                }
                // A blank line ends a board early, as it ends a grid.
                let blank = found == 0 && self.run.cells() > 0;
                let full = self.run.cells() >= self.shape().cells()
                    || rows && self.rows == self.shape().rows;
                if blank || full {
                    self.rows = 0;
                    self.ready.push_back(take(&mut self.run));
                }
                return;
            }
        }
        self.end_word();
        if self.whole {
            self.end_run();
            self.whole = false;
        } else if self.pending.is_empty() {
            self.end_grid();
        } else {
            check_row(&mut self.grid, self.line, self.pending.len());
            for cell in &self.pending {
                self.grid.push(cell, self.line);
            }
            self.rows += 1;
            if self.rows == self.shape().rows {
                self.end_grid();
            }
        }
        self.pending.clear();
        self.word_start = 0;
    }

    /// The grid being read, complete or not, as an item.
    fn end_grid(&mut self) {
        if self.rows > 0 {
            self.rows = 0;
            let item = take(&mut self.grid);
            self.ready.push_back(item);
        }
    }

    /// The end of input, which ends its line and then, as a blank line
    /// would, any grid or board cut short.
    pub(super) fn finish(&mut self) {
        self.end_line();
        self.end_line();
    }
}
