//! Solves Korf & Felner's 24-puzzle instances with the pattern-database
//! engine (their 6-6-6-6 partition, each sum also read for the board
//! reflected about the main diagonal) and reports, per instance, the
//! length against the published optimum, the nodes generated against the
//! nodes Korf & Felner report for the same databases, and the time.
//!
//! Usage: `cargo run --release --example korf24 -- [--threads N] [FILE]
//! ID…`. FILE defaults to `../shared/data/korf50-24-optimal.tsv` (beside
//! the repository): `id optimal kf_nodes start…`, tab-separated, goal
//! `0 1 … 24`. The tables come from the cache directory, as for `eight`
//! (`eight build-tables --size 5x5 --goal "0 1 … 24"` builds them).

// The clock rule (clippy.toml) binds the library; a front end reads std's.
#![allow(clippy::disallowed_types)]

use std::time::Instant;

use anyhow::{bail, Context};
use eight::pdb::{Layout, PatternSearch, PdbOptions};
use eight::{letters, Shape};

fn main() -> anyhow::Result<()> {
    let mut file = String::from("../shared/data/korf50-24-optimal.tsv");
    let mut threads = 1;
    let mut ids = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => threads = args.next().unwrap_or_default().parse()?,
            id if id.parse::<usize>().is_ok() => ids.push(id.parse::<usize>()?),
            path => file = path.to_string(),
        }
    }
    let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {file}"))?;
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("id"))
        .map(|line| line.split('\t').collect())
        .collect();
    let shape = Shape {
        rows: 5,
        columns: 5,
    };
    let mut solver = PatternSearch::new(Layout::new(shape)?, PdbOptions::default())?;
    let goal: Vec<u8> = (0..25).collect();
    let clock = Instant::now();
    solver.prepare(&goal)?;
    println!("tables: {:.2} s", clock.elapsed().as_secs_f64());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    println!("id\tlength\toptimal\tgenerated\tkf_nodes\tratio\tseconds\tMnodes/s");
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for id in ids {
        let Some(row) = rows.iter().find(|row| row[0] == id.to_string()) else {
            bail!("no instance {id} in {file}");
        };
        let (optimal, kf): (usize, u64) = (row[1].parse()?, row[2].parse()?);
        let start: Vec<u8> = row[3]
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let mut path = Vec::new();
        let clock = Instant::now();
        let stats = pool
            .install(|| solver.solve(&start, &goal, &mut path))?
            .context("every instance is solvable")?;
        let elapsed = clock.elapsed().as_secs_f64();
        if path.len() != optimal {
            bail!("instance {id}: {} moves, published {optimal}", path.len());
        }
        let rate = stats.generated as f64 / elapsed / 1e6;
        let ratio = stats.generated as f64 / kf as f64;
        println!(
            "{id}\t{}\t{optimal}\t{}\t{kf}\t{ratio:.2}\t{elapsed:.2}\t{rate:.1}",
            path.len(),
            stats.generated,
        );
        eprintln!("{id}: {}", letters(&path));
        nodes += stats.generated;
        seconds += elapsed;
    }
    println!(
        "mean: {:.1} M nodes/s over {seconds:.1} s on {threads} threads",
        nodes as f64 / seconds / 1e6
    );
    Ok(())
}
