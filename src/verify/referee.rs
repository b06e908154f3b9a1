//! What the special judge asks of the engines: the first shortest solution
//! of a case, by the engine [`Strategies`] chooses for its goal. On a run
//! on the 3×3 board that is the 3×3 solver ([`Strategy::Eight`]), as in a
//! batch, so every length is known and found fast; on other boards lengths
//! are known up to 16 cells.

use std::ops::ControlFlow;

use crate::cache::CacheWarning;
use crate::moves::Move;
use crate::pdb::{CacheDir, EngineError, PdbOptions};
use crate::solver::{Engine, Optimality, Solution, Strategies, Strategy};
use crate::verify::{Puzzle, Puzzles};

/// The engines of one run, and the moves of the last solution.
pub(crate) struct Referee {
    strategies: Strategies,
    path: Vec<Move>,
}

impl Referee {
    /// The referee of `puzzles`, with the pattern databases kept in `cache`.
    pub(crate) fn new(puzzles: &Puzzles, cache: CacheDir) -> Referee {
        let tables = PdbOptions {
            cache,
            ..PdbOptions::default()
        };
        // HDU 3567 wants the first shortest solution in letter order, which
        // is what every engine gives.
        let eight = puzzles.eight().then_some(Engine::Auto);
        // Each case names its goal (`first`): the engines need no run goal.
        let strategies = Strategies::new(None, Optimality::Default, tables, eight);
        Referee {
            strategies,
            path: Vec::new(),
        }
    }

    /// The first shortest solution of `puzzle` in letter order; `None` when
    /// there is none, or when no exact engine answers boards of its size.
    pub(crate) fn first(&mut self, puzzle: Puzzle<'_>) -> Result<Option<&[Move]>, EngineError> {
        let Puzzle { start, goal, .. } = puzzle;
        // Parity first: an unsolvable board builds no solver.
        if !Strategy::gives_shortest(goal.shape(), Optimality::Default) || !puzzle.reachable {
            return Ok(None);
        }
        let solver = self.strategies.for_goal(goal)?;
        // An exact engine leaves its answer in the path.
        let solved = solver.solve(start, goal, &mut self.path, |_| ControlFlow::Continue(()))?;
        Ok((solved == Solution::Solved).then_some(&self.path[..]))
    }

    /// Problems with the tables' cache met since the last call.
    pub(crate) fn take_warnings(&mut self) -> Vec<CacheWarning> {
        self.strategies.take_warnings()
    }
}
