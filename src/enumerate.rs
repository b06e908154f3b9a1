//! Every arrangement of a board of up to twelve cells, counted by its
//! distance to a goal: the breadth-first sweep behind `eight stats --size`.
//!
//! A 3×4 or 2×6 board has 12!/2 = 239,500,800 arrangements that reach a
//! goal, too many for a byte per state and a parent link, as the tables of
//! [`crate::small`] keep. Counting needs neither, so this module keeps two
//! bits per state (60 MB for twelve cells) and no queue:
//!
//! - **A dense index.** A state is its blank's cell and the order of the
//!   numbered tiles read in row order past the blank. A move left or right
//!   keeps that order; a move up or down carries one tile past `columns − 1`
//!   others. So for each blank cell exactly one parity of the order can be
//!   reached (the goal's, flipped per row of distance when `columns − 1` is
//!   odd), and every order of that parity is reached. The Lehmer code of the
//!   order without its last-but-one digit, which only parity decides, ranks
//!   the orders of one parity onto `0..(cells − 1)!/2`; times the cells plus
//!   the blank's cell, that numbers the reachable states `0..cells!/2` with
//!   no gap. Tiles are renamed so that the goal's order is the first one:
//!   the counts depend only on the goal's blank cell.
//! - **Two bits per state:** unseen, done, or on the frontier of an even or
//!   an odd layer. The two frontier codes take turns, so a layer is found by
//!   one sweep of the table: each frontier state is expanded, its unseen
//!   neighbours get the other frontier code, and it becomes done. The graph
//!   is bipartite (each move changes the blank's colour on a chessboard), so
//!   no neighbour lies in the layer being expanded.
//! - **Both cores.** The sweep is split into chunks that rayon's threads
//!   take in turn (or the calling thread alone, where none can start: see
//!   `crate::cores`). Marks are atomic `or`s and `xor`s on 64-bit words,
//!   which two threads can both apply to a word without losing either; two
//!   threads that discover the same state both write the same code.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::cores;
use crate::grid::{Grid, GridError};
use crate::memory::{self, MemoryError};
use crate::rank::{count_tiles, CENSUS_CELLS, FACTORIAL};
use crate::shape::Shape;

/// How far a count has come, reported after every chunk of its sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountProgress {
    /// The distance of the layer being expanded.
    pub distance: usize,
    /// States expanded so far, of [`reachable`] in all.
    pub expanded: u64,
}

/// The arrangements of `shape` that can reach any one goal: half of
/// `cells!`.
pub fn reachable(shape: Shape) -> u64 {
    arrangements(shape) / 2
}

/// Every arrangement of `shape`, reachable or not: `cells!`.
pub fn arrangements(shape: Shape) -> u64 {
    (1..=shape.cells() as u64).product()
}

/// `counts[d]`: how many arrangements of the goal's shape have a shortest
/// solution of `d` moves to `goal`. `progress` hears how far the count has
/// come after each chunk of work, from whichever thread did it. A table
/// (60 MB for twelve cells) that does not fit in memory is
/// [`GridError::Memory`].
///
/// # Example
/// ```
/// use eight::{census::distance_counts, Grid, Shape};
/// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
/// let counts = distance_counts(&goal, |_| {}).unwrap();
/// assert_eq!(counts.len() - 1, 21);
/// assert_eq!(counts.iter().sum::<u64>(), 360);
/// ```
pub fn distance_counts(
    goal: &Grid,
    progress: impl Fn(CountProgress) + Sync,
) -> Result<Vec<u64>, GridError> {
    let shape = goal.shape();
    let run = match shape.cells() {
        // Both sides are at least 2, so five, seven and eleven cells cannot
        // occur; each size is its own instance, with its loops unrolled and
        // its divisions by constants.
        4 => Sweep::run::<4>,
        6 => Sweep::run::<6>,
        8 => Sweep::run::<8>,
        9 => Sweep::run::<9>,
        10 => Sweep::run::<10>,
        12 => Sweep::run::<12>,
        _ => {
            return Err(GridError::TooManyCells {
                shape,
                limit: CENSUS_CELLS,
            })
        }
    };
    let sweep = Sweep::new(shape, goal.blank())?;
    Ok(cores::on_pool(|threads| run(&sweep, threads, &progress)))
}

/// Two-bit codes of a state in the table.
const UNSEEN: u64 = 0;
const DONE: u64 = 1;
/// The frontier code of layer `d`; layer `d + 1` gets the other one.
const fn frontier(d: usize) -> u64 {
    2 + (d as u64 & 1)
}

/// States per 64-bit word of the table.
const LANES: usize = 32;
/// `01` in every lane: multiplied by a code, that code in every lane.
const EVERY_LANE: u64 = 0x5555_5555_5555_5555;
/// Words swept by one task: 131,072 states, some two thousand tasks per
/// layer on twelve cells, so that both threads stay busy to the end.
const CHUNK: usize = 4096;

/// One count in progress.
struct Sweep {
    shape: Shape,
    /// `parity[b]`: the parity of the tile order of every reachable state
    /// with the blank on cell `b`.
    parity: [u8; CENSUS_CELLS],
    /// Two bits per state, [`LANES`] states per word, by dense index.
    table: Vec<AtomicU64>,
}

impl Sweep {
    fn new(shape: Shape, goal_blank: usize) -> Result<Sweep, MemoryError> {
        let (cells, columns) = (shape.cells(), shape.columns);
        let mut parity = [0; CENSUS_CELLS];
        for (cell, slot) in parity.iter_mut().enumerate().take(cells) {
            // Each row the blank travels carries one tile past `columns − 1`
            // others.
            let rows = (cell / columns).abs_diff(goal_blank / columns);
            *slot = ((columns - 1) * rows % 2) as u8;
        }
        let states = (FACTORIAL[cells - 1] / 2) as usize * cells;
        let words = states.div_ceil(LANES);
        let what = format!("the census of every {shape} arrangement");
        let mut table = memory::with_capacity(words, what)?;
        table.extend(std::iter::repeat_with(|| AtomicU64::new(0)).take(words));
        let sweep = Sweep {
            shape,
            parity,
            table,
        };
        // The goal: the first order (rank 0, even), its own blank cell.
        sweep.mark(goal_blank, frontier(0));
        Ok(sweep)
    }

    /// Sets the code of the unseen state `index`.
    fn mark(&self, index: usize, code: u64) {
        let word = &self.table[index / LANES];
        let shift = 2 * (index % LANES);
        if (word.load(Relaxed) >> shift) & 3 == UNSEEN {
            word.fetch_or(code << shift, Relaxed);
        }
    }

    /// Expands layer after layer until one is empty; `N` is the cells. The
    /// chunks of a layer are spread over the threads of the pool this runs
    /// on, or when not `threads`, taken in turn by this one.
    fn run<const N: usize>(
        &self,
        threads: bool,
        progress: &(impl Fn(CountProgress) + Sync),
    ) -> Vec<u64> {
        let expanded = AtomicU64::new(0);
        let mut counts = Vec::new();
        loop {
            let distance = counts.len();
            let expand = |(chunk, words): (usize, &[AtomicU64])| {
                let found = self.expand_chunk::<N>(chunk * CHUNK, words, distance);
                if found > 0 {
                    let expanded = expanded.fetch_add(found, Relaxed) + found;
                    progress(CountProgress { distance, expanded });
                }
                found
            };
            let layer: u64 = match threads {
                true => self.table.par_chunks(CHUNK).enumerate().map(expand).sum(),
                false => self.table.chunks(CHUNK).enumerate().map(expand).sum(),
            };
            if layer == 0 {
                debug_assert_eq!(counts.iter().sum::<u64>(), reachable(self.shape));
                return counts;
            }
            counts.push(layer);
        }
    }

    /// Expands the states of layer `distance` in `words`, the first of them
    /// word `first` of the table; returns how many there were.
    fn expand_chunk<const N: usize>(
        &self,
        first: usize,
        words: &[AtomicU64],
        distance: usize,
    ) -> u64 {
        let code = frontier(distance);
        let next = frontier(distance + 1);
        let mut found = 0;
        for (offset, word) in words.iter().enumerate() {
            // Lanes holding `code` are those where `bits ^ pattern` is 00.
            let differ = word.load(Relaxed) ^ (code * EVERY_LANE);
            let mut lanes = !(differ | differ >> 1) & EVERY_LANE;
            if lanes == 0 {
                continue;
            }
            // Each lane found turns from `code` into DONE (xor `code ^ 01`);
            // no other thread writes a lane on the frontier.
            word.fetch_xor(lanes * (code ^ DONE), Relaxed);
            found += u64::from(lanes.count_ones());
            let base = (first + offset) * LANES;
            while lanes != 0 {
                let lane = lanes.trailing_zeros() as usize / 2;
                lanes &= lanes - 1;
                self.expand::<N>(base + lane, next);
            }
        }
        found
    }

    /// Marks every unseen neighbour of state `index` with `next`.
    fn expand<const N: usize>(&self, index: usize, next: u64) {
        let columns = self.shape.columns;
        let (half, blank) = (index / N, index % N);
        // Left and right keep the order: the same half, the next cell.
        if blank % columns > 0 {
            self.mark(index - 1, next);
        }
        if blank % columns + 1 < columns {
            self.mark(index + 1, next);
        }
        // Up and down carry one tile across a row of the order.
        let mut order = [0u8; CENSUS_CELLS];
        unrank_half::<N>(half, self.parity[blank], &mut order);
        if blank >= columns {
            // The tile above comes down: it leaves position `blank −
            // columns` for `blank − 1`, and the tiles between move back one.
            let up = blank - columns;
            let mut moved = order;
            moved.copy_within(up + 1..blank, up);
            moved[blank - 1] = order[up];
            self.mark(rank_half::<N>(&moved) * N + up, next);
        }
        if blank + columns < N {
            // The tile below comes up: from `blank + columns − 1` to `blank`.
            let mut moved = order;
            moved.copy_within(blank..blank + columns - 1, blank + 1);
            moved[blank] = order[blank + columns - 1];
            self.mark(rank_half::<N>(&moved) * N + blank + columns, next);
        }
    }
}

/// The rank of the order of the `N − 1` tiles in `order` among the orders of
/// its parity: its Lehmer code without the last two digits (the last is
/// always 0; the one before it is the parity of the others' sum, less the
/// order's own).
fn rank_half<const N: usize>(order: &[u8; CENSUS_CELLS]) -> usize {
    let tiles = N - 1;
    let mut left = 0;
    let mut half = 0;
    for (position, &tile) in order[..tiles - 2].iter().enumerate() {
        let smaller_left = count_tiles(left & ((1 << tile) - 1));
        let digit = u64::from(u32::from(tile) - smaller_left);
        half += digit * u64::from(FACTORIAL[tiles - 1 - position] / 2);
        left |= 1 << tile;
    }
    half as usize
}

/// The order of `N − 1` tiles with [`rank_half`] `half` and the given
/// parity, into `order`.
fn unrank_half<const N: usize>(half: usize, parity: u8, order: &mut [u8; CENSUS_CELLS]) {
    let tiles = N - 1;
    // The unused tiles in increasing order, four bits each: the digit-th
    // is taken out with shifts, not a walk.
    let mut unused: u64 = (0..tiles as u64).fold(0, |list, tile| list | tile << (4 * tile));
    let mut take = |digit: u64| {
        let below = (1u64 << (4 * digit)) - 1;
        let tile = (unused >> (4 * digit)) & 15;
        unused = (unused & below) | ((unused >> 4) & !below);
        tile as u8
    };
    let mut rest = half as u64;
    let mut digits = 0;
    for (position, slot) in order[..tiles - 2].iter_mut().enumerate() {
        let weight = u64::from(FACTORIAL[tiles - 1 - position] / 2);
        let digit = rest / weight;
        rest %= weight;
        digits += digit;
        *slot = take(digit);
    }
    // The last-but-one digit makes the parity; the last tile is what is left.
    order[tiles - 2] = take((u64::from(parity) ^ digits) & 1);
    order[tiles - 1] = take(0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::small::tests::{reversed, SHAPES};
    use crate::small::SmallTable;

    /// The parity of an order, by counting inversions.
    fn parity(order: &[u8]) -> u8 {
        let mut inversions = 0;
        for i in 0..order.len() {
            inversions += order[i + 1..].iter().filter(|&&t| t < order[i]).count();
        }
        (inversions % 2) as u8
    }

    fn ranks_invert<const N: usize>() {
        let halves = FACTORIAL[N - 1] / 2;
        let mut order = [0u8; CENSUS_CELLS];
        for half in 0..halves as usize {
            for want in 0..2 {
                unrank_half::<N>(half, want, &mut order);
                assert_eq!(parity(&order[..N - 1]), want, "{N} cells, half {half}");
                assert_eq!(rank_half::<N>(&order), half, "{N} cells");
            }
        }
    }

    #[test]
    fn half_ranks_number_each_parity_without_a_gap() {
        ranks_invert::<4>();
        ranks_invert::<6>();
        ranks_invert::<8>();
        ranks_invert::<9>();
    }

    #[test]
    fn the_counts_agree_with_the_exact_tables_for_every_goal_blank() {
        for (rows, columns) in SHAPES {
            let shape = Shape::new(rows, columns);
            for blank in 0..shape.cells() {
                // The tiles in reverse around the blank: renaming changes
                // nothing.
                let goal = reversed(shape, blank);
                let want = SmallTable::build(&goal).unwrap().distances().histogram();
                assert_eq!(
                    distance_counts(&goal, |_| {}).unwrap(),
                    want,
                    "{shape:?}, blank {blank}"
                );
            }
        }
    }

    #[test]
    fn progress_reaches_every_state_once() {
        let goal = Grid::solved(Shape::new(2, 4)).unwrap();
        let last = std::sync::Mutex::new(CountProgress {
            distance: 0,
            expanded: 0,
        });
        let counts = distance_counts(&goal, |p| {
            let mut last = last.lock().unwrap();
            if p.expanded > last.expanded {
                *last = p;
            }
        })
        .unwrap();
        let last = last.into_inner().unwrap();
        assert_eq!(last.expanded, reachable(goal.shape()));
        assert_eq!(last.distance, counts.len() - 1);
    }

    #[test]
    fn boards_beyond_twelve_cells_are_refused() {
        let goal = Grid::solved(Shape::new(4, 4)).unwrap();
        assert_eq!(
            distance_counts(&goal, |_| {}),
            Err(GridError::TooManyCells {
                shape: Shape::new(4, 4),
                limit: CENSUS_CELLS
            })
        );
    }
}
