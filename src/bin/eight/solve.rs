//! Plain solving, what `eight` does without a subcommand: its options and
//! its run over every input.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::builder::TypedValueParser;
use clap::Args;
use eight::batch::{Batch, Options};
use eight::board::Board;
use eight::draw::board::{self as draw, DrawError, Style, ANIMATED_MOVES, PICTURE_PUZZLES};
use eight::format::Format;
use eight::judge::Preset;
use eight::pdb::layout::PDB_CELLS;
use eight::pdb::CacheDir;
use eight::pdb::{self, EngineError, Layout, Partition};
use eight::read::frame::Framing;
use eight::read::{parse_board, parse_grid};
use eight::Grid;
use eight::Shape;
use eight::{Engine, Optimality, Strategy};

use crate::exit_codes::ExitCode;
use crate::files;
use crate::picture::{self, PictureArgs};
use crate::searching::LiveLine;
use crate::terminal::{self, build_progress_bar, Stdout};

/// The options of plain solving.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Files to read puzzles from, in order; "-" is standard input
    /// [default: standard input].
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// The arrangement to solve towards, written like a puzzle
    /// [default: the tiles in row order, blank last: 12345678x on 3x3].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    /// The board's rows and columns, rows first ("2x3" is two rows of
    /// three); "N" is NxN. From 2 to 1000 each way. Boards of up to 16
    /// cells get the fewest moves (up to 25 with --optimal); larger ones a
    /// valid answer that may not be the fewest [default: 3x3].
    #[arg(long, value_name = "RxC", value_parser = parse_size)]
    pub size: Option<Shape>,

    /// On a --size other than 3x3, answer every board by the fast
    /// constructive method: valid answers, not necessarily the fewest moves.
    #[arg(long, conflicts_with = "optimal")]
    pub any: bool,

    /// On a --size of 17 to 25 cells (4x5, 5x5, 3x8 and others), find the fewest
    /// moves, by IDA* with Korf & Felner's pattern databases: seconds to
    /// hours a board on 5x5, after minutes to build the tables once. On 16
    /// cells or fewer it changes nothing.
    #[arg(long)]
    pub optimal: bool,

    /// Give up the fewest moves on a board of 10 to 25 cells after
    /// generating N nodes of search, and answer it as --any would, marked
    /// as perhaps not the fewest; a notice at the end counts such boards.
    /// For bounding a batch of --optimal boards [default: no limit].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,

    /// The pattern databases that answer boards of 10 to 16 cells (to 25
    /// with --optimal). They are built the first time they are needed and
    /// kept in the cache directory ($EIGHT_CACHE_DIR, else the user's cache
    /// directory); `eight build-tables` builds them ahead.
    #[arg(long, value_name = "NAME", default_value = "default", value_parser = pdb_parser())]
    pub pdb: Partition,

    #[command(flatten)]
    pub cache: CacheArgs,

    /// What each answer holds.
    #[arg(
        long,
        value_name = "FORMAT",
        default_value = "moves",
        value_parser = named(Format::CHOICES, |format| (format.name(), format.summary()))
    )]
    pub format: Format,

    /// Accepted for old scripts, and changes nothing: every answer is
    /// already the first shortest solution in ASCII order (d < l < r < u).
    #[arg(long)]
    pub lexmin: bool,

    /// The search that answers. Every one gives the same answer, the first
    /// shortest solution in letter order; they differ in the work it takes
    /// (see `eight compare`).
    #[arg(
        long,
        value_name = "ALGORITHM",
        default_value = "auto",
        value_parser = named(Engine::ALL, |engine| (engine.name(), engine.summary()))
    )]
    pub algorithm: Engine,

    /// Read and answer exactly as this judge problem does.
    ///
    /// A preset fixes the input framing, the goal and the output, so --goal
    /// and --format cannot be given with it; --algorithm can, on the 3x3
    /// presets. The presets on other boards fix the board's size too.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = judge_parser(|_| true),
        conflicts_with_all = ["goal", "format", "svg"]
    )]
    pub judge: Option<&'static Preset>,

    /// Solve on N threads, from 1 to 256 [default: one per core, at most
    /// 256]. Answers come in input order whatever N is, and each as soon as
    /// the ones before it are out. Boards of other sizes (--size) are
    /// spread over the threads; the 3x3 board is answered on one, as fast
    /// as its input is read.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..=MOST_THREADS as i64)
    )]
    pub threads: Option<u16>,

    /// After each answer, print to standard error what it took, as
    /// "puzzle N: ALGORITHM: M moves, E expanded, G generated, max frontier
    /// F, T ms": states expanded and generated, the most states waiting at
    /// once, and the time. On other sizes "puzzle N: ENGINE: M moves,
    /// estimate H, iterations I, E expanded, G generated, T ms": the start's
    /// estimate and the rounds of IDA* on the pattern databases (the table
    /// and the constructive method do not search: moves and time only).
    /// The pattern databases a board needs are obtained before its clock
    /// starts, on a line of their own: "tables: L loaded, B built, T ms".
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub picture: PictureArgs,

    /// With --svg, draw each answer as one board that plays its moves in a
    /// browser (up to 1000 moves) rather than a strip of still boards, one
    /// after each move (up to 60 moves). The first 16 puzzles are drawn.
    #[arg(long, requires = "svg")]
    pub animate: bool,
}

impl SolveArgs {
    /// How the pattern databases are built and kept, and how long a
    /// search may run: `--pdb`, `--no-cache`, `--node-limit`.
    fn pdb_options(&self) -> pdb::PdbOptions {
        pdb::PdbOptions {
            partition: self.pdb.clone(),
            cache: self.cache.dir(),
            node_limit: self.node_limit,
            ..pdb::PdbOptions::default()
        }
    }

    /// How `--svg` draws each answer: `--animate` or not.
    fn style(&self) -> Style {
        match self.animate {
            true => Style::Animated,
            false => Style::Still,
        }
    }

    /// `--any` or `--optimal`.
    fn optimality(&self) -> Optimality {
        match (self.any, self.optimal) {
            (true, _) => Optimality::Any,
            (_, true) => Optimality::Fewest,
            _ => Optimality::Default,
        }
    }
}

/// `--no-cache`, which means the same on every command that may need
/// pattern databases: solving, `verify`, `compare` and `build-tables`.
#[derive(Debug, Args)]
pub struct CacheArgs {
    /// Read no pattern database from the cache directory and save none
    /// there: the tables a run needs (on boards of 10 to 25 cells) are
    /// built in memory for it alone. Other boards use no cached tables,
    /// so there it changes nothing.
    #[arg(long)]
    pub no_cache: bool,
}

impl CacheArgs {
    /// Where this run keeps its databases.
    pub fn dir(&self) -> CacheDir {
        if self.no_cache {
            CacheDir::MemoryOnly
        } else {
            CacheDir::User
        }
    }
}

/// The most threads `--threads` takes: far more than any answer gains
/// from (each thread holds up to 64 puzzles in flight and a copy of the
/// engine's scratch), and far below the systems' limits on threads, so a
/// slip of the keyboard (`--threads 65535`) is refused at once rather than
/// spending minutes starting threads.
const MOST_THREADS: u16 = 256;

/// Solves every input in turn; the exit status says whether all was read.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    files::refuse_subcommand_typos(&args.files);
    args.picture.refuse_inputs(None, &args.files);
    let cores = || std::thread::available_parallelism().map_or(1, usize::from);
    let threads = args.threads.map_or_else(cores, usize::from);
    let threads = threads.min(usize::from(MOST_THREADS));
    // To a pipe or a file, answers are flushed only when the input must be
    // read again (see `Batch::run`), never per line.
    let options = options(args);
    // Only the pattern databases' IDA* on other sizes publishes a search:
    // a 3x3 run starts no watcher.
    let searches = options.framing.shape() != Some(Shape::EIGHT);
    let mut batch = Batch::new(options, Stdout::open())
        .context("cannot prepare the solver")?
        .with_threads(threads)
        // The pool's error repeats its cause as its source: say it once.
        .map_err(|error| {
            anyhow::anyhow!(
                "cannot start {threads} worker threads: {error}; try fewer with --threads"
            )
        })?;
    batch.on_progress(build_progress_bar());
    if args.picture.svg.is_some() {
        batch.keep_answers(PICTURE_PUZZLES, args.style().most_moves());
    }
    if args.stats {
        batch.report_to(|report| terminal::message(format_args!("{report}")));
    }
    let live_line = searches
        .then(LiveLine::on_terminal)
        .flatten()
        .map(|(line, progress)| {
            batch.watch_searches(progress);
            line
        });
    let outcome = files::solve_each(&args.files, |input, on_error, on_warning| {
        batch.run(input, on_error, on_warning)
    });
    drop(live_line);
    // The answers before a table that did not fit in memory are still out.
    let flushed = batch.flush().context("cannot write output");
    let trouble = outcome?;
    flushed?;
    let tally = batch.tally();
    if tally.given_up > 0 {
        let (boards, limit) = (tally.given_up, args.node_limit.unwrap_or(0));
        let (s, them) = match boards {
            1 => ("", "it"),
            _ => ("s", "each"),
        };
        crate::terminal::notice!(
            "{boards} board{s} passed --node-limit {limit} before the fewest moves were found; \
             {them} is answered by a valid move string that may not be the fewest"
        );
    }
    if let Some(path) = &args.picture.svg {
        draw_answers(&batch, path, args.style())?;
    }
    Ok(trouble.exit_code(tally.invalid))
}

/// Draws the answers `batch` kept into `path` in `style`, once every
/// answer is out: a picture that cannot be drawn or written is the error,
/// and a batch longer than a picture draws is told on stderr.
fn draw_answers<W: std::io::Write>(
    batch: &Batch<W>,
    path: &Path,
    style: Style,
) -> anyhow::Result<()> {
    let (kept, puzzles) = (batch.kept(), batch.tally().puzzles);
    let svg = draw::picture(kept, puzzles, style).map_err(|error| match error {
        DrawError::TooLong {
            length,
            style: Style::Still,
            ..
        } if length <= ANIMATED_MOVES as u64 => {
            anyhow::anyhow!("{error}; --animate draws up to {ANIMATED_MOVES}")
        }
        error => error.into(),
    });
    picture::write(path, &svg.context("cannot draw the picture")?)?;
    let drawn = kept.len() as u64;
    if puzzles > drawn {
        crate::terminal::notice!(
            "the picture draws the first {drawn} of {puzzles} puzzles, leaving out {}",
            eight::counted(puzzles - drawn, "puzzle")
        );
    }
    Ok(())
}

/// The library's view of the options, once every usage check has passed:
/// the board, its framing, goal and engine, and how answers are written.
fn options(args: &SolveArgs) -> Options {
    let shape = args.size.unwrap_or(Shape::EIGHT);
    if args.picture.svg.is_some() && args.format == Format::Count {
        usage_error!(
            None,
            "--svg draws each answer's moves, and --format count writes none; use --format \
             moves, steps or json"
        );
    }
    match args.judge {
        Some(preset) if !preset.is_eight() => {
            check_sized_judge(args, preset);
            Options {
                tables: args.pdb_options(),
                optimality: args.optimality(),
                ..preset.options(Engine::Auto)
            }
        }
        _ if shape != Shape::EIGHT => sized_options(args, shape),
        _ if args.any => crate::usage_error(None, "--any needs a --size other than 3x3"),
        _ if args.pdb != Partition::Default => crate::usage_error(
            None,
            "--pdb names the databases of boards of 10 to 25 cells; it needs a --size such as \
             4x4",
        ),
        Some(preset) => preset.options(args.algorithm),
        None => Options {
            goal: Some(Grid::from(&board_goal(args.goal.as_deref()))),
            engine: args.algorithm,
            format: args.format,
            ..Options::default()
        },
    }
}

/// The options of plain solving on boards of `shape`, not 3×3: the options
/// that only the 3×3 board has are refused, and so is `count` where answers
/// may not be the fewest moves.
fn sized_options(args: &SolveArgs, shape: Shape) -> Options {
    refuse_judge_with_size(None, args.judge, shape);
    refuse_eight_only(args, format_args!("--size {shape}"));
    let optimality = args.optimality();
    if args.optimal && shape.cells() > PDB_CELLS {
        usage_error!(
            None,
            "--optimal finds the fewest moves on boards of up to {PDB_CELLS} cells, not \
             --size {shape}; leave it out for a valid answer"
        );
    }
    let limited = args.node_limit.is_some() && shape.cells() >= 10;
    if args.format == Format::Count && (!Strategy::gives_shortest(shape, optimality) || limited) {
        let why = match (args.any, limited) {
            (true, _) => "--any".to_string(),
            (_, true) => "--node-limit".to_string(),
            _ if shape.cells() > PDB_CELLS => {
                format!("--size {shape} (more than {PDB_CELLS} cells)")
            }
            _ => format!("--size {shape} (more than 16 cells) without --optimal"),
        };
        usage_error!(
            None,
            "--format count needs the fewest moves, and answers with {why} may not be the \
             fewest; use --format moves"
        );
    }
    let goal = grid_goal(args.goal.as_deref(), shape);
    check_pdb(None, &args.pdb, shape, args.any);
    Options {
        framing: Framing::Stream(shape),
        goal: Some(goal),
        optimality,
        tables: args.pdb_options(),
        format: args.format,
        ..Options::default()
    }
}

/// Refuses what a preset on other boards cannot take: it fixes the board,
/// the goal and the output, so only the files and the tables remain.
fn check_sized_judge(args: &SolveArgs, preset: &Preset) {
    let name = preset.name;
    if args.size.is_some() || args.any {
        usage_error!(
            None,
            "--judge {name} sets the board itself; it cannot be used with --size or --any"
        );
    }
    refuse_eight_only(args, format_args!("--judge {name}"));
    // A board given up on at the node limit is answered by the constructive
    // method, which keeps no promise of length.
    let searched = preset.shape().is_none_or(|shape| shape.cells() >= 10);
    if let (Some(_), Some(promise), true) =
        (args.node_limit, preset.format.length_promise(), searched)
    {
        usage_error!(
            None,
            "--judge {name} promises {promise}, and a board given up on at --node-limit would \
             not keep that promise; leave --node-limit out"
        );
    }
    match preset.shape() {
        Some(shape) => check_pdb(None, &args.pdb, shape, false),
        None if args.pdb != Partition::Default => usage_error!(
            None,
            "--pdb names the databases of one board size, and --judge {name} reads boards \
             of any size"
        ),
        None => {}
    }
}

/// Refuses `--algorithm`, which only the 3×3 engines take, beside `other`
/// (`--size 4x4`).
fn refuse_eight_only(args: &SolveArgs, other: std::fmt::Arguments) {
    if args.algorithm != Engine::Auto {
        usage_error!(
            None,
            "--algorithm is about the 3x3 engines; it cannot be used with {other}"
        );
    }
}

/// Stops with a usage error of `subcommand` (plain solving for `None`) when
/// a `judge` is given beside a `--size` other than 3×3: judge presets read
/// 3×3 puzzles only.
pub fn refuse_judge_with_size(subcommand: Option<&str>, judge: Option<&Preset>, shape: Shape) {
    if judge.is_some() {
        usage_error!(
            subcommand,
            "--judge reads 3x3 puzzles; it cannot be used with --size {shape}"
        )
    }
}

/// Stops on a `--goal` that is not a board of the size, exactly as clap
/// stops on a value it cannot parse: the goal can only be read once the
/// size is known, after clap is done.
fn bad_goal(text: &str, error: impl std::fmt::Display) -> ! {
    clap::Error::raw(
        clap::error::ErrorKind::ValueValidation,
        format!(
            "invalid value '{text}' for '--goal <TILES>': {error}\n\n\
             For more information, try '--help'.\n"
        ),
    )
    .exit()
}

/// `--goal` on the 3x3 board, or by default the tiles in row order.
pub fn board_goal(goal: Option<&str>) -> Board {
    goal.map_or(Board::GOAL, |text| {
        parse_board(text).unwrap_or_else(|error| bad_goal(text, error))
    })
}

/// `--goal` on boards of `shape`, or by default the tiles in row order.
pub fn grid_goal(goal: Option<&str>, shape: Shape) -> Grid {
    match goal {
        Some(text) => parse_grid(text, shape).unwrap_or_else(|error| bad_goal(text, error)),
        // `parse_size` gives sides of 2 to 1000: always a board's shape.
        None => Grid::solved(shape).expect("--size gives a board's shape"),
    }
}

/// `--size`: `RxC` (rows first) or `N` for N×N, each side from 2 to 1000.
pub fn parse_size(text: &str) -> Result<Shape, String> {
    const MOST: usize = 1000;
    let side = |part: &str| part.trim().parse::<usize>().ok();
    let (rows, columns) = match text.split_once(['x', 'X', '×']) {
        Some((rows, columns)) => (side(rows), side(columns)),
        None => (side(text), side(text)),
    };
    let (Some(rows), Some(columns)) = (rows, columns) else {
        return Err("expected RxC, rows by columns (\"4x4\", \"2x3\"), or N for NxN".to_string());
    };
    if rows < 2 || columns < 2 {
        return Err("both sides need at least 2 cells".to_string());
    }
    if rows > MOST || columns > MOST {
        return Err(format!("at most {MOST} rows and {MOST} columns"));
    }
    Ok(Shape { rows, columns })
}

/// The value parser of a `--judge` option: the presets that `takes`
/// (every one, or [`Preset::is_eight`]), by name, with their one-line
/// summaries for the help.
pub fn judge_parser(takes: fn(&Preset) -> bool) -> impl TypedValueParser<Value = &'static Preset> {
    let presets = Preset::ALL.iter().filter(move |preset| takes(preset));
    named(presets, |preset| (preset.name, preset.summary))
}

/// The value parser of `--pdb`: every named partition, with its help line.
pub fn pdb_parser() -> impl TypedValueParser<Value = Partition> {
    named(Partition::NAMED, |partition| {
        (partition.name(), partition.summary())
    })
}

/// A value parser that takes one of `members`' names and gives the member;
/// `label` gives each member's name and its line in the help.
pub fn named<T: Clone + Send + Sync + 'static>(
    members: impl IntoIterator<Item = T>,
    label: fn(&T) -> (&'static str, &'static str),
) -> impl TypedValueParser<Value = T> {
    let members: Vec<_> = members.into_iter().collect();
    let values = members.iter().map(|member| {
        let (name, summary) = label(member);
        clap::builder::PossibleValue::new(name).help(summary)
    });
    clap::builder::PossibleValuesParser::new(values).map(move |name| {
        let member = members.iter().find(|member| label(member).0 == name);
        member
            .expect("clap accepts only the names it was given")
            .clone()
    })
}

/// Stops with a usage error of `subcommand` (plain solving for `None`)
/// when `partition` cannot answer boards of `shape` (with `--any` when
/// `any`): the default fits everything, the others only the boards the
/// database engine solves and their own shapes.
pub fn check_pdb(subcommand: Option<&str>, partition: &Partition, shape: Shape, any: bool) {
    if *partition == Partition::Default {
        return;
    }
    let name = partition.name();
    let why = match Layout::new(shape) {
        _ if any => format!("--pdb {name} cannot be used with --any"),
        Ok(layout) if layout.cells() >= 10 => match partition.fits(layout) {
            Ok(()) => return,
            Err(EngineError::Partition(why)) => format!("--pdb {name}: {why}"),
            Err(other) => format!("--pdb {name}: {other}"),
        },
        _ => format!(
            "--pdb {name} cannot be used with --size {shape}: only boards of 10 to 25 cells use \
             pattern databases"
        ),
    };
    crate::usage_error(subcommand, why)
}
