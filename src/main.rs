//! The `eight` binary: parses arguments, runs the library's batch over each
//! input, reports bad puzzles on stderr and maps the outcome to an exit code.

mod cli;
mod commands;
mod files;
mod terminal;

use std::io;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use eight::batch::Batch;

use crate::cli::Opts;
use crate::terminal::{notice, Stdout};

/// Every puzzle was read and answered.
const EXIT_OK: u8 = 0;
/// Some puzzle was invalid (its answer says so and the rest were answered),
/// or a judge input's frame was broken (the cases before the break were
/// answered).
const EXIT_INVALID: u8 = 1;
/// Usage error (clap exits with 2 itself) or an input that could not be read.
const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let opts = Opts::parse();
    let outcome = match &opts.command {
        None => run(&opts),
        Some(command) => commands::run(command),
    };
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(error) if is_broken_pipe(&error) => ExitCode::from(EXIT_OK),
        Err(error) => {
            notice!("{error:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn run(opts: &Opts) -> anyhow::Result<u8> {
    // To a pipe or a file, answers are flushed only when the input must be
    // read again (see `Batch::run`), never per line.
    let out = Stdout::open();
    let mut batch = Batch::new(opts.options(), out);
    if opts.stats {
        batch.report_to(|report| terminal::message(format_args!("{report}")));
    }
    let trouble = files::solve_each(&opts.files, |input, report_bad_puzzle| {
        batch.run(input, report_bad_puzzle)
    })?;
    batch.flush().context("cannot write output")?;
    Ok(trouble.exit_code(batch.summary().invalid))
}

/// A reader that went away (`eight < big | head -1`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
