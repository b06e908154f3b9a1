//! What the special judge asks of a kind of board: a case's start and goal,
//! and the first shortest solution:
//! [`Eight`] by the 3×3 fast path ([`Solver3x3`]), [`Grids`] by the engine
//! [`Strategy`] chooses for each goal. The judging loop is generic over
//! [`Referee`]: the kind is chosen once per run, and each solve is
//! monomorphic.

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::board::Board;
use crate::cache::CacheWarning;
use crate::goal::Goal;
use crate::grid::Grid;
use crate::moves::Move;
use crate::pdb::{self, CacheDir, EngineError};
use crate::read::frame::{Case, InvalidCase};
use crate::solver::{Engine, Optimality, Solution, Solver3x3, Strategies, Strategy};
use crate::verify::moves::Play;

/// One kind of board as the judge sees it.
pub(crate) trait Referee {
    /// The board a case starts from and answers are played out on.
    type Board: Play;

    /// The start and the goal of `case`, or why it cannot be judged.
    fn boards(&self, case: Case<Grid>) -> Result<(Self::Board, Self::Board), InvalidCase>;

    /// The first shortest solution in letter order; `None` when there is
    /// none, or when no exact engine answers boards of this size.
    fn first(
        &mut self,
        start: &Self::Board,
        goal: &Self::Board,
    ) -> Result<Option<&[Move]>, EngineError>;

    /// Problems with the tables' cache met since the last call.
    fn take_warnings(&mut self) -> Vec<CacheWarning> {
        Vec::new()
    }
}

/// The 3×3 board: every length is known, and found fast.
pub(crate) struct Eight {
    /// The goal of a case without one of its own.
    goal: Goal,
    solver: Solver3x3,
    path: Vec<Move>,
}

impl Eight {
    /// The referee of 3×3 puzzles solved towards `goal` unless a case
    /// brings its own.
    pub(crate) fn new(goal: Goal) -> Eight {
        // HDU 3567 wants the first shortest solution in letter order, which
        // is what every engine gives.
        let solver = Solver3x3::new(Engine::Auto);
        let path = Vec::new();
        Eight { goal, solver, path }
    }
}

impl Referee for Eight {
    type Board = Board;

    fn boards(&self, case: Case<Grid>) -> Result<(Board, Board), InvalidCase> {
        let (start, goal) = case.boards(|_| Cow::Owned(Grid::from(self.goal.board())))?;
        // A 3×3 framing reads only 3×3 boards.
        let board = |grid: Grid| grid.board().unwrap_or(Board::GOAL);
        Ok((board(start), board(goal.into_owned())))
    }

    fn first(&mut self, start: &Board, goal: &Board) -> Result<Option<&[Move]>, EngineError> {
        let solved = self
            .solver
            .solve(start, &Goal::new(*goal), &mut self.path)?;
        Ok((solved == Solution::Solved).then_some(&self.path[..]))
    }
}

/// Boards of any other shape: lengths are known up to 16 cells.
pub(crate) struct Grids {
    /// The solver for the boards at hand.
    strategies: Strategies,
    /// The moves of the last solution.
    path: Vec<Move>,
}

impl Grids {
    /// Boards solved towards `goal`, or each towards the solved board of
    /// its shape, with databases kept in `cache`.
    pub(crate) fn new(goal: Option<Grid>, cache: CacheDir) -> Grids {
        let tables = pdb::PdbOptions {
            cache,
            ..pdb::PdbOptions::default()
        };
        Grids {
            strategies: Strategies::new(goal, Optimality::Default, tables, None),
            path: Vec::new(),
        }
    }
}

impl Referee for Grids {
    type Board = Grid;

    fn boards(&self, case: Case<Grid>) -> Result<(Grid, Grid), InvalidCase> {
        let start = case.start?;
        let goal = self.strategies.goal_for(&start).into_owned();
        Ok((start, goal))
    }

    fn first(&mut self, start: &Grid, goal: &Grid) -> Result<Option<&[Move]>, EngineError> {
        // Parity first: an unsolvable board builds no solver.
        if !Strategy::gives_shortest(goal.shape(), Optimality::Default) || !start.reachable(goal) {
            return Ok(None);
        }
        let (_, solver) = self.strategies.for_board(start)?;
        // An exact engine leaves its answer in the path.
        let solved = solver.solve(start, goal, &mut self.path, |_| ControlFlow::Continue(()))?;
        Ok((solved == Solution::Solved).then_some(&self.path[..]))
    }

    fn take_warnings(&mut self) -> Vec<CacheWarning> {
        self.strategies.take_warnings()
    }
}
