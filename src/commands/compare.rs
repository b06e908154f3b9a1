//! `eight compare`: runs every algorithm over each input and prints the
//! table, reporting bad puzzles, broken judge frames and unreadable files as
//! plain solving does.

use anyhow::Context;
use eight::compare::Comparison;

use crate::cli::CompareArgs;
use crate::files;
use crate::terminal::Stdout;

/// Runs `eight compare`; the exit code, or an error for `main` to report.
pub fn run(args: &CompareArgs) -> anyhow::Result<u8> {
    let out = Stdout::open();
    let (goal, framing) = args.input();
    let mut comparison = Comparison::new(goal, framing, out);
    let trouble = files::solve_each(&args.files, |input, report_bad_puzzle| {
        comparison.run(input, report_bad_puzzle)
    })?;
    comparison.finish().context("cannot write output")?;
    Ok(trouble.exit_code(comparison.summary().invalid))
}
