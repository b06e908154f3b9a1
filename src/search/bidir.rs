//! Bidirectional breadth-first search: the engine for one puzzle or a few.
//!
//! Both sides grow a whole layer at a time, the smaller frontier first, and
//! the search stops in the first layer that generates a state the other
//! side has already reached. That first meeting gives the shortest length:
//! before the layer was expanded no state belonged to both sides, so every
//! state the other side holds at a shallower depth has all its neighbours
//! inside that side already, and the meeting state must sit on the other
//! side's deepest layer. With the start side's deepest layer at depth `a`
//! and the goal side's at `b`, the shortest length is `L = a + 1 + b`.
//!
//! **The answer is the canonical one** (`search::canonical`), the
//! first shortest solution in letter order, rebuilt from both searches
//! rather than from the one path that met first:
//! - Every shortest solution crosses from the start side's layer `a` to the
//!   goal side's layer `b` on its `a + 1`-th move: the state after `i` moves
//!   is `i` from the start and `L - i` from the goal. So the states of layer
//!   `a` on a shortest path are exactly those with a neighbour in layer `b`.
//!   The meeting layer is scanned to its end for them: its states before
//!   the first meeting had no neighbour on the other side, or the search
//!   would have stopped sooner.
//! - Both sides' complete layers hold exact depths, and each state is marked
//!   with its side and its depth modulo 3, which tells a neighbour one
//!   nearer the root from one further away. The expanding side's partial
//!   next layer is marked too, at its own depth; it is never asked for.
//! - From layer `a` the start side is marked back to the start, and the walk
//!   takes the first letter onto a marked state for `a` moves, the first onto
//!   layer `b` of the goal side for one, and then the first onto the goal
//!   side's next nearer layer until it reaches the goal.
//!
//! The marks live in one flat array indexed by rank and stamped per search
//! (`search::visits`), so the next puzzle starts without clearing 9! slots.

use crate::board::Board;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::search::canonical::{walk, Backtrack};
use crate::search::visits::{Stamp, Visits};
use crate::search::Search;
use crate::search::{Node, SearchStats};

/// Reusable state for bidirectional searches.
pub struct Bidirectional {
    /// The states reached, marked by [`reached`] with their side and depth,
    /// and by [`on_path`] once found on a shortest path.
    visits: Visits,
    /// Every state each side reached, layer after layer: index 0 grows from
    /// the start, 1 from the goal.
    reached: [Vec<Node>; 2],
    /// `layers[side][d]`: where depth `d` starts in `reached[side]`; the
    /// last one is the frontier, which runs to the end.
    layers: [Vec<usize>; 2],
    backtrack: Backtrack,
    stats: SearchStats,
    /// The side whose layer met the other's in the last search, if any.
    met: Option<usize>,
}

const START_SIDE: usize = 0;
const GOAL_SIDE: usize = 1;

/// Kinds of mark: a side's states by depth modulo 3 (kinds 0 to 5), then
/// the start side's states on a shortest path, by depth modulo 3.
const KINDS: Stamp = 9;

/// The mark of a state `side` reached at `depth`.
fn reached(side: usize, depth: usize) -> Stamp {
    (side * 3 + depth % 3) as Stamp
}

/// The mark of a start-side state at `depth` on a shortest path.
fn on_path(depth: usize) -> Stamp {
    (6 + depth % 3) as Stamp
}

impl Bidirectional {
    /// Allocates the rank-indexed array, or says it does not fit in
    /// memory.
    pub fn new() -> Result<Bidirectional, MemoryError> {
        Ok(Bidirectional {
            visits: Visits::new()?,
            reached: Default::default(),
            layers: Default::default(),
            backtrack: Backtrack::default(),
            stats: SearchStats::default(),
            met: None,
        })
    }

    /// The states the last search expanded at each depth from each side's
    /// root: `[from_start, from_goal]`, entry `d` of a side counting the
    /// expansions of its states `d` moves from its root, so all the entries
    /// add up to [`SearchStats::expanded`], as in
    /// [`BreadthFirst::expanded_by_depth`](crate::search::bfs::BreadthFirst::expanded_by_depth).
    /// A side's entries are its complete layers, each every state at that
    /// distance from its root, and the side that met the other has one
    /// more: the layer whose expansion met, counted to its end, where the
    /// state whose move met is counted twice (it is expanded again when the
    /// layer is scanned for every crossing). So the two lengths add up to
    /// the path's, `a + 1 + b` in the terms above; a start equal to the
    /// goal gives no entries.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::{bidir::Bidirectional, Search}};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut search = Bidirectional::new().unwrap();
    /// assert!(search.solve(&start, &Board::GOAL, &mut Vec::new()));
    /// let [from_start, from_goal] = search.expanded_by_depth();
    /// assert_eq!(from_start.len() + from_goal.len(), 19);
    /// let expanded: u64 = from_start.iter().chain(&from_goal).sum();
    /// assert_eq!(expanded, search.stats().expanded);
    /// ```
    pub fn expanded_by_depth(&self) -> [Vec<u64>; 2] {
        let mut sides: [Vec<u64>; 2] = [START_SIDE, GOAL_SIDE].map(|side| {
            let complete = self.layers[side].windows(2);
            complete.map(|layer| (layer[1] - layer[0]) as u64).collect()
        });
        if let Some(side) = self.met {
            let complete: u64 = sides.iter().flatten().sum();
            sides[side].push(self.stats.expanded - complete);
        }
        sides
    }

    /// The deepest complete layer of `side`.
    fn frontier(&self, side: usize) -> &[Node] {
        &self.reached[side][self.layers[side][self.layers[side].len() - 1]..]
    }

    /// The depth of `side`'s deepest complete layer.
    fn depth(&self, side: usize) -> usize {
        self.layers[side].len() - 1
    }

    /// Adds the layer after `side`'s frontier; or, at the first state the
    /// other side has reached, stops and returns the index in
    /// `reached[side]` of the frontier state that generated it.
    fn expand_layer(&mut self, side: usize) -> Option<usize> {
        let begin = self.layers[side][self.depth(side)];
        let end = self.reached[side].len();
        let kind = reached(side, self.depth(side) + 1);
        self.stats.max_frontier = self
            .stats
            .max_frontier
            .max((end - begin + self.frontier(1 - side).len()) as u64);
        for i in begin..end {
            let node = self.reached[side][i];
            self.stats.expanded += 1;
            for (_, child) in node.children() {
                self.stats.generated += 1;
                match self.visits.mark(child.rank) {
                    None => self.visits.visit(child.rank, kind),
                    // A mark of this side: 0 to 2 from the start, 3 to 5 from the goal.
                    Some(mark) if usize::from(mark / 3) == side => continue,
                    Some(_) => {
                        // The partial layer stays marked but leaves the list.
                        self.reached[side].truncate(end);
                        return Some(i);
                    }
                }
                self.reached[side].push(child);
            }
        }
        self.layers[side].push(end);
        None
    }

    /// Marks the start side's deepest states that neighbour the goal side's
    /// deepest layer, scanning `side`'s frontier from the state at `first`,
    /// which met the other side first (those before it met nothing). Then
    /// marks the start side back from them, and walks: through marked states
    /// to depth `a`, across to the goal side's layer `b`, and one layer
    /// nearer the goal with every move.
    fn write_path(&mut self, side: usize, first: usize, path: &mut Vec<Move>) {
        let (a, b) = (self.depth(START_SIDE), self.depth(GOAL_SIDE));
        let (start_deepest, goal_deepest) = (reached(START_SIDE, a), reached(GOAL_SIDE, b));
        let ends = self.backtrack.ends();
        for &node in &self.reached[side][first..] {
            self.stats.expanded += 1;
            for (_, child) in node.children() {
                self.stats.generated += 1;
                let (start_end, goal_end) = if side == START_SIDE {
                    (node, child)
                } else {
                    (child, node)
                };
                if self.visits.mark(start_end.rank) == Some(start_deepest)
                    && self.visits.mark(goal_end.rank) == Some(goal_deepest)
                {
                    self.visits.visit(start_end.rank, on_path(a));
                    ends.push(start_end);
                }
            }
        }
        let kinds = |_, d| Some((reached(START_SIDE, d as usize), on_path(d as usize)));
        let root = self.reached[START_SIDE][0];
        let crossing = self
            .backtrack
            .trace(&mut self.visits, root, a as u32, path, kinds);
        let visits = &self.visits;
        walk(crossing, b as u32 + 1, path, |rank, i| {
            visits.mark(rank) == Some(reached(GOAL_SIDE, b + 1 - i as usize))
        });
    }
}

impl Search for Bidirectional {
    type Board = Board;

    /// Finds the first shortest path from `start` to `goal` in letter order
    /// and writes its moves to `path`. Returns `false`, with `path` empty,
    /// when the goal cannot be reached; callers check
    /// [`crate::parity::solvable`] first, because proving that by search
    /// visits half the state space.
    fn solve(&mut self, start: &Board, goal: &Board, path: &mut Vec<Move>) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        self.met = None;
        self.layers.iter_mut().for_each(Vec::clear);
        if start == goal {
            return true;
        }
        self.visits.start(KINDS);
        for (side, board) in [start, goal].into_iter().enumerate() {
            let root = Node::root(board);
            self.visits.visit(root.rank, reached(side, 0));
            self.reached[side].clear();
            self.reached[side].push(root);
            self.layers[side].push(0);
        }
        let (side, first) = loop {
            let side = if self.frontier(START_SIDE).len() <= self.frontier(GOAL_SIDE).len() {
                START_SIDE
            } else {
                GOAL_SIDE
            };
            if self.frontier(side).is_empty() {
                return false;
            }
            if let Some(first) = self.expand_layer(side) {
                break (side, first);
            }
        };
        self.met = Some(side);
        self.write_path(side, first, path);
        true
    }

    /// The work done by the last search.
    fn stats(&self) -> SearchStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{
        assert_matches_the_table, assert_solves_known_puzzles, board, distances_from,
    };

    #[test]
    fn solves_the_sample_and_the_hardest_puzzles_optimally() {
        assert_solves_known_puzzles(&mut Bidirectional::new().unwrap(), |_, _, _| {});
    }

    /// Either side may expand last and meet the other; every answer must
    /// still be the table's, which is the canonical one.
    #[test]
    fn answers_are_the_table_s_towards_any_goal() {
        // Proving the other half unreachable takes a whole search.
        assert_matches_the_table(
            &mut Bidirectional::new().unwrap(),
            &[8, 4, 0, 1],
            293,
            false,
        );
    }

    #[test]
    fn stamps_wrap_without_stale_marks() {
        let mut search = Bidirectional::new().unwrap();
        search.visits.exhaust(u8::MAX - 2);
        let mut path = Vec::new();
        let start = board([2, 3, 4, 1, 5, 0, 7, 6, 8]);
        for _ in 0..3 {
            assert!(search.solve(&start, &Board::GOAL, &mut path));
            assert_eq!(path.len(), 19);
            assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
        }
    }

    /// The two sides' layers add up to the work and, in length, to the
    /// path; each side's layers before its deepest hold every state at
    /// their distance from its root, and its deepest at most one more (the
    /// state that met, expanded twice).
    #[test]
    fn each_side_s_layers_are_the_states_at_their_distance() {
        let mut search = Bidirectional::new().unwrap();
        assert_solves_known_puzzles(&mut search, |search, start, length| {
            let sides = search.expanded_by_depth();
            let expanded: u64 = sides.iter().flatten().sum();
            assert_eq!(expanded, search.stats().expanded, "{start}");
            if let Some(length) = length {
                assert_eq!(sides[0].len() + sides[1].len(), length, "{start}");
            }
            for (layers, root) in sides.iter().zip([start, &Board::GOAL]) {
                let around = distances_from(root);
                if let Some((last, complete)) = layers.split_last() {
                    assert_eq!(complete, &around[..complete.len()], "{start}");
                    assert!(*last <= around[complete.len()] + 1, "{start}");
                }
            }
        });
    }
}
