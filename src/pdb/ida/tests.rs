//! The search on rank-indexed tables against the same search on spread
//! tables. The rank is updated move by move (and the debug build checks
//! each update against the rank recomputed), so the two must meet the same
//! estimates everywhere: the same answers and the same nodes.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::generate::Draw;
use crate::pdb::{CacheDir, Layout, Options, Partition, Solver15};
use crate::search::SearchStats;
use crate::{Grid, Shape};

#[test]
fn rank_indexed_tables_search_as_the_spread_ones_do() {
    // A square board (read reflected too), a wide one and a long one.
    for (rows, columns) in [(5, 5), (4, 5), (6, 3)] {
        let shape = Shape { rows, columns };
        let layout = Layout::new(shape).unwrap();
        let goal: Vec<u8> = (0..layout.cells() as u8).collect();
        let threes = goal[1..].chunks(3).map(<[u8]>::to_vec).collect();
        let options = Options {
            partition: Partition::Cells(threes),
            cache: CacheDir::MemoryOnly,
            ..Options::default()
        };
        let mut by_spread = Solver15::new(layout, options).unwrap();
        by_spread.prepare(&goal).unwrap();
        let mut by_rank = by_spread.clone();
        for spread in by_rank.spread.values_mut() {
            *spread = None;
        }
        let goal_grid = Grid::new(shape, goal.iter().map(|&t| u32::from(t)).collect()).unwrap();
        let rng = ChaCha8Rng::seed_from_u64((rows * 10 + columns) as u64);
        for (start, _) in Draw::walks(&goal_grid, 36, 8, rng).unwrap() {
            let start: Vec<u8> = start.tiles().iter().map(|&t| t as u8).collect();
            let (mut spread_path, mut rank_path) = (Vec::new(), Vec::new());
            let spread = by_spread.solve(&start, &goal, &mut spread_path).unwrap();
            let rank = by_rank.solve(&start, &goal, &mut rank_path).unwrap();
            assert_eq!(rank_path, spread_path, "{start:?}");
            let generated = |stats: Option<SearchStats>| stats.unwrap().generated;
            assert_eq!(generated(rank), generated(spread), "{start:?}");
        }
    }
}
