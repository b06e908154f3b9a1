//! `eight stats`: the census of distances, as a chart or as JSON.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use eight::board::Board;
use eight::census::Census;
use eight::judge::Judge;

use crate::exit_codes::ExitCode;
use crate::solve::{judge_parser, parse_goal};
use crate::terminal::{self, Stdout};

/// Count the arrangements at each distance from the goal.
///
/// Draws the counts as a bar chart as wide as the terminal (else $COLUMNS,
/// else 80 columns; at most 1000), then the total, the longest distance and
/// the mean.
#[derive(Debug, Args)]
#[command(after_help = "Exit status: 0 on success; 2 for a usage error.")]
pub struct StatsArgs {
    /// The goal arrangement, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// Print the figures as JSON instead, for scripts.
    #[arg(long)]
    pub json: bool,

    /// Count from this judge problem's goal. hdu3567 has no one goal: each
    /// case brings its own, so pass that goal with --goal.
    #[arg(long, value_name = "NAME", value_parser = judge_parser(), conflicts_with = "goal")]
    pub judge: Option<Judge>,
}

/// Bars stay readable however narrow the terminal is.
const MIN_BAR_WIDTH: usize = 10;

/// Runs `eight stats`.
pub fn run(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let goal = match args.judge {
        None => args.goal,
        Some(judge) => judge.goal().unwrap_or_else(|| {
            crate::usage_error(
                Some("stats"),
                format_args!(
                    "--judge {} gives each case its own goal, so there is no one goal to count \
                     from: pass the goal with --goal instead",
                    judge.name()
                ),
            )
        }),
    };
    let census = Census::of(&goal);
    let mut out = Stdout::open();
    if args.json {
        // Serialised to a string first, so a closed pipe surfaces as the
        // io::Error that `main` treats as a quiet end.
        let json = serde_json::to_string_pretty(&census.report())?;
        writeln!(out, "{json}").context("cannot write output")?;
    } else {
        let bar_width = terminal::columns()
            .saturating_sub(census.label_width() + 1)
            .max(MIN_BAR_WIDTH);
        census
            .write_chart(&mut out, bar_width)
            .context("cannot write output")?;
    }
    out.flush().context("cannot write output")?;
    Ok(ExitCode::Success)
}
