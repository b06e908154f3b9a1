//! Solves Korf's 100 random 15-puzzle instances with the pattern-database
//! engine and reports time and nodes per instance.
//!
//! Usage: `cargo run --release --example korf100 -- [FILE] [--large]
//! [--555 | --cells 1,2,3/4,5,…] [--no-reflect] [--memory]
//! [--first N]`. FILE defaults to
//! `../shared/data/korf100.txt` (beside the repository), one instance a line, goal `0 1 … 15`.

// The clock rule (clippy.toml) binds the library; a front end reads std's.
#![allow(clippy::disallowed_types)]

use std::time::Instant;

use eight::pdb::CacheDir;
use eight::pdb::{Layout, Partition, PatternSearch, PdbOptions};
use eight::Move;

/// Where the blank lands on a 4×4 board.
trait Target4 {
    fn target4(self, blank: usize) -> Option<usize>;
}

impl Target4 for Move {
    fn target4(self, blank: usize) -> Option<usize> {
        let (r, c) = (blank / 4, blank % 4);
        match self {
            Move::Down if r < 3 => Some(blank + 4),
            Move::Left if c > 0 => Some(blank - 1),
            Move::Right if c < 3 => Some(blank + 1),
            Move::Up if r > 0 => Some(blank - 4),
            _ => None,
        }
    }
}

fn main() -> anyhow::Result<()> {
    let mut file = String::from("../shared/data/korf100.txt");
    let mut options = PdbOptions {
        cache: CacheDir::User,
        ..PdbOptions::default()
    };
    let mut first = usize::MAX;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--large" => options.partition = Partition::Large,
            "--555" => {
                options.partition = Partition::Cells(vec![
                    vec![1, 2, 3, 5, 6],
                    vec![4, 8, 9, 12, 13],
                    vec![7, 10, 11, 14, 15],
                ])
            }
            "--cells" => {
                // Patterns as home cells: `1,2,3/4,5,8,9,12,13/6,7,10,11,14,15`.
                let spec = args.next().unwrap_or_default();
                options.partition = Partition::Cells(
                    spec.split('/')
                        .map(|p| p.split(',').map(str::parse).collect())
                        .collect::<Result<_, _>>()?,
                );
            }
            "--no-reflect" => options.reflect = false,
            "--memory" => options.cache = CacheDir::MemoryOnly,
            "--first" => first = args.next().unwrap_or_default().parse()?,
            _ => file = arg,
        }
    }
    let text = std::fs::read_to_string(&file)?;
    let goal: Vec<u8> = (0..16).collect();
    let mut solver = PatternSearch::new(Layout::FIFTEEN, options)?;
    let began = Instant::now();
    solver.prepare(&goal)?;
    for log in solver.table_log() {
        println!(
            "table {:?}: {:?} in {:.3} s ({} entries)",
            log.cells,
            log.origin,
            log.elapsed.as_secs_f64(),
            log.entries
        );
    }
    for warning in solver.take_warnings() {
        eprintln!("warning: {warning}");
    }
    println!("tables ready in {:.3} s", began.elapsed().as_secs_f64());
    let mut path = Vec::new();
    let (mut total_moves, mut total_nodes, mut total_generated) = (0usize, 0u64, 0u64);
    // Initial estimates: the board's own database sum, and with reflection.
    let (mut total_ahead, mut total_h) = (0u64, 0u64);
    let mut count = 0;
    let solving = Instant::now();
    for (number, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .take(first)
    {
        let start: Vec<u8> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let (ahead, reflected) = solver.estimate(&start, &goal)?;
        total_ahead += u64::from(ahead);
        total_h += u64::from(reflected.map_or(ahead, |r| r.max(ahead)));
        let began = Instant::now();
        let stats = solver
            .solve(&start, &goal, &mut path)?
            .ok_or_else(|| anyhow::anyhow!("instance {} unsolvable", number + 1))?;
        println!(
            "#{:<3} {:>2} moves {:>10} nodes {:>9.3} ms",
            number + 1,
            path.len(),
            stats.expanded,
            began.elapsed().as_secs_f64() * 1e3
        );
        let mut board = start.clone();
        for step in &path {
            let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
            let to = step
                .target4(blank)
                .ok_or_else(|| anyhow::anyhow!("instance {}: move off the board", number + 1))?;
            board.swap(blank, to);
        }
        anyhow::ensure!(
            board == goal,
            "instance {}: path does not reach the goal",
            number + 1
        );
        total_moves += path.len();
        total_nodes += stats.expanded;
        total_generated += stats.generated;
        count += 1;
    }
    let seconds = solving.elapsed().as_secs_f64();
    println!(
        "{count} instances: {total_moves} moves in all, {:.0} nodes/instance ({:.0} generated), {:.3} s ({:.2} ms/instance)",
        total_nodes as f64 / count as f64,
        total_generated as f64 / count as f64,
        seconds,
        seconds * 1e3 / count as f64
    );
    println!(
        "initial estimate {:.3} on average ({:.3} without reflection)",
        total_h as f64 / count as f64,
        total_ahead as f64 / count as f64
    );
    Ok(())
}
