//! The subcommands' runs: each opens its inputs, calls the library, and
//! maps the outcome to an exit code, as `main` does for plain solving.

mod compare;
mod gen;
mod stats;
mod verify;

use crate::cli::Command;

/// Runs `command`; the exit code, or an error for `main` to report.
pub fn run(command: &Command) -> anyhow::Result<u8> {
    match command {
        Command::Verify(args) => verify::run(args),
        Command::Gen(args) => gen::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Compare(args) => compare::run(args),
    }
}
