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
//! Like [`crate::search::bidir`] it keeps its marks and parents in a flat
//! array indexed by rank and stamped per search, so nothing is allocated or
//! cleared per puzzle.

use crate::board::Board;
use crate::moves::Move;
use crate::search::visits::Visits;
use crate::search::{Node, SearchStats};

/// Reusable state for breadth-first searches.
pub struct BreadthFirst {
    /// The states reached, each with the state it was first reached from
    /// (one kind of mark).
    visits: Visits,
    /// Every state reached, in the order reached; the ones from `head` on
    /// are waiting to be expanded.
    queue: Vec<Node>,
    stats: SearchStats,
}

impl Default for BreadthFirst {
    fn default() -> Self {
        Self::new()
    }
}

impl BreadthFirst {
    /// Allocates the rank-indexed arrays.
    pub fn new() -> BreadthFirst {
        BreadthFirst {
            visits: Visits::new(),
            queue: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// The work done by the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Finds a shortest path from `start` to `goal` and writes its moves to
    /// `path`. Returns `false`, with `path` empty, when the goal cannot be
    /// reached, which it learns by exhausting the 9!/2 states it can reach:
    /// callers check [`crate::parity::solvable`] first.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::bfs::BreadthFirst};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut path = Vec::new();
    /// let mut search = BreadthFirst::new();
    /// assert!(search.solve(&start, &Board::GOAL, &mut path));
    /// assert_eq!(path.len(), 19);
    /// assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
    /// ```
    pub fn solve(&mut self, start: &Board, goal: &Board, path: &mut Vec<Move>) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        if start == goal {
            return true;
        }
        let root = Node::root(start);
        let goal = Node::root(goal).rank;
        self.visits.start(1);
        self.visits.root(root.rank, 0);
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while let Some(&node) = self.queue.get(head) {
            head += 1;
            self.stats.expanded += 1;
            let waiting = (self.queue.len() - head + 1) as u64;
            self.stats.max_frontier = self.stats.max_frontier.max(waiting);
            for (step, child) in node.children() {
                self.stats.generated += 1;
                if self.visits.mark(child.rank).is_some() {
                    continue;
                }
                self.visits.visit(child.rank, 0, node.rank, step);
                if child.rank == goal {
                    self.visits.trace(root.rank, goal, path);
                    return true;
                }
                self.queue.push(child);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::board;
    use crate::search::table::DistanceMap;

    #[test]
    fn finds_shortest_paths_to_any_canonical_goal() {
        let mut search = BreadthFirst::new();
        let mut path = Vec::new();
        for blank in [8, 4, 0] {
            let goal = Board::canonical(blank);
            let table = DistanceMap::build(&goal);
            for start in [
                board([2, 3, 4, 1, 5, 0, 7, 6, 8]),
                board([8, 6, 7, 2, 5, 4, 3, 0, 1]),
                board([1, 2, 3, 4, 5, 6, 0, 7, 8]),
                board([0, 1, 2, 3, 4, 5, 6, 7, 8]),
                goal,
            ] {
                let found = search.solve(&start, &goal, &mut path);
                match table.distance(&start) {
                    Some(d) => {
                        assert!(found, "{start} to {goal}");
                        assert_eq!(path.len(), usize::from(d), "{start} to {goal}");
                        assert_eq!(start.apply_all(&path), Ok(goal));
                    }
                    None => assert!(!found && path.is_empty(), "{start} to {goal}"),
                }
            }
        }
    }

    #[test]
    fn reports_the_work_done() {
        let mut search = BreadthFirst::new();
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
}
