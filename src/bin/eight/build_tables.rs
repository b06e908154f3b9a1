//! `eight build-tables`: builds the pattern databases a board size needs
//! and saves them in the cache before any puzzle asks for them, for CI and
//! for judges' machines; and the pieces solving shares with it: `--pdb`,
//! the check that a partition fits the board, and the progress bar.

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use eight::cache::{CacheDir, CacheWarning, Origin};
use eight::grid::Grid;
use eight::pdb::{BuildProgress, Layout, Options, Partition, PdbError, Progress, Solver15};
use eight::shape::Shape;
use eight::sized::read::parse_grid;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::exit_codes::{exit_status_help, ExitCode};
use crate::solve::{bad_goal, named, parse_size};
use crate::terminal::notice;

/// Build the pattern databases for a board size and save them in the cache.
///
/// Boards of 10 to 16 cells are solved by IDA* with pattern databases,
/// built the first time a goal needs them and kept in the cache directory
/// ($EIGHT_CACHE_DIR, else the user's cache directory). This builds them
/// now, or checks the ones already saved, and prints one line per table.
/// The tables depend only on the size and the goal's blank cell.
#[derive(Debug, Args)]
#[command(after_help = exit_status_help!("a table could not be saved"))]
pub struct BuildTablesArgs {
    /// The board's rows and columns, 10 to 16 cells ("4x4", "3x4").
    #[arg(long, value_name = "RxC", default_value = "4x4", value_parser = parse_size)]
    pub size: Shape,

    /// Which databases.
    #[arg(long, value_name = "NAME", default_value = "default", value_parser = pdb_parser())]
    pub pdb: Partition,

    /// The goal the tables serve, written like a puzzle; only its blank's
    /// cell matters [default: the tiles in row order, blank last].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,
}

/// Runs `eight build-tables`.
pub fn run(args: &BuildTablesArgs) -> anyhow::Result<ExitCode> {
    let shape = args.size;
    let layout = Layout::new(shape).ok().filter(|l| l.cells() >= 10);
    let Some(layout) = layout else {
        crate::usage_error(
            Some("build-tables"),
            format_args!(
                "--size {}x{}: only boards of 10 to 16 cells use pattern databases",
                shape.rows, shape.columns
            ),
        );
    };
    if let Err(why) = check_pdb(&args.pdb, shape, false) {
        crate::usage_error(Some("build-tables"), why);
    }
    let goal = match &args.goal {
        None => Grid::solved(shape).context("cannot lay out the board")?,
        Some(text) => parse_grid(text, shape).unwrap_or_else(|error| bad_goal(text, error)),
    };
    let goal: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
    let dir = CacheDir::Default
        .resolve()
        .context("no cache directory: set EIGHT_CACHE_DIR")?;
    let options = Options {
        partition: args.pdb.clone(),
        ..Options::default()
    };
    let mut solver = Solver15::new(layout, options).context("cannot prepare the solver")?;
    solver.on_progress(progress_bar());
    solver.prepare(&goal).context("cannot build the tables")?;
    println!("cache directory: {}", dir.display());
    for log in solver.table_log() {
        let cells: Vec<String> = log.cells.iter().map(u8::to_string).collect();
        let walled_in = log
            .walled_in
            .map(|cell| format!(", the goal's blank walled in with cell {cell}"))
            .unwrap_or_default();
        println!(
            "{} the table of cells {} ({} entries{walled_in}) in {:.2} s",
            match log.origin {
                Origin::Built => "built",
                Origin::Loaded => "loaded",
            },
            cells.join(","),
            log.entries,
            log.elapsed.as_secs_f64()
        );
    }
    let warnings = solver.take_warnings();
    for warning in &warnings {
        notice!("{warning}");
    }
    let unsaved = warnings
        .iter()
        .any(|w| matches!(w, CacheWarning::NotSaved { .. }));
    Ok(ExitCode::failure_if(unsaved))
}

/// The value parser of `--pdb`: every named partition, with its help line.
pub fn pdb_parser() -> impl clap::builder::TypedValueParser<Value = Partition> {
    named(
        Partition::NAMED
            .iter()
            .map(|partition| (partition.name(), partition.summary(), partition.clone())),
    )
}

/// Why `partition` cannot answer boards of `shape` (with `--any` when
/// `any`), if it cannot: the default fits everything, the others only the
/// boards the database engine solves and their own shapes.
pub fn check_pdb(partition: &Partition, shape: Shape, any: bool) -> Result<(), String> {
    if *partition == Partition::Default {
        return Ok(());
    }
    let name = partition.name();
    if any {
        return Err(format!("--pdb {name} cannot be used with --any"));
    }
    let size = format!("{}x{}", shape.rows, shape.columns);
    match Layout::new(shape) {
        Ok(layout) if layout.cells() >= 10 => partition.fits(layout).map_err(|error| match error {
            PdbError::Partition(why) => format!("--pdb {name}: {why}"),
            other => format!("--pdb {name}: {other}"),
        }),
        _ => Err(format!(
            "--pdb {name} cannot be used with --size {size}: only boards of 10 to 16 cells use \
             pattern databases"
        )),
    }
}

/// How long a build runs before the bar shows.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// A progress bar on stderr for the databases being built, shown once a
/// build has run for a second, and only when stderr is a terminal; it is
/// cleared when every table is done.
pub fn progress_bar() -> Progress {
    struct State {
        began: Option<Instant>,
        done: Vec<f64>,
        bar: Option<ProgressBar>,
    }
    let terminal = std::io::stderr().is_terminal();
    let state = Mutex::new(State {
        began: None,
        done: Vec::new(),
        bar: None,
    });
    Arc::new(move |progress: BuildProgress| {
        if !terminal {
            return;
        }
        let mut state = state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let began = *state.began.get_or_insert_with(Instant::now);
        state.done.resize(progress.tables, 0.0);
        if let Some(slot) = state.done.get_mut(progress.table) {
            *slot = progress.done;
        }
        let done = state.done.iter().sum::<f64>() / progress.tables.max(1) as f64;
        if state.bar.is_none() && began.elapsed() >= QUIET_FOR && done < 1.0 {
            let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template(
                "eight: building tables [{bar:30}] {percent}%, {elapsed}",
            ) {
                bar.set_style(style.progress_chars("=> "));
            }
            state.bar = Some(bar);
        }
        if let Some(bar) = &state.bar {
            bar.set_position((done * 1000.0) as u64);
            if done >= 1.0 {
                bar.finish_and_clear();
            }
        }
    })
}
