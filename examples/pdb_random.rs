//! Solves uniformly random solvable boards of one shape with the
//! pattern-database engine and reports the average time and nodes per
//! board, after the default tables are loaded or built.
//!
//! Usage: `cargo run --release --example pdb_random -- ROWS COLUMNS
//! [COUNT] [SEED]`, e.g. `3 4 100` or `2 6 100`. The goal is `1 2 … 0`,
//! the blank last.

// The clock rule (clippy.toml) binds the library; a front end reads std's.
#![allow(clippy::disallowed_types)]

use std::time::Instant;

use eight::pdb::{Layout, PatternSearch, PdbOptions};
use eight::Shape;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (rows, columns) = match args[..] {
        [r, c, ..] => (r, c),
        _ => anyhow::bail!("usage: pdb_random ROWS COLUMNS [COUNT] [SEED]"),
    };
    let count = args.get(2).copied().unwrap_or(100);
    let seed = args.get(3).copied().unwrap_or(1) as u64;
    let layout = Layout::new(Shape { rows, columns })?;
    let cells = layout.cells();
    let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
    let mut solver = PatternSearch::new(layout, PdbOptions::default())?;
    let began = Instant::now();
    solver.prepare(&goal)?;
    println!(
        "{rows}x{columns}, seed {seed}: tables ready in {:.3} s",
        began.elapsed().as_secs_f64()
    );
    // Seeded, so every board can be rebuilt from the seed.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut path = Vec::new();
    let (mut solved, mut moves, mut nodes) = (0usize, 0usize, 0u64);
    let solving = Instant::now();
    while solved < count {
        let mut start = goal.clone();
        start.shuffle(&mut rng);
        // Half the shuffles cannot reach the goal; the engine says so
        // without searching, and they are not counted.
        if let Some(stats) = solver.solve(&start, &goal, &mut path)? {
            solved += 1;
            moves += path.len();
            nodes += stats.expanded;
        }
    }
    let seconds = solving.elapsed().as_secs_f64();
    println!(
        "{solved} boards: {:.1} moves and {:.0} nodes per board, {:.3} s ({:.3} ms/board)",
        moves as f64 / solved as f64,
        nodes as f64 / solved as f64,
        seconds,
        seconds * 1e3 / solved as f64
    );
    Ok(())
}
