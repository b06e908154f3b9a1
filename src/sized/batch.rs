//! The batch loop for boards of another shape: puzzles in, one answer per
//! puzzle out, in order, each answer written as its moves come so that a
//! 1000×1000 board's billion moves are never held in memory.
//!
//! The formats are the 3×3 ones ([`Format`]) with two differences that
//! come from answers that may not be the fewest moves: `steps` ends with
//! `N moves, not necessarily the fewest` for those, and `json` has a
//! `"shortest"` field and writes `"moves"` before `"length"` (the length
//! is known only once the moves are out).

use std::io::{self, BufReader, Read, Write};
use std::sync::OnceLock;

use crate::batch::{BatchError, Tally};
use crate::cache::CacheWarning;
use crate::format::{Format, Moves};
use crate::grid::{Grid, BLANK};
use crate::moves::Move;
use crate::parallel;
use crate::read::{GridReader, PuzzleError};
use crate::solvability::solvable;
use crate::solver::{Solution, Strategy};

/// Solves streams of puzzles of one shape towards one goal.
pub struct SizedBatch<W: Write> {
    goal: Grid,
    format: Format,
    solver: Strategy,
    out: W,
    path: Vec<Move>,
    tally: Tally,
    /// Digits of the largest tile: the width of a cell in `steps` grids.
    width: usize,
    /// The worker threads and how many puzzles may be in flight, when the
    /// batch is spread over several threads ([`SizedBatch::with_threads`]).
    pool: Option<(rayon::ThreadPool, usize)>,
}

/// Answers held in memory at once, at most, when a batch runs on several
/// threads: an answer finished early waits for the ones before it.
const HELD_BYTES: usize = 32 << 20;

/// Puzzles in flight per thread, at most: enough that one slow puzzle at
/// the head of the line (a hard 15-puzzle takes a hundred times the
/// median) leaves the other threads work to do.
const IN_FLIGHT_PER_THREAD: usize = 64;

impl<W: Write> SizedBatch<W> {
    /// A batch answering towards `goal` with `solver` (built for it) in
    /// `format`, written to `out`; buffer `out` yourself.
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, shape::Shape, sized::batch::SizedBatch, solver::Strategy};
    /// use eight::grid::Grid;
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let solver = Strategy::new(&goal, false).unwrap();
    /// let mut batch = SizedBatch::new(goal, solver, Format::Count, Vec::new());
    /// batch.run("[[4,1,2],[5,0,3]]\n1 2 3 5 4 x".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), b"5\n-1\n");
    /// ```
    pub fn new(goal: Grid, solver: Strategy, format: Format, out: W) -> SizedBatch<W> {
        let width = (goal.tiles().len() - 1).to_string().len();
        SizedBatch {
            goal,
            format,
            solver,
            out,
            path: Vec::new(),
            tally: Tally::default(),
            width,
            pool: None,
        }
    }

    /// Spreads the puzzles over `threads` threads; the output is the same,
    /// byte for byte, as on one thread. Each answer is held until the
    /// answers before it are written, so where answers are too large to
    /// hold several (a few large boards' constructive answers, or their
    /// `steps`) the batch stays on one thread and streams each answer.
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, shape::Shape, sized::batch::SizedBatch, solver::Strategy};
    /// use eight::grid::Grid;
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let solver = Strategy::new(&goal, false).unwrap();
    /// let mut batch = SizedBatch::new(goal, solver, Format::Count, Vec::new())
    ///     .with_threads(2)
    ///     .unwrap();
    /// let input = "412503\n123540\n".repeat(100);
    /// batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), "5\n-1\n".repeat(100).as_bytes());
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Result<Self, rayon::ThreadPoolBuildError> {
        let window =
            (HELD_BYTES / self.answer_bytes()).min(IN_FLIGHT_PER_THREAD.saturating_mul(threads));
        self.pool = None;
        // With no more puzzles in flight than threads, one slow puzzle
        // would idle the rest: then streaming on one thread is as good.
        if threads > 1 && window > threads {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .thread_name(|index| format!("eight-worker-{index}"))
                .build()?;
            self.pool = Some((pool, window));
        }
        Ok(self)
    }

    /// A generous guess at the bytes one puzzle takes in flight: its board
    /// and its answer.
    fn answer_bytes(&self) -> usize {
        let shape = self.goal.shape();
        let cells = shape.cells();
        // A shortest answer on at most 16 cells has at most 80 moves (the
        // 15-puzzle's diameter) or a few more on long thin boards; the
        // constructive method takes a few times the Manhattan distance,
        // which is below cells × (rows + columns) / 2 for any board.
        let moves = if self.solver.shortest() {
            128
        } else {
            cells.saturating_mul(2 * (shape.rows + shape.columns))
        };
        let grid = cells * (self.width + 1) + 4 * shape.rows;
        let per_move = match self.format {
            Format::Steps => grid + 16,
            Format::Count | Format::Solvability { .. } => 0,
            Format::Json | Format::Moves(_) | Format::CaseLines => 1,
        };
        // Saturating: a 1000×1000 board's steps would pass 2^32.
        moves
            .saturating_mul(per_move)
            .saturating_add(4 * cells + 2 * grid + 128)
    }

    /// Answers every puzzle in `input`. `on_error` hears of each bad board
    /// with the number of its puzzle in the whole run (from 1), in order;
    /// `on_warning` of each problem with the pattern databases' cache.
    ///
    /// Output is flushed whenever the input has to be read again, so a
    /// person typing puzzles, or a program at the other end of a pipe,
    /// sees each answer before sending the next puzzle.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let input = BufReader::with_capacity(1 << 16, input);
        let mut reader =
            GridReader::new(input, self.goal.shape()).expect("the goal's shape was checked");
        if let Some(pool) = self.pool.take() {
            let outcome = self.run_parallel(&pool, reader, on_error, on_warning);
            self.pool = Some(pool);
            return outcome;
        }
        loop {
            if reader.needs_read() {
                self.out.flush().map_err(BatchError::Write)?;
            }
            let Some(puzzle) = reader.next_puzzle().map_err(BatchError::Read)? else {
                return Ok(());
            };
            self.tally.puzzles += 1;
            separate(&mut self.out, self.format, self.tally.puzzles).map_err(BatchError::Write)?;
            match puzzle {
                Ok(start) => {
                    let answer = Answerer {
                        goal: &self.goal,
                        format: self.format,
                        width: self.width,
                    };
                    let solver = &mut self.solver;
                    answer.write(&mut self.out, || Ok(solver), &mut self.path, &start)?;
                }
                Err(error) => {
                    self.tally.invalid += 1;
                    on_error(self.tally.puzzles, &error);
                    write_invalid(&mut self.out, self.format, &error).map_err(BatchError::Write)?;
                }
            }
            self.solver.take_warnings().iter().for_each(&mut on_warning);
        }
    }

    /// [`SizedBatch::run`] on the thread pool: each worker writes its
    /// answers into a buffer of its own with a clone of the solver, made
    /// once the tables are ready, and the buffers are written in order.
    fn run_parallel<R: Read>(
        &mut self,
        (pool, window): &(rayon::ThreadPool, usize),
        reader: GridReader<BufReader<R>>,
        on_error: impl FnMut(u64, &PuzzleError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let SizedBatch {
            goal,
            format,
            solver,
            out,
            tally,
            width,
            ..
        } = self;
        let template = OnceLock::new();
        let mut source = Puzzles {
            reader,
            solver,
            template: &template,
            on_warning: &mut on_warning,
        };
        let answer = Answerer {
            goal,
            format: *format,
            width: *width,
        };
        let mut sink = InOrder {
            out,
            format: *format,
            tally,
            on_error,
        };
        parallel::in_order(
            pool,
            *window,
            &mut source,
            || (None, Vec::new()),
            |(worker, path): &mut (Option<Strategy>, Vec<Move>), puzzle| {
                let start = puzzle?;
                let solver = worker.get_or_insert_with(|| {
                    template
                        .get()
                        .cloned()
                        .expect("the template is set before the first board is handed out")
                });
                let mut text = Vec::new();
                // Writing into memory cannot fail.
                let _ = answer.write(&mut text, || Ok(solver), path, &start);
                Ok(text)
            },
            &mut sink,
        )
    }

    /// Counts so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The puzzles of one input, for the thread pool: the first good board
/// makes the run's solver get its tables ready and leaves a copy for the
/// workers to clone.
struct Puzzles<'a, R, F> {
    reader: GridReader<BufReader<R>>,
    solver: &'a mut Strategy,
    template: &'a OnceLock<Strategy>,
    on_warning: &'a mut F,
}

impl<R: Read, F: FnMut(&CacheWarning)> parallel::Source for Puzzles<'_, R, F> {
    type Item = Result<Grid, PuzzleError>;
    type Error = BatchError;

    fn may_block(&self) -> bool {
        self.reader.needs_read()
    }

    fn next(&mut self) -> Result<Option<Self::Item>, BatchError> {
        let puzzle = self.reader.next_puzzle().map_err(BatchError::Read)?;
        if matches!(puzzle, Some(Ok(_))) && self.template.get().is_none() {
            // A failure here is met again by each solve, which then
            // answers as the one-thread batch does.
            let _ = self.solver.prepare();
            self.solver
                .take_warnings()
                .iter()
                .for_each(&mut *self.on_warning);
            let _ = self.template.set(self.solver.clone());
        }
        Ok(puzzle)
    }
}

/// Writes the workers' answers in input order, keeping the count and
/// reporting bad boards as their turn comes.
struct InOrder<'a, W, E> {
    out: &'a mut W,
    format: Format,
    tally: &'a mut Tally,
    on_error: E,
}

impl<W: Write, E: FnMut(u64, &PuzzleError)> parallel::Sink<Result<Vec<u8>, PuzzleError>>
    for InOrder<'_, W, E>
{
    type Error = BatchError;

    fn emit(&mut self, answer: Result<Vec<u8>, PuzzleError>) -> Result<(), BatchError> {
        self.tally.puzzles += 1;
        separate(self.out, self.format, self.tally.puzzles).map_err(BatchError::Write)?;
        match answer {
            Ok(text) => self.out.write_all(&text),
            Err(error) => {
                self.tally.invalid += 1;
                (self.on_error)(self.tally.puzzles, &error);
                write_invalid(self.out, self.format, &error)
            }
        }
        .map_err(BatchError::Write)
    }

    fn flush(&mut self) -> Result<(), BatchError> {
        self.out.flush().map_err(BatchError::Write)
    }
}

/// In `steps`, a blank line before every puzzle's answer but the first.
fn separate(out: &mut impl Write, format: Format, puzzle: u64) -> io::Result<()> {
    if format.spaced() && puzzle > 1 {
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Holds the place of a puzzle that could not be read.
pub(crate) fn write_invalid(
    out: &mut impl Write,
    format: Format,
    error: &PuzzleError,
) -> io::Result<()> {
    match format {
        Format::Json => {
            let text = serde_json::to_string(&error.kind.to_string())?;
            writeln!(out, "{{\"line\":{},\"error\":{text}}}", error.line)
        }
        _ => writeln!(out, "invalid"),
    }
}

/// What writing one answer needs besides the solver: shared by every
/// worker of a batch, and by the presets on boards of other sizes.
#[derive(Clone, Copy)]
pub(crate) struct Answerer<'a> {
    pub(crate) goal: &'a Grid,
    pub(crate) format: Format,
    /// Digits of the largest tile.
    pub(crate) width: usize,
}

impl Answerer<'_> {
    /// Writes one puzzle's answer, its moves as they come unless a limit
    /// on their number must be checked first; `path` is the solver's
    /// scratch, and `solver` is asked for only where the answer needs one
    /// (whether a board is solvable is a matter of parity).
    pub(crate) fn write<'s>(
        &self,
        out: &mut impl Write,
        solver: impl FnOnce() -> Result<&'s mut Strategy, BatchError>,
        path: &mut Vec<Move>,
        start: &Grid,
    ) -> Result<(), BatchError> {
        if let Format::Solvability { yes, no } = self.format {
            // Both boards are of one shape: this cannot fail.
            let word = match solvable(start, self.goal) {
                Ok(true) => yes,
                _ => no,
            };
            return writeln!(out, "{word}").map_err(BatchError::Write);
        }
        let solver = solver()?;
        self.write_solved(out, solver, path, start)
            .map_err(BatchError::Write)
    }

    /// [`Answerer::write`] for the answers a solver gives.
    fn write_solved(
        &self,
        out: &mut impl Write,
        solver: &mut Strategy,
        path: &mut Vec<Move>,
        start: &Grid,
    ) -> io::Result<()> {
        let Answerer {
            goal,
            format,
            width,
        } = *self;
        let shortest = solver.shortest();
        // A sink cannot fail: it keeps the first write error for later.
        let mut failed: Option<io::Error> = None;
        let mut keep = |outcome: io::Result<()>| {
            if let (Err(error), None) = (outcome, &failed) {
                failed = Some(error);
            }
        };
        let mut moves = 0u64;
        match format {
            Format::Json => {
                write!(out, "{{\"puzzle\":\"")?;
                start.write_tiles(out, " ")?;
                write!(out, "\",\"goal\":\"")?;
                goal.write_tiles(out, " ")?;
                write!(out, "\",")?;
                let mut opened = false;
                let verdict = solver.solve(start, goal, path, |step| {
                    if !opened {
                        opened = true;
                        keep(write!(
                            out,
                            "\"solvable\":true,\"shortest\":{shortest},\"moves\":\""
                        ));
                    }
                    moves += 1;
                    keep(out.write_all(&[step.letter()]));
                });
                match verdict {
                    Solution::Unsolvable => write!(
                        out,
                        "\"solvable\":false,\"shortest\":{shortest},\"moves\":null,\"length\":null}}"
                    )?,
                    Solution::Solved if !opened => write!(
                        out,
                        "\"solvable\":true,\"shortest\":{shortest},\"moves\":\"\",\"length\":0}}"
                    )?,
                    Solution::Solved => write!(out, "\",\"length\":{moves}}}")?,
                }
            }
            Format::Steps => {
                writeln!(out, "start")?;
                write_grid(out, start, width)?;
                let mut board = start.clone();
                let verdict = solver.solve(start, goal, path, |step| {
                    moves += 1;
                    board.apply(step);
                    keep(writeln!(out, "step {moves}: {}", char::from(step.letter())));
                    keep(write_grid(out, &board, width));
                });
                match (verdict, moves, shortest) {
                    (Solution::Unsolvable, _, _) => write!(out, "unsolvable")?,
                    (_, 1, true) => write!(out, "1 move")?,
                    (_, 1, false) => write!(out, "1 move, not necessarily the fewest")?,
                    (_, n, true) => write!(out, "{n} moves")?,
                    (_, n, false) => write!(out, "{n} moves, not necessarily the fewest")?,
                }
            }
            Format::Count => {
                let verdict = solver.solve(start, goal, path, |_| moves += 1);
                match verdict {
                    Solution::Unsolvable => write!(out, "-1")?,
                    Solution::Solved => write!(out, "{moves}")?,
                }
            }
            Format::Moves(_) | Format::CaseLines | Format::Solvability { .. } => {
                let words = match format {
                    Format::Moves(words) => words,
                    _ => Moves::PLAIN,
                };
                // Moves under a limit are held until it is known to be met.
                let mut held = Vec::new();
                let verdict = solver.solve(start, goal, path, |step| {
                    moves += 1;
                    match words.most {
                        None => keep(out.write_all(&[words.letter(step)])),
                        Some(_) => held.push(words.letter(step)),
                    }
                });
                let beyond = words.most.is_some_and(|most| moves > most as u64);
                if verdict == Solution::Unsolvable || beyond {
                    write!(out, "{}", words.unsolvable)?;
                } else {
                    out.write_all(&held)?;
                }
            }
        }
        if let Some(error) = failed {
            return Err(error);
        }
        writeln!(out)
    }
}

/// `grid` as rows indented by two spaces, each cell right-aligned to
/// `width`, the blank written `x`.
fn write_grid(out: &mut impl Write, grid: &Grid, width: usize) -> io::Result<()> {
    for row in grid.tiles().chunks(grid.shape().columns) {
        out.write_all(b"  ")?;
        for (column, &tile) in row.iter().enumerate() {
            if column > 0 {
                out.write_all(b" ")?;
            }
            if tile == BLANK {
                write!(out, "{:>width$}", "x")?;
            } else {
                write!(out, "{tile:>width$}")?;
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn batch(rows: usize, columns: usize, format: Format, threads: usize) -> SizedBatch<Vec<u8>> {
        let goal = Grid::solved(Shape { rows, columns }).unwrap();
        let solver = Strategy::new(&goal, false).unwrap();
        SizedBatch::new(goal, solver, format, Vec::new())
            .with_threads(threads)
            .unwrap()
    }

    #[test]
    fn threads_are_used_only_where_several_answers_fit_in_memory() {
        let cases = [
            (4, 4, Format::MOVES, 2, true),
            (4, 4, Format::Steps, 4, true),
            (40, 40, Format::Json, 2, true),
            (4, 4, Format::MOVES, 1, false),
            (40, 40, Format::Steps, 2, false),
            (300, 300, Format::MOVES, 2, false),
        ];
        for (rows, columns, format, threads, spread) in cases {
            let batch = batch(rows, columns, format, threads);
            assert_eq!(
                batch.pool.is_some(),
                spread,
                "{rows}x{columns} {format:?} on {threads}"
            );
        }
    }
}
