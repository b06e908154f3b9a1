//! Optimal solutions for boards of 10 to 25 cells, the 15- and 24-puzzles,
//! by IDA* with additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The 3×3 engines rank whole states; a 4×4 board has 16!/2 of them, so
//! this engine keeps nothing but the path it is on and leans on a strong
//! heuristic instead. The tiles are split into patterns; each pattern's
//! database (`pdb::pattern`) holds, for every placement of its tiles, the
//! fewest moves *of those tiles* that bring them home. Since every move
//! moves one tile, the databases' values add up to a lower bound on the
//! whole. Where a partition reads two partitions (the 4×4 default), the
//! larger sum is taken. On square boards whose goal blank is on the main
//! diagonal the same databases are also read for the board reflected
//! about that diagonal, and the largest sum is taken (no extra memory).
//!
//! **Any goal.** Tiles are relabelled by their home cell in the goal, so
//! the goal is "every tile on its own cell, the blank on the goal's blank
//! cell". A database then depends only on the shape, its home cells and
//! the goal blank's region among the cells they leave free (nearly always
//! all of them; see `pdb::pattern`), is shared by every goal with the same
//! blank cell, built the first time one is asked for and, where the caller
//! names a directory, kept on disk by the cache ([`CacheDir`]).
//!
//! **Unsolvable boards cost no search**: the permutation's parity plus the
//! blank's distance from its goal cell is what no move changes.
//!
//! **The answer is the canonical one**, the first shortest solution in
//! letter order (d < l < r < u). The moves are tried in letter order, so a
//! depth-first round meets the move strings within its bound in
//! lexicographic order. The heuristic never overestimates, so every state
//! on a shortest path (length `L`) has `g + h <= L`: no round's bound
//! passes `L`, no round below `L` reaches the goal, and the round at `L`
//! prunes no prefix of any shortest path, so the first goal it meets is the
//! first shortest string. The other cut, never undoing the previous move,
//! removes only strings with a move and its inverse side by side, which are
//! never shortest.
//!
//! # Example
//! ```
//! use eight::pdb::{Layout, PdbOptions, PatternSearch};
//! use eight::Shape;
//! use eight::letters;
//! let layout = Layout::new(Shape { rows: 3, columns: 4 }).unwrap();
//! // Built in memory: nothing is written to disk unless a cache is named.
//! let mut solver = PatternSearch::new(layout, PdbOptions::default()).unwrap();
//! let goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
//! let start = [1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 7, 11];
//! let mut path = Vec::new();
//! let stats = solver.solve(&start, &goal, &mut path).unwrap();
//! assert!(stats.is_some());
//! assert_eq!(letters(&path), "dr");
//! // One swap of two tiles: no search, no tables.
//! let swapped = [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
//! assert_eq!(solver.solve(&swapped, &goal, &mut path).unwrap(), None);
//! ```

mod fsm;
mod ida;
pub mod layout;
pub mod partition;
pub(crate) mod pattern;

pub use layout::Layout;
pub use partition::Partition;

pub use crate::contract::{BuildProgress, EngineError, Progress};

pub use crate::cache::{
    abandon_saves, CacheDir, CacheWarning, Damage, Origin, TablesReport, CACHE_DIR_VAR,
    FORMAT_VERSION,
};

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use rayon::prelude::*;

use crate::cache::{self, TableBytes};
use crate::clock::Instant;
use crate::cores;

use crate::contract::{Search, SearchProgress, SearchStats, Stop};
use crate::moves::Move;
use crate::search::manhattan::Outcome;

use layout::{Steps, PDB_CELLS};
use pattern::{placements, Unbuilt};

use crate::grid::Grid;
use crate::solvability::solvable;

/// How the solver builds and keeps its databases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdbOptions {
    /// Which tiles share a database.
    pub partition: Partition,
    /// Where databases are kept between runs: by default nowhere, each
    /// built in memory for this process.
    pub cache: CacheDir,
    /// Also read the databases for the board reflected about the main
    /// diagonal, where that is valid. On by default; off for measuring.
    pub reflect: bool,
    /// Give up on a board after generating this many nodes
    /// ([`EngineError::NodeLimit`]); `None`, never.
    pub node_limit: Option<u64>,
}

impl Default for PdbOptions {
    fn default() -> Self {
        PdbOptions {
            partition: Partition::Default,
            cache: CacheDir::MemoryOnly,
            reflect: true,
            node_limit: None,
        }
    }
}

/// How one database was obtained and what it cost, for measuring load
/// against build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableLog {
    /// The pattern's home cells.
    pub cells: Vec<u8>,
    /// Where the pattern's tiles at home wall the goal's blank in, the
    /// lowest cell of the blank's region: the table is for goals whose
    /// blank is there. `None` when the free cells are all one region.
    pub walled_in: Option<u8>,
    /// Loaded from the cache or built.
    pub origin: Origin,
    /// Wall time to obtain it.
    pub elapsed: Duration,
    /// Entries (one byte each).
    pub entries: usize,
}

/// What names a database: its home cells and the goal blank's region
/// ([`pattern::goal_region`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TableKey {
    cells: Vec<u8>,
    region: u32,
}

/// Solves boards of one shape; keeps its databases between puzzles. A
/// clone shares the databases built so far and the count of searches in
/// flight, and has its own scratch, for solving on several threads.
#[derive(Clone)]
pub struct PatternSearch {
    layout: Layout,
    steps: Steps,
    options: PdbOptions,
    dir: Option<PathBuf>,
    /// Databases by home cells and goal region, by [`pattern::rank`]: not
    /// obtained where a cached spread table stands in for them.
    tables: HashMap<TableKey, Arc<TableBytes>>,
    /// The same databases by the spread index, where one fits
    /// ([`pattern::spread`]), for every database obtained: the search
    /// reads these when every pattern of the partition has one. An
    /// `Arc<TableBytes>` takes the table as it is, mapped or owned: an
    /// `Arc<[u8]>` would copy it, into an allocation that aborts where it
    /// does not fit.
    spread: HashMap<TableKey, Option<Arc<TableBytes>>>,
    /// The partitions read for each goal blank cell, once asked for.
    partitions: Vec<Option<Vec<Vec<TableKey>>>>,
    warnings: Vec<CacheWarning>,
    log: Vec<TableLog>,
    /// Tables obtained since the last [`Search::take_tables`].
    unreported: Option<TablesReport>,
    progress: Option<Progress>,
    stats: SearchStats,
    /// Where each search publishes how far it has come, when watched.
    watch: Option<Arc<SearchProgress>>,
    /// Searches in flight, this solver's and its clones' (a batch's
    /// workers): with fewer than the pool has threads, some stand idle,
    /// and a board's rounds are split sooner ([`ida::Effort`]).
    in_flight: Arc<AtomicUsize>,
    /// What calls off a search (its flag, its time limit) or a build (its
    /// flag), this solver's and its clones'.
    stop: Stop,
}

impl PatternSearch {
    /// A solver for `layout`. Builds nothing yet: databases come when a goal
    /// first needs them, or from [`PatternSearch::prepare`].
    pub fn new(layout: Layout, options: PdbOptions) -> Result<PatternSearch, EngineError> {
        // Check the partition now, so a bad option fails before any puzzle.
        options.partition.fits(layout)?;
        Ok(PatternSearch {
            layout,
            steps: layout.steps(),
            dir: options.cache.resolve(),
            options,
            tables: HashMap::new(),
            spread: HashMap::new(),
            partitions: vec![None; layout.cells()],
            warnings: Vec::new(),
            log: Vec::new(),
            unreported: None,
            progress: None,
            stats: SearchStats::default(),
            watch: None,
            in_flight: Arc::default(),
            stop: Stop::default(),
        })
    }

    /// From now on, each search (this solver's and its clones') gives up
    /// when `stop` says ([`EngineError::Stopped`], [`EngineError::TimeLimit`]),
    /// and so does each build of a database when its flag is set.
    pub(crate) fn stop_on(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// From now on, each search (this solver's and its clones') publishes
    /// its bound and nodes to `progress` while it runs.
    pub fn watch(&mut self, progress: Arc<SearchProgress>) {
        self.watch = Some(progress);
    }

    /// The node limit of each board's search, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.options.node_limit
    }

    /// [`PatternSearch::solve`] on boards as [`Grid`]s: whether `goal` was
    /// reached, [`EngineError::NodeLimit`] when the search gave up (or
    /// [`EngineError::Stopped`], [`EngineError::TimeLimit`] when it was
    /// called off), and [`EngineError::Memory`] when a database did not
    /// fit. A board that does not fit the layout (the readers rule that
    /// out) is taken as no answer.
    pub fn solve_grid(
        &mut self,
        start: &Grid,
        goal: &Grid,
        path: &mut Vec<Move>,
    ) -> Result<bool, EngineError> {
        let (mut start_cells, mut goal_cells) = ([0; PDB_CELLS], [0; PDB_CELLS]);
        let (start, goal) = (bytes(start, &mut start_cells), bytes(goal, &mut goal_cells));
        match PatternSearch::solve(self, start, goal, path) {
            Ok(found) => Ok(found.is_some()),
            Err(
                error @ (EngineError::NodeLimit { .. }
                | EngineError::Memory(_)
                | EngineError::Stopped
                | EngineError::TimeLimit { .. }),
            ) => Err(error),
            Err(_) => Ok(false),
        }
    }

    /// Builds or loads the databases `goal` needs, so that the first
    /// [`PatternSearch::solve`] towards it is timed like the others.
    pub fn prepare(&mut self, goal: &[u8]) -> Result<(), EngineError> {
        self.ensure(self.layout.check(goal, "goal")?)
    }

    /// Writes the first shortest path in letter order from `start` to
    /// `goal` (tiles in row order, 0 the blank, each `0..cells` once) into
    /// `path`, and returns the search's work; `Ok(None)`, with `path` empty,
    /// when the goal cannot be reached, which costs no database. A move
    /// names the neighbour the blank swaps with, as in [`Move`].
    ///
    /// # Example
    /// ```no_run
    /// use eight::pdb::{Layout, PdbOptions, PatternSearch};
    /// let mut solver = PatternSearch::new(Layout::FIFTEEN, PdbOptions::default()).unwrap();
    /// let goal: Vec<u8> = (0..16).collect();
    /// let start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    /// let mut path = Vec::new();
    /// solver.solve(&start, &goal, &mut path).unwrap();
    /// assert_eq!(path.len(), 57);
    /// ```
    pub fn solve(
        &mut self,
        start: &[u8],
        goal: &[u8],
        path: &mut Vec<Move>,
    ) -> Result<Option<SearchStats>, EngineError> {
        path.clear();
        self.stats = SearchStats::default();
        let blank = self.layout.check(start, "start")?;
        let goal_blank = self.layout.check(goal, "goal")?;
        if !reaches(self.layout, start, goal) {
            return Ok(None);
        }
        self.ensure(goal_blank)?;
        let reflect = self.options.reflect && self.reflects(goal_blank);
        let heuristic = self.heuristic(goal_blank, reflect);
        let board = labels(start, goal);
        let limit = self.options.node_limit.unwrap_or(u64::MAX);
        // Subtrees of one board are searched side by side when this runs
        // on a pool of several threads (a batch's `--threads`); outside a
        // pool, on the calling thread alone.
        let watched = self.watch.as_deref().map(SearchProgress::begin);
        let in_pool = rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1;
        let in_flight = InFlight::enter(&self.in_flight);
        // The time limit counts from here, with the databases at hand.
        let halt = self.stop.armed().then(|| self.stop.begin());
        let effort = ida::Effort {
            limit,
            split: in_pool.then_some(in_flight.0),
            watch: watched.as_ref().map(|watched| &*watched.search),
            halt,
        };
        let (outcome, stats) = ida::solve(&heuristic, &self.steps, board, blank, effort, path);
        self.stats = stats;
        match outcome {
            Outcome::GaveUp => Err(halt
                .and_then(|halt| halt.due())
                .unwrap_or(EngineError::NodeLimit { limit })),
            _ => Ok(Some(stats)),
        }
    }

    /// Every database obtained so far, with how and how fast.
    pub fn table_log(&self) -> &[TableLog] {
        &self.log
    }

    /// The database entry sums for a board (labels are tiles as given, goal
    /// as given): the board's and, where valid, the reflected board's. For
    /// tests and curious callers; the search updates these incrementally.
    pub fn estimate(
        &mut self,
        start: &[u8],
        goal: &[u8],
    ) -> Result<(u32, Option<u32>), EngineError> {
        let blank = self.layout.check(start, "start")?;
        let goal_blank = self.layout.check(goal, "goal")?;
        self.ensure(goal_blank)?;
        let reflect = self.reflects(goal_blank);
        let heuristic = self.heuristic(goal_blank, reflect);
        let sums: Vec<u32> = ida::sums(&heuristic, labels(start, goal), blank).collect();
        // The views alternate between the board and its reflection when
        // `reflect`; each partition's sum is a bound, so the largest is.
        let step = 1 + usize::from(reflect);
        let best = |first: usize| {
            sums.iter()
                .skip(first)
                .step_by(step)
                .max()
                .map_or(0, |&s| s)
        };
        Ok((best(0), reflect.then(|| best(1))))
    }

    /// What the search reads for goals with the blank at `goal_blank`
    /// (their databases at hand): each partition's view of the board, and
    /// after it its reflection when `reflect`.
    fn heuristic(&self, goal_blank: usize, reflect: bool) -> ida::Heuristic<'_> {
        let groups = self.partitions[goal_blank].as_ref().expect("ensured");
        let keys: Vec<&TableKey> = groups.iter().flatten().collect();
        let identity: [u8; PDB_CELLS] = std::array::from_fn(|c| c as u8);
        let mut transpose = identity;
        for (cell, slot) in transpose.iter_mut().enumerate().take(self.layout.cells()) {
            *slot = self.layout.transpose(cell) as u8;
        }
        let mirrors = &[identity, transpose][..1 + usize::from(reflect)];
        let mut views = Vec::new();
        let mut first = 0;
        for group in groups {
            let patterns = first..first + group.len();
            first = patterns.end;
            views.extend(mirrors.iter().map(|&mirror| ida::ViewSpec {
                patterns: patterns.clone(),
                mirror,
            }));
        }
        let spread: Option<Vec<&[u8]>> = keys
            .iter()
            .map(|k| self.spread[*k].as_deref().map(|table| &**table))
            .collect();
        ida::Heuristic {
            n: self.layout.cells(),
            spread: spread.is_some(),
            tables: spread.unwrap_or_else(|| keys.iter().map(|k| &**self.tables[*k]).collect()),
            homes: keys.iter().map(|k| k.cells.as_slice()).collect(),
            views,
        }
    }

    /// Whether the board reflected about the main diagonal has the same
    /// goal, so its estimate bounds the board's distance too.
    fn reflects(&self, goal_blank: usize) -> bool {
        self.layout.is_square() && self.layout.transpose(goal_blank) == goal_blank
    }

    /// Makes sure the partition for goals with the blank at `goal_blank`
    /// and all its databases are at hand.
    fn ensure(&mut self, goal_blank: usize) -> Result<(), EngineError> {
        if self.partitions[goal_blank].is_some() {
            return Ok(());
        }
        let layout = self.layout;
        let key = |cells: Vec<u8>| TableKey {
            region: pattern::goal_region(layout, &cells, goal_blank),
            cells,
        };
        let groups = self.options.partition.groups(layout, goal_blank)?;
        let groups: Vec<Vec<TableKey>> = groups
            .into_iter()
            .map(|p| p.into_iter().map(key).collect())
            .collect();
        // A partition some of whose patterns have no spread table is read
        // by rank, so all of its dense tables are needed.
        let dir = self.dir.as_deref();
        let spread_for = |key: &TableKey| {
            pattern::Spread::of(layout.cells(), key.cells.len(), dir.is_some())
                != pattern::Spread::Never
        };
        let mut missing: Vec<(&TableKey, bool)> = Vec::new();
        for group in &groups {
            let dense = !group.iter().all(spread_for);
            for key in group {
                let needed =
                    !self.spread.contains_key(key) || dense && !self.tables.contains_key(key);
                if needed && !missing.iter().any(|&(k, _)| k == key) {
                    missing.push((key, dense));
                }
            }
        }
        // On rayon's threads, in pattern order: a build is a single-threaded
        // search over its own memory, so tables come as fast as the cores
        // allow, and no more are built at once than there are threads (a
        // 6-tile table on 25 cells needs about 1 GB while it is built). So
        // does a load and the spread layout made from it. Where no thread
        // can start, one after another on this one (`crate::cores`).
        let began = Instant::now();
        // Leftovers of saves that never finished go once, before the
        // tables are loaded or built side by side.
        if let (Some(dir), false) = (dir, missing.is_empty()) {
            cache::sweep(dir);
        }
        let tables = missing.len();
        let progress = self.progress.as_ref();
        // The first table that does not fit in memory is the error, and
        // stops the builds under way at their next layer: on 5x5 they
        // would run on for minutes, only to be thrown away. So does the
        // stop flag.
        let unfit = OnceLock::new();
        let stopped = || {
            let flag = self.stop.flag.as_deref();
            flag.is_some_and(|flag| flag.load(Ordering::Relaxed))
        };
        let obtain_one = |(table, &(key, dense)): (usize, &(&TableKey, bool))| {
            let mut tell = |done| {
                if let Some(progress) = progress {
                    progress(BuildProgress {
                        table,
                        tables,
                        done,
                    });
                }
                match unfit.get().is_some() || stopped() {
                    true => ControlFlow::Break(()),
                    false => ControlFlow::Continue(()),
                }
            };
            let obtained = obtain(layout, dir, key, dense, &mut tell).map_err(|unbuilt| {
                if let Unbuilt::Memory(error) = unbuilt {
                    let _ = unfit.set(error);
                }
            });
            let _ = tell(1.0);
            obtained
        };
        let obtained: Result<Vec<_>, ()> = cores::on_pool(|threads| match threads {
            true => missing.par_iter().enumerate().map(obtain_one).collect(),
            false => missing.iter().enumerate().map(obtain_one).collect(),
        });
        let Ok(obtained) = obtained else {
            // Builds stop once one does not fit, or at the flag.
            return Err(unfit
                .into_inner()
                .map_or(EngineError::Stopped, EngineError::Memory));
        };
        let mut report = self.unreported.take().unwrap_or(TablesReport {
            loaded: 0,
            built: 0,
            elapsed: Duration::ZERO,
        });
        report.elapsed += began.elapsed();
        for ((key, _), obtained) in missing.into_iter().zip(obtained) {
            let Obtained {
                dense,
                spread,
                log,
                warnings,
            } = obtained;
            match log.origin {
                Origin::Loaded => report.loaded += 1,
                Origin::Built => report.built += 1,
            }
            self.warnings.extend(warnings);
            self.log.push(log);
            // A spread table obtained before stays: the dense one is
            // obtained again only for a partition read by rank.
            let kept = self.spread.entry(key.clone()).or_insert(None);
            if kept.is_none() {
                *kept = spread.map(Arc::new);
            }
            if let Some(dense) = dense {
                self.tables.insert(key.clone(), Arc::new(dense));
            }
        }
        self.unreported = (report.loaded + report.built > 0).then_some(report);
        self.partitions[goal_blank] = Some(groups);
        Ok(())
    }
}

impl PatternSearch {
    /// [`PatternSearch::prepare`] towards a goal given as a [`Grid`].
    pub fn prepare_grid(&mut self, goal: &Grid) -> Result<(), EngineError> {
        let goal: Vec<u8> = goal.tiles().iter().map(|&tile| tile as u8).collect();
        PatternSearch::prepare(self, &goal)
    }

    /// Calls `progress` now and then while databases are built, and once
    /// with `done` 1 when each is at hand (built or loaded), from the
    /// threads that obtain them.
    pub fn on_progress(&mut self, progress: Progress) {
        self.progress = Some(progress);
    }

    /// Cache problems met since the last call, one line each when printed.
    pub fn take_warnings(&mut self) -> Vec<CacheWarning> {
        std::mem::take(&mut self.warnings)
    }

    /// The databases obtained since the last call.
    pub fn take_tables(&mut self) -> Option<TablesReport> {
        self.unreported.take()
    }
}

/// The pattern databases as one of the engines: boards as [`Grid`]s,
/// read into bytes.
impl Search for PatternSearch {
    type Board = Grid;

    /// [`PatternSearch::solve_grid`]; a board given up on at the node limit,
    /// or whose databases did not fit ([`PatternSearch::prepare_grid`] first says
    /// whether they do), reads as no answer here.
    fn solve(&mut self, start: &Grid, goal: &Grid, path: &mut Vec<Move>) -> bool {
        self.solve_grid(start, goal, path).unwrap_or(false)
    }

    /// The work done by the last search.
    fn stats(&self) -> SearchStats {
        self.stats
    }
}

/// A search counted in its solver's searches in flight while this lives.
struct InFlight<'a>(&'a AtomicUsize);

impl InFlight<'_> {
    fn enter(count: &AtomicUsize) -> InFlight<'_> {
        count.fetch_add(1, Ordering::Relaxed);
        InFlight(count)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A board's tiles as bytes, in `cells`; none for a board of more than
/// [`PDB_CELLS`] cells, which no layout takes.
fn bytes<'a>(board: &Grid, cells: &'a mut [u8; PDB_CELLS]) -> &'a [u8] {
    let cells = cells.get_mut(..board.tiles().len()).unwrap_or_default();
    for (cell, &tile) in cells.iter_mut().zip(board.tiles()) {
        *cell = tile as u8;
    }
    cells
}

/// `start`'s tiles relabelled by their home cell in `goal`: the search's
/// goal is then every label on its own cell.
fn labels(start: &[u8], goal: &[u8]) -> [u8; PDB_CELLS] {
    let mut home = [0u8; PDB_CELLS];
    for (cell, &tile) in goal.iter().enumerate() {
        home[usize::from(tile)] = cell as u8;
    }
    std::array::from_fn(|cell| start.get(cell).map_or(0, |&tile| home[usize::from(tile)]))
}

/// A pattern's database as obtained: by rank, by the spread index, or
/// both; at least one.
struct Obtained {
    dense: Option<TableBytes>,
    spread: Option<TableBytes>,
    log: TableLog,
    warnings: Vec<CacheWarning>,
}

/// Loads the database named by `key` from `dir`, or builds it (and saves
/// it there), with how it came and the cache's complaints; a build that
/// does not fit in memory, or that `progress` stops, is the error. A
/// database whose goal region is split off carries the region's lowest
/// cell in its name. Where its spread layout is kept in the cache
/// ([`pattern::Spread::Cached`]) and `dense` is not asked for, only that
/// is obtained, laid out from the dense table (itself loaded or built)
/// the first time; a spread layout small enough is laid out beside the
/// dense table in memory.
fn obtain(
    layout: Layout,
    dir: Option<&std::path::Path>,
    key: &TableKey,
    dense: bool,
    progress: &mut dyn FnMut(f64) -> ControlFlow<()>,
) -> Result<Obtained, Unbuilt> {
    let began = Instant::now();
    let cells = key.cells.as_slice();
    let (n, k) = (layout.cells(), cells.len());
    let names: Vec<String> = cells.iter().map(u8::to_string).collect();
    let walled_in = (key.region != pattern::free_at_home(layout, cells))
        .then(|| key.region.trailing_zeros() as u8);
    let (suffix, region) = match walled_in {
        Some(cell) => (format!("-blank-{cell}"), format!(" blank region of {cell}")),
        None => (String::new(), String::new()),
    };
    let name = format!("pdb-{layout}-{}{suffix}", names.join("-"));
    let described = format!("{layout} cells {}{region}", names.join(","));
    let stamp = format!("eight pattern database {described}");
    let what = format!("the pattern database of {described}");
    let mut warnings = Vec::new();
    let mut dense_table = |warnings: &mut Vec<CacheWarning>| {
        cache::load_or_build(
            dir,
            &format!("{name}.bin"),
            &stamp,
            &mut pattern::Plausible::new(layout, cells),
            || pattern::build(layout, cells, key.region, &what, progress),
            &mut |w| warnings.push(w),
        )
    };
    let layout_kept = pattern::Spread::of(n, k, dir.is_some());
    let (dense, spread, origin) = if layout_kept == pattern::Spread::Cached && !dense {
        // The dense table's origin: laid out from a cached one, it was
        // loaded as far as the user is concerned (seconds, not minutes).
        let mut origin = Origin::Loaded;
        let mut inner = Vec::new();
        let (spread, _) = cache::load_or_build(
            dir,
            &format!("{name}-spread.bin"),
            &format!("{stamp} by the spread index"),
            &mut pattern::Plausible::spread(layout, cells),
            || {
                let (dense, from) = dense_table(&mut inner)?;
                origin = from;
                Ok::<_, Unbuilt>(pattern::spread(&dense, n, k)?)
            },
            &mut |w| warnings.push(w),
        )?;
        warnings.append(&mut inner);
        (None, Some(spread), origin)
    } else {
        let (dense, origin) = dense_table(&mut warnings)?;
        let spread = (layout_kept == pattern::Spread::InMemory)
            .then(|| pattern::spread(&dense, n, k).ok())
            .flatten();
        (Some(dense), spread.map(TableBytes::Owned), origin)
    };
    let log = TableLog {
        cells: cells.to_vec(),
        walled_in,
        origin,
        elapsed: began.elapsed(),
        entries: placements(n, k),
    };
    Ok(Obtained {
        dense,
        spread,
        log,
        warnings,
    })
}

/// Whether `start` can reach `goal`, both checked boards of `layout`, by
/// the invariant every board size shares ([`crate::solvability`]).
fn reaches(layout: Layout, start: &[u8], goal: &[u8]) -> bool {
    let grid = |tiles: &[u8]| Grid::new(layout.shape(), tiles.iter().map(|&t| t.into()).collect());
    match (grid(start), grid(goal)) {
        (Ok(start), Ok(goal)) => solvable(&start, &goal).unwrap_or(false),
        _ => false,
    }
}
