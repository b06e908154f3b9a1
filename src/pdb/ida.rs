//! The inner loop: IDA* over one board changed in place, guided by the
//! additive pattern databases and, on square boards whose goal's blank is on
//! the main diagonal, by the same databases read for the reflected board.
//!
//! Following Burns et al. (2012), a move is a handful of array writes and
//! their undo: the tile slides onto the blank's cell, its own pattern's
//! placement changes in one slot, that one pattern's rank is recomputed
//! (a popcount per tile of the pattern) and looked up, and the sum is
//! adjusted by the difference. The reflected view does the same for the
//! pattern the reflected tile belongs to. Nothing is allocated, nothing is
//! dispatched dynamically; whether to reflect is a const parameter.
//!
//! Tiles are labelled by their home cell (see `pdb`), so the goal is every
//! label on its own cell, and the heuristic is zero exactly there: every
//! tile is in some pattern, and a pattern is at distance zero only at home.

use crate::moves::Move;
use crate::pdb::layout::{Steps, MAX_CELLS};
use crate::pdb::pattern::rank;
use crate::search::SearchStats;

/// Room for each pattern's placement in the flat position arrays: a
/// pattern may hold every tile of a small board.
pub(crate) const SLOT_STRIDE: usize = 16;

/// The most patterns in a partition: 15 tiles in patterns of one or more.
pub(crate) const MAX_PATTERNS: usize = MAX_CELLS;

/// The databases of one partition, ready for the search: which pattern and
/// slot each tile label belongs to, in the board's view and the reflected
/// one.
pub(crate) struct Heuristic<'a> {
    /// Cells on the board.
    pub n: usize,
    /// Each pattern's table, by [`rank`].
    pub tables: Vec<&'a [u8]>,
    /// Each pattern's table by the spread index (see
    /// [`crate::pdb::pattern::spread`]), when every pattern has one.
    pub spread: Option<Vec<&'a [u8]>>,
    /// Each pattern's home cells, in slot order.
    pub homes: Vec<&'a [u8]>,
    /// `transpose[cell]`, when the reflected view is used.
    pub transpose: Option<[u8; MAX_CELLS]>,
}

/// How one depth-first round ended.
enum Round {
    Found,
    /// The smallest `g + h` that went over the bound.
    Exceeded(u32),
}

/// One view of the board (as it is, or reflected): where each pattern's
/// tiles stand, each pattern's entry and their sum.
#[derive(Clone, Copy)]
struct View {
    /// `slot_of[label]`: the flat slot (`pattern * SLOT_STRIDE + i`) whose
    /// cell follows the tile with that label.
    slot_of: [u8; MAX_CELLS],
    /// `places[slot]`: the cell that slot's tile is seen on.
    places: [u8; MAX_PATTERNS * SLOT_STRIDE],
    /// Each pattern's spread index, `Σ places[i]·n^i`, kept only when the
    /// spread tables are read.
    index: [u32; MAX_PATTERNS],
    /// Each pattern's database entry for its current placement.
    entry: [u8; MAX_PATTERNS],
    sum: u32,
}

struct Probe<'a, 'h> {
    n: usize,
    /// The tables read: dense, or spread when `SPREAD`.
    tables: &'a [&'h [u8]],
    /// `scale[i]`: n^i, what one cell's move of a pattern's tile `i` is
    /// worth in its spread index.
    scale: [u32; SLOT_STRIDE],
    lens: [u8; MAX_PATTERNS],
    /// `cells[cell]`: the label of the tile on it (meaningless under the
    /// blank).
    cells: [u8; MAX_CELLS],
    steps: &'a Steps,
    /// The cell each cell is seen on in the reflected view.
    mirror: [u8; MAX_CELLS],
    ahead: View,
    mirrored: View,
    path: &'a mut Vec<Move>,
    stats: &'a mut SearchStats,
}

/// Searches from the board `cells` (labels; the blank at `blank`) to every
/// label at home, writing the first shortest path in letter order into
/// `path`. The board must be solvable: depth-first search cannot prove
/// otherwise.
pub(crate) fn solve(
    heuristic: &Heuristic<'_>,
    steps: &Steps,
    cells: &[u8],
    blank: usize,
    path: &mut Vec<Move>,
    stats: &mut SearchStats,
) {
    path.clear();
    *stats = SearchStats::default();
    let mut board = [0u8; MAX_CELLS];
    board[..cells.len()].copy_from_slice(cells);
    let mut lens = [0u8; MAX_PATTERNS];
    for (len, homes) in lens.iter_mut().zip(&heuristic.homes) {
        *len = homes.len() as u8;
    }
    let identity: [u8; MAX_CELLS] = std::array::from_fn(|c| c as u8);
    let mirror = heuristic.transpose.unwrap_or(identity);
    let mut scale = [0u32; SLOT_STRIDE];
    let mut power = 1u32;
    for slot in scale.iter_mut() {
        *slot = power;
        power = power.saturating_mul(heuristic.n as u32);
    }
    let mut probe = Probe {
        n: heuristic.n,
        tables: heuristic.spread.as_deref().unwrap_or(&heuristic.tables),
        scale,
        lens,
        cells: board,
        steps,
        mirror,
        ahead: view(heuristic, &board, blank, &identity, &scale),
        mirrored: view(heuristic, &board, blank, &mirror, &scale),
        path,
        stats,
    };
    let reflect = heuristic.transpose.is_some();
    let h = probe.estimate(reflect);
    let mut bound = h;
    loop {
        // Every round raises the bound to an `f` some branch reached, and a
        // solvable board has a path, so some round finds it.
        let round = match (reflect, heuristic.spread.is_some()) {
            (true, true) => probe.descend::<true, true>(blank, 0, h, None, bound),
            (true, false) => probe.descend::<true, false>(blank, 0, h, None, bound),
            (false, true) => probe.descend::<false, true>(blank, 0, h, None, bound),
            (false, false) => probe.descend::<false, false>(blank, 0, h, None, bound),
        };
        match round {
            Round::Found => return,
            Round::Exceeded(next) => bound = next,
        }
    }
}

/// The view of `board` through `mirror` (the identity or the transpose):
/// the tile labelled `t` is seen as the tile labelled `mirror[t]` on cell
/// `mirror[cell]`. With the goal's blank on the diagonal, the reflected goal
/// is the goal, so the reflected board is exactly as far from it and its
/// database sum is a second admissible estimate.
fn view(
    heuristic: &Heuristic<'_>,
    board: &[u8; MAX_CELLS],
    blank: usize,
    mirror: &[u8],
    scale: &[u32; SLOT_STRIDE],
) -> View {
    let mut v = View {
        slot_of: [0; MAX_CELLS],
        places: [0; MAX_PATTERNS * SLOT_STRIDE],
        index: [0; MAX_PATTERNS],
        entry: [0; MAX_PATTERNS],
        sum: 0,
    };
    for (p, homes) in heuristic.homes.iter().enumerate() {
        for (i, &home) in homes.iter().enumerate() {
            // The mirrored label `home` is the real tile `mirror[home]`.
            v.slot_of[usize::from(mirror[usize::from(home)])] = (p * SLOT_STRIDE + i) as u8;
        }
    }
    for cell in 0..heuristic.n {
        if cell != blank {
            let slot = usize::from(v.slot_of[usize::from(board[cell])]);
            v.places[slot] = mirror[cell];
        }
    }
    for (p, table) in heuristic.tables.iter().enumerate() {
        let len = heuristic.homes[p].len();
        let places = &v.places[p * SLOT_STRIDE..p * SLOT_STRIDE + len];
        v.entry[p] = table[rank(places, heuristic.n)];
        v.index[p] = places
            .iter()
            .zip(scale)
            .map(|(&c, &s)| u32::from(c) * s)
            .sum();
        v.sum += u32::from(v.entry[p]);
    }
    v
}

/// What a move changed in one view, to put back.
#[derive(Clone, Copy)]
struct Undo {
    slot: usize,
    place: u8,
    pattern: usize,
    index: u32,
    entry: u8,
}

impl Probe<'_, '_> {
    fn estimate(&self, reflect: bool) -> u32 {
        if reflect {
            self.ahead.sum.max(self.mirrored.sum)
        } else {
            self.ahead.sum
        }
    }

    /// Moves the tile labelled `tile` in `view` to `cell` (as the view sees
    /// it) and updates its pattern's entry.
    #[inline(always)]
    fn shift<const SPREAD: bool>(&mut self, mirrored: bool, tile: u8, cell: u8) -> Undo {
        let view = if mirrored {
            &mut self.mirrored
        } else {
            &mut self.ahead
        };
        let slot = usize::from(view.slot_of[usize::from(tile)]);
        let pattern = slot / SLOT_STRIDE;
        let undo = Undo {
            slot,
            place: view.places[slot],
            pattern,
            index: view.index[pattern],
            entry: view.entry[pattern],
        };
        view.places[slot] = cell;
        let entry = if SPREAD {
            // Only this tile's digit of the spread index changes.
            let moved = u32::from(cell).wrapping_sub(u32::from(undo.place));
            let index = undo
                .index
                .wrapping_add(moved.wrapping_mul(self.scale[slot % SLOT_STRIDE]));
            view.index[pattern] = index;
            self.tables[pattern][index as usize]
        } else {
            let start = pattern * SLOT_STRIDE;
            let places = &view.places[start..start + usize::from(self.lens[pattern])];
            self.tables[pattern][rank(places, self.n)]
        };
        view.entry[pattern] = entry;
        view.sum = view.sum + u32::from(entry) - u32::from(undo.entry);
        undo
    }

    #[inline(always)]
    fn unshift(view: &mut View, undo: Undo) {
        view.sum = view.sum + u32::from(undo.entry) - u32::from(view.entry[undo.pattern]);
        view.entry[undo.pattern] = undo.entry;
        view.index[undo.pattern] = undo.index;
        view.places[undo.slot] = undo.place;
    }

    /// Searches below the current board: `g` moves made, estimate `h` (with
    /// `g + h` within the bound), the blank at `blank`, `back` the move that
    /// would undo the last one.
    fn descend<const REFLECT: bool, const SPREAD: bool>(
        &mut self,
        blank: usize,
        g: u32,
        h: u32,
        back: Option<Move>,
        bound: u32,
    ) -> Round {
        if h == 0 {
            return Round::Found;
        }
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(u64::from(g) + 1);
        let steps = self.steps;
        let mut next = u32::MAX;
        for &(step, target) in steps.from(blank) {
            if Some(step) == back {
                continue;
            }
            self.stats.generated += 1;
            let target = usize::from(target);
            let tile = self.cells[target];
            self.cells[blank] = tile;
            let ahead = self.shift::<SPREAD>(false, tile, blank as u8);
            // Pathmax: the parent's estimate less one is a bound too. The
            // blank-tracking tables are admissible but not consistent.
            let mut child_h = self.ahead.sum.max(h - 1);
            let mut mirrored = None;
            // The reflected board is read only when the board's own sum
            // does not already cut the child: a cut child needs no second
            // opinion, and half the memory traffic is saved.
            if REFLECT && g + 1 + child_h <= bound {
                // `slot_of` is indexed by the real label; only the cell is
                // seen reflected.
                let mirror_cell = self.mirror[blank];
                mirrored = Some(self.shift::<SPREAD>(true, tile, mirror_cell));
                child_h = child_h.max(self.mirrored.sum);
            }
            let f = g + 1 + child_h;
            // Bidirectional pathmax (Felner et al. 2011): the child's
            // estimate less one bounds the parent too, and when that cuts
            // the parent its remaining children need not be generated.
            let parent_cut = f > bound + 2;
            if f > bound {
                next = next.min(f);
            } else {
                self.path.push(step);
                match self.descend::<REFLECT, SPREAD>(
                    target,
                    g + 1,
                    child_h,
                    Some(step.inverse()),
                    bound,
                ) {
                    Round::Found => return Round::Found,
                    Round::Exceeded(f) => next = next.min(f),
                }
                self.path.pop();
            }
            Self::unshift(&mut self.ahead, ahead);
            if let Some(undo) = mirrored {
                Self::unshift(&mut self.mirrored, undo);
            }
            self.cells[target] = tile;
            if parent_cut {
                return Round::Exceeded(next.min(f - 2));
            }
        }
        Round::Exceeded(next)
    }
}
