//! The two kinds of board a batch reads, behind one trait so that the
//! batch's loop is written once and compiled for each: the 3×3 board with
//! its [`Solver3x3`], and boards of any other shape with a [`Strategy`].

use crate::clock::Instant;
use std::io::{self, BufReader, Read, Write};
use std::ops::ControlFlow;

use super::{BatchError, Reporter};
use crate::board::Board;
use crate::cache::CacheWarning;
use crate::format::{AnswerWriter, Format};
use crate::goal::Goal;
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::read::frame::{Case, CaseReader, Framing, GridFraming, InvalidCase, Source};
use crate::read::{BoardReader, GridReader};
use crate::report::{GridReport, PuzzleReport, Report};
use crate::solvability::solvable;
use crate::solver::{Solution, Solver3x3, Strategies, Strategy};

/// The cases of one input of `P`'s boards.
pub(super) type Cases<P, R> = CaseReader<<P as Puzzles>::Source<R>>;

/// One kind of board and what solves it, as the batch's loop needs them.
pub(super) trait Puzzles {
    /// The board read.
    type Board;
    /// What a case is solved towards.
    type Goal;
    /// The reader of one input's puzzles.
    type Source<R: Read>: Source<Board = Self::Board>;

    /// Reads the cases of `input` as the run's framing lays them out.
    fn open<R: Read>(&self, input: BufReader<R>) -> Result<Cases<Self, R>, BatchError>;

    /// Whether the next case of `cases` needs a read that may wait for
    /// input.
    fn needs_read<R: Read>(cases: &Cases<Self, R>) -> bool;

    /// A case's start and what it is solved towards, or its bad boards.
    fn resolve(&self, case: Case<Self::Board>) -> Result<(Self::Board, Self::Goal), InvalidCase>;

    /// Solves puzzle number `puzzle` of the run and writes its answer,
    /// telling `on_report` what it took; `path` is the engine's scratch.
    fn answer<W: Write>(
        &mut self,
        writer: &mut AnswerWriter<W>,
        start: &Self::Board,
        goal: &Self::Goal,
        path: &mut Vec<Move>,
        puzzle: u64,
        on_report: &mut Option<Reporter>,
    ) -> Result<Solution, BatchError>;

    /// Cache problems met since the last call.
    fn take_warnings(&mut self) -> Vec<CacheWarning> {
        Vec::new()
    }

    /// Hears how many cases the input has still to give, where it counts
    /// them ([`CaseReader::cases_left`]).
    fn expect(&mut self, _cases_left: Option<u64>) {}
}

/// The 3×3 board.
pub(super) struct Eight {
    pub(super) framing: Framing,
    pub(super) blank: char,
    pub(super) goal: Goal,
    pub(super) solver: Solver3x3,
}

impl Puzzles for Eight {
    type Board = Board;
    type Goal = Goal;
    type Source<R: Read> = BoardReader<BufReader<R>>;

    fn open<R: Read>(&self, input: BufReader<R>) -> Result<Cases<Self, R>, BatchError> {
        Ok(CaseReader::new(input, self.framing).blank(self.blank))
    }

    fn needs_read<R: Read>(cases: &Cases<Self, R>) -> bool {
        cases.needs_read()
    }

    fn resolve(&self, case: Case<Board>) -> Result<(Board, Goal), InvalidCase> {
        case.boards(self.goal)
    }

    fn expect(&mut self, cases_left: Option<u64>) {
        self.solver.expect(cases_left);
    }

    fn answer<W: Write>(
        &mut self,
        writer: &mut AnswerWriter<W>,
        start: &Board,
        goal: &Goal,
        path: &mut Vec<Move>,
        puzzle: u64,
        on_report: &mut Option<Reporter>,
    ) -> Result<Solution, BatchError> {
        let verdict = match on_report {
            // Whether a board is solvable is a matter of parity: no search.
            _ if matches!(writer.format(), Format::Solvability { .. }) => {
                path.clear();
                Solution::of(goal.reachable_from(start))
            }
            None => self.solver.solve(start, goal, path)?,
            Some(on_report) => {
                let report = PuzzleReport::solve(puzzle, &mut self.solver, start, goal, path)?;
                on_report(&Report::Eight(report));
                report.verdict
            }
        };
        let mut answer = writer.answer(start, goal.board(), true);
        // A failed write is reported by `finish`.
        let _ = answer.moves(path);
        answer.finish(verdict).map_err(BatchError::Write)?;
        Ok(verdict)
    }
}

/// Boards of any other shape.
pub(super) struct Grids {
    pub(super) framing: GridFraming,
    pub(super) blank: char,
    pub(super) strategies: Strategies,
}

impl Puzzles for Grids {
    type Board = Grid;
    /// Every case's goal is the run's or its board's solved arrangement,
    /// which [`Grids`] keeps.
    type Goal = ();
    type Source<R: Read> = GridReader<BufReader<R>>;

    fn open<R: Read>(&self, input: BufReader<R>) -> Result<Cases<Self, R>, BatchError> {
        let cases = CaseReader::grids(input, self.framing)
            .map_err(|error| BatchError::Read(io::Error::other(error)))?;
        Ok(cases.blank(self.blank))
    }

    fn needs_read<R: Read>(cases: &Cases<Self, R>) -> bool {
        cases.needs_read()
    }

    fn resolve(&self, case: Case<Grid>) -> Result<(Grid, ()), InvalidCase> {
        Ok((case.start?, ()))
    }

    fn answer<W: Write>(
        &mut self,
        writer: &mut AnswerWriter<W>,
        start: &Grid,
        _: &(),
        path: &mut Vec<Move>,
        puzzle: u64,
        on_report: &mut Option<Reporter>,
    ) -> Result<Solution, BatchError> {
        // Whether a board is solvable is a matter of parity: no engine.
        if let Format::Solvability { .. } = writer.format() {
            let goal = self.strategies.goal_for(start);
            let verdict = Solution::of(solvable(start, &goal).unwrap_or(false));
            let written = writer.answer(start, &goal, true).finish(verdict);
            return written.map(|()| verdict).map_err(BatchError::Write);
        }
        let (goal, strategy) = self.strategies.for_board(start)?;
        if let Some(on_report) = on_report {
            // The tables are obtained before the board's clock starts, and
            // reported on a line of their own.
            let _ = strategy.prepare(goal);
            if let Some(tables) = strategy.take_tables() {
                on_report(&Report::Tables(tables));
            }
        }
        let (written, report) =
            answer_grid(writer, strategy, start, goal, path, on_report.is_some())?;
        if let (Some(on_report), Some(report)) = (on_report, report) {
            on_report(&Report::Grid(GridReport { puzzle, ..report }));
        }
        written.map_err(BatchError::Write)
    }

    fn take_warnings(&mut self) -> Vec<CacheWarning> {
        self.strategies.take_warnings()
    }
}

/// Writes the answer to `start` by `strategy`, made for `goal`, its moves
/// as they come; gives its verdict, and when `reporting`, what the answer
/// took (its puzzle number left 0 for the caller). A table that did not
/// fit in memory is the error, and nothing of the answer is written.
pub(super) fn answer_grid<W: Write>(
    writer: &mut AnswerWriter<W>,
    strategy: &mut Strategy,
    start: &Grid,
    goal: &Grid,
    path: &mut Vec<Move>,
    reporting: bool,
) -> Result<(io::Result<Solution>, Option<GridReport>), MemoryError> {
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
        let mut answer = writer.answer(start, goal, verdict != Solution::NotShortest);
        let _ = answer.moves(&held);
        (verdict, answer.finish(verdict))
    } else {
        let mut answer = writer.answer(start, goal, strategy.shortest());
        // A failed write stops the engine at once, and `finish` reports it.
        let verdict = strategy.solve(start, goal, path, |step| {
            moves += 1;
            answer.moves(&[step])
        })?;
        (verdict, answer.finish(verdict))
    };
    let report = clock.map(|clock| GridReport {
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
