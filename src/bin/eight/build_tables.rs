//! `eight build-tables`: builds the pattern databases a board size needs
//! and saves them in the cache before any puzzle asks for them, for CI and
//! for judges' machines.

use std::io::Write;

use anyhow::Context;
use clap::Args;
use eight::pdb::{CacheDir, CacheWarning, Origin};
use eight::pdb::{Layout, Partition, PatternSearch, PdbOptions};
use eight::Shape;

use crate::exit_codes::{exit_status_help, ExitCode};
use crate::solve::{check_pdb, grid_goal, parse_size, pdb_parser, CacheArgs};
use crate::terminal::{build_progress_bar, notice, Stdout};

/// Build the pattern databases for a board size and save them in the cache.
///
/// Boards of 10 to 16 cells (to 25 with --optimal) are solved by IDA* with
/// pattern databases, built the first time a goal needs them and kept in
/// the cache directory ($EIGHT_CACHE_DIR, else the user's cache directory).
/// This builds them now, or checks the ones already saved, and prints one
/// line per table.
/// The tables depend only on the size and the goal's blank cell.
#[derive(Debug, Args)]
#[command(after_help = exit_status_help!("a table could not be saved"))]
pub struct BuildTablesArgs {
    /// The board's rows and columns, 10 to 25 cells ("4x4", "3x4", "5x5").
    #[arg(long, value_name = "RxC", default_value = "4x4", value_parser = parse_size)]
    pub size: Shape,

    /// Which databases.
    #[arg(long, value_name = "NAME", default_value = "default", value_parser = pdb_parser())]
    pub pdb: Partition,

    /// The goal the tables serve, written like a puzzle; only its blank's
    /// cell matters [default: the tiles in row order, blank last].
    #[arg(long, value_name = "TILES")]
    pub goal: Option<String>,

    // With --no-cache the tables are built in memory, saved nowhere and
    // timed: a measure of the build.
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// Runs `eight build-tables`.
pub fn run(args: &BuildTablesArgs) -> anyhow::Result<ExitCode> {
    let shape = args.size;
    let Some(layout) = Layout::new(shape).ok().filter(|l| l.cells() >= 10) else {
        usage_error!(
            Some("build-tables"),
            "--size {shape}: only boards of 10 to 25 cells use pattern databases"
        );
    };
    check_pdb(Some("build-tables"), &args.pdb, shape, false);
    let goal = grid_goal(args.goal.as_deref(), shape);
    let goal: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
    let cache = args.cache.dir();
    let dir = cache.resolve();
    if dir.is_none() && cache != CacheDir::MemoryOnly {
        anyhow::bail!("no cache directory: set EIGHT_CACHE_DIR");
    }
    let options = PdbOptions {
        partition: args.pdb.clone(),
        cache,
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(layout, options).context("cannot prepare the solver")?;
    solver.on_progress(build_progress_bar());
    solver.prepare(&goal).context("cannot build the tables")?;
    Stdout::print(|out| {
        let dir = dir.map_or_else(
            || "none (--no-cache), so nothing is saved".to_string(),
            |dir| dir.display().to_string(),
        );
        writeln!(out, "cache directory: {dir}")?;
        for log in solver.table_log() {
            let cells: Vec<String> = log.cells.iter().map(u8::to_string).collect();
            let walled_in = log
                .walled_in
                .map(|cell| format!(", the goal's blank walled in with cell {cell}"))
                .unwrap_or_default();
            writeln!(
                out,
                "{} the table of cells {} ({} entries{walled_in}) in {:.2} s",
                match log.origin {
                    Origin::Built => "built",
                    Origin::Loaded => "loaded",
                },
                cells.join(","),
                log.entries,
                log.elapsed.as_secs_f64()
            )?;
        }
        Ok(())
    })?;
    let warnings = solver.take_warnings();
    for warning in &warnings {
        notice!("{warning}");
    }
    let unsaved = warnings
        .iter()
        .any(|w| matches!(w, CacheWarning::NotSaved { .. }));
    Ok(ExitCode::failure_if(unsaved))
}
