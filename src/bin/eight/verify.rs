//! `eight verify`: the special judge. Judges a file of answers against a
//! file of puzzles and prints a verdict per puzzle and a summary.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use eight::judge::Preset;
use eight::read::frame::Framing;
use eight::verify::{stream::verify_all, stream::Ruling};
use eight::verify::{Puzzles, Rules};
use eight::Shape;
use eight::Strategy;
use eight::{Grid, Optimality};

use crate::exit_codes::{exit_status_help, ExitCode};
use crate::files;
use crate::solve::{board_goal, grid_goal, judge_parser, parse_size, CacheArgs};
use crate::terminal::{notice, ReaderMayLeave, Stdout};

/// Judge answers to puzzles.
///
/// Reads the puzzles as the solver does and, line by line, one answer to
/// each: the moves (u, d, l, r) or "unsolvable". Every puzzle gets a verdict
/// line, accepted or rejected with the reason, and a summary line closes the
/// report. Any legal moves that reach the goal are accepted, shortest or not,
/// unless --optimal is given. --judge reads the puzzles as one judge
/// problem's input and the answers as its output instead.
#[derive(Debug, Args)]
#[command(after_help = exit_status_help!(
    "some answer is rejected or missing, some puzzle is invalid, answer lines are left over \
     or the count or goal lines of a --judge input do not fit its cases (a closed output \
     pipe does not change this)"
))]
pub struct VerifyArgs {
    /// The puzzles; "-" is standard input.
    pub puzzles: PathBuf,

    /// The answers, one per puzzle; "-" is standard input.
    pub answers: PathBuf,

    /// The goal arrangement, written like a puzzle [default: the tiles in
    /// row order, blank last: 12345678x on 3x3].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    /// The boards' rows and columns, as for solving ("2x3", "4"): every
    /// answer is played out on a board of that size; up to 16 cells its
    /// length is compared with the shortest [default: 3x3].
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Shape>,

    /// Reject answers longer than the shortest solution.
    #[arg(long)]
    pub optimal: bool,

    /// Judge as this judge problem does: PUZZLES in its input, ANSWERS in
    /// its output.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = judge_parser(|_| true),
        conflicts_with = "goal",
        long_help = judge_help()
    )]
    pub judge: Option<&'static Preset>,

    /// Print only the summary line.
    #[arg(short, long)]
    pub quiet: bool,

    #[command(flatten)]
    pub cache: CacheArgs,
}

impl VerifyArgs {
    /// What the judge checks; options that do not fit together are a
    /// usage error.
    fn rules(&self) -> Rules {
        let shape = self.size.unwrap_or(Shape::EIGHT);
        let plain = |puzzles| Rules {
            puzzles,
            optimal: self.optimal,
            ..Rules::default()
        };
        let rules = match self.judge {
            // A preset on other boards sets the board itself, so no --size
            // fits it, not even 3x3; a 3x3 preset takes only 3x3.
            Some(preset)
                if self.size.is_some() && !(preset.is_eight() && shape == Shape::EIGHT) =>
            {
                let why = match preset.is_eight() {
                    false => "sets the board itself; it cannot be used with --size".to_string(),
                    true => format!("reads 3x3 puzzles; it cannot be used with --size {shape}"),
                };
                usage_error!(Some("verify"), "--judge {} {why}", preset.name)
            }
            Some(preset) => Rules::judge(preset, self.optimal),
            None => {
                if self.optimal && !Strategy::gives_shortest(shape, Optimality::Default) {
                    usage_error!(
                        Some("verify"),
                        "--optimal needs the shortest length, which is known up to 16 cells; \
                         --size {shape} has {}",
                        shape.cells()
                    );
                }
                // The 3×3 goal is read as 3×3 puzzles are.
                let goal = match shape == Shape::EIGHT {
                    true => Grid::from(&board_goal(self.goal.as_deref())),
                    false => grid_goal(self.goal.as_deref(), shape),
                };
                plain(Puzzles {
                    framing: Framing::Stream(shape),
                    goal: Some(goal),
                })
            }
        };
        Rules {
            cache: self.cache.dir(),
            ..rules
        }
    }
}

/// The long help of `--judge`: what each preset's answers must be, from
/// the presets' own table.
fn judge_help() -> String {
    let mut help = String::from(
        "Judge as this judge problem does: PUZZLES in its input, with its count line and its \
         goal, ANSWERS in its output.\n",
    );
    // Presets whose answers read alike share a paragraph.
    let mut formats: Vec<(String, Vec<&str>)> = Vec::new();
    for preset in &Preset::ALL {
        // Every preset's answers are read by the judge.
        let accepts = preset.format.accepts().unwrap_or_default();
        match formats.iter_mut().find(|(text, _)| *text == accepts) {
            Some((_, names)) => names.push(preset.name),
            None => formats.push((accepts, vec![preset.name])),
        }
    }
    for (accepts, names) in formats {
        help += &format!("\n{}: {accepts}.\n", names.join(", "));
    }
    help +=
        "\nIts goal replaces --goal, so the two cannot be given together. --optimal is implied \
             where only the shortest answer is right (counts and hdu3567), and keeps its meaning \
             for the others. A count or goal line of PUZZLES that does not fit its cases is \
             reported with its line, after the verdicts of the cases before it.";
    help
}

/// Runs `eight verify`; the exit status is the verdict.
pub fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    if files::is_stdin(&args.puzzles) && files::is_stdin(&args.answers) {
        crate::usage_error(
            Some("verify"),
            "PUZZLES and ANSWERS cannot both be standard input (-)",
        );
    }
    let rules = args.rules();
    let open = |path, what| files::open(path, what).with_context(|| format!("{}", path.display()));
    let puzzles = open(&args.puzzles, files::PUZZLES)?;
    let answers = open(&args.answers, files::ANSWERS)?;
    let label = files::label(&args.puzzles);
    let mut out = ReaderMayLeave::new(Stdout::open());
    let report = |number, ruling: &Ruling| {
        if let Ruling::Invalid(invalid) = ruling {
            for error in invalid.errors() {
                files::bad_puzzle(&label, number, error);
            }
        }
        if args.quiet {
            return Ok(());
        }
        writeln!(out, "puzzle {number}: {ruling}")
    };
    let summary = verify_all(puzzles, answers, &rules, report, |warning| {
        notice!("{warning}")
    })?;
    if let Some(broken) = &summary.broken_frame {
        // After the verdicts so far, which the message follows.
        out.flush().context("cannot write output")?;
        notice!("{label}{broken}");
    }
    if let Some(extra) = summary.extra.filter(|_| !args.quiet) {
        writeln!(out, "{extra}").context("cannot write output")?;
    }
    writeln!(out, "{summary}").context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(ExitCode::failure_if(!summary.all_accepted()))
}
