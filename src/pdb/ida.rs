//! The inner loop: IDA* over one board changed in place, guided by the
//! additive pattern databases and, on square boards whose goal's blank is on
//! the main diagonal, by the same databases read for the reflected board.
//!
//! Following Burns et al. (2012), a move is a handful of array writes and
//! their undo: the tile slides onto the blank's cell, its own pattern's
//! placement changes in one slot, that one pattern's index is updated
//! (one multiply-add on the spread index, or the rank recomputed for
//! patterns too large to spread) and looked up, and the sum is adjusted by
//! the difference. The reflected view does the same for the pattern the
//! reflected tile belongs to, and is read only for children the board's
//! own sum does not cut. Nothing is allocated, nothing is dispatched
//! dynamically; whether to reflect and which index to read are const
//! parameters.
//!
//! The tables track the blank, so they are admissible but not consistent:
//! the search keeps `f` from falling along its path (pathmax), and cuts a
//! parent when a child's estimate less one already exceeds the bound
//! (bidirectional pathmax). Neither cut removes a prefix of a shortest
//! path, so the first goal met is still the canonical answer.
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

/// What moving one tile would do to its pattern in one view.
#[derive(Clone, Copy)]
struct Peek {
    slot: usize,
    pattern: usize,
    /// The pattern's spread index after the move (0 unless `SPREAD`).
    index: u32,
    entry: u8,
}

impl Peek {
    /// No move: a child not generated.
    const NONE: Peek = Peek {
        slot: 0,
        pattern: 0,
        index: 0,
        entry: 0,
    };
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

    /// What moving the tile labelled `tile` to `cell` (as the view sees it)
    /// would make of its pattern's index and entry, without moving it.
    #[inline(always)]
    fn peek<const SPREAD: bool>(&mut self, mirrored: bool, tile: u8, cell: u8) -> Peek {
        let view = if mirrored {
            &mut self.mirrored
        } else {
            &mut self.ahead
        };
        let slot = usize::from(view.slot_of[usize::from(tile)]);
        let pattern = slot / SLOT_STRIDE;
        if SPREAD {
            // Only this tile's digit of the spread index changes.
            let moved = u32::from(cell).wrapping_sub(u32::from(view.places[slot]));
            let index = view.index[pattern]
                .wrapping_add(moved.wrapping_mul(self.scale[slot % SLOT_STRIDE]));
            let entry = self.tables[pattern][index as usize];
            Peek {
                slot,
                pattern,
                index,
                entry,
            }
        } else {
            let place = view.places[slot];
            view.places[slot] = cell;
            let start = pattern * SLOT_STRIDE;
            let places = &view.places[start..start + usize::from(self.lens[pattern])];
            let entry = self.tables[pattern][rank(places, self.n)];
            view.places[slot] = place;
            Peek {
                slot,
                pattern,
                index: 0,
                entry,
            }
        }
    }

    /// The view's sum with `peek` applied.
    #[inline(always)]
    fn sum_after(view: &View, peek: Peek) -> u32 {
        view.sum + u32::from(peek.entry) - u32::from(view.entry[peek.pattern])
    }

    /// Moves a tile as `peek` foresaw, to `cell`.
    #[inline(always)]
    fn apply(view: &mut View, peek: Peek, cell: u8) -> Undo {
        let undo = Undo {
            slot: peek.slot,
            place: view.places[peek.slot],
            pattern: peek.pattern,
            index: view.index[peek.pattern],
            entry: view.entry[peek.pattern],
        };
        view.sum = Self::sum_after(view, peek);
        view.places[peek.slot] = cell;
        view.index[peek.pattern] = peek.index;
        view.entry[peek.pattern] = peek.entry;
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
    ///
    /// Every child's estimate is read before any child is searched: the
    /// table reads of siblings are independent, so the processor overlaps
    /// their cache misses, and one child whose estimate cuts the parent
    /// (bidirectional pathmax) spares all its siblings.
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
        let moves = steps.from(blank);
        let cell = blank as u8;
        // Pathmax: the parent's estimate less one is a bound too. The
        // blank-tracking tables are admissible but not consistent.
        let floor = h - 1;
        let mut ahead = [Peek::NONE; 4];
        let mut child_h = [0u32; 4];
        let mut worst = 0;
        for (j, &(step, target)) in moves.iter().enumerate() {
            if Some(step) != back {
                ahead[j] = self.peek::<SPREAD>(false, self.cells[usize::from(target)], cell);
                child_h[j] = Self::sum_after(&self.ahead, ahead[j]).max(floor);
                worst = worst.max(child_h[j]);
            }
        }
        // The reflected board is read only for children the board's own
        // sum does not already cut: a cut child needs no second opinion.
        let mut mirrored = [Peek::NONE; 4];
        if REFLECT && g + worst <= bound + 1 {
            let mirror_cell = self.mirror[blank];
            for (j, &(step, target)) in moves.iter().enumerate() {
                if Some(step) != back && g + 1 + child_h[j] <= bound {
                    // `slot_of` is indexed by the real label; only the cell
                    // is seen reflected.
                    let tile = self.cells[usize::from(target)];
                    mirrored[j] = self.peek::<SPREAD>(true, tile, mirror_cell);
                    child_h[j] = child_h[j].max(Self::sum_after(&self.mirrored, mirrored[j]));
                    worst = worst.max(child_h[j]);
                }
            }
        }
        // Bidirectional pathmax (Felner et al. 2011): a child's estimate
        // less one bounds the parent too.
        if g + worst > bound + 1 {
            self.stats.generated += moves.len() as u64 - u64::from(back.is_some());
            return Round::Exceeded(g + worst - 1);
        }
        let mut next = u32::MAX;
        for (j, &(step, target)) in moves.iter().enumerate() {
            if Some(step) == back {
                continue;
            }
            self.stats.generated += 1;
            let f = g + 1 + child_h[j];
            if f > bound {
                next = next.min(f);
                continue;
            }
            let target = usize::from(target);
            let tile = self.cells[target];
            self.cells[blank] = tile;
            let undo_ahead = Self::apply(&mut self.ahead, ahead[j], cell);
            let undo_mirrored =
                REFLECT.then(|| Self::apply(&mut self.mirrored, mirrored[j], self.mirror[blank]));
            self.path.push(step);
            match self.descend::<REFLECT, SPREAD>(
                target,
                g + 1,
                child_h[j],
                Some(step.inverse()),
                bound,
            ) {
                Round::Found => return Round::Found,
                Round::Exceeded(f) => next = next.min(f),
            }
            self.path.pop();
            Self::unshift(&mut self.ahead, undo_ahead);
            if let Some(undo) = undo_mirrored {
                Self::unshift(&mut self.mirrored, undo);
            }
            self.cells[target] = tile;
        }
        Round::Exceeded(next)
    }
}
