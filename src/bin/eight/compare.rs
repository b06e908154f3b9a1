//! `eight compare`: runs every algorithm over each input and prints the
//! table, reporting bad puzzles, broken judge frames and unreadable files as
//! plain solving does.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use eight::board::Board;
use eight::compare::Comparison;
use eight::frame::Framing;
use eight::goal::Goal;
use eight::judge::Judge;

use crate::exit_codes::{exit_status_help, ExitCode};
use crate::files;
use crate::solve::{judge_parser, parse_goal};
use crate::terminal::Stdout;

/// Run every algorithm on the same puzzles and show their work side by side.
///
/// Reads puzzles as the solver does and prints one row per puzzle: for each
/// algorithm, the moves of its answer (all equal: each gives the first
/// shortest solution in letter order), the states it expanded and the
/// milliseconds it took. Work per algorithm close the table.
///
/// Plain BFS takes milliseconds per puzzle, so thousands of puzzles take a
/// while. The table's first puzzle pays for building it, the later ones
/// only look their answers up.
#[derive(Debug, Args)]
#[command(after_help = exit_status_help!(
    "some puzzle was invalid or the count or goal lines of a --judge input do not fit its cases"
))]
pub struct CompareArgs {
    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The goal arrangement, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// Read the puzzles as this judge problem's input: its count line, its
    /// goal, or for hdu3567 each case's own goal (shown in a goal column).
    ///
    /// Its goal replaces --goal, so the two cannot be given together. A
    /// count or goal line that does not fit the cases is reported with its
    /// line, after the rows of the cases before it.
    #[arg(long, value_name = "NAME", value_parser = judge_parser(), conflicts_with = "goal")]
    pub judge: Option<Judge>,
}

/// Runs `eight compare`; the exit status says whether all was read.
pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    let (goal, framing) = match args.judge {
        Some(judge) => (judge.fallback_goal(), judge.framing()),
        None => (Goal::new(args.goal), Framing::Stream),
    };
    let mut comparison = Comparison::new(goal, framing, Stdout::open());
    let trouble = files::solve_each(&args.files, |input, report_bad_puzzle| {
        comparison.run(input, |puzzle, error| {
            report_bad_puzzle(puzzle, error.line, &error.kind)
        })
    })?;
    // With nothing read at all, the errors say everything: no empty table.
    if comparison.tally().puzzles > 0 || !trouble.unreadable() {
        comparison.finish().context("cannot write output")?;
    }
    Ok(trouble.exit_code(comparison.tally().invalid))
}
