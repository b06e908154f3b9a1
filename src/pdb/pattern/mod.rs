//! One pattern database: for every placement of a pattern's tiles, the
//! fewest moves of those tiles alone that bring them home.
//!
//! The other tiles are forgotten: they are indistinguishable from the
//! blank's point of view, which roams over them for free, while each swap
//! of the blank with a pattern tile costs one (Korf & Felner 2002). Every
//! real move is one such swap or one free step, so
//! - each database is a lower bound on the moves of its own tiles, and the
//!   sum over disjoint patterns is a lower bound on all moves (admissible);
//! - the tables store, per placement, the cost with the best blank cell,
//!   which makes them inconsistent (a tile's move can change which blank
//!   region is best, and the entry jump by more than one); the search
//!   restores a consistent `f` along its path with pathmax.
//!
//! The 8-tile tables of the 7-8 partition are too large to keep the
//! search's layers as lists; they keep a few bits per placement instead.
//!
//! A placement is ranked as a partial permutation: the k pattern tiles'
//! cells, each as its rank among the cells the earlier tiles left free,
//! read as a mixed-radix number with digits n, n-1, …, n-k+1. So a table
//! has exactly n!/(n-k)! bytes: 5,765,760 for six tiles on 16 cells.
//! The database depends on the shape, the pattern's home cells and the
//! region of the goal's blank: the cells the tiles leave free at home that
//! the blank reaches without moving them. That is usually every free cell,
//! but the 7-tile pattern of the 7-8 partition walls in the top left
//! corner, and the goal placement with the blank below it is not the goal
//! placement with the blank in the corner: reaching the latter costs more
//! pattern moves from many placements, so its table is the stronger
//! estimate (see [`goal_region`]).

mod plausible;

pub(crate) use plausible::Plausible;

use std::convert::Infallible;
use std::ops::ControlFlow;

use crate::memory::{self, MemoryError};
use crate::pdb::layout::{Layout, Steps, PDB_CELLS};

/// Why a database was not built.
#[derive(Debug, PartialEq)]
pub(crate) enum Unbuilt {
    /// It, or an array its build needs, did not fit in memory.
    Memory(MemoryError),
    /// Its caller's `progress` stopped it.
    Stopped,
}

impl From<MemoryError> for Unbuilt {
    fn from(error: MemoryError) -> Unbuilt {
        Unbuilt::Memory(error)
    }
}

/// A table entry no breadth-first search has reached yet.
const UNSEEN: u8 = u8::MAX;

/// The number of placements of `k` tiles on `n` cells, the table's length.
pub(crate) fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// `ONES[set]`: the cells in a set of 16 cells (two reads count a set of
/// 25, see [`ones`]). The portable x86-64
/// target has no popcount instruction and the crate no `unsafe` (but for
/// mapping cached files) to ask for it at run time; a read of this 64 KiB table (it stays in L2) made the
/// search on Korf's 100 about 10% faster than the bit-twiddling
/// `count_ones` compiles to there, and twice the 256-entry table's gain.
static ONES: [u8; 1 << 16] = {
    let mut ones = [0u8; 1 << 16];
    let mut set = 0;
    while set < 1 << 16 {
        ones[set] = (set as u32).count_ones() as u8;
        set += 1;
    }
    ones
};

/// The cells in a set of cells, by one read of [`ONES`] on boards of up
/// to 16 cells, or two on `WIDE` boards of up to 25.
#[inline(always)]
fn ones<const WIDE: bool>(set: u32) -> usize {
    let low = usize::from(ONES[(set & 0xffff) as usize]);
    match WIDE {
        false => low,
        true => low + usize::from(ONES[(set >> 16) as usize]),
    }
}

/// The rank of a placement: `cells[i]` is the cell of the pattern's tile
/// `i`, and the digit of tile `i` is its cell less the cells of the tiles
/// before it below its own, in the mixed radix n, n-1, …. The search ranks
/// each pattern once per board and then updates the rank move by move.
#[inline(always)]
pub(crate) fn rank(cells: &[u8], n: usize) -> usize {
    let mut taken = 0u32;
    let mut index = 0;
    for (i, &cell) in cells.iter().enumerate() {
        // The cells before `cell` already taken.
        let below = taken & ((1u32 << cell) - 1);
        // The test is the same for every tile: the loop is split on it.
        let earlier = if n > 16 {
            ones::<true>(below)
        } else {
            ones::<false>(below)
        };
        let digit = usize::from(cell) - earlier;
        index = index * (n - i) + digit;
        taken |= 1 << cell;
    }
    index
}

/// The most entries of a spread table (see [`spread`]) laid out in a
/// process's own memory: 16^6, six tiles on sixteen cells, 16 MiB.
pub(crate) const SPREAD_LIMIT: usize = 1 << 24;

/// The most entries of a spread table kept in the cache beside its dense
/// one and mapped like it: 25^6, six tiles on 25 cells, 233 MiB.
pub(crate) const CACHED_SPREAD_LIMIT: usize = 244_140_625;

/// How the search may read the table of `k` tiles on `n` cells by the
/// spread index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spread {
    /// Laid out in memory at each load.
    InMemory,
    /// Laid out once and kept in the cache beside the dense table.
    Cached,
    /// Not at all: too large, or too large for memory with no cache.
    Never,
}

impl Spread {
    /// The spread layout of `k` tiles on `n` cells, `cache` saying
    /// whether there is a cache directory to keep it in.
    pub(crate) fn of(n: usize, k: usize, cache: bool) -> Spread {
        match n.checked_pow(k as u32) {
            Some(size) if size <= SPREAD_LIMIT => Spread::InMemory,
            Some(size) if size <= CACHED_SPREAD_LIMIT && cache => Spread::Cached,
            _ => Spread::Never,
        }
    }
}

/// The table `table` of `k` tiles on `n` cells laid out by the spread
/// index `Σ cells[i]·n^i` instead of [`rank`]. A spread index changes by
/// `(to - from)·n^i` when tile `i` moves, so the search updates it with a
/// multiply and an add, where a move across a row changes the [`rank`]'s
/// digit of every tile on a cell it passes over; the price is memory
/// (n^k entries for n!/(n-k)!, 2.9 times as many for six tiles on sixteen
/// cells, 1.9 on 25). Entries of placements with two tiles on one cell
/// are never read, and hold 0. An error where the memory is not there:
/// the search then reads the dense tables, slower but the same answers.
pub(crate) fn spread(table: &[u8], n: usize, k: usize) -> Result<Vec<u8>, MemoryError> {
    let size = n.pow(k as u32);
    let mut spread = memory::filled(size, 0u8, "a spread table")?;
    // Depth-first over placements, tile by tile, carrying both indices and
    // n^i, what tile `i`'s cell is worth in the spread one.
    struct Walk<'a> {
        table: &'a [u8],
        spread: &'a mut [u8],
        n: usize,
        k: usize,
    }
    fn place<const WIDE: bool>(
        walk: &mut Walk<'_>,
        i: usize,
        taken: u32,
        dense: usize,
        sparse: usize,
        power: usize,
    ) {
        if i == walk.k {
            walk.spread[sparse] = walk.table[dense];
            return;
        }
        for cell in 0..walk.n {
            if taken & 1 << cell != 0 {
                continue;
            }
            let earlier = ones::<WIDE>(taken & ((1 << cell) - 1));
            let dense = dense * (walk.n - i) + cell - earlier;
            let (sparse, taken) = (sparse + cell * power, taken | 1 << cell);
            place::<WIDE>(walk, i + 1, taken, dense, sparse, power * walk.n);
        }
    }
    let mut walk = Walk {
        table,
        spread: &mut spread,
        n,
        k,
    };
    match n > 16 {
        false => place::<false>(&mut walk, 0, 0, 0, 0, 1),
        true => place::<true>(&mut walk, 0, 0, 0, 0, 1),
    }
    Ok(spread)
}

/// The placement of `index` into `cells`, the inverse of [`rank`].
pub(crate) fn unrank(mut index: usize, n: usize, cells: &mut [u8]) {
    let k = cells.len();
    let mut digits = [0usize; PDB_CELLS];
    for i in (0..k).rev() {
        digits[i] = index % (n - i);
        index /= n - i;
    }
    let mut taken = 0u32;
    for i in 0..k {
        let mut left = digits[i];
        let mut cell = 0;
        loop {
            if taken & 1 << cell == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            cell += 1;
        }
        cells[i] = cell as u8;
        taken |= 1 << cell;
    }
}

/// The cells the pattern on `homes` leaves free at home that the blank
/// reaches from `goal_blank` without moving a pattern tile, as a set: the
/// goal blank's region, where the database's search starts.
pub(crate) fn goal_region(layout: Layout, homes: &[u8], goal_blank: usize) -> u32 {
    let occupied = homes.iter().fold(0u32, |set, &c| set | 1 << c);
    flood(&layout.steps(), occupied, goal_blank)
}

/// The cells free of `occupied` that the blank reaches from `blank`.
fn flood(steps: &Steps, occupied: u32, blank: usize) -> u32 {
    let mut region = 1u32 << blank;
    let mut todo = region;
    while todo != 0 {
        let cell = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        for &(_, to) in steps.from(cell) {
            let bit = 1u32 << to;
            if (occupied | region) & bit == 0 {
                region |= bit;
                todo |= bit;
            }
        }
    }
    region
}

/// Calls `visit(cells, rank, from, to)` for each placement one swap from
/// `cells`: a pattern tile next to `region` moved from `from` onto its
/// neighbour `to` there, which leaves the blank on `from`; stops at the
/// first error `visit` returns. `cells` is back as it was afterwards.
fn for_each_swap<E>(
    cells: &mut [u8],
    n: usize,
    steps: &Steps,
    region: u32,
    mut visit: impl FnMut(&[u8], usize, u8, u8) -> Result<(), E>,
) -> Result<(), E> {
    for i in 0..cells.len() {
        let from = cells[i];
        for &(_, to) in steps.from(usize::from(from)) {
            if region & 1 << to != 0 {
                cells[i] = to;
                if let Err(error) = visit(cells, rank(cells, n), from, to) {
                    cells[i] = from;
                    return Err(error);
                }
            }
        }
        cells[i] = from;
    }
    Ok(())
}

/// The cells the pattern on `homes` leaves free at home.
pub(crate) fn free_at_home(layout: Layout, homes: &[u8]) -> u32 {
    let all = (1u32 << layout.cells()) - 1;
    homes.iter().fold(all, |set, &c| set & !(1 << c))
}

/// Builds the database of the pattern whose tiles belong on `homes`, by
/// breadth-first search from the goal placement with the blank in
/// `region` (see [`goal_region`]). Abstract moves are reversible, so
/// distances from the goal are distances to it.
///
/// Both searches track the blank. Tables of up to 2^26 entries keep each
/// layer as a list of states ([`AbstractPuzzle::with_blank`]); larger ones
/// (eight tiles on 16 or 15 cells, at most eight free cells) keep a byte of
/// blank regions per placement for the layer, the next and those seen
/// ([`AbstractPuzzle::with_blank_by_layers`]), 3 bytes per entry beside the
/// table. `progress` is told the fraction of placements reached after each
/// layer, and stops the build by breaking. A table or a work array that
/// does not fit is an error naming `what`, the database.
pub(crate) fn build(
    layout: Layout,
    homes: &[u8],
    region: u32,
    what: &str,
    progress: &mut dyn FnMut(f64) -> ControlFlow<()>,
) -> Result<Vec<u8>, Unbuilt> {
    let puzzle = AbstractPuzzle::new(layout, homes, region);
    let size = placements(puzzle.n, homes.len());
    let mut table = memory::filled(size, UNSEEN, what)?;
    let work = format!("the search that builds {what}");
    if size <= 1 << 26 || puzzle.n - homes.len() > 8 {
        puzzle.with_blank(&mut table, &work, progress)?;
    } else {
        puzzle.with_blank_by_layers(&mut table, &work, progress)?;
    }
    Ok(table)
}

/// The puzzle one database solves: the pattern's tiles on `homes`, the
/// blank starting anywhere in `region`, the other tiles forgotten.
struct AbstractPuzzle<'a> {
    homes: &'a [u8],
    /// Cells on the board.
    n: usize,
    steps: Steps,
    region: u32,
}

/// The length at which a layer's list is first merged.
const MERGE_FIRST: usize = 1 << 20;

/// Sorts a layer's `(rank << 32 | blank cells)` entries and merges those of
/// one placement into one, the union of their blank cells.
fn merge(states: &mut Vec<u64>) {
    states.sort_unstable();
    states.dedup_by(|later, kept| {
        let same = *later >> 32 == *kept >> 32;
        if same {
            *kept |= *later;
        }
        same
    });
}

impl<'a> AbstractPuzzle<'a> {
    fn new(layout: Layout, homes: &'a [u8], region: u32) -> Self {
        AbstractPuzzle {
            homes,
            n: layout.cells(),
            steps: layout.steps(),
            region,
        }
    }

    /// Breadth-first search over (placement, blank cell) pairs, where the
    /// blank roams the cells no pattern tile holds for free and each
    /// pattern tile it swaps with costs one: a 0-1 search done layer by
    /// layer, each state reached flooding the blank's whole free region at
    /// once. A placement's entry is its cost with the best blank cell, the
    /// first layer that reaches it. This is stronger than letting tiles
    /// move without the blank (a tile walled in by its own pattern cannot
    /// move), and still admissible: the real moves of pattern tiles are
    /// such swaps, the others are free roaming.
    ///
    /// The blank starts on the cells of `region` at the goal placement
    /// `homes` (every entry of `table` unseen), so the table serves the
    /// goals whose blank is there. Needs 4 bytes per placement besides the
    /// table and the layers, so the largest (8-tile) tables use
    /// [`AbstractPuzzle::with_blank_by_layers`] instead. An array that does
    /// not fit is an error naming `work`.
    fn with_blank(
        &self,
        table: &mut [u8],
        work: &str,
        progress: &mut dyn FnMut(f64) -> ControlFlow<()>,
    ) -> Result<(), Unbuilt> {
        let (k, n) = (self.homes.len(), self.n);
        // `roamed[p]`: the blank cells already flooded with placement `p`.
        let mut roamed = memory::filled(table.len(), 0u32, work)?;
        // The states to flood at `depth`, a placement's rank in the high 32
        // bits and a set of blank cells in the low ones. Many parents reach
        // the same placement, with the blank on one cell or another: once a
        // list grows long, its entries are sorted and those of one placement
        // merged, so a layer holds at most one entry per placement (the
        // order within a layer changes no depth).
        let state = |index: usize, blanks: u32| (index as u64) << 32 | u64::from(blanks);
        let mut layer = vec![state(rank(self.homes, n), self.region)];
        let mut next = Vec::new();
        let mut cells = [0u8; PDB_CELLS];
        let mut depth = 0u8;
        let mut found = 0usize;
        while !layer.is_empty() {
            let mut merge_at = MERGE_FIRST;
            for &entry in &layer {
                let index = (entry >> 32) as usize;
                let cells = &mut cells[..k];
                unrank(index, n, cells);
                let occupied = cells.iter().fold(0u32, |set, &c| set | 1 << c);
                let mut blanks = entry as u32 & !occupied & !roamed[index];
                if blanks != 0 && table[index] == UNSEEN {
                    table[index] = depth;
                    found += 1;
                }
                while blanks != 0 {
                    // Flood the blank's region of cells free of pattern tiles.
                    let region = flood(&self.steps, occupied, blanks.trailing_zeros() as usize);
                    roamed[index] |= region;
                    blanks &= !region;
                    // Each pattern tile next to the region may swap with the blank.
                    for_each_swap(cells, n, &self.steps, region, |_, child, from, _| {
                        match roamed[child] & 1 << from {
                            0 => memory::push(&mut next, state(child, 1 << from), work),
                            _ => Ok(()),
                        }
                    })?;
                }
                if next.len() >= merge_at {
                    merge(&mut next);
                    merge_at = merge_at.max(2 * next.len());
                }
            }
            merge(&mut next);
            std::mem::swap(&mut layer, &mut next);
            next.clear();
            depth += 1;
            if progress(found as f64 / table.len() as f64).is_break() {
                return Err(Unbuilt::Stopped);
            }
        }
        Ok(())
    }

    /// The search of [`AbstractPuzzle::with_blank`] for tables too large to
    /// list their layers: a state is a placement and one region of the
    /// cells free of pattern tiles, where the blank roams for free. Each
    /// placement has a byte for the layer being flooded, the next layer and
    /// the regions already flooded; bit `j` stands for its `j`-th free cell
    /// in cell order (so at most eight free cells), a region for all its
    /// cells. Each layer is a pass over the placements; the depths are the
    /// same as [`AbstractPuzzle::with_blank`]'s (a test builds both on a
    /// small board).
    fn with_blank_by_layers(
        &self,
        table: &mut [u8],
        work: &str,
        progress: &mut dyn FnMut(f64) -> ControlFlow<()>,
    ) -> Result<(), Unbuilt> {
        let (k, n) = (self.homes.len(), self.n);
        let size = table.len();
        let start = rank(self.homes, n);
        let mut seen = memory::filled(size, 0u8, work)?;
        let mut layer = memory::filled(size, 0u8, work)?;
        let mut next = memory::filled(size, 0u8, work)?;
        let all = (1u32 << n) - 1;
        // `free_bit(free, cell)`: the bit of `cell` among the free cells `free`.
        let free_bit = |free: u32, cell: u8| 1u8 << ONES[(free & ((1 << cell) - 1)) as usize];
        // The blank starts on the goal region's cells at the goal placement.
        let goal_free = self.homes.iter().fold(all, |set, &c| set & !(1 << c));
        layer[start] = (0..n as u8)
            .filter(|&c| self.region & goal_free & 1 << c != 0)
            .fold(0, |bits, c| bits | free_bit(goal_free, c));
        let mut depth = 0u8;
        let mut found = 0usize;
        let mut cells = [0u8; PDB_CELLS];
        let mut grew = true;
        while grew {
            grew = false;
            for index in 0..size {
                let fresh = layer[index] & !seen[index];
                if fresh == 0 {
                    continue;
                }
                let cells = &mut cells[..k];
                unrank(index, n, cells);
                let occupied = cells.iter().fold(0u32, |set, &c| set | 1 << c);
                let free = all & !occupied;
                if table[index] == UNSEEN {
                    table[index] = depth;
                    found += 1;
                }
                let mut todo = fresh;
                while todo != 0 {
                    // The free cell of the lowest bit left, and its region.
                    let bit = todo.trailing_zeros();
                    let mut rest = free;
                    for _ in 0..bit {
                        rest &= rest - 1;
                    }
                    let region = flood(&self.steps, occupied, rest.trailing_zeros() as usize);
                    let mut bits = 0u8;
                    let mut left = region;
                    while left != 0 {
                        bits |= free_bit(free, left.trailing_zeros() as u8);
                        left &= left - 1;
                    }
                    seen[index] |= bits;
                    todo &= !bits;
                    // Each pattern tile next to the region may swap with the
                    // blank, which is then on the tile's old cell.
                    let swapped =
                        for_each_swap(cells, n, &self.steps, region, |_, child, from, to| {
                            let child_free = (free & !(1 << to)) | 1 << from;
                            let b = free_bit(child_free, from);
                            if seen[child] & b == 0 {
                                next[child] |= b;
                                grew = true;
                            }
                            Ok::<(), Infallible>(())
                        });
                    let Ok(()) = swapped;
                }
            }
            std::mem::swap(&mut layer, &mut next);
            next.fill(0);
            depth += 1;
            if progress(found as f64 / table.len() as f64).is_break() {
                return Err(Unbuilt::Stopped);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
