//! `eight gen`: prints random puzzles from a seeded generator, as `eight`'s
//! own input or as one judge problem's.

use std::io::Write;

use anyhow::Context;
use eight::judge::Judge;
use eight::testfile::TestFile;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::cli::GenArgs;
use crate::terminal::{notice, Stdout};
use crate::EXIT_OK;

/// Runs `eight gen`; the exit code, or an error for `main` to report.
pub fn run(args: &GenArgs) -> anyhow::Result<u8> {
    let seed = args.seed.unwrap_or_else(rand::random);
    // ChaCha8 and `seed_from_u64` are both documented as portable and
    // value-stable, so a seed means the same puzzles everywhere.
    let rng = ChaCha8Rng::seed_from_u64(seed);
    let population = args.population();
    let file = match args.judge {
        None => TestFile::plain(&args.goal.goal, args.style(), population, args.count, rng)?,
        Some(judge) => TestFile::judge(Judge::from(judge), population, args.count, rng)?,
    };
    if args.seed.is_none() {
        notice!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = Stdout::open();
    file.write(&mut out).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(EXIT_OK)
}
