//! Which states a search has reached and how, in one flat array indexed by
//! rank, forgotten all at once when the next search starts.
//!
//! Clearing 9! slots before each puzzle would cost more than a typical
//! search, so each slot carries the stamp of the search that wrote it: a
//! search owns the stamps from `base` to `end`, and starting the next one
//! moves `base` past them, which makes every older slot stale without
//! touching it. A search may use several kinds of mark (one per side, say);
//! kind `k` is stored as stamp `base + k`.
//!
//! The stamp and the link to the parent share one `u64`, so that a visit
//! costs one cache miss, not two.

use crate::moves::Move;
use crate::rank::{Rank, STATES};
use crate::search::{pack_link, unpack_link};

/// Visited marks and parent links for every rank, valid for one search.
pub(crate) struct Visits {
    /// `slots[rank]`: the stamp in the low half, and in the high half the
    /// parent the state was reached from and the move from it, packed by
    /// [`pack_link`] (zero for a root). A stamp below `base` means this
    /// search has not reached the state.
    slots: Vec<u64>,
    base: u32,
    /// One past the largest stamp written since the array was last cleared.
    end: u32,
}

impl Visits {
    /// No state reached. The zeroed array is left to the operating system,
    /// so pages a search never touches cost nothing.
    pub fn new() -> Visits {
        Visits {
            slots: vec![0; STATES],
            base: 1,
            end: 1,
        }
    }

    /// Forgets every visit and starts a search that uses `kinds` kinds of
    /// mark, numbered from 0. The array is cleared only when the stamps run
    /// out, about once in four billion searches.
    pub fn start(&mut self, kinds: u32) {
        match self.end.checked_add(kinds) {
            Some(end) => {
                self.base = self.end;
                self.end = end;
            }
            None => {
                self.slots.fill(0);
                self.base = 1;
                self.end = 1 + kinds;
            }
        }
    }

    /// The kind of mark this search left on `rank`, if it reached it.
    #[inline]
    pub fn mark(&self, rank: Rank) -> Option<u32> {
        (self.slots[rank as usize] as u32).checked_sub(self.base)
    }

    /// Marks `rank` as a root of this search.
    pub fn root(&mut self, rank: Rank, kind: u32) {
        self.visit(rank, kind, 0, Move::ALL[0]);
    }

    /// Marks `rank` as reached from `parent` by `step`.
    #[inline]
    pub fn visit(&mut self, rank: Rank, kind: u32, parent: Rank, step: Move) {
        debug_assert!(kind < self.end - self.base, "kind {kind} was not started");
        let link = u64::from(pack_link(parent, step));
        self.slots[rank as usize] = link << 32 | u64::from(self.base + kind);
    }

    /// Appends to `path` the moves from `root` to `rank`, following the
    /// links back from `rank`.
    pub fn trace(&self, root: Rank, rank: Rank, path: &mut Vec<Move>) {
        let first = path.len();
        path.extend(self.steps_back(root, rank));
        path[first..].reverse();
    }

    /// Appends to `path` the moves from `rank` back to `root`: the way home
    /// for a search that grew from the goal.
    pub fn trace_home(&self, root: Rank, rank: Rank, path: &mut Vec<Move>) {
        path.extend(self.steps_back(root, rank).map(Move::inverse));
    }

    /// The moves that led from `root` to `rank`, last first.
    fn steps_back(&self, root: Rank, rank: Rank) -> impl Iterator<Item = Move> + '_ {
        let mut rank = rank;
        std::iter::from_fn(move || {
            (rank != root).then(|| {
                let (parent, step) = unpack_link((self.slots[rank as usize] >> 32) as u32);
                rank = parent;
                step
            })
        })
    }

    /// Pretends that the stamps below `used` are spent, so tests can reach
    /// the point where they run out.
    #[cfg(test)]
    pub fn exhaust(&mut self, used: u32) {
        self.base = used;
        self.end = used;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_last_for_one_search_only() {
        let mut visits = Visits::new();
        visits.start(2);
        assert_eq!(visits.mark(7), None);
        visits.root(7, 1);
        visits.visit(8, 0, 7, Move::Up);
        assert_eq!(visits.mark(7), Some(1));
        assert_eq!(visits.mark(8), Some(0));
        visits.start(1);
        assert_eq!(visits.mark(7), None);
        assert_eq!(visits.mark(8), None);
    }

    #[test]
    fn running_out_of_stamps_clears_the_array() {
        let mut visits = Visits::new();
        visits.exhaust(u32::MAX - 3);
        visits.start(2);
        visits.root(5, 1);
        assert_eq!(visits.mark(5), Some(1));
        // Two more kinds do not fit below u32::MAX + 1: the array is cleared.
        visits.start(2);
        assert_eq!(visits.mark(5), None);
        visits.root(6, 0);
        visits.start(2);
        assert_eq!(visits.mark(6), None);
    }

    #[test]
    fn trace_follows_the_links_back_to_the_root() {
        let mut visits = Visits::new();
        visits.start(1);
        visits.root(10, 0);
        visits.visit(20, 0, 10, Move::Left);
        visits.visit(30, 0, 20, Move::Up);
        let mut path = vec![Move::Down];
        visits.trace(10, 30, &mut path);
        assert_eq!(path, [Move::Down, Move::Left, Move::Up]);
        path.clear();
        visits.trace(10, 10, &mut path);
        assert!(path.is_empty());
        visits.trace_home(10, 30, &mut path);
        assert_eq!(path, [Move::Down, Move::Right]);
    }
}
