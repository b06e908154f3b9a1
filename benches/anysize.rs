//! Criterion benches for the any-size pieces on fixed seeded boards:
//! deciding solvability of a 999×999 board (10^6 tiles, O(n) by cycle
//! parity), building the 3×3 and 2×4 small tables, the constructive
//! solver on a 100×100 board (about 2.6 million moves, counted, not kept),
//! `--judge poj2893` reading and deciding a 999×999 case from its text,
//! and counting every arrangement of 2×5 (1.8 million) by distance, as
//! `eight stats --size 2x5` does.

use criterion::{criterion_group, criterion_main, Criterion};
use eight::batch::Batch;
use eight::census::distance_counts;
use eight::constructive::solve;
use eight::judge::Preset;
use eight::small::SmallTable;
use eight::solvable;
use eight::Engine;
use eight::Grid;
use eight::Shape;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// A seeded uniformly random arrangement of `shape`, solvable to the solved
/// board when `solvable_only`.
fn random_board(shape: Shape, seed: u64, solvable_only: bool) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = Grid::solved(shape).unwrap();
    let mut tiles = goal.tiles().to_vec();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let board = Grid::new(shape, tiles.clone()).unwrap();
    if !solvable_only || solvable(&board, &goal).unwrap() {
        return board;
    }
    let numbered: Vec<usize> = (0..tiles.len()).filter(|&c| tiles[c] != 0).collect();
    tiles.swap(numbered[0], numbered[1]);
    Grid::new(shape, tiles).unwrap()
}

fn any_size(c: &mut Criterion) {
    let big = Shape {
        rows: 999,
        columns: 999,
    };
    let start = random_board(big, 999, false);
    let goal = Grid::solved(big).unwrap();
    c.bench_function("solvable/999x999", |b| {
        b.iter(|| solvable(black_box(&start), &goal).unwrap())
    });
    for shape in [
        Shape::EIGHT,
        Shape {
            rows: 2,
            columns: 4,
        },
    ] {
        let goal = Grid::solved(shape).unwrap();
        c.bench_function(
            &format!("small-table/{}x{}", shape.rows, shape.columns),
            |b| b.iter(|| SmallTable::build(black_box(&goal)).unwrap()),
        );
    }
    let shape = Shape {
        rows: 100,
        columns: 100,
    };
    let start = random_board(shape, 100, true);
    let goal = Grid::solved(shape).unwrap();
    let mut group = c.benchmark_group("constructive");
    group.sample_size(10);
    group.bench_function("100x100", |b| {
        b.iter(|| {
            let mut moves = 0u64;
            solve(black_box(&start), &goal, |_| moves += 1).unwrap();
            moves
        })
    });
    group.finish();
    let goal = Grid::solved(Shape {
        rows: 2,
        columns: 5,
    })
    .unwrap();
    let mut group = c.benchmark_group("enumerate");
    group.sample_size(10);
    group.bench_function("2x5", |b| {
        b.iter(|| distance_counts(black_box(&goal), |_| {}).unwrap())
    });
    group.finish();
}

/// POJ 2893 on one 999×999 case (6.9 MB of text): read, checked and
/// decided, as `eight --judge poj2893` does it.
fn poj2893(c: &mut Criterion) {
    let side = 999;
    let start = random_board(
        Shape {
            rows: side,
            columns: side,
        },
        2893,
        false,
    );
    let mut text = format!("{side} {side}\n");
    for row in start.tiles().chunks(side) {
        let words: Vec<String> = row.iter().map(u32::to_string).collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text.push_str("0 0\n");
    let mut group = c.benchmark_group("judge");
    group.sample_size(10);
    group.bench_function("poj2893/999x999", |b| {
        b.iter(|| {
            let poj2893 = Preset::named("poj2893").unwrap();
            let mut batch = Batch::new(poj2893.options(Engine::Auto), Vec::new()).unwrap();
            batch
                .run(black_box(text.as_bytes()), |_, _| {}, |_| {})
                .unwrap();
            batch.into_inner()
        })
    });
    group.finish();
}

criterion_group!(benches, any_size, poj2893);
criterion_main!(benches);
