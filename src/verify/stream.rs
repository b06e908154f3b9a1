//! Judging whole files: a stream of puzzles paired with a stream of answer
//! lines, as a judge reads a submission.
//!
//! The n-th answer line belongs to the n-th puzzle, however the puzzles are
//! laid out in their own input (several to a line, or one across three), and
//! an invalid puzzle still takes its line, as the solver's `invalid` answer
//! does. Answer lines are held one at a time, and none longer than
//! [`MAX_ANSWER_LINE`], so memory stays flat whatever the answers hold.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use crate::goal::Goal;
use crate::input::{InputError, PuzzleReader};
use crate::verify::{Verdict, Verifier};

/// What became of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The puzzle was read and its answer judged.
    Judged(Verdict),
    /// The puzzle could not be read; its answer line was skipped.
    Invalid(InputError),
    /// The answers ended before this puzzle.
    Missing,
    /// The answer line is longer than [`MAX_ANSWER_LINE`] bytes; it was
    /// skipped unread.
    Overlong,
}

/// The longest answer line judged: a million moves, far beyond any
/// sensible answer to an 8-puzzle.
pub const MAX_ANSWER_LINE: usize = 1 << 20;

/// Answer lines left over after the last puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// How many.
    pub lines: u64,
    /// The line number of the first, from 1.
    pub first_line: u64,
}

/// The counts over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Answers accepted.
    pub accepted: u64,
    /// Answers rejected, missing ones included.
    pub rejected: u64,
    /// Puzzles that could not be read.
    pub invalid: u64,
    /// Answer lines beyond the last puzzle, if any.
    pub extra: Option<Extra>,
}

impl Tally {
    /// Whether every puzzle was read and every answer accepted, with no
    /// answer to spare.
    pub fn all_accepted(&self) -> bool {
        self.rejected == 0 && self.invalid == 0 && self.extra.is_none()
    }

    fn count(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Judged(verdict) if verdict.is_accepted() => self.accepted += 1,
            Outcome::Judged(_) | Outcome::Missing | Outcome::Overlong => self.rejected += 1,
            Outcome::Invalid(_) => self.invalid += 1,
        }
    }
}

/// A run stopped because an input could not be read or a report could not
/// be written.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// The puzzles could not be read.
    #[error("cannot read the puzzles")]
    Puzzles(#[source] io::Error),
    /// The answers could not be read.
    #[error("cannot read the answers")]
    Answers(#[source] io::Error),
    /// The caller's report failed.
    #[error("cannot write the verdicts")]
    Report(#[source] io::Error),
}

/// Judges every puzzle in `puzzles` against its line in `answers`, solving
/// towards `goal`, and hands each outcome to `report` with the puzzle's
/// number (from 1) as it is decided.
///
/// # Example
/// ```
/// use eight::{goal::Goal, verify::{Verifier, stream::{verify_all, Outcome}}};
/// let puzzles = "12345x786\n12345678x\n21345678x\n".as_bytes();
/// let answers = "d\nd\n".as_bytes();
/// let mut verdicts = Vec::new();
/// let tally = verify_all(puzzles, answers, &Goal::default(), &mut Verifier::new(false), |n, outcome| {
///     verdicts.push(format!("puzzle {n}: {outcome}"));
///     Ok(())
/// }).unwrap();
/// assert_eq!(verdicts, [
///     "puzzle 1: accepted: 1 move, shortest",
///     "puzzle 2: rejected: move 1 'd' leaves the board",
///     "puzzle 3: rejected: no answer line",
/// ]);
/// assert_eq!(tally.to_string(), "1 accepted, 2 rejected");
/// ```
pub fn verify_all(
    puzzles: impl Read,
    answers: impl Read,
    goal: &Goal,
    verifier: &mut Verifier,
    mut report: impl FnMut(u64, &Outcome) -> io::Result<()>,
) -> Result<Tally, StreamError> {
    let mut puzzles = PuzzleReader::new(BufReader::with_capacity(1 << 16, puzzles));
    let mut answers = AnswerLines::new(BufReader::with_capacity(1 << 16, answers));
    let mut tally = Tally::default();
    let mut number = 0;
    while let Some(item) = puzzles.next_item().map_err(StreamError::Puzzles)? {
        number += 1;
        let answer = answers.next_line().map_err(StreamError::Answers)?;
        let outcome = match (item, answer) {
            (Err(error), _) => Outcome::Invalid(error),
            (Ok(_), None) => Outcome::Missing,
            (Ok(_), Some(AnswerLine::Overlong)) => Outcome::Overlong,
            (Ok(start), Some(AnswerLine::Text(line))) => {
                Outcome::Judged(verifier.check(&start, goal, line))
            }
        };
        tally.count(&outcome);
        report(number, &outcome).map_err(StreamError::Report)?;
    }
    if answers.next_line().map_err(StreamError::Answers)?.is_some() {
        let first_line = answers.line;
        let mut lines = 1;
        while answers.next_line().map_err(StreamError::Answers)?.is_some() {
            lines += 1;
        }
        tally.extra = Some(Extra { lines, first_line });
    }
    Ok(tally)
}

/// Lines of a byte stream, without their `\n`, in one reused buffer.
struct AnswerLines<R> {
    input: R,
    buffer: Vec<u8>,
    /// The number of the line last returned, from 1.
    line: u64,
}

impl<R: BufRead> AnswerLines<R> {
    fn new(input: R) -> AnswerLines<R> {
        AnswerLines {
            input,
            buffer: Vec::new(),
            line: 0,
        }
    }

    /// The next line, `None` at the end. Text after the last `\n` is a line;
    /// an empty stream has none.
    fn next_line(&mut self) -> io::Result<Option<AnswerLine<'_>>> {
        self.buffer.clear();
        let limit = MAX_ANSWER_LINE as u64 + 1;
        if (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buffer)?
            == 0
        {
            return Ok(None);
        }
        self.line += 1;
        if self.buffer.last() != Some(&b'\n') && self.buffer.len() > MAX_ANSWER_LINE {
            self.skip_line()?;
            return Ok(Some(AnswerLine::Overlong));
        }
        let line = self.buffer.strip_suffix(b"\n").unwrap_or(&self.buffer);
        Ok(Some(AnswerLine::Text(line)))
    }

    /// Skips past the next `\n`, or to the end.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let buffer = self.input.fill_buf()?;
            if buffer.is_empty() {
                return Ok(());
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(newline) => {
                    self.input.consume(newline + 1);
                    return Ok(());
                }
                None => {
                    let used = buffer.len();
                    self.input.consume(used);
                }
            }
        }
    }
}

/// One answer line, or the fact that it was too long to keep.
enum AnswerLine<'a> {
    Text(&'a [u8]),
    Overlong,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Judged(verdict) => write!(f, "{verdict}"),
            Outcome::Invalid(error) => write!(f, "invalid puzzle: {error}"),
            Outcome::Missing => f.write_str("rejected: no answer line"),
            Outcome::Overlong => write!(
                f,
                "rejected: the answer line is longer than {MAX_ANSWER_LINE} bytes"
            ),
        }
    }
}

/// `answers: 2 lines beyond the last puzzle, from line 14`.
impl fmt::Display for Extra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = if self.lines == 1 { "line" } else { "lines" };
        write!(
            f,
            "answers: {} {lines} beyond the last puzzle, from line {}",
            self.lines, self.first_line
        )
    }
}

/// `12 accepted, 1 rejected`, then the invalid puzzles and extra answer
/// lines when there are any.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} accepted, {} rejected", self.accepted, self.rejected)?;
        if self.invalid > 0 {
            write!(f, ", {} invalid", self.invalid)?;
        }
        if let Some(extra) = self.extra {
            let lines = if extra.lines == 1 { "line" } else { "lines" };
            write!(f, ", {} extra {lines}", extra.lines)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(puzzles: &str, answers: &str) -> (Vec<String>, Tally) {
        let mut lines = Vec::new();
        let tally = verify_all(
            puzzles.as_bytes(),
            answers.as_bytes(),
            &Goal::default(),
            &mut Verifier::new(false),
            |n, outcome| {
                lines.push(format!("{n}: {outcome}"));
                Ok(())
            },
        )
        .unwrap();
        (lines, tally)
    }

    #[test]
    fn answers_pair_with_puzzles_not_with_puzzle_lines() {
        let (lines, tally) = run("12345x786 1234567x8\n1 2 3\n4 5 6\n7 8 x\n", "d\r\nr\n\n");
        assert_eq!(
            lines,
            [
                "1: accepted: 1 move, shortest",
                "2: accepted: 1 move, shortest",
                "3: accepted: 0 moves, shortest"
            ]
        );
        assert!(tally.all_accepted());
        assert_eq!(tally.to_string(), "3 accepted, 0 rejected");
    }

    #[test]
    fn an_invalid_puzzle_takes_its_answer_line() {
        let (lines, tally) = run("12345x786\n1 2 9\n1234567x8\n", "d\ninvalid\nr");
        assert_eq!(
            lines,
            [
                "1: accepted: 1 move, shortest",
                "2: invalid puzzle: line 2: '9' is not a tile: expected 1-8 or a blank x",
                "3: accepted: 1 move, shortest"
            ]
        );
        assert!(!tally.all_accepted());
        assert_eq!(tally.to_string(), "2 accepted, 0 rejected, 1 invalid");
    }

    #[test]
    fn leftover_answer_lines_are_counted_from_the_first() {
        let (lines, tally) = run("12345x786\n", "d\nd\n\n");
        assert_eq!(lines, ["1: accepted: 1 move, shortest"]);
        let extra = tally.extra.unwrap();
        assert_eq!(
            extra,
            Extra {
                lines: 2,
                first_line: 2
            }
        );
        assert_eq!(
            extra.to_string(),
            "answers: 2 lines beyond the last puzzle, from line 2"
        );
        assert!(!tally.all_accepted());
        assert_eq!(tally.to_string(), "1 accepted, 0 rejected, 2 extra lines");
    }

    #[test]
    fn no_puzzles_and_no_answers_is_a_clean_run() {
        let (lines, tally) = run("", "");
        assert!(lines.is_empty());
        assert!(tally.all_accepted());
        assert_eq!(tally.to_string(), "0 accepted, 0 rejected");
    }

    #[test]
    fn an_overlong_answer_line_is_rejected_unread() {
        let puzzles = "1234567x8\n1234567x8\n1234567x8\n".as_bytes();
        let mut answers = vec![b'r'; MAX_ANSWER_LINE];
        answers.extend_from_slice(b"\n");
        answers.extend(std::iter::repeat_n(b'l', MAX_ANSWER_LINE + 1));
        answers.extend_from_slice(b"\nr\n");
        let mut outcomes = Vec::new();
        let tally = verify_all(
            puzzles,
            answers.as_slice(),
            &Goal::default(),
            &mut Verifier::new(false),
            |_, outcome| {
                outcomes.push(outcome.to_string());
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(
            outcomes,
            [
                "rejected: move 2 'r' leaves the board",
                "rejected: the answer line is longer than 1048576 bytes",
                "accepted: 1 move, shortest",
            ]
        );
        assert_eq!(tally.rejected, 2);
    }
}
