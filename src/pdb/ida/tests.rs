//! The search on rank-indexed tables against the same search on spread
//! tables. The rank is updated move by move (and the debug build checks
//! each update against the rank recomputed), so the two must meet the same
//! estimates everywhere: the same answers and the same nodes. Also the
//! comparison of all a pattern's cells at once that the update rests on.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{passed_over, SLOT_STRIDE};
use crate::engine::Search;
use crate::generate::Draw;
use crate::pdb::{CacheDir, Layout, Partition, PdbOptions, Solver15};
use crate::{Grid, Shape};

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
        let mut by_spread = Solver15::new(Layout::new(shape).unwrap(), options).unwrap();
        Search::prepare(&mut by_spread, &goal).unwrap();
        let mut by_rank = by_spread.clone();
        for spread in by_rank.spread.values_mut() {
            *spread = None;
        }
        let rng = ChaCha8Rng::seed_from_u64((rows * 10 + columns) as u64);
        for (start, _) in Draw::walks(&goal, 36, 8, rng).unwrap() {
            // The path and the nodes generated.
            let solve = |solver: &mut Solver15| {
                let mut path = Vec::new();
                assert!(Search::solve(solver, &start, &goal, &mut path));
                (path, Search::stats(solver).generated)
            };
            assert_eq!(solve(&mut by_rank), solve(&mut by_spread), "{start:?}");
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
