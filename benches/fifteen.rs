//! The pattern-database engine on the first ten of Korf's 100 15-puzzle
//! instances, with the default 6-6-3 tables (loaded from the cache, or built
//! once before timing).

use criterion::{criterion_group, criterion_main, Criterion};
use eight::pdb::{Layout, PatternSearch, PdbOptions};

fn korf_first_ten(c: &mut Criterion) {
    let text = std::fs::read_to_string("../shared/data/korf100.txt")
        .expect("Korf's instances at ../shared/data/korf100.txt, beside the repository");
    let boards: Vec<Vec<u8>> = text
        .lines()
        .take(10)
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    let goal: Vec<u8> = (0..16).collect();
    let mut solver = PatternSearch::new(Layout::FIFTEEN, PdbOptions::default()).unwrap();
    solver.prepare(&goal).unwrap();
    let mut path = Vec::new();
    let mut group = c.benchmark_group("pdb");
    group.sample_size(10);
    group.bench_function("korf100 #1-#10, 6-6-3", |b| {
        b.iter(|| {
            for board in &boards {
                solver.solve(board, &goal, &mut path).unwrap();
            }
        })
    });
    group.finish();
}

criterion_group!(benches, korf_first_ten);
criterion_main!(benches);
