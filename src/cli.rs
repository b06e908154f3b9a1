//! Command-line options. Only the binary sees these types; [`Opts::options`]
//! turns them into the library's [`Options`]. Each subcommand's options live
//! in a module of their own below this one.

mod compare;
mod gen;
mod stats;
mod verify;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use eight::batch::Options;
use eight::board::Board;
use eight::format::Format;
use eight::goal::Goal;
use eight::input::parse_board;
use eight::judge::Judge;
use eight::solver::Engine;

pub use self::compare::CompareArgs;
pub use self::gen::GenArgs;
pub use self::stats::StatsArgs;
pub use self::verify::VerifyArgs;

/// Shortest solutions to the 8-puzzle (POJ 1077 "Eight").
///
/// Reads puzzles, nine tiles each in row order (1-8 and a blank written x, X,
/// 0, _ or #; spaces, commas and line breaks optional), and prints one answer
/// per puzzle, by default a line with the moves of a shortest solution (u,
/// d, l, r name the neighbour the blank swaps with), or "unsolvable".
/// --judge reads and answers as one online judge's problem does instead.
#[derive(Debug, Parser)]
#[command(
    name = "eight",
    version,
    after_help = EXIT_CODES,
    args_conflicts_with_subcommands = true
)]
pub struct Opts {
    /// A tool other than solving; without one, eight solves.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The arrangement to solve towards, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// What each answer holds.
    #[arg(long, value_enum, default_value_t = FormatArg::Moves)]
    pub format: FormatArg,

    /// Accepted for old scripts, and changes nothing: every answer is
    /// already the first shortest solution in ASCII order (d < l < r < u).
    #[arg(long)]
    pub lexmin: bool,

    /// The search that answers. Every one finds the same answer, the first
    /// shortest solution in ASCII order; they differ in the work it takes
    /// (see `eight compare`).
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Auto)]
    pub algorithm: AlgorithmArg,

    /// Read and answer exactly as this judge problem does.
    ///
    /// A preset fixes the input framing, the goal and the output, so --goal,
    /// --format and --lexmin cannot be given with it; --algorithm can.
    #[arg(
        long,
        value_enum,
        value_name = "NAME",
        conflicts_with_all = ["goal", "format", "lexmin"]
    )]
    pub judge: Option<JudgeArg>,

    /// After each answer, print to standard error what it took, as
    /// "puzzle N: ALGORITHM: M moves, E expanded, G generated, max frontier
    /// F, T ms": states expanded and generated, the most states waiting at
    /// once, and the time.
    #[arg(long)]
    pub stats: bool,
}

const EXIT_CODES: &str = "\
Exit status: 0 when every puzzle was read, 1 when some puzzle was invalid \
(its answer says \"invalid\") or the count or goal lines of a --judge input \
do not fit its cases, 2 for a usage error or a file that could not be read.";

/// The tools beside the solver.
#[derive(Debug, Subcommand)]
pub enum Command {
    Verify(VerifyArgs),
    Gen(GenArgs),
    Stats(StatsArgs),
    Compare(CompareArgs),
}

/// `--goal` for the subcommands.
#[derive(Debug, Args)]
pub struct GoalArg {
    /// The goal arrangement, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,
}

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The moves of a shortest solution, or "unsolvable".
    Moves,
    /// The number of moves in a shortest solution, or -1.
    Count,
    /// For people: the start and the board after each move as labelled
    /// grids, then the number of moves; a blank line between puzzles.
    Steps,
    /// JSON Lines: {"puzzle", "goal", "solvable", "length", "moves"} per
    /// puzzle, {"line", "error"} for an invalid one.
    Json,
}

/// Judge presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JudgeArg {
    /// POJ 1077 "Eight", also HDU 1043, ZOJ 1217 and AcWing 179: the default
    /// behaviour.
    Poj1077,
    /// UVa 652 "Eight": a count line, then one puzzle per line; answers
    /// separated by a blank line.
    Uva652,
    /// Luogu P1379: nine digits, 0 the blank, goal 123804765; prints the
    /// number of moves.
    Luogu1379,
    /// AcWing 845: POJ 1077 input; prints the number of moves or -1.
    Acwing845,
    /// HDU 3567 "Eight II": a count line, then a start line and a goal line
    /// per case; prints "Case k: n" and the first shortest solution in ASCII
    /// order ("Case k: unsolvable" when there is none).
    Hdu3567,
}

/// Search algorithms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Bidirectional BFS for a few puzzles, the whole-space table for many.
    Auto,
    /// Bidirectional BFS for every puzzle.
    Bibfs,
    /// One BFS from the goal over the whole state space, then look-ups.
    Table,
    /// Plain BFS from the start: the slow baseline.
    Bfs,
    /// A* with Manhattan distance plus linear conflicts.
    Astar,
    /// IDA* (iterative-deepening A*) with the same heuristic as A*.
    Idastar,
}

fn parse_goal(text: &str) -> Result<Board, String> {
    parse_board(text).map_err(|e| e.to_string())
}

impl Opts {
    /// The library's view of these options.
    pub fn options(&self) -> Options {
        let engine = match self.algorithm {
            AlgorithmArg::Auto => Engine::Auto,
            AlgorithmArg::Bibfs => Engine::Bidirectional,
            AlgorithmArg::Table => Engine::Table,
            AlgorithmArg::Bfs => Engine::BreadthFirst,
            AlgorithmArg::Astar => Engine::AStar,
            AlgorithmArg::Idastar => Engine::IdaStar,
        };
        if let Some(judge) = self.judge {
            return Judge::from(judge).options(engine);
        }
        Options {
            goal: Goal::new(self.goal),
            format: match self.format {
                FormatArg::Moves => Format::Moves,
                FormatArg::Count => Format::Count,
                FormatArg::Steps => Format::Steps,
                FormatArg::Json => Format::Json,
            },
            engine,
            ..Options::default()
        }
    }
}

impl From<JudgeArg> for Judge {
    fn from(judge: JudgeArg) -> Judge {
        match judge {
            JudgeArg::Poj1077 => Judge::Poj1077,
            JudgeArg::Uva652 => Judge::Uva652,
            JudgeArg::Luogu1379 => Judge::Luogu1379,
            JudgeArg::Acwing845 => Judge::Acwing845,
            JudgeArg::Hdu3567 => Judge::Hdu3567,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Opts::command().debug_assert();
    }
}
