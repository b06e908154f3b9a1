//! The inner loop: IDA* over one board changed in place, guided by up to
//! four views of it, each the sum of one partition's pattern databases for
//! the board as it is or, on square boards whose goal's blank is on the
//! main diagonal, reflected about that diagonal; the largest sum is taken.
//!
//! Following Burns et al. (2012), a move is a handful of array writes and
//! their undo: the tile slides onto the blank's cell, in each view its own
//! pattern's placement changes in one slot, that one pattern's index is
//! updated (one multiply-add on the spread index; on the rank of a
//! pattern too large to spread, that and an add for each of its tiles on
//! a cell that a move across a row passes over) and looked up, and the
//! view's sum is adjusted by the difference. The first view is read for
//! every child, the others only for children the earlier ones do not cut
//! (reading the view with the largest sum first instead was measured
//! slower). No move allocates, nothing is dispatched dynamically; the
//! number of views and which index to read are const parameters.
//!
//! The tables track the blank, so they are admissible but not consistent:
//! the search keeps `f` from falling along its path (pathmax), and cuts a
//! parent when a child's estimate less one already exceeds the bound
//! (bidirectional pathmax). Neither cut removes a prefix of a shortest
//! path, so the first goal met is still the canonical answer.
//!
//! A move that would end a word with an earlier twin is never made
//! (`fsm`): the search reads its path through that machine, whose state
//! replaces the move back that plain IDA* skips.
//!
//! On a pool of several threads, a large round is split into the subtrees
//! below a shallow depth, gathered in letter order by the same search and
//! then searched side by side (`split_round`); the round is then replayed
//! on one thread with each subtree's search standing in for it, so the
//! answer, the work counted and where a node limit stops are those of a
//! single thread.
//!
//! A node limit of N lets the search generate N nodes, counted over all
//! its rounds one by one in the order one thread generates them (a node's
//! children in move order): the goal is found if it is among them, and
//! otherwise the search gives up with exactly N generated.
//!
//! A search that may be called off ([`Halt`]) looks whether it is every
//! [`CHECK_EVERY`] nodes, on every thread, and gives up there: the caller
//! has its answer well within a millisecond.
//!
//! Tiles are labelled by their home cell (see `pdb`), so the goal is every
//! label on its own cell, and the heuristic is zero exactly there: every
//! tile is in some pattern, and a pattern is at distance zero only at home.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::contract::{Halt, RunningSearch, SearchStats};
use crate::moves::Move;
use crate::pdb::fsm::{machine, REFUSED};
use crate::pdb::layout::{Steps, PDB_CELLS};
use crate::pdb::pattern::{placements, rank};
use crate::search::manhattan::Outcome;
use split::{split_round, split_worth, Searched, Shared, Subtree, SPLIT_DEPTH};

mod split;
#[cfg(test)]
mod tests;

/// Room for each pattern's placement in the flat position arrays: a
/// pattern may hold every tile of a small board.
pub(crate) const SLOT_STRIDE: usize = 16;

/// The most patterns over all the partitions read: 15 tiles in patterns of
/// one or more, and a flat slot (`pattern * SLOT_STRIDE + i`) still fits
/// in a byte.
pub(crate) const MAX_PATTERNS: usize = 16;

/// The most views of the board read at each node: two partitions, each
/// as the board is and reflected.
pub(crate) const MAX_VIEWS: usize = 4;

/// The databases of one or more partitions, ready for the search: the
/// tables of every pattern of every partition, and the views that read
/// them, each the board seen through one partition, as it is or
/// reflected.
pub(crate) struct Heuristic<'a> {
    /// Cells on the board.
    pub n: usize,
    /// Each pattern's table, by the spread index when `spread` (see
    /// [`crate::pdb::pattern::spread`]), else by [`rank`].
    pub tables: Vec<&'a [u8]>,
    /// Whether `tables` are read by the spread index.
    pub spread: bool,
    /// Each pattern's home cells, in slot order.
    pub homes: Vec<&'a [u8]>,
    /// The views whose estimates are maxed, at most [`MAX_VIEWS`]; the
    /// first is read for every child, the others only for children it does
    /// not cut.
    pub views: Vec<ViewSpec>,
}

/// One view: the patterns of one partition (a range of
/// [`Heuristic::tables`]), each of whose sums is a lower bound, read for
/// the board seen through `mirror`.
#[derive(Clone, Debug)]
pub(crate) struct ViewSpec {
    /// The partition's patterns.
    pub patterns: std::ops::Range<usize>,
    /// `mirror[cell]`: the cell each cell is seen on (the identity, or the
    /// transpose when the goal's blank is on the diagonal of a square).
    pub mirror: [u8; PDB_CELLS],
}

/// How one depth-first round ended.
#[derive(Clone)]
enum Round {
    Found,
    /// The smallest `g + h` that went over the bound.
    Exceeded(u32),
    /// The node limit was passed, or (in a subtree searched beside others)
    /// an earlier subtree holds a solution.
    Stopped,
}

/// How a search may spend its work: the most nodes it may generate,
/// whether each iteration may be split among rayon's threads (then
/// with the count of the searches in flight beside it, which sets how
/// large a round must be to be split: [`split_worth`]), where it
/// publishes its bound and nodes for a watcher, if anywhere, and what may
/// call it off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effort<'a> {
    pub limit: u64,
    pub split: Option<&'a AtomicUsize>,
    pub watch: Option<&'a RunningSearch>,
    pub halt: Option<Halt<'a>>,
}

/// How often, in nodes generated, a subtree searched beside others tells
/// them its nodes and looks at theirs and at the subtrees before it, a
/// watched search publishes its nodes, and a search that may be called off
/// looks whether it is: rarely enough to cost nothing.
/// Between checks each search compares its count with its own limit at
/// every node it enters.
const CHECK_EVERY: u64 = 1 << 10;

/// One view of the board: where each of its patterns' tiles stand, each
/// pattern's entry and their sum.
#[derive(Clone, Copy)]
struct View {
    /// `slot_of[label]`: the flat slot (`pattern * SLOT_STRIDE + i`) whose
    /// cell follows the tile with that label.
    slot_of: [u8; PDB_CELLS],
    /// `places[slot]`: the cell that slot's tile is seen on.
    places: [u8; MAX_PATTERNS * SLOT_STRIDE],
    /// Each pattern's index into the tables read: its spread index
    /// `Σ places[i]·n^i`, or its rank (see [`rank`]).
    index: [u32; MAX_PATTERNS],
    /// Each pattern's database entry for its current placement (0 for the
    /// patterns of other views).
    entry: [u8; MAX_PATTERNS],
    sum: u32,
    /// The cell each cell is seen on.
    mirror: [u8; PDB_CELLS],
}

#[derive(Clone)]
struct Probe<'a, 'h> {
    /// The board's cells (the debug build ranks afresh with it to check
    /// each rank the search updates).
    n: usize,
    /// The tables read: dense, or spread when `SPREAD`.
    tables: &'a [&'h [u8]],
    /// `weight[slot]`: what one step of that slot's digit is worth in its
    /// pattern's index: n^i in the spread index, and in the rank the
    /// placements of the tiles after it on the cells that tile `i` and
    /// those before it leave.
    weight: [u32; MAX_PATTERNS * SLOT_STRIDE],
    lens: [u8; MAX_PATTERNS],
    /// `cells[cell]`: the label of the tile on it (meaningless under the
    /// blank).
    cells: [u8; PDB_CELLS],
    steps: &'a Steps,
    fsm: &'a [[u32; 4]],
    views: [View; MAX_VIEWS],
    path: Vec<Move>,
    stats: SearchStats,
    /// The most nodes the search may generate; for a subtree searched
    /// beside others, those left after every node one thread generates
    /// before its root, but for the subtrees before it (`split`).
    limit: u64,
    /// The subtrees set aside, in letter order.
    frontier: Vec<Subtree>,
    /// While a split round is replayed, the subtrees' searches beside each
    /// other, in letter order (`split`).
    searched: Option<std::vec::IntoIter<Option<Searched>>>,
    /// Where this subtree stands among the others and what they share,
    /// when searched beside them.
    beside: Option<(usize, &'a Shared)>,
    /// `stats.generated` when the subtrees beside this one were last told.
    told: u64,
    /// `stats.generated` past which the next node entered calls for a
    /// check: the limit, or sooner when the nodes must be told.
    check_at: u64,
    /// Where the nodes are published, when watched.
    watch: Option<&'a RunningSearch>,
    /// What may call the search off.
    halt: Option<Halt<'a>>,
}

/// Searches from `board` (labels by cell; the blank at `blank`) to every
/// label at home, writing the first shortest path in letter order into
/// `path`, unless the goal is not among the first `effort.limit` nodes
/// generated (then exactly that many are). The board must be solvable:
/// depth-first search cannot prove otherwise, so the outcome is never
/// [`Outcome::Unsolvable`]. Returns it with the search's work.
///
/// With `effort.split`, each large iteration is split into the subtrees
/// below depth [`SPLIT_DEPTH`], searched by rayon's threads, and then
/// replayed as one thread would search it, so the outcome, the path and the
/// work returned are those of the search alone.
pub(crate) fn solve(
    heuristic: &Heuristic<'_>,
    steps: &Steps,
    board: [u8; PDB_CELLS],
    blank: usize,
    effort: Effort<'_>,
    path: &mut Vec<Move>,
) -> (Outcome, SearchStats) {
    let Effort {
        limit, watch, halt, ..
    } = effort;
    path.clear();
    let lens = std::array::from_fn(|p| heuristic.homes.get(p).map_or(0, |homes| homes.len() as u8));
    let spread = heuristic.spread;
    let mut weight = [0u32; MAX_PATTERNS * SLOT_STRIDE];
    for (p, &len) in lens.iter().enumerate() {
        let len = usize::from(len);
        for (i, w) in weight[p * SLOT_STRIDE..][..len].iter_mut().enumerate() {
            *w = match spread {
                true => heuristic.n.pow(i as u32),
                false => placements(heuristic.n - i - 1, len - i - 1),
            } as u32;
        }
    }
    let views = std::array::from_fn(|v| {
        let spec = heuristic.views.get(v).unwrap_or(&heuristic.views[0]);
        view(heuristic, spec, &board, blank)
    });
    let mut probe = Probe {
        n: heuristic.n,
        tables: &heuristic.tables,
        weight,
        lens,
        cells: board,
        steps,
        fsm: machine(),
        views,
        path: Vec::new(),
        stats: SearchStats::default(),
        limit,
        frontier: Vec::new(),
        searched: None,
        beside: None,
        told: 0,
        check_at: 0,
        watch,
        halt,
    };
    probe.check_at = probe.next_check(limit);
    let kind = Kind {
        views: heuristic.views.len(),
        spread,
    };
    let views = &probe.views[..kind.views];
    let h = views.iter().map(|v| v.sum).max().unwrap_or(0);
    probe.stats.initial_estimate = Some(h);
    let mut bound = h;
    // Nodes generated by the rounds so far and by the last one.
    let (mut before, mut last) = (0, 0);
    let outcome = loop {
        // Every round raises the bound to an `f` some branch reached, and a
        // solvable board has a path, so some round finds it. A round is
        // split only when the last one was large (larger while every
        // thread has a board of its own), so small boards (most of a
        // batch, whose boards are already spread over the threads) pay
        // nothing for it.
        if let Some(watch) = watch {
            watch.publish_bound(bound);
        }
        probe.stats.iterations += 1;
        probe.path.clear();
        let round = if effort
            .split
            .is_some_and(|in_flight| bound > SPLIT_DEPTH && last >= split_worth(in_flight))
        {
            split_round(&mut probe, kind, blank, h, bound)
        } else {
            kind.descend::<false>(&mut probe, blank, 0, h, 0, bound)
        };
        (last, before) = (probe.stats.generated - before, probe.stats.generated);
        // A round can pass the limit with children it never entered: it
        // stops there, before another begins.
        let passed = probe.stats.generated > probe.check_at && !probe.check();
        match round {
            Round::Found => break Outcome::Solved,
            Round::Exceeded(next) if !passed => bound = next,
            Round::Exceeded(_) | Round::Stopped => {
                probe.path.clear();
                break Outcome::GaveUp;
            }
        }
    };
    path.append(&mut probe.path);
    (outcome, probe.stats)
}

/// The slots of one pattern whose tiles stand strictly between cells `low`
/// and `high`, as bits: all sixteen compared at once, a byte each (cells
/// are below 128, and an unused slot holds cell 0, never between).
#[inline(always)]
fn passed_over(places: [u8; SLOT_STRIDE], low: u8, high: u8) -> u32 {
    const ONES: u128 = u128::MAX / 255;
    const TOPS: u128 = ONES << 7;
    let cells = u128::from_le_bytes(places);
    // A byte's top bit survives each subtraction where the cell is at
    // least `low + 1`, and at most `high - 1`.
    let above = (cells | TOPS) - ONES * u128::from(low + 1);
    let below = ((ONES * u128::from(high - 1)) | TOPS) - cells;
    let tops = above & below & TOPS;
    // Gathers the eight top bits of each half into one byte.
    let pack = |half: u64| (((half >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56) as u32;
    pack(tops as u64) | (pack((tops >> 64) as u64) << 8)
}

/// Which monomorphic search a heuristic is read by: how many views, and
/// whether by the spread index.
#[derive(Clone, Copy)]
struct Kind {
    views: usize,
    spread: bool,
}

impl Kind {
    /// [`Probe::descend`] for this kind; with `GATHER`, each subtree's
    /// root at [`SPLIT_DEPTH`] goes to [`Probe::split_root`] (set aside,
    /// or replayed).
    fn descend<const GATHER: bool>(
        self,
        probe: &mut Probe<'_, '_>,
        blank: usize,
        g: u32,
        h: u32,
        state: u32,
        bound: u32,
    ) -> Round {
        match (self.views, self.spread) {
            (1, true) => probe.descend::<1, true, GATHER>(blank, g, h, state, bound),
            (1, false) => probe.descend::<1, false, GATHER>(blank, g, h, state, bound),
            (2, true) => probe.descend::<2, true, GATHER>(blank, g, h, state, bound),
            (2, false) => probe.descend::<2, false, GATHER>(blank, g, h, state, bound),
            (3, true) => probe.descend::<3, true, GATHER>(blank, g, h, state, bound),
            (3, false) => probe.descend::<3, false, GATHER>(blank, g, h, state, bound),
            (_, true) => probe.descend::<4, true, GATHER>(blank, g, h, state, bound),
            (_, false) => probe.descend::<4, false, GATHER>(blank, g, h, state, bound),
        }
    }
}

/// The database sum of each view of `board` (labels by cell; the blank at
/// `blank`), in view order, as the search starts from.
pub(crate) fn sums<'a>(
    heuristic: &'a Heuristic<'_>,
    board: [u8; PDB_CELLS],
    blank: usize,
) -> impl Iterator<Item = u32> + 'a {
    let views = heuristic.views.iter();
    views.map(move |spec| view(heuristic, spec, &board, blank).sum)
}

/// The view of `board` through `spec`: the tile labelled `t` is seen as
/// the tile labelled `mirror[t]` on cell `mirror[cell]`. With the goal's
/// blank on the diagonal, the reflected goal is the goal, so the reflected
/// board is exactly as far from it and its database sum is a second
/// admissible estimate.
fn view(heuristic: &Heuristic<'_>, spec: &ViewSpec, board: &[u8; PDB_CELLS], blank: usize) -> View {
    let mirror = &spec.mirror;
    let mut v = View {
        slot_of: [0; PDB_CELLS],
        places: [0; MAX_PATTERNS * SLOT_STRIDE],
        index: [0; MAX_PATTERNS],
        entry: [0; MAX_PATTERNS],
        sum: 0,
        mirror: *mirror,
    };
    for p in spec.patterns.clone() {
        for (i, &home) in heuristic.homes[p].iter().enumerate() {
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
    for p in spec.patterns.clone() {
        let len = heuristic.homes[p].len();
        let places = &v.places[p * SLOT_STRIDE..p * SLOT_STRIDE + len];
        v.index[p] = match heuristic.spread {
            true => places
                .iter()
                .rev()
                .fold(0, |index, &c| index * heuristic.n as u32 + u32::from(c)),
            false => rank(places, heuristic.n) as u32,
        };
        v.entry[p] = heuristic.tables[p][v.index[p] as usize];
        v.sum += u32::from(v.entry[p]);
    }
    v
}

/// What moving one tile would do to its pattern in one view. Eight
/// bytes: sixteen of them are set aside at every node.
#[derive(Clone, Copy)]
struct Peek {
    /// The tile's flat slot; its pattern is `slot / SLOT_STRIDE`.
    slot: u8,
    entry: u8,
    /// The pattern's index after the move.
    index: u32,
}

impl Peek {
    /// No move: a child not generated.
    const NONE: Peek = Peek {
        slot: 0,
        entry: 0,
        index: 0,
    };

    #[inline(always)]
    fn pattern(self) -> usize {
        usize::from(self.slot) / SLOT_STRIDE
    }
}

/// What a move changed in one view, to put back.
#[derive(Clone, Copy)]
struct Undo {
    slot: u8,
    place: u8,
    entry: u8,
    index: u32,
}

impl Probe<'_, '_> {
    /// Whether the search goes on at a node entered with more nodes
    /// generated than `check_at`: tells the nodes, then looks at the limit
    /// as it now stands. Not past the limit, nor when an earlier subtree
    /// than this one holds a solution, nor once the search is called off.
    #[cold]
    fn check(&mut self) -> bool {
        if self.halt.is_some_and(|halt| halt.due().is_some()) {
            return false;
        }
        let Some(limit) = self.tell() else {
            return false;
        };
        if self.stats.generated > limit {
            // Since the last node entered (with at most `check_at`
            // generated), only children not entered were: if the limit is
            // no lower than that, one thread generating them one by one
            // stops at it with nothing else counted otherwise. Beside other
            // subtrees the limit falls as those before tell their nodes;
            // below, the count stays past it, and the replay sees that this
            // search did not stop where one thread would.
            if limit >= self.check_at {
                self.stats.generated = limit;
            }
            return false;
        }
        self.check_at = self.next_check(limit);
        true
    }

    /// Tells the watcher, and the subtrees searched beside this one, the
    /// nodes generated so far, and returns the limit: for a subtree, less
    /// the nodes the subtrees before it have told. `None` when an earlier
    /// subtree holds a solution.
    fn tell(&mut self) -> Option<u64> {
        let Some((index, shared)) = self.beside else {
            if let Some(watch) = self.watch {
                watch.publish_generated(self.stats.generated);
            }
            return Some(self.limit);
        };
        // A count that stopped at the limit may have fallen below what
        // was told; those nodes were generated all the same.
        shared
            .counts
            .add(index, self.stats.generated.saturating_sub(self.told));
        self.told = self.stats.generated;
        if let Some(watch) = self.watch {
            watch.publish_generated(shared.gathered + shared.counts.total());
        }
        let earlier = shared.found.load(Ordering::Relaxed) < index;
        (!earlier).then(|| self.limit.saturating_sub(shared.counts.before(index)))
    }

    /// The count past which the next node entered calls for a check,
    /// under `limit`: the limit, or sooner when the nodes are told or the
    /// search may be called off.
    fn next_check(&self, limit: u64) -> u64 {
        match self.beside.is_none() && self.watch.is_none() && self.halt.is_none() {
            true => limit,
            false => limit.min(self.stats.generated + CHECK_EVERY),
        }
    }

    /// What moving the tile labelled `tile` from the blank's neighbour onto
    /// the blank's cell `blank` would make of its pattern's index and entry
    /// in view `v`, without moving it.
    #[inline(always)]
    fn peek<const SPREAD: bool>(&self, v: usize, tile: u8, blank: usize) -> Peek {
        let view = &self.views[v];
        let cell = view.mirror[blank];
        let flat = view.slot_of[usize::from(tile)];
        let slot = usize::from(flat);
        let pattern = slot / SLOT_STRIDE;
        let from = view.places[slot];
        let index = if SPREAD {
            // Only this tile's digit of the spread index changes.
            let moved = u32::from(cell).wrapping_sub(u32::from(from));
            view.index[pattern].wrapping_add(moved.wrapping_mul(self.weight[slot]))
        } else {
            // In the rank, the tile's digit (its cell less the earlier
            // tiles' cells below it) moves with it, less one for each
            // earlier tile on a cell it passes over; each later tile on such
            // a cell has one cell more, or one fewer, below it. Only a move
            // across a row passes over cells.
            let (low, high) = (from.min(cell), from.max(cell));
            let own = self.weight[slot];
            let start = pattern * SLOT_STRIDE;
            let mut change = own * u32::from(high - low);
            if high - low > 1 {
                let places = view.places[start..start + SLOT_STRIDE].try_into();
                let passed = passed_over(places.expect("a pattern's slots"), low, high);
                let before = (1 << (slot - start)) - 1;
                change -= own * (passed & before).count_ones();
                let mut after = passed & !before;
                while after != 0 {
                    change += self.weight[start + after.trailing_zeros() as usize];
                    after &= after - 1;
                }
            }
            let index = match cell > from {
                true => view.index[pattern].wrapping_add(change),
                false => view.index[pattern].wrapping_sub(change),
            };
            debug_assert_eq!(index as usize, {
                let mut places = view.places;
                places[slot] = cell;
                rank(&places[start..][..usize::from(self.lens[pattern])], self.n)
            });
            index
        };
        Peek {
            slot: flat,
            entry: self.tables[pattern][index as usize],
            index,
        }
    }

    /// Makes `step` from the blank's cell `blank` as the search would,
    /// reading `kind.views` views, and returns the blank's new cell: how a
    /// subtree's root is reached again from the round's.
    fn play(&mut self, kind: Kind, blank: usize, step: Move) -> usize {
        let &(_, target) = self
            .steps
            .from(blank)
            .iter()
            .find(|&&(s, _)| s == step)
            .expect("a gathered move is legal");
        let target = usize::from(target);
        let tile = self.cells[target];
        for v in 0..kind.views {
            let peek = match kind.spread {
                true => self.peek::<true>(v, tile, blank),
                false => self.peek::<false>(v, tile, blank),
            };
            Self::apply(&mut self.views[v], peek, blank);
        }
        self.cells[blank] = tile;
        self.path.push(step);
        target
    }

    /// The view's sum with `peek` applied.
    #[inline(always)]
    fn sum_after(view: &View, peek: Peek) -> u32 {
        view.sum + u32::from(peek.entry) - u32::from(view.entry[peek.pattern()])
    }

    /// Moves a tile as `peek` foresaw, onto the blank's cell `blank`.
    #[inline(always)]
    fn apply(view: &mut View, peek: Peek, blank: usize) -> Undo {
        let (slot, pattern) = (usize::from(peek.slot), peek.pattern());
        let undo = Undo {
            slot: peek.slot,
            place: view.places[slot],
            entry: view.entry[pattern],
            index: view.index[pattern],
        };
        view.sum = Self::sum_after(view, peek);
        view.places[slot] = view.mirror[blank];
        view.index[pattern] = peek.index;
        view.entry[pattern] = peek.entry;
        undo
    }

    #[inline(always)]
    fn unshift(view: &mut View, undo: Undo) {
        let (slot, pattern) = (usize::from(undo.slot), usize::from(undo.slot) / SLOT_STRIDE);
        view.sum = view.sum + u32::from(undo.entry) - u32::from(view.entry[pattern]);
        view.entry[pattern] = undo.entry;
        view.index[pattern] = undo.index;
        view.places[slot] = undo.place;
    }

    /// Searches below the current board: `g` moves made, estimate `h` (with
    /// `g + h` within the bound), the blank at `blank`, `state` the pruning
    /// machine's state after the path so far (`fsm`). `V` views are read.
    ///
    /// Every child's estimate is read before any child is searched: the
    /// table reads of siblings are independent, so the processor overlaps
    /// their cache misses, and one child whose estimate cuts the parent
    /// (bidirectional pathmax) spares all its siblings.
    fn descend<const V: usize, const SPREAD: bool, const GATHER: bool>(
        &mut self,
        blank: usize,
        g: u32,
        h: u32,
        state: u32,
        bound: u32,
    ) -> Round {
        // The limit is looked at as each node is entered, the goal
        // included; the children generated but not entered since the last
        // one change nothing but the count (see `check`).
        if self.stats.generated > self.check_at && !self.check() {
            return Round::Stopped;
        }
        if h == 0 {
            return Round::Found;
        }
        if GATHER && g == SPLIT_DEPTH {
            return match self.split_root(h, state) {
                Some(round) => round,
                None => self.descend::<V, SPREAD, false>(blank, g, h, state, bound),
            };
        }
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(u64::from(g) + 1);
        let steps = self.steps;
        let moves = steps.from(blank);
        let go = self.fsm[state as usize];
        // Pathmax: the parent's estimate less one is a bound too. The
        // blank-tracking tables are admissible but not consistent.
        let floor = h - 1;
        let mut peeks = [[Peek::NONE; 4]; V];
        let mut child_h = [floor; 4];
        let mut worst = 0;
        for (v, peeks) in peeks.iter_mut().enumerate() {
            // Later views are read only for children the earlier ones do not
            // already cut: a cut child needs no second opinion.
            if g + worst > bound + 1 {
                break;
            }
            for (j, &(step, target)) in moves.iter().enumerate() {
                if go[step as usize] != REFUSED && (v == 0 || g + 1 + child_h[j] <= bound) {
                    let tile = self.cells[usize::from(target)];
                    peeks[j] = self.peek::<SPREAD>(v, tile, blank);
                    child_h[j] = child_h[j].max(Self::sum_after(&self.views[v], peeks[j]));
                    worst = worst.max(child_h[j]);
                }
            }
        }
        // Bidirectional pathmax (Felner et al. 2011): a child's estimate
        // less one bounds the parent too.
        if g + worst > bound + 1 {
            self.stats.generated += moves
                .iter()
                .filter(|&&(step, _)| go[step as usize] != REFUSED)
                .count() as u64;
            return Round::Exceeded(g + worst - 1);
        }
        let mut next = u32::MAX;
        for (j, &(step, target)) in moves.iter().enumerate() {
            if go[step as usize] == REFUSED {
                continue;
            }
            self.stats.generated += 1;
            let f = g + 1 + child_h[j];
            if f > bound {
                next = next.min(f);
                continue;
            }
            // Every view read this child: it was never cut.
            let target = usize::from(target);
            let tile = self.cells[target];
            self.cells[blank] = tile;
            let undo: [Undo; V] =
                std::array::from_fn(|v| Self::apply(&mut self.views[v], peeks[v][j], blank));
            self.path.push(step);
            let state = go[step as usize];
            match self.descend::<V, SPREAD, GATHER>(target, g + 1, child_h[j], state, bound) {
                Round::Exceeded(f) => next = next.min(f),
                // Found, or stopped: either way the search is over.
                over => return over,
            }
            self.path.pop();
            for (view, undo) in self.views.iter_mut().zip(undo) {
                Self::unshift(view, undo);
            }
            self.cells[target] = tile;
        }
        Round::Exceeded(next)
    }
}
