//! `eight compare`: options of the side-by-side run of every algorithm.

use std::path::PathBuf;

use clap::Args;
use eight::frame::Framing;
use eight::goal::Goal;
use eight::judge::Judge;

use super::{GoalArg, JudgeArg};

/// Run every algorithm on the same puzzles and show their work side by side.
///
/// Reads puzzles as the solver does and prints one row per puzzle: for each
/// of bfs, bibfs, table, astar and idastar, the moves of its answer (all
/// equal: each finds a shortest one), the states it expanded and the
/// milliseconds it took. Totals per algorithm close the table.
///
/// Plain BFS takes milliseconds per puzzle, so thousands of puzzles take a
/// while. The table's first puzzle pays for building it, the later ones
/// only look their answers up.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub goal: GoalArg,

    /// Read the puzzles as this judge problem's input: its count line, its
    /// goal, or for hdu3567 each case's own goal (shown in a goal column).
    ///
    /// Its goal replaces --goal, so the two cannot be given together. A
    /// count or goal line that does not fit the cases is reported with its
    /// line, after the rows of the cases before it.
    #[arg(long, value_enum, value_name = "NAME", conflicts_with = "goal")]
    pub judge: Option<JudgeArg>,
}

impl CompareArgs {
    /// The goal and the layout of the puzzles to compare.
    pub fn input(&self) -> (Goal, Framing) {
        match self.judge.map(Judge::from) {
            Some(judge) => (judge.fallback_goal(), judge.framing()),
            None => (Goal::new(self.goal.goal), Framing::Stream),
        }
    }
}
