//! Framing: how the puzzles of one input are laid out around each other.
//!
//! POJ 1077 reads puzzles until the input ends. Other judges put the number
//! of cases on the first line and then that many cases (UVa 652 one board
//! per line, UVa 10181 boards laid out freely), HDU 3567 gives every case a
//! goal line of its own under its start, and POJ 2893 and POJ 3240 put a
//! line giving the board's shape before each board. A [`CaseReader`] turns
//! any of these into one stream of [`Case`]s, over the one [`Reader`] of
//! every shape, so the batch that solves them has
//! a single loop, and it checks the frame as it goes: a count or header
//! that is not one, a count the cases do not match, a case without its goal
//! line and a missing `0 0` are [`FrameError`]s naming the line.
//!
//! Reading stays streaming: nothing is kept per case, so a counted input of
//! any size is read in the memory an uncounted one takes.

use std::borrow::Cow;
use std::io::{self, BufRead};

use crate::board::BLANK_CHAR;
use crate::grid::{Grid, GridError};
use crate::read::{Item, PuzzleError, PuzzleErrorKind, Reader};
use crate::shape::Shape;
use crate::words::counted;

/// How the puzzles of an input are laid out, and on which boards.
///
/// On the 3×3 board a counted input holds one puzzle per line; on other
/// shapes its boards are laid out freely (UVa 10181).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Boards of one shape one after another until the input ends, laid
    /// out freely (POJ 1077).
    Stream(Shape),
    /// A line holding the number of cases, then that many boards of one
    /// shape (UVa 652, UVa 10181).
    Counted(Shape),
    /// A line holding the number of cases, then that many pairs of boards:
    /// the start, then the goal of the same case (HDU 3567).
    CountedWithGoals(Shape),
    /// Each board after a line giving its shape (POJ 2893, POJ 3240).
    Headed(Header),
}

impl Default for Framing {
    /// 3×3 puzzles until the input ends.
    fn default() -> Framing {
        Framing::Stream(Shape::EIGHT)
    }
}

impl Framing {
    /// The shape of every board, or `None` when each case gives its own.
    pub fn shape(self) -> Option<Shape> {
        match self {
            Framing::Stream(shape) | Framing::Counted(shape) | Framing::CountedWithGoals(shape) => {
                Some(shape)
            }
            Framing::Headed(_) => None,
        }
    }
}

/// One case of an input: a puzzle, and its own goal where the framing gives
/// one. Either may be a bad board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case<B> {
    /// The puzzle.
    pub start: Item<B>,
    /// The case's own goal; `None` when the framing gives none and the
    /// batch's goal applies.
    pub goal: Option<Item<B>>,
}

impl Case<Grid> {
    /// The start and the goal it is solved towards: its own, or
    /// `fallback`'s for the start when the framing gives none, which may lend
    /// one goal to every case. A case with a board that cannot be read is
    /// an [`InvalidCase`].
    ///
    /// # Example
    /// ```
    /// use std::borrow::Cow;
    /// use eight::{read::frame::{CaseReader, Framing}, Grid, Shape};
    /// let input = "1\n12X453786\n1 2 9\n".as_bytes();
    /// let mut cases = CaseReader::new(input, Framing::CountedWithGoals(Shape::EIGHT)).unwrap();
    /// let case = cases.next_case().unwrap().unwrap();
    /// let solved = |start: &Grid| Cow::Owned(Grid::solved(start.shape()).unwrap());
    /// let invalid = case.boards(solved).unwrap_err();
    /// assert_eq!(invalid.first.to_string(), "line 3: '9' is not a tile: expected 1-8 or a blank x");
    /// ```
    pub fn boards<'g>(
        self,
        fallback: impl FnOnce(&Grid) -> Cow<'g, Grid>,
    ) -> Result<(Grid, Cow<'g, Grid>), InvalidCase> {
        match (self.start, self.goal) {
            (Ok(start), None) => {
                let goal = fallback(&start);
                Ok((start, goal))
            }
            (Ok(start), Some(Ok(goal))) => Ok((start, Cow::Owned(goal))),
            (Err(first), goal) => Err(InvalidCase {
                first,
                second: goal.and_then(Result::err),
            }),
            (Ok(_), Some(Err(first))) => Err(first.into()),
        }
    }
}

/// A case with a board that could not be read: its start, its goal, or
/// both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidCase {
    /// The start's error, or the goal's when the start is good.
    pub first: PuzzleError,
    /// The goal's error when the start is bad as well.
    pub second: Option<PuzzleError>,
}

impl From<PuzzleError> for InvalidCase {
    fn from(first: PuzzleError) -> InvalidCase {
        InvalidCase {
            first,
            second: None,
        }
    }
}

impl InvalidCase {
    /// Every error of the case, in input order.
    pub fn errors(&self) -> impl Iterator<Item = &PuzzleError> {
        std::iter::once(&self.first).chain(&self.second)
    }
}

/// An input whose frame is broken. Reading stops there; the cases before it
/// have been handed out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// The first line that is not blank does not hold a number, or there
    /// is none.
    #[error("line {line}: expected the number of cases, found {found}")]
    NotACount {
        /// The line, or the last one of an input that ends first.
        line: u64,
        /// What it holds, quoted, or `the end of input`.
        found: String,
    },
    /// The input ended before the number of cases announced.
    #[error(
        "line {line}: the count is {} but the input ends after {}",
        counted(*expected, "case"),
        counted(*found, "case")
    )]
    TooFew {
        /// The line holding the count.
        line: u64,
        /// The count.
        expected: u64,
        /// The cases that were there.
        found: u64,
    },
    /// Input goes on after the number of cases announced.
    #[error(
        "line {line}: more input than the {} counted on line {count_line}",
        counted(*expected, "case")
    )]
    TooMany {
        /// The first line past the last case.
        line: u64,
        /// The count.
        expected: u64,
        /// The line holding the count.
        count_line: u64,
    },
    /// The input ended after a case's start, before its goal line.
    #[error("line {line}: case {case} has no goal line after its start")]
    MissingGoal {
        /// The line holding the start.
        line: u64,
        /// The case, from 1.
        case: u64,
    },
    /// A line that should give the next board's shape does not (POJ 2893,
    /// POJ 3240).
    #[error("line {line}: expected {expected}, found {found}")]
    NotAHeader {
        /// The line.
        line: u64,
        /// What it should hold.
        expected: &'static str,
        /// What it holds, quoted.
        found: String,
    },
    /// The input ended after a header, before its board.
    #[error("line {line}: the input ends before the board this line announces")]
    MissingBoard {
        /// The line holding the header.
        line: u64,
    },
    /// The input holds nothing at all, where it should hold at least
    /// `expected`.
    #[error("the input is empty: expected {expected}")]
    Empty {
        /// What the input should begin with.
        expected: &'static str,
    },
    /// Input goes on after the line that closes it (POJ 2893's `0 0`).
    #[error("line {line}: more input after the closing 0 0 on line {closing_line}")]
    AfterClosing {
        /// The first line that is not blank after the closing one.
        line: u64,
        /// Where the closing line is.
        closing_line: u64,
    },
    /// The input ended without the line that should close it (POJ 2893's
    /// `0 0`).
    #[error("line {line}: the input ends without its closing 0 0")]
    Unterminated {
        /// The last line of the input.
        line: u64,
    },
}

/// The line before each board of a [`Framing::Headed`] input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// `M N`, rows and columns, each from 2 to 999; `0 0` ends the input
    /// (POJ 2893).
    RowsColumns,
    /// `n` for an n×n board, from 2 to 10, until the input ends (POJ 3240).
    Side,
}

impl Header {
    /// Whether boards of `shape` can follow this header.
    pub fn admits(self, shape: Shape) -> bool {
        let fits = |side: usize, most: usize| (2..=most).contains(&side);
        match self {
            Header::RowsColumns => fits(shape.rows, 999) && fits(shape.columns, 999),
            Header::Side => shape.rows == shape.columns && fits(shape.rows, 10),
        }
    }
}

/// Why [`CaseReader::next_case`] handed over no case.
#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    /// The input could not be read.
    #[error("cannot read input")]
    Read(#[source] io::Error),
    /// The frame is broken; the cases before it were read.
    #[error(transparent)]
    Frame(FrameError),
}

/// Where an input stands.
#[derive(Clone, Copy, Debug)]
enum Stage {
    /// A counted input's count line is still to be read; on any other, the
    /// cases run to the end of input (or its closing line).
    Start,
    /// `read` of the `expected` cases announced on `line` are read.
    Counting { line: u64, expected: u64, read: u64 },
    /// The input is used up or its frame is broken: no more cases.
    Done,
}

/// How the cases follow each other, with `H` the header before each board
/// where there is one (none on the 3×3 board).
#[derive(Clone, Copy, Debug)]
enum Plan<H> {
    /// Boards until the end of input.
    Stream,
    /// A count line, then that many cases, each with a goal line if `goals`.
    Counted { goals: bool },
    /// Each board after a header line.
    Headed(H),
}

/// What a [`CaseReader`] needs of a puzzle reader: its puzzles, the line
/// each began on, and the lines between them that count the cases or give
/// the next board's shape (implemented beside those lines' readers).
pub trait Source {
    /// The board read.
    type Board;
    /// The header line that may come before each board.
    type Header: Copy;

    /// The next puzzle or bad puzzle, `None` at the end of input.
    fn next_item(&mut self) -> io::Result<Option<Item<Self::Board>>>;

    /// The line the puzzle last read began on.
    fn item_line(&self) -> u64;

    /// Reads a line that should hold the number of cases: its line and the
    /// count, or why it is not one.
    fn read_count(&mut self) -> Result<(u64, u64), CaseError>;

    /// Reads a header and sets the next board's shape by it: the header's
    /// line, or `None` when the input ends there as it may (after POJ
    /// 2893's `0 0`, only blank lines may follow).
    fn read_header(&mut self, header: Self::Header) -> Result<Option<u64>, CaseError>;
}

/// Reads the cases of one input as its framing says, from the puzzles of
/// `S`, a [`Reader`].
pub struct CaseReader<S: Source> {
    source: S,
    plan: Plan<S::Header>,
    stage: Stage,
    /// How messages spell the blank.
    blank: char,
}

impl<R: BufRead> CaseReader<Reader<R>> {
    /// A reader of the cases of `input` laid out as `framing` says; it
    /// reads nothing yet.
    ///
    /// # Example
    /// ```
    /// use eight::{judge::Header, read::frame::{CaseReader, Framing}, Shape};
    /// let input = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    /// let framing = Framing::CountedWithGoals(Shape::EIGHT);
    /// let mut cases = CaseReader::new(input.as_bytes(), framing).unwrap();
    /// let first = cases.next_case().unwrap().unwrap();
    /// assert_eq!(first.start.unwrap().tiles(), &[1, 2, 0, 4, 5, 3, 7, 8, 6]);
    /// assert_eq!(first.goal.unwrap().unwrap().tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// assert!(cases.next_case().unwrap().is_some());
    /// assert!(cases.next_case().unwrap().is_none());
    ///
    /// let input = "3 3\n1 0 3\n4 2 5\n7 8 6\n2 2\n1 2\n3 0\n0 0\n";
    /// let framing = Framing::Headed(Header::RowsColumns);
    /// let mut cases = CaseReader::new(input.as_bytes(), framing).unwrap();
    /// let first = cases.next_case().unwrap().unwrap().start.unwrap();
    /// assert_eq!(first.shape().columns, 3);
    /// let second = cases.next_case().unwrap().unwrap().start.unwrap();
    /// assert_eq!(second.tiles(), &[1, 2, 3, 0]);
    /// assert!(cases.next_case().unwrap().is_none());
    /// ```
    pub fn new(input: R, framing: Framing) -> Result<CaseReader<Reader<R>>, GridError> {
        let (source, plan) = match framing {
            Framing::Stream(shape) => (Reader::new(input, shape)?, Plan::Stream),
            Framing::Counted(shape) => (
                Reader::counted(input, shape)?,
                Plan::Counted { goals: false },
            ),
            Framing::CountedWithGoals(shape) => (
                Reader::counted(input, shape)?,
                Plan::Counted { goals: true },
            ),
            Framing::Headed(header) => (Reader::headed(input, header)?, Plan::Headed(header)),
        };
        Ok(CaseReader::from_parts(source, plan))
    }
}

impl<R: io::Read> CaseReader<Reader<io::BufReader<R>>> {
    /// How many cases are still to come after the one read last: as the
    /// count line says on a counted input, else at least those whose lines
    /// wait in the buffer (`None` when none is known to).
    pub fn cases_ahead(&self) -> Option<u64> {
        self.cases_left().or(match self.source.puzzles_buffered() {
            0 => None,
            buffered => Some(buffered),
        })
    }

    /// Whether the next case needs a read that may wait for input; see
    /// [`Reader::needs_read`].
    pub fn needs_read(&self) -> bool {
        self.source.needs_read()
    }
}

impl<S: Source> CaseReader<S> {
    fn from_parts(source: S, plan: Plan<S::Header>) -> CaseReader<S> {
        CaseReader {
            source,
            plan,
            stage: Stage::Start,
            blank: BLANK_CHAR,
        }
    }

    /// Names the blank as `blank` in the messages about a word that is not
    /// a tile, for a judge whose input writes it so (a `0`); every
    /// spelling is still read.
    ///
    /// # Example
    /// ```
    /// use eight::{read::frame::{CaseReader, Framing}, Shape};
    /// let shape = Shape { rows: 2, columns: 2 };
    /// let cases = CaseReader::new("1 2 3 q\n".as_bytes(), Framing::Stream(shape)).unwrap();
    /// let case = cases.blank('0').next_case().unwrap().unwrap();
    /// let message = case.start.unwrap_err().to_string();
    /// assert_eq!(message, "line 1: 'q' is not a tile: expected 1-3 or a blank 0");
    /// ```
    pub fn blank(mut self, blank: char) -> CaseReader<S> {
        self.blank = blank;
        self
    }

    /// How many cases a counted input has still to give, as its count line
    /// says; `None` on an input that does not count its cases.
    pub fn cases_left(&self) -> Option<u64> {
        match self.stage {
            Stage::Counting { expected, read, .. } => Some(expected - read),
            _ => None,
        }
    }

    /// The next case, `None` at the end of input, or why the frame is
    /// broken; after the end or a broken frame there are no more cases.
    pub fn next_case(&mut self) -> Result<Option<Case<S::Board>>, CaseError> {
        let outcome = self.read_case();
        if !matches!(outcome, Ok(Some(_))) {
            self.stage = Stage::Done;
        }
        outcome
    }

    fn read_case(&mut self) -> Result<Option<Case<S::Board>>, CaseError> {
        let (count_line, expected, read) = match self.stage {
            Stage::Done => return Ok(None),
            Stage::Start if !matches!(self.plan, Plan::Counted { .. }) => return self.open_case(),
            Stage::Start => {
                let (line, expected) = self.source.read_count()?;
                (line, expected, 0)
            }
            Stage::Counting {
                line,
                expected,
                read,
            } => (line, expected, read),
        };
        let next = self.next_item()?;
        if read == expected {
            return match next {
                None => Ok(None),
                Some(_) => Err(CaseError::Frame(FrameError::TooMany {
                    line: self.source.item_line(),
                    expected,
                    count_line,
                })),
            };
        }
        let Some(start) = next else {
            return Err(CaseError::Frame(FrameError::TooFew {
                line: count_line,
                expected,
                found: read,
            }));
        };
        let goal = match self.plan {
            Plan::Counted { goals: true } => {
                let start_line = self.source.item_line();
                let Some(goal) = self.next_item()? else {
                    return Err(CaseError::Frame(FrameError::MissingGoal {
                        line: start_line,
                        case: read + 1,
                    }));
                };
                Some(goal)
            }
            _ => None,
        };
        self.stage = Stage::Counting {
            line: count_line,
            expected,
            read: read + 1,
        };
        Ok(Some(Case { start, goal }))
    }

    /// The next case of an input without a count: the next board, after its
    /// header where the framing has one.
    fn open_case(&mut self) -> Result<Option<Case<S::Board>>, CaseError> {
        let header_line = match self.plan {
            Plan::Headed(header) => match self.source.read_header(header)? {
                Some(line) => Some(line),
                None => return Ok(None),
            },
            Plan::Stream | Plan::Counted { .. } => None,
        };
        let start = match (self.next_item()?, header_line) {
            (Some(start), _) => start,
            (None, None) => return Ok(None),
            (None, Some(line)) => return Err(CaseError::Frame(FrameError::MissingBoard { line })),
        };
        Ok(Some(Case { start, goal: None }))
    }

    fn next_item(&mut self) -> Result<Option<Item<S::Board>>, CaseError> {
        let mut item = self.source.next_item().map_err(CaseError::Read)?;
        if let Some(Err(PuzzleError {
            kind: PuzzleErrorKind::NotATile { blank, .. },
            ..
        })) = &mut item
        {
            *blank = self.blank;
        }
        Ok(item)
    }
}

#[cfg(test)]
#[path = "frame_tests.rs"]
mod tests;
