//! Which states a search has reached, in one flat array indexed by rank,
//! forgotten all at once when the next search starts.
//!
//! Clearing 9! slots before each puzzle would cost more than a typical
//! search, so each state carries the stamp of the search that marked it: a
//! search owns the stamps from `base` to `end`, and starting the next one
//! moves `base` past them, which makes every older mark stale without
//! touching it. A search may use several kinds of mark (a side and a depth
//! modulo 3, say); kind `k` is stored as stamp `base + k`.
//!
//! The marks take one byte a state (89 pages, which also stay in the L2
//! cache), and nothing else is kept here: the searches rebuild their
//! answer from the marks (`search::canonical`) instead of following parent
//! links, which also spares a fresh process the page faults of a second
//! rank-indexed array. One 31-move search in a new process took 1,407 page
//! faults with marks and links in one `u64` per state, 690 with them in two
//! arrays, and takes 411 with marks alone (`/usr/bin/time -f %R`).
//! One-byte stamps run out after 255 kinds of mark, some 28 searches of
//! nine kinds, and then the marks are cleared: 362 KB once in a while.

use crate::memory::{self, MemoryError};
use crate::rank::{Rank, STATES};

/// A search's stamp on a state it marked.
pub(crate) type Stamp = u8;

/// Visited marks for every rank, valid for one search.
pub(crate) struct Visits {
    /// `marks[rank]`: the stamp of the search that reached the state; below
    /// `base`, this search has not reached it.
    marks: Vec<Stamp>,
    base: Stamp,
    /// One past the largest stamp handed out since the marks were cleared.
    end: Stamp,
}

impl Visits {
    /// No state reached; the marks (362,880 bytes) are the error where
    /// they do not fit in memory.
    pub fn new() -> Result<Visits, MemoryError> {
        Ok(Visits {
            marks: memory::filled(STATES, 0, "the marks of a 3x3 search")?,
            base: 1,
            end: 1,
        })
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

    /// Marks `rank` with `kind`, replacing any mark this search left there.
    #[inline]
    pub fn visit(&mut self, rank: Rank, kind: Stamp) {
        debug_assert!(kind < self.end - self.base, "kind {kind} was not started");
        self.marks[rank as usize] = self.base + kind;
    }

    /// Replaces the mark `from` on `rank` with `to`; whether it was there.
    #[inline]
    pub fn promote(&mut self, rank: Rank, from: Stamp, to: Stamp) -> bool {
        let had = self.mark(rank) == Some(from);
        if had {
            self.visit(rank, to);
        }
        had
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
        let mut visits = Visits::new().unwrap();
        visits.start(2);
        assert_eq!(visits.mark(7), None);
        visits.visit(7, 1);
        visits.visit(8, 0);
        assert_eq!(visits.mark(7), Some(1));
        assert_eq!(visits.mark(8), Some(0));
        visits.start(1);
        assert_eq!(visits.mark(7), None);
        assert_eq!(visits.mark(8), None);
    }

    #[test]
    fn running_out_of_stamps_clears_the_array() {
        let mut visits = Visits::new().unwrap();
        visits.exhaust(Stamp::MAX - 3);
        visits.start(2);
        visits.visit(5, 1);
        assert_eq!(visits.mark(5), Some(1));
        // Two more kinds do not fit below Stamp::MAX + 1: the marks are cleared.
        visits.start(2);
        assert_eq!(visits.mark(5), None);
        visits.visit(6, 0);
        visits.start(2);
        assert_eq!(visits.mark(6), None);
    }
}
