//! `eight verify`: the special judge's options.

use std::path::PathBuf;

use clap::Args;
use eight::goal::Goal;
use eight::judge::Judge;
use eight::verify::Rules;

use super::{GoalArg, JudgeArg};

/// Judge answers to puzzles.
///
/// Reads the puzzles as the solver does and, line by line, one answer to
/// each: the moves (u, d, l, r) or "unsolvable". Every puzzle gets a verdict
/// line, accepted or rejected with the reason, and a summary line closes the
/// report. Any legal moves that reach the goal are accepted, shortest or not,
/// unless --optimal is given. --judge reads the puzzles as one judge
/// problem's input and the answers as its output instead.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct VerifyArgs {
    /// The puzzles; "-" is standard input.
    pub puzzles: PathBuf,

    /// The answers, one per puzzle; "-" is standard input.
    pub answers: PathBuf,

    #[command(flatten)]
    pub goal: GoalArg,

    /// Reject answers longer than the shortest solution.
    #[arg(long)]
    pub optimal: bool,

    /// Judge as this judge problem does: PUZZLES in its input, with its
    /// count line and its goal, ANSWERS in its output.
    ///
    /// poj1077: as without --judge.
    ///
    /// uva652: the same answers with blank lines between them. Any number
    /// of blank lines is taken there; a puzzle already at its goal is
    /// answered by the first blank line after the one that separates it.
    ///
    /// luogu1379, acwing845: one number per line, accepted only when it is
    /// the length of a shortest solution (-1 when there is none).
    ///
    /// hdu3567: "Case k: n" and under it the moves, accepted only when k is
    /// the case's number, n the shortest length and the moves exactly the
    /// shortest solution that comes first in ASCII order, which a rejection
    /// shows. "Case k: unsolvable", alone, for a case without a solution.
    ///
    /// Its goal replaces --goal, so the two cannot be given together.
    /// --optimal is implied where only the shortest answer is right (counts
    /// and hdu3567), and keeps its meaning for poj1077 and uva652. A count
    /// or goal line of PUZZLES that does not fit its cases is reported with
    /// its line, after the verdicts of the cases before it.
    #[arg(long, value_enum, value_name = "NAME", conflicts_with = "goal")]
    pub judge: Option<JudgeArg>,

    /// Print only the summary line.
    #[arg(short, long)]
    pub quiet: bool,
}

impl VerifyArgs {
    /// What the judge checks.
    pub fn rules(&self) -> Rules {
        match self.judge.map(Judge::from) {
            Some(judge) => Rules::judge(judge, self.optimal),
            None => Rules {
                goal: Goal::new(self.goal.goal),
                optimal: self.optimal,
                ..Rules::default()
            },
        }
    }
}

const EXIT_CODES: &str = "\
Exit status: 0 when every answer is accepted, 1 when some answer is rejected or missing, \
some puzzle is invalid, answer lines are left over or the count or goal lines of a --judge \
input do not fit its cases, 2 for a usage error or a file that could not be read.";
