//! Criterion benches for the engines on fixed instances: the hardest
//! puzzles for one bidirectional search, a table build, a table look-up, and
//! a seeded batch of random puzzles through the auto-switching solver.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use eight::board::Board;
use eight::rank::{unrank, Rank, STATES};
use eight::read::parse_board;
use eight::search::bidir::Bidirectional;
use eight::search::table::Table;
use eight::search::Search;
use eight::Goal;
use eight::{Engine, Solver3x3};
use std::hint::black_box;

/// Two of the 31-move puzzles, the longest there are.
const HARDEST: [&str; 2] = ["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"];
/// The POJ 1077 sample, 19 moves.
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// Every `stride`-th arrangement: a fixed, spread-out sample of puzzles.
fn sample_boards(stride: usize) -> Vec<Board> {
    (0..STATES)
        .step_by(stride)
        .map(|r| unrank(r as Rank))
        .collect()
}

fn bidirectional(c: &mut Criterion) {
    let mut search = Bidirectional::new().unwrap();
    let mut path = Vec::new();
    for (name, text) in [("hardest-31", HARDEST[0]), ("sample-19", SAMPLE)] {
        let start = parse_board(text).unwrap();
        c.bench_function(&format!("bidir/{name}"), |b| {
            b.iter(|| search.solve(black_box(&start), &Board::GOAL, &mut path))
        });
    }
}

fn table(c: &mut Criterion) {
    c.bench_function("table/build", |b| {
        b.iter(|| Table::build(black_box(&Board::GOAL)).unwrap())
    });
    let table = Table::build(&Board::GOAL).unwrap();
    let start = parse_board(HARDEST[1]).unwrap();
    let mut path = Vec::new();
    c.bench_function("table/lookup-31", |b| {
        b.iter(|| table.solve(black_box(&start), &mut path))
    });
}

/// What one random solvable puzzle costs each engine, and what the
/// bidirectional engine generates on it: the figures behind
/// `solver::TABLE_BREAK_EVEN`.
fn per_puzzle(c: &mut Criterion) {
    let boards: Vec<Board> = sample_boards(997)
        .into_iter()
        .filter(|b| eight::parity::solvable(b, &Board::GOAL))
        .collect();
    let mut search = Bidirectional::new().unwrap();
    let mut path = Vec::new();
    let generated: u64 = boards
        .iter()
        .map(|b| {
            search.solve(b, &Board::GOAL, &mut path);
            search.stats().generated
        })
        .sum();
    eprintln!(
        "bidirectional search generates {} states per random puzzle on average",
        generated / boards.len() as u64
    );
    let mut group = c.benchmark_group("random-puzzles");
    group.throughput(criterion::Throughput::Elements(boards.len() as u64));
    group.bench_function("bidir", |b| {
        b.iter(|| {
            for board in &boards {
                search.solve(board, &Board::GOAL, &mut path);
            }
        })
    });
    let goal = Goal::default();
    group.bench_function("auto-fresh-solver", |b| {
        b.iter_batched(
            || Solver3x3::new(Engine::Auto),
            |mut solver| {
                for board in &boards {
                    solver.solve(board, &goal, &mut path).unwrap();
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, bidirectional, table, per_puzzle);
criterion_main!(benches);
