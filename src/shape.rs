//! The size of the board, apart from the board itself, so that the moves
//! (which the board uses) can lay out their neighbour table without
//! depending on the board in turn.

/// Cells on one side of the square board.
pub const SIDE: usize = 3;

/// Cells on the board, the blank included.
pub const CELLS: usize = SIDE * SIDE;
