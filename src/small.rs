//! Exact, canonical answers on boards of up to nine cells (2×2, 2×3, 3×2,
//! 2×4, 4×2 and 3×3): the whole-space table of [`crate::search::table`]
//! generalised from the one 3×3 shape to any of these.
//!
//! Nine cells have at most 9! arrangements, so a state is its Lehmer rank
//! (the Cantor rank of [`crate::rank`], for `n ≤ 9` tiles rather than
//! exactly nine) and one BFS backwards from the goal fills flat arrays
//! indexed by it: the distance to the goal and, of the moves that lead one
//! step nearer, the one whose letter comes first. All shortest answers have
//! the same length, so taking the first letter at every step gives the
//! first shortest answer in letter order, the canonical one.
//!
//! A table is built for one goal (any goal, blank anywhere); the
//! constructive solver ([`crate::constructive`]) keeps one per core shape
//! for the solved board and finishes every large board with it.

use std::sync::Arc;

use crate::contract::Search;
use crate::grid::{Grid, GridError};
use crate::memory;
use crate::moves::{neighbour, Move};
use crate::rank::{rank_permutation, unrank_permutation, Rank, FACTORIAL};
use crate::search::table::{backward_search, DistanceMap, Space};
use crate::search::Node;
use crate::shape::Shape;

/// The most cells a [`SmallTable`] handles: 9! ranks fit in memory, 10! do
/// not comfortably.
pub const TABLE_CELLS: usize = 9;

/// Every arrangement's distance to one goal, and its canonical first move.
pub struct SmallTable {
    goal: Grid,
    distances: DistanceMap,
    /// `toward[rank]`: the [`Move::index`] of the first move in letter order
    /// that leads to a state one nearer the goal. Meaningless at the goal
    /// and where unreachable.
    toward: Vec<u8>,
}

impl SmallTable {
    /// Runs the backward BFS from `goal` over every state it can reach.
    /// The 3×3 build visits 181,440 states and takes a few milliseconds;
    /// its arrays (3.6 MB on 3×3) are [`GridError::Memory`] where they do
    /// not fit.
    ///
    /// # Example
    /// ```
    /// use eight::{letters, small::SmallTable, Grid, Shape};
    /// let shape = Shape { rows: 2, columns: 3 };
    /// let table = SmallTable::build(&Grid::new(shape, vec![1, 2, 3, 4, 5, 0]).unwrap()).unwrap();
    /// let start = Grid::new(shape, vec![4, 1, 2, 5, 0, 3]).unwrap();
    /// let answer = table.solve(&start).unwrap().unwrap();
    /// assert_eq!(letters(&answer), "lurrd");
    /// assert_eq!(table.distances().max_distance(), 21);
    /// ```
    pub fn build(goal: &Grid) -> Result<SmallTable, GridError> {
        let shape = goal.shape();
        let cells = shape.cells();
        if cells > TABLE_CELLS {
            return Err(GridError::TooManyCells {
                shape,
                limit: TABLE_CELLS,
            });
        }
        let root = node(goal);
        // Of equally near ones, the move whose letter comes first.
        let states = FACTORIAL[cells] as usize;
        let what = format!("the table of every {shape} arrangement");
        let mut toward = memory::filled(states, 0u8, &what)?;
        let link = |state: Rank, _, step: Move, first| {
            let slot = &mut toward[state as usize];
            if first || (step.index() as u8) < *slot {
                *slot = step.index() as u8;
            }
        };
        let (distances, _) = backward_search(&shape, states, root, &what, link)?;
        Ok(SmallTable {
            goal: goal.clone(),
            distances,
            toward,
        })
    }

    /// The shape of the boards it answers.
    pub fn shape(&self) -> Shape {
        self.goal.shape()
    }

    /// Moves from `start` to the goal, `None` when it cannot be reached.
    pub fn distance(&self, start: &Grid) -> Result<Option<u8>, GridError> {
        Ok(self.distances.distance_of(self.node_of(start)?.rank))
    }

    /// The first shortest answer in letter order from `start` to the goal,
    /// `None` when the goal cannot be reached.
    pub fn solve(&self, start: &Grid) -> Result<Option<Vec<Move>>, GridError> {
        let mut path = Vec::new();
        Ok(self.solve_into(start, &mut path)?.then_some(path))
    }

    /// [`SmallTable::solve`] into a caller's buffer, cleared first: `false`,
    /// with `path` empty, when the goal cannot be reached.
    pub fn solve_into(&self, start: &Grid, path: &mut Vec<Move>) -> Result<bool, GridError> {
        path.clear();
        let mut node = self.node_of(start)?;
        let Some(distance) = self.distances.distance_of(node.rank) else {
            return Ok(false);
        };
        for _ in 0..distance {
            let step = Move::from_index(usize::from(self.toward[node.rank as usize]));
            node = child(self.shape(), &node, step).expect("a move towards the goal");
            path.push(step);
        }
        Ok(true)
    }

    /// Every arrangement's distance to the goal; those that reach it add
    /// up to half of `cells!`.
    pub fn distances(&self) -> &DistanceMap {
        &self.distances
    }

    /// The arrangement with Lehmer rank `rank`, `None` past the last.
    ///
    /// # Example
    /// ```
    /// use eight::{small::SmallTable, Grid, Shape};
    /// let goal = Grid::solved(Shape { rows: 2, columns: 2 }).unwrap();
    /// let table = SmallTable::build(&goal).unwrap();
    /// let farthest = table.distances().ranks_where(|d| d == Some(6));
    /// let board = table.arrangement(farthest[0]).unwrap();
    /// assert_eq!(table.distance(&board), Ok(Some(6)));
    /// ```
    pub fn arrangement(&self, rank: u32) -> Option<Grid> {
        arrangement(self.shape(), rank)
    }

    fn node_of(&self, start: &Grid) -> Result<Node, GridError> {
        if start.shape() != self.shape() {
            return Err(GridError::ShapeMismatch(start.shape(), self.shape()));
        }
        Ok(node(start))
    }
}

/// The arrangement of `shape` with Lehmer rank `rank`, `None` past the last.
fn arrangement(shape: Shape, rank: u32) -> Option<Grid> {
    let cells = shape.cells();
    if rank >= FACTORIAL[cells] {
        return None;
    }
    let mut tiles = [0u8; TABLE_CELLS];
    unrank_permutation(rank, &mut tiles[..cells]);
    let tiles = tiles[..cells].iter().map(|&t| u32::from(t)).collect();
    Grid::new(shape, tiles).ok()
}

/// A board as a sweep's [`Node`], its tiles as bytes at the front of the
/// array.
fn node(grid: &Grid) -> Node {
    let mut tiles = [0u8; TABLE_CELLS];
    for (slot, &tile) in tiles.iter_mut().zip(grid.tiles()) {
        *slot = tile as u8;
    }
    Node {
        tiles,
        blank: grid.blank() as u8,
        arrived_by: None,
        rank: rank_permutation(&tiles[..grid.tiles().len()]),
    }
}

/// The arrangements of a board of up to [`TABLE_CELLS`] cells.
impl Space for Shape {
    fn children<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = (Move, Node)> + 'a {
        Move::ALL
            .into_iter()
            .filter_map(move |step| Some((step, child(*self, node, step)?)))
    }
}

/// The node `step` leads to from `node` on `shape`, `None` off the board;
/// with no move to skip, as the sweep here looks at every neighbour.
fn child(shape: Shape, node: &Node, step: Move) -> Option<Node> {
    let (mut tiles, blank) = (node.tiles, usize::from(node.blank));
    let target = neighbour(shape, blank, step)?;
    tiles.swap(blank, target);
    Some(Node {
        tiles,
        blank: target as u8,
        arrived_by: None,
        rank: rank_permutation(&tiles[..shape.cells()]),
    })
}

/// A shared table as one of the engines: every worker thread of a batch
/// reads the same one.
impl Search for Arc<SmallTable> {
    type Board = Grid;

    /// [`SmallTable::solve_into`], towards the table's own goal; a board of
    /// another shape (the readers rule that out) is taken as no answer.
    fn solve(&mut self, start: &Grid, _goal: &Grid, path: &mut Vec<Move>) -> bool {
        self.solve_into(start, path).unwrap_or(false)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;
    use crate::grid::BLANK;
    use crate::moves::letters;

    /// Every shape of up to nine cells.
    pub(crate) const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)];

    /// A plain BFS from `from` over tile vectors in a hash map, moves in
    /// letter order, until it takes `until` off the queue: each state
    /// reached and the letters that first reached it. States come off the
    /// queue in the order of their first answers, so those letters are the
    /// first shortest answer in letter order from `from`.
    pub(crate) fn plain_bfs(from: &Grid, until: Option<&Grid>) -> HashMap<Vec<u32>, String> {
        let mut reached = HashMap::from([(from.tiles().to_vec(), String::new())]);
        let mut queue = VecDeque::from([from.clone()]);
        while let Some(grid) = queue.pop_front() {
            if Some(&grid) == until {
                break;
            }
            let path = reached[grid.tiles()].clone();
            for step in Move::ALL {
                let mut next = grid.clone();
                if next.apply(step) && !reached.contains_key(next.tiles()) {
                    let letter = char::from(step.letter());
                    reached.insert(next.tiles().to_vec(), format!("{path}{letter}"));
                    queue.push_back(next);
                }
            }
        }
        reached
    }

    /// Every arrangement of `shape`, in rank order.
    pub(crate) fn every_board(shape: Shape) -> Vec<Grid> {
        (0..).map_while(|r| arrangement(shape, r)).collect()
    }

    /// The board of `shape` with the blank on `blank` and the tiles around
    /// it in reverse order.
    pub(crate) fn reversed(shape: Shape, blank: usize) -> Grid {
        let mut tiles: Vec<u32> = (1..shape.cells() as u32).rev().collect();
        tiles.insert(blank, BLANK);
        Grid::new(shape, tiles).unwrap()
    }

    #[test]
    fn every_board_gets_the_plain_bfs_length_and_the_canonical_answer() {
        for (rows, columns) in SHAPES {
            let shape = Shape::new(rows, columns);
            let boards = every_board(shape);
            // The solved board, and the tiles reversed with the blank in
            // the middle of the top row.
            for goal in [Grid::solved(shape).unwrap(), reversed(shape, 1)] {
                let table = SmallTable::build(&goal).unwrap();
                let plain = plain_bfs(&goal, None);
                let mut path = Vec::new();
                for (i, start) in boards.iter().enumerate() {
                    let want = plain.get(start.tiles()).map(String::len);
                    let got = table.distance(start).unwrap().map(usize::from);
                    assert_eq!(got, want, "{start:?}");
                    let solved = table.solve_into(start, &mut path).unwrap();
                    assert_eq!(solved, want.is_some());
                    let mut end = start.clone();
                    assert!(path.iter().all(|&step| end.apply(step)));
                    assert_eq!(solved, end == goal);
                    assert_eq!(Some(path.len()), want.filter(|_| solved).or(Some(0)));
                    // The forward BFS is slow on the larger shapes: all of
                    // 2×2, 2×3 and 3×2, and a spread of the rest (3×3 is
                    // also checked whole against the 8-puzzle's table).
                    let stride = match shape.cells() {
                        ..=6 => 1,
                        8 => 2003,
                        _ => 36_287,
                    };
                    if i % stride == 0 {
                        let forward = plain_bfs(start, Some(&goal)).remove(goal.tiles());
                        assert_eq!(solved.then(|| letters(&path)), forward, "{start:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn three_by_three_answers_match_the_eight_puzzle_table() {
        use crate::board::Board;
        use crate::search::table::Table;
        let goal = Board::from_tiles(&[5, 6, 4, 1, 7, 8, 0, 2, 3]).unwrap();
        let theirs = Table::build(&goal).unwrap();
        let ours = SmallTable::build(&Grid::from(&goal)).unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for start in every_board(Shape::EIGHT) {
            let tiles: Vec<u8> = start.tiles().iter().map(|&t| t as u8).collect();
            let board = Board::from_tiles(&tiles).unwrap();
            assert_eq!(
                theirs.solve(&board, &mut a),
                ours.solve_into(&start, &mut b).unwrap()
            );
            assert_eq!(a, b, "{board}");
        }
    }

    #[test]
    fn leetcode_773_examples() {
        let shape = Shape::new(2, 3);
        let table = SmallTable::build(&Grid::solved(shape).unwrap()).unwrap();
        let moves = |tiles: [u32; 6]| {
            let start = Grid::new(shape, tiles.to_vec()).unwrap();
            table.distance(&start).unwrap().map_or(-1, i32::from)
        };
        assert_eq!(moves([1, 2, 3, 4, 0, 5]), 1);
        assert_eq!(moves([1, 2, 3, 5, 4, 0]), -1);
        assert_eq!(moves([4, 1, 2, 5, 0, 3]), 5);
        assert_eq!(moves([3, 2, 4, 1, 5, 0]), 14);
    }

    #[test]
    fn boards_too_large_or_of_another_shape_are_errors() {
        let big = Grid::solved(Shape::new(2, 5)).unwrap();
        assert_eq!(
            SmallTable::build(&big).err(),
            Some(GridError::TooManyCells {
                shape: Shape::new(2, 5),
                limit: 9
            })
        );
        let table = SmallTable::build(&Grid::solved(Shape::new(2, 2)).unwrap()).unwrap();
        let other = Grid::solved(Shape::new(2, 3)).unwrap();
        assert!(matches!(
            table.solve(&other),
            Err(GridError::ShapeMismatch(..))
        ));
    }
}
