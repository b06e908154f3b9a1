//! Batches: a stream of puzzles in, one answer per puzzle out, in order.
//!
//! This is the loop the binary runs, whatever the input's [`Framing`]. It
//! owns no file names and prints nothing to stderr; bad puzzles are handed
//! to the caller, which decides how to report them, while their place in the
//! output is held by an `invalid` answer.

use std::io::{self, BufReader, Read, Write};

use crate::board::Board;
use crate::format::{Answer, AnswerWriter, Format};
use crate::goal::Goal;
use crate::moves::Move;
use crate::read::frame::{CaseError, CaseReader, FrameError, Framing, InvalidCase};
use crate::read::{BoardReader, PuzzleError};
pub use crate::report::PuzzleReport;
use crate::solver::{Engine, Solution, Solver};

/// What to solve towards and how to answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The arrangement every puzzle is solved towards, unless the framing
    /// gives each case its own.
    pub goal: Goal,
    /// How the puzzles of an input are laid out.
    pub framing: Framing,
    /// How answers are written.
    pub format: Format,
    /// Which engine solves; every one gives the first shortest solution in
    /// letter order.
    pub engine: Engine,
}

/// Counts kept over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles read (with HDU 3567's framing, cases: a start and its goal),
    /// the invalid ones included.
    pub puzzles: u64,
    /// Puzzles with a board that could not be read.
    pub invalid: u64,
}

/// A batch stopped because its input or its output failed.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The input could not be read.
    #[error("cannot read input")]
    Read(#[source] io::Error),
    /// The input's frame is broken; the cases before the break are answered.
    #[error(transparent)]
    Frame(FrameError),
    /// The answers could not be written.
    #[error("cannot write output")]
    Write(#[source] io::Error),
}

/// What [`Batch::report_to`] hands each puzzle's report to.
type Reporter = Box<dyn FnMut(&PuzzleReport)>;

/// Solves streams of puzzles, keeping the solver's arrays across streams.
pub struct Batch<W: Write> {
    options: Options,
    solver: Solver,
    writer: AnswerWriter<W>,
    path: Vec<Move>,
    tally: Tally,
    /// Hears what each answer took, once [`Batch::report_to`] set it.
    on_report: Option<Reporter>,
}

impl<W: Write> Batch<W> {
    /// A batch that writes its answers to `out`.
    pub fn new(options: Options, out: W) -> Batch<W> {
        Batch {
            solver: Solver::new(options.engine),
            writer: AnswerWriter::new(out, options.format),
            path: Vec::new(),
            tally: Tally::default(),
            on_report: None,
            options,
        }
    }

    /// From now on, tells `on_report` what each answer took, for
    /// `--stats`. Only then is the clock read, twice per puzzle.
    ///
    /// # Example
    /// ```
    /// use std::{cell::RefCell, rc::Rc};
    /// use eight::batch::{Batch, Options};
    /// let mut batch = Batch::new(Options::default(), Vec::new());
    /// let lines = Rc::new(RefCell::new(Vec::new()));
    /// let sink = Rc::clone(&lines);
    /// batch.report_to(move |report| sink.borrow_mut().push(report.to_string()));
    /// batch.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}).unwrap();
    /// assert!(lines.borrow()[0].starts_with("puzzle 1: bibfs: 19 moves, "));
    /// ```
    pub fn report_to(&mut self, on_report: impl FnMut(&PuzzleReport) + 'static) {
        self.on_report = Some(Box::new(on_report));
    }

    /// Answers every puzzle in `input`. `on_error` hears of each bad board
    /// with the number of its puzzle in the whole run (from 1).
    ///
    /// Output is flushed whenever the input has to be read again, so a person
    /// typing puzzles sees each answer at once while a file or pipe is still
    /// written in large blocks.
    ///
    /// # Example
    /// ```
    /// use eight::batch::{Batch, Options};
    /// let mut batch = Batch::new(Options::default(), Vec::new());
    /// let input = "2 3 4 1 5 x 7 6 8\n12345678x\n21345678x\n".as_bytes();
    /// batch.run(input, |_, _| {}).unwrap();
    /// let out = String::from_utf8(batch.into_inner()).unwrap();
    /// let lines: Vec<_> = out.lines().collect();
    /// assert_eq!(lines[0].len(), 19);
    /// assert_eq!(lines[1..], ["", "unsolvable"]);
    /// ```
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
    ) -> Result<(), BatchError> {
        let mut cases = CaseStream::new(input, self.options.framing, self.options.goal);
        self.writer.start_input();
        while let Some(case) = cases.next(|| self.writer.flush())? {
            self.tally.puzzles += 1;
            match case {
                Ok((start, goal)) => {
                    let verdict = self.solve(&start, &goal);
                    self.writer
                        .write_answer(&Answer {
                            start: &start,
                            goal: goal.board(),
                            verdict,
                            path: &self.path,
                        })
                        .map_err(BatchError::Write)?;
                }
                Err(invalid) => {
                    self.tally.invalid += 1;
                    for error in invalid.errors() {
                        on_error(self.tally.puzzles, error);
                    }
                    self.writer
                        .write_invalid(&invalid.first)
                        .map_err(BatchError::Write)?;
                }
            }
        }
        Ok(())
    }

    /// Solves one puzzle into `self.path`, reporting it if asked to.
    fn solve(&mut self, start: &Board, goal: &Goal) -> Solution {
        let Some(on_report) = &mut self.on_report else {
            return self.solver.solve(start, goal, &mut self.path);
        };
        let puzzle = self.tally.puzzles;
        let report = PuzzleReport::solve(puzzle, &mut self.solver, start, goal, &mut self.path);
        on_report(&report);
        report.verdict
    }

    /// Counts so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.writer.into_inner()
    }
}

/// A case's start and goal, or its bad boards.
pub(crate) type CaseBoards = Result<(Board, Goal), InvalidCase>;

/// The cases of one input as a batch or a comparison reads them: through a
/// large buffer, flushing the output before any read that may wait for
/// input (so a person typing puzzles sees each answer at once), and with
/// each case's boards resolved against the run's goal.
pub(crate) struct CaseStream<R: Read> {
    reader: CaseReader<BoardReader<BufReader<R>>>,
    goal: Goal,
}

impl<R: Read> CaseStream<R> {
    pub fn new(input: R, framing: Framing, goal: Goal) -> CaseStream<R> {
        // Large enough that a file or a pipe is read in few calls.
        let input = BufReader::with_capacity(1 << 16, input);
        CaseStream {
            reader: CaseReader::new(input, framing),
            goal,
        }
    }

    /// The next case's start and goal, or its bad boards; `None` at the
    /// end. `flush` runs first when the read may have to wait.
    pub fn next(
        &mut self,
        flush: impl FnOnce() -> io::Result<()>,
    ) -> Result<Option<CaseBoards>, BatchError> {
        if self.reader.needs_read() {
            flush().map_err(BatchError::Write)?;
        }
        let case = self.reader.next_case().map_err(|error| match error {
            CaseError::Read(error) => BatchError::Read(error),
            CaseError::Frame(broken) => BatchError::Frame(broken),
        })?;
        Ok(case.map(|case| case.boards(self.goal)))
    }
}
