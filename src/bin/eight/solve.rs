//! Plain solving, what `eight` does without a subcommand: its options and
//! its run over every input.

use std::path::PathBuf;

use anyhow::Context;
use clap::builder::TypedValueParser;
use clap::Args;
use eight::batch::{Batch, Options};
use eight::board::Board;
use eight::format::Format;
use eight::goal::Goal;
use eight::judge::Judge;
use eight::solver::Engine;

use crate::exit_codes::ExitCode;
use crate::files;
use crate::terminal::{self, Stdout};

/// The options of plain solving.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The arrangement to solve towards, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// What each answer holds.
    #[arg(long, value_name = "FORMAT", default_value = "moves", value_parser = format_parser())]
    pub format: Format,

    /// Accepted for old scripts, and changes nothing: every answer is
    /// already the first shortest solution in ASCII order (d < l < r < u).
    #[arg(long)]
    pub lexmin: bool,

    /// The search that answers. Every one gives the same answer, the first
    /// shortest solution in letter order; they differ in the work it takes
    /// (see `eight compare`).
    #[arg(long, value_name = "ALGORITHM", default_value = "auto", value_parser = engine_parser())]
    pub algorithm: Engine,

    /// Read and answer exactly as this judge problem does.
    ///
    /// A preset fixes the input framing, the goal and the output, so --goal
    /// and --format cannot be given with it; --algorithm can.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = judge_parser(),
        conflicts_with_all = ["goal", "format"]
    )]
    pub judge: Option<Judge>,

    /// After each answer, print to standard error what it took, as
    /// "puzzle N: ALGORITHM: M moves, E expanded, G generated, max frontier
    /// F, T ms": states expanded and generated, the most states waiting at
    /// once, and the time.
    #[arg(long)]
    pub stats: bool,
}

impl SolveArgs {
    /// The library's view of these options.
    fn options(&self) -> Options {
        match self.judge {
            Some(judge) => judge.options(self.algorithm),
            None => Options {
                goal: Goal::new(self.goal),
                format: self.format,
                engine: self.algorithm,
                ..Options::default()
            },
        }
    }
}

/// Solves every input in turn; the exit status says whether all was read.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    files::refuse_subcommand_typos(&args.files);
    // To a pipe or a file, answers are flushed only when the input must be
    // read again (see `Batch::run`), never per line.
    let mut batch = Batch::new(args.options(), Stdout::open());
    if args.stats {
        batch.report_to(|report| terminal::message(format_args!("{report}")));
    }
    let trouble = files::solve_each(&args.files, |input, report_bad_puzzle| {
        batch.run(input, report_bad_puzzle)
    })?;
    batch.flush().context("cannot write output")?;
    Ok(trouble.exit_code(batch.tally().invalid))
}

/// `--goal`, parsed as a puzzle.
pub fn parse_goal(text: &str) -> Result<Board, String> {
    eight::input::parse_board(text).map_err(|e| e.to_string())
}

/// The value parser of a `--judge` option: every preset by name, with its
/// one-line summary for the help.
pub fn judge_parser() -> impl clap::builder::TypedValueParser<Value = Judge> {
    named(
        Judge::ALL
            .iter()
            .map(|judge| (judge.name(), judge.summary(), *judge)),
    )
}

/// The value parser of `--algorithm`.
fn engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    named(
        Engine::ALL
            .iter()
            .map(|engine| (engine.name(), engine.summary(), *engine)),
    )
}

/// The value parser of `--format`.
fn format_parser() -> impl clap::builder::TypedValueParser<Value = Format> {
    named(
        Format::CHOICES
            .iter()
            .map(|format| (format.name(), format.summary(), *format)),
    )
}

/// A value parser that takes one of `members`' names and gives the member;
/// each member's summary is its line in the help.
pub fn named<T: Clone + Send + Sync + 'static>(
    members: impl Iterator<Item = (&'static str, &'static str, T)>,
) -> impl clap::builder::TypedValueParser<Value = T> {
    let members: Vec<_> = members.collect();
    let values = members
        .iter()
        .map(|(name, summary, _)| clap::builder::PossibleValue::new(*name).help(*summary));
    clap::builder::PossibleValuesParser::new(values).map(move |name| {
        let (_, _, member) = members
            .iter()
            .find(|(known, _, _)| *known == name)
            .expect("clap accepts only the names it was given");
        member.clone()
    })
}
