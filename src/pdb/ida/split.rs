//! One round of IDA* split among rayon's threads: the subtrees below a
//! shallow depth are gathered in letter order by the search itself, then
//! searched side by side, each thread taking the first subtree not yet
//! taken. The first subtree in letter order that holds a solution gives the
//! answer, so it is the one a single thread finds; the subtrees after it
//! stop when they see it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::{Kind, Probe, Round};
use crate::moves::Move;
use crate::search::SearchStats;

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

/// What the subtrees of one iteration share: the nodes generated so far
/// in all of them, and the first (in letter order) that holds a solution.
pub(super) struct Shared {
    pub(super) generated: AtomicU64,
    pub(super) found: AtomicUsize,
}

/// A subtree set aside: the moves from the round's root to its root, its
/// estimate there (with pathmax) and the pruning machine's state. Its
/// search is rebuilt by replaying the moves, which costs less than keeping
/// a copy of the search for each of thousands of subtrees.
#[derive(Clone)]
pub(super) struct Subtree {
    pub(super) moves: [Move; SPLIT_DEPTH as usize],
    pub(super) h: u32,
    pub(super) state: u32,
}

/// One iteration searched in subtrees by rayon's threads, from `root`
/// (the search between rounds, the blank at `blank`, estimate `h`): the
/// subtrees below [`SPLIT_DEPTH`] are gathered in letter order by a search
/// that stops there, then searched side by side in that order; the first
/// in that order to reach the goal gives the path. `root` gains every node
/// searched.
pub(super) fn split_round(
    root: &mut Probe<'_, '_>,
    kind: Kind,
    blank: usize,
    h: u32,
    bound: u32,
) -> Round {
    let mut gather = root.clone();
    let round = kind.descend::<true>(&mut gather, blank, 0, h, 0, bound);
    root.stats = gather.stats;
    let (mut next, above) = match round {
        Round::Exceeded(next) => (next, None),
        Round::Stopped => return Round::Stopped,
        // The goal lies above the split depth: it is the answer unless a
        // subtree gathered before it holds one.
        Round::Found => (u32::MAX, Some((Round::Found, gather.path))),
    };
    let shared = Shared {
        generated: AtomicU64::new(gather.stats.generated),
        found: AtomicUsize::new(usize::MAX),
    };
    let subtrees = gather.frontier;
    // Each thread takes the first subtree no one has taken yet, so the
    // threads search side by side from the front: when an early subtree
    // holds the answer, all of them work before it, and at most one
    // subtree per thread is searched past it. (Splitting the list in
    // halves would leave one thread to search the front alone.)
    let untaken = AtomicUsize::new(0);
    let base = &*root;
    let threads = rayon::current_num_threads().min(subtrees.len());
    let mut results: Vec<(usize, Round, SearchStats, Vec<Move>)> = (0..threads)
        .into_par_iter()
        .with_max_len(1)
        .flat_map_iter(|_| {
            let mut searched = Vec::new();
            loop {
                let index = untaken.fetch_add(1, Ordering::Relaxed);
                let Some(subtree) = subtrees.get(index) else {
                    break;
                };
                let mut probe = base.clone();
                let mut at = blank;
                for &step in &subtree.moves {
                    at = probe.play(kind, at, step);
                }
                probe.stats = SearchStats::default();
                probe.told = 0;
                probe.check_at = 0;
                probe.beside = Some((index, &shared));
                let round = if probe.should_stop() {
                    Round::Stopped
                } else {
                    let (h, state) = (subtree.h, subtree.state);
                    let round = kind.descend::<false>(&mut probe, at, SPLIT_DEPTH, h, state, bound);
                    // Tell the others the nodes since the last check.
                    probe.should_stop();
                    round
                };
                if let Round::Found = round {
                    shared.found.fetch_min(index, Ordering::Relaxed);
                }
                let over = !matches!(round, Round::Exceeded(_));
                searched.push((index, round, probe.stats, probe.path));
                // Every later subtree would stop at once: after a solution,
                // or past the limit.
                if over {
                    break;
                }
            }
            searched
        })
        .collect();
    results.sort_unstable_by_key(|&(index, ..)| index);
    // The first subtree in letter order that did not run out decides.
    let mut first = None;
    let stats = &mut root.stats;
    for (_, round, work, path) in results {
        stats.expanded += work.expanded;
        stats.generated += work.generated;
        stats.max_frontier = stats.max_frontier.max(work.max_frontier);
        match round {
            Round::Exceeded(f) => next = next.min(f),
            over if first.is_none() => first = Some((over, path)),
            _ => {}
        }
    }
    match first.or(above) {
        Some((round, path)) => {
            root.path = path;
            round
        }
        None => Round::Exceeded(next),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::pdb::{CacheDir, Layout, PdbError, PdbOptions, Solver15};

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
        let mut solver = Solver15::new(layout, options).unwrap();
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
        assert!(matches!(gave_up, Err(PdbError::NodeLimit { .. })));
        assert_eq!(clone.in_flight.load(Ordering::Relaxed), 0);
    }
}
