//! The board's shape: how many rows and columns it has.
//!
//! Everything that lays a board out asks the shape rather than assuming
//! nine tiles: the reader (where a grid's rows end), the steps format (how
//! a grid is drawn) and the moves (which cells neighbour which). The board
//! and its engines are built for the 3×3 shape, with flat arrays over its
//! 9! arrangements; the shape is what other sizes will vary.

/// A board's rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows, top to bottom.
    pub rows: usize,
    /// Columns, left to right: the cells of one row.
    pub columns: usize,
}

impl Shape {
    /// The 8-puzzle's 3×3 board, the shape every engine solves.
    pub const EIGHT: Shape = Shape::new(3, 3);

    /// The shape of `rows` rows of `columns` cells.
    pub const fn new(rows: usize, columns: usize) -> Shape {
        Shape { rows, columns }
    }

    /// Cells on the board, the blank included.
    pub const fn cells(self) -> usize {
        self.rows * self.columns
    }

    /// Moves between cells `a` and `b` for a tile alone: rows apart plus
    /// columns apart.
    pub(crate) fn taxicab(self, a: usize, b: usize) -> usize {
        (a / self.columns).abs_diff(b / self.columns)
            + (a % self.columns).abs_diff(b % self.columns)
    }
}

/// The shape as `--size` spells it, rows `x` columns: `4x4`.
impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.columns)
    }
}

/// Cells on one side of the square 3×3 board.
pub const SIDE: usize = Shape::EIGHT.columns;

/// Cells on the 3×3 board, the blank included.
pub const CELLS: usize = Shape::EIGHT.cells();
