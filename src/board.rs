//! The board: which tile sits in which cell.
//!
//! Everything else in the crate trusts a [`Board`] to be a permutation of the
//! tiles `1..CELLS` and one blank, so the only ways to build one check that.
//! The size lives in [`SIDE`] and [`CELLS`] rather than in literal nines; the
//! tiles are held in a fixed `[u8; CELLS]` that the 3×3 engines rank into
//! flat 9! arrays (see [`Shape`] for what lays a board out).

use std::fmt;

use crate::moves::{neighbour, Move};
use crate::shape::Shape;

pub use crate::shape::{CELLS, SIDE};

/// The value that stands for the blank in [`Board::tiles`].
pub const BLANK: u8 = 0;

/// A valid arrangement: each of `1..CELLS` once and the blank ([`BLANK`]) once,
/// in row order, top row first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    tiles: [u8; CELLS],
    blank: u8,
}

/// Why a list of tiles is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A tile value is neither a numbered tile nor the blank.
    #[error("{0} is not a tile: expected 1-{max} or a blank x", max = CELLS - 1)]
    NotATile(u8),
    /// The same tile (or the blank) is listed twice.
    #[error("{} appears twice", describe_tile(u32::from(*.0), "'"))]
    Repeated(u8),
    /// The list is not exactly one board long.
    #[error("expected {CELLS} tiles, found {0}")]
    WrongCount(usize),
}

/// `tile '4'` (with `quote` `'`, `tile 4` with none) or `the blank`, for
/// messages.
pub(crate) fn describe_tile(tile: u32, quote: &str) -> String {
    if tile == u32::from(BLANK) {
        "the blank".to_string()
    } else {
        format!("tile {quote}{tile}{quote}")
    }
}

impl Board {
    /// The POJ 1077 goal: `1 2 3 / 4 5 6 / 7 8 x`.
    pub const GOAL: Board = Board::canonical(CELLS - 1);

    /// The board with the blank at `blank` and the numbered tiles in order
    /// around it. Every goal is one of these after its tiles are renamed
    /// (see [`Goal`](crate::Goal)).
    pub const fn canonical(blank: usize) -> Board {
        let mut tiles = [BLANK; CELLS];
        let mut next = 1;
        let mut cell = 0;
        while cell < CELLS {
            if cell != blank {
                tiles[cell] = next;
                next += 1;
            }
            cell += 1;
        }
        Board {
            tiles,
            blank: blank as u8,
        }
    }

    /// Builds a board from tiles in row order, [`BLANK`] for the blank.
    ///
    /// # Example
    /// ```
    /// use eight::board::Board;
    /// let board = Board::from_tiles(&[1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// assert_eq!(board, Board::GOAL);
    /// assert!(Board::from_tiles(&[1, 1, 3, 4, 5, 6, 7, 8, 0]).is_err());
    /// ```
    pub fn from_tiles(tiles: &[u8]) -> Result<Board, BoardError> {
        let tiles: [u8; CELLS] = tiles
            .try_into()
            .map_err(|_| BoardError::WrongCount(tiles.len()))?;
        let mut seen = 0u32;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            if usize::from(tile) >= CELLS {
                return Err(BoardError::NotATile(tile));
            }
            if seen & (1 << tile) != 0 {
                return Err(BoardError::Repeated(tile));
            }
            seen |= 1 << tile;
            if tile == BLANK {
                blank = cell as u8;
            }
        }
        Ok(Board { tiles, blank })
    }

    /// Builds a board from tiles already known to be a permutation, as the
    /// ranking and the searches produce them.
    pub(crate) fn from_permutation(tiles: [u8; CELLS]) -> Board {
        let blank = tiles.iter().position(|&t| t == BLANK).unwrap_or(0) as u8;
        debug_assert!(Board::from_tiles(&tiles).is_ok(), "not a permutation");
        Board { tiles, blank }
    }

    /// The tiles in row order, [`BLANK`] for the blank.
    pub fn tiles(&self) -> &[u8; CELLS] {
        &self.tiles
    }

    /// The cell (row-major index) that holds the blank.
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The board after the blank swaps with its neighbour in direction `step`,
    /// or `None` when that neighbour is off the board.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, Move};
    /// let before = Board::GOAL.apply(Move::Up).unwrap();
    /// assert_eq!(before.to_string(), "12345x786");
    /// assert_eq!(Board::GOAL.apply(Move::Down), None);
    /// ```
    pub fn apply(&self, step: Move) -> Option<Board> {
        let target = neighbour(Shape::EIGHT, self.blank(), step)?;
        let mut tiles = self.tiles;
        tiles.swap(self.blank(), target);
        Some(Board {
            tiles,
            blank: target as u8,
        })
    }

    /// Applies `steps` in order; `Err(i)` names the first step that would
    /// leave the board.
    pub fn apply_all(&self, steps: &[Move]) -> Result<Board, usize> {
        steps
            .iter()
            .enumerate()
            .try_fold(*self, |board, (i, &step)| board.apply(step).ok_or(i))
    }
}

/// Compact form, `x` for the blank: `12345678x`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &tile in &self.tiles {
            write!(f, "{}", tile_char(tile))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// How `eight` writes the blank, and names it in messages unless a
/// preset's input writes another.
pub const BLANK_CHAR: char = 'x';

/// The character a tile is written as: its digit, or [`BLANK_CHAR`].
pub fn tile_char(tile: u8) -> char {
    if tile == BLANK {
        BLANK_CHAR
    } else {
        char::from(b'0' + tile)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A board from tiles known to be valid, for tests.
    pub(crate) fn board(tiles: [u8; CELLS]) -> Board {
        Board::from_tiles(&tiles).unwrap()
    }

    #[test]
    fn canonical_boards_put_the_tiles_in_order_around_the_blank() {
        assert_eq!(Board::GOAL.to_string(), "12345678x");
        assert_eq!(Board::canonical(0).to_string(), "x12345678");
        assert_eq!(Board::canonical(4).to_string(), "1234x5678");
        assert_eq!(Board::canonical(4).blank(), 4);
    }

    #[test]
    fn from_tiles_rejects_what_is_not_a_permutation() {
        let cases: &[(&[u8], BoardError)] = &[
            (&[1, 2, 3], BoardError::WrongCount(3)),
            (&[1, 2, 3, 4, 5, 6, 7, 8, 9], BoardError::NotATile(9)),
            (&[1, 2, 3, 4, 5, 6, 7, 7, 0], BoardError::Repeated(7)),
            (&[0, 2, 3, 4, 5, 6, 7, 8, 0], BoardError::Repeated(0)),
        ];
        for (tiles, want) in cases {
            assert_eq!(Board::from_tiles(tiles).as_ref(), Err(want), "{tiles:?}");
        }
        for (tile, want) in [
            (0, "the blank appears twice"),
            (4, "tile '4' appears twice"),
        ] {
            assert_eq!(BoardError::Repeated(tile).to_string(), want);
        }
    }

    #[test]
    fn apply_moves_the_blank_and_stops_at_the_edges() {
        let board = Board::from_tiles(&[1, 2, 3, 4, 0, 5, 6, 7, 8]).unwrap();
        assert_eq!(board.apply(Move::Up).unwrap().to_string(), "1x3425678");
        assert_eq!(board.apply(Move::Down).unwrap().to_string(), "1234756x8");
        assert_eq!(board.apply(Move::Left).unwrap().to_string(), "123x45678");
        assert_eq!(board.apply(Move::Right).unwrap().to_string(), "12345x678");
        assert_eq!(Board::canonical(0).apply(Move::Left), None);
        assert_eq!(Board::canonical(0).apply(Move::Up), None);
        assert_eq!(Board::GOAL.apply_all(&[Move::Up; 3]), Err(2));
    }
}
