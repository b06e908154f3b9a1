//! `eight gen`: prints random puzzles from a seeded generator, as a test
//! file: `eight`'s own input (one puzzle per line) or one judge problem's,
//! so a problem setter can hand the file to the judge and `eight --judge
//! NAME` reads it back.
//!
//! Judges frame and spell their input each their own way: a count line or
//! none, blank lines between cases, `x`, `X` or `0` for the blank, a goal
//! line under each start. `Judge::layout` holds these per judge; the
//! puzzles come from a `Draw` towards the judge's goal, or from a
//! `PairDraw` for HDU 3567, whose cases bring their own goals.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;
use eight::board::{tile_char, Board, BLANK};
use eight::generate::{Distances, Draw, GenerateError, PairDraw, Population};
use eight::judge::{InputLayout, Judge};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::exit_codes::ExitCode;
use crate::solve::{judge_parser, named, parse_goal};
use crate::terminal::{notice, Stdout};

/// Print random puzzles.
///
/// Each puzzle is drawn uniformly from all the arrangements that qualify
/// (by exact distance, never by random walks), and no puzzle is printed
/// twice in one run. Without --distance or --unsolvable, every solvable
/// arrangement qualifies.
#[derive(Debug, Args)]
#[command(after_help = "\
Exit status: 0 when the puzzles were printed; 2 for a usage error or a request that cannot be \
met (more puzzles than there are, a distance beyond the farthest, unsolvable puzzles for a \
judge that promises solvable ones).")]
pub struct GenArgs {
    /// How many puzzles to print.
    #[arg(
        short = 'n',
        long = "count",
        value_name = "N",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub count: u64,

    /// Only puzzles whose shortest solution has D moves; A..B takes every
    /// length from A to B, both included, each arrangement in the range as
    /// likely as any other (so the populous distances dominate).
    #[arg(long, value_name = "D|A..B", allow_negative_numbers = true)]
    pub distance: Option<Distances>,

    /// Only puzzles that cannot reach the goal.
    #[arg(long, conflicts_with = "distance")]
    pub unsolvable: bool,

    /// Seed of the generator: the same seed prints the same puzzles
    /// [default: a fresh seed, reported on standard error].
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub seed: Option<u64>,

    /// The goal arrangement, written like a puzzle.
    #[arg(long, value_name = "TILES", default_value = "12345678x", value_parser = parse_goal)]
    pub goal: Board,

    /// How each puzzle is written.
    #[arg(long, value_name = "STYLE", default_value = "tokens", value_parser = style_parser())]
    pub style: Style,

    /// Write the puzzles as this judge problem's input, which `eight --judge
    /// NAME` reads back.
    ///
    /// Distances are measured to the problem's goal. hdu3567 gives each case
    /// a goal of its own, drawn from all 9! arrangements, and a start
    /// measured to it. Problems that promise solvable cases (hdu3567,
    /// luogu1379) cannot take --unsolvable.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = judge_parser(),
        conflicts_with_all = ["goal", "style"]
    )]
    pub judge: Option<Judge>,
}

impl GenArgs {
    /// The arrangements to draw from.
    fn population(&self) -> Population {
        match (self.unsolvable, self.distance) {
            (true, _) => Population::Unsolvable,
            (false, Some(range)) => Population::Distance(range),
            (false, None) => Population::Solvable,
        }
    }
}

/// The value parser of `--style`.
fn style_parser() -> impl clap::builder::TypedValueParser<Value = Style> {
    named(
        Style::ALL
            .iter()
            .map(|style| (style.name(), style.summary(), *style)),
    )
}

/// Runs `eight gen`; a request that cannot be met is a usage error.
pub fn run(args: &GenArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(rand::random);
    // ChaCha8 and `seed_from_u64` are both documented as portable and
    // value-stable, so a seed means the same puzzles everywhere.
    let rng = ChaCha8Rng::seed_from_u64(seed);
    let population = args.population();
    let file = match args.judge {
        None => {
            TestFile::plain(&args.goal, args.style, population, args.count, rng).map_err(Into::into)
        }
        Some(judge) => TestFile::judge(judge, population, args.count, rng),
    };
    let file = file.unwrap_or_else(|error| crate::usage_error(Some("gen"), error));
    if args.seed.is_none() {
        notice!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = Stdout::open();
    file.write(&mut out).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(ExitCode::Success)
}

/// How a puzzle of `eight`'s own input is written; the solver reads both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Tiles separated by spaces, POJ 1077's input: `2 3 4 1 5 x 7 6 8`.
    #[default]
    Tokens,
    /// Nine characters: `23415x768`.
    Compact,
}

impl Style {
    /// Every style, in the order `--help` lists them.
    pub const ALL: [Style; 2] = [Style::Tokens, Style::Compact];

    /// The style's name, as `gen --style` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Tokens => "tokens",
            Style::Compact => "compact",
        }
    }

    /// One line on what the style looks like, for `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            Style::Tokens => "Tiles separated by spaces: 2 3 4 1 5 x 7 6 8",
            Style::Compact => "Nine characters: 23415x768",
        }
    }
}

/// A test file that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TestFileError {
    /// The problem promises solvable cases, and unsolvable ones were asked
    /// for.
    #[error(
        "{problem} promises that every case is solvable, so its input holds no unsolvable puzzle"
    )]
    SolvableOnly {
        /// The problem, as its judge names it.
        problem: &'static str,
    },
    /// The puzzles cannot be drawn.
    #[error(transparent)]
    Draw(#[from] GenerateError),
}

/// Generated puzzles and the layout they are written in; [`TestFile::write`]
/// writes them.
pub struct TestFile<R> {
    layout: InputLayout,
    count: u64,
    cases: Draws<R>,
}

impl Style {
    /// How a puzzle of this style is written.
    const fn layout(self) -> InputLayout {
        match self {
            Style::Tokens => InputLayout::TOKENS,
            Style::Compact => InputLayout::COMPACT,
        }
    }
}

/// Writes `board` on a line of its own, as `layout` spells it.
fn write_board(layout: InputLayout, board: &Board, out: &mut impl Write) -> io::Result<()> {
    let mut line = String::with_capacity(2 * board.tiles().len());
    for (cell, &tile) in board.tiles().iter().enumerate() {
        if cell > 0 {
            line.push_str(layout.separator);
        }
        line.push(if tile == BLANK {
            layout.blank
        } else {
            tile_char(tile)
        });
    }
    writeln!(out, "{line}")
}

/// Where the cases come from.
enum Draws<R> {
    /// Puzzles for one goal that the input does not write.
    SharedGoal(Draw<R>),
    /// Puzzles each written with its own goal.
    OwnGoals(PairDraw<R>),
}

impl<R: Rng> Iterator for Draws<R> {
    /// A start, and its goal when the input writes one.
    type Item = (Board, Option<Board>);

    fn next(&mut self) -> Option<(Board, Option<Board>)> {
        match self {
            Draws::SharedGoal(draw) => draw.next().map(|start| (start, None)),
            Draws::OwnGoals(draw) => draw.next().map(|(start, goal)| (start, Some(goal))),
        }
    }
}

impl<R: Rng> TestFile<R> {
    /// `count` puzzles drawn from `population` as measured to `goal`, one per
    /// line in `style`: `eight`'s own input.
    pub fn plain(
        goal: &Board,
        style: Style,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<TestFile<R>, GenerateError> {
        Ok(TestFile {
            layout: style.layout(),
            count,
            cases: Draws::SharedGoal(Draw::new(goal, population, count, rng)?),
        })
    }

    /// `count` cases of `judge`'s problem, drawn from `population` as
    /// measured to the problem's goal, or for HDU 3567 to each case's own
    /// goal. Fails for unsolvable puzzles when the problem promises solvable
    /// ones (HDU 3567 does), and when the draw cannot be made.
    pub fn judge(
        judge: Judge,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<TestFile<R>, TestFileError> {
        if let (Some(problem), Population::Unsolvable) = (
            judge.promises_solvable().then(|| judge.problem()),
            population,
        ) {
            return Err(TestFileError::SolvableOnly { problem });
        }
        let cases = match judge.goal() {
            Some(goal) => Draws::SharedGoal(Draw::new(&goal, population, count, rng)?),
            None => Draws::OwnGoals(PairDraw::new(population, count, rng)?),
        };
        Ok(TestFile {
            layout: judge.layout(),
            count,
            cases,
        })
    }

    /// Draws the puzzles and writes them.
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        let layout = self.layout;
        if layout.counted {
            writeln!(out, "{}", self.count)?;
        }
        for (start, goal) in self.cases {
            if layout.blank_lines {
                writeln!(out)?;
            }
            write_board(layout, &start, out)?;
            if let Some(goal) = goal {
                write_board(layout, &goal, out)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_file_is_one_puzzle_per_line() {
        let solved = Population::Distance(Distances { min: 0, max: 0 });
        let rng = ChaCha8Rng::seed_from_u64(1);
        let file = TestFile::plain(&Board::GOAL, Style::Tokens, solved, 1, rng).unwrap();
        let mut out = Vec::new();
        file.write(&mut out).unwrap();
        assert_eq!(out, b"1 2 3 4 5 6 7 8 x\n");
    }

    #[test]
    fn a_judge_file_has_its_count_line_and_blank_lines() {
        let solved = Population::Distance(Distances { min: 0, max: 0 });
        let rng = ChaCha8Rng::seed_from_u64(1);
        let file = TestFile::judge(Judge::Uva652, solved, 1, rng).unwrap();
        let mut out = Vec::new();
        file.write(&mut out).unwrap();
        assert_eq!(out, b"1\n\n1 2 3 4 5 6 7 8 x\n");
    }
}
