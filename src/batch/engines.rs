//! What a batch keeps over a run, and how it answers one board: the
//! framing its input is read by, and the engine chosen for the boards at
//! hand ([`Strategies`]), on the 3×3 board as on every other.

use std::io::{self, BufReader, Read, Write};
use std::ops::ControlFlow;

use crate::clock::Instant;

use super::{BatchError, Reporter};
use crate::format::{AnswerWriter, AsEight, Format};
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::read::frame::{CaseReader, Framing};
use crate::read::Reader;
use crate::report::{PuzzleReport, Report};
use crate::solvability::solvable;
use crate::solver::{Solution, Strategies, Strategy};

/// The cases of one input.
pub(super) type Cases<R> = CaseReader<Reader<BufReader<R>>>;

/// The boards of a run and what solves them.
pub(super) struct Puzzles {
    pub(super) framing: Framing,
    pub(super) blank: char,
    pub(super) strategies: Strategies,
}

impl Puzzles {
    /// Reads the cases of `input` as the run's framing lays them out.
    pub(super) fn open<R: Read>(&self, input: BufReader<R>) -> Result<Cases<R>, BatchError> {
        let cases = CaseReader::new(input, self.framing)
            .map_err(|error| BatchError::Read(io::Error::other(error)))?;
        Ok(cases.blank(self.blank))
    }

    /// Whether the run is on the 3×3 board, whose answers are written as
    /// they always were ([`crate::format::Shown::EIGHT`]).
    pub(super) fn eight(&self) -> bool {
        self.framing.shape() == Some(crate::shape::Shape::EIGHT)
    }

    /// Solves puzzle number `puzzle` of the run, with `cases_left` to come
    /// after it where the input counts them, and writes its answer, telling
    /// `on_report` what it took; `path` is the engine's scratch.
    pub(super) fn answer<W: Write>(
        &mut self,
        writer: &mut AnswerWriter<W>,
        start: &Grid,
        goal: &Grid,
        path: &mut Vec<Move>,
        (puzzle, cases_left): (u64, Option<u64>),
        on_report: &mut Option<Reporter>,
    ) -> Result<Solution, BatchError> {
        let eight = self.eight();
        // Whether a board is solvable is a matter of parity: no engine.
        if let Format::Solvability { .. } = writer.format() {
            let verdict = Solution::of(solvable(start, goal).unwrap_or(false));
            let written = begin(writer, eight, start, goal, true).finish(verdict);
            return written.map(|()| verdict).map_err(BatchError::Write);
        }
        let strategy = self.strategies.for_goal(goal)?;
        strategy.expect(cases_left);
        if let Some(on_report) = on_report {
            // The tables are obtained before the board's clock starts, and
            // reported on a line of their own.
            let _ = strategy.prepare(goal);
            if let Some(tables) = strategy.take_tables() {
                on_report(&Report::Tables(tables));
            }
        }
        let (written, report) = answer_grid(
            writer,
            eight,
            strategy,
            start,
            goal,
            path,
            on_report.is_some(),
        )?;
        if let (Some(on_report), Some(report)) = (on_report, report) {
            on_report(&Report::Puzzle(PuzzleReport { puzzle, ..report }));
        }
        written.map_err(BatchError::Write)
    }
}

/// The answer to `start` begun in `writer`, its boards written as the 3×3
/// board's where `eight`.
fn begin<'w, W: Write>(
    writer: &'w mut AnswerWriter<W>,
    eight: bool,
    start: &Grid,
    goal: &Grid,
    shortest: bool,
) -> crate::format::Answer<'w, W> {
    match eight {
        true => writer.answer(&AsEight(start), &AsEight(goal), shortest),
        false => writer.answer(start, goal, shortest),
    }
}

/// Writes the answer to `start` by `strategy`, made for `goal`; gives its
/// verdict, and when `reporting`, what the answer took (its puzzle number
/// left 0 for the caller). A table that did not fit in memory is the
/// error, and nothing of the answer is written.
pub(super) fn answer_grid<W: Write>(
    writer: &mut AnswerWriter<W>,
    eight: bool,
    strategy: &mut Strategy,
    start: &Grid,
    goal: &Grid,
    path: &mut Vec<Move>,
    reporting: bool,
) -> Result<(io::Result<Solution>, Option<PuzzleReport>), MemoryError> {
    let clock = reporting.then(Instant::now);
    let mut moves = 0;
    let (verdict, written) = if strategy.may_give_up() {
        // The answer is held until the search is over, so that one given
        // up on is marked as such from its start (`json` says so first).
        let mut held = Vec::new();
        let verdict = strategy.solve(start, goal, path, |step| {
            held.push(step);
            ControlFlow::Continue(())
        })?;
        moves = held.len() as u64;
        let mut answer = begin(writer, eight, start, goal, verdict != Solution::NotShortest);
        let _ = answer.moves(&held);
        (verdict, answer.finish(verdict))
    } else if strategy.shortest() {
        // A shortest answer is short, and left whole in `path`: written at
        // once rather than move by move.
        let verdict = strategy.solve(start, goal, path, |_| ControlFlow::Continue(()))?;
        moves = path.len() as u64;
        let mut answer = begin(writer, eight, start, goal, true);
        // A failed write is reported by `finish`.
        let _ = answer.moves(path);
        (verdict, answer.finish(verdict))
    } else {
        let mut answer = begin(writer, eight, start, goal, false);
        // A failed write stops the engine at once, and `finish` reports it.
        let verdict = strategy.solve(start, goal, path, |step| {
            moves += 1;
            answer.moves(&[step])
        })?;
        (verdict, answer.finish(verdict))
    };
    let report = clock.map(|clock| PuzzleReport {
        elapsed: clock.elapsed(),
        puzzle: 0,
        engine: strategy.kind(),
        // An answer that could not be written is reported as none.
        verdict: written.as_ref().map_or(Solution::Unsolvable, |_| verdict),
        moves: written.as_ref().map_or(0, |_| moves),
        work: strategy.last_stats(),
    });
    Ok((written.map(|()| verdict), report))
}
