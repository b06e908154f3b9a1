//! `eight stats`: the census of distances, as a chart or as JSON, on the
//! 3×3 board or any board of up to twelve cells (`--size`).

use std::io::{IsTerminal, Write};

use anyhow::Context;
use clap::Args;
use eight::census::Census;
use eight::census::{reachable, CENSUS_CELLS};
use eight::draw::chart;
use eight::judge::Preset;
use eight::Grid;
use eight::Shape;

use crate::exit_codes::ExitCode;
use crate::picture::{self, PictureArgs};
use crate::solve::{board_goal, grid_goal, judge_parser, parse_size, refuse_judge_with_size};
use crate::terminal::{self, Stdout};

/// Count the arrangements at each distance from the goal.
///
/// Draws the counts as a bar chart as wide as the terminal (else $COLUMNS,
/// else 80 columns; at most 1000), then the total, the longest distance and
/// the mean. With --svg, also as an SVG bar chart.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Exit status: 0 on success; 2 for a usage error, ",
    crate::picture::unwritable_picture_help!(),
    "or ",
    crate::exit_codes::unwritable_output_help!(),
    "; ",
    crate::exit_codes::out_of_memory_help!(),
    "."
))]
pub struct StatsArgs {
    /// The goal arrangement, written like a puzzle
    /// [default: the tiles in row order, blank last: 12345678x on 3x3].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    /// The board's rows and columns, rows first ("2x6" is two rows of six);
    /// "N" is NxN. Every arrangement is visited, so at most 12 cells: 3x4
    /// and 2x6 take some 15 s of CPU time and 60 MB.
    #[arg(long, value_name = "RxC", default_value = "3x3", value_parser = parse_size)]
    pub size: Shape,

    /// Print the figures as JSON instead, for scripts.
    #[arg(long)]
    pub json: bool,

    /// Count from this judge problem's goal. hdu3567 has no one goal: each
    /// case brings its own, so pass that goal with --goal.
    #[arg(long, value_name = "NAME", value_parser = judge_parser(Preset::is_eight), conflicts_with = "goal")]
    pub judge: Option<&'static Preset>,

    #[command(flatten)]
    pub picture: PictureArgs,
}

/// Bars stay readable however narrow the terminal is.
const MIN_BAR_WIDTH: usize = 10;

/// Counts of more states than this take long enough (a second or more) to
/// show a progress bar, when stderr is a terminal.
const LONG_COUNT: u64 = 10_000_000;

/// Runs `eight stats`.
pub fn run(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let goal = goal(args);
    let states = reachable(args.size);
    // A bar on stderr that counts the states expanded.
    let bar = (std::io::stderr().is_terminal() && states > LONG_COUNT).then(|| {
        let bar = terminal::bar(
            Some(states),
            "{elapsed_precise} [{wide_bar}] {percent:>3}% of {human_len} arrangements, {msg}",
        );
        bar.set_message("distance 0");
        bar
    });
    let census = Census::of(&goal, |progress| {
        if let Some(bar) = &bar {
            bar.set_position(progress.expanded);
            bar.set_message(format!("distance {}", progress.distance));
        }
    })
    .context("cannot count the arrangements")?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    // Serialised to a string first, so a closed pipe surfaces as the
    // io::Error that `main` treats as a quiet end.
    let json = args.json.then(|| serde_json::to_string_pretty(&census));
    let json = json.transpose()?;
    Stdout::print(|out| match json {
        Some(json) => writeln!(out, "{json}"),
        None => {
            let width = terminal::columns().saturating_sub(census.label_width() + 1);
            census.write_chart(out, width.max(MIN_BAR_WIDTH))
        }
    })?;
    if let Some(path) = &args.picture.svg {
        let svg = chart::distances(&census.goal, &census.counts, census.mean_distance);
        picture::write(path, &svg)?;
    }
    Ok(ExitCode::Success)
}

/// The goal to count from: `--goal`, the judge's, or the solved board of
/// the size; a size beyond what can be counted is a usage error.
fn goal(args: &StatsArgs) -> Grid {
    let shape = args.size;
    if shape.cells() > CENSUS_CELLS {
        usage_error!(
            Some("stats"),
            "--size {shape} has {} cells; stats visits every arrangement, which it can do \
             for boards of at most {CENSUS_CELLS} cells",
            shape.cells()
        );
    }
    if shape != Shape::EIGHT {
        refuse_judge_with_size(Some("stats"), args.judge, shape);
        return grid_goal(args.goal.as_deref(), shape);
    }
    let board = match args.judge {
        Some(judge) => judge.goal().unwrap_or_else(|| {
            usage_error!(
                Some("stats"),
                "--judge {} gives each case its own goal, so there is no one goal to count \
                 from: pass the goal with --goal instead",
                judge.name
            )
        }),
        None => board_goal(args.goal.as_deref()),
    };
    Grid::from(&board)
}
