//! Prints how long the constructive solver's answers are against the
//! Manhattan lower bound, on uniformly random solvable boards with the
//! standard goal: the figure to watch when the method changes.
//!
//! ```text
//! cargo run --release --example constructive_ratio [seed]
//! ```

// The clock rule (clippy.toml) binds the library; a front end reads std's.
#![allow(clippy::disallowed_types)]

use std::time::Instant;

use eight::constructive::{manhattan, solve};
use eight::solvable;
use eight::Grid;
use eight::Shape;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random board that can reach `goal`.
fn random_solvable(goal: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let mut tiles = goal.tiles().to_vec();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    if !solvable(&Grid::new(goal.shape(), tiles.clone()).unwrap(), goal).unwrap() {
        // Swapping two numbered tiles flips the class.
        let numbered: Vec<usize> = (0..tiles.len()).filter(|&c| tiles[c] != 0).collect();
        tiles.swap(numbered[0], numbered[1]);
    }
    Grid::new(goal.shape(), tiles).unwrap()
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1077);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    println!("seed {seed}");
    println!(
        "{:>7} {:>6} {:>12} {:>10} {:>8} {:>8} {:>10}",
        "board", "boards", "mean moves", "mean bound", "mean", "median", "ms/board"
    );
    for (n, boards) in [(4, 1000), (5, 1000), (10, 200), (50, 20), (100, 5)] {
        let shape = Shape {
            rows: n,
            columns: n,
        };
        let goal = Grid::solved(shape).unwrap();
        let (mut moves_sum, mut bound_sum) = (0u64, 0u64);
        let mut ratios = Vec::new();
        let began = Instant::now();
        for _ in 0..boards {
            let start = random_solvable(&goal, &mut rng);
            let mut moves = 0u64;
            solve(&start, &goal, |_| moves += 1).unwrap();
            let bound = manhattan(&start, &goal).unwrap();
            moves_sum += moves;
            bound_sum += bound;
            ratios.push(moves as f64 / bound.max(1) as f64);
        }
        let elapsed = began.elapsed().as_secs_f64() * 1000.0 / boards as f64;
        ratios.sort_by(f64::total_cmp);
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        println!(
            "{:>7} {:>6} {:>12.0} {:>10.0} {:>8.3} {:>8.3} {:>10.3}",
            format!("{n}×{n}"),
            boards,
            moves_sum as f64 / boards as f64,
            bound_sum as f64 / boards as f64,
            mean,
            ratios[ratios.len() / 2],
            elapsed,
        );
    }
}
