//! Cantor ranking: a bijection between arrangements and `0..STATES`.
//!
//! The searches keep their visited marks, parents and distances in flat arrays
//! indexed by rank, which is why the 8-puzzle needs no hash map: 9! = 362,880
//! slots cover every arrangement. The rank is the Lehmer code read as a
//! factorial-base number: digit `i` counts the tiles right of cell `i` that
//! are smaller than the tile in it.

use crate::board::{Board, CELLS};

/// The most cells a board of the census may have ([`crate::census`]):
/// 12!/2 states at two bits each are 60 MB, and 12! still fits a `u32`.
pub const CENSUS_CELLS: usize = 12;

/// A state's Cantor rank, in `0..STATES`.
pub type Rank = u32;

/// `FACTORIAL[n] = n!` for every `n` up to [`CELLS`], the most cells of any
/// board ranked into a flat array, and on to the census's [`CENSUS_CELLS`].
pub(crate) const FACTORIAL: [u32; CENSUS_CELLS + 1] = {
    let mut table = [1; CENSUS_CELLS + 1];
    let mut n = 1;
    while n <= CENSUS_CELLS {
        table[n] = table[n - 1] * n as u32;
        n += 1;
    }
    table
};

/// The number of arrangements, [`CELLS`]`!`.
pub const STATES: usize = FACTORIAL[CELLS] as usize;

/// The rank of a board.
///
/// # Example
/// ```
/// use eight::{board::Board, rank::{rank, unrank}};
/// let r = rank(&Board::GOAL);
/// assert_eq!(unrank(r), Board::GOAL);
/// ```
pub fn rank(board: &Board) -> Rank {
    rank_permutation(board.tiles())
}

/// `ONES[set]`: the number of tiles in a set of tiles (a bit set over
/// `0..11`, the most tiles left of a cell on twelve cells). Without a
/// CPU-specific build, `count_ones` compiles to a dozen instructions on
/// x86-64; this table is one load from L1.
const ONES: [u8; 1 << (CENSUS_CELLS - 1)] = {
    let mut table = [0; 1 << (CENSUS_CELLS - 1)];
    let mut set = 1;
    while set < table.len() {
        table[set] = table[set >> 1] + (set & 1) as u8;
        set += 1;
    }
    table
};

/// How many tiles the set of tiles `set` holds.
#[inline]
pub(crate) fn count_tiles(set: u32) -> u32 {
    u32::from(ONES[set as usize & (ONES.len() - 1)])
}

/// The rank of a permutation of `0..tiles.len()`, of up to [`CELLS`] tiles:
/// the 3×3 board's tiles, or any board of [`crate::small`]'s tables.
///
/// The tiles left of a cell are kept as a bit set, so "smaller tiles to the
/// right" is the tile's value less a count of that set: no inner loop.
#[inline(always)]
pub(crate) fn rank_permutation(tiles: &[u8]) -> Rank {
    let n = tiles.len();
    let mut left: u32 = 0;
    let mut rank = 0;
    // The last cell's digit is always 0: no tile is right of it.
    for (cell, &tile) in tiles[..n - 1].iter().enumerate() {
        let smaller_left = count_tiles(left & ((1 << tile) - 1));
        rank += (u32::from(tile) - smaller_left) * FACTORIAL[n - 1 - cell];
        left |= 1 << tile;
    }
    rank
}

/// The board with the given rank; `rank` must be below [`STATES`].
pub fn unrank(rank: Rank) -> Board {
    debug_assert!((rank as usize) < STATES);
    let mut tiles = [0; CELLS];
    unrank_permutation(rank, &mut tiles);
    Board::from_permutation(tiles)
}

/// The permutation of `0..tiles.len()` with the given rank, into `tiles`.
pub(crate) fn unrank_permutation(mut rest: Rank, tiles: &mut [u8]) {
    let n = tiles.len();
    let mut unused: u32 = (1 << n) - 1;
    for (cell, tile) in tiles.iter_mut().enumerate() {
        let weight = FACTORIAL[n - 1 - cell];
        // The position of the `rest / weight`-th (from zero) unused tile.
        let mut bits = unused;
        for _ in 0..rest / weight {
            bits &= bits - 1;
        }
        rest %= weight;
        *tile = bits.trailing_zeros() as u8;
        unused &= !(1 << *tile);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_of_every_size_invert() {
        for (n, &states) in FACTORIAL.iter().enumerate().take(CELLS + 1).skip(2) {
            let mut tiles = vec![0u8; n];
            for r in 0..states {
                unrank_permutation(r, &mut tiles);
                assert_eq!(rank_permutation(&tiles), r);
            }
        }
    }

    #[test]
    fn the_tile_count_table_counts_bits() {
        for set in 0..ONES.len() as u32 {
            assert_eq!(count_tiles(set), set.count_ones());
        }
    }

    #[test]
    fn rank_is_lexicographic_order() {
        assert_eq!(STATES, 362_880);
        assert_eq!(unrank(0).tiles(), &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            unrank(STATES as Rank - 1).tiles(),
            &[8, 7, 6, 5, 4, 3, 2, 1, 0]
        );
        // 1 2 3 4 5 6 7 8 x: 1..8 each have exactly one smaller value (the
        // blank, 0) to their right.
        let goal_rank: u32 = (0..8).map(|cell| FACTORIAL[8 - cell]).sum();
        assert_eq!(rank(&Board::GOAL), goal_rank);
    }
}
