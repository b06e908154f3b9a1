//! What every engine shares, below all of them: the [`Search`] trait they
//! implement, the work a search reports ([`SearchStats`]) and publishes
//! while it runs ([`SearchProgress`]), the progress of tables being built,
//! what calls a search off (`Stop`), and the error of an engine that
//! cannot answer a request ([`EngineError`]).
//!
//! The 3×3 searches, the small tables, the pattern databases and the
//! constructive method all take these from here, so none of them imports
//! another for its interface; `search` and `pdb` re-export them where the
//! library's users have always found them.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::clock::Instant;

use crate::memory::MemoryError;
use crate::moves::Move;
use crate::shape::Shape;
use crate::words::{article, counted};

/// What every engine does, the 3×3 searches and the engines for boards of
/// any shape alike: solve one puzzle at a time, keeping its arrays (or its
/// tables) for the next.
///
/// Narrow on purpose: [`Search::solve`] is the one required method, and
/// the rest have defaults that suit an engine with shortest answers. What
/// only the pattern databases do (build tables, report their cache) is
/// theirs, called through [`crate::solver::Strategy`]. The searches run monomorphic inside `solve`; the
/// callers choose an engine once per run or per puzzle and reach it
/// through an enum ([`crate::solver::Strategy`]) or a `dyn Search`
/// ([`crate::solver::Solver3x3`]), so dispatch costs one call a puzzle,
/// never one a state.
pub trait Search {
    /// How the engine reads a board: [`Board`](crate::board::Board) for the 3×3 searches,
    /// [`Grid`](crate::grid::Grid) for the engines that take any shape.
    type Board: ?Sized;

    /// Writes the first shortest path in letter order from `start` to
    /// `goal` into `path` (any valid path, where [`Search::shortest`] says
    /// no); `false`, with `path` empty, when the goal cannot be reached.
    /// An engine built for one goal (a table) is given that goal.
    fn solve(&mut self, start: &Self::Board, goal: &Self::Board, path: &mut Vec<Move>) -> bool;

    /// [`Search::solve`] handing each move to `sink` in order, until the
    /// sink breaks (its output failed); `path` is scratch. An engine whose
    /// answers can be longer than memory (the constructive method) streams
    /// them instead of filling `path`, and stops soon after a break.
    fn stream(
        &mut self,
        start: &Self::Board,
        goal: &Self::Board,
        path: &mut Vec<Move>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> bool
    where
        Self: Sized,
    {
        let found = self.solve(start, goal, path);
        let _ = path.iter().try_for_each(|&step| sink(step));
        found
    }

    /// Whether the answers are the fewest moves (and the first such in
    /// letter order).
    fn shortest(&self) -> bool {
        true
    }

    /// The work done by the last search; none for an engine that looks
    /// its answers up.
    fn stats(&self) -> SearchStats {
        SearchStats::default()
    }
}

/// How much work one search did, for `--stats` and for choosing an engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// States whose neighbours were generated.
    pub expanded: u64,
    /// Neighbours generated, duplicates included.
    pub generated: u64,
    /// The most states waiting to be expanded at one time.
    pub max_frontier: u64,
    /// Depth-first rounds of iterative deepening, each to a higher bound;
    /// 0 for a search that does not deepen.
    pub iterations: u64,
    /// The heuristic's estimate of the start, the first round's bound;
    /// `None` for a search guided by none, or none run.
    pub initial_estimate: Option<u32>,
}

/// Where the searches in flight stand, for a person watching a long one:
/// each search of the pattern databases told to ([`crate::Strategy::watch`])
/// publishes its bound and its nodes here while it runs.
///
/// Published every few thousand nodes and read by another thread, so
/// watching costs the search nothing it could measure; a search not
/// watched publishes nothing. Where no other thread can read it (a
/// browser's worker runs one search at a time on its only thread), a
/// [`SearchListener`] is told each time instead.
#[derive(Default)]
pub struct SearchProgress {
    running: Mutex<Vec<Arc<RunningSearch>>>,
    listener: Option<SearchListener>,
}

/// Told a search's bound and the nodes it has generated so far, each time
/// it publishes them (every 1,024 nodes, and at each new round).
pub type SearchListener = Arc<dyn Fn(u32, u64) + Send + Sync>;

impl std::fmt::Debug for SearchProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchProgress")
            .field("running", &self.running)
            .field("listener", &self.listener.is_some())
            .finish()
    }
}

/// One search in flight, as it last told [`SearchProgress`].
pub(crate) struct RunningSearch {
    began: Instant,
    /// The bound of the round under way.
    bound: AtomicU32,
    /// Nodes generated so far, all rounds together.
    generated: AtomicU64,
    listener: Option<SearchListener>,
}

impl std::fmt::Debug for RunningSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunningSearch")
            .field("bound", &self.bound)
            .field("generated", &self.generated)
            .finish_non_exhaustive()
    }
}

impl RunningSearch {
    /// A new round, to `bound`, begins.
    pub(crate) fn publish_bound(&self, bound: u32) {
        self.bound.store(bound, Ordering::Relaxed);
        self.tell_listener();
    }

    /// The search has generated `generated` nodes in all (a count that
    /// never goes back: several threads may publish one search's).
    pub(crate) fn publish_generated(&self, generated: u64) {
        self.generated.fetch_max(generated, Ordering::Relaxed);
        self.tell_listener();
    }

    fn tell_listener(&self) {
        if let Some(listener) = &self.listener {
            let bound = self.bound.load(Ordering::Relaxed);
            listener(bound, self.generated.load(Ordering::Relaxed));
        }
    }
}

/// What [`SearchProgress::longest`] sees of the search that has run
/// longest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSnapshot {
    /// The bound of its round under way.
    pub bound: u32,
    /// Nodes it has generated so far, as last published.
    pub generated: u64,
    /// How long it has run.
    pub elapsed: Duration,
    /// Searches in flight, this one included (several with a batch's
    /// threads).
    pub searches: usize,
}

impl SearchProgress {
    /// Progress that also tells `listener` each time a search publishes.
    pub fn with_listener(listener: SearchListener) -> SearchProgress {
        SearchProgress {
            running: Mutex::default(),
            listener: Some(listener),
        }
    }

    /// The search in flight that began first, if any is.
    pub fn longest(&self) -> Option<SearchSnapshot> {
        let running = self.lock();
        let first = running.first()?;
        Some(SearchSnapshot {
            bound: first.bound.load(Ordering::Relaxed),
            generated: first.generated.load(Ordering::Relaxed),
            elapsed: first.began.elapsed(),
            searches: running.len(),
        })
    }

    /// Enters a search starting now; it leaves when the guard is dropped.
    pub(crate) fn begin(&self) -> Watched<'_> {
        let search = Arc::new(RunningSearch {
            began: Instant::now(),
            bound: AtomicU32::new(0),
            generated: AtomicU64::new(0),
            listener: self.listener.clone(),
        });
        self.lock().push(Arc::clone(&search));
        Watched {
            progress: self,
            search,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<RunningSearch>>> {
        // A list of counters cannot be left half-changed by a panic.
        self.running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A search in [`SearchProgress`]'s list while this lives.
pub(crate) struct Watched<'a> {
    progress: &'a SearchProgress,
    pub search: Arc<RunningSearch>,
}

impl Drop for Watched<'_> {
    fn drop(&mut self) {
        self.progress
            .lock()
            .retain(|other| !Arc::ptr_eq(other, &self.search));
    }
}

/// What can be wrong with a request to an engine that builds tables: the
/// pattern databases, whose error this is, and the small tables.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The shape is outside what the engine takes.
    #[error(
        "{} {shape} board is not one of 6 to 25 cells with both sides at least 2",
        article(.0.rows),
        shape = .0
    )]
    Shape(Shape),
    /// A board has the wrong number of cells.
    #[error("the {what} has {found} cells, expected {expected}")]
    Length {
        /// `start` or `goal`.
        what: &'static str,
        /// Cells of the shape.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A tile is out of range or repeated.
    #[error("the {what}'s cell {cell} holds tile {tile}, which is repeated or not in 0-{}", cells - 1)]
    Tile {
        /// `start` or `goal`.
        what: &'static str,
        /// The cell, counted from 0 in row order.
        cell: usize,
        /// The tile found there.
        tile: u8,
        /// Cells of the shape.
        cells: usize,
    },
    /// A partition that does not fit the board.
    #[error("bad partition: {0}")]
    Partition(String),
    /// The search generated more nodes than [`PdbOptions::node_limit`](crate::pdb::PdbOptions::node_limit)
    /// before it found a shortest solution.
    #[error(
        "gave up after generating {} (the node limit) without a shortest solution",
        counted(*.limit, "node")
    )]
    NodeLimit {
        /// The limit.
        limit: u64,
    },
    /// A database, or an array its build needs, did not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// Another thread set the caller's stop flag.
    #[error("stopped before an answer was found")]
    Stopped,
    /// The search ran past its time limit.
    #[error("gave up after {limit:?} (the time limit) without an answer")]
    TimeLimit {
        /// The limit.
        limit: Duration,
    },
}

/// What calls a search off before its answer: a flag that another thread
/// sets, and a limit on the time of each search. Engines look at it where
/// they already look up from their work (the pattern databases' IDA* every
/// 1,024 nodes, a database's build at each layer), so an engine that is
/// not told to stop pays nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stop {
    pub flag: Option<Arc<AtomicBool>>,
    pub time_limit: Option<Duration>,
}

impl Stop {
    /// Whether anything can call a search off.
    pub(crate) fn armed(&self) -> bool {
        self.flag.is_some() || self.time_limit.is_some()
    }

    /// The stop of one search that begins now.
    pub(crate) fn begin(&self) -> Halt<'_> {
        Halt {
            flag: self.flag.as_deref(),
            clock: self.time_limit.map(|limit| (Instant::now(), limit)),
        }
    }
}

/// [`Stop`] for one search: its flag, and when it began with how long it
/// may take.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halt<'a> {
    flag: Option<&'a AtomicBool>,
    clock: Option<(Instant, Duration)>,
}

impl Halt<'_> {
    /// Why the search must end now, if it must.
    pub(crate) fn due(&self) -> Option<EngineError> {
        if self.flag.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Some(EngineError::Stopped);
        }
        match self.clock {
            Some((began, limit)) if began.elapsed() >= limit => {
                Some(EngineError::TimeLimit { limit })
            }
            _ => None,
        }
    }
}

/// Told how far the databases being built have come.
pub type Progress = Arc<dyn Fn(BuildProgress) + Send + Sync>;

/// How far one database being built has come.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildProgress {
    /// Which of the databases being built together, from 0.
    pub table: usize,
    /// How many are built together.
    pub tables: usize,
    /// The fraction of its entries reached, from 0 to 1. A table read
    /// from the cache reports only its end, 1; a fraction below 1 means
    /// it is being built.
    pub done: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_count_in_words() {
        let one = EngineError::NodeLimit { limit: 1 };
        let want = "gave up after generating 1 node (the node limit) without a shortest solution";
        assert_eq!(one.to_string(), want);
        let many = EngineError::NodeLimit { limit: 500 }.to_string();
        assert!(
            many.starts_with("gave up after generating 500 nodes "),
            "{many}"
        );
    }
}
