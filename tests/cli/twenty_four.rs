//! The pattern-database engine on boards of 17 to 25 cells, the 24-puzzle
//! above all, against an engine that owes nothing to the databases: IDA*
//! with Manhattan distance and linear conflicts. The databases here are of
//! three tiles, built in milliseconds; Korf & Felner's 6-6-6-6 tables take
//! minutes, and the runs that read them are the benches' (`bench/`).

use eight::pdb::{CacheDir, EngineError, Layout, Partition, PatternSearch, PdbOptions};
use eight::search::manhattan::{ManhattanIda, Outcome};
use eight::search::Search;
use eight::{Grid, Move, Shape};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The goal with the blank first, as Korf's instances have it.
fn goal(cells: usize) -> Vec<u8> {
    (0..cells as u8).collect()
}

/// The tiles of `goal` (blank first) in patterns of three, row by row.
fn threes(cells: usize) -> Partition {
    let tiles: Vec<u8> = (1..cells as u8).collect();
    Partition::Cells(tiles.chunks(3).map(<[u8]>::to_vec).collect())
}

/// The 24-puzzle's board.
const FIVE: Shape = Shape {
    rows: 5,
    columns: 5,
};

/// A solver of `shape` with `partition`'s tables built in memory, giving
/// up after `node_limit` nodes if one is set.
fn solver(shape: Shape, partition: Partition, node_limit: Option<u64>) -> PatternSearch {
    let options = PdbOptions {
        partition,
        cache: CacheDir::MemoryOnly,
        node_limit,
        ..PdbOptions::default()
    };
    PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap()
}

/// A rayon pool of `threads` threads.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

fn grid(shape: Shape, tiles: &[u8]) -> Grid {
    Grid::new(shape, tiles.iter().map(|&t| u32::from(t)).collect()).unwrap()
}

/// A board `moves` random moves from `goal`.
fn random_walk(shape: Shape, goal: &[u8], moves: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut board = grid(shape, goal);
    for _ in 0..moves {
        let steps: Vec<Grid> = Move::ALL
            .iter()
            .filter_map(|&step| {
                let mut next = board.clone();
                next.apply(step).then_some(next)
            })
            .collect();
        board = steps[rng.random_range(0..steps.len())].clone();
    }
    board.tiles().iter().map(|&t| t as u8).collect()
}

/// The first shortest path in letter order by Manhattan IDA*.
fn by_manhattan(shape: Shape, start: &[u8], goal: &[u8]) -> Vec<Move> {
    let mut path = Vec::new();
    let outcome =
        ManhattanIda::new(true, None).solve(&grid(shape, start), &grid(shape, goal), &mut path);
    assert_eq!(outcome, Outcome::Solved, "{start:?}");
    path
}

/// The answer with rayon's pool at `threads` threads.
fn on_threads(solver: &mut PatternSearch, threads: usize, start: &[u8], goal: &[u8]) -> Vec<Move> {
    let mut path = Vec::new();
    pool(threads)
        .install(|| solver.solve(start, goal, &mut path))
        .unwrap()
        .expect("a random walk is solvable");
    path
}

#[test]
fn five_by_five_random_walks_get_manhattan_ida_stars_answer_on_one_two_and_four_threads() {
    let shape = FIVE;
    let goal = goal(25);
    let mut solver = solver(shape, threes(25), None);
    let mut rng = ChaCha8Rng::seed_from_u64(0x24_24);
    for walk in 0..16 {
        let start = random_walk(shape, &goal, 10 + 2 * walk, &mut rng);
        let expected = by_manhattan(shape, &start, &goal);
        for threads in [1, 2, 4] {
            let path = on_threads(&mut solver, threads, &start, &goal);
            assert_eq!(path, expected, "{start:?} on {threads} threads");
        }
    }
}

#[test]
fn a_round_split_among_threads_gives_the_answer_one_thread_gives() {
    let shape = FIVE;
    let goal = goal(25);
    // 200 random moves from the goal, 56 moves away. With these tables the
    // round of bound 50 passes 2^16 nodes (17.4M in all), so on several
    // threads, this board alone, the rounds of bounds 52 to 56 are split,
    // those of 54 and 56 into 5,680 and 7,435 subtrees, and the answer
    // lies in subtree 3,841 of the last: every subtree before it must run
    // out first.
    let start = [
        2, 1, 4, 17, 8, 6, 10, 7, 0, 5, 16, 15, 3, 11, 9, 21, 12, 18, 13, 19, 20, 22, 23, 14, 24,
    ];
    let mut solver = solver(shape, threes(25), None);
    let one = on_threads(&mut solver, 1, &start, &goal);
    assert_eq!(one.len(), 56);
    let mut board = grid(shape, &start);
    assert!(one.iter().all(|&step| board.apply(step)));
    assert_eq!(board, grid(shape, &goal));
    for threads in [2, 4] {
        assert_eq!(
            on_threads(&mut solver, threads, &start, &goal),
            one,
            "{threads} threads"
        );
    }
}

#[test]
fn every_other_shape_of_17_to_25_cells_gets_manhattan_ida_stars_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x17_25);
    for (rows, columns) in [
        (4, 5),
        (5, 4),
        (3, 6),
        (6, 3),
        (3, 7),
        (7, 3),
        (3, 8),
        (8, 3),
        (2, 9),
        (9, 2),
        (2, 12),
        (4, 6),
        (6, 4),
    ] {
        let shape = Shape { rows, columns };
        let goal = goal(shape.cells());
        let mut solver = solver(shape, threes(shape.cells()), None);
        for moves in [12, 24] {
            let start = random_walk(shape, &goal, moves, &mut rng);
            let expected = by_manhattan(shape, &start, &goal);
            let path = on_threads(&mut solver, 2, &start, &goal);
            assert_eq!(path, expected, "{rows}x{columns}: {start:?}");
        }
    }
}

#[test]
fn five_by_five_estimates_are_lower_bounds_and_the_reflection_is_exact() {
    let shape = FIVE;
    let goal = goal(25);
    // Patterns that are not their own mirror images, so the reflected sum
    // differs from the sum.
    let mut solver = solver(shape, threes(25), None);
    let transpose = |c: usize| (c % 5) * 5 + c / 5;
    let mut rng = ChaCha8Rng::seed_from_u64(0x5_5);
    let mut raised = 0;
    for walk in 0..40 {
        let start = random_walk(shape, &goal, 4 + walk, &mut rng);
        let length = by_manhattan(shape, &start, &goal).len() as u32;
        let (ahead, mirrored) = solver.estimate(&start, &goal).unwrap();
        let mirrored = mirrored.expect("the goal's blank is on the diagonal");
        assert!(ahead.max(mirrored) <= length, "{start:?}");
        raised += usize::from(mirrored > ahead);
        let mut reflected = vec![0; 25];
        for (c, &t) in start.iter().enumerate() {
            reflected[transpose(c)] = transpose(usize::from(t)) as u8;
        }
        assert_eq!(
            solver.estimate(&reflected, &goal).unwrap(),
            (mirrored, Some(ahead))
        );
        // The reflected board is exactly as far from the goal.
        assert_eq!(by_manhattan(shape, &reflected, &goal).len() as u32, length);
    }
    assert!(raised > 0);
}

#[test]
fn a_search_that_passes_its_node_limit_gives_up_with_its_own_error() {
    let shape = FIVE;
    let goal = goal(25);
    // Korf & Felner's instance 40, 82 moves: millions of nodes with these
    // databases.
    let start = [
        2, 17, 4, 13, 7, 12, 10, 3, 0, 16, 21, 24, 8, 5, 18, 20, 15, 19, 14, 9, 22, 11, 6, 1, 23,
    ];
    let mut path = Vec::new();
    // 5,000 stops the first rounds, which are searched whole. The round of
    // bound 70 passes 2^16 nodes (8.2M in all by bound 74), so on two
    // threads, this board alone, the rounds from bound 72 on are split into
    // subtrees, and 12M stops them in the round of bound 76.
    for (limit, threads) in [(5_000, 1), (5_000, 2), (12_000_000, 1), (12_000_000, 2)] {
        let mut limited = solver(shape, threes(25), Some(limit));
        let outcome = pool(threads).install(|| limited.solve(&start, &goal, &mut path));
        assert_eq!(outcome, Err(EngineError::NodeLimit { limit }));
        assert!(path.is_empty());
        // Exactly the limit, split or not.
        assert_eq!(limited.stats().generated, limit);
    }
    // A board the limit does not stop is answered as without it.
    let walk = random_walk(shape, &goal, 30, &mut ChaCha8Rng::seed_from_u64(30));
    let mut path = Vec::new();
    let mut limited = solver(shape, threes(25), Some(1_000_000));
    assert!(limited.solve(&walk, &goal, &mut path).unwrap().is_some());
    assert_eq!(path, by_manhattan(shape, &walk, &goal));
}

/// Korf & Felner's 6-6-6-6 tables as `eight --optimal` reads them: by the
/// spread index, from the cache (`$EIGHT_CACHE_DIR` or the user's; the
/// first run builds them there, minutes and about 3 GB). Ignored: run it
/// with `cargo test --release --test cli -- --ignored default_five`.
#[test]
#[ignore]
fn the_default_five_by_five_tables_give_manhattan_ida_stars_answers_and_lower_bounds() {
    let shape = FIVE;
    let goal = goal(25);
    let options = PdbOptions {
        cache: CacheDir::Default,
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x6_6_6_6);
    let mut longest = 0;
    for walk in 0..24 {
        let start = random_walk(shape, &goal, 40 + 3 * walk, &mut rng);
        let expected = by_manhattan(shape, &start, &goal);
        longest = longest.max(expected.len());
        let (ahead, mirrored) = solver.estimate(&start, &goal).unwrap();
        assert!(
            ahead.max(mirrored.unwrap()) <= expected.len() as u32,
            "{start:?}"
        );
        for threads in [1, 2, 4] {
            let path = on_threads(&mut solver, threads, &start, &goal);
            assert_eq!(path, expected, "{start:?} on {threads} threads");
        }
    }
    assert!(longest >= 36, "the walks reach {longest} moves");
}
