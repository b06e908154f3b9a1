//! Criterion benches for the searches `eight compare` sets side by side:
//! plain BFS, A* and IDA* on the same fixed instances as the bidirectional
//! bench in `engines.rs` (the hardest puzzle, 31 moves, and the POJ 1077
//! sample, 19 moves), so their medians can be read against each other.

use criterion::{criterion_group, criterion_main, Criterion};
use eight::board::Board;
use eight::read::parse_board;
use eight::search::astar::AStar;
use eight::search::bfs::BreadthFirst;
use eight::search::idastar::IdaStar;
use eight::search::Search;
use std::hint::black_box;

/// The instances, named by their shortest solution's length.
const INSTANCES: [(&str, &str); 2] = [
    ("hardest-31", "8 6 7 2 5 4 3 x 1"),
    ("sample-19", "2 3 4 1 5 x 7 6 8"),
];

fn searches(c: &mut Criterion) {
    let mut bfs = BreadthFirst::new().unwrap();
    let mut astar = AStar::new().unwrap();
    let mut idastar = IdaStar::new().unwrap();
    let mut path = Vec::new();
    for (name, text) in INSTANCES {
        let start = parse_board(text).unwrap();
        c.bench_function(&format!("bfs/{name}"), |b| {
            b.iter(|| bfs.solve(black_box(&start), &Board::GOAL, &mut path))
        });
        c.bench_function(&format!("astar/{name}"), |b| {
            b.iter(|| astar.solve(black_box(&start), &Board::GOAL, &mut path))
        });
        c.bench_function(&format!("idastar/{name}"), |b| {
            b.iter(|| idastar.solve(black_box(&start), &Board::GOAL, &mut path))
        });
    }
}

criterion_group!(benches, searches);
criterion_main!(benches);
