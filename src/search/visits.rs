//! Which states a search has reached and how, in one flat array indexed by
//! rank, forgotten all at once when the next search starts.
//!
//! Clearing 9! slots before each puzzle would cost more than a typical
//! search, so each state carries the stamp of the search that marked it: a
//! search owns the stamps from `base` to `end`, and starting the next one
//! moves `base` past them, which makes every older mark stale without
//! touching it. A search may use several kinds of mark (one per side, say);
//! kind `k` is stored as stamp `base + k`.
//!
//! Marks and links live in separate arrays because of what a fresh process
//! pays for memory: every page is zeroed on first touch, and a page that is
//! read before it is written is faulted twice. The marks, read for every
//! state generated, take one byte a state (89 pages, which also stay in the
//! L2 cache); the links, four bytes a state, are written when a state is
//! first reached and read only to trace the path. One 31-move search in a
//! new process took 1,407 page faults with both in one `u64` per state and
//! takes 690 this way (`/usr/bin/time -f %R`). One-byte stamps run out after some 250
//! searches, and then the marks are cleared: 362 KB once in a while.

use crate::moves::Move;
use crate::rank::{Rank, STATES};
use crate::search::{pack_link, unpack_link};

/// A search's stamp on a state it marked.
pub(crate) type Stamp = u8;

/// Visited marks and parent links for every rank, valid for one search.
pub(crate) struct Visits {
    /// `marks[rank]`: the stamp of the search that reached the state; below
    /// `base`, this search has not reached it.
    marks: Vec<Stamp>,
    /// `links[rank]`: the parent the state was reached from and the move
    /// from it, packed by [`pack_link`]; meaningful only where marked.
    links: Vec<u32>,
    base: Stamp,
    /// One past the largest stamp handed out since the marks were cleared.
    end: Stamp,
}

impl Visits {
    /// No state reached. The zeroed arrays are left to the operating
    /// system, so pages a search never touches cost nothing.
    pub fn new() -> Visits {
        Visits {
            marks: vec![0; STATES],
            links: vec![0; STATES],
            base: 1,
            end: 1,
        }
    }

    /// Forgets every visit and starts a search that uses `kinds` kinds of
    /// mark, numbered from 0. The marks are cleared only when the stamps
    /// run out.
    pub fn start(&mut self, kinds: Stamp) {
        match self.end.checked_add(kinds) {
            Some(end) => {
                self.base = self.end;
                self.end = end;
            }
            None => {
                self.marks.fill(0);
                self.base = 1;
                self.end = 1 + kinds;
            }
        }
    }

    /// The kind of mark this search left on `rank`, if it reached it.
    #[inline]
    pub fn mark(&self, rank: Rank) -> Option<Stamp> {
        self.marks[rank as usize].checked_sub(self.base)
    }

    /// Marks `rank` as a root of this search.
    pub fn root(&mut self, rank: Rank, kind: Stamp) {
        self.visit(rank, kind, 0, Move::ALL[0]);
    }

    /// Marks `rank` as reached from `parent` by `step`.
    #[inline]
    pub fn visit(&mut self, rank: Rank, kind: Stamp, parent: Rank, step: Move) {
        debug_assert!(kind < self.end - self.base, "kind {kind} was not started");
        self.marks[rank as usize] = self.base + kind;
        self.links[rank as usize] = pack_link(parent, step);
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
                let (parent, step) = unpack_link(self.links[rank as usize]);
                rank = parent;
                step
            })
        })
    }

    /// Pretends that the stamps below `used` are spent, so tests can reach
    /// the point where they run out.
    #[cfg(test)]
    pub fn exhaust(&mut self, used: Stamp) {
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
        visits.exhaust(Stamp::MAX - 3);
        visits.start(2);
        visits.root(5, 1);
        assert_eq!(visits.mark(5), Some(1));
        // Two more kinds do not fit below Stamp::MAX + 1: the marks are cleared.
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
