//! `eight gen`: prints random puzzles from a seeded generator, as a test
//! file: `eight`'s own input (one puzzle per line) or one judge problem's,
//! so a problem setter can hand the file to the judge and `eight --judge
//! NAME` reads it back.
//!
//! Judges frame and spell their input each their own way: a count line or
//! none, blank lines between cases, `x`, `X` or `0` for the blank, a goal
//! line under each start, a line giving each board's shape. Each preset's
//! row holds these, and one [`TestFile`] writes them all; the puzzles come
//! from a `Draw` towards the judge's goal, from its pairs for HDU 3567,
//! whose cases bring their own goals, or from its walks for problems that
//! promise short solutions.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use eight::generate::{Distances, Draw, GenerateError, Population};
use eight::judge::{Framing, Header, Preset, Spelling, Tiles};
use eight::Shape;
use eight::{Grid, BLANK};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::exit_codes::ExitCode;
use crate::solve::{board_goal, grid_goal, judge_parser, parse_size};
use crate::terminal::{notice, Stdout};

/// Stops with a usage error of `gen`: a request that cannot be met; the
/// message is formatted in place as by `format!`.
macro_rules! refuse {
    ($($message:tt)*) => {
        usage_error!(Some("gen"), $($message)*)
    };
}

/// Print random puzzles.
///
/// Each puzzle is drawn uniformly from all the arrangements that qualify
/// (by exact distance, never by random walks), and no puzzle is printed
/// twice in one run. Without --distance or --unsolvable, every solvable
/// arrangement qualifies.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Exit status: 0 when the puzzles were printed; 2 for a usage error, a request that cannot \
     be met (more puzzles than there are, a distance beyond the farthest, unsolvable puzzles \
     for a judge that promises solvable ones), or ",
    crate::exit_codes::unwritable_output_help!(),
    "; ",
    crate::exit_codes::out_of_memory_help!(),
    "."
))]
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
    #[arg(long, value_name = "STYLE", value_enum, default_value = "tokens")]
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
        value_parser = judge_parser(|_| true),
        conflicts_with_all = ["goal", "style"]
    )]
    pub judge: Option<&'static Preset>,
}

/// Runs `eight gen`; a request that cannot be met is a usage error.
pub fn run(args: &GenArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(rand::random);
    // ChaCha8 and `seed_from_u64` are both documented as portable and
    // value-stable, so a seed means the same puzzles everywhere.
    let rng = ChaCha8Rng::seed_from_u64(seed);
    let (count, goal) = (args.count, args.goal.as_deref());
    let population = match (args.unsolvable, args.distance) {
        (true, _) => Population::Unsolvable,
        (false, Some(range)) => Population::Distance(range),
        (false, None) => Population::Solvable,
    };
    let plain = |cases| TestFile::plain(args.style, cases);
    let file = match (args.judge, args.size) {
        (Some(preset), size) => TestFile::judge(preset, size, population, count, rng),
        (None, Some(size)) if size != Shape::EIGHT => {
            let goal = grid_goal(goal, size);
            if args.style == Style::Compact && size.cells() > 9 {
                refuse!(
                    "--style compact writes one character per tile, so it needs at most nine cells"
                );
            }
            Draw::new(&goal, population, count, rng).map(plain)
        }
        (None, _) => Draw::new(&board_goal(goal), population, count, rng).map(plain),
    };
    let file = match file {
        // Not the request's fault: the same run may fit with more memory.
        Err(GenerateError::Memory(error)) => return Err(error.into()),
        file => file.unwrap_or_else(|error| refuse!("{error}")),
    };
    if args.seed.is_none() {
        notice!("seed {seed} (repeat with --seed {seed})");
    }
    Stdout::print(|out| file.write(out))?;
    Ok(ExitCode::Success)
}

/// How a puzzle of `eight`'s own input is written; the solver reads both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Style {
    /// Tiles separated by spaces: 2 3 4 1 5 x 7 6 8
    Tokens,
    /// Nine characters: 23415x768
    Compact,
}

/// Generated puzzles of any size and the layout they are written in:
/// `eight`'s own input or a preset's; [`TestFile::write`] writes them.
pub struct TestFile<R> {
    /// The framing of the preset whose input this is, or `None` for one
    /// puzzle per line.
    framing: Option<Framing>,
    spelling: Spelling,
    cases: Draw<R>,
}

impl<R: Rng> TestFile<R> {
    /// The puzzles of `cases`, one per line in `style`: `eight`'s own
    /// input.
    pub fn plain(style: Style, cases: Draw<R>) -> TestFile<R> {
        let tiles = match style {
            Style::Tokens => Tiles::TOKENS,
            Style::Compact => Tiles::COMPACT,
        };
        TestFile {
            framing: None,
            spelling: Spelling::Tiles(tiles),
            cases,
        }
    }

    /// `count` cases of `preset`'s problem, drawn from `population` as
    /// measured to the problem's goal (for HDU 3567 to each case's own),
    /// on boards of its shape, or of `size` where each case gives its own
    /// (3x3 unless given), kept to what the statement promises (else a
    /// usage error).
    pub fn judge(
        preset: &Preset,
        size: Option<Shape>,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<TestFile<R>, GenerateError> {
        let (problem, promise) = (preset.problem, preset.promise);
        check_size(preset, size);
        if promise.solvable && population == Population::Unsolvable {
            refuse!(
                "{problem} promises that every case is solvable, so its input holds no unsolvable \
                 puzzle"
            );
        }
        if promise.one_case && count != 1 {
            refuse!("{problem}'s input holds exactly one case, so -n must be 1");
        }
        let cases = match (preset.is_eight(), preset.goal()) {
            (true, Some(goal)) => Draw::new(&goal, population, count, rng)?,
            (true, None) => Draw::pairs(population, count, rng)?,
            (false, _) => {
                let goal = Grid::solved(preset.shape().or(size).unwrap_or(Shape::EIGHT))?;
                match (promise.most_moves, population) {
                    (Some(most), Population::Solvable) => Draw::walks(&goal, most, count, rng)?,
                    _ => Draw::new(&goal, population, count, rng)?,
                }
            }
        };
        Ok(TestFile {
            framing: Some(preset.framing),
            spelling: preset.spelling,
            cases,
        })
    }

    /// Draws the puzzles and writes them.
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        let (counted, header) = match self.framing {
            Some(Framing::Counted(_) | Framing::CountedWithGoals(_)) => (true, None),
            Some(Framing::Headed(header)) => (false, Some(header)),
            _ => (false, None),
        };
        if counted {
            writeln!(out, "{}", self.cases.len())?;
        }
        let blank_lines = matches!(self.spelling, Spelling::Tiles(tiles) if tiles.blank_lines);
        for (start, goal) in self.cases {
            if blank_lines {
                writeln!(out)?;
            }
            let shape = start.shape();
            match header {
                Some(Header::RowsColumns) => writeln!(out, "{} {}", shape.rows, shape.columns)?,
                Some(Header::Side) => writeln!(out, "{}", shape.rows)?,
                None => {}
            }
            for board in std::iter::once(&start).chain(&goal) {
                write_tiles(board, self.spelling, out)?;
            }
        }
        if let Some(Header::RowsColumns) = header {
            writeln!(out, "0 0")?;
        }
        Ok(())
    }
}

/// Writes `board` on a line of its own, or as rows, as `spelling` says.
fn write_tiles(board: &Grid, spelling: Spelling, out: &mut impl Write) -> io::Result<()> {
    let columns = board.shape().columns;
    let mut text = String::with_capacity(8 * board.tiles().len());
    for (cell, &tile) in board.tiles().iter().enumerate() {
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
            Spelling::Tiles(tiles) if tile == BLANK => text.push(tiles.blank),
            _ => text.push_str(&tile.to_string()),
        }
    }
    if spelling == Spelling::Brackets {
        text.push_str("]]");
    }
    writeln!(out, "{text}")
}

/// Stops with a usage error when `preset`'s problem cannot have boards of
/// `size`.
fn check_size(preset: &Preset, size: Option<Shape>) {
    let framing = preset.framing;
    if preset.is_eight() {
        if size.is_some_and(|size| size != Shape::EIGHT) {
            refuse!(
                "--judge {} writes 3x3 puzzles; it cannot be used with --size",
                preset.name
            );
        }
        return;
    }
    let asked = size.unwrap_or(Shape::EIGHT);
    let odd_side = preset.promise.odd_side && asked.rows % 2 == 0 && asked.columns % 2 == 0;
    let why = match (preset.shape(), framing) {
        (Some(fixed), _) => (size.is_some() && asked != fixed).then_some("has boards of one size"),
        (None, Framing::Headed(header)) if !header.admits(asked) => Some(match header {
            Header::RowsColumns => "has boards of 2 to 999 rows and columns",
            Header::Side => "has square boards of side 2 to 10",
        }),
        (None, Framing::Headed(_)) if odd_side => {
            Some("promises that one side of every board is odd")
        }
        (None, _) => None,
    };
    if let Some(why) = why {
        refuse!("{} {why}; --size {asked} does not", preset.problem);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eight::board::Board;

    #[test]
    fn a_file_is_framed_as_its_input_is() {
        let solved = Population::Distance(Distances { min: 0, max: 0 });
        let rng = || ChaCha8Rng::seed_from_u64(1);
        let draw = Draw::new(&Board::GOAL, solved, 1, rng());
        let plain = draw.map(|cases| TestFile::plain(Style::Tokens, cases));
        // A judge's file has its count line and blank lines.
        let uva = TestFile::judge(Preset::named("uva652").unwrap(), None, solved, 1, rng());
        let files = [
            (plain, "1 2 3 4 5 6 7 8 x\n"),
            (uva, "1\n\n1 2 3 4 5 6 7 8 x\n"),
        ];
        for (file, want) in files {
            let mut out = Vec::new();
            file.unwrap().write(&mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), want);
        }
    }
}
