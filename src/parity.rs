//! Solvability by inversion parity, so an unsolvable puzzle is answered at
//! once instead of by exhausting a search.
//!
//! A horizontal move never changes the order of the numbered tiles. A vertical
//! move carries one tile past `SIDE - 1` others, an even number on the 3×3
//! board, so the parity of the inversion count never changes and half the
//! arrangements are unreachable from any goal. (On an even width the blank's
//! row would count too; [`crate::solvable`] handles every shape.)

use crate::board::{Board, BLANK, SIDE};
use crate::rank::count_tiles;

/// Pairs of numbered tiles (the blank left out) that stand in the wrong order.
///
/// Each tile counts the larger tiles already passed, kept as a bit set, so
/// this is one pass and a table look-up per cell rather than a double loop: it
/// runs for every puzzle of a batch.
pub fn inversions(board: &Board) -> u32 {
    let mut passed: u32 = 0;
    let mut count = 0;
    for &tile in board.tiles() {
        if tile != BLANK {
            count += count_tiles(passed >> (tile + 1));
            passed |= 1 << tile;
        }
    }
    count
}

/// The parity that no move changes: two boards are reachable from each other
/// exactly when theirs agree.
pub fn class(board: &Board) -> bool {
    const { assert!(SIDE % 2 == 1, "an odd width keeps the inversions' parity") };
    inversions(board) % 2 == 1
}

/// Whether `goal` can be reached from `start`.
///
/// # Example
/// ```
/// use eight::{board::Board, parity::solvable};
/// let swapped = Board::from_tiles(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
/// assert!(!solvable(&swapped, &Board::GOAL));
/// assert!(solvable(&Board::canonical(0), &Board::GOAL));
/// ```
pub fn solvable(start: &Board, goal: &Board) -> bool {
    class(start) == class(goal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board;
    use crate::moves::Move;

    #[test]
    fn inversions_skip_the_blank() {
        assert_eq!(inversions(&Board::GOAL), 0);
        assert_eq!(inversions(&board([0, 1, 2, 3, 4, 5, 6, 7, 8])), 0);
        assert_eq!(inversions(&board([2, 1, 3, 4, 5, 6, 7, 8, 0])), 1);
        assert_eq!(inversions(&board([8, 7, 6, 5, 4, 3, 2, 1, 0])), 28);
    }

    #[test]
    fn no_move_changes_solvability() {
        let start = board([2, 3, 4, 1, 5, 0, 7, 6, 8]);
        let mut current = start;
        for step in [Move::Up, Move::Left, Move::Left, Move::Down, Move::Right] {
            current = current.apply(step).unwrap();
            assert!(solvable(&start, &current));
        }
        assert!(!solvable(&board([1, 2, 3, 4, 5, 6, 8, 7, 0]), &Board::GOAL));
    }
}
