//! Answer lines: how a solved, unsolvable or invalid puzzle is written.
//!
//! Output goes through one reusable scratch buffer per writer so that a batch
//! of millions of puzzles allocates nothing per answer.

use std::io::{self, Write};

use crate::board::Board;
use crate::moves::Move;
use crate::solver::Verdict;

/// How answers are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The move letters (`ullddrurdllurdruldr`), `unsolvable`, or an empty
    /// line for a solved puzzle: POJ 1077's output.
    #[default]
    Moves,
    /// The length of a shortest solution, `-1` when there is none.
    Count,
}

/// A puzzle together with what the solver made of it.
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a> {
    /// The puzzle as read.
    pub start: &'a Board,
    /// The goal it was solved towards.
    pub goal: &'a Board,
    /// Whether it was solved.
    pub verdict: Verdict,
    /// A shortest solution when solved, else empty.
    pub path: &'a [Move],
}

/// Writes answers in one [`Format`].
pub struct AnswerWriter<W> {
    out: W,
    format: Format,
    line: Vec<u8>,
}

impl<W: Write> AnswerWriter<W> {
    /// A writer of `format` answers to `out`; buffer `out` yourself.
    pub fn new(out: W, format: Format) -> AnswerWriter<W> {
        AnswerWriter {
            out,
            format,
            line: Vec::with_capacity(128),
        }
    }

    /// Writes one answer.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, format::{Answer, AnswerWriter, Format}, moves::Move, solver::Verdict};
    /// let start = Board::GOAL.apply(Move::Up).unwrap();
    /// let mut writer = AnswerWriter::new(Vec::new(), Format::Moves);
    /// let answer = Answer { start: &start, goal: &Board::GOAL, verdict: Verdict::Solved, path: &[Move::Down] };
    /// writer.write_answer(&answer).unwrap();
    /// assert_eq!(writer.into_inner(), b"d\n");
    /// ```
    pub fn write_answer(&mut self, answer: &Answer<'_>) -> io::Result<()> {
        self.line.clear();
        match (self.format, answer.verdict) {
            (Format::Moves, Verdict::Solved) => {
                self.line.extend(answer.path.iter().map(|m| m.letter()));
            }
            (Format::Moves, Verdict::Unsolvable) => self.line.extend_from_slice(b"unsolvable"),
            (Format::Count, Verdict::Solved) => {
                self.line
                    .extend_from_slice(answer.path.len().to_string().as_bytes());
            }
            (Format::Count, Verdict::Unsolvable) => self.line.extend_from_slice(b"-1"),
        }
        self.line.push(b'\n');
        self.out.write_all(&self.line)
    }

    /// Holds the place of a puzzle that could not be read, so that the n-th
    /// answer still belongs to the n-th puzzle.
    pub fn write_invalid(&mut self) -> io::Result<()> {
        self.out.write_all(b"invalid\n")
    }

    /// Flushes what is buffered below.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.out
    }
}
