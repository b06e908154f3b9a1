//! `eight stats`: options of the state-space census.

use clap::Args;

use super::{GoalArg, JudgeArg};

/// Count the arrangements at each distance from the goal.
///
/// Draws the counts as a bar chart as wide as the terminal (else $COLUMNS,
/// else 80 columns; at most 1000), then the total, the longest distance and
/// the mean.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub goal: GoalArg,

    /// Print the figures as JSON instead, for scripts.
    #[arg(long)]
    pub json: bool,

    /// Count from this judge problem's goal (123804765 for luogu1379,
    /// 12345678x for the others). hdu3567 has no one goal: each case brings
    /// its own, so pass that goal with --goal.
    #[arg(long, value_enum, value_name = "NAME", conflicts_with = "goal")]
    pub judge: Option<JudgeArg>,
}
