//! The search on rank-indexed tables against the same search on spread
//! tables. The rank is updated move by move (and the debug build checks
//! each update against the rank recomputed), so the two must meet the same
//! estimates everywhere: the same answers and the same nodes. Also the
//! comparison of all a pattern's cells at once that the update rests on.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{passed_over, SLOT_STRIDE};
use crate::contract::Search;
use crate::generate::Draw;
use crate::pdb::{CacheDir, Layout, Origin, Partition, PatternSearch, PdbOptions};
use crate::{Grid, Shape};

/// The path `solver` answers from `start` to `goal`, and the nodes it
/// generated.
fn path_and_nodes(
    solver: &mut PatternSearch,
    start: &Grid,
    goal: &Grid,
) -> (Vec<crate::Move>, u64) {
    let mut path = Vec::new();
    assert!(Search::solve(solver, start, goal, &mut path));
    (path, Search::stats(solver).generated)
}

#[test]
fn rank_indexed_tables_search_as_the_spread_ones_do() {
    // A square board (read reflected too), a wide one and a long one.
    for (rows, columns) in [(5, 5), (4, 5), (6, 3)] {
        let shape = Shape { rows, columns };
        let goal = Grid::new(shape, (0..shape.cells() as u32).collect()).unwrap();
        let homes: Vec<u8> = (1..shape.cells() as u8).collect();
        let threes = homes.chunks(3).map(<[u8]>::to_vec).collect();
        let options = PdbOptions {
            partition: Partition::Cells(threes),
            cache: CacheDir::MemoryOnly,
            ..PdbOptions::default()
        };
        let mut by_spread = PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap();
        by_spread.prepare_grid(&goal).unwrap();
        let mut by_rank = by_spread.clone();
        for spread in by_rank.spread.values_mut() {
            *spread = None;
        }
        let rng = ChaCha8Rng::seed_from_u64((rows * 10 + columns) as u64);
        for (start, _) in Draw::walks(&goal, 36, 8, rng).unwrap() {
            assert_eq!(
                path_and_nodes(&mut by_rank, &start, &goal),
                path_and_nodes(&mut by_spread, &start, &goal),
                "{start:?}"
            );
        }
    }
}

#[test]
fn the_slots_passed_over_are_those_strictly_between_the_two_cells() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..2_000 {
        // Cells of boards up to 25 cells, and 0 in unused slots.
        let places: [u8; SLOT_STRIDE] = std::array::from_fn(|_| (rng.next_u64() % 25) as u8);
        for low in 0..25 {
            for high in low + 1..25 {
                let expected = (0..SLOT_STRIDE)
                    .filter(|&j| low < places[j] && places[j] < high)
                    .fold(0, |bits, j| bits | 1 << j);
                assert_eq!(
                    passed_over(places, low, high),
                    expected,
                    "{places:?} {low} {high}"
                );
            }
        }
    }
}

#[test]
fn a_spread_table_kept_in_the_cache_searches_as_the_dense_one_does() {
    // Seven tiles on 12 cells: 12^7 entries by the spread index, too many
    // to lay out in memory at each load, so the cache keeps them; the
    // other pattern is small enough to be laid out in memory. Without a
    // cache directory the same partition is read by rank.
    let shape = Shape {
        rows: 3,
        columns: 4,
    };
    let goal = Grid::new(shape, (0..12).collect()).unwrap();
    let patterns = vec![vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11]];
    let dir = std::env::temp_dir().join(format!("eight-spread-{}", std::process::id()));
    let solver = |cache: CacheDir| {
        let options = PdbOptions {
            partition: Partition::Cells(patterns.clone()),
            cache,
            ..PdbOptions::default()
        };
        let mut solver = PatternSearch::new(Layout::new(shape).unwrap(), options).unwrap();
        solver.prepare_grid(&goal).unwrap();
        solver
    };
    let mut by_rank = solver(CacheDir::MemoryOnly);
    let mut by_spread = solver(CacheDir::At(dir.clone()));
    let spread_file = dir.join("pdb-3x4-1-2-3-4-5-6-7-blank-0-spread.bin");
    assert!(spread_file.is_file());
    assert!(by_rank.spread.values().any(Option::is_some));
    assert!(by_spread.spread.values().all(Option::is_some));
    let rng = ChaCha8Rng::seed_from_u64(36);
    for (start, _) in Draw::walks(&goal, 30, 12, rng).unwrap() {
        assert_eq!(
            path_and_nodes(&mut by_rank, &start, &goal),
            path_and_nodes(&mut by_spread, &start, &goal),
            "{start:?}"
        );
    }
    // A second run maps the spread table, and neither builds nor reads the
    // dense one.
    let again = solver(CacheDir::At(dir.clone()));
    assert!(again.tables.keys().all(|key| key.cells.len() < 7));
    assert!(again
        .table_log()
        .iter()
        .all(|log| log.origin == Origin::Loaded));
    std::fs::remove_dir_all(&dir).unwrap();
}
