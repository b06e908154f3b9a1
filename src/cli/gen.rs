//! `eight gen`: options of the puzzle generator.

use clap::{Args, ValueEnum};
use eight::generate::{Distances, Population};
use eight::testfile::Style;

use super::{GoalArg, JudgeArg};

/// Print random puzzles.
///
/// Each puzzle is drawn uniformly from all the arrangements that qualify
/// (by exact distance, never by random walks), and no puzzle is printed
/// twice in one run. Without --distance or --unsolvable, every solvable
/// arrangement qualifies.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct GenArgs {
    /// How many puzzles to print.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Only puzzles whose shortest solution has D moves; A..B takes every
    /// length from A to B, both included, each arrangement in the range as
    /// likely as any other (so the populous distances dominate).
    #[arg(long, value_name = "D|A..B")]
    pub distance: Option<Distances>,

    /// Only puzzles that cannot reach the goal.
    #[arg(long, conflicts_with = "distance")]
    pub unsolvable: bool,

    /// Seed of the generator: the same seed prints the same puzzles
    /// [default: a fresh seed, reported on standard error].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    #[command(flatten)]
    pub goal: GoalArg,

    /// How each puzzle is written.
    #[arg(long, value_enum, default_value_t = StyleArg::Tokens)]
    pub style: StyleArg,

    /// Write the puzzles as this judge problem's input, which `eight --judge
    /// NAME` reads back.
    ///
    /// Distances are measured to the problem's goal (123804765 for
    /// luogu1379). hdu3567 gives each case a goal of its own, drawn from all
    /// 9! arrangements, and a start measured to it; its cases are all
    /// solvable, so it cannot take --unsolvable.
    #[arg(
        long,
        value_enum,
        value_name = "NAME",
        conflicts_with_all = ["goal", "style"]
    )]
    pub judge: Option<JudgeArg>,
}

const EXIT_CODES: &str = "\
Exit status: 0 when the puzzles were printed, 2 for a usage error or a request that cannot be met \
(more puzzles than there are, a distance beyond the farthest, unsolvable puzzles for hdu3567).";

/// Ways to write a puzzle, both read back by the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// Tiles separated by spaces: 2 3 4 1 5 x 7 6 8.
    Tokens,
    /// Nine characters: 23415x768.
    Compact,
}

impl GenArgs {
    /// The arrangements to draw from.
    pub fn population(&self) -> Population {
        match (self.unsolvable, self.distance) {
            (true, _) => Population::Unsolvable,
            (false, Some(range)) => Population::Distance(range),
            (false, None) => Population::Solvable,
        }
    }

    /// The library's view of --style.
    pub fn style(&self) -> Style {
        match self.style {
            StyleArg::Tokens => Style::Tokens,
            StyleArg::Compact => Style::Compact,
        }
    }
}
