//! The shape of a board of 10 to 25 cells, its move table and its
//! reflection, and the checks that turn a caller's `&[u8]` into tiles the
//! search can trust.
//!
//! Everything here is computed once per shape, so the search's inner loop
//! only indexes flat arrays.

use crate::moves::{neighbour, Move};
use crate::pdb::EngineError;
use crate::shape::Shape;

/// The most cells a board may have: positions fit in 5 bits and a set of
/// cells in a `u32`. The 5×5 board is the largest square.
pub const PDB_CELLS: usize = 25;

/// The most cells of a board solved exactly unless asked: up to here the
/// databases build in seconds and a hard board takes a second; above it an
/// optimal answer can take hours, so it is asked for (`--optimal`).
pub const EXACT_BY_DEFAULT: usize = 16;

/// The fewest cells this engine takes; smaller boards belong to the 3×3
/// engines (though 2×3 and 3×3 work here too, for testing).
pub const MIN_CELLS: usize = 6;

/// A shape this engine takes, R rows by C columns with R, C ≥ 2 and
/// 6 ≤ R·C ≤ 25, and the geometry the search and the databases need.
///
/// # Example
/// ```
/// use eight::pdb::Layout;
/// use eight::Shape;
/// let layout = Layout::new(Shape { rows: 4, columns: 4 }).unwrap();
/// assert_eq!(layout.cells(), 16);
/// assert!(Layout::new(Shape { rows: 1, columns: 9 }).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    shape: Shape,
}

impl Layout {
    /// The 15-puzzle's 4×4 layout.
    pub const FIFTEEN: Layout = Layout {
        shape: Shape::new(4, 4),
    };

    /// The layout of `shape`, or [`EngineError::Shape`] when a side is under
    /// 2 or the board has more than 25 cells or fewer than 6.
    pub fn new(shape: Shape) -> Result<Layout, EngineError> {
        let Shape { rows, columns } = shape;
        let cells = rows.saturating_mul(columns);
        if rows < 2 || columns < 2 || !(MIN_CELLS..=PDB_CELLS).contains(&cells) {
            return Err(EngineError::Shape(shape));
        }
        Ok(Layout { shape })
    }

    /// The layout of `rows` by `columns`, which the test knows is one.
    #[cfg(test)]
    pub(crate) fn sized(rows: usize, columns: usize) -> Layout {
        Layout::new(Shape { rows, columns }).unwrap()
    }

    /// The shape.
    pub fn shape(self) -> Shape {
        self.shape
    }

    /// Rows.
    pub fn rows(self) -> usize {
        self.shape.rows
    }

    /// Columns.
    pub fn columns(self) -> usize {
        self.shape.columns
    }

    /// Cells, the blank's included.
    pub fn cells(self) -> usize {
        self.rows() * self.columns()
    }

    /// Whether the board is square, so that reflecting it about the main
    /// diagonal gives a board of the same shape.
    pub fn is_square(self) -> bool {
        self.rows() == self.columns()
    }

    /// The cell at `row`, `col`.
    pub(crate) fn cell(self, row: usize, col: usize) -> usize {
        row * self.columns() + col
    }

    /// The cell a square board's `cell` lands on when reflected about the
    /// main diagonal.
    pub(crate) fn transpose(self, cell: usize) -> usize {
        let (row, col) = (cell / self.columns(), cell % self.columns());
        self.cell(col, row)
    }

    /// The neighbours of every cell, in letter order of the move that takes
    /// the blank there.
    pub(crate) fn steps(self) -> Steps {
        let mut steps = Steps {
            list: [[(Move::Down, 0); 4]; PDB_CELLS],
            len: [0; PDB_CELLS],
        };
        for cell in 0..self.cells() {
            for step in Move::ALL {
                if let Some(target) = neighbour(self.shape, cell, step) {
                    steps.list[cell][usize::from(steps.len[cell])] = (step, target as u8);
                    steps.len[cell] += 1;
                }
            }
        }
        steps
    }

    /// Checks that `tiles` holds each of `0..cells` once (0 the blank) and
    /// returns the blank's cell. `what` names the board in errors.
    pub(crate) fn check(self, tiles: &[u8], what: &'static str) -> Result<usize, EngineError> {
        if tiles.len() != self.cells() {
            return Err(EngineError::Length {
                what,
                expected: self.cells(),
                found: tiles.len(),
            });
        }
        let mut seen = 0u32;
        for (cell, &tile) in tiles.iter().enumerate() {
            if usize::from(tile) >= self.cells() || seen & 1 << tile != 0 {
                return Err(EngineError::Tile {
                    what,
                    cell,
                    tile,
                    cells: self.cells(),
                });
            }
            seen |= 1 << tile;
        }
        Ok(tiles.iter().position(|&t| t == 0).unwrap_or(0))
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows(), self.columns())
    }
}

/// Each cell's neighbours with the move that reaches them, letter order.
#[derive(Clone, Debug)]
pub(crate) struct Steps {
    list: [[(Move, u8); 4]; PDB_CELLS],
    len: [u8; PDB_CELLS],
}

impl Steps {
    /// The moves the blank can make from `cell`.
    #[inline(always)]
    pub fn from(&self, cell: usize) -> &[(Move, u8)] {
        &self.list[cell][..usize::from(self.len[cell])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_out_of_range_are_refused() {
        // Those in range are partition.rs's test's, which builds a layout
        // of each.
        for (rows, columns) in [(1, 10), (10, 1), (5, 6), (2, 13), (2, 2), (0, 0)] {
            let shape = Shape { rows, columns };
            assert!(Layout::new(shape).is_err(), "{rows}x{columns}");
        }
    }

    #[test]
    fn steps_are_in_letter_order_and_stay_on_the_board() {
        let steps = Layout::sized(3, 4).steps();
        assert_eq!(steps.from(0), [(Move::Down, 4), (Move::Right, 1)]);
        assert_eq!(
            steps.from(5),
            [
                (Move::Down, 9),
                (Move::Left, 4),
                (Move::Right, 6),
                (Move::Up, 1)
            ]
        );
        assert_eq!(steps.from(11), [(Move::Left, 10), (Move::Up, 7)]);
    }

    #[test]
    fn checks_name_the_fault() {
        let layout = Layout::sized(2, 3);
        assert_eq!(layout.check(&[1, 2, 0, 3, 4, 5], "start"), Ok(2));
        assert!(matches!(
            layout.check(&[1, 2, 0], "start"),
            Err(EngineError::Length { expected: 6, .. })
        ));
        assert!(matches!(
            layout.check(&[1, 1, 0, 3, 4, 5], "goal"),
            Err(EngineError::Tile { cell: 1, .. })
        ));
        assert!(matches!(
            layout.check(&[1, 6, 0, 3, 4, 5], "goal"),
            Err(EngineError::Tile { tile: 6, .. })
        ));
    }

    #[test]
    fn one_swap_is_unsolvable_and_one_move_is_not() {
        // Through the check every board size shares, on the engine's boards.
        let solvable =
            |start: &[u8], goal: &[u8]| crate::pdb::reaches(Layout::FIFTEEN, start, goal);
        let identity: Vec<u8> = (0..16).collect();
        assert!(solvable(&identity, &identity));
        let mut swapped = identity.clone();
        swapped.swap(1, 2);
        assert!(!solvable(&swapped, &identity));
        let mut moved = identity.clone();
        moved.swap(0, 4);
        assert!(solvable(&moved, &identity));
    }
}
