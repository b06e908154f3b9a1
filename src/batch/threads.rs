//! The batch's loop on a thread pool, for boards of other shapes towards
//! one goal: each worker writes its answers into a buffer of its own with
//! a clone of the run's engine, made once the tables are ready, and the
//! buffers are written in input order ([`crate::parallel`]).

use std::cell::Cell;
use std::io::{BufReader, Read, Write};
use std::sync::OnceLock;

use super::engines::{answer_grid, Cases, Puzzles};
use super::{BatchError, Sink};
use crate::cache::{CacheWarning, TablesReport};
use crate::format::{AnswerWriter, Answered, Format};
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::parallel;
use crate::read::PuzzleError;
use crate::report::{PuzzleReport, Report};
use crate::solver::{Solution, Strategy};

/// A worker's answer: its text and what was kept of it, whether its search
/// gave up at the node limit, and what it took when reported; or the
/// table that did not fit in memory, which ends the run once the answers
/// before it are out.
type Answer = Result<(Written, bool, Option<PuzzleReport>), MemoryError>;

/// An answer's text and, where answers are kept, the answer as data.
type Written = (Vec<u8>, Option<Answered>);

/// Answers held in memory at once, at most, when a batch runs on several
/// threads: an answer finished early waits for the ones before it.
const HELD_BYTES: usize = 32 << 20;

/// Puzzles in flight per thread, at most: enough that one slow puzzle at
/// the head of the line (a hard 15-puzzle takes a hundred times the
/// median) leaves the other threads work to do.
const IN_FLIGHT_PER_THREAD: usize = 64;

/// How many puzzles may be in flight on `threads` threads, or `None` where
/// spreading them does not pay: one thread, a run without one goal,
/// answers that need no engine, or answers too large to hold more than one
/// per thread.
pub(super) fn window(puzzles: &mut Puzzles, format: Format, threads: usize) -> Option<usize> {
    let (goal, strategy) = puzzles.strategies.shared()?;
    if let Strategy::Eight(_) = strategy {
        // The 3×3 batch is bound by reading and writing (see
        // `Batch::with_threads`).
        return None;
    }
    let shape = goal.shape();
    let cells = shape.cells();
    // A shortest answer on at most 16 cells has at most 80 moves (the
    // 15-puzzle's diameter) or a few more on long thin boards; the
    // constructive method takes a few times the Manhattan distance,
    // which is below cells × (rows + columns) / 2 for any board.
    let moves = if strategy.shortest() {
        128
    } else {
        cells.saturating_mul(2 * (shape.rows + shape.columns))
    };
    let width = (cells - 1).to_string().len();
    let grid = cells * (width + 1) + 4 * shape.rows;
    let per_move = match format {
        Format::Steps => grid + 16,
        // Parity alone answers solvability: no engine to share.
        Format::Solvability { .. } => return None,
        Format::Count => 0,
        Format::Json | Format::Moves(_) | Format::CaseLines => 1,
    };
    // Saturating: a 1000×1000 board's steps would pass 2^32.
    let answer = moves
        .saturating_mul(per_move)
        .saturating_add(4 * cells + 2 * grid + 128);
    let window = (HELD_BYTES / answer).min(IN_FLIGHT_PER_THREAD.saturating_mul(threads));
    // With no more puzzles in flight than threads, one slow puzzle
    // would idle the rest: then streaming on one thread is as good.
    (threads > 1 && window > threads).then_some(window)
}

/// [`super::answer_all`] on the thread pool.
pub(super) fn answer_all<R: Read, W: Write>(
    puzzles: &mut Puzzles,
    (pool, window): &(rayon::ThreadPool, usize),
    input: BufReader<R>,
    (writer, tally, on_report): Sink<W>,
    on_error: impl FnMut(u64, &PuzzleError),
    mut on_warning: impl FnMut(&CacheWarning),
) -> Result<(), BatchError> {
    let cases = puzzles.open(input)?;
    let eight = puzzles.eight();
    let format = writer.format();
    let reporting = on_report.is_some();
    let kept_moves = writer.kept_moves();
    let to_keep = writer.answers_to_keep();
    let (goal, strategy) = puzzles
        .strategies
        .shared()
        .expect("threads run towards one goal");
    let template = OnceLock::new();
    let tables = Cell::new(None);
    let mut source = Starts {
        cases,
        goal,
        strategy,
        template: &template,
        tables: &tables,
        on_warning: &mut on_warning,
        to_keep,
    };
    let sink = (writer, tally, on_report);
    parallel::in_order(
        pool,
        *window,
        &mut source,
        || (None, Vec::new(), AnswerWriter::unframed(format, kept_moves)),
        |(worker, path, out): &mut (Option<Strategy>, Vec<Move>, AnswerWriter<Vec<u8>>),
         (board, keep)| {
            let start = board?;
            if keep {
                out.keep_next();
            }
            let strategy = worker.get_or_insert_with(|| {
                template
                    .get()
                    .cloned()
                    .expect("the template is set before the first board is handed out")
            });
            let answer = answer_grid(out, eight, strategy, &start, goal, path, reporting);
            Ok(answer.map(|(written, report)| {
                // Writing into memory cannot fail.
                let given_up = matches!(written, Ok(Solution::NotShortest));
                (out.take_answer(), given_up, report)
            }))
        },
        &mut InOrder {
            sink,
            tables: &tables,
            on_error,
        },
    )
}

/// The boards of one input, for the thread pool: the first good board
/// makes the run's engine get its tables ready, which it reports in
/// `tables`, and leaves a copy for the workers to clone. Each board comes
/// with whether its answer is kept as data: the first `to_keep` are.
struct Starts<'a, R: Read, F> {
    cases: Cases<R>,
    goal: &'a Grid,
    strategy: &'a mut Strategy,
    template: &'a OnceLock<Strategy>,
    tables: &'a Cell<Option<TablesReport>>,
    on_warning: &'a mut F,
    to_keep: usize,
}

impl<R: Read, F: FnMut(&CacheWarning)> parallel::Source for Starts<'_, R, F> {
    type Item = (Result<Grid, PuzzleError>, bool);
    type Error = BatchError;

    fn may_block(&self) -> bool {
        self.cases.needs_read()
    }

    fn next(&mut self) -> Result<Option<Self::Item>, BatchError> {
        let board = self.cases.next_case()?.map(|case| case.start);
        if matches!(board, Some(Ok(_))) && self.template.get().is_none() {
            // A failure here is met again by each solve, which then
            // answers as the one-thread batch does: a database that does
            // not fit in memory stops the run at the first board that
            // needs it, once the answers before are out.
            let _ = self.strategy.prepare(self.goal);
            self.tables.set(self.strategy.take_tables());
            self.strategy
                .take_warnings()
                .iter()
                .for_each(&mut *self.on_warning);
            let _ = self.template.set(self.strategy.clone());
        }
        let keep = board.is_some() && self.to_keep > 0;
        self.to_keep -= usize::from(keep);
        Ok(board.map(|board| (board, keep)))
    }
}

/// Writes the workers' answers in input order, keeping the count and
/// reporting bad boards, the tables obtained before a board and what each
/// answer took as their turn comes.
struct InOrder<'a, W, E> {
    sink: Sink<'a, W>,
    tables: &'a Cell<Option<TablesReport>>,
    on_error: E,
}

impl<W: Write, E: FnMut(u64, &PuzzleError)> parallel::Sink<Result<Answer, PuzzleError>>
    for InOrder<'_, W, E>
{
    type Error = BatchError;

    fn emit(&mut self, answer: Result<Answer, PuzzleError>) -> Result<(), BatchError> {
        let (writer, tally, on_report) = &mut self.sink;
        if let (Some(on_report), Some(tables)) = (&mut **on_report, self.tables.take()) {
            on_report(&Report::Tables(tables));
        }
        tally.puzzles += 1;
        match answer {
            Ok(Err(memory)) => return Err(BatchError::Memory(memory)),
            Ok(Ok(((text, kept), given_up, report))) => {
                tally.given_up += u64::from(given_up);
                if let (Some(on_report), Some(report)) = (&mut **on_report, report) {
                    let puzzle = tally.puzzles;
                    on_report(&Report::Puzzle(PuzzleReport { puzzle, ..report }));
                }
                writer.write_text(&text, kept)
            }
            Err(error) => {
                tally.invalid += 1;
                (self.on_error)(tally.puzzles, &error);
                writer.write_invalid(&error)
            }
        }
        .map_err(BatchError::Write)
    }

    fn flush(&mut self) -> Result<(), BatchError> {
        let (writer, ..) = &mut self.sink;
        writer.flush().map_err(BatchError::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Batch, Options};
    use crate::format::{Answered, Format};
    use crate::grid::Grid;
    use crate::read::frame::Framing;
    use crate::shape::Shape;

    fn batch(rows: usize, columns: usize, format: Format, threads: usize) -> Batch<Vec<u8>> {
        let shape = Shape { rows, columns };
        let options = Options {
            framing: Framing::Stream(shape),
            goal: Some(Grid::solved(shape).unwrap()),
            format,
            ..Options::default()
        };
        let batch = Batch::new(options, Vec::new()).unwrap();
        batch.with_threads(threads).unwrap()
    }

    #[test]
    fn the_answers_kept_are_the_first_ones_on_any_number_of_threads() {
        let input = "[[1,2,3,4],[5,6,0,7]]\n[[0,1,2,3],[5,6,7,4]]\n1 2\n".repeat(50);
        let kept = |threads| {
            let mut batch = batch(2, 4, Format::MOVES, threads);
            assert_eq!(batch.pool.is_some(), threads > 1);
            batch.keep_answers(4, 2);
            batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
            batch.kept().to_vec()
        };
        let one = kept(1);
        let lengths: Vec<_> = one
            .iter()
            .map(|answer| match answer {
                Answered::Solved { moves, length, .. } => Some((moves.len(), *length)),
                _ => None,
            })
            .collect();
        assert_eq!(lengths, [Some((1, 1)), Some((2, 4)), None, Some((1, 1))]);
        assert_eq!(one[2], Answered::Invalid);
        assert_eq!(kept(2), one);
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
