//! `eight gen`: prints random puzzles from a seeded generator, as a test
//! file: `eight`'s own input (one puzzle per line) or one judge problem's,
//! so a problem setter can hand the file to the judge and `eight --judge
//! NAME` reads it back.
//!
//! Judges frame and spell their input each their own way: a count line or
//! none, blank lines between cases, `x`, `X` or `0` for the blank, a goal
//! line under each start. Each preset's row holds these; the
//! puzzles come from a `Draw` towards the judge's goal, or from a
//! `PairDraw` for HDU 3567, whose cases bring their own goals.

use std::io::{self, Write};

use anyhow::Context;
use clap::Args;
use eight::board::{Board, BLANK};
use eight::generate::{Distances, Draw, GenerateError, PairDraw, Population};
use eight::grid::{self, Grid};
use eight::judge::{Frame, Header, Preset, SizedFraming, Spelling, Tiles};
use eight::read::frame::Framing;
use eight::read::parse_grid;
use eight::shape::Shape;
use eight::sized::generate::{SizedDraw, SizedGenError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::exit_codes::ExitCode;
use crate::solve::{bad_goal, named, parse_goal, parse_size, preset_parser};
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

    /// The goal arrangement, written like a puzzle [default: the tiles in
    /// row order, blank last: 12345678x on 3x3].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    /// Boards of R rows and C columns ("2x3", or "4" for 4x4), drawn
    /// uniformly from all the solvable arrangements (or with --unsolvable
    /// the unsolvable ones). --distance needs at most nine cells. Tiles are
    /// numbers separated by spaces, as `eight --size RxC` reads them
    /// [default: 3x3, or the judge's own].
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Shape>,

    /// How each puzzle is written.
    #[arg(long, value_name = "STYLE", default_value = "tokens", value_parser = style_parser())]
    pub style: Style,

    /// Write the puzzles as this judge problem's input, which `eight --judge
    /// NAME` reads back.
    ///
    /// Distances are measured to the problem's goal. hdu3567 gives each case
    /// a goal of its own, drawn from all 9! arrangements, and a start
    /// measured to it. Problems that promise solvable cases (hdu3567,
    /// luogu1379, alds1_13_b, alds1_13_c) cannot take --unsolvable, and
    /// those with one case per input (poj3240, alds1_13_b, alds1_13_c) take
    /// only -n 1. poj2893 and poj3240 take --size (default 3x3); uva10181
    /// and alds1_13_c, which promise solutions within 50 and 45 moves, get
    /// random walks of that many moves from the goal, as no table of 4x4
    /// distances exists.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = preset_parser(),
        conflicts_with_all = ["goal", "style"]
    )]
    pub judge: Option<&'static Preset>,
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
    let refuse = |error: &dyn std::fmt::Display| -> ! { crate::usage_error(Some("gen"), error) };
    let file = match (args.judge, args.size) {
        (Some(preset), size) if !preset.is_eight() => {
            SizedFile::judge(preset, size, population, args.count, rng).map(AnyFile::Sized)
        }
        (Some(preset), Some(size)) if size != Shape::EIGHT => refuse(&format_args!(
            "--judge {} writes 3x3 puzzles; it cannot be used with --size",
            preset.name
        )),
        (None, Some(size)) if size != Shape::EIGHT => {
            let goal = match &args.goal {
                Some(text) => parse_grid(text, size).unwrap_or_else(|error| bad_goal(text, error)),
                None => Grid::solved(size).unwrap_or_else(|error| refuse(&error)),
            };
            SizedFile::plain(&goal, args.style, population, args.count, rng).map(AnyFile::Sized)
        }
        (Some(preset), _) => {
            TestFile::judge(preset, population, args.count, rng).map(AnyFile::Eight)
        }
        (None, _) => {
            let goal = match &args.goal {
                Some(text) => parse_goal(text).unwrap_or_else(|error| bad_goal(text, error)),
                None => Board::GOAL,
            };
            TestFile::plain(&goal, args.style, population, args.count, rng)
                .map(AnyFile::Eight)
                .map_err(Into::into)
        }
    };
    let file = file.unwrap_or_else(|error| refuse(&error));
    if args.seed.is_none() {
        notice!("seed {seed} (repeat with --seed {seed})");
    }
    let mut out = Stdout::open();
    file.write(&mut out).context("cannot write output")?;
    out.flush().context("cannot write output")?;
    Ok(ExitCode::Success)
}

/// A test file of 3x3 puzzles or of boards of another size.
enum AnyFile<R> {
    Eight(TestFile<R>),
    Sized(SizedFile<R>),
}

impl<R: Rng> AnyFile<R> {
    /// Draws the puzzles and writes them.
    fn write(self, out: &mut impl Write) -> io::Result<()> {
        match self {
            AnyFile::Eight(file) => file.write(out),
            AnyFile::Sized(file) => file.write(out),
        }
    }
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
    /// The problem's input holds one case, and more were asked for.
    #[error("{problem}'s input holds exactly one case, so -n must be 1")]
    OneCase {
        /// The problem, as its judge names it.
        problem: &'static str,
    },
    /// The board's shape does not fit the problem.
    #[error("{problem} {why}; --size {rows}x{columns} does not")]
    Shape {
        /// The problem, as its judge names it.
        problem: &'static str,
        /// What its boards must be.
        why: &'static str,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        columns: usize,
    },
    /// A compact board needs a character per tile.
    #[error("--style compact writes one character per tile, so it needs at most nine cells")]
    Compact,
    /// The puzzles cannot be drawn.
    #[error(transparent)]
    Draw(#[from] GenerateError),
    /// The boards of another size cannot be drawn.
    #[error(transparent)]
    SizedDraw(#[from] SizedGenError),
}

/// Generated puzzles and the layout they are written in; [`TestFile::write`]
/// writes them.
pub struct TestFile<R> {
    spelling: Spelling,
    /// A line with the number of cases comes first.
    counted: bool,
    count: u64,
    cases: Draws<R>,
}

impl Style {
    /// How a puzzle of this style is written.
    const fn spelling(self) -> Spelling {
        match self {
            Style::Tokens => Spelling::Tiles(Tiles::TOKENS),
            Style::Compact => Spelling::Tiles(Tiles::COMPACT),
        }
    }
}

/// Writes a board of `columns` columns on a line of its own, or as rows,
/// as `spelling` says; each tile comes with whether it is the blank.
fn write_tiles(
    tiles: impl ExactSizeIterator<Item = (bool, u32)>,
    columns: usize,
    spelling: Spelling,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut text = String::with_capacity(8 * tiles.len());
    for (cell, (blank, tile)) in tiles.enumerate() {
        let (before, first_column) = (cell > 0, cell % columns == 0);
        match spelling {
            Spelling::Tiles(tiles) if before && first_column && tiles.rows => text.push('\n'),
            Spelling::Tiles(tiles) if before => text.push_str(tiles.separator),
            Spelling::Tiles(_) => {}
            Spelling::Brackets if cell == 0 => text.push_str("[["),
            Spelling::Brackets if first_column => text.push_str("],["),
            Spelling::Brackets => text.push(','),
        }
        match spelling {
            Spelling::Tiles(tiles) if blank => text.push(tiles.blank),
            _ => text.push_str(&tile.to_string()),
        }
    }
    if spelling == Spelling::Brackets {
        text.push_str("]]");
    }
    writeln!(out, "{text}")
}

/// Writes a 3x3 board as `spelling` says.
fn write_board(spelling: Spelling, board: &Board, out: &mut impl Write) -> io::Result<()> {
    let tiles = board
        .tiles()
        .iter()
        .map(|&tile| (tile == BLANK, u32::from(tile)));
    write_tiles(tiles, eight::shape::SIDE, spelling, out)
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
            spelling: style.spelling(),
            counted: false,
            count,
            cases: Draws::SharedGoal(Draw::new(goal, population, count, rng)?),
        })
    }

    /// `count` cases of a 3x3 preset's problem, drawn from `population`
    /// as measured to the problem's goal, or for HDU 3567 to each case's
    /// own goal. Fails for unsolvable puzzles when the problem promises
    /// solvable ones (HDU 3567 does), and when the draw cannot be made.
    pub fn judge(
        preset: &Preset,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<TestFile<R>, TestFileError> {
        let problem = preset.problem;
        if preset.promise.solvable && population == Population::Unsolvable {
            return Err(TestFileError::SolvableOnly { problem });
        }
        if preset.promise.one_case && count != 1 {
            return Err(TestFileError::OneCase { problem });
        }
        let cases = match preset.goal() {
            Some(goal) => Draws::SharedGoal(Draw::new(&goal, population, count, rng)?),
            None => Draws::OwnGoals(PairDraw::new(population, count, rng)?),
        };
        Ok(TestFile {
            spelling: preset.spelling,
            counted: matches!(
                preset.framing,
                Frame::Eight(Framing::Counted | Framing::CountedWithGoals)
            ),
            count,
            cases,
        })
    }

    /// Draws the puzzles and writes them.
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        let spelling = self.spelling;
        if self.counted {
            writeln!(out, "{}", self.count)?;
        }
        let blank_lines = matches!(
            spelling,
            Spelling::Tiles(Tiles {
                blank_lines: true,
                ..
            })
        );
        for (start, goal) in self.cases {
            if blank_lines {
                writeln!(out)?;
            }
            write_board(spelling, &start, out)?;
            if let Some(goal) = goal {
                write_board(spelling, &goal, out)?;
            }
        }
        Ok(())
    }
}

/// A test file of boards of another size: `eight --size RxC`'s input or a
/// sized preset's; [`SizedFile::write`] writes it.
pub struct SizedFile<R> {
    /// The framing of the preset whose input this is, or `None` for one
    /// board per line.
    framing: Option<SizedFraming>,
    spelling: Spelling,
    count: u64,
    boards: SizedDraw<R>,
}

impl<R: Rng> SizedFile<R> {
    /// `count` boards of `goal`'s shape drawn from `population` as measured
    /// to `goal`, one per line in `style`.
    pub fn plain(
        goal: &Grid,
        style: Style,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<SizedFile<R>, TestFileError> {
        let compact = style == Style::Compact;
        if compact && goal.shape().cells() > 9 {
            return Err(TestFileError::Compact);
        }
        Ok(SizedFile {
            framing: None,
            spelling: style.spelling(),
            count,
            boards: SizedDraw::new(goal, population, count, rng)?,
        })
    }

    /// `count` cases of the problem of `preset`, on other boards, on
    /// boards of its shape, or of `size` where each case gives its own
    /// (3x3 unless given), kept to what the statement promises.
    pub fn judge(
        preset: &Preset,
        size: Option<Shape>,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<SizedFile<R>, TestFileError> {
        let Frame::Sized(framing) = preset.framing else {
            unreachable!("a preset on other boards")
        };
        let problem = preset.problem;
        let promise = preset.promise;
        let shape = match (preset.shape(), framing, size) {
            (Some(fixed), _, Some(asked)) if asked != fixed => {
                Some((asked, "has boards of one size"))
            }
            (Some(_), _, _) => None,
            (None, SizedFraming::Headed(header), size) => {
                let asked = size.unwrap_or(Shape::EIGHT);
                match header {
                    _ if !header.admits(asked) => Some((asked, header_rule(header))),
                    _ if promise.odd_side && asked.rows % 2 == 0 && asked.columns % 2 == 0 => {
                        Some((asked, "promises that one side of every board is odd"))
                    }
                    _ => None,
                }
            }
            (None, _, _) => None,
        };
        if let Some((asked, why)) = shape {
            return Err(TestFileError::Shape {
                problem,
                why,
                rows: asked.rows,
                columns: asked.columns,
            });
        }
        if promise.solvable && population == Population::Unsolvable {
            return Err(TestFileError::SolvableOnly { problem });
        }
        if promise.one_case && count != 1 {
            return Err(TestFileError::OneCase { problem });
        }
        let shape = preset.shape().or(size).unwrap_or(Shape::EIGHT);
        let goal = Grid::solved(shape).map_err(SizedGenError::from)?;
        let boards = match (promise.most_moves, population) {
            (Some(most), Population::Solvable) => SizedDraw::walks(&goal, most, count, rng)?,
            _ => SizedDraw::new(&goal, population, count, rng)?,
        };
        Ok(SizedFile {
            framing: Some(framing),
            spelling: preset.spelling,
            count,
            boards,
        })
    }

    /// Draws the boards and writes them.
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        let framing = self.framing;
        if let Some(SizedFraming::Counted(_)) = framing {
            writeln!(out, "{}", self.count)?;
        }
        for board in self.boards {
            let shape = board.shape();
            match framing {
                Some(SizedFraming::Headed(Header::RowsColumns { .. })) => {
                    writeln!(out, "{} {}", shape.rows, shape.columns)?
                }
                Some(SizedFraming::Headed(Header::Side { .. })) => writeln!(out, "{}", shape.rows)?,
                _ => {}
            }
            let tiles = board
                .tiles()
                .iter()
                .map(|&tile| (tile == grid::BLANK, tile));
            write_tiles(tiles, shape.columns, self.spelling, out)?;
        }
        if let Some(SizedFraming::Headed(Header::RowsColumns { .. })) = framing {
            writeln!(out, "0 0")?;
        }
        Ok(())
    }
}

/// What a header admits, for a message.
fn header_rule(header: Header) -> &'static str {
    match header {
        Header::RowsColumns { .. } => "has boards of 2 to 999 rows and columns",
        Header::Side { .. } => "has square boards of side 2 to 10",
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
        let file = TestFile::judge(Preset::named("uva652").unwrap(), solved, 1, rng).unwrap();
        let mut out = Vec::new();
        file.write(&mut out).unwrap();
        assert_eq!(out, b"1\n\n1 2 3 4 5 6 7 8 x\n");
    }
}
