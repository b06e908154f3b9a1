//! `eight compare`: runs every algorithm over each input and prints the
//! table, reporting bad puzzles, broken judge frames and unreadable files as
//! plain solving does.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use eight::compare::{Comparison, Heuristic, Lineup};
use eight::draw::chart;
use eight::judge::Preset;
use eight::read::frame::Framing;
use eight::Goal;
use eight::Shape;

use crate::exit_codes::{exit_status_help, ExitCode};
use crate::files;
use crate::picture::{self, PictureArgs};
use crate::solve::{
    board_goal, grid_goal, judge_parser, named, parse_size, refuse_judge_with_size, CacheArgs,
};
use crate::terminal::Stdout;

/// Run every algorithm on the same puzzles and show their work side by side.
///
/// Reads puzzles as the solver does and prints one row per puzzle: for each
/// algorithm, the moves of its answer (all equal: each gives the first
/// shortest solution in letter order), the states it expanded and the
/// milliseconds it took. Work per algorithm close the table.
///
/// Plain BFS takes milliseconds per puzzle, so thousands of puzzles take a
/// while. The table's first puzzle pays for building it, the later ones
/// only look their answers up.
///
/// With --size RxC (6 to 25 cells), the rows are heuristics for IDA*
/// instead: Manhattan distance, linear conflicts and pattern databases,
/// each line showing moves, nodes generated and milliseconds, the totals
/// nodes per second too.
///
/// With --svg, the picture shows the states each row expanded over all the
/// puzzles, and on 3x3 also the first solvable puzzle's breadth-first and
/// bidirectional searches, layer by layer. The bar of a search that gave
/// up at --limit is light and hatched, and says so under its name.
#[derive(Debug, Args)]
#[command(after_help = exit_status_help!(
    "some puzzle was invalid or the count or goal lines of a --judge input do not fit its cases",
    crate::picture::unwritable_picture_help!()
))]
pub struct CompareArgs {
    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The goal arrangement, written like a puzzle [default: the tiles in
    /// row order, blank last: 12345678x on 3x3].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    /// The board's rows and columns, rows first; "N" is NxN. On a size
    /// other than 3x3 (6 to 25 cells), the heuristics are compared.
    #[arg(long, value_name = "RxC", default_value = "3x3", value_parser = parse_size)]
    pub size: Shape,

    /// With --size: the heuristics to compare, in order, separated by
    /// commas [default: manhattan,conflicts,pdb,pdb-noreflect].
    #[arg(
        long,
        value_name = "NAMES",
        value_delimiter = ',',
        value_parser = named(&Heuristic::ALL, |heuristic| (heuristic.name, heuristic.summary))
    )]
    pub heuristics: Vec<&'static Heuristic>,

    /// With --size: the nodes a Manhattan search may generate on one
    /// board before it gives up ("?" for its moves); 0 for no limit. Hard
    /// 15-puzzles take billions [default: 100000000].
    #[arg(long, value_name = "NODES")]
    pub limit: Option<u64>,

    /// Read the puzzles as this judge problem's input: its count line, its
    /// goal, or for hdu3567 each case's own goal (shown in a goal column).
    ///
    /// Its goal replaces --goal, so the two cannot be given together. A
    /// count or goal line that does not fit the cases is reported with its
    /// line, after the rows of the cases before it.
    #[arg(long, value_name = "NAME", value_parser = judge_parser(Preset::is_eight), conflicts_with = "goal")]
    pub judge: Option<&'static Preset>,

    #[command(flatten)]
    pub cache: CacheArgs,

    #[command(flatten)]
    pub picture: PictureArgs,
}

/// Runs `eight compare`; the exit status says whether all was read.
pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    args.picture.refuse_inputs(Some("compare"), &args.files);
    let mut comparison = match Lineup::for_shape(args.size) {
        Some(Lineup::Algorithms) => algorithms(args),
        // On a shape that has no lineup, the heuristics' databases say why.
        Some(Lineup::Heuristics) | None => heuristics(args),
    };
    let trouble = files::solve_each(&args.files, |input, on_error, on_warning| {
        comparison.run(input, on_error, on_warning)
    })?;
    // With nothing read at all, the errors say everything: no empty table.
    if comparison.tally().puzzles > 0 || !trouble.unreadable {
        comparison.finish().context("cannot write output")?;
        if let Some(path) = &args.picture.svg {
            picture::write(path, &picture(&comparison)?)?;
        }
    }
    Ok(trouble.exit_code(comparison.tally().invalid))
}

/// The comparison's picture: each row's work, and on 3x3 the searches of
/// the first solvable puzzle.
fn picture(comparison: &Comparison<Stdout>) -> anyhow::Result<String> {
    let layers = comparison
        .search_layers()
        .context("cannot draw the searches")?;
    let totals = comparison.totals();
    Ok(chart::comparison(
        &totals.rows,
        totals.puzzles,
        layers.as_ref(),
    ))
}

/// The 3x3 algorithms side by side, on the judge's framing and goal.
fn algorithms(args: &CompareArgs) -> Comparison<Stdout> {
    if !args.heuristics.is_empty() || args.limit.is_some() {
        crate::usage_error(
            Some("compare"),
            "--heuristics and --limit are for comparing heuristics on other sizes; give --size RxC",
        );
    }
    let (goal, framing) = match args.judge {
        // --judge takes the 3x3 presets only.
        Some(judge) => (judge.fallback_goal(), judge.framing),
        None => (
            Goal::new(board_goal(args.goal.as_deref())),
            Framing::default(),
        ),
    };
    Comparison::new(goal, framing, Stdout::open())
}

/// `eight compare --size RxC`: the heuristics side by side.
fn heuristics(args: &CompareArgs) -> Comparison<Stdout> {
    refuse_judge_with_size(Some("compare"), args.judge, args.size);
    let goal = grid_goal(args.goal.as_deref(), args.size);
    let heuristics = if args.heuristics.is_empty() {
        Heuristic::defaults().collect()
    } else {
        args.heuristics.clone()
    };
    /// Enough for boards of up to about 50 moves, a few seconds each.
    const LIMIT: u64 = 100_000_000;
    let limit = Some(args.limit.unwrap_or(LIMIT)).filter(|&nodes| nodes > 0);
    Comparison::heuristics(goal, &heuristics, limit, args.cache.dir(), Stdout::open())
        .unwrap_or_else(|error| crate::usage_error(Some("compare"), error))
}
