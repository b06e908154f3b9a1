//! Shortest-path searches over the state graph, each in a module of its own.
//!
//! All of them search from a start towards a canonical goal
//! ([`Goal`](crate::Goal)) and report moves into a caller-owned buffer, so a batch
//! allocates nothing per puzzle. All of them give the same answer, the first
//! shortest solution in letter order (`search::canonical`), each by its
//! own means.
//!
//! [`Engine`] is the register of them all: a new algorithm is its module
//! and its entry there.

pub mod astar;
pub mod bfs;
pub mod bidir;
mod canonical;
pub mod heuristic;
pub mod idastar;
pub mod manhattan;
pub mod table;
mod visits;

pub use crate::contract::{Search, SearchListener, SearchProgress, SearchSnapshot, SearchStats};

use crate::board::{Board, CELLS};
use crate::memory::MemoryError;
use crate::moves::{steps_from, Move};
use crate::rank::{rank_permutation, Rank};

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

    /// The engine's position in [`Engine::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// A fresh search for this engine; `None` for the table, which
    /// answers by look-up, and for `auto`, which picks one of the others.
    /// Its arrays (up to 3.3 MB) are the error where they do not fit in
    /// memory.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, letters, search::Search, Engine};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut path = Vec::new();
    /// for engine in Engine::ALL {
    ///     if let Some(mut search) = engine.search().unwrap() {
    ///         assert!(search.solve(&start, &Board::GOAL, &mut path));
    ///         assert_eq!(letters(&path), "dlurullddrurdllurdr");
    ///     }
    /// }
    /// ```
    pub fn search(
        self,
    ) -> Result<Option<Box<dyn Search<Board = Board> + Send + Sync>>, MemoryError> {
        Ok(match self {
            Engine::Auto | Engine::Table => None,
            Engine::Bidirectional => Some(Box::new(bidir::Bidirectional::new()?)),
            Engine::BreadthFirst => Some(Box::new(bfs::BreadthFirst::new()?)),
            Engine::AStar => Some(Box::new(astar::AStar::new()?)),
            Engine::IdaStar => Some(Box::new(idastar::IdaStar::new()?)),
        })
    }

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

/// A state in a breadth-first queue: the tiles, so no unranking is needed to
/// expand it, and how it was reached, so the step straight back is skipped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub tiles: [u8; CELLS],
    pub blank: u8,
    /// The move that produced this state; `None` for a root.
    pub arrived_by: Option<Move>,
    pub rank: Rank,
}

impl Node {
    pub fn root(board: &Board) -> Node {
        Node {
            tiles: *board.tiles(),
            blank: board.blank() as u8,
            arrived_by: None,
            rank: rank_permutation(board.tiles()),
        }
    }

    /// The same state with no move to skip, so that [`Node::children`]
    /// yields every neighbour.
    pub fn as_root(self) -> Node {
        Node {
            arrived_by: None,
            ..self
        }
    }

    /// The neighbours of this state in letter order, skipping the one it
    /// came from.
    #[inline]
    pub fn children(&self) -> Children<'_> {
        Children {
            node: self,
            steps: steps_from(usize::from(self.blank)).iter(),
        }
    }
}

/// The iterator of [`Node::children`]. A loop of its own rather than an
/// adapter: called from several searches, `filter_map`'s closure was left
/// out of line, which cost bidirectional search half again its time.
pub(crate) struct Children<'a> {
    node: &'a Node,
    steps: std::slice::Iter<'static, (Move, u8)>,
}

impl Iterator for Children<'_> {
    type Item = (Move, Node);

    #[inline(always)]
    fn next(&mut self) -> Option<(Move, Node)> {
        loop {
            let &(step, target) = self.steps.next()?;
            if Some(step.inverse()) == self.node.arrived_by {
                continue;
            }
            let mut tiles = self.node.tiles;
            tiles.swap(usize::from(self.node.blank), usize::from(target));
            let child = Node {
                tiles,
                blank: target,
                arrived_by: Some(step),
                rank: rank_permutation(&tiles),
            };
            return Some((step, child));
        }
    }
}

/// A step in a flat parent array: the neighbour's rank and the move between
/// them, packed as `rank << 2 | move` in one `u32` (9! < 2^30).
pub(crate) fn pack_link(rank: Rank, step: Move) -> u32 {
    rank << 2 | step.index() as u32
}

/// The rank and move of a packed link.
pub(crate) fn unpack_link(link: u32) -> (Rank, Move) {
    (link >> 2, Move::from_index(link as usize))
}

/// Checks `search` on puzzles whose shortest answers are known: the POJ
/// sample (19 moves), two of the hardest (31), two tiles swapped (no
/// answer, `None`, and the path left by the last answer cleared) and the
/// goal itself (0). `also` runs further checks on each, given the expected
/// length.
#[cfg(test)]
pub(crate) fn assert_solves_known_puzzles<S: Search<Board = Board>>(
    search: &mut S,
    mut also: impl FnMut(&S, &Board, Option<usize>),
) {
    let known: [([u8; CELLS], Option<usize>); 5] = [
        ([2, 3, 4, 1, 5, 0, 7, 6, 8], Some(19)),
        ([8, 6, 7, 2, 5, 4, 3, 0, 1], Some(31)),
        ([6, 4, 7, 8, 5, 0, 3, 2, 1], Some(31)),
        ([2, 1, 3, 4, 5, 6, 7, 8, 0], None),
        ([1, 2, 3, 4, 5, 6, 7, 8, 0], Some(0)),
    ];
    let mut path = Vec::new();
    for (tiles, length) in known {
        let start = board(tiles);
        let found = search.solve(&start, &Board::GOAL, &mut path);
        assert_eq!(found, length.is_some(), "{start}");
        assert_eq!(path.len(), length.unwrap_or(0), "{start}");
        assert_eq!(start.apply_all(&path) == Ok(Board::GOAL), found, "{start}");
        also(search, &start, length);
    }
}

/// Checks that `search` gives the table's answer, the canonical one, from
/// every `stride`-th rank towards the canonical goal of each of `blanks`,
/// one after another with the same search (so a search must re-aim its
/// heuristic when the goal changes). Starts that cannot reach the goal are
/// tried too if `unreachable`: a search that learns it by exhausting the
/// states it can reach pays a whole search for each.
#[cfg(test)]
pub(crate) fn assert_matches_the_table(
    search: &mut impl Search<Board = Board>,
    blanks: &[usize],
    stride: usize,
    unreachable: bool,
) {
    let mut path = Vec::new();
    let mut expected = Vec::new();
    for &blank in blanks {
        let goal = Board::canonical(blank);
        let table = table::Table::build(&goal).unwrap();
        for r in (0..crate::rank::STATES as Rank).step_by(stride) {
            let start = crate::rank::unrank(r);
            let reachable = table.solve(&start, &mut expected);
            if reachable || unreachable {
                assert_eq!(search.solve(&start, &goal, &mut path), reachable, "{start}");
                assert_eq!(path, expected, "{start} to {goal}");
            }
        }
    }
}

#[cfg(test)]
pub(crate) use crate::board::tests::board;

/// How many states lie at each distance from `root`, counted apart from
/// the searches, to check the layers they report.
#[cfg(test)]
pub(crate) fn distances_from(root: &Board) -> Vec<u64> {
    crate::enumerate::distance_counts(&crate::grid::Grid::from(root), |_| {}).unwrap()
}

/// Checks that `search`, guided by a heuristic that is admissible but not
/// consistent, still gives the table's answers from `starts`: the true
/// distance on every third rank, zero elsewhere, so it drops by far more
/// than one per move.
#[cfg(test)]
pub(crate) fn assert_canonical_with_a_patchy_heuristic<S: heuristic::Guided>(
    search: &mut heuristic::Informed<S>,
    starts: impl IntoIterator<Item = Board>,
) {
    let table = table::Table::build(&Board::GOAL).unwrap();
    let patchy = |tiles: &[u8; CELLS]| {
        let r = rank_permutation(tiles);
        let exact = table.distances().distance_of(r).map_or(0, u32::from);
        if r % 3 == 0 {
            exact
        } else {
            0
        }
    };
    let (mut path, mut expected) = (Vec::new(), Vec::new());
    for start in starts {
        assert!(table.solve(&start, &mut expected), "{start}");
        assert!(search.solve_with(&start, &Board::GOAL, patchy, &mut path));
        assert_eq!(path, expected, "{start}");
    }
}
