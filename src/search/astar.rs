//! A*: best-first search on `f = g + h`, moves made plus moves still
//! needed at least, guided by
//! [`ManhattanConflicts`](super::heuristic::ManhattanConflicts) (Manhattan
//! distance plus linear conflicts).
//!
//! Where breadth-first search expands every state closer than the goal,
//! A* expands only the states whose `f` is at most the solution's length
//! `L`, which the heuristic keeps to a few hundred for most puzzles.
//!
//! **The answer is the canonical one** (`search::canonical`), for
//! any heuristic that never overestimates, consistent or not. Once the goal
//! is popped at `g = L`, the search goes on expanding every state with
//! `f <= L`. Then every state on a shortest path holds its exact distance
//! from the start: if one did not, take the first on its path that does
//! not; the one before it was queued with its exact `g` and
//! `f <= g + h* = L`, so it was expanded at that `g`, which gave the next
//! one its exact distance too. And a neighbour of a state `s` on a shortest
//! path whose `g` is one less than `s`'s lies on one as well, since `g` is
//! the length of some way to it and never less than its distance. So the
//! marks made back from the goal by `g` are exactly the shortest paths'
//! states, and the walk from the start takes the first letter onto one.
//!
//! `f` is a small integer, so the open list is a bucket queue: one stack of
//! states per `f`, popped from the lowest non-empty bucket. Within a bucket
//! the last state pushed comes out first; the order matters little, since
//! every state with `f <= L` is expanded anyway. Best `g` values and marks
//! live in flat arrays indexed by rank, stamped per search; a state found again
//! by a shorter path is pushed again and its older entry skipped when it
//! surfaces, so the queue needs no decrease-key.

use crate::board::{Board, CELLS};
use crate::memory::{self, MemoryError};
use crate::moves::Move;
use crate::rank::{Rank, STATES};
use crate::search::canonical::Backtrack;
use crate::search::heuristic::{Guided, Informed};
use crate::search::visits::{Stamp, Visits};
use crate::search::{Node, SearchStats};

/// Reusable state for A* searches, with the heuristic tables for the last
/// goal searched. It learns that a goal cannot be reached by exhausting
/// the states it can reach: callers check [`crate::parity::solvable`] first.
///
/// # Example
/// ```
/// use eight::{board::Board, search::astar::AStar};
/// use eight::search::Search;
/// let start = Board::from_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
/// let mut path = Vec::new();
/// let mut search = AStar::new().unwrap();
/// assert!(search.solve(&start, &Board::GOAL, &mut path));
/// assert_eq!(path.len(), 31);
/// assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
/// ```
pub type AStar = Informed<OpenList>;

/// The search proper: the open list and the rank-indexed arrays.
pub struct OpenList {
    /// The states reached in this search, marked [`REACHED`], or
    /// [`ON_PATH`] once found on a shortest path.
    visits: Visits,
    /// `g[rank]`: the moves of the shortest way to the state found so far;
    /// valid where `visits` has a mark.
    g: Vec<u32>,
    /// `buckets[f]`: queued states with that `f`, and the `g` they were
    /// queued with; an entry whose `g` is above `g[rank]` is stale.
    buckets: Vec<Vec<(Node, u32)>>,
    /// No bucket below this one holds an entry.
    lowest: usize,
    /// Entries in all buckets, stale ones included.
    queued: u64,
    backtrack: Backtrack,
    stats: SearchStats,
}

/// The mark of a state reached.
const REACHED: Stamp = 0;
/// The mark of a state found on a shortest path.
const ON_PATH: Stamp = 1;

/// If the heuristic is also consistent (it drops by at most one per move),
/// no state is expanded twice; if not, states reached again by a shorter
/// way are expanded again, and the path is still the first shortest one.
/// Its values must stay small: the open list keeps a bucket for every value
/// of `g + h` up to the largest seen.
impl Guided for OpenList {
    /// Allocates the rank-indexed arrays (1.8 MB).
    fn new() -> Result<OpenList, MemoryError> {
        Ok(OpenList {
            visits: Visits::new()?,
            g: memory::filled(STATES, 0, "the distances of a 3x3 search")?,
            buckets: Vec::new(),
            lowest: 0,
            queued: 0,
            backtrack: Backtrack::default(),
            stats: SearchStats::default(),
        })
    }

    fn search_with(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: impl Fn(&[u8; CELLS]) -> u32,
        path: &mut Vec<Move>,
    ) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.queued = 0;
        self.lowest = 0;
        self.visits.start(2);
        let root = Node::root(start);
        let goal = Node::root(goal).rank;
        self.reach(root, 0, heuristic(&root.tiles));
        // The goal and its distance, once popped.
        let mut found = None;
        while let Some((node, g, f)) = self.pop() {
            if found.is_some_and(|(_, length)| f > length) {
                break;
            }
            if g > self.g[node.rank as usize] {
                continue;
            }
            // Checked when popped, not when generated: only then is no
            // shorter way to it left in the queue.
            if node.rank == goal {
                found = Some((node, g));
                continue;
            }
            self.stats.expanded += 1;
            let child_g = g + 1;
            for (_, child) in node.children() {
                self.stats.generated += 1;
                let slot = child.rank as usize;
                if self.visits.mark(child.rank).is_some() && self.g[slot] <= child_g {
                    continue;
                }
                self.reach(child, child_g, heuristic(&child.tiles));
            }
        }
        let Some((goal, length)) = found else {
            return false;
        };
        // Marks back from the goal by `g`, and walks forward through the marks.
        self.visits.visit(goal.rank, ON_PATH);
        self.backtrack.ends().push(goal);
        let g = &self.g;
        let kinds = |rank: Rank, d| (g[rank as usize] == d).then_some((REACHED, ON_PATH));
        self.backtrack
            .trace(&mut self.visits, root, length, path, kinds);
        true
    }

    fn stats(&self) -> SearchStats {
        self.stats
    }
}

impl OpenList {
    /// Marks `node` reached by `g` moves and queues it at `f = g + h`.
    fn reach(&mut self, node: Node, g: u32, h: u32) {
        self.visits.visit(node.rank, REACHED);
        self.g[node.rank as usize] = g;
        let f = g as usize + h as usize;
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push((node, g));
        self.lowest = self.lowest.min(f);
        self.queued += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(self.queued);
    }

    /// The next entry with the lowest `f`, and that `f`.
    fn pop(&mut self) -> Option<(Node, u32, u32)> {
        while let Some(bucket) = self.buckets.get_mut(self.lowest) {
            if let Some((node, g)) = bucket.pop() {
                self.queued -= 1;
                return Some((node, g, self.lowest as u32));
            }
            self.lowest += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parity::solvable;
    use crate::rank::{unrank, Rank};
    use crate::search::{assert_canonical_with_a_patchy_heuristic, assert_matches_the_table};
    use crate::search::{assert_solves_known_puzzles, board, Search};

    #[test]
    fn solves_the_sample_and_the_hardest_puzzles_optimally() {
        assert_solves_known_puzzles(&mut AStar::new().unwrap(), |search, _, length| {
            // Every reachable state is expanded at least once before the
            // queue runs dry on an unreachable goal, so this count means none
            // was expanded twice: the heuristic is consistent.
            if length.is_none() {
                assert_eq!(search.stats().expanded, STATES as u64 / 2);
            }
        });
    }

    #[test]
    fn switches_heuristic_tables_when_the_goal_changes() {
        assert_matches_the_table(&mut AStar::new().unwrap(), &[8, 4, 0, 8], 4999, true);
    }

    /// Without reopening A* would settle for longer paths, and without
    /// expanding every state with `f <= L`, for other strings.
    #[test]
    fn stays_canonical_with_an_admissible_but_inconsistent_heuristic() {
        let starts = (0..STATES as Rank).step_by(1009).map(unrank);
        let reachable = starts.filter(|start| solvable(start, &Board::GOAL));
        assert_canonical_with_a_patchy_heuristic(&mut AStar::new().unwrap(), reachable);
    }

    #[test]
    fn the_heuristic_saves_most_of_the_work() {
        let mut search = AStar::new().unwrap();
        let mut path = Vec::new();
        let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
        assert!(search.solve(&start, &Board::GOAL, &mut path));
        let expanded_by_heuristic = search.stats().expanded;
        // Zero is consistent too; it makes A* a uniform-cost search, which
        // on a 31-move puzzle expands nearly all 181,440 reachable states.
        assert!(search.solve_with(&start, &Board::GOAL, |_| 0, &mut path));
        assert_eq!(path.len(), 31);
        assert!(search.stats().expanded < STATES as u64 / 2);
        assert!(expanded_by_heuristic * 10 < search.stats().expanded);
    }
}
