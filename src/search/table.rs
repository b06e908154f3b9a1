//! The whole-space table: one BFS backwards from a goal, then every puzzle is
//! answered by following stored steps, with no search at all.
//!
//! Only 9!/2 arrangements can reach a goal, so building the table costs as
//! much as a few hundred bidirectional searches ([`crate::solver::TABLE_BREAK_EVEN`]
//! gives the measured figure and when the table pays off). Each state keeps its distance and its whole answer:
//! the answers of all 181,440 states, back to back, take 4 MB, and turn a
//! look-up into one copy instead of a chase through 20-odd scattered links,
//! which is what lets a batch run at the speed of its input.
//!
//! Among equally short steps the table keeps the one whose letter comes
//! first, which makes every answer the lexicographically first shortest one:
//! all shortest answers have the same length, so choosing the smallest
//! letter at each step is choosing the smallest string.

use crate::board::Board;
use crate::memory::{self, MemoryError};
use crate::moves::Move;
use crate::rank::{rank, Rank, STATES};
use crate::search::{pack_link, unpack_link, Node, SearchStats};

/// Distance of a state the goal cannot reach.
const UNREACHABLE: u8 = u8::MAX;

/// Every arrangement's distance to one goal: the backward BFS alone, for
/// what needs only distances (`eight stats`, `eight gen`, tests), without
/// the 5.5 MB of answers a [`Table`] adds.
pub struct DistanceMap {
    /// `distance[rank]`: moves to the goal, or [`UNREACHABLE`].
    distance: Vec<u8>,
    stats: SearchStats,
}

impl DistanceMap {
    /// Runs the backward BFS from `goal` over every state it can reach;
    /// its arrays (3.3 MB) are the error where they do not fit in memory.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::table::DistanceMap};
    /// let distances = DistanceMap::build(&Board::GOAL).unwrap();
    /// let hardest = Board::from_tiles(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    /// assert_eq!(distances.distance(&hardest), Some(31));
    /// ```
    pub fn build(goal: &Board) -> Result<DistanceMap, MemoryError> {
        let what = "the distances of every 3x3 arrangement";
        let (distances, _) = backward_search(
            &ThreeByThree,
            STATES,
            Node::root(goal),
            what,
            |_, _, _, _| {},
        )?;
        Ok(distances)
    }

    /// The work the build did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Moves from `board` to the goal, `None` when it cannot be reached.
    pub fn distance(&self, board: &Board) -> Option<u8> {
        self.distance_of(rank(board))
    }

    /// [`DistanceMap::distance`] by rank.
    pub fn distance_of(&self, rank: Rank) -> Option<u8> {
        Some(self.distance[rank as usize]).filter(|&d| d != UNREACHABLE)
    }

    /// How many states lie at each distance from the goal, nearest first.
    pub fn histogram(&self) -> Vec<u64> {
        let mut counts = Vec::new();
        for &d in self.distance.iter().filter(|&&d| d != UNREACHABLE) {
            let d = usize::from(d);
            if counts.len() <= d {
                counts.resize(d + 1, 0);
            }
            counts[d] += 1;
        }
        counts
    }

    /// The largest distance of any state to the goal: the histogram's last.
    pub fn max_distance(&self) -> usize {
        self.histogram().len().saturating_sub(1)
    }

    /// The ranks of every arrangement whose distance to the goal (`None`
    /// where it cannot be reached) `keep` accepts, in rank order: a
    /// population to draw test boards from.
    pub fn ranks_where(&self, keep: impl Fn(Option<u8>) -> bool) -> Vec<Rank> {
        (0..self.distance.len() as Rank)
            .filter(|&rank| keep(self.distance_of(rank)))
            .collect()
    }
}

/// The states [`backward_search`] sweeps, each kept as a [`Node`]: how a
/// node's neighbours are found, with the move to each.
pub(crate) trait Space {
    fn children<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = (Move, Node)> + 'a;
}

/// The 3×3 board's states.
struct ThreeByThree;

impl Space for ThreeByThree {
    fn children<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = (Move, Node)> + 'a {
        node.children()
    }
}

/// The BFS backwards from `root`, the goal, over the `states` ranks of
/// `space`, that every whole-space table shares: this module's two for 3×3 and
/// [`crate::small::SmallTable`]'s for the small boards. Every edge into a
/// state from one a move nearer the goal is handed to `link` as (state,
/// nearer state, the move from the state to it, whether this first reached
/// the state). Returns the distances and the reached states, nearest first;
/// an array that does not fit in memory is the error naming `what`.
pub(crate) fn backward_search(
    space: &impl Space,
    states: usize,
    root: Node,
    what: &str,
    mut link: impl FnMut(Rank, Rank, Move, bool),
) -> Result<(DistanceMap, Vec<Node>), MemoryError> {
    let mut distance = memory::filled(states, UNREACHABLE, what)?;
    let mut stats = SearchStats::default();
    distance[root.rank as usize] = 0;
    // Half the states reach the goal: the queue never grows.
    let mut queue = memory::with_capacity(states / 2, what)?;
    queue.push(root);
    let mut head = 0;
    while let Some(&node) = queue.get(head) {
        head += 1;
        stats.expanded += 1;
        stats.max_frontier = stats.max_frontier.max((queue.len() - head + 1) as u64);
        let rank = node.rank;
        let child_distance = distance[rank as usize] + 1;
        for (step, child) in space.children(&node) {
            stats.generated += 1;
            let child_rank = child.rank;
            let slot = child_rank as usize;
            // Walking from the child back to `node` undoes `step`.
            let back = step.inverse();
            if distance[slot] == UNREACHABLE {
                distance[slot] = child_distance;
                link(child_rank, rank, back, true);
                queue.push(child);
            } else if distance[slot] == child_distance {
                link(child_rank, rank, back, false);
            }
        }
    }
    Ok((DistanceMap { distance, stats }, queue))
}

/// Distances to one goal and a shortest answer, for every arrangement.
pub struct Table {
    distances: DistanceMap,
    /// `answer_at[rank]`: where the state's answer starts in `answers`; it
    /// is as many moves long as the state's distance. Meaningless where
    /// unreachable.
    answer_at: Vec<u32>,
    /// Every reachable state's answer, back to back.
    answers: Vec<Move>,
}

impl Table {
    /// Runs the backward BFS from `goal` and writes down every answer;
    /// its arrays (some 9 MB while it is built) are the error where they
    /// do not fit in memory.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, letters, search::table::Table};
    /// let table = Table::build(&Board::GOAL).unwrap();
    /// let start = Board::from_tiles(&[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
    /// let mut path = Vec::new();
    /// assert!(table.solve(&start, &mut path));
    /// assert_eq!(letters(&path), "rr");
    /// ```
    pub fn build(goal: &Board) -> Result<Table, MemoryError> {
        let what = "the table of every 3x3 answer";
        // `answer_at[rank]`, while the BFS runs: the next state on the way
        // to the goal and the move to it, packed by `pack_link`; of equally
        // near ones, the move whose letter comes first. One array serves
        // both, where two cost 1.4 MB more to clear and fault in.
        let mut answer_at = memory::filled(STATES, 0u32, what)?;
        let link = |state, nearer, step, first| {
            let slot = &mut answer_at[state as usize];
            if first || step < unpack_link(*slot).1 {
                *slot = pack_link(nearer, step);
            }
        };
        let (distances, reached) =
            backward_search(&ThreeByThree, STATES, Node::root(goal), what, link)?;
        // Nearest first, each answer is its first move and then the answer
        // of the state that move leads to, which is already written: each
        // slot's link is read just before the slot takes its answer's
        // start, and the goal's slot, which no link wrote, starts the empty
        // answer at 0.
        let length = |rank: Rank| usize::from(distances.distance[rank as usize]);
        let total: usize = reached.iter().map(|node| length(node.rank)).sum();
        let mut answers = memory::with_capacity(total, what)?;
        for node in &reached[1..] {
            let (next, step) = unpack_link(answer_at[node.rank as usize]);
            let rest = answer_at[next as usize] as usize;
            answer_at[node.rank as usize] = answers.len() as u32;
            answers.push(step);
            answers.extend_from_within(rest..rest + length(next));
        }
        Ok(Table {
            distances,
            answer_at,
            answers,
        })
    }

    /// The work the build did.
    pub fn stats(&self) -> SearchStats {
        self.distances.stats
    }

    /// The distances the answers were built from.
    pub fn distances(&self) -> &DistanceMap {
        &self.distances
    }

    /// Writes the lexicographically first shortest path from `start` into
    /// `path`; `false`, with `path` empty, when the goal cannot be reached.
    pub fn solve(&self, start: &Board, path: &mut Vec<Move>) -> bool {
        path.clear();
        let rank = rank(start);
        let Some(length) = self.distances.distance_of(rank) else {
            return false;
        };
        let at = self.answer_at[rank as usize] as usize;
        path.extend_from_slice(&self.answers[at..at + usize::from(length)]);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::moves::letters;
    use crate::small::tests::plain_bfs;

    #[test]
    fn the_standard_goal_has_the_published_distance_counts() {
        let distances = DistanceMap::build(&Board::GOAL).unwrap();
        // The complete enumeration of the 8-puzzle (Reinefeld 1993).
        let published: [u64; 32] = [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
        ];
        assert_eq!(distances.histogram(), published);
        assert_eq!(distances.histogram().iter().sum::<u64>(), 181_440);
    }

    #[test]
    fn answers_are_the_first_shortest_in_letter_order() {
        let table = Table::build(&Board::GOAL).unwrap();
        let goal = Grid::from(&Board::GOAL);
        let mut path = Vec::new();
        for r in 0..STATES as Rank {
            if table.distances().distance_of(r).is_none_or(|d| d > 9) {
                continue;
            }
            let start = crate::rank::unrank(r);
            assert!(table.solve(&start, &mut path));
            let forward = plain_bfs(&Grid::from(&start), Some(&goal)).remove(goal.tiles());
            assert_eq!(Some(letters(&path)), forward, "{start}");
        }
    }
}
