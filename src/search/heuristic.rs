//! How many moves are at least left: Manhattan distance plus linear
//! conflicts, the estimate A* and IDA* are guided by.
//!
//! **Manhattan distance.** Each move slides one tile one cell, so a tile
//! needs at least as many moves as rows plus columns between its cell and
//! its goal cell; the sum over the tiles (the blank left out) is a lower
//! bound on the moves left.
//!
//! **Linear conflicts.** Take a row and the tiles in it whose goal cell lies
//! in that same row. Manhattan counts no vertical move for them. Two such
//! tiles can never pass each other while both stay in the row, so the ones
//! that never leave keep their order, and at least `n - LIS` of the `n` must
//! leave, where `LIS` is the longest run of them already in goal order (a
//! longest increasing subsequence of their goal columns). A tile that leaves
//! its goal row makes two vertical moves, out and back, that Manhattan did
//! not count: the row adds `2 * (n - LIS)`. Columns are the same with the
//! directions swapped.
//!
//! **Never an overestimate (admissible).** Every move moves one tile, so the
//! moves of a solution are the sum of each tile's moves. A tile makes at
//! least its Manhattan distance in moves, plus two vertical ones if it
//! leaves its goal row while standing in it, plus two horizontal ones if it
//! leaves its goal column while standing in it; these four counts never
//! count the same move twice. Each tile stands in one row and one column, so
//! the row and column conflicts charge each extra move to one tile only. The
//! sum is at most the length of any solution. (Counting `2` per conflicting
//! *pair*, as is sometimes done, overestimates a reversed row like `3 2 1`.)
//!
//! **Consistent.** A move changes the estimate by exactly one: Manhattan by
//! ±1, and the conflicts only where the moved tile enters or leaves its own
//! goal line (moving along a line never reorders it). Leaving its goal line
//! costs the tile one Manhattan step and can lower that line's term by 2;
//! entering saves one and can raise it by 2; a line's `n - LIS` changes by at
//! most one when one tile comes or goes. So `h(a) <= 1 + h(b)` for neighbours
//! `a` and `b`, which is what lets A* close a state the first time it is
//! expanded.
//!
//! [`Informed`] pairs these tables with a search they guide, A* or IDA*.

use crate::board::{Board, BLANK, CELLS, SIDE};
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::search::{Search, SearchStats};
use crate::shape::Shape;

/// Every row, then every column, as its cells in order.
const LINES: [[usize; SIDE]; 2 * SIDE] = {
    let mut lines = [[0; SIDE]; 2 * SIDE];
    let mut line = 0;
    while line < SIDE {
        let mut i = 0;
        while i < SIDE {
            lines[line][i] = line * SIDE + i;
            lines[SIDE + line][i] = i * SIDE + line;
            i += 1;
        }
        line += 1;
    }
    lines
};

/// The number of ways to fill one line's cells with tiles: a line's contents
/// read as a base-[`CELLS`] number is its index into a conflict table.
const LINE_CODES: usize = CELLS.pow(SIDE as u32);

/// Manhattan distance plus linear conflicts towards one goal, from tables
/// built once per goal.
#[derive(Clone)]
pub struct ManhattanConflicts {
    goal: Board,
    /// `distance[tile][cell]`: rows plus columns between `cell` and the
    /// tile's goal cell; 0 for the blank.
    distance: [[u8; CELLS]; CELLS],
    /// `conflict[line * LINE_CODES + code]`: the linear-conflict term of
    /// `line` when its tiles, read in order as base-`CELLS` digits, make
    /// `code`.
    conflict: Vec<u8>,
}

impl ManhattanConflicts {
    /// Builds the tables for `goal`, any arrangement.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::heuristic::ManhattanConflicts};
    /// let heuristic = ManhattanConflicts::new(&Board::GOAL);
    /// let start = Board::from_tiles(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// // Manhattan distance 2, and 1 and 2 must get past each other: +2.
    /// assert_eq!(heuristic.estimate(start.tiles()), 4);
    /// assert_eq!(heuristic.estimate(Board::GOAL.tiles()), 0);
    /// ```
    pub fn new(goal: &Board) -> ManhattanConflicts {
        let mut goal_cell = [0; CELLS];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_cell[usize::from(tile)] = cell;
        }
        let mut distance = [[0; CELLS]; CELLS];
        for tile in 1..CELLS {
            let home = goal_cell[tile];
            for (cell, d) in distance[tile].iter_mut().enumerate() {
                *d = Shape::EIGHT.taxicab(home, cell) as u8;
            }
        }
        let mut conflict = vec![0; LINES.len() * LINE_CODES];
        let (mut places, mut tails) = (Vec::with_capacity(SIDE), Vec::with_capacity(SIDE));
        for (line, cells) in LINES.iter().enumerate() {
            for code in 0..LINE_CODES {
                // Where along this line each tile that belongs to it must
                // end up, in the order the tiles stand.
                places.clear();
                for digit in 0..SIDE {
                    let tile = code / CELLS.pow((SIDE - 1 - digit) as u32) % CELLS;
                    if tile == usize::from(BLANK) {
                        continue;
                    }
                    if let Some(place) = cells.iter().position(|&c| c == goal_cell[tile]) {
                        places.push(place);
                    }
                }
                conflict[line * LINE_CODES + code] = conflict_term(&places, &mut tails) as u8;
            }
        }
        ManhattanConflicts {
            goal: *goal,
            distance,
            conflict,
        }
    }

    /// These tables, rebuilt for `goal` first if they were built for
    /// another: a search keeps one heuristic across puzzles.
    pub fn aimed_at(&mut self, goal: &Board) -> &ManhattanConflicts {
        if self.goal != *goal {
            *self = ManhattanConflicts::new(goal);
        }
        self
    }

    /// A lower bound on the moves from `tiles` (row order, [`BLANK`] for the
    /// blank) to the goal: it never overestimates, and it changes by exactly
    /// one with every move (see the module documentation).
    #[inline]
    pub fn estimate(&self, tiles: &[u8; CELLS]) -> u32 {
        let mut estimate = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            estimate += u32::from(self.distance[usize::from(tile)][cell]);
        }
        for (line, cells) in LINES.iter().enumerate() {
            let code = cells
                .iter()
                .fold(0, |code, &cell| code * CELLS + usize::from(tiles[cell]));
            estimate += u32::from(self.conflict[line * LINE_CODES + code]);
        }
        estimate
    }
}

/// A search guided by an estimate of the moves left, as A* and IDA* are;
/// [`Informed`] gives it [`ManhattanConflicts`]'s tables for each goal.
pub trait Guided: Sized {
    /// A search ready for its first puzzle, or the array it keeps that did
    /// not fit in memory.
    fn new() -> Result<Self, MemoryError>;

    /// Writes the first shortest path in letter order from `start` to `goal`
    /// into `path`, guided by `heuristic`, an estimate of the moves from a
    /// state (its tiles in row order) to `goal`; `false`, with `path` empty,
    /// when the goal cannot be reached.
    ///
    /// The heuristic must never overestimate; then the path found is the
    /// first shortest one in letter order. Consistency is not needed.
    fn search_with(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: impl Fn(&[u8; CELLS]) -> u32,
        path: &mut Vec<Move>,
    ) -> bool;

    /// The work done by the last search.
    fn stats(&self) -> SearchStats;
}

/// A [`Guided`] search and the Manhattan-plus-conflicts tables for the last
/// goal it searched, kept across puzzles.
pub struct Informed<S> {
    heuristic: ManhattanConflicts,
    search: S,
}

impl<S: Guided> Informed<S> {
    /// A search with heuristic tables for the standard goal; other goals
    /// get theirs when first searched. Where the search's arrays (A*'s)
    /// do not fit in memory, says so.
    pub fn new() -> Result<Informed<S>, MemoryError> {
        Ok(Informed {
            heuristic: ManhattanConflicts::new(&Board::GOAL),
            search: S::new()?,
        })
    }

    /// [`Search::solve`] guided by `heuristic` instead of the tables (see
    /// [`Guided::search_with`]).
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, search::{astar::AStar, idastar::IdaStar}};
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let goal = Board::GOAL;
    /// // Tiles out of place: each needs at least one move.
    /// let misplaced = |tiles: &[u8; 9]| {
    ///     tiles.iter().zip(goal.tiles()).filter(|&(t, g)| t != g && *t != 0).count() as u32
    /// };
    /// let mut path = Vec::new();
    /// assert!(AStar::new().unwrap().solve_with(&start, &goal, misplaced, &mut path));
    /// assert_eq!(path.len(), 19);
    /// assert!(IdaStar::new().unwrap().solve_with(&start, &goal, misplaced, &mut path));
    /// assert_eq!(path.len(), 19);
    /// ```
    pub fn solve_with(
        &mut self,
        start: &Board,
        goal: &Board,
        heuristic: impl Fn(&[u8; CELLS]) -> u32,
        path: &mut Vec<Move>,
    ) -> bool {
        self.search.search_with(start, goal, heuristic, path)
    }
}

impl<S: Guided> Search for Informed<S> {
    type Board = Board;

    /// Finds the first shortest path from `start` to `goal` in letter order
    /// with the Manhattan and linear-conflict heuristic.
    fn solve(&mut self, start: &Board, goal: &Board, path: &mut Vec<Move>) -> bool {
        let heuristic = self.heuristic.aimed_at(goal);
        let estimate = |tiles: &[u8; CELLS]| heuristic.estimate(tiles);
        self.search.search_with(start, goal, estimate, path)
    }

    fn stats(&self) -> SearchStats {
        self.search.stats()
    }
}

/// The linear-conflict term of one line, from the goal places along it
/// of its tiles that belong to it, in the order they stand: twice the
/// number outside a longest increasing run of them. By patience sorting,
/// for lines of any length: `tails[k]`, scratch, is the least last place of
/// an increasing run of `k + 1` seen so far.
pub(crate) fn conflict_term(places: &[usize], tails: &mut Vec<usize>) -> u32 {
    tails.clear();
    for &place in places {
        match tails.iter().position(|&tail| tail > place) {
            Some(k) => tails[k] = place,
            None => tails.push(place),
        }
    }
    2 * (places.len() - tails.len()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::rank::{unrank, Rank, STATES};
    use crate::search::table::DistanceMap;

    fn estimate(goal: &Board, tiles: [u8; CELLS]) -> u32 {
        let board = Board::from_tiles(&tiles).unwrap();
        ManhattanConflicts::new(goal).estimate(board.tiles())
    }

    #[test]
    fn the_goal_is_estimated_at_zero() {
        let scrambled = Board::from_tiles(&[5, 6, 4, 1, 7, 8, 0, 2, 3]).unwrap();
        for goal in (0..CELLS).map(Board::canonical).chain([scrambled]) {
            let estimate = ManhattanConflicts::new(&goal).estimate(goal.tiles());
            assert_eq!(estimate, 0, "{goal}");
        }
    }

    #[test]
    fn linear_conflicts_add_two_per_tile_that_must_leave_its_line() {
        let goal = Board::GOAL;
        let cases = [
            // Manhattan alone: no tile shares its goal line with another out of order.
            ([1, 2, 3, 4, 5, 6, 7, 0, 8], 1),
            ([0, 1, 2, 3, 4, 5, 6, 7, 8], 12),
            // One swapped pair in a row: Manhattan 2, one tile must leave.
            ([2, 1, 3, 4, 5, 6, 7, 8, 0], 4),
            ([1, 2, 3, 4, 5, 6, 8, 7, 0], 4),
            // A reversed row: Manhattan 4, two of the three must leave (+4,
            // not +6 as counting conflicting pairs would).
            ([3, 2, 1, 4, 5, 6, 7, 8, 0], 8),
            // A reversed column: 7 and 1 swapped over 4, the same in columns.
            ([7, 2, 3, 4, 5, 6, 1, 8, 0], 8),
            // Tiles from another line do not conflict: column 0 holds 4 1 7,
            // of which 4 1 conflict (+2), but row 0 holds 4 2 3 and 4 does
            // not belong to row 0.
            ([4, 2, 3, 1, 5, 6, 7, 8, 0], 4),
            // A row and a column conflict: 2 1 in row 0, 6 3 in column 2.
            ([2, 1, 6, 4, 5, 3, 7, 8, 0], 8),
        ];
        for (tiles, want) in cases {
            assert_eq!(estimate(&goal, tiles), want, "{tiles:?}");
        }
        // Against another canonical goal, 1234x5678: 5 and 4 swapped in the
        // middle row, with the blank between them.
        assert_eq!(
            estimate(&Board::canonical(4), [1, 2, 3, 5, 0, 4, 6, 7, 8]),
            6
        );
    }

    #[test]
    fn never_overestimates_and_changes_by_one_per_move() {
        for blank in [8, 4, 1] {
            let goal = Board::canonical(blank);
            let heuristic = ManhattanConflicts::new(&goal);
            let table = DistanceMap::build(&goal).unwrap();
            for r in 0..STATES as Rank {
                let board = unrank(r);
                let h = heuristic.estimate(board.tiles());
                if let Some(d) = table.distance_of(r) {
                    assert!(h <= u32::from(d), "{board}: {h} > {d} moves to {goal}");
                    assert_eq!(h % 2, u32::from(d) % 2, "{board}");
                }
                for step in Move::ALL {
                    if let Some(next) = board.apply(step) {
                        let h_next = heuristic.estimate(next.tiles());
                        assert_eq!(h.abs_diff(h_next), 1, "{board} -> {next}");
                    }
                }
            }
        }
    }

    #[test]
    fn conflict_terms_of_short_lines() {
        let term = |places: &[usize]| conflict_term(places, &mut Vec::new());
        assert_eq!(term(&[]), 0);
        assert_eq!(term(&[2]), 0);
        assert_eq!(term(&[0, 1, 2]), 0);
        assert_eq!(term(&[2, 1, 0]), 4);
        assert_eq!(term(&[1, 0, 2]), 2);
        assert_eq!(term(&[2, 0, 1]), 2);
        assert_eq!(term(&[3, 0, 1, 2]), 2);
    }
}
