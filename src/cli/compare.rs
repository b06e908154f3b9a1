//! `eight compare`: options of the side-by-side run of every algorithm.

use std::path::PathBuf;

use clap::Args;

use super::GoalArg;

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
}
