//! Bidirectional breadth-first search: the engine for one puzzle or a few.
//!
//! Both sides grow a whole layer at a time, the smaller frontier first, and
//! the search stops at the first state one side generates that the other
//! has already reached. That first meeting is a shortest path: before the
//! layer was expanded no state belonged to both sides, so every state the
//! other side holds at a shallower depth has all its neighbours inside that
//! side already, and the meeting state must sit on the other side's deepest
//! layer, at the only length left.
//!
//! The visited marks live in one flat array indexed by rank and stamped per
//! search (`search::visits`), so the next puzzle starts without clearing 9! slots.

use std::mem;

use crate::board::Board;
use crate::moves::Move;
use crate::rank::Rank;
use crate::search::visits::Visits;
use crate::search::{Node, SearchStats};

/// Reusable state for bidirectional searches.
pub struct Bidirectional {
    /// The states reached, marked with the side that reached them
    /// ([`START_SIDE`] or [`GOAL_SIDE`]) and linked to their parent there.
    visits: Visits,
    /// Frontier per side: index 0 grows from the start, 1 from the goal.
    frontier: [Vec<Node>; 2],
    next: Vec<Node>,
    stats: SearchStats,
}

/// Where the two sides touched: `from` (reached by `side`) steps by `step` to
/// `to` (reached by the other side).
struct Meeting {
    side: usize,
    from: Rank,
    step: Move,
    to: Rank,
}

const START_SIDE: usize = 0;
const GOAL_SIDE: usize = 1;

impl Default for Bidirectional {
    fn default() -> Self {
        Self::new()
    }
}

impl Bidirectional {
    /// Allocates the rank-indexed arrays. They are zeroed lazily by the
    /// operating system, so a process that solves one easy puzzle touches
    /// only the pages it needs.
    pub fn new() -> Bidirectional {
        Bidirectional {
            visits: Visits::new(),
            frontier: [Vec::new(), Vec::new()],
            next: Vec::new(),
            stats: SearchStats::default(),
        }
    }

    /// The work done by the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Finds a shortest path from `start` to `goal` and writes its moves to
    /// `path`. Returns `false`, with `path` empty, when the goal cannot be
    /// reached; callers check [`crate::parity::solvable`] first, because
    /// proving that by search visits half the state space.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, moves::letters, search::bidir::Bidirectional};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut path = Vec::new();
    /// assert!(Bidirectional::new().solve(&start, &Board::GOAL, &mut path));
    /// assert_eq!(path.len(), 19);
    /// assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
    /// ```
    pub fn solve(&mut self, start: &Board, goal: &Board, path: &mut Vec<Move>) -> bool {
        path.clear();
        self.stats = SearchStats::default();
        if start == goal {
            return true;
        }
        self.visits.start(2);
        let roots = [Node::root(start), Node::root(goal)];
        for (side, root) in roots.iter().enumerate() {
            self.visits.root(root.rank, side as u8);
            self.frontier[side].clear();
            self.frontier[side].push(*root);
        }
        let meeting = loop {
            let side = if self.frontier[START_SIDE].len() <= self.frontier[GOAL_SIDE].len() {
                START_SIDE
            } else {
                GOAL_SIDE
            };
            if self.frontier[side].is_empty() {
                return false;
            }
            if let Some(meeting) = self.expand_layer(side) {
                break meeting;
            }
        };
        self.stitch(
            &meeting,
            roots[START_SIDE].rank,
            roots[GOAL_SIDE].rank,
            path,
        );
        true
    }

    /// Replaces `side`'s frontier by the next layer, or returns where it
    /// touched the other side.
    fn expand_layer(&mut self, side: usize) -> Option<Meeting> {
        let layer = mem::take(&mut self.frontier[side]);
        self.next.clear();
        self.stats.max_frontier = self
            .stats
            .max_frontier
            .max((layer.len() + self.frontier[1 - side].len()) as u64);
        let mut meeting = None;
        'layer: for node in &layer {
            self.stats.expanded += 1;
            for (step, child) in node.children() {
                self.stats.generated += 1;
                match self.visits.mark(child.rank) {
                    Some(mark) if mark == side as u8 => continue,
                    Some(_) => {
                        meeting = Some(Meeting {
                            side,
                            from: node.rank,
                            step,
                            to: child.rank,
                        });
                        break 'layer;
                    }
                    None => self.visits.visit(child.rank, side as u8, node.rank, step),
                }
                self.next.push(child);
            }
        }
        // Keep both buffers' capacity for the next layer and the next search.
        self.frontier[side] = mem::replace(&mut self.next, layer);
        meeting
    }

    /// Writes the whole path: start side traced back from the meeting and
    /// reversed, the meeting step, then the goal side traced forward with
    /// each of its moves inverted (they were made walking away from the goal).
    fn stitch(&self, meeting: &Meeting, start: Rank, goal: Rank, path: &mut Vec<Move>) {
        let (start_end, step, goal_end) = if meeting.side == START_SIDE {
            (meeting.from, meeting.step, meeting.to)
        } else {
            (meeting.to, meeting.step.inverse(), meeting.from)
        };
        self.visits.trace(start, start_end, path);
        path.push(step);
        self.visits.trace_home(goal, goal_end, path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::assert_solves_known_puzzles;
    use crate::search::board;

    #[test]
    fn solves_the_sample_and_the_hardest_puzzles_optimally() {
        assert_solves_known_puzzles(&mut Bidirectional::new(), |_, _, _| {});
    }

    #[test]
    fn an_unreachable_goal_is_reported_not_looped_on() {
        let swapped = board([2, 1, 3, 4, 5, 6, 7, 8, 0]);
        let mut path = vec![Move::Up];
        assert!(!Bidirectional::new().solve(&swapped, &Board::GOAL, &mut path));
        assert!(path.is_empty());
    }

    #[test]
    fn stamps_wrap_without_stale_marks() {
        let mut search = Bidirectional::new();
        search.visits.exhaust(u8::MAX - 2);
        let mut path = Vec::new();
        let start = board([2, 3, 4, 1, 5, 0, 7, 6, 8]);
        for _ in 0..3 {
            assert!(search.solve(&start, &Board::GOAL, &mut path));
            assert_eq!(path.len(), 19);
            assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
        }
    }
}
