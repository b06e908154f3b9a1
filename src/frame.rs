//! Framing: how the puzzles of one input are laid out around each other.
//!
//! POJ 1077 reads puzzles until the input ends. Other judges put the number
//! of cases on the first line and then that many cases, one board per line,
//! and HDU 3567 gives every case a goal line of its own under its start. A
//! [`CaseReader`] turns any of these into one stream of [`Case`]s, so the
//! batch that solves them has a single loop, and it checks the frame as it
//! goes: a count that is not a number, a count the cases do not match and a
//! case without its goal line are [`FrameError`]s naming the line.
//!
//! Reading stays streaming: nothing is kept per case, so a counted input of
//! any size is read in the memory an uncounted one takes.

use std::io::{self, BufRead};

use crate::board::Board;
use crate::goal::Goal;
use crate::input::{InputError, Item, PuzzleReader};

/// How puzzles are laid out in an input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Framing {
    /// Puzzles one after another until the input ends, laid out freely
    /// (POJ 1077).
    #[default]
    Stream,
    /// A line holding the number of cases, then that many puzzles, one per
    /// line; blank lines between them are skipped (UVa 652).
    Counted,
    /// A line holding the number of cases, then that many pairs of lines:
    /// the start, then the goal of the same case (HDU 3567).
    CountedWithGoals,
}

/// One case of an input: a puzzle, and its own goal where the framing gives
/// one. Either may be a bad board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The puzzle.
    pub start: Item,
    /// The case's own goal; `None` when the framing gives none and the
    /// batch's goal applies.
    pub goal: Option<Item>,
}

impl Case {
    /// The start and the goal it is solved towards: its own, or `default`
    /// when the framing gives none. A case with a board that cannot be read
    /// is an [`InvalidCase`].
    ///
    /// # Example
    /// ```
    /// use eight::{frame::{CaseReader, Framing}, goal::Goal};
    /// let mut cases = CaseReader::new("1\n12X453786\n1 2 9\n".as_bytes(), Framing::CountedWithGoals);
    /// let case = cases.next_case().unwrap().unwrap();
    /// let invalid = case.boards(Goal::default()).unwrap_err();
    /// assert_eq!(invalid.first.to_string(), "line 3: '9' is not a tile: expected 1-8 or a blank x");
    /// ```
    pub fn boards(self, default: Goal) -> Result<(Board, Goal), InvalidCase> {
        let goal = match self.goal {
            None => Ok(default),
            Some(goal) => goal.map(Goal::new),
        };
        match (self.start, goal) {
            (Ok(start), Ok(goal)) => Ok((start, goal)),
            (Err(first), goal) => Err(InvalidCase {
                first,
                second: goal.err(),
            }),
            (Ok(_), Err(first)) => Err(InvalidCase {
                first,
                second: None,
            }),
        }
    }
}

/// A case with a board that could not be read: its start, its goal, or
/// both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidCase {
    /// The start's error, or the goal's when the start is good.
    pub first: InputError,
    /// The goal's error when the start is bad as well.
    pub second: Option<InputError>,
}

impl InvalidCase {
    /// Every error of the case, in input order.
    pub fn errors(&self) -> impl Iterator<Item = &InputError> {
        std::iter::once(&self.first).chain(&self.second)
    }
}

/// An input whose frame is broken. Reading stops there; the cases before it
/// have been handed out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    /// The first line that is not blank does not hold a number, or there
    /// is none.
    #[error(transparent)]
    NotACount(InputError),
    /// The input ended before the number of cases announced.
    #[error(
        "line {line}: the count is {} but the input ends after {}",
        cases(*expected),
        cases(*found)
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
        cases(*expected)
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
    /// The input ended without the line that should close it (POJ 2893's
    /// `0 0`).
    #[error("line {line}: the input ends without its closing {closing}")]
    Unterminated {
        /// The last line of the input.
        line: u64,
        /// The closing line, as written.
        closing: &'static str,
    },
}

/// Where a counted input stands.
#[derive(Clone, Copy, Debug)]
enum Progress {
    /// No count in this framing: cases run to the end of input.
    Uncounted,
    /// The count line is still to be read.
    BeforeCount,
    /// `read` of the `expected` cases announced on `line` are read.
    Counting { line: u64, expected: u64, read: u64 },
    /// The input is used up or its frame is broken: no more cases.
    Done,
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

/// Reads the cases of one input in one [`Framing`].
pub struct CaseReader<R> {
    puzzles: PuzzleReader<R>,
    with_goals: bool,
    progress: Progress,
}

impl<R: BufRead> CaseReader<R> {
    /// A reader of `input` laid out as `framing` says; it reads nothing yet.
    ///
    /// # Example
    /// ```
    /// use eight::frame::{CaseReader, Framing};
    /// let input = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    /// let mut cases = CaseReader::new(input.as_bytes(), Framing::CountedWithGoals);
    /// let first = cases.next_case().unwrap().unwrap();
    /// assert_eq!(first.start.unwrap().to_string(), "12x453786");
    /// assert_eq!(first.goal.unwrap().unwrap().to_string(), "12345678x");
    /// assert!(cases.next_case().unwrap().is_some());
    /// assert!(cases.next_case().unwrap().is_none());
    /// ```
    pub fn new(input: R, framing: Framing) -> CaseReader<R> {
        let puzzles = PuzzleReader::new(input);
        let (puzzles, progress) = match framing {
            Framing::Stream => (puzzles, Progress::Uncounted),
            Framing::Counted | Framing::CountedWithGoals => {
                (puzzles.one_per_line(), Progress::BeforeCount)
            }
        };
        CaseReader {
            puzzles,
            with_goals: framing == Framing::CountedWithGoals,
            progress,
        }
    }

    /// Whether the next case needs a read that may wait for input; see
    /// [`PuzzleReader::needs_read`].
    pub fn needs_read(&self) -> bool {
        self.puzzles.needs_read()
    }

    /// The next case, `None` at the end of input, or why the frame is
    /// broken; after the end or a broken frame there are no more cases.
    pub fn next_case(&mut self) -> Result<Option<Case>, CaseError> {
        let outcome = self.read_case();
        let counted = !matches!(self.progress, Progress::Uncounted);
        if counted && !matches!(outcome, Ok(Ok(Some(_)))) {
            self.progress = Progress::Done;
        }
        outcome.map_err(CaseError::Read)?.map_err(CaseError::Frame)
    }

    fn read_case(&mut self) -> io::Result<Result<Option<Case>, FrameError>> {
        let (count_line, expected, read) = match self.progress {
            Progress::Done => return Ok(Ok(None)),
            Progress::Uncounted => {
                let case = self
                    .puzzles
                    .next_item()?
                    .map(|start| Case { start, goal: None });
                return Ok(Ok(case));
            }
            Progress::BeforeCount => match self.puzzles.read_count()? {
                Err(error) => return Ok(Err(FrameError::NotACount(error))),
                Ok(expected) => (self.puzzles.item_line(), expected, 0),
            },
            Progress::Counting {
                line,
                expected,
                read,
            } => (line, expected, read),
        };
        let next = self.puzzles.next_item()?;
        if read == expected {
            return Ok(match next {
                None => Ok(None),
                Some(item) => Err(FrameError::TooMany {
                    line: self.line_of(&item),
                    expected,
                    count_line,
                }),
            });
        }
        let Some(start) = next else {
            return Ok(Err(FrameError::TooFew {
                line: count_line,
                expected,
                found: read,
            }));
        };
        let goal = if self.with_goals {
            let start_line = self.line_of(&start);
            match self.puzzles.next_item()? {
                Some(goal) => Some(goal),
                None => {
                    return Ok(Err(FrameError::MissingGoal {
                        line: start_line,
                        case: read + 1,
                    }))
                }
            }
        } else {
            None
        };
        self.progress = Progress::Counting {
            line: count_line,
            expected,
            read: read + 1,
        };
        Ok(Ok(Some(Case { start, goal })))
    }

    /// The line `item`, just read, began on.
    fn line_of(&self, item: &Item) -> u64 {
        match item {
            Ok(_) => self.puzzles.item_line(),
            Err(error) => error.line,
        }
    }
}

/// `1 case`, `2 cases`.
fn cases(count: u64) -> String {
    if count == 1 {
        "1 case".to_string()
    } else {
        format!("{count} cases")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case of `text` as `start` or `start goal` (a bad board as its
    /// error), and the frame error that ended it, if any.
    fn read_all(text: &str, framing: Framing) -> Vec<String> {
        let show = |item: &Item| match item {
            Ok(board) => board.to_string(),
            Err(error) => error.to_string(),
        };
        let mut reader = CaseReader::new(text.as_bytes(), framing);
        let mut seen = Vec::new();
        loop {
            match reader.next_case() {
                Ok(Some(Case { start, goal: None })) => seen.push(show(&start)),
                Ok(Some(Case {
                    start,
                    goal: Some(goal),
                })) => seen.push(format!("{} {}", show(&start), show(&goal))),
                Ok(None) => return seen,
                Err(CaseError::Frame(error)) => {
                    seen.push(format!("frame: {error}"));
                    assert!(reader.next_case().unwrap().is_none(), "{text:?}");
                    return seen;
                }
                Err(CaseError::Read(error)) => panic!("{error}"),
            }
        }
    }

    #[test]
    fn counted_inputs_are_read_case_by_case() {
        let uva = "2\n\n2 3 4 1 5 x 7 6 8\n\n12345678x\n";
        let hdu = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
        let cases: &[(&str, Framing, &[&str])] = &[
            (uva, Framing::Counted, &["23415x768", "12345678x"]),
            (" 1 \r\n\r\n12345678x\r\n", Framing::Counted, &["12345678x"]),
            // A byte-order mark before the count is read as a space.
            ("\u{feff}1\n12345678x\n", Framing::Counted, &["12345678x"]),
            (
                "\u{feff}1\n12X453786\n12345678X\n",
                Framing::CountedWithGoals,
                &["12x453786 12345678x"],
            ),
            ("\n\n0\n\n", Framing::Counted, &[]),
            (
                hdu,
                Framing::CountedWithGoals,
                &["12x453786 12345678x", "564178x23 7568x4123"],
            ),
            // Without a count the puzzles may be laid out as grids too.
            ("2 3 4\n1 5 x\n7 6 8", Framing::Stream, &["23415x768"]),
        ];
        for (text, framing, want) in cases {
            assert_eq!(read_all(text, *framing), *want, "{text:?}");
        }
    }

    #[test]
    fn a_bad_board_spoils_its_line_only() {
        let text = "3\n1 2 3\n12345678x 1\n1 2 9 4 5 6 7 8 x\n";
        let want = [
            "line 2: expected 9 tiles, found 3",
            "line 3: expected 9 tiles, found 10",
            "line 4: '9' is not a tile: expected 1-8 or a blank x",
        ];
        assert_eq!(read_all(text, Framing::Counted), want);
        let text = "1\n12X4\n12345678X\n";
        let want = ["line 2: expected 9 tiles, found 4 12345678x"];
        assert_eq!(read_all(text, Framing::CountedWithGoals), want);
    }

    #[test]
    fn broken_frames_name_their_line() {
        let not_a_count = "frame: line 1: expected the number of cases, found";
        let cases: &[(&str, Framing, &[&str])] = &[
            ("", Framing::Counted, &[&format!("{not_a_count} the end of input")]),
            (
                "\n \n",
                Framing::Counted,
                &["frame: line 3: expected the number of cases, found the end of input"],
            ),
            ("abc\n12345678x\n", Framing::Counted, &[&format!("{not_a_count} 'abc'")]),
            ("-1\n", Framing::Counted, &[&format!("{not_a_count} '-1'")]),
            ("+1\n", Framing::Counted, &[&format!("{not_a_count} '+1'")]),
            ("1 2\n", Framing::Counted, &[&format!("{not_a_count} '1 2'")]),
            (
                "18446744073709551616\n",
                Framing::Counted,
                &[&format!("{not_a_count} '18446744073709551616'")],
            ),
            (
                "12345678x\n",
                Framing::CountedWithGoals,
                &[&format!("{not_a_count} '12345678x'")],
            ),
            (
                "3\n12345678x\n",
                Framing::Counted,
                &[
                    "12345678x",
                    "frame: line 1: the count is 3 cases but the input ends after 1 case",
                ],
            ),
            (
                "18446744073709551615\n",
                Framing::Counted,
                &["frame: line 1: the count is 18446744073709551615 cases but the input ends after 0 cases"],
            ),
            (
                "1\n12345678x\n12345678x\n",
                Framing::Counted,
                &["12345678x", "frame: line 3: more input than the 1 case counted on line 1"],
            ),
            (
                "\n0\n\n\nbad\n",
                Framing::Counted,
                &["frame: line 5: more input than the 0 cases counted on line 2"],
            ),
            (
                "2\n12X453786\n12345678X\n564178X23\n",
                Framing::CountedWithGoals,
                &[
                    "12x453786 12345678x",
                    "frame: line 4: case 2 has no goal line after its start",
                ],
            ),
        ];
        for (text, framing, want) in cases {
            assert_eq!(read_all(text, *framing), *want, "{text:?}");
        }
    }

    #[test]
    fn a_count_line_may_be_long_but_only_with_blanks() {
        let padded = format!("1{}\n12345678x\n", " ".repeat(1000));
        assert_eq!(read_all(&padded, Framing::Counted), ["12345678x"]);
        let long = format!("1{}\n", "2".repeat(40));
        let got = read_all(&long, Framing::Counted);
        let shown = format!("1{}", "2".repeat(31));
        assert_eq!(
            got,
            [format!(
                "frame: line 1: expected the number of cases, found '{shown}'…"
            )]
        );
    }
}
