//! The pattern-database engine (`eight::pdb`) against oracles the tests
//! build themselves: an exhaustive breadth-first search on boards small
//! enough to enumerate, a plain Manhattan IDA* on 4×4 random walks, and the
//! databases' own bounds; and its cache against damaged files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use eight::pdb::{CacheDir, CacheWarning, Damage, Origin};
use eight::pdb::{Layout, Partition, PatternSearch, PdbOptions};
use eight::Shape;
use eight::{letters, Move};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The cell the blank lands on, if `step` keeps it on the board.
fn target(layout: Layout, blank: usize, step: Move) -> Option<usize> {
    let (r, c) = (blank / layout.columns(), blank % layout.columns());
    match step {
        Move::Down if r + 1 < layout.rows() => Some(blank + layout.columns()),
        Move::Left if c > 0 => Some(blank - 1),
        Move::Right if c + 1 < layout.columns() => Some(blank + 1),
        Move::Up if r > 0 => Some(blank - layout.columns()),
        _ => None,
    }
}

fn apply(layout: Layout, tiles: &[u8], path: &[Move]) -> Vec<u8> {
    let mut tiles = tiles.to_vec();
    for &step in path {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let to = target(layout, blank, step).expect("the path stays on the board");
        tiles.swap(blank, to);
    }
    tiles
}

/// Distances to `goal` of every board reachable from it.
fn bfs(layout: Layout, goal: &[u8]) -> HashMap<Vec<u8>, u8> {
    let mut dist = HashMap::from([(goal.to_vec(), 0u8)]);
    let mut queue = std::collections::VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for step in Move::ALL {
            if let Some(to) = target(layout, blank, step) {
                let mut next = board.clone();
                next.swap(blank, to);
                dist.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    dist
}

/// The first shortest path in letter order, by always taking the first
/// move that gets one closer.
fn canonical(layout: Layout, dist: &HashMap<Vec<u8>, u8>, start: &[u8]) -> Vec<Move> {
    let mut board = start.to_vec();
    let mut path = Vec::new();
    while dist[&board] > 0 {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let step = Move::ALL
            .into_iter()
            .find(|&m| {
                target(layout, blank, m).is_some_and(|to| {
                    let mut next = board.clone();
                    next.swap(blank, to);
                    dist[&next] + 1 == dist[&board]
                })
            })
            .unwrap();
        board.swap(blank, target(layout, blank, step).unwrap());
        path.push(step);
    }
    path
}

fn memory(partition: Partition) -> PdbOptions {
    PdbOptions {
        partition,
        cache: CacheDir::MemoryOnly,
        reflect: true,
        node_limit: None,
    }
}

/// Checks the engine on every `every`-th board reachable from `goal` and
/// on one unreachable board.
fn agrees_with_bfs(layout: Layout, goal: &[u8], partition: Partition, every: usize) {
    let dist = bfs(layout, goal);
    assert_eq!(dist.len(), (1..=layout.cells()).product::<usize>() / 2);
    let mut solver = PatternSearch::new(layout, memory(partition)).unwrap();
    let mut path = Vec::new();
    let mut boards: Vec<&Vec<u8>> = dist.keys().collect();
    boards.sort();
    for start in boards.into_iter().step_by(every) {
        assert!(solver.solve(start, goal, &mut path).unwrap().is_some());
        let expected = canonical(layout, &dist, start);
        assert_eq!(letters(&path), letters(&expected), "{start:?} to {goal:?}");
    }
    let mut swapped = goal.to_vec();
    let tiles: Vec<usize> = (0..goal.len()).filter(|&c| goal[c] != 0).take(2).collect();
    swapped.swap(tiles[0], tiles[1]);
    assert_eq!(solver.solve(&swapped, goal, &mut path).unwrap(), None);
    assert!(path.is_empty());
}

#[test]
fn every_two_by_three_and_three_by_two_board_gets_the_canonical_answer() {
    for (rows, cols) in [(2, 3), (3, 2)] {
        let layout = Layout::new(Shape {
            rows,
            columns: cols,
        })
        .unwrap();
        for goal_blank in [0, 4] {
            let mut goal: Vec<u8> = (1..6).collect();
            goal.insert(goal_blank, 0);
            let halves = vec![
                (0..6u8)
                    .filter(|&c| c != goal_blank as u8)
                    .take(2)
                    .collect(),
                (0..6u8)
                    .filter(|&c| c != goal_blank as u8)
                    .skip(2)
                    .collect(),
            ];
            agrees_with_bfs(layout, &goal, Partition::Cells(halves), 1);
            agrees_with_bfs(layout, &goal, Partition::Default, 1);
        }
    }
}

#[test]
fn every_two_by_four_and_four_by_two_board_gets_the_canonical_answer() {
    for (rows, cols) in [(2, 4), (4, 2)] {
        let layout = Layout::new(Shape {
            rows,
            columns: cols,
        })
        .unwrap();
        let goal: Vec<u8> = (1..8).chain([0]).collect();
        // Three small patterns, so the sum is far from exact.
        let parts = vec![vec![0, 1], vec![2, 3, 4], vec![5, 6]];
        agrees_with_bfs(layout, &goal, Partition::Cells(parts), 1);
    }
}

#[test]
fn a_sample_of_three_by_three_boards_gets_the_canonical_answer() {
    // Every 29th of the 9!/2 boards, towards goals with the blank on the
    // diagonal (reflection used) and off it; all of them through IDA*
    // would take minutes.
    let layout = Layout::new(Shape {
        rows: 3,
        columns: 3,
    })
    .unwrap();
    for goal in [
        vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
        vec![1, 2, 3, 4, 0, 5, 6, 7, 8],
        vec![3, 1, 0, 8, 6, 2, 5, 7, 4],
    ] {
        let blank = goal.iter().position(|&t| t == 0).unwrap() as u8;
        let cells: Vec<u8> = (0..9).filter(|&c| c != blank).collect();
        let parts = vec![cells[..4].to_vec(), cells[4..].to_vec()];
        agrees_with_bfs(layout, &goal, Partition::Cells(parts), 29);
    }
}

/// Plain IDA* with the Manhattan distance, the 4×4 oracle: its length is
/// the optimum, since Manhattan never overestimates.
fn manhattan_length(start: &[u8]) -> usize {
    fn h(tiles: &[u8]) -> usize {
        tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(c, &t)| {
                (c / 4).abs_diff(usize::from(t) / 4) + (c % 4).abs_diff(usize::from(t) % 4)
            })
            .sum()
    }
    fn dfs(
        tiles: &mut [u8],
        blank: usize,
        g: usize,
        bound: usize,
        back: usize,
    ) -> Result<(), usize> {
        let f = g + h(tiles);
        if f > bound {
            return Err(f);
        }
        if f == g {
            return Ok(());
        }
        let mut next = usize::MAX;
        let layout = Layout::FIFTEEN;
        for step in Move::ALL {
            let Some(to) = target(layout, blank, step) else {
                continue;
            };
            if to == back {
                continue;
            }
            tiles.swap(blank, to);
            let found = dfs(tiles, to, g + 1, bound, blank);
            tiles.swap(blank, to);
            match found {
                Ok(()) => return Ok(()),
                Err(f) => next = next.min(f),
            }
        }
        Err(next)
    }
    let mut tiles = start.to_vec();
    let blank = tiles.iter().position(|&t| t == 0).unwrap();
    let mut bound = h(&tiles);
    loop {
        match dfs(&mut tiles, blank, 0, bound, usize::MAX) {
            Ok(()) => return bound,
            Err(next) => bound = next,
        }
    }
}

fn random_walk(layout: Layout, goal: &[u8], moves: usize, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut tiles = goal.to_vec();
    for _ in 0..moves {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let options: Vec<usize> = Move::ALL
            .iter()
            .filter_map(|&m| target(layout, blank, m))
            .collect();
        tiles.swap(blank, options[rng.random_range(0..options.len())]);
    }
    tiles
}

/// A 5-5-5 partition for the goal `0 1 … 15`: quick to build in a test.
fn five_five_five() -> Partition {
    Partition::Cells(vec![
        vec![1, 2, 3, 5, 6],
        vec![4, 8, 9, 12, 13],
        vec![7, 10, 11, 14, 15],
    ])
}

#[test]
fn four_by_four_random_walks_match_manhattan_ida_star() {
    let layout = Layout::FIFTEEN;
    let goal: Vec<u8> = (0..16).collect();
    let mut solver = PatternSearch::new(layout, memory(five_five_five())).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_1234);
    let mut path = Vec::new();
    for walk in 0..30 {
        let start = random_walk(layout, &goal, 10 + walk, &mut rng);
        solver.solve(&start, &goal, &mut path).unwrap().unwrap();
        assert_eq!(apply(layout, &start, &path), goal, "{start:?}");
        assert_eq!(path.len(), manhattan_length(&start), "{start:?}");
    }
}

/// The 4×4 default (two 6-6-3 partitions, each reflected), its tables kept
/// in the test scratch folder so only the first run builds them: optimal
/// lengths on random walks of up to 45 moves against Manhattan IDA*, and
/// on each board an estimate that is a lower bound and whose reflected
/// half is the estimate of the reflected board.
#[test]
fn the_four_by_four_default_matches_manhattan_ida_star_and_reflects_exactly() {
    let layout = Layout::FIFTEEN;
    let goal: Vec<u8> = (0..16).collect();
    let options = PdbOptions {
        cache: CacheDir::At(crate::util::tables()),
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(layout, options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x15_15);
    let transpose = |c: usize| (c % 4) * 4 + c / 4;
    let mut path = Vec::new();
    for walk in 0..36 {
        let start = random_walk(layout, &goal, 10 + walk, &mut rng);
        solver.solve(&start, &goal, &mut path).unwrap().unwrap();
        assert_eq!(apply(layout, &start, &path), goal, "{start:?}");
        let length = manhattan_length(&start);
        assert_eq!(path.len(), length, "{start:?}");
        let (ahead, mirrored) = solver.estimate(&start, &goal).unwrap();
        let mirrored = mirrored.expect("the goal's blank is on the diagonal");
        assert!(ahead.max(mirrored) as usize <= length, "{start:?}");
        let mut reflected = vec![0; 16];
        for (c, &t) in start.iter().enumerate() {
            reflected[transpose(c)] = transpose(usize::from(t)) as u8;
        }
        assert_eq!(
            solver.estimate(&reflected, &goal).unwrap(),
            (mirrored, Some(ahead))
        );
    }
    assert!(solver.take_warnings().is_empty());
}

#[test]
fn databases_are_admissible_and_reflection_is_exact() {
    let layout = Layout::new(Shape {
        rows: 3,
        columns: 3,
    })
    .unwrap();
    let goal: Vec<u8> = (0..9).collect();
    let dist = bfs(layout, &goal);
    // Not their own mirror images, so the reflected sum differs.
    let parts = Partition::Cells(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let mut solver = PatternSearch::new(layout, memory(parts)).unwrap();
    let transpose = |c: usize| (c % 3) * 3 + c / 3;
    let (mut raised, mut exact, mut jumps) = (0, 0, 0);
    for (board, &d) in dist.iter().step_by(7) {
        let (ahead, mirrored) = solver.estimate(board, &goal).unwrap();
        let mirrored = mirrored.expect("the blank's goal cell is on the diagonal");
        assert!(ahead.max(mirrored) <= u32::from(d), "{board:?}");
        exact += usize::from(ahead.max(mirrored) == u32::from(d));
        raised += usize::from(mirrored > ahead);
        // The reflected estimate is the estimate of the reflected board.
        let mut reflected = vec![0; 9];
        for (c, &t) in board.iter().enumerate() {
            reflected[transpose(c)] = transpose(usize::from(t)) as u8;
        }
        assert_eq!(solver.estimate(&reflected, &goal).unwrap().0, mirrored);
        // Tracking the blank and storing the best blank cell's cost makes
        // the tables inconsistent (a tile's move can change which blank
        // region is best), so the search adds pathmax; count how often.
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for step in Move::ALL {
            if let Some(to) = target(layout, blank, step) {
                let mut next = board.clone();
                next.swap(blank, to);
                let (a, _) = solver.estimate(&next, &goal).unwrap();
                jumps += usize::from(a.abs_diff(ahead) > 1);
            }
        }
    }
    assert!(raised > 0 && exact > 0, "{raised} {exact}");
    eprintln!("{jumps} moves changed a sum by more than one");
}

/// A fresh directory for one test's cache files, in Cargo's scratch folder
/// beside `util::scratch`'s files.
fn cache_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("pdb-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Prepares a 3×4 solver on `dir` with two small tables; returns its
/// warnings and how each table came.
fn prepare(dir: &Path) -> (Vec<CacheWarning>, Vec<Origin>) {
    let layout = Layout::new(Shape {
        rows: 3,
        columns: 4,
    })
    .unwrap();
    let options = PdbOptions {
        partition: Partition::Cells(vec![vec![0, 1, 2, 4, 5], vec![3, 6, 7, 8, 9, 10]]),
        cache: CacheDir::At(dir.to_path_buf()),
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(layout, options).unwrap();
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    let start = [1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11];
    let mut path = Vec::new();
    solver.solve(&start, &goal, &mut path).unwrap().unwrap();
    assert_eq!(letters(&path), "dr");
    let origins = solver.table_log().iter().map(|l| l.origin).collect();
    (solver.take_warnings(), origins)
}

fn damage_one(dir: &Path, damage: impl Fn(&mut Vec<u8>)) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut bytes = std::fs::read(&files[0]).unwrap();
    damage(&mut bytes);
    std::fs::write(&files[0], bytes).unwrap();
    files[0].clone()
}

#[test]
fn cached_tables_are_loaded_and_damaged_ones_rebuilt_with_one_warning() {
    let dir = cache_dir("damage");
    assert_eq!(prepare(&dir), (vec![], vec![Origin::Built, Origin::Built]));
    assert_eq!(
        prepare(&dir),
        (vec![], vec![Origin::Loaded, Origin::Loaded])
    );
    type Damager = fn(&mut Vec<u8>);
    let cases: [(Damager, Damage); 4] = [
        (|b| b.truncate(b.len() - 100), Damage::Short),
        (|b| *b.last_mut().unwrap() ^= 0x10, Damage::Checksum),
        (|b| b[8] = 9, Damage::Version(9)),
        // A byte of the key: a file of another table, or of another program.
        (|b| b[16] ^= 0x20, Damage::Foreign),
    ];
    for (damage, expected) in cases {
        let path = damage_one(&dir, damage);
        let (warnings, origins) = prepare(&dir);
        assert_eq!(
            warnings,
            vec![CacheWarning::Rebuilt {
                path,
                damage: expected
            }]
        );
        assert!(origins.contains(&Origin::Built));
        assert!(warnings[0].to_string().lines().count() == 1);
        // Rewritten whole: the next run loads both.
        assert_eq!(
            prepare(&dir),
            (vec![], vec![Origin::Loaded, Origin::Loaded])
        );
    }
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unwritable_cache_dir_leaves_tables_in_memory_with_a_warning() {
    // A file where the directory should be: unwritable even for root,
    // unlike a directory without write permission.
    let blocker = cache_dir("blocked");
    std::fs::write(&blocker, b"not a directory").unwrap();
    let (warnings, origins) = prepare(&blocker.join("cache"));
    assert_eq!(origins, vec![Origin::Built, Origin::Built]);
    assert_eq!(warnings.len(), 2);
    assert!(matches!(warnings[0], CacheWarning::NotSaved { .. }));
    std::fs::remove_file(&blocker).unwrap();
}

#[test]
fn the_cache_dir_variable_overrides_the_default() {
    // Read only: setting the variable here would race other tests.
    let resolved = CacheDir::User.resolve();
    match std::env::var_os("EIGHT_CACHE_DIR") {
        Some(dir) if !dir.is_empty() => assert_eq!(resolved, Some(PathBuf::from(dir))),
        _ => assert!(resolved.is_some_and(|p| p.ends_with("eight"))),
    }
    assert_eq!(CacheDir::MemoryOnly.resolve(), None);
}

#[test]
fn errors_name_the_board_and_cell() {
    let mut solver = PatternSearch::new(
        Layout::new(Shape {
            rows: 2,
            columns: 5,
        })
        .unwrap(),
        memory(Partition::Default),
    )
    .unwrap();
    let goal: Vec<u8> = (0..10).collect();
    let mut path = Vec::new();
    let err = solver.solve(&[0, 1, 2], &goal, &mut path).unwrap_err();
    assert_eq!(err.to_string(), "the start has 3 cells, expected 10");
    let err = solver
        .solve(&goal, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 8], &mut path)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the goal's cell 9 holds tile 8, which is repeated or not in 0-9"
    );
}

/// Korf's instance #1 with the default 6-6-3 (about 8 s to build the
/// tables in memory on two cores, more under load): 57 moves.
#[test]
#[ignore]
fn korf_one_takes_57_moves_with_the_default_partition() {
    let mut solver = PatternSearch::new(Layout::FIFTEEN, memory(Partition::Default)).unwrap();
    let goal: Vec<u8> = (0..16).collect();
    let start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let mut path = Vec::new();
    solver.solve(&start, &goal, &mut path).unwrap().unwrap();
    assert_eq!(path.len(), 57);
    assert_eq!(apply(Layout::FIFTEEN, &start, &path), goal);
}

/// One of the 4×4 boards farthest from the goal `0 1 … 15` (80 moves,
/// Brüngger et al. 1999), solved with the 7-8 tables. Those take minutes
/// and about 3 GB to build, once, in the user's cache directory (or
/// `$EIGHT_CACHE_DIR`; `eight build-tables --pdb 7-8 --goal "0 1 … 15"`
/// builds them ahead); the search takes seconds.
#[test]
#[ignore]
fn a_hardest_board_takes_80_moves_with_the_7_8_tables() {
    let options = PdbOptions {
        partition: Partition::Large,
        cache: CacheDir::User,
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(Layout::FIFTEEN, options).unwrap();
    let goal: Vec<u8> = (0..16).collect();
    let start = [15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0];
    let mut path = Vec::new();
    solver.solve(&start, &goal, &mut path).unwrap().unwrap();
    assert_eq!(path.len(), 80);
    assert_eq!(apply(Layout::FIFTEEN, &start, &path), goal);
}
