//! Plain breadth-first search from the start: the baseline the other
//! searches are measured against in `eight compare`.
//!
//! It expands states in order of their distance from the start, so the
//! first time it generates the goal it has found a shortest path. The price
//! is that it expands every state closer than the goal: for the hardest
//! puzzles that is nearly all of the 9!/2 reachable states, where
//! bidirectional search meets in the middle after some ten thousand and A*
//! follows its heuristic through fewer still.
//!
//! The answer is the canonical one (`search::canonical`): each
//! state is marked with its depth modulo 3, and when the goal turns up at
//! depth `L`, every layer before it is complete, so marking back from the
//! goal finds every state on a shortest path, and the walk from the start
//! takes the first letter onto one at each step.
//!
//! Like [`crate::search::bidir`] it keeps its marks in a flat array indexed
//! by rank and stamped per search, so nothing is allocated or cleared per
//! puzzle.

use crate::board::Board;
use crate::memory::{self, MemoryError};
use crate::moves::Move;
use crate::rank::STATES;
use crate::search::canonical::Backtrack;
use crate::search::visits::{Stamp, Visits};
use crate::search::Search;
use crate::search::{Node, SearchStats};

/// Reusable state for breadth-first searches.
pub struct BreadthFirst {
    /// The states reached, marked by [`reached`] with their depth, and by
    /// [`on_path`] once found on a shortest path.
    visits: Visits,
    /// Every state reached, in the order reached; the ones from `head` on
    /// are waiting to be expanded.
    queue: Vec<Node>,
    backtrack: Backtrack,
    stats: SearchStats,
    /// `layer_starts[d]`: the states expanded before the first of depth
    /// `d`, one entry per layer begun, so the work per depth is read from
    /// boundaries the search crosses anyway.
    layer_starts: Vec<u64>,
}

/// Kinds of mark: depth modulo 3 as reached, then on a shortest path.
const KINDS: Stamp = 6;

/// The mark of a state reached at `depth`.
fn reached(depth: u32) -> Stamp {
    (depth % 3) as Stamp
}

/// The mark of a state at `depth` on a shortest path.
fn on_path(depth: u32) -> Stamp {
    (3 + depth % 3) as Stamp
}

impl BreadthFirst {
    /// Allocates the rank-indexed marks and the queue, whole: a search
    /// reaches at most the 9!/2 states of its start's half, so the queue
    /// never grows. Where they do not fit in memory, says so.
    pub fn new() -> Result<BreadthFirst, MemoryError> {
        Ok(BreadthFirst {
            visits: Visits::new()?,
            queue: memory::with_capacity(STATES / 2, "the queue of a 3x3 search")?,
            backtrack: Backtrack::default(),
            stats: SearchStats::default(),
            layer_starts: Vec::new(),
        })
    }

    /// The states the last search expanded at each depth from the start:
    /// entry `d` counts the states `d` moves from the start whose moves it
    /// generated, so the entries add up to [`SearchStats::expanded`]. Every
    /// layer but the last is complete, every state at that distance from
    /// the start; the last is the one whose expansion generated the goal,
    /// cut off there (or, when no goal was found, complete too). A path of
    /// `L` moves gives `L` entries; a start equal to the goal gives none.
    /// The search only notes where each layer starts; this adds them up.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::{bfs::BreadthFirst, Search}};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut search = BreadthFirst::new().unwrap();
    /// assert!(search.solve(&start, &Board::GOAL, &mut Vec::new()));
    /// let layers = search.expanded_by_depth();
    /// assert_eq!(layers.len(), 19);
    /// // From the blank on an edge: three moves, then five new states.
    /// assert_eq!(layers[..4], [1, 3, 5, 10]);
    /// assert_eq!(layers.iter().sum::<u64>(), search.stats().expanded);
    /// ```
    pub fn expanded_by_depth(&self) -> Vec<u64> {
        let ends = self.layer_starts.iter().skip(1);
        let ends = ends.chain([&self.stats.expanded]);
        let starts = self.layer_starts.iter();
        starts.zip(ends).map(|(start, end)| end - start).collect()
    }
}

impl Search for BreadthFirst {
    type Board = Board;

    /// Finds the first shortest path from `start` to `goal` in letter order
    /// and writes its moves to `path`. Returns `false`, with `path` empty,
    /// when the goal cannot be reached, which it learns by exhausting the
    /// 9!/2 states it can reach: callers check [`crate::parity::solvable`]
    /// first.
    fn solve(&mut self, start: &Board, goal: &Board, path: &mut Vec<Move>) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        self.layer_starts.clear();
        if start == goal {
            return true;
        }
        let root = Node::root(start);
        let goal = Node::root(goal).rank;
        self.visits.start(KINDS);
        self.visits.visit(root.rank, reached(0));
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        // The queue holds depth `depth` up to `layer_end`, then the next.
        let (mut depth, mut layer_end) = (0, 1);
        self.layer_starts.push(0);
        while let Some(&node) = self.queue.get(head) {
            if head == layer_end {
                depth += 1;
                layer_end = self.queue.len();
                self.layer_starts.push(self.stats.expanded);
            }
            head += 1;
            self.stats.expanded += 1;
            let waiting = (self.queue.len() - head + 1) as u64;
            self.stats.max_frontier = self.stats.max_frontier.max(waiting);
            for (_, child) in node.children() {
                self.stats.generated += 1;
                if self.visits.mark(child.rank).is_some() {
                    continue;
                }
                if child.rank == goal {
                    // Every layer before the goal's is complete; the goal's
                    // own is not, but it is never asked for.
                    self.visits.visit(child.rank, on_path(depth + 1));
                    self.backtrack.ends().push(child);
                    let kinds = |_, d| Some((reached(d), on_path(d)));
                    self.backtrack
                        .trace(&mut self.visits, root, depth + 1, path, kinds);
                    return true;
                }
                self.visits.visit(child.rank, reached(depth + 1));
                self.queue.push(child);
            }
        }
        false
    }

    /// The work done by the last search.
    fn stats(&self) -> SearchStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{assert_matches_the_table, assert_solves_known_puzzles, distances_from};

    #[test]
    fn finds_the_table_s_answers_to_any_canonical_goal() {
        assert_solves_known_puzzles(&mut BreadthFirst::new().unwrap(), |_, _, _| {});
        assert_matches_the_table(&mut BreadthFirst::new().unwrap(), &[8, 4, 0], 4999, true);
    }

    #[test]
    fn reports_the_work_done() {
        let mut search = BreadthFirst::new().unwrap();
        let mut path = Vec::new();
        let one_away = Board::GOAL.apply(Move::Up).unwrap();
        assert!(search.solve(&one_away, &Board::GOAL, &mut path));
        assert_eq!(path, [Move::Down]);
        // The root is expanded; the goal is its first child in letter order.
        assert_eq!(search.stats().expanded, 1);
        assert_eq!(search.stats().generated, 1);
        assert!(search.solve(&Board::GOAL, &Board::GOAL, &mut path));
        assert_eq!(search.stats(), SearchStats::default());
    }

    /// The layers add up to the work, and each but the goal's holds every
    /// state at its distance from the start; a search that finds no goal
    /// has every layer complete.
    #[test]
    fn each_depth_s_expansions_are_the_states_at_that_distance() {
        let mut search = BreadthFirst::new().unwrap();
        assert_solves_known_puzzles(&mut search, |search, start, length| {
            let layers = search.expanded_by_depth();
            assert_eq!(
                layers.iter().sum::<u64>(),
                search.stats().expanded,
                "{start}"
            );
            let around = distances_from(start);
            let Some(length) = length else {
                assert_eq!(layers, around, "{start}");
                return;
            };
            assert_eq!(layers.len(), length, "{start}");
            if let Some((last, complete)) = layers.split_last() {
                assert_eq!(complete, &around[..length - 1], "{start}");
                assert!(*last <= around[length - 1], "{start}");
            }
        });
    }
}
