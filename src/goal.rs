//! Any goal, solved as one of [`CELLS`] canonical goals.
//!
//! Which tile is called what does not change how the blank can move, so a
//! puzzle and its goal can be renamed together until the goal reads
//! `1 2 … 8` around the blank ([`Board::canonical`]). Only the blank's cell
//! is left to tell goals apart, so the search tables are built once per
//! blank cell, never per goal, and a batch where every puzzle has its own
//! goal costs no more than one with a fixed goal.

use crate::board::{Board, BLANK, CELLS};
use crate::parity;

/// A goal together with the renaming that takes it to its canonical board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    board: Board,
    /// `rename[tile]`: the name `tile` has on the canonical board.
    rename: [u8; CELLS],
    /// The goal's [`parity::class`], asked once per puzzle of a batch.
    class: bool,
}

impl Goal {
    /// Prepares `board` as a goal.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, Goal};
    /// let goal = Goal::new(Board::from_tiles(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap());
    /// assert_eq!(goal.canonical(), Board::canonical(4));
    /// assert_eq!(goal.rename(goal.board()), goal.canonical());
    /// ```
    pub fn new(board: Board) -> Goal {
        let canonical = Board::canonical(board.blank());
        let mut rename = [BLANK; CELLS];
        for (&tile, &name) in board.tiles().iter().zip(canonical.tiles()) {
            rename[usize::from(tile)] = name;
        }
        Goal {
            board,
            rename,
            class: parity::class(&board),
        }
    }

    /// Whether this goal can be reached from `start` (by inversion parity).
    pub fn reachable_from(&self, start: &Board) -> bool {
        parity::class(start) == self.class
    }

    /// The goal as the user wrote it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The canonical board this goal is renamed to.
    pub fn canonical(&self) -> Board {
        Board::canonical(self.board.blank())
    }

    /// `start` under the renaming that turns the goal into
    /// [`Goal::canonical`]; the moves that solve one solve the other.
    pub fn rename(&self, start: &Board) -> Board {
        Board::from_permutation(start.tiles().map(|tile| self.rename[usize::from(tile)]))
    }

    /// The board [`Goal::rename`] takes to `renamed`: a board measured to
    /// [`Goal::canonical`] carried over to this goal.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, Goal};
    /// let goal = Goal::new(Board::from_tiles(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap());
    /// assert_eq!(goal.unrename(&goal.canonical()), *goal.board());
    /// ```
    pub fn unrename(&self, renamed: &Board) -> Board {
        // `tile_named[name]`: the tile that `rename` calls `name`.
        let mut tile_named = [BLANK; CELLS];
        for (&tile, &name) in self.board.tiles().iter().zip(self.canonical().tiles()) {
            tile_named[usize::from(name)] = tile;
        }
        Board::from_permutation(renamed.tiles().map(|tile| tile_named[usize::from(tile)]))
    }
}

impl Default for Goal {
    /// The POJ 1077 goal, `12345678x`.
    fn default() -> Goal {
        Goal::new(Board::GOAL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn renaming_commutes_with_moves() {
        let goal = Goal::new(Board::from_tiles(&[5, 6, 4, 1, 7, 8, 0, 2, 3]).unwrap());
        let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        for step in Move::ALL {
            let moved_then_renamed = start.apply(step).map(|b| goal.rename(&b));
            let renamed_then_moved = goal.rename(&start).apply(step);
            assert_eq!(moved_then_renamed, renamed_then_moved);
        }
        assert_eq!(goal.rename(goal.board()), Board::canonical(6));
    }

    #[test]
    fn unrename_undoes_rename() {
        let goal = Goal::new(Board::from_tiles(&[5, 6, 4, 1, 7, 8, 0, 2, 3]).unwrap());
        for start in [[2, 3, 4, 1, 5, 0, 7, 6, 8], [8, 7, 6, 5, 4, 3, 2, 1, 0]] {
            let start = Board::from_tiles(&start).unwrap();
            assert_eq!(goal.unrename(&goal.rename(&start)), start);
            assert_eq!(goal.rename(&goal.unrename(&start)), start);
        }
    }

    #[test]
    fn the_default_goal_renames_nothing() {
        let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        assert_eq!(Goal::default().rename(&start), start);
    }
}
