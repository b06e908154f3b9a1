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

use crate::pdb::layout::Layout;

/// A table entry no breadth-first search has reached yet.
const UNSEEN: u8 = u8::MAX;

/// The number of placements of `k` tiles on `n` cells, the table's length.
pub(crate) fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// `ONES[set]`: the cells in a set of 16 cells. The portable x86-64
/// target has no popcount instruction and the crate no `unsafe` to ask for
/// it at run time; a read of this 64 KiB table (it stays in L2) made the
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

/// The rank of a placement: `cells[i]` is the cell of the pattern's tile
/// `i`. The search calls this once per move, for the one pattern whose
/// tile moved, so it is a short loop with one table read per tile.
#[inline(always)]
pub(crate) fn rank(cells: &[u8], n: usize) -> usize {
    let mut taken = 0u32;
    let mut index = 0;
    for (i, &cell) in cells.iter().enumerate() {
        // The cells before `cell` already taken: a set of at most 16.
        let below = (taken & ((1u32 << cell) - 1)) as usize;
        let earlier = ONES[below & 0xffff];
        let digit = usize::from(cell) - usize::from(earlier);
        index = index * (n - i) + digit;
        taken |= 1 << cell;
    }
    index
}

/// The most entries of a spread table (see [`spread`]): 16^6, six tiles
/// on sixteen cells, 16 MiB.
pub(crate) const SPREAD_LIMIT: usize = 1 << 24;

/// The table `table` of `k` tiles on `n` cells laid out by the spread
/// index `Σ cells[i]·n^i` instead of [`rank`], or `None` when that has more
/// than [`SPREAD_LIMIT`] entries. A spread index changes by
/// `(to - from)·n^i` when tile `i` moves, so the search updates it with a
/// multiply and an add where [`rank`] reads every tile; the price is
/// memory (n^k entries for n!/(n-k)!, 2.9 times as many for six tiles on
/// sixteen cells), paid in memory only: the cache keeps the dense table.
/// Entries of placements with two tiles on one cell are never read.
pub(crate) fn spread(table: &[u8], n: usize, k: usize) -> Option<Vec<u8>> {
    let size = n.checked_pow(k as u32).filter(|&s| s <= SPREAD_LIMIT)?;
    let mut spread = vec![0u8; size];
    let mut scale = [0usize; 16];
    let mut power = 1;
    for slot in scale.iter_mut().take(k) {
        *slot = power;
        power *= n;
    }
    // Depth-first over placements, tile by tile, carrying both indices.
    struct Walk<'a> {
        table: &'a [u8],
        spread: &'a mut [u8],
        scale: [usize; 16],
        n: usize,
        k: usize,
    }
    fn place(walk: &mut Walk<'_>, i: usize, taken: u32, dense: usize, sparse: usize) {
        if i == walk.k {
            walk.spread[sparse] = walk.table[dense];
            return;
        }
        for cell in 0..walk.n {
            if taken & 1 << cell != 0 {
                continue;
            }
            let earlier = usize::from(ONES[(taken & ((1 << cell) - 1)) as usize & 0xffff]);
            let dense = dense * (walk.n - i) + cell - earlier;
            let sparse = sparse + cell * walk.scale[i];
            place(walk, i + 1, taken | 1 << cell, dense, sparse);
        }
    }
    let mut walk = Walk {
        table,
        spread: &mut spread,
        scale,
        n,
        k,
    };
    place(&mut walk, 0, 0, 0, 0);
    Some(spread)
}

/// The placement of `index` into `cells`, the inverse of [`rank`].
pub(crate) fn unrank(mut index: usize, n: usize, cells: &mut [u8]) {
    let k = cells.len();
    let mut digits = [0usize; 16];
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
    flood(&neighbour_cells(layout), occupied, goal_blank)
}

/// The cells free of `occupied` that the blank reaches from `blank`.
fn flood(neighbours: &[([u8; 4], usize)], occupied: u32, blank: usize) -> u32 {
    let mut region = 1u32 << blank;
    let mut todo = region;
    while todo != 0 {
        let cell = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let (list, len) = &neighbours[cell];
        for &to in &list[..*len] {
            let bit = 1u32 << to;
            if (occupied | region) & bit == 0 {
                region |= bit;
                todo |= bit;
            }
        }
    }
    region
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
/// layer as a list of states ([`with_blank`]); larger ones (eight tiles on
/// 16 or 15 cells, at most eight free cells) keep a byte of blank regions
/// per placement for the layer, the next and those seen
/// ([`with_blank_by_layers`]), 3 bytes per entry beside the table.
/// `progress` is told the fraction of placements reached, now and then.
pub(crate) fn build(
    layout: Layout,
    homes: &[u8],
    region: u32,
    progress: &mut dyn FnMut(f64),
) -> Vec<u8> {
    let n = layout.cells();
    let size = placements(n, homes.len());
    let mut table = vec![UNSEEN; size];
    let neighbours = neighbour_cells(layout);
    if size <= 1 << 26 || n - homes.len() > 8 {
        with_blank(&mut table, homes, n, &neighbours, region, progress);
    } else {
        with_blank_by_layers(&mut table, homes, n, &neighbours, region, progress);
    }
    table
}
/// Each cell's neighbours as a list and a count.
fn neighbour_cells(layout: Layout) -> Vec<([u8; 4], usize)> {
    let steps = layout.steps();
    (0..layout.cells())
        .map(|cell| {
            let mut list = [0; 4];
            let from = steps.from(cell);
            for (slot, &(_, target)) in list.iter_mut().zip(from) {
                *slot = target;
            }
            (list, from.len())
        })
        .collect()
}

/// Visits the placements one abstract move from `index`, calling `reach`
/// with each one's rank: the blank-free abstraction's moves, for tests.
#[cfg(test)]
fn expand(
    index: usize,
    k: usize,
    n: usize,
    neighbours: &[([u8; 4], usize)],
    mut reach: impl FnMut(usize),
) {
    let mut cells = [0u8; 16];
    let cells = &mut cells[..k];
    unrank(index, n, cells);
    let occupied = cells.iter().fold(0u32, |set, &c| set | 1 << c);
    for i in 0..k {
        let from = cells[i];
        let (list, len) = &neighbours[usize::from(from)];
        for &to in &list[..*len] {
            if occupied & 1 << to == 0 {
                cells[i] = to;
                reach(rank(cells, n));
            }
        }
        cells[i] = from;
    }
}

/// Breadth-first search over (placement, blank cell) pairs, where the blank
/// roams the cells no pattern tile holds for free and each pattern tile it
/// swaps with costs one: a 0-1 search done layer by layer, each state
/// reached flooding the blank's whole free region at once. A placement's
/// entry is its cost with the best blank cell, the first layer that reaches
/// it. This is stronger than letting tiles move without the blank (a tile
/// walled in by its own pattern cannot move), and still admissible: the
/// real moves of pattern tiles are such swaps, the others are free roaming.
///
/// The blank starts on the cells of `region` at the goal placement
/// `homes` (every entry of `table` unseen), so the table serves the goals
/// whose blank is there. Needs 2 bytes per
/// placement besides the table, so the largest (8-tile) tables use
/// [`with_blank_by_layers`] instead.
fn with_blank(
    table: &mut [u8],
    homes: &[u8],
    n: usize,
    neighbours: &[([u8; 4], usize)],
    region: u32,
    progress: &mut dyn FnMut(f64),
) {
    let k = homes.len();
    // `roamed[p]`: the blank cells already flooded with placement `p`.
    let mut roamed = vec![0u16; table.len()];
    // States to flood at `depth`, packed so that no division unpacks them:
    // the blank's cell in the low 4 bits, then each tile's cell in 4 bits.
    let pack = |cells: &[u8], blank: u8| -> u64 {
        cells
            .iter()
            .rev()
            .fold(0u64, |packed, &c| packed << 4 | u64::from(c))
            << 4
            | u64::from(blank)
    };
    let mut layer: Vec<u64> = (0..n as u8)
        .filter(|&b| region & 1 << b != 0)
        .map(|b| pack(homes, b))
        .collect();
    let mut next = Vec::new();
    let mut cells = [0u8; 16];
    let mut depth = 0u8;
    let mut found = 0usize;
    while !layer.is_empty() {
        for &state in &layer {
            let blank = (state & 15) as u32;
            let cells = &mut cells[..k];
            let mut occupied = 0u32;
            for (i, cell) in cells.iter_mut().enumerate() {
                *cell = (state >> (4 * i + 4) & 15) as u8;
                occupied |= 1 << *cell;
            }
            let index = rank(cells, n);
            if occupied & 1 << blank != 0 || u32::from(roamed[index]) & 1 << blank != 0 {
                continue;
            }
            if table[index] == UNSEEN {
                table[index] = depth;
                found += 1;
            }
            // Flood the blank's region of cells free of pattern tiles.
            let region = flood(neighbours, occupied, blank as usize);
            roamed[index] |= region as u16;
            // Each pattern tile next to the region may swap with the blank.
            for i in 0..k {
                let from = cells[i];
                let (list, len) = &neighbours[usize::from(from)];
                for &to in &list[..*len] {
                    if region & 1 << to != 0 {
                        cells[i] = to;
                        let child = rank(cells, n);
                        if u32::from(roamed[child]) & 1 << from == 0 {
                            next.push(pack(cells, from));
                        }
                    }
                }
                cells[i] = from;
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
        depth += 1;
        progress(found as f64 / table.len() as f64);
    }
}

/// The search of [`with_blank`] for tables too large to list their
/// layers: a state is a placement and one region of the cells free of
/// pattern tiles, where the blank roams for free. Each placement has a
/// byte for the layer being flooded, the next layer and the regions
/// already flooded; bit `j` stands for its `j`-th free cell in cell order
/// (so at most eight free cells), a region for all its cells. Each layer
/// is a pass over the placements; the depths are the same as
/// [`with_blank`]'s (a test builds both on a small board).
fn with_blank_by_layers(
    table: &mut [u8],
    homes: &[u8],
    n: usize,
    neighbours: &[([u8; 4], usize)],
    region: u32,
    progress: &mut dyn FnMut(f64),
) {
    let k = homes.len();
    let size = table.len();
    let start = rank(homes, n);
    let mut seen = vec![0u8; size];
    let mut layer = vec![0u8; size];
    let mut next = vec![0u8; size];
    let all = (1u32 << n) - 1;
    // `free_bit(free, cell)`: the bit of `cell` among the free cells `free`.
    let free_bit = |free: u32, cell: u8| 1u8 << ONES[(free & ((1 << cell) - 1)) as usize];
    // The blank starts on the goal region's cells at the goal placement.
    let goal_free = homes.iter().fold(all, |set, &c| set & !(1 << c));
    layer[start] = (0..n as u8)
        .filter(|&c| region & goal_free & 1 << c != 0)
        .fold(0, |bits, c| bits | free_bit(goal_free, c));
    let mut depth = 0u8;
    let mut found = 0usize;
    let mut cells = [0u8; 16];
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
                let region = flood(neighbours, occupied, rest.trailing_zeros() as usize);
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
                for i in 0..k {
                    let from = cells[i];
                    let (list, len) = &neighbours[usize::from(from)];
                    for &to in &list[..*len] {
                        if region & 1 << to != 0 {
                            cells[i] = to;
                            let child = rank(cells, n);
                            let child_free = (free & !(1 << to)) | 1 << from;
                            let b = free_bit(child_free, from);
                            if seen[child] & b == 0 {
                                next[child] |= b;
                                grew = true;
                            }
                        }
                    }
                    cells[i] = from;
                }
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.fill(0);
        depth += 1;
        progress(found as f64 / table.len() as f64);
    }
}

/// The blank-free abstraction by a plain queue, kept to test that
/// [`with_blank`] never gives less.
#[cfg(test)]
fn by_queue(table: &mut [u8], k: usize, n: usize, neighbours: &[([u8; 4], usize)]) {
    let start = table.iter().position(|&d| d == 0).unwrap_or(0) as u32;
    let mut queue = Vec::with_capacity(table.len());
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        let index = queue[head] as usize;
        head += 1;
        let next = table[index] + 1;
        expand(index, k, n, neighbours, |child| {
            if table[child] == UNSEEN {
                table[child] = next;
                queue.push(child as u32);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn rank_and_unrank_are_inverse_and_dense() {
        let (n, k) = (9, 4);
        let size = placements(n, k);
        assert_eq!(size, 9 * 8 * 7 * 6);
        let mut cells = [0u8; 4];
        for index in 0..size {
            unrank(index, n, &mut cells);
            assert_eq!(rank(&cells, n), index);
        }
    }

    #[test]
    fn tracking_the_blank_never_gives_less_than_ignoring_it() {
        let layout = Layout::new(Shape {
            rows: 3,
            columns: 4,
        })
        .unwrap();
        let homes = [1, 2, 5, 6];
        let strong = build(layout, &homes, goal_region(layout, &homes, 0), &mut |_| ());
        let mut weak = vec![UNSEEN; strong.len()];
        weak[rank(&homes, 12)] = 0;
        by_queue(&mut weak, 4, 12, &neighbour_cells(layout));
        assert!(strong.iter().all(|&d| d != UNSEEN));
        assert!(strong.iter().zip(&weak).all(|(s, w)| s >= w));
        assert!(strong.iter().zip(&weak).any(|(s, w)| s > w));
        // The blank-free table is consistent: one move, one step.
        for index in (0..weak.len()).step_by(7) {
            expand(index, 4, 12, &neighbour_cells(layout), |child| {
                assert!(weak[child].abs_diff(weak[index]) <= 1);
            });
        }
    }

    #[test]
    fn both_blank_tracking_searches_give_the_same_depths() {
        // At most eight free cells, as the layered search needs.
        for (rows, columns, homes) in [
            (3, 4, &[1, 2, 5, 6, 9][..]),
            (4, 3, &[0, 3, 4, 11][..]),
            (2, 5, &[0, 1, 5, 6][..]),
            (3, 3, &[4][..]),
            (3, 3, &[1, 3][..]),
        ] {
            let layout = Layout::new(Shape { rows, columns }).unwrap();
            let n = layout.cells();
            let neighbours = neighbour_cells(layout);
            let fresh = || vec![UNSEEN; placements(n, homes.len())];
            for blank in (0..n).filter(|&c| !homes.contains(&(c as u8))) {
                let region = goal_region(layout, homes, blank);
                let (mut listed, mut layered) = (fresh(), fresh());
                with_blank(&mut listed, homes, n, &neighbours, region, &mut |_| ());
                with_blank_by_layers(&mut layered, homes, n, &neighbours, region, &mut |_| {});
                assert!(listed.iter().all(|&d| d != UNSEEN));
                assert_eq!(listed, layered, "{layout} {homes:?} blank {blank}");
            }
        }
    }

    /// The abstract puzzle's distances by a search of the test's own: a
    /// 0-1 breadth-first search over (placement, blank cell) from the goal
    /// placement with the blank on `goal_blank` alone, one step per swap
    /// of the blank with a pattern tile, none for the others; each
    /// placement keeps its best blank cell.
    fn abstract_distances(layout: Layout, homes: &[u8], goal_blank: u8) -> Vec<u8> {
        use std::collections::{HashMap, VecDeque};
        let (n, k) = (layout.cells(), homes.len());
        let (rows, columns) = (layout.rows() as i32, layout.columns() as i32);
        let mut best = vec![UNSEEN; placements(n, k)];
        let mut seen: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
        let mut queue = VecDeque::from([(homes.to_vec(), goal_blank, 0u8)]);
        while let Some((cells, blank, cost)) = queue.pop_front() {
            if seen.contains_key(&(cells.clone(), blank)) {
                continue;
            }
            seen.insert((cells.clone(), blank), cost);
            let index = rank(&cells, n);
            best[index] = best[index].min(cost);
            let (row, column) = (i32::from(blank) / columns, i32::from(blank) % columns);
            for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (r, c) = (row + dr, column + dc);
                if !(0..rows).contains(&r) || !(0..columns).contains(&c) {
                    continue;
                }
                let to = (r * columns + c) as u8;
                let mut next = cells.clone();
                match cells.iter().position(|&cell| cell == to) {
                    Some(tile) => {
                        next[tile] = blank;
                        queue.push_back((next, to, cost + 1));
                    }
                    None => queue.push_front((next, to, cost)),
                }
            }
        }
        best
    }

    #[test]
    fn tables_are_the_abstract_distances_to_the_goal_blank() {
        // [1, 3] on 3×3 and [1, 4] on 3×4 wall the corner 0 in: its own
        // region, apart from the other free cells.
        for (rows, columns, homes) in [
            (3, 3, &[1, 3][..]),
            (3, 4, &[1, 4][..]),
            (3, 4, &[1, 2, 5, 6][..]),
            (3, 3, &[0, 4, 8][..]),
        ] {
            let layout = Layout::new(Shape { rows, columns }).unwrap();
            for blank in (0..layout.cells() as u8).filter(|c| !homes.contains(c)) {
                let region = goal_region(layout, homes, usize::from(blank));
                let table = build(layout, homes, region, &mut |_| ());
                let expected = abstract_distances(layout, homes, blank);
                assert_eq!(table, expected, "{layout} {homes:?} blank {blank}");
            }
        }
        // Walled in, the corner's table is stronger than the other
        // region's, so each goal blank needs its own.
        let layout = Layout::new(Shape {
            rows: 3,
            columns: 3,
        })
        .unwrap();
        let corner = goal_region(layout, &[1, 3], 0);
        assert_eq!(corner, 1);
        let rest = goal_region(layout, &[1, 3], 8);
        assert_eq!(rest, free_at_home(layout, &[1, 3]) & !1);
        let strong = build(layout, &[1, 3], corner, &mut |_| ());
        let weak = build(layout, &[1, 3], rest | corner, &mut |_| ());
        assert!(strong.iter().zip(&weak).all(|(s, w)| s >= w));
        assert!(strong.iter().zip(&weak).any(|(s, w)| s > w));
    }

    #[test]
    fn spread_tables_hold_the_dense_entries() {
        let (n, k) = (9, 3);
        let dense: Vec<u8> = (0..placements(n, k)).map(|i| (i % 251) as u8).collect();
        let spread = spread(&dense, n, k).unwrap();
        assert_eq!(spread.len(), 9 * 9 * 9);
        let mut cells = [0u8; 3];
        for (index, &entry) in dense.iter().enumerate() {
            unrank(index, n, &mut cells);
            let sparse: usize = cells.iter().rev().fold(0, |s, &c| s * n + usize::from(c));
            assert_eq!(spread[sparse], entry);
        }
        assert!(spread_too_large());
    }

    fn spread_too_large() -> bool {
        super::spread(&[0], 16, 7).is_none()
    }

    #[test]
    fn a_lone_tile_costs_its_manhattan_distance() {
        let layout = Layout::new(Shape {
            rows: 3,
            columns: 4,
        })
        .unwrap();
        let table = build(layout, &[6], goal_region(layout, &[6], 0), &mut |_| ());
        // One tile alone moves by its taxicab distance to its home, cell 6.
        for cell in 0..12u8 {
            let (row, column) = (usize::from(cell) / 4, usize::from(cell) % 4);
            assert_eq!(
                usize::from(table[rank(&[cell], 12)]),
                row.abs_diff(1) + column.abs_diff(2)
            );
        }
    }
}
