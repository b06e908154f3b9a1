//! IDA* guided by Manhattan distance, alone or with linear conflicts, on
//! boards of any shape: the textbook engine, kept as a yardstick for the
//! pattern databases (`eight compare --size`) and as an optimal solver that
//! owes nothing to them, for tests.
//!
//! The search modifies one board in place and undoes each move on the way
//! back; it never undoes the previous move and keeps the estimate up to
//! date move by move. Only the moved tile's distance changes, by one. A
//! tile counts in the conflicts of its own goal row and column only, and a
//! tile that moves up or down changes rows, never its column's order; so
//! only its own row's term can change, and only when it enters or leaves
//! that row (the same for columns). That one line is recomputed.
//!
//! **Linear conflicts** are counted line by line as for the 3×3 search, by
//! the same function; [`super::heuristic`] says why they never overestimate.
//!
//! **The answer is the canonical one**, the first shortest solution in
//! letter order: moves are tried in letter order and the estimate never
//! overestimates, so the first goal met in the round whose bound is the
//! shortest length is the first shortest string (as in [`crate::pdb`]).
//!
//! On the 15-puzzle this takes long: Korf's hardest random instances need
//! billions of nodes with Manhattan distance alone. A node limit makes the
//! search give up instead: a limit of N lets it generate N nodes, counted
//! over all its rounds, and it finds the goal if the goal is among them,
//! else gives up with exactly N generated, as the pattern databases' search
//! does. A board counts as expanded once it has generated a child.
//!
//! # Example
//! ```
//! use eight::{letters, Grid, Shape};
//! use eight::search::{manhattan::ManhattanIda, manhattan::Outcome};
//! let shape = Shape { rows: 2, columns: 3 };
//! let goal = Grid::solved(shape).unwrap();
//! let start = Grid::new(shape, vec![4, 1, 2, 5, 0, 3]).unwrap();
//! let mut search = ManhattanIda::new(true, None);
//! let mut path = Vec::new();
//! assert_eq!(search.solve(&start, &goal, &mut path), Outcome::Solved);
//! assert_eq!(letters(&path), "lurrd");
//! ```

use std::ops::ControlFlow::{self, Break, Continue};

use crate::grid::{Grid, BLANK};
use crate::moves::{neighbour, Move};
use crate::search::heuristic::conflict_term;
use crate::search::{Search, SearchStats};
use crate::shape::Shape;
use crate::solvability::solvable;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The path holds the first shortest solution in letter order.
    Solved,
    /// The goal cannot be reached (or the boards do not fit each other).
    Unsolvable,
    /// The node limit was reached first; the path is empty.
    GaveUp,
}

/// IDA* with Manhattan distance, plus linear conflicts if asked.
#[derive(Clone, Debug)]
pub struct ManhattanIda {
    conflicts: bool,
    limit: Option<u64>,
    stats: SearchStats,
}

impl ManhattanIda {
    /// A search with linear conflicts or without, that gives up after
    /// generating `limit` nodes on one board (never, with `None`).
    pub fn new(conflicts: bool, limit: Option<u64>) -> ManhattanIda {
        ManhattanIda {
            conflicts,
            limit,
            stats: SearchStats::default(),
        }
    }

    /// Writes the first shortest path in letter order from `start` to
    /// `goal` into `path`, unless the goal is unreachable or the limit
    /// comes first. Unsolvable boards are found by parity, with no search.
    pub fn solve(&mut self, start: &Grid, goal: &Grid, path: &mut Vec<Move>) -> Outcome {
        path.clear();
        self.stats = SearchStats::default();
        if !solvable(start, goal).unwrap_or(false) {
            return Outcome::Unsolvable;
        }
        let mut board = Board::new(start, goal, self.conflicts);
        let mut bound = board.estimate();
        loop {
            match board.round(bound, path, &mut self.stats, self.limit) {
                Break(outcome) => return outcome,
                Continue(next) => bound = next,
            }
        }
    }
}

/// Manhattan IDA* as one of the engines. A board given up on (only with
/// a limit) reads as no answer here: [`ManhattanIda::solve`] tells it from
/// an unreachable goal.
impl Search for ManhattanIda {
    type Board = Grid;

    fn solve(&mut self, start: &Grid, goal: &Grid, path: &mut Vec<Move>) -> bool {
        ManhattanIda::solve(self, start, goal, path) == Outcome::Solved
    }

    /// The work of the last search: states expanded and generated, and
    /// the deepest path (the most this search holds at once).
    fn stats(&self) -> SearchStats {
        self.stats
    }
}

/// The board as the search changes it: each tile named by its goal cell.
struct Board {
    shape: Shape,
    /// `labels[cell]`: the goal cell of the tile on `cell`; the blank is
    /// [`NONE`].
    labels: Vec<usize>,
    blank: usize,
    manhattan: u32,
    conflicts: bool,
    /// Each row's linear-conflict term, then each column's (see
    /// [`Board::line_of`]).
    terms: [Vec<u32>; 2],
    conflict_sum: u32,
    /// Scratch for one line's goal positions.
    line: Vec<usize>,
    /// Scratch for the longest increasing run.
    tails: Vec<usize>,
}

/// The blank's label.
const NONE: usize = usize::MAX;

impl Board {
    fn new(start: &Grid, goal: &Grid, conflicts: bool) -> Board {
        let shape = start.shape();
        let mut home = vec![0; shape.cells()];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            home[tile as usize] = cell;
        }
        let labels: Vec<usize> = start
            .tiles()
            .iter()
            .map(|&tile| {
                if tile == BLANK {
                    NONE
                } else {
                    home[tile as usize]
                }
            })
            .collect();
        let mut board = Board {
            shape,
            blank: start.blank(),
            manhattan: 0,
            conflicts,
            terms: [vec![0; shape.rows], vec![0; shape.columns]],
            conflict_sum: 0,
            line: Vec::with_capacity(shape.rows.max(shape.columns)),
            tails: Vec::with_capacity(shape.rows.max(shape.columns)),
            labels,
        };
        board.manhattan = (0..shape.cells())
            .filter(|&cell| board.labels[cell] != NONE)
            .map(|cell| board.distance(board.labels[cell], cell))
            .sum();
        if conflicts {
            for vertical in [false, true] {
                for line in 0..board.terms[usize::from(vertical)].len() {
                    board.terms[usize::from(vertical)][line] = board.line_term(vertical, line);
                }
            }
            board.conflict_sum = board.terms.iter().flatten().sum();
        }
        board
    }

    fn estimate(&self) -> u32 {
        self.manhattan + self.conflict_sum
    }

    /// Moves from `cell` to `home` for a tile alone.
    fn distance(&self, home: usize, cell: usize) -> u32 {
        self.shape.taxicab(home, cell) as u32
    }

    /// The line `cell` is in, its column if `vertical` else its row, and
    /// its place along that line.
    fn line_of(&self, vertical: bool, cell: usize) -> (usize, usize) {
        let (row, column) = (cell / self.shape.columns, cell % self.shape.columns);
        if vertical {
            (column, row)
        } else {
            (row, column)
        }
    }

    /// The linear-conflict term of row `line`, or of column `line` if
    /// `vertical`: twice the tiles at home in that line outside the longest
    /// increasing run of their goal places.
    fn line_term(&mut self, vertical: bool, line: usize) -> u32 {
        let columns = self.shape.columns;
        let (first, stride, len) = if vertical {
            (line, columns, self.shape.rows)
        } else {
            (line * columns, 1, columns)
        };
        self.line.clear();
        for cell in (first..).step_by(stride).take(len) {
            let label = self.labels[cell];
            let (own, place) = self.line_of(vertical, label);
            if label != NONE && own == line {
                self.line.push(place);
            }
        }
        conflict_term(&self.line, &mut self.tails)
    }

    /// Moves the blank by `step` onto `to`, keeping the estimate.
    fn slide(&mut self, step: Move, to: usize) {
        let from = self.blank;
        let label = self.labels[to];
        self.manhattan = self.manhattan + self.distance(label, from) - self.distance(label, to);
        self.labels[from] = label;
        self.labels[to] = NONE;
        self.blank = to;
        if self.conflicts {
            // Only a line that is the moved tile's own row (or column) and
            // that it enters or leaves can change its term: other tiles
            // count in their own lines, whose order did not change. A move
            // across columns changes the tile's column, else its row.
            let vertical = matches!(step, Move::Left | Move::Right);
            let own = self.line_of(vertical, label).0;
            if own == self.line_of(vertical, from).0 || own == self.line_of(vertical, to).0 {
                let term = self.line_term(vertical, own);
                let terms = &mut self.terms[usize::from(vertical)];
                self.conflict_sum = self.conflict_sum + term - terms[own];
                terms[own] = term;
            }
        }
    }

    /// The cell the blank moves onto by `step`, the child it generates,
    /// unless the move leaves the board or undoes `last`, the move that
    /// made the board.
    fn child(&self, step: Move, last: Option<&Move>) -> Option<usize> {
        if last == Some(&step.inverse()) {
            return None;
        }
        neighbour(self.shape, self.blank, step)
    }

    /// Moves the blank back over `step`, the last move made.
    fn undo(&mut self, step: Move) {
        let back = neighbour(self.shape, self.blank, step.inverse())
            .expect("the cell the blank came from");
        self.slide(step.inverse(), back);
    }

    /// One depth-first round within `bound`, moves in letter order, never
    /// undoing the previous move: it breaks with [`Outcome::Solved`], `path`
    /// holding the moves, or with [`Outcome::GaveUp`] at the limit, else
    /// goes on with the least estimate beyond the bound. Unless solved, the
    /// board is back as it began and `path` is empty.
    fn round(
        &mut self,
        bound: u32,
        path: &mut Vec<Move>,
        stats: &mut SearchStats,
        limit: Option<u64>,
    ) -> ControlFlow<Outcome, u32> {
        // `next[d]`: the index in `Move::ALL` of the next move to try at
        // depth `d`; the path holds the moves taken to reach depth `d`.
        let mut next: Vec<usize> = Vec::with_capacity(bound as usize + 1);
        let mut beyond = u32::MAX;
        // Enter the start.
        let h = self.estimate();
        if h > bound {
            return Continue(h);
        }
        if h == 0 {
            return Break(Outcome::Solved);
        }
        stats.expanded += 1;
        next.push(0);
        while let Some(tried) = next.last_mut() {
            if *tried == Move::ALL.len() {
                // Every child tried: back up.
                next.pop();
                if let Some(step) = path.pop() {
                    self.undo(step);
                }
                continue;
            }
            let step = Move::ALL[*tried];
            *tried += 1;
            let Some(to) = self.child(step, path.last()) else {
                continue;
            };
            if limit.is_some_and(|limit| stats.generated >= limit) {
                // The limit's nodes are generated: this child would be one
                // more. The board it is a child of was counted expanded as
                // it was entered, but it is one only if it generated a
                // child before this one.
                let (earlier, last) = (&Move::ALL[..*tried - 1], path.last());
                if !earlier.iter().any(|&m| self.child(m, last).is_some()) {
                    stats.expanded -= 1;
                }
                while let Some(step) = path.pop() {
                    self.undo(step);
                }
                return Break(Outcome::GaveUp);
            }
            stats.generated += 1;
            self.slide(step, to);
            path.push(step);
            let f = path.len() as u32 + self.estimate();
            if f > bound {
                beyond = beyond.min(f);
            } else if self.manhattan == 0 {
                return Break(Outcome::Solved);
            } else {
                stats.expanded += 1;
                stats.max_frontier = stats.max_frontier.max(path.len() as u64);
                next.push(0);
                continue;
            }
            // A leaf: undo at once.
            path.pop();
            self.undo(step);
        }
        Continue(beyond)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::small::SmallTable;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Random boards of `shape` against the exact table, with and without
    /// linear conflicts: the same length and the same moves.
    #[test]
    fn answers_equal_the_exact_tables_on_small_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for (rows, columns) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
            let shape = Shape { rows, columns };
            let goal = Grid::solved(shape).unwrap();
            let table = SmallTable::build(&goal).unwrap();
            let mut tiles: Vec<u32> = goal.tiles().to_vec();
            for _ in 0..150 {
                tiles.shuffle(&mut rng);
                let start = Grid::new(shape, tiles.clone()).unwrap();
                let mut want = Vec::new();
                let exact = table.solve_into(&start, &mut want).unwrap();
                for conflicts in [false, true] {
                    let mut path = Vec::new();
                    let outcome =
                        ManhattanIda::new(conflicts, None).solve(&start, &goal, &mut path);
                    let solved = outcome == Outcome::Solved;
                    assert_eq!(solved, exact, "{tiles:?}");
                    assert_eq!(path, want, "{tiles:?} conflicts {conflicts}");
                }
            }
        }
    }

    /// On 3×4 boards the pattern databases' engine finds the same moves:
    /// both give the first shortest solution in letter order, by their own
    /// heuristics.
    #[test]
    fn answers_equal_the_pattern_databases_on_3x4() {
        use crate::cache::CacheDir;
        use crate::pdb::{Layout, PatternSearch, PdbOptions};
        let shape = Shape::new(3, 4);
        let goal = Grid::solved(shape).unwrap();
        let options = PdbOptions {
            cache: CacheDir::MemoryOnly,
            ..PdbOptions::default()
        };
        let mut pdb = PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap();
        let goal_cells: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let mut tiles: Vec<u32> = goal.tiles().to_vec();
        for _ in 0..40 {
            tiles.shuffle(&mut rng);
            let start = Grid::new(shape, tiles.clone()).unwrap();
            let cells: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
            let mut want = Vec::new();
            let solved = pdb.solve(&cells, &goal_cells, &mut want).unwrap().is_some();
            let mut path = Vec::new();
            let outcome = ManhattanIda::new(true, None).solve(&start, &goal, &mut path);
            assert_eq!(outcome == Outcome::Solved, solved, "{tiles:?}");
            assert_eq!(path, want, "{tiles:?}");
        }
    }

    #[test]
    fn linear_conflicts_count_the_tiles_that_must_leave_their_line() {
        let shape = Shape::new(3, 3);
        let goal = Grid::solved(shape).unwrap();
        // Row 0 holds 3 2 1: two of them must leave (+4); row 1 holds 4 6 5
        // (+2); column and other rows add nothing.
        let start = Grid::new(shape, vec![3, 2, 1, 4, 6, 5, 7, 8, 0]).unwrap();
        let with = Board::new(&start, &goal, true);
        let without = Board::new(&start, &goal, false);
        assert_eq!(without.estimate(), 6);
        assert_eq!(with.estimate(), 6 + 4 + 2);
    }

    /// A limit of N: exactly N nodes generated when the search gives up,
    /// and no more boards expanded, however small N is; a board whose goal
    /// is the N-th node generated is solved under N and given up under N - 1.
    #[test]
    fn the_limit_is_never_passed() {
        let shape = Shape::new(4, 4);
        let goal = Grid::new(shape, (0..16).collect()).unwrap();
        let korf = vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
        let start = Grid::new(shape, korf).unwrap();
        let mut path = Vec::new();
        for conflicts in [false, true] {
            for limit in 0..=64 {
                let mut search = ManhattanIda::new(conflicts, Some(limit));
                let outcome = search.solve(&start, &goal, &mut path);
                assert_eq!(outcome, Outcome::GaveUp, "{limit}");
                let stats = search.stats();
                assert_eq!(stats.generated, limit, "conflicts {conflicts}");
                assert!(stats.expanded <= limit, "{limit}: {stats:?}");
            }
        }
        let shape = Shape::new(2, 3);
        let goal = Grid::solved(shape).unwrap();
        let start = Grid::new(shape, vec![4, 1, 2, 5, 0, 3]).unwrap();
        let mut unlimited = ManhattanIda::new(false, None);
        assert_eq!(unlimited.solve(&start, &goal, &mut path), Outcome::Solved);
        let needed = unlimited.stats().generated;
        let mut enough = ManhattanIda::new(false, Some(needed));
        assert_eq!(enough.solve(&start, &goal, &mut path), Outcome::Solved);
        assert_eq!(enough.stats(), unlimited.stats());
        let mut short = ManhattanIda::new(false, Some(needed - 1));
        assert_eq!(short.solve(&start, &goal, &mut path), Outcome::GaveUp);
        assert_eq!(short.stats().generated, needed - 1);
    }

    #[test]
    fn the_limit_stops_a_search_and_unsolvable_boards_cost_nothing() {
        let shape = Shape::new(4, 4);
        // Korf's first instance, towards his goal with the blank first.
        let goal = Grid::new(shape, (0..16).collect()).unwrap();
        let start = Grid::new(
            shape,
            vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        )
        .unwrap();
        let mut search = ManhattanIda::new(true, Some(10_000));
        let mut path = Vec::new();
        assert_eq!(search.solve(&start, &goal, &mut path), Outcome::GaveUp);
        assert!(path.is_empty());
        assert_eq!(search.stats().generated, 10_000);
        let mut swapped = goal.tiles().to_vec();
        swapped.swap(1, 2);
        let swapped = Grid::new(shape, swapped).unwrap();
        assert_eq!(
            search.solve(&swapped, &goal, &mut path),
            Outcome::Unsolvable
        );
        assert_eq!(search.stats(), SearchStats::default());
    }
}
