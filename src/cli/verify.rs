//! `eight verify`: the special judge's options.

use std::path::PathBuf;

use clap::Args;

use super::GoalArg;

/// Judge answers to puzzles.
///
/// Reads the puzzles as the solver does and, line by line, one answer to
/// each: the moves (u, d, l, r) or "unsolvable". Every puzzle gets a verdict
/// line, accepted or rejected with the reason, and a summary line closes the
/// report. Any legal moves that reach the goal are accepted, shortest or not,
/// unless --optimal is given.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct VerifyArgs {
    /// The puzzles; "-" is standard input.
    pub puzzles: PathBuf,

    /// The answers, one line per puzzle; "-" is standard input.
    pub answers: PathBuf,

    #[command(flatten)]
    pub goal: GoalArg,

    /// Reject answers longer than the shortest solution.
    #[arg(long)]
    pub optimal: bool,

    /// Print only the summary line.
    #[arg(short, long)]
    pub quiet: bool,
}

const EXIT_CODES: &str = "\
Exit status: 0 when every answer is accepted, 1 when some answer is rejected or missing, \
some puzzle is invalid or answer lines are left over, 2 for a usage error or a file that \
could not be read.";
