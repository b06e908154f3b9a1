//! `eight verify`: judges a file of answers against a file of puzzles and
//! prints a verdict per puzzle and a summary.

use std::io::Write;

use anyhow::{bail, Context};
use eight::verify::stream::{verify_all, Outcome};

use crate::cli::VerifyArgs;
use crate::files;
use crate::terminal::{notice, ReaderMayLeave, Stdout};
use crate::EXIT_OK;

/// Some answer was not accepted, some puzzle could not be read, or the
/// puzzles' frame is broken.
const EXIT_REJECTED: u8 = 1;

/// Runs `eight verify`; the exit code, or an error for `main` to report.
pub fn run(args: &VerifyArgs) -> anyhow::Result<u8> {
    if files::is_stdin(&args.puzzles) && files::is_stdin(&args.answers) {
        bail!("PUZZLES and ANSWERS cannot both be standard input (-)");
    }
    let open = |path, what| files::open(path, what).with_context(|| format!("{}", path.display()));
    let puzzles = open(&args.puzzles, files::PUZZLES)?;
    let answers = open(&args.answers, files::ANSWERS)?;
    let label = files::label(&args.puzzles);
    let mut out = ReaderMayLeave::new(Stdout::open());
    let tally = verify_all(puzzles, answers, &args.rules(), |number, outcome| {
        if let Outcome::Invalid(invalid) = outcome {
            for error in invalid.errors() {
                notice!(
                    "{label}line {} (puzzle {number}): {}",
                    error.line,
                    error.kind
                );
            }
        }
        if args.quiet {
            return Ok(());
        }
        writeln!(out, "puzzle {number}: {outcome}")
    })?;
    if let Some(broken) = &tally.broken_frame {
        // After the verdicts so far, which the message follows.
        out.flush().context("cannot write output")?;
        notice!("{label}{broken}");
    }
    if let Some(extra) = tally.extra.filter(|_| !args.quiet) {
        writeln!(out, "{extra}")?;
    }
    writeln!(out, "{tally}")?;
    out.flush().context("cannot write output")?;
    Ok(if tally.all_accepted() {
        EXIT_OK
    } else {
        EXIT_REJECTED
    })
}
