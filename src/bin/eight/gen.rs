//! `eight gen`: prints random puzzles from a seeded generator, as `eight`'s
//! own input or as one judge problem's.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use eight::board::Board;
use eight::generate::{Distances, Population};
use eight::judge::Judge;
use eight::testfile::{Style, TestFile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::exit_codes::ExitCode;
use crate::solve::{judge_parser, named, parse_goal};
use crate::terminal::{notice, Stdout};

/// Print random puzzles.
///
/// Each puzzle is drawn uniformly from all the arrangements that qualify
/// (by exact distance, never by random walks), and no puzzle is printed
/// twice in one run. Without --distance or --unsolvable, every solvable
/// arrangement qualifies.
#[derive(Debug, Args)]
#[command(after_help = "\
Exit status: 0 when the puzzles were printed; 2 for a usage error or a request that cannot be \
met (more puzzles than there are, a distance beyond the farthest, unsolvable puzzles for a \
judge that promises solvable ones).")]
pub struct GenArgs {
    /// How many puzzles to print.
    #[arg(
        short = 'n',
        long = "count",
        value_name = "N",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub count: u64,

    /// Only puzzles whose shortest solution has D moves; A..B takes every
    /// length from A to B, both included, each arrangement in the range as
    /// likely as any other (so the populous distances dominate).
    #[arg(long, value_name = "D|A..B", allow_negative_numbers = true)]
    pub distance: Option<Distances>,

    /// Only puzzles that cannot reach the goal.
    #[arg(long, conflicts_with = "distance")]
    pub unsolvable: bool,

    /// Seed of the generator: the same seed prints the same puzzles
    /// [default: a fresh seed, reported on standard error].
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// The goal arrangement, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// How each puzzle is written.
    #[arg(long, value_name = "STYLE", default_value = "tokens", value_parser = style_parser())]
    pub style: Style,

    /// Write the puzzles as this judge problem's input, which `eight --judge
    /// NAME` reads back.
    ///
    /// Distances are measured to the problem's goal. hdu3567 gives each case
    /// a goal of its own, drawn from all 9! arrangements, and a start
    /// measured to it. Problems that promise solvable cases (hdu3567,
    /// luogu1379) cannot take --unsolvable.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = judge_parser(),
        conflicts_with_all = ["goal", "style"]
    )]
    pub judge: Option<Judge>,
}

impl GenArgs {
    /// The arrangements to draw from.
    fn population(&self) -> Population {
        match (self.unsolvable, self.distance) {
            (true, _) => Population::Unsolvable,
            (false, Some(range)) => Population::Distance(range),
            (false, None) => Population::Solvable,
        }
    }
}

/// The value parser of `--style`.
fn style_parser() -> impl clap::builder::TypedValueParser<Value = Style> {
    named(
        Style::ALL
            .iter()
            .map(|style| (style.name(), style.summary(), *style)),
    )
}

/// Runs `eight gen`; a request that cannot be met is a usage error.
pub fn run(args: &GenArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(rand::random);
    // ChaCha8 and `seed_from_u64` are both documented as portable and
    // value-stable, so a seed means the same puzzles everywhere.
    let rng = ChaCha8Rng::seed_from_u64(seed);
    let population = args.population();
    let file = match args.judge {
        None => {
            TestFile::plain(&args.goal, args.style, population, args.count, rng).map_err(Into::into)
        }
        Some(judge) => TestFile::judge(judge, population, args.count, rng),
    };
    let file = file.unwrap_or_else(|error| crate::usage_error(Some("gen"), error));
    if args.seed.is_none() {
        notice!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = Stdout::open();
    file.write(&mut out).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(ExitCode::Success)
}
