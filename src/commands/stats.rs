//! `eight stats`: the census of distances, as a chart or as JSON.

use std::io::Write;

use anyhow::Context;
use clap::ValueEnum;
use eight::census::Census;
use eight::judge::Judge;

use crate::cli::StatsArgs;
use crate::terminal::{self, Stdout};
use crate::EXIT_OK;

/// Bars stay readable however narrow the terminal is.
const MIN_BAR_WIDTH: usize = 10;

/// Runs `eight stats`; the exit code, or an error for `main` to report.
pub fn run(args: &StatsArgs) -> anyhow::Result<u8> {
    let goal = match args.judge {
        None => args.goal.goal,
        Some(judge) => Judge::from(judge).goal().with_context(|| {
            let name = judge
                .to_possible_value()
                .map(|value| value.get_name().to_string());
            format!(
                "--judge {} gives each case its own goal, so there is no one goal to count from: \
                 pass the goal with --goal instead",
                name.unwrap_or_default()
            )
        })?,
    };
    let census = Census::of(&goal);
    let mut out = Stdout::open();
    if args.json {
        // Serialised to a string first, so a closed pipe surfaces as the
        // io::Error that `main` treats as a quiet end.
        let json = serde_json::to_string_pretty(&census.report())?;
        writeln!(out, "{json}").context("cannot write output")?;
    } else {
        census
            .write_chart(&mut out, bar_width(&census))
            .context("cannot write output")?;
    }
    out.flush().context("cannot write output")?;
    Ok(EXIT_OK)
}

/// Bars that fill the line, less the labels and one spare column.
fn bar_width(census: &Census) -> usize {
    terminal::columns()
        .saturating_sub(census.label_width() + 1)
        .max(MIN_BAR_WIDTH)
}
