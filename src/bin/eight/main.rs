//! The `eight` binary: parses the command line, hands each command to the
//! file of its own, and turns the outcome into an exit status.
//!
//! Plain solving is `solve.rs`; each subcommand has its file, holding its
//! arguments beside its `run`. Arguments are checked and turned into the
//! library's types in one step before anything runs, and clap's types never
//! reach the library.

// The clock rule (clippy.toml) binds the library; a front end reads std's.
#![allow(clippy::disallowed_types)]

/// Stops with [`usage_error`] of `subcommand`, the message formatted in
/// place as by `format!`.
macro_rules! usage_error {
    ($subcommand:expr, $($message:tt)*) => {
        $crate::usage_error($subcommand, format_args!($($message)*))
    };
}

mod build_tables;
mod compare;
mod completions;
mod exit_codes;
mod files;
mod gen;
mod picture;
mod searching;
#[cfg(unix)]
mod signals;
mod solve;
mod stats;
mod terminal;
mod verify;

use std::io::{self, Write};
use std::path::Path;

use clap::{CommandFactory, Parser, Subcommand};

use crate::exit_codes::ExitCode;
use crate::terminal::notice;

/// Shortest solutions to the 8-puzzle (POJ 1077 "Eight").
///
/// Reads puzzles, nine tiles each in row order (1-8 and a blank written x, X,
/// 0, _ or #), and prints one answer per puzzle: by default a line with the
/// moves of the first shortest solution in letter order (u, d, l, r name
/// the neighbour the blank swaps with), or "unsolvable". --judge reads and
/// answers as one online judge's problem does instead.
///
/// Where a puzzle ends follows the layout: a line holds whole puzzles (one
/// spaced or several compact ones), or three lines of three tiles hold one
/// grid. A faulty puzzle costs only its own answer line, which says
/// "invalid".
#[derive(Debug, Parser)]
#[command(
    name = "eight",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true
)]
struct Opts {
    /// A tool other than solving; without one, eight solves.
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    solve: solve::SolveArgs,

    /// Print a shell completion script or the man page, then exit.
    #[arg(long, value_enum, value_name = "WHAT", exclusive = true)]
    generate: Option<completions::Generate>,
}

const AFTER_HELP: &str = concat!(
    "Examples:\n",
    "  echo 2 3 4 1 5 x 7 6 8 | eight          solve one puzzle\n",
    "  eight puzzles.txt > answers.txt          solve a batch file\n",
    "  eight --judge hdu3567 < input.txt        answer as HDU 3567 does\n",
    "  eight gen -n 100 --seed 1 > p.txt && eight p.txt | eight verify --optimal p.txt -\n",
    "                                           generate, solve and judge\n",
    "\n",
    exit_codes::exit_status_help!(
        "some puzzle was invalid (its answer says \"invalid\") or the count or goal \
         lines of a --judge input do not fit its cases",
        "a picture (--svg) that could not be drawn or written, "
    )
);

/// The tools beside the solver.
#[derive(Debug, Subcommand)]
enum Command {
    Verify(verify::VerifyArgs),
    Gen(gen::GenArgs),
    Stats(stats::StatsArgs),
    Compare(compare::CompareArgs),
    BuildTables(build_tables::BuildTablesArgs),
}

fn main() -> std::process::ExitCode {
    let opts = Opts::try_parse().unwrap_or_else(|error| exit_parsing(error));
    #[cfg(unix)]
    signals::handle();
    let outcome = match &opts.command {
        _ if opts.generate.is_some() => completions::run(opts.generate, Opts::command()),
        None => solve::run(&opts.solve),
        Some(Command::Verify(args)) => verify::run(args),
        Some(Command::Gen(args)) => gen::run(args),
        Some(Command::Stats(args)) => stats::run(args),
        Some(Command::Compare(args)) => compare::run(args),
        Some(Command::BuildTables(args)) => build_tables::run(args),
    };
    match outcome {
        Ok(code) => code.into(),
        Err(error) if is_broken_pipe(&error) => {
            // The picture comes after the output, so it was never written.
            if let Some(path) = opts.picture() {
                notice!(
                    "the picture was not written to {}: the reader of the output went away first",
                    path.display()
                );
            }
            ExitCode::Success.into()
        }
        Err(error) => {
            notice!("{error:#}");
            ExitCode::of_error(&error).into()
        }
    }
}

impl Opts {
    /// The file the command was asked to draw its picture into (`--svg`).
    fn picture(&self) -> Option<&Path> {
        let picture = match &self.command {
            None => &self.solve.picture,
            Some(Command::Stats(args)) => &args.picture,
            Some(Command::Compare(args)) => &args.picture,
            Some(Command::Verify(_) | Command::Gen(_) | Command::BuildTables(_)) => return None,
        };
        picture.svg.as_deref()
    }
}

/// Ends a run that clap's parse ended: a usage error on stderr with status
/// 2, or `--help` and `--version` on stdout with status 0, unless stdout
/// cannot be written, which is status 2 as for every other output (clap
/// alone would drop the error and still exit 0).
fn exit_parsing(error: clap::Error) -> ! {
    if error.use_stderr() {
        error.exit()
    }
    let written = error.print().and_then(|()| io::stdout().flush());
    let code = match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            notice!("cannot write output: {e}");
            ExitCode::Error as i32
        }
        _ => error.exit_code(),
    };
    std::process::exit(code)
}

/// A usage error that `eight` finds itself rather than clap, printed as clap
/// prints its own (`error: …`, the usage line of `subcommand`, and the
/// hint); it exits with status 2.
pub fn usage_error(subcommand: Option<&str>, message: impl std::fmt::Display) -> ! {
    let mut command = Opts::command();
    command.build();
    let command = match subcommand {
        Some(name) => command
            .find_subcommand_mut(name)
            .expect("the subcommand exists"),
        None => &mut command,
    };
    command
        .error(clap::error::ErrorKind::ValueValidation, message)
        .exit()
}

/// A reader that went away (`eight < big | head -1`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Opts::command().debug_assert();
    }
}
