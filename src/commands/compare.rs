//! `eight compare`: runs every algorithm over each input and prints the
//! table, reporting bad puzzles and unreadable files as plain solving does.

use std::io::{self, BufWriter};
use std::path::Path;

use anyhow::Context;
use eight::batch::BatchError;
use eight::compare::Comparison;
use eight::goal::Goal;

use crate::cli::CompareArgs;
use crate::files;
use crate::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};

/// Runs `eight compare`; the exit code, or an error for `main` to report.
pub fn run(args: &CompareArgs) -> anyhow::Result<u8> {
    let out = BufWriter::new(io::stdout().lock());
    let mut comparison = Comparison::new(Goal::new(args.goal.goal), out);
    let stdin = Path::new("-");
    let sources = if args.files.is_empty() {
        vec![stdin]
    } else {
        args.files.iter().map(|p| p.as_path()).collect()
    };
    let mut unreadable = false;
    for source in sources {
        let label = files::label(source);
        let outcome = files::open(source, files::PUZZLES).map_err(BatchError::Read);
        let outcome = outcome.and_then(|input| {
            comparison.run(input, |puzzle, error| {
                eprintln!(
                    "eight: {label}line {} (puzzle {puzzle}): {}",
                    error.line, error.kind
                );
            })
        });
        match outcome {
            Ok(()) => {}
            Err(BatchError::Read(error)) => {
                eprintln!("eight: {label}{error}");
                unreadable = true;
            }
            // Only the output can fail otherwise, and then nothing more
            // can be shown.
            Err(error) => return Err(error.into()),
        }
    }
    comparison.finish().context("cannot write output")?;
    Ok(if unreadable {
        EXIT_ERROR
    } else if comparison.summary().invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    })
}
