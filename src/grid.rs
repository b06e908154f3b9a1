//! A board of any size: the validated input of the any-size pieces
//! ([`crate::solvability`], [`crate::small`], [`crate::constructive`]).
//!
//! [`crate::board::Board`] is a fixed `[u8; 9]` that the 3×3 engines rank;
//! a [`Grid`] is the same promise — a permutation of `1..cells` and one
//! blank — for any [`Shape`] from 2×2 up, held as `u32` so a 1000×1000
//! board (10^6 tiles) fits. Building one checks the tiles once, in O(n);
//! after that nothing re-checks them.

use std::io;

use smallvec::SmallVec;

use crate::board::{describe_tile, Board};
use crate::memory::MemoryError;
use crate::moves::{neighbour, Move};
use crate::shape::Shape;
use crate::words::article;

/// A board's tiles, inline up to the 15-puzzle's 16 cells, so that reading
/// or cloning a small board allocates nothing.
type Tiles = SmallVec<[u32; 16]>;

/// The value that stands for the blank in [`Grid::tiles`].
pub const BLANK: u32 = 0;

/// A valid arrangement of a board of any shape: each of `1..cells` once and
/// the blank once, in row order, top row first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    shape: Shape,
    tiles: Tiles,
    blank: usize,
}

/// Why tiles and a shape are not a board, two boards cannot be compared,
/// or a piece cannot take a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// A side shorter than two cells: no tile could ever move both ways.
    #[error(
        "{} {rows}×{columns} board is too small: both sides need at least 2 cells",
        article(*.rows)
    )]
    TooSmall {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        columns: usize,
    },
    /// More cells than tiles can be numbered with `u32`.
    #[error("{} {rows}×{columns} board has too many cells", article(*.rows))]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        columns: usize,
    },
    /// The list is not exactly one board long.
    #[error("expected {expected} tiles, found {found}")]
    WrongCount {
        /// Cells of the shape.
        expected: usize,
        /// Tiles given.
        found: usize,
    },
    /// A tile value is neither a numbered tile nor the blank.
    #[error("{tile} is not a tile: expected 1-{max} or 0 for the blank")]
    NotATile {
        /// The value found.
        tile: u32,
        /// The largest tile of the shape.
        max: usize,
    },
    /// The same tile (or the blank) is listed twice.
    #[error("{} appears twice", describe_tile(*.0, ""))]
    Repeated(u32),
    /// Two boards that should share a shape do not.
    #[error("the boards differ in shape: {}×{} and {}×{}", .0.rows, .0.columns, .1.rows, .1.columns)]
    ShapeMismatch(Shape, Shape),
    /// A piece built for at most some number of cells was given more.
    #[error(
        "{} {}×{} board has more than {limit} cells",
        article(.shape.rows),
        .shape.rows,
        .shape.columns
    )]
    TooManyCells {
        /// The board's shape.
        shape: Shape,
        /// The most cells the piece handles.
        limit: usize,
    },
    /// A piece's table of every arrangement of the board did not fit in
    /// memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

/// Checks that a shape is one the any-size pieces handle.
pub fn check_shape(shape: Shape) -> Result<(), GridError> {
    let Shape { rows, columns } = shape;
    if rows < 2 || columns < 2 {
        return Err(GridError::TooSmall { rows, columns });
    }
    match rows.checked_mul(columns) {
        Some(cells) if cells <= u32::MAX as usize => Ok(()),
        _ => Err(GridError::TooLarge { rows, columns }),
    }
}

impl Grid {
    /// Builds a board of `shape` from tiles in row order, [`BLANK`] for the
    /// blank.
    ///
    /// # Example
    /// ```
    /// use eight::{Grid, Shape};
    /// let shape = Shape { rows: 2, columns: 3 };
    /// let grid = Grid::new(shape, vec![1, 2, 3, 4, 0, 5]).unwrap();
    /// assert_eq!(grid.blank(), 4);
    /// assert!(Grid::new(shape, vec![1, 2, 3, 4, 5, 5]).is_err());
    /// ```
    pub fn new(shape: Shape, tiles: Vec<u32>) -> Result<Grid, GridError> {
        check_shape(shape)?;
        let cells = shape.cells();
        if tiles.len() != cells {
            return Err(GridError::WrongCount {
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = vec![false; cells];
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            let slot = seen.get_mut(tile as usize).ok_or(GridError::NotATile {
                tile,
                max: cells - 1,
            })?;
            if *slot {
                return Err(GridError::Repeated(tile));
            }
            *slot = true;
            if tile == BLANK {
                blank = cell;
            }
        }
        Ok(Grid {
            shape,
            tiles: Tiles::from_vec(tiles),
            blank,
        })
    }

    /// The board of `shape` with the tiles `1..cells` in row order and the
    /// blank in the bottom-right corner.
    pub fn solved(shape: Shape) -> Result<Grid, GridError> {
        check_shape(shape)?;
        let cells = shape.cells();
        Ok(Grid {
            shape,
            tiles: (1..cells as u32).chain([BLANK]).collect(),
            blank: cells - 1,
        })
    }

    /// The board of this one's shape with the tiles in row order and the
    /// blank last: the goal of every preset on other boards.
    pub(crate) fn solved_like(&self) -> Grid {
        // This board's shape is a board's, so this cannot fail; if it did,
        // the board itself would stand in.
        Grid::solved(self.shape).unwrap_or_else(|_| self.clone())
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tiles in row order, [`BLANK`] for the blank.
    pub fn tiles(&self) -> &[u32] {
        &self.tiles
    }

    /// The tiles in row order with `separator` between them and `x` for
    /// the blank: how `eight` writes a board of any size.
    pub fn write_tiles(&self, out: &mut impl io::Write, separator: &str) -> io::Result<()> {
        for (cell, &tile) in self.tiles.iter().enumerate() {
            if cell > 0 {
                out.write_all(separator.as_bytes())?;
            }
            if tile == BLANK {
                out.write_all(b"x")?;
            } else {
                write!(out, "{tile}")?;
            }
        }
        Ok(())
    }

    /// [`Grid::write_tiles`] as text, for messages and labels.
    pub fn spelled(&self, separator: &str) -> String {
        let mut text = Vec::new();
        // Writing to a Vec cannot fail, and the text is ASCII.
        let _ = self.write_tiles(&mut text, separator);
        String::from_utf8_lossy(&text).into_owned()
    }

    /// The cell (row-major index) that holds the blank.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// Moves the blank one step; `false`, with nothing changed, when that
    /// step would leave the board.
    ///
    /// # Example
    /// ```
    /// use eight::{Grid, Move, Shape};
    /// let mut grid = Grid::solved(Shape { rows: 2, columns: 2 }).unwrap();
    /// assert!(grid.apply(Move::Up));
    /// assert_eq!(grid.tiles(), &[1, 0, 3, 2]);
    /// assert!(!grid.apply(Move::Up));
    /// ```
    // Inlined: the special judge, which plays every move of every answer,
    // then judges the 9! 3×3 arrangements with 8% fewer instructions.
    #[inline]
    pub fn apply(&mut self, step: Move) -> bool {
        match neighbour(self.shape, self.blank, step) {
            Some(target) => {
                self.tiles.swap(self.blank, target);
                self.blank = target;
                true
            }
            None => false,
        }
    }

    /// The move that slides the tile at `cell` into the blank, as a player
    /// does by clicking it: the blank's step towards it, where they are
    /// neighbours; `None` for the blank's own cell, a cell further away or
    /// one off the board.
    ///
    /// # Example
    /// ```
    /// use eight::{Grid, Move, Shape};
    /// let grid = Grid::solved(Shape::new(2, 3)).unwrap(); // 1 2 3 / 4 5 x
    /// assert_eq!(grid.move_towards(2), Some(Move::Up));
    /// assert_eq!(grid.move_towards(4), Some(Move::Left));
    /// assert_eq!(grid.move_towards(3), None);
    /// ```
    pub fn move_towards(&self, cell: usize) -> Option<Move> {
        let towards = |&step: &Move| neighbour(self.shape, self.blank, step) == Some(cell);
        Move::ALL.into_iter().find(towards)
    }
}

impl From<&Board> for Grid {
    /// The 3×3 board as a grid: a valid board is a valid grid.
    fn from(board: &Board) -> Grid {
        Grid {
            shape: Shape::EIGHT,
            tiles: board.tiles().iter().map(|&tile| u32::from(tile)).collect(),
            blank: board.blank(),
        }
    }
}

impl Grid {
    /// The 3×3 board this grid is, for the 3×3 engines; `None` on any other
    /// shape. A valid grid is a valid board: nothing is checked again.
    pub(crate) fn board(&self) -> Option<Board> {
        if self.shape != Shape::EIGHT {
            return None;
        }
        let tiles: &[u32; crate::board::CELLS] = self.tiles[..].try_into().ok()?;
        Some(Board::from_permutation(tiles.map(|tile| tile as u8)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_BY_THREE: Shape = Shape::new(2, 3);

    #[test]
    fn new_rejects_what_is_not_a_board() {
        let cases: &[(Shape, &[u32], GridError)] = &[
            (
                Shape::new(1, 5),
                &[1, 2, 3, 4, 0],
                GridError::TooSmall {
                    rows: 1,
                    columns: 5,
                },
            ),
            (
                TWO_BY_THREE,
                &[1, 2, 0],
                GridError::WrongCount {
                    expected: 6,
                    found: 3,
                },
            ),
            (
                TWO_BY_THREE,
                &[1, 2, 3, 4, 5, 6],
                GridError::NotATile { tile: 6, max: 5 },
            ),
            (TWO_BY_THREE, &[1, 2, 3, 0, 5, 0], GridError::Repeated(0)),
        ];
        for (shape, tiles, want) in cases {
            assert_eq!(Grid::new(*shape, tiles.to_vec()).as_ref(), Err(want));
        }
        assert_eq!(
            GridError::Repeated(0).to_string(),
            "the blank appears twice"
        );
        assert_eq!(
            GridError::NotATile { tile: 6, max: 5 }.to_string(),
            "6 is not a tile: expected 1-5 or 0 for the blank"
        );
        assert!(matches!(
            check_shape(Shape::new(usize::MAX, 2)),
            Err(GridError::TooLarge { .. })
        ));
        assert_eq!(
            GridError::TooSmall {
                rows: 8,
                columns: 1
            }
            .to_string(),
            "an 8×1 board is too small: both sides need at least 2 cells"
        );
    }

    #[test]
    fn moves_stop_at_the_edges_and_undo_each_other() {
        for shape in [TWO_BY_THREE, Shape::EIGHT] {
            for cell in 0..shape.cells() {
                for step in Move::ALL {
                    if let Some(next) = neighbour(shape, cell, step) {
                        assert_eq!(neighbour(shape, next, step.inverse()), Some(cell));
                    }
                }
            }
        }
        assert_eq!(neighbour(TWO_BY_THREE, 2, Move::Right), None);
        assert_eq!(neighbour(TWO_BY_THREE, 3, Move::Down), None);
        let mut grid = Grid::solved(TWO_BY_THREE).unwrap();
        assert_eq!(grid.tiles(), &[1, 2, 3, 4, 5, 0]);
        assert!(grid.apply(Move::Left));
        assert_eq!(grid.tiles(), &[1, 2, 3, 4, 0, 5]);
        assert!(!grid.apply(Move::Down));
    }

    /// A click moves the blank onto the cell clicked, from every cell
    /// beside it and from none other: never across the end of a row.
    #[test]
    fn a_move_towards_a_cell_lands_the_blank_on_it() {
        let mut grid = Grid::solved(Shape::new(3, 4)).unwrap();
        grid.apply(Move::Up);
        grid.apply(Move::Left); // the blank at cell 6, row 1
        for cell in 0..14 {
            let mut moved = grid.clone();
            match grid.move_towards(cell) {
                Some(step) => {
                    assert!(moved.apply(step), "{cell}");
                    assert_eq!(moved.blank(), cell);
                }
                None => assert!(![2, 5, 7, 10].contains(&cell), "{cell}"),
            }
        }
        // The blank first in its row: the cell before it ends the row above.
        grid.apply(Move::Left);
        grid.apply(Move::Left);
        assert_eq!(grid.blank(), 4);
        assert_eq!(grid.move_towards(3), None);
        assert_eq!(grid.move_towards(5), Some(Move::Right));
        assert_eq!(grid.move_towards(12), None, "off the board");
    }
}
