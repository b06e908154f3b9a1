//! Moves: the four directions the blank can travel, their letters, and the
//! precomputed neighbour table the searches walk.
//!
//! A move names the neighbour the blank swaps with, as POJ 1077 prints it:
//! `u` means the blank moves up.

use crate::shape::{Shape, CELLS};

/// One step of the blank. The variants are declared in ASCII order of their
/// letters (`d` < `l` < `r` < `u`), so `Ord` on moves is the order a
/// lexicographically first answer needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// `d`: the blank swaps with the tile below it.
    Down,
    /// `l`: the blank swaps with the tile to its left.
    Left,
    /// `r`: the blank swaps with the tile to its right.
    Right,
    /// `u`: the blank swaps with the tile above it.
    Up,
}

impl Move {
    /// Every move, in letter order.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The letter the move is written as.
    pub const fn letter(self) -> u8 {
        // One load, where a match compiled to shifts: answers are written
        // a letter at a time.
        b"dlru"[self.index()]
    }

    /// The move for a letter, lower case only, as judges print them.
    pub const fn from_letter(letter: u8) -> Option<Move> {
        match letter {
            b'd' => Some(Move::Down),
            b'l' => Some(Move::Left),
            b'r' => Some(Move::Right),
            b'u' => Some(Move::Up),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        match self {
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
            Move::Up => Move::Down,
        }
    }

    /// The move's position in [`Move::ALL`], for packing into two bits.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The move packed at [`Move::index`].
    pub const fn from_index(index: usize) -> Move {
        Move::ALL[index & 3]
    }
}

/// The moves that keep the blank on the board when it stands at `blank`,
/// each with the cell it lands on, in letter order: the inner loop of every
/// search, so no move is tried only to be thrown away.
pub fn steps_from(blank: usize) -> &'static [(Move, u8)] {
    let list = &STEPS[blank];
    &list.steps[..usize::from(list.len)]
}

/// Letters of a move list, as the answer line prints them.
pub fn letters(moves: &[Move]) -> String {
    moves.iter().map(|m| char::from(m.letter())).collect()
}

/// The moves that keep the blank on the board from one cell, each with the
/// cell it lands on, in letter order.
struct StepList {
    steps: [(Move, u8); 4],
    len: u8,
}

const STEPS: [StepList; CELLS] = {
    let mut table = [const {
        StepList {
            steps: [(Move::Down, 0); 4],
            len: 0,
        }
    }; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut i = 0;
        while i < Move::ALL.len() {
            if let Some(target) = neighbour(Shape::EIGHT, cell, Move::ALL[i]) {
                let list = &mut table[cell];
                list.steps[list.len as usize] = (Move::ALL[i], target as u8);
                list.len += 1;
            }
            i += 1;
        }
        cell += 1;
    }
    table
};

/// The cell the blank lands on when it leaves `cell` by `step` on a board of
/// `shape`, if that cell is on the board.
#[inline]
pub const fn neighbour(shape: Shape, cell: usize, step: Move) -> Option<usize> {
    let (row, column) = (cell / shape.columns, cell % shape.columns);
    match step {
        Move::Down if row + 1 < shape.rows => Some(cell + shape.columns),
        Move::Left if column > 0 => Some(cell - 1),
        Move::Right if column + 1 < shape.columns => Some(cell + 1),
        Move::Up if row > 0 => Some(cell - shape.columns),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_sort_in_ascii_order() {
        for m in Move::ALL {
            assert_eq!(Move::from_letter(m.letter()), Some(m));
            assert_eq!(m.inverse().inverse(), m);
            assert_eq!(Move::from_index(m.index()), m);
        }
        let mut sorted = Move::ALL;
        sorted.sort_by_key(|m| m.letter());
        assert_eq!(sorted, Move::ALL);
        assert_eq!(Move::from_letter(b'U'), None);
        assert_eq!(letters(&[Move::Up, Move::Left]), "ul");
    }

    #[test]
    fn steps_from_lists_the_moves_that_stay_on_the_board() {
        for cell in 0..CELLS {
            let listed: Vec<(Move, u8)> = steps_from(cell).to_vec();
            let expected: Vec<(Move, u8)> = Move::ALL
                .into_iter()
                .filter_map(|m| Some((m, neighbour(Shape::EIGHT, cell, m)? as u8)))
                .collect();
            assert_eq!(listed, expected);
        }
        assert_eq!(steps_from(0), [(Move::Down, 3), (Move::Right, 1)]);
    }
}
