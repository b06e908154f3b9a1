//! One round of IDA* split among rayon's threads: the subtrees below a
//! shallow depth are gathered in letter order by the search itself, then
//! searched side by side, each thread taking the first subtree not yet
//! taken, and the round is replayed on one thread with each subtree's
//! search standing in for it. The first subtree in letter order that
//! holds a solution gives the answer, so it is the one a single thread
//! finds; the subtrees after it stop when they see it.
//!
//! A node limit must stop the round where it stops one thread, whose
//! count at a subtree's root is every node generated before it, the
//! subtrees before it included. Searched side by side, a subtree does not
//! know the nodes of those before it still running, so it takes what the
//! limit leaves after the nodes above the subtrees before its root and
//! those the subtrees before it have told so far ([`Counts`]): never less
//! than one thread would have left, so where that stops it, one thread
//! stops too. The replay then walks the round as one thread does,
//! counting each node above the subtrees and each subtree's nodes in
//! order, and takes a subtree's search as it ended where one thread's
//! would have ended the same way: finished within what is left, or
//! stopped at exactly what is left. Otherwise (past what is left, or
//! stopped under a limit that was still falling) it searches that subtree
//! again on its own thread under the exact limit, which stops it, no more
//! than the nodes left; the round ends there.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::{Kind, Probe, Round};
use crate::contract::SearchStats;
use crate::moves::Move;

/// The depth of the subtrees one iteration is split into when it is
/// searched on several threads: thousands of them on 4×4 and 5×5 boards,
/// enough for the threads to even out their sizes.
pub(super) const SPLIT_DEPTH: u32 = 10;

/// The nodes a round must have generated for the next to be split while
/// every thread has a search of its own (a batch's boards): the next is
/// some times larger, a few tenths of a second at least. Lower, the
/// splits only cost (2^16 to 2^18 measured: 1.01 to 1.04 of the time on
/// Korf's 100; see docs/twenty-four.md).
const SPLIT_WORTH: u64 = 1 << 20;

/// The same while some thread has no search of its own (one board, or the
/// last of a batch): idle threads cost more than small splits.
const SPLIT_WORTH_ALONE: u64 = 1 << 16;

/// The nodes a round must have generated for the next to be split, with
/// `in_flight` searches running on the pool.
pub(super) fn split_worth(in_flight: &AtomicUsize) -> u64 {
    if in_flight.load(Ordering::Relaxed) < rayon::current_num_threads() {
        SPLIT_WORTH_ALONE
    } else {
        SPLIT_WORTH
    }
}

/// What the subtrees of one iteration share: the nodes each has told so
/// far, the first (in letter order) that holds a solution, and the nodes
/// of the rounds before and of the gathering, for a watcher.
pub(super) struct Shared {
    pub(super) counts: Counts,
    pub(super) found: AtomicUsize,
    pub(super) gathered: u64,
}

/// The nodes each subtree has told so far, in a Fenwick tree: telling and
/// summing the subtrees before one each touch a logarithmic number of
/// cells, where a plain sum would read thousands every check. Cell `i`
/// holds the sum over the subtrees from `i + 1 - lowest_bit(i + 1)` to
/// `i`. Each cell only grows, so a sum read while others tell is at most
/// the sum once they are done.
pub(super) struct Counts(Vec<AtomicU64>);

impl Counts {
    fn new(subtrees: usize) -> Counts {
        Counts((0..subtrees).map(|_| AtomicU64::new(0)).collect())
    }

    /// Adds `nodes` to subtree `index`'s count.
    pub(super) fn add(&self, index: usize, nodes: u64) {
        let mut i = index + 1;
        while i <= self.0.len() {
            self.0[i - 1].fetch_add(nodes, Ordering::Relaxed);
            i += i & i.wrapping_neg();
        }
    }

    /// The nodes told by the subtrees before `index`.
    pub(super) fn before(&self, index: usize) -> u64 {
        let (mut i, mut sum) = (index, 0);
        while i > 0 {
            sum += self.0[i - 1].load(Ordering::Relaxed);
            i &= i - 1;
        }
        sum
    }

    /// The nodes told by every subtree.
    pub(super) fn total(&self) -> u64 {
        self.before(self.0.len())
    }
}

/// A subtree set aside: the moves from the round's root to its root, its
/// estimate there (with pathmax), the pruning machine's state, and the
/// nodes generated before it, all rounds counted, but for the subtrees
/// before it. Its search is rebuilt by replaying the moves, which costs
/// less than keeping a copy of the search for each of thousands of
/// subtrees.
#[derive(Clone)]
pub(super) struct Subtree {
    pub(super) moves: [Move; SPLIT_DEPTH as usize],
    pub(super) h: u32,
    pub(super) state: u32,
    pub(super) before: u64,
}

/// How a subtree's search beside the others ended: the round, its work
/// (from its root) and its path (from the round's root).
#[derive(Clone)]
pub(super) struct Searched {
    round: Round,
    stats: SearchStats,
    path: Vec<Move>,
}

/// One iteration searched in subtrees by rayon's threads, from `root`
/// (the search between rounds, the blank at `blank`, estimate `h`): the
/// subtrees below [`SPLIT_DEPTH`] are gathered in letter order by a search
/// that stops there, searched side by side, then replayed in that order
/// (see the module's header). `root` ends the round as one thread would:
/// with its path, its work and its limit.
pub(super) fn split_round(
    root: &mut Probe<'_, '_>,
    kind: Kind,
    blank: usize,
    h: u32,
    bound: u32,
) -> Round {
    // The gathering never stops at the limit: the replay does, where one
    // thread would. It stops at a goal above the subtrees, which the
    // replay meets too.
    let mut gather = root.clone();
    gather.limit = u64::MAX;
    gather.check_at = gather.next_check(u64::MAX);
    kind.descend::<true>(&mut gather, blank, 0, h, 0, bound);
    let subtrees = gather.frontier;
    let shared = Shared {
        counts: Counts::new(subtrees.len()),
        found: AtomicUsize::new(usize::MAX),
        gathered: gather.stats.generated,
    };
    // Each thread takes the first subtree no one has taken yet, so the
    // threads search side by side from the front: when an early subtree
    // holds the answer, all of them work before it, and at most one
    // subtree per thread is searched past it. (Splitting the list in
    // halves would leave one thread to search the front alone.)
    let untaken = AtomicUsize::new(0);
    let base = &*root;
    let threads = rayon::current_num_threads().min(subtrees.len());
    let results: Vec<(usize, Searched)> = (0..threads)
        .into_par_iter()
        .with_max_len(1)
        .flat_map_iter(|_| {
            let mut searched = Vec::new();
            loop {
                let index = untaken.fetch_add(1, Ordering::Relaxed);
                let Some(subtree) = subtrees.get(index) else {
                    break;
                };
                // Past a solution, nothing is needed.
                if shared.found.load(Ordering::Relaxed) < index {
                    break;
                }
                let mut probe = base.clone();
                let mut at = blank;
                for &step in &subtree.moves {
                    at = probe.play(kind, at, step);
                }
                probe.stats = SearchStats::default();
                probe.limit = base.limit.saturating_sub(subtree.before);
                probe.told = 0;
                probe.check_at = 0;
                probe.beside = Some((index, &shared));
                let (h, state) = (subtree.h, subtree.state);
                let round = kind.descend::<false>(&mut probe, at, SPLIT_DEPTH, h, state, bound);
                // Tell the others the nodes since the last check.
                probe.tell();
                if let Round::Found = round {
                    shared.found.fetch_min(index, Ordering::Relaxed);
                }
                let over = !matches!(round, Round::Exceeded(_));
                let (stats, path) = (probe.stats, probe.path);
                searched.push((index, Searched { round, stats, path }));
                // Every later subtree would stop at once, or would not be
                // reached by one thread: after a solution, or past the
                // limit.
                if over {
                    break;
                }
            }
            searched
        })
        .collect();
    let mut by_index: Vec<Option<Searched>> = vec![None; subtrees.len()];
    for (index, searched) in results {
        by_index[index] = Some(searched);
    }
    root.searched = Some(by_index.into_iter());
    let round = kind.descend::<true>(root, blank, 0, h, 0, bound);
    root.searched = None;
    round
}

impl Probe<'_, '_> {
    /// At a subtree's root (estimate `h`, the pruning machine in `state`)
    /// in a round that stops at [`SPLIT_DEPTH`]: gathering, sets it aside;
    /// replaying, takes its search beside the others as this search's
    /// where it ended as this search would. `None`: search it here.
    pub(super) fn split_root(&mut self, h: u32, state: u32) -> Option<Round> {
        let Some(searched) = &mut self.searched else {
            self.frontier.push(Subtree {
                moves: self.path[..]
                    .try_into()
                    .expect("the path to a gathered root is SPLIT_DEPTH moves"),
                h,
                state,
                before: self.stats.generated,
            });
            return Some(Round::Exceeded(u32::MAX));
        };
        let Searched { round, stats, path } = searched.next().flatten()?;
        let left = self.limit.saturating_sub(self.stats.generated);
        let same = match round {
            Round::Stopped => stats.generated == left,
            _ => stats.generated <= left,
        };
        if !same {
            return None;
        }
        self.stats.expanded += stats.expanded;
        self.stats.generated += stats.generated;
        self.stats.max_frontier = self.stats.max_frontier.max(stats.max_frontier);
        if let Round::Found = round {
            self.path = path;
        }
        Some(round)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::pdb::{CacheDir, EngineError, Layout, Partition, PatternSearch, PdbOptions};
    use crate::Shape;

    #[test]
    fn rounds_are_split_sooner_while_a_thread_has_no_search_of_its_own() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let in_flight = AtomicUsize::new(1);
        pool.install(|| {
            assert_eq!(split_worth(&in_flight), SPLIT_WORTH_ALONE);
            in_flight.store(2, Ordering::Relaxed);
            assert_eq!(split_worth(&in_flight), SPLIT_WORTH);
        });
    }

    #[test]
    fn a_solver_and_its_clones_count_one_search_in_flight_until_it_ends() {
        let layout = Layout::sized(3, 4);
        let options = PdbOptions {
            cache: CacheDir::MemoryOnly,
            node_limit: Some(10),
            ..PdbOptions::default()
        };
        let mut solver = PatternSearch::new(layout, options).unwrap();
        let clone = solver.clone();
        assert!(Arc::ptr_eq(&solver.in_flight, &clone.in_flight));
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
        let (near, far) = (
            [1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11],
            [0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2],
        );
        let mut path = Vec::new();
        // Solved, then given up at the limit: the count is down again.
        assert!(solver.solve(&near, &goal, &mut path).unwrap().is_some());
        assert_eq!(clone.in_flight.load(Ordering::Relaxed), 0);
        let gave_up = solver.solve(&far, &goal, &mut path);
        assert!(matches!(gave_up, Err(EngineError::NodeLimit { .. })));
        assert_eq!(clone.in_flight.load(Ordering::Relaxed), 0);
    }

    /// The pool of `threads` threads the search runs on.
    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn a_node_limit_stops_every_number_of_threads_where_it_stops_one() {
        // A 4x4 board 46 moves from the goal (blank first), read with
        // tables of three tiles: 1,634,961 nodes on one thread; on several
        // its last two rounds are split, into 2,347 and 2,449 subtrees.
        let start = [3, 7, 1, 6, 5, 8, 13, 2, 0, 9, 14, 11, 4, 15, 12, 10];
        let goal: Vec<u8> = (0..16).collect();
        let threes = goal[1..].chunks(3).map(<[u8]>::to_vec).collect();
        let shape = Shape {
            rows: 4,
            columns: 4,
        };
        let options = PdbOptions {
            partition: Partition::Cells(threes),
            cache: CacheDir::MemoryOnly,
            ..PdbOptions::default()
        };
        let mut solver = PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap();
        solver.prepare(&goal).unwrap();
        // The answer or the error, the path and the work.
        let mut search = |limit: u64, threads: usize| {
            solver.options.node_limit = Some(limit);
            let mut path = Vec::new();
            let outcome = pool(threads).install(|| solver.solve(&start, &goal, &mut path));
            (outcome.map(|_| ()), path, solver.stats)
        };
        let (answer, path, work) = search(u64::MAX, 1);
        assert_eq!((answer, path.len()), (Ok(()), 46));
        let needed = work.generated;
        // Around the last node, then across the rounds, split or not.
        let mut limits = vec![needed, needed - 1, needed + 1, 1, 2];
        limits.extend((1..8).map(|eighth| needed * eighth / 8));
        for limit in limits {
            let one = search(limit, 1);
            if one.0.is_err() {
                // It never generates more nodes than the limit.
                assert_eq!(one.2.generated, limit);
            }
            for threads in [2, 4] {
                assert_eq!(search(limit, threads), one, "{limit} on {threads} threads");
            }
        }
    }
}
