//! The solver a batch talks to: checks parity, renames the puzzle to its
//! canonical goal, and picks the engine.
//!
//! Every engine gives the same answer, the canonical one: of all shortest
//! solutions, the first in letter order ([`crate::search`]'s engines each
//! find it their own way). So an answer never depends on the engine, nor on
//! where `Auto` stands in its switch from searching to the table. They
//! differ in how much work that takes, which `eight compare` shows side by
//! side.
//!
//! One puzzle is cheapest by bidirectional search; a large batch is cheapest
//! by building the whole-space table once and then only looking answers up.
//! The batch size is unknown while streaming, so the choice is made like
//! renting skis: search puzzle by puzzle, counting the states generated, and
//! build the table once that count reaches what the table itself would cost.
//! However the batch turns out, that never spends more than about twice what
//! the better engine alone would have.

use crate::board::{Board, CELLS};
use crate::goal::Goal;
use crate::moves::Move;
use crate::search::astar::AStar;
use crate::search::bfs::BreadthFirst;
use crate::search::bidir::Bidirectional;
use crate::search::idastar::IdaStar;
use crate::search::table::Table;
use crate::search::{Search, SearchStats};

/// Which engine answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    /// Bidirectional search until the table pays off, then the table.
    #[default]
    Auto,
    /// Bidirectional search for every puzzle.
    Bidirectional,
    /// The whole-space table, built before the first puzzle of each goal.
    Table,
    /// Plain breadth-first search from the start: slow, the baseline.
    BreadthFirst,
    /// A* with Manhattan distance plus linear conflicts.
    AStar,
    /// IDA* with Manhattan distance plus linear conflicts.
    IdaStar,
}

impl Engine {
    /// Every engine, in the order `--help` lists them.
    pub const ALL: [Engine; 6] = [
        Engine::Auto,
        Engine::Bidirectional,
        Engine::Table,
        Engine::BreadthFirst,
        Engine::AStar,
        Engine::IdaStar,
    ];

    /// The engines `eight compare` sets side by side, in the order of its
    /// columns: the baseline, then the searches that improve on it, then
    /// the heuristic ones. `auto` is one of the others at any moment.
    pub const COMPARED: [Engine; 5] = [
        Engine::BreadthFirst,
        Engine::Bidirectional,
        Engine::Table,
        Engine::AStar,
        Engine::IdaStar,
    ];

    /// One line on how the engine works, for `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            Engine::Auto => "Bidirectional BFS for a few puzzles, the whole-space table for many",
            Engine::Bidirectional => "Bidirectional BFS for every puzzle",
            Engine::Table => "One BFS from the goal over the whole state space, then look-ups",
            Engine::BreadthFirst => "Plain BFS from the start: the slow baseline",
            Engine::AStar => "A* with Manhattan distance plus linear conflicts",
            Engine::IdaStar => "IDA* (iterative-deepening A*) with the same heuristic as A*",
        }
    }

    /// The engine's short name, as `--algorithm` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Bidirectional => "bibfs",
            Engine::Table => "table",
            Engine::BreadthFirst => "bfs",
            Engine::AStar => "astar",
            Engine::IdaStar => "idastar",
        }
    }
}

/// Bidirectional work, in generated states, that buys one table.
///
/// Measured with `cargo bench --bench engines` (medians on the 2-core
/// development machine): building a table takes 14.6 ms (`table/build`),
/// and a bidirectional search costs 18 ns per state it generates
/// (`random-puzzles/bidir`: 11.2 ms for 182 random puzzles that generate
/// 3,405 states each on average, finishing the layer where the sides meet
/// included). 14.6 ms / 18 ns is about 810,000 states, within the benches'
/// noise of the 830,000 set when searches stopped at the first meeting:
/// some 240 random puzzles. Hard puzzles reach the threshold sooner, easy
/// ones later: it is counted in work, not in puzzles.
pub const TABLE_BREAK_EVEN: u64 = 830_000;

/// The outcome of [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The goal was reached; the path holds the first shortest solution in
    /// letter order.
    Solved,
    /// Parity says the goal cannot be reached from this start.
    Unsolvable,
}

/// Solves puzzles one after another, keeping its arrays between them.
pub struct Solver {
    engine: Engine,
    bidirectional: Option<Bidirectional>,
    breadth_first: Option<BreadthFirst>,
    astar: Option<AStar>,
    idastar: Option<IdaStar>,
    /// One table per canonical goal, that is, per blank cell of the goal.
    tables: [Option<Table>; CELLS],
    /// Bidirectional work done so far towards each canonical goal.
    searched: [u64; CELLS],
    last_stats: SearchStats,
    last_engine: Engine,
}

impl Solver {
    /// A solver that uses `engine`.
    pub fn new(engine: Engine) -> Solver {
        Solver {
            engine,
            bidirectional: None,
            breadth_first: None,
            astar: None,
            idastar: None,
            tables: Default::default(),
            searched: [0; CELLS],
            last_stats: SearchStats::default(),
            last_engine: engine,
        }
    }

    /// The search work behind the last answer; a table lookup reports the
    /// work of building the table when that answer built it, else none.
    pub fn last_stats(&self) -> SearchStats {
        self.last_stats
    }

    /// The engine behind the last answer: what [`Engine::Auto`] chose, or
    /// the engine itself.
    pub fn last_engine(&self) -> Engine {
        self.last_engine
    }

    /// Writes the first shortest solution in letter order from `start` to
    /// `goal` into `path`.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, goal::Goal, moves::letters, solver::{Engine, Solver, Solution}};
    /// let mut solver = Solver::new(Engine::Auto);
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut path = Vec::new();
    /// assert_eq!(solver.solve(&start, &Goal::default(), &mut path), Solution::Solved);
    /// assert_eq!(letters(&path), "dlurullddrurdllurdr");
    /// ```
    pub fn solve(&mut self, start: &Board, goal: &Goal, path: &mut Vec<Move>) -> Solution {
        path.clear();
        self.last_stats = SearchStats::default();
        let canonical = goal.canonical();
        let slot = canonical.blank();
        let engine = match self.engine {
            Engine::Auto if self.searched[slot] >= TABLE_BREAK_EVEN => Engine::Table,
            Engine::Auto => Engine::Bidirectional,
            engine => engine,
        };
        self.last_engine = engine;
        if !goal.reachable_from(start) {
            return Solution::Unsolvable;
        }
        let start = goal.rename(start);
        let (found, stats) = match engine {
            Engine::Table => {
                let mut stats = SearchStats::default();
                let table = self.tables[slot].get_or_insert_with(|| {
                    let table = Table::build(&canonical);
                    stats = table.stats();
                    table
                });
                (table.solve(&start, path), stats)
            }
            // Auto has been resolved to one of the two above.
            Engine::Bidirectional | Engine::Auto => {
                let outcome = solve_with(&mut self.bidirectional, &start, &canonical, path);
                self.searched[slot] += outcome.1.generated;
                outcome
            }
            Engine::BreadthFirst => solve_with(&mut self.breadth_first, &start, &canonical, path),
            Engine::AStar => solve_with(&mut self.astar, &start, &canonical, path),
            Engine::IdaStar => solve_with(&mut self.idastar, &start, &canonical, path),
        };
        self.last_stats = stats;
        // Parity and search agree on every arrangement (the exhaustive
        // tests prove it); trust the search if they ever did not.
        if found {
            Solution::Solved
        } else {
            Solution::Unsolvable
        }
    }
}

/// Solves with the search kept in `kept`, made on first use; whether the goal
/// was reached, and the work it took.
fn solve_with<S: Search>(
    kept: &mut Option<S>,
    start: &Board,
    goal: &Board,
    path: &mut Vec<Move>,
) -> (bool, SearchStats) {
    let search = kept.get_or_insert_with(S::default);
    let found = search.solve(start, goal, path);
    (found, search.stats())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{unrank, Rank, STATES};

    #[test]
    fn auto_builds_the_table_once_searching_has_cost_as_much() {
        let mut solver = Solver::new(Engine::Auto);
        let goal = Goal::default();
        let mut path = Vec::new();
        let mut searched = 0;
        let mut built_after = None;
        for (puzzle, rank) in (0..STATES as Rank).step_by(101).enumerate() {
            let start = unrank(rank);
            if solver.solve(&start, &goal, &mut path) == Solution::Unsolvable {
                continue;
            }
            let stats = solver.last_stats();
            if stats.expanded == 181_440 {
                built_after = Some(puzzle);
                break;
            }
            searched += stats.generated;
        }
        assert!(built_after.is_some(), "the table was never built");
        assert!(
            searched >= TABLE_BREAK_EVEN,
            "built after {searched} states"
        );
        assert!(
            searched < TABLE_BREAK_EVEN + 100_000,
            "built late: {searched}"
        );
    }

    #[test]
    fn a_single_puzzle_never_builds_the_table() {
        let mut solver = Solver::new(Engine::Auto);
        let hardest = Board::from_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let mut path = Vec::new();
        solver.solve(&hardest, &Goal::default(), &mut path);
        assert_eq!(path.len(), 31);
        assert!(solver.tables.iter().all(Option::is_none));
    }
}
