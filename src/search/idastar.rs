//! IDA*, iterative-deepening A*: depth-first searches that give up on a
//! branch once moves made plus
//! [`ManhattanConflicts`](super::heuristic::ManhattanConflicts)'s estimate
//! of moves left exceed a bound, with the bound raised to the smallest
//! excess after each failed round.
//!
//! It remembers nothing but the path it is on: no rank arrays, no queue,
//! memory proportional to the solution's length. The price is that it
//! cannot tell a state it has seen before, except the one it just came from,
//! and repeats the shallow rounds each time the bound rises. On the
//! 8-puzzle, with a good heuristic, that is still only thousands of states.
//!
//! The board is changed in place as the search goes down and restored on
//! the way back, so a state costs one swap and one estimate.
//!
//! **The answer is the canonical one** (`search::canonical`) with
//! no extra work. The moves are tried in letter order, so a round meets the
//! paths within its bound in the order of their strings. With a heuristic
//! that never overestimates, the bound never passes the shortest length
//! `L` (the states of a shortest path all have `f <= L`, so a failed round
//! leaves a bound at most `L`), and no round below `L` reaches the goal: the
//! round that does has bound `L` and finds its first string of `L` moves.
//! Neither cut loses one: a branch cut at `f > L` has no way to the goal
//! within `L`, and undoing the previous move never lies on a shortest path.

use std::ops::ControlFlow::{self, Break, Continue};

use crate::board::{Board, CELLS};
use crate::memory::MemoryError;
use crate::moves::{steps_from, Move};
use crate::parity::solvable;
use crate::search::heuristic::{Guided, Informed};
use crate::search::SearchStats;

/// Reusable state for IDA* searches, with the heuristic tables for the last
/// goal searched. It answers `false` at once when parity says the goal
/// cannot be reached: a depth-first search could never prove that itself.
///
/// # Example
/// ```
/// use eight::{board::Board, search::idastar::IdaStar};
/// use eight::search::Search;
/// let swapped = Board::from_tiles(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
/// let mut path = Vec::new();
/// let mut search = IdaStar::new().unwrap();
/// assert!(!search.solve(&swapped, &Board::GOAL, &mut path));
/// assert_eq!(search.stats().expanded, 0);
/// ```
pub type IdaStar = Informed<Deepening>;

/// The search proper: the work of the last search, over all its rounds.
/// Since IDA* keeps no frontier, `max_frontier` counts the states on the
/// deepest path it held, which is all the memory it needs.
#[derive(Default)]
pub struct Deepening {
    stats: SearchStats,
}

/// How one depth-first round ended: `Break` once the goal is reached, the
/// path holding the moves, else `Continue` with the smallest `g + h` that
/// went over the bound.
type Round = ControlFlow<(), u32>;

/// One search in progress: the board being changed in place and what the
/// rounds share.
struct Probe<'a, H> {
    tiles: [u8; CELLS],
    goal: &'a [u8; CELLS],
    heuristic: H,
    path: &'a mut Vec<Move>,
    stats: &'a mut SearchStats,
}

impl Guided for Deepening {
    /// Nothing to allocate: IDA* keeps only its path.
    fn new() -> Result<Deepening, MemoryError> {
        Ok(Deepening::default())
    }

    /// Raises the bound round by round until a round reaches the goal.
    fn search_with(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: impl Fn(&[u8; CELLS]) -> u32,
        path: &mut Vec<Move>,
    ) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        if !solvable(start, goal) {
            return false;
        }
        let mut bound = heuristic(start.tiles());
        let mut probe = Probe {
            tiles: *start.tiles(),
            goal: goal.tiles(),
            heuristic,
            path,
            stats: &mut self.stats,
        };
        // A solvable puzzle has a path, and every round raises the bound to
        // a value some branch reaches, so some round finds it.
        while let Continue(next) = probe.descend(start.blank(), 0, None, bound) {
            bound = next;
        }
        true
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}

impl<H: Fn(&[u8; CELLS]) -> u32> Probe<'_, H> {
    /// Searches below the current board, `g` moves from the start with the
    /// blank at `blank`, having arrived by `arrived_by`.
    fn descend(&mut self, blank: usize, g: u32, arrived_by: Option<Move>, bound: u32) -> Round {
        let f = g.saturating_add((self.heuristic)(&self.tiles));
        if f > bound {
            return Continue(f);
        }
        if self.tiles == *self.goal {
            return Break(());
        }
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(u64::from(g) + 1);
        let mut next = u32::MAX;
        for &(step, target) in steps_from(blank) {
            if Some(step.inverse()) == arrived_by {
                continue;
            }
            let target = usize::from(target);
            self.stats.generated += 1;
            self.tiles.swap(blank, target);
            self.path.push(step);
            next = next.min(self.descend(target, g + 1, Some(step), bound)?);
            self.path.pop();
            self.tiles.swap(blank, target);
        }
        Continue(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{assert_canonical_with_a_patchy_heuristic, assert_matches_the_table};
    use crate::search::{assert_solves_known_puzzles, board, Search};

    #[test]
    fn solves_the_sample_and_the_hardest_puzzles_optimally() {
        // Depth-first, it holds only the path: its frontier is the length.
        // An unreachable goal is answered without searching.
        assert_solves_known_puzzles(&mut IdaStar::new().unwrap(), |search, start, length| {
            match length {
                Some(length) => assert_eq!(search.stats().max_frontier, length as u64, "{start}"),
                None => assert_eq!(search.stats(), SearchStats::default()),
            }
        });
    }

    #[test]
    fn matches_the_table_towards_other_goals() {
        assert_matches_the_table(&mut IdaStar::new().unwrap(), &[4, 0], 4999, true);
    }

    #[test]
    fn stays_canonical_with_an_admissible_but_inconsistent_heuristic() {
        let starts = [
            board([2, 3, 4, 1, 5, 0, 7, 6, 8]),
            board([1, 2, 3, 0, 4, 6, 7, 5, 8]),
        ];
        assert_canonical_with_a_patchy_heuristic(&mut IdaStar::new().unwrap(), starts);
    }
}
