//! Who a comparison's rows are, and how each row tries one puzzle.
//!
//! The rows are chosen once per comparison ([`Contestants`], an enum
//! matched once per puzzle) and then run by one generic loop
//! ([`attempt_all`]) over the [`Contestant`]s inside: the 3×3 algorithms
//! search over [`Board`], the heuristics' IDA* over [`Grid`], and both are
//! timed, counted and told apart (solved, unsolvable, gave up) the same
//! way.

use crate::batch::BatchError;
use crate::board::Board;
use crate::cache::CacheWarning;
use crate::clock::Instant;
use crate::contract::SearchStats;
use crate::goal::Goal;
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::search::manhattan::Outcome;
use crate::solvability::solvable;
use crate::solver::{Solution, Solver3x3};

use super::heuristic::Searcher;
use super::Trial;

/// The rows of one comparison, with their engines, kept across puzzles
/// as a batch keeps its solver.
pub(super) enum Contestants {
    /// The 3×3 algorithms of [`crate::Engine::COMPARED`], one solver each.
    Algorithms {
        solvers: Vec<Solver3x3>,
        /// The first puzzle whose goal can be reached: its number, start
        /// and goal, for the searches layer by layer.
        first_solvable: Option<(u64, Board, Goal)>,
    },
    /// IDA* under each heuristic, on boards of one shape; the Manhattan
    /// searches give up after generating `limit` nodes.
    Heuristics {
        searchers: Vec<Searcher>,
        limit: Option<u64>,
    },
}

/// One puzzle read and valid, as the rows are given it.
pub(super) struct Puzzle<'a> {
    /// Its number in the run, from 1.
    pub(super) number: u64,
    /// Whether it is the first of the run to be compared.
    pub(super) first: bool,
    pub(super) start: &'a Grid,
    pub(super) goal: &'a Grid,
}

impl Contestants {
    /// The node limit at which a row's search gives up, if any has one.
    pub(super) fn limit(&self) -> Option<u64> {
        match self {
            Contestants::Algorithms { .. } => None,
            Contestants::Heuristics { limit, .. } => *limit,
        }
    }

    /// Every row's trial of `puzzle`, in the rows' order, into `trials`.
    /// `on_warning` hears of the cache's problems while the heuristics'
    /// databases are built or loaded, before the first puzzle's searches
    /// are timed; a table that does not fit in memory is the error, which
    /// ends the run (a row would read it as no answer).
    pub(super) fn attempt(
        &mut self,
        puzzle: &Puzzle,
        path: &mut Vec<Move>,
        trials: &mut Vec<Trial>,
        on_warning: &mut impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        match self {
            Contestants::Algorithms {
                solvers,
                first_solvable,
            } => {
                // A 3×3 framing reads only 3×3 boards.
                let board = |grid: &Grid| grid.board().unwrap_or(Board::GOAL);
                let (start, goal) = (board(puzzle.start), Goal::new(board(puzzle.goal)));
                if first_solvable.is_none() && goal.reachable_from(&start) {
                    *first_solvable = Some((puzzle.number, start, goal));
                }
                Ok(attempt_all(solvers, &start, &goal, path, trials)?)
            }
            Contestants::Heuristics { searchers, .. } => {
                if puzzle.first {
                    for searcher in searchers.iter_mut() {
                        searcher
                            .prepare(puzzle.goal)?
                            .iter()
                            .for_each(&mut *on_warning);
                    }
                }
                Ok(attempt_all(
                    searchers,
                    puzzle.start,
                    puzzle.goal,
                    path,
                    trials,
                )?)
            }
        }
    }
}

/// What the comparison asks of one row's engine.
trait Contestant {
    /// The boards it searches.
    type Board;
    /// The goal it searches towards.
    type Goal;

    /// Whether `goal` can be reached from `start`, by parity, as every
    /// search finds out before any node: a search that finds nothing on a
    /// reachable goal gave up at its node limit.
    fn reachable(start: &Self::Board, goal: &Self::Goal) -> bool;

    /// Searches from `start` to `goal`, leaving the moves in `path`;
    /// whether it found them.
    fn attempt(
        &mut self,
        start: &Self::Board,
        goal: &Self::Goal,
        path: &mut Vec<Move>,
    ) -> Result<bool, MemoryError>;

    /// The work of the last attempt.
    fn work(&mut self) -> SearchStats;
}

impl Contestant for Solver3x3 {
    type Board = Board;
    type Goal = Goal;

    fn reachable(start: &Board, goal: &Goal) -> bool {
        goal.reachable_from(start)
    }

    fn attempt(
        &mut self,
        start: &Board,
        goal: &Goal,
        path: &mut Vec<Move>,
    ) -> Result<bool, MemoryError> {
        // The 3×3 engines have no node limit: they answer or find parity
        // against them.
        Ok(self.solve(start, goal, path)? != Solution::Unsolvable)
    }

    fn work(&mut self) -> SearchStats {
        self.last_stats()
    }
}

impl Contestant for Searcher {
    type Board = Grid;
    type Goal = Grid;

    fn reachable(start: &Grid, goal: &Grid) -> bool {
        // The reader gave the start the goal's shape.
        solvable(start, goal).unwrap_or(false)
    }

    fn attempt(
        &mut self,
        start: &Grid,
        goal: &Grid,
        path: &mut Vec<Move>,
    ) -> Result<bool, MemoryError> {
        Ok(self.search().solve(start, goal, path))
    }

    fn work(&mut self) -> SearchStats {
        self.search().stats()
    }
}

/// Every row's trial of one puzzle, timed one by one, into `trials`.
fn attempt_all<C: Contestant>(
    rows: &mut [C],
    start: &C::Board,
    goal: &C::Goal,
    path: &mut Vec<Move>,
    trials: &mut Vec<Trial>,
) -> Result<(), MemoryError> {
    let reachable = C::reachable(start, goal);
    trials.clear();
    for row in rows {
        let clock = Instant::now();
        let found = row.attempt(start, goal, path)?;
        let elapsed = clock.elapsed();
        let outcome = match (found, reachable) {
            (true, _) => Outcome::Solved,
            (false, false) => Outcome::Unsolvable,
            (false, true) => Outcome::GaveUp,
        };
        trials.push(Trial {
            outcome,
            moves: path.len() as u64,
            stats: row.work(),
            elapsed,
        });
    }
    Ok(())
}
