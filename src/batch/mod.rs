//! Batches: a stream of puzzles in, one answer per puzzle out, in order, on
//! any board.
//!
//! This is the loop the binary runs, whatever the board, its framing or
//! its preset: one [`Reader`](crate::read::Reader) reads every board as a
//! grid, one [`Strategy`](crate::solver::Strategy) per goal solves it (the
//! 3×3 solver on a 3×3 framing's boards, turned into nine bytes once per
//! puzzle inside it), and one [`AnswerWriter`] writes every answer. Boards
//! of other shapes can be spread over threads (`threads`).
//!
//! A batch owns no file names and prints nothing to stderr; bad puzzles are
//! handed to the caller, which decides how to report them, while their
//! place in the output is held by an `invalid` answer.

mod engines;
mod threads;

use std::borrow::Cow;
use std::io::{self, BufReader, Read, Write};
use std::sync::Arc;

use crate::board::{Board, BLANK_CHAR};
use crate::cache::CacheWarning;
use crate::format::{AnswerWriter, Answered, Format};
use crate::grid::Grid;
use crate::judge::Preset;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::pdb::{self, EngineError, Progress};
use crate::read::frame::{CaseError, FrameError, Framing};
use crate::read::PuzzleError;
pub use crate::report::{Millis, PuzzleReport, Report};
use crate::search::SearchProgress;
use crate::shape::Shape;
use crate::solver::{Engine, Optimality, RunGoal, Solution, Strategies};

use engines::Puzzles;

/// What to solve and how to answer.
#[derive(Clone, Debug)]
pub struct Options {
    /// How the puzzles of an input are laid out, and on which boards.
    pub framing: Framing,
    /// The arrangement every board is solved towards, unless the framing
    /// gives each case its own; `None`, or a goal of another shape, for the
    /// tiles in row order with the blank last, in each board's own shape
    /// (the presets whose cases give their shape).
    pub goal: Option<Grid>,
    /// Which engine solves the boards of a 3×3 framing (every one gives the
    /// first shortest solution in letter order).
    pub engine: Engine,
    /// How hard to try for the fewest moves on boards of other shapes.
    pub optimality: Optimality,
    /// How the pattern databases are built and kept.
    pub tables: pdb::PdbOptions,
    /// How answers are written.
    pub format: Format,
    /// How messages about a word that is not a tile spell the blank: the
    /// input's own, `x` unless a preset writes `0`
    /// ([`CaseReader::blank`](crate::read::frame::CaseReader::blank)).
    pub blank: char,
}

impl Default for Options {
    /// POJ 1077's: 3×3 puzzles until the end of input, each answered by its
    /// moves.
    fn default() -> Options {
        Options {
            framing: Framing::default(),
            goal: Some(Grid::from(&Board::GOAL)),
            engine: Engine::Auto,
            optimality: Optimality::default(),
            tables: pdb::PdbOptions::default(),
            format: Format::default(),
            blank: BLANK_CHAR,
        }
    }
}

// In the batch, not in judge: the presets' table sits a layer below it.
impl Preset {
    /// The options that reproduce this preset's input and output, searching
    /// with `engine` on the 3×3 presets.
    ///
    /// # Example
    /// ```
    /// use eight::{batch::Batch, judge::Preset, Engine};
    /// let luogu = Preset::named("luogu1379").unwrap();
    /// let mut batch = Batch::new(luogu.options(Engine::Auto), Vec::new()).unwrap();
    /// batch.run("283104765\n".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), b"4\n");
    /// ```
    pub fn options(&self, engine: Engine) -> Options {
        Options {
            framing: self.framing,
            goal: self.goal().map(|goal| Grid::from(&goal)),
            engine,
            format: self.format,
            blank: self.blank(),
            ..Options::default()
        }
    }
}

/// Counts kept over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles read (with HDU 3567's framing, cases: a start and its goal),
    /// the invalid ones included.
    pub puzzles: u64,
    /// Puzzles with a board that could not be read.
    pub invalid: u64,
    /// Boards whose search for the fewest moves gave up at the node limit
    /// ([`crate::pdb::PdbOptions::node_limit`]), answered by a valid answer
    /// that may not be the fewest.
    pub given_up: u64,
}

impl Tally {
    /// Puzzles whose board could be read, and so got an answer.
    pub fn answered(&self) -> u64 {
        self.puzzles - self.invalid
    }
}

/// A batch stopped because its input, its engine or its output failed.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The input could not be read.
    #[error("cannot read input")]
    Read(#[source] io::Error),
    /// The input's frame is broken; the cases before the break are answered.
    #[error(transparent)]
    Frame(FrameError),
    /// The engine for the boards read could not be made.
    #[error("cannot prepare the solver: {0}")]
    Engine(EngineError),
    /// A table or a search's array did not fit in memory; the answers
    /// before it are written.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The answers could not be written.
    #[error("cannot write output")]
    Write(#[source] io::Error),
}

impl From<EngineError> for BatchError {
    /// A database that did not fit is out of memory, as any table is.
    fn from(error: EngineError) -> BatchError {
        match error {
            EngineError::Memory(error) => BatchError::Memory(error),
            error => BatchError::Engine(error),
        }
    }
}

impl From<CaseError> for BatchError {
    fn from(error: CaseError) -> BatchError {
        match error {
            CaseError::Read(error) => BatchError::Read(error),
            CaseError::Frame(broken) => BatchError::Frame(broken),
        }
    }
}

/// What [`Batch::report_to`] hands each puzzle's report to.
type Reporter = Box<dyn FnMut(&Report)>;

/// Where a run's answers go: the writer, the counts and the reporter.
type Sink<'a, W> = (
    &'a mut AnswerWriter<W>,
    &'a mut Tally,
    &'a mut Option<Reporter>,
);

/// Solves streams of puzzles, keeping the engines' arrays and tables
/// across streams.
pub struct Batch<W: Write> {
    run: Puzzles,
    writer: AnswerWriter<W>,
    path: Vec<Move>,
    tally: Tally,
    /// Hears what each answer took, once [`Batch::report_to`] set it.
    on_report: Option<Reporter>,
    /// The worker threads and how many puzzles may be in flight, when the
    /// batch is spread over several threads ([`Batch::with_threads`]).
    pool: Option<(rayon::ThreadPool, usize)>,
}

impl<W: Write> Batch<W> {
    /// A batch that writes its answers to `out`; buffer `out` yourself.
    /// The engine for a fixed goal on other boards is made now, and may
    /// fail (a pattern-database partition that does not fit).
    ///
    /// # Example
    /// ```
    /// use eight::batch::{Batch, Options};
    /// use eight::{format::Format, read::frame::Framing, Grid, Shape};
    /// let shape = Shape { rows: 2, columns: 3 };
    /// let options = Options {
    ///     framing: Framing::Stream(shape),
    ///     goal: Some(Grid::solved(shape).unwrap()),
    ///     format: Format::Count,
    ///     ..Options::default()
    /// };
    /// let mut batch = Batch::new(options, Vec::new()).unwrap();
    /// batch.run("[[4,1,2],[5,0,3]]\n1 2 3 5 4 x".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), b"5\n-1\n");
    /// ```
    pub fn new(options: Options, out: W) -> Result<Batch<W>, EngineError> {
        let Options {
            framing,
            goal,
            engine,
            optimality,
            tables,
            format,
            blank,
        } = options;
        // The 3×3 engines answer the boards of a 3×3 framing.
        let eight = framing.shape() == Some(Shape::EIGHT);
        let mut strategies =
            Strategies::new(goal.clone(), optimality, tables, eight.then_some(engine));
        // A run towards one goal has its engine made now.
        if let Some(goal) = goal.filter(|goal| framing.shape() == Some(goal.shape())) {
            strategies.for_goal(&goal)?;
        }
        let run = Puzzles {
            framing,
            blank,
            strategies,
        };
        Ok(Batch {
            run,
            writer: AnswerWriter::new(out, format),
            path: Vec::new(),
            tally: Tally::default(),
            on_report: None,
            pool: None,
        })
    }

    /// Spreads the puzzles over `threads` threads where that pays; the
    /// output is the same, byte for byte, as on one thread.
    ///
    /// Only boards of other shapes towards a fixed goal are spread. Each
    /// answer is held until the answers before it are written, so where
    /// answers are too large to hold several (a few large boards'
    /// constructive answers, or their `steps`) the batch stays on one
    /// thread and streams each answer.
    ///
    /// The 3×3 batch stays on one thread: it is bound by reading and
    /// writing. Measured (hyperfine, 2 cores): the 181,440 solvable
    /// arrangements take 46 ms of CPU, the 181,440 unsolvable ones, read,
    /// checked by parity and answered, 13 ms; the rest is mostly the one
    /// table, a single search that threads over puzzles cannot split, and a
    /// table per worker would only repeat it. 10,000 hdu3567 cases take
    /// 82 ms of CPU with the tables, 515 ms with a bidirectional search per
    /// case, more than two cores could win back.
    ///
    /// # Example
    /// ```
    /// use eight::batch::{Batch, Options};
    /// use eight::{format::Format, read::frame::Framing, Grid, Shape};
    /// let shape = Shape { rows: 2, columns: 3 };
    /// let options = Options {
    ///     framing: Framing::Stream(shape),
    ///     goal: Some(Grid::solved(shape).unwrap()),
    ///     format: Format::Count,
    ///     ..Options::default()
    /// };
    /// let mut batch = Batch::new(options, Vec::new()).unwrap().with_threads(2).unwrap();
    /// let input = "412503\n123540\n".repeat(100);
    /// batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), "5\n-1\n".repeat(100).as_bytes());
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Result<Self, rayon::ThreadPoolBuildError> {
        self.pool = None;
        if let Some(window) = threads::window(&mut self.run, self.writer.format(), threads) {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|index| format!("eight-worker-{index}"))
                .build()?;
            self.pool = Some((pool, window));
        }
        Ok(self)
    }

    /// From now on, tells `on_report` what each answer took, in input
    /// order, for `--stats`. Only then is the clock read, twice per puzzle.
    ///
    /// # Example
    /// ```
    /// use std::{cell::RefCell, rc::Rc};
    /// use eight::batch::{Batch, Options};
    /// let mut batch = Batch::new(Options::default(), Vec::new()).unwrap();
    /// let lines = Rc::new(RefCell::new(Vec::new()));
    /// let sink = Rc::clone(&lines);
    /// batch.report_to(move |report| sink.borrow_mut().push(report.to_string()));
    /// batch.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert!(lines.borrow()[0].starts_with("puzzle 1: bibfs: 19 moves, "));
    /// ```
    pub fn report_to(&mut self, on_report: impl FnMut(&Report) + 'static) {
        self.on_report = Some(Box::new(on_report));
    }

    /// From now on, each search of the pattern databases publishes to
    /// `progress` how far it has come while it runs, for a live line.
    pub fn watch_searches(&mut self, progress: Arc<SearchProgress>) {
        self.run.strategies.watch(progress);
    }

    /// Calls `progress` while pattern databases are built.
    pub fn on_progress(&mut self, progress: Progress) {
        self.run.strategies.on_progress(progress);
    }

    /// Answers every puzzle in `input`. `on_error` hears of each bad board
    /// with the number of its puzzle in the whole run (from 1), in order;
    /// `on_warning` of each problem with the pattern databases' cache. A
    /// broken frame ends the input as an error, after the cases before it
    /// are answered.
    ///
    /// Output is flushed whenever the input has to be read again, so a person
    /// typing puzzles sees each answer at once while a file or pipe is still
    /// written in large blocks.
    ///
    /// # Example
    /// ```
    /// use eight::batch::{Batch, Options};
    /// let mut batch = Batch::new(Options::default(), Vec::new()).unwrap();
    /// let input = "2 3 4 1 5 x 7 6 8\n12345678x\n21345678x\n".as_bytes();
    /// batch.run(input, |_, _| {}, |_| {}).unwrap();
    /// let out = String::from_utf8(batch.into_inner()).unwrap();
    /// let lines: Vec<_> = out.lines().collect();
    /// assert_eq!(lines[0].len(), 19);
    /// assert_eq!(lines[1..], ["", "unsolvable"]);
    /// ```
    pub fn run<R: Read>(
        &mut self,
        input: R,
        on_error: impl FnMut(u64, &PuzzleError),
        on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        // Large enough that a file or a pipe is read in few calls.
        let input = BufReader::with_capacity(1 << 16, input);
        self.writer.start_input();
        let Batch {
            run,
            writer,
            path,
            tally,
            on_report,
            pool,
        } = self;
        let sink = (writer, tally, on_report);
        match pool {
            None => answer_all(run, input, sink, path, on_error, on_warning),
            Some(pool) => threads::answer_all(run, pool, input, sink, on_error, on_warning),
        }
    }

    /// From now on, also keeps the next `answers` answers as data, each
    /// with at most its first `moves` moves, for drawing them
    /// ([`AnswerWriter::keep_answers`]); [`Batch::kept`] gives them.
    ///
    /// # Example
    /// ```
    /// use eight::batch::{Batch, Options};
    /// use eight::format::Answered;
    /// let mut batch = Batch::new(Options::default(), Vec::new()).unwrap();
    /// batch.keep_answers(2, 5);
    /// batch.run("2 3 4 1 5 x 7 6 8\n1 2 3\n".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// let [Answered::Solved { moves, length, .. }, Answered::Invalid] = batch.kept() else {
    ///     panic!("a solved puzzle and an invalid one");
    /// };
    /// assert_eq!((moves.len(), *length), (5, 19));
    /// ```
    pub fn keep_answers(&mut self, answers: usize, moves: usize) {
        self.writer.keep_answers(answers, moves);
    }

    /// The answers kept so far ([`Batch::keep_answers`]), in input order.
    pub fn kept(&self) -> &[Answered] {
        self.writer.kept()
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

/// The loop itself, on one thread: answers every case of `input` in order.
fn answer_all<R: Read, W: Write>(
    puzzles: &mut Puzzles,
    input: BufReader<R>,
    (writer, tally, on_report): Sink<W>,
    path: &mut Vec<Move>,
    mut on_error: impl FnMut(u64, &PuzzleError),
    mut on_warning: impl FnMut(&CacheWarning),
) -> Result<(), BatchError> {
    let mut cases = puzzles.open(input)?;
    // Lent to every case without a goal of its own, not made per case.
    let mut run_goal = RunGoal::new(puzzles.strategies.goal().cloned());
    loop {
        // A person typing puzzles sees each answer before the next read.
        if cases.needs_read() {
            writer.flush().map_err(BatchError::Write)?;
        }
        let Some(case) = cases.next_case()? else {
            return Ok(());
        };
        tally.puzzles += 1;
        match case.boards(|start| Cow::Borrowed(run_goal.of(start))) {
            Ok((start, goal)) => {
                let puzzle = (tally.puzzles, cases.cases_ahead());
                let verdict = puzzles.answer(writer, &start, &goal, path, puzzle, on_report)?;
                tally.given_up += u64::from(verdict == Solution::NotShortest);
            }
            Err(invalid) => {
                tally.invalid += 1;
                for error in invalid.errors() {
                    on_error(tally.puzzles, error);
                }
                writer
                    .write_invalid(&invalid.first)
                    .map_err(BatchError::Write)?;
            }
        }
        puzzles
            .strategies
            .take_warnings()
            .iter()
            .for_each(&mut on_warning);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(name: &str, input: &str) -> String {
        let options = Preset::named(name).unwrap().options(Engine::Auto);
        let mut batch = Batch::new(options, Vec::new()).unwrap();
        batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
        String::from_utf8(batch.into_inner()).unwrap()
    }

    #[test]
    fn a_preset_answers_an_unsolvable_board_in_its_words() {
        // Every preset's sample is pinned through the binary, in
        // tests/cli/sized_judge.rs; this answer is in none of them.
        assert_eq!(answer("poj3240", "2\n2 1\n3 0\n"), "No Answer!\n");
    }
}
