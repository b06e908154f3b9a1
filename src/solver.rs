//! The one place that chooses the engine: [`Solver3x3`] for the 3×3 board
//! (checks parity, renames the puzzle to its canonical goal, and picks a
//! search or the table), [`Strategy`] for boards of every other shape
//! (exact tables up to nine cells, pattern databases up to sixteen, the
//! constructive method beyond or whenever speed is asked for). Both answer
//! with one verdict, [`Solution`], and reach every engine through one
//! trait, [`crate::search::Search`].
//!
//! Every 3×3 engine gives the same answer, the canonical one: of all
//! shortest solutions, the first in letter order ([`crate::search`]'s
//! engines each find it their own way). So an answer never depends on the
//! engine, nor on where `Auto` stands in its switch from searching to the
//! table. They differ in how much work that takes, which `eight compare`
//! shows side by side.
//!
//! One puzzle is cheapest by bidirectional search; a large batch is cheapest
//! by building the whole-space table once and then only looking answers up.
//! The batch size is unknown while streaming, so the choice is made like
//! renting skis: search puzzle by puzzle, counting the states generated, and
//! build the table once that count reaches what the table itself would cost.
//! However the batch turns out, that never spends more than about twice what
//! the better engine alone would have.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::board::{Board, CELLS};
use crate::cache::{CacheWarning, TablesReport};
use crate::constructive::{self, Constructive};
use crate::contract::{Search, SearchProgress, SearchStats};
use crate::goal::Goal;
use crate::grid::{Grid, GridError};
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::pdb::layout::{EXACT_BY_DEFAULT, PDB_CELLS};
use crate::pdb::{EngineError, Layout, Partition, PatternSearch, PdbOptions, Progress};
use crate::search::table::Table;
use crate::shape::Shape;
use crate::small::{SmallTable, TABLE_CELLS};

pub use crate::search::Engine;

/// Bidirectional work, in generated states, that buys one table.
///
/// Measured with `cargo bench --bench engines` (medians on the 2-core
/// development machine): building a table takes 14.6 ms (`table/build`),
/// and a bidirectional search costs 18 ns per state it generates
/// (`random-puzzles/bidir`: 11.2 ms for 182 random puzzles that generate
/// 3,405 states each on average, finishing the layer where the sides meet
/// included). 14.6 ms / 18 ns is about 810,000 states, within the benches'
/// noise of the 830,000 set when searches stopped at the first meeting:
/// some 240 random puzzles. Hard puzzles reach the threshold sooner, easy
/// ones later: it is counted in work, not in puzzles.
pub const TABLE_BREAK_EVEN: u64 = 830_000;

/// What a solver made of one puzzle, on any board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The goal was reached; the moves were handed over (on 3×3 and up to
    /// sixteen cells, the first shortest solution in letter order).
    Solved,
    /// Parity says the goal cannot be reached from this start.
    Unsolvable,
    /// The search for the fewest moves gave up at its node limit
    /// ([`PdbOptions::node_limit`]); the moves handed over are a valid answer
    /// by the constructive method, not necessarily the fewest.
    NotShortest,
}

impl Solution {
    /// The verdict on an engine's `found`.
    pub(crate) fn of(found: bool) -> Solution {
        if found {
            Solution::Solved
        } else {
            Solution::Unsolvable
        }
    }
}

/// Solves puzzles one after another, keeping its arrays between them.
pub struct Solver3x3 {
    engine: Engine,
    /// Each search, by [`Engine::index`], made on first use and kept.
    searches: [Option<Box<dyn Search<Board = Board> + Send + Sync>>; Engine::ALL.len()],
    /// One table per canonical goal, that is, per blank cell of the goal.
    tables: [Option<Table>; CELLS],
    /// Bidirectional work done so far towards each canonical goal.
    searched: [u64; CELLS],
    /// Bidirectional searches made so far towards each canonical goal.
    searches_towards: [u64; CELLS],
    /// Puzzles still to come after this one, where the input counts them.
    cases_left: Option<u64>,
    last_stats: SearchStats,
    last_engine: Engine,
    /// The goal of the last puzzle solved through [`Strategy`], renamed
    /// once and kept while the puzzles share it.
    goal: Goal,
}

/// A clone starts afresh with the same engine: its arrays and tables are
/// made again on first use (the 3×3 batch stays on one thread, so none is
/// ever cloned in a run).
impl Clone for Solver3x3 {
    fn clone(&self) -> Solver3x3 {
        Solver3x3::new(self.engine)
    }
}

impl Solver3x3 {
    /// A solver that uses `engine`.
    pub fn new(engine: Engine) -> Solver3x3 {
        Solver3x3 {
            engine,
            searches: Default::default(),
            tables: Default::default(),
            searched: [0; CELLS],
            searches_towards: [0; CELLS],
            cases_left: None,
            last_stats: SearchStats::default(),
            last_engine: engine,
            goal: Goal::default(),
        }
    }

    /// The search work behind the last answer; a table lookup reports the
    /// work of building the table when that answer built it, else none.
    pub fn last_stats(&self) -> SearchStats {
        self.last_stats
    }

    /// The engine behind the last answer: what [`Engine::Auto`] chose, or
    /// the engine itself.
    pub fn last_engine(&self) -> Engine {
        self.last_engine
    }

    /// Tells [`Engine::Auto`] how many puzzles are still to come after the
    /// next, where the input says (a judge's count line), so that a batch
    /// that will pay for a table builds it at once instead of first
    /// searching as much as the table costs. `None`, the default, is a
    /// stream of unknown length.
    pub fn expect(&mut self, cases_left: Option<u64>) {
        self.cases_left = cases_left;
    }

    /// Whether [`Engine::Auto`] answers towards canonical goal `slot` from
    /// its table: once the searches towards it have cost what the table
    /// costs, or, when the number of puzzles to come is known, once the
    /// searches they will need, forecast from the batch so far, would. The
    /// forecast is the puzzles to come, times this goal's share of the
    /// searches so far (smoothed towards an even spread over the goals, so
    /// that one puzzle does not make a goal look like the whole batch),
    /// times the average work of a search.
    fn table_pays(&self, slot: usize) -> bool {
        let searched = u128::from(self.searched[slot]);
        let break_even = u128::from(TABLE_BREAK_EVEN);
        let seen: u64 = self.searches_towards.iter().sum();
        let left = match self.cases_left {
            Some(left) if seen > 0 => left,
            _ => return searched >= break_even,
        };
        let work = u128::from(self.searched.iter().sum::<u64>());
        let share = (
            u128::from(self.searches_towards[slot]) + 1,
            u128::from(seen) + CELLS as u128,
        );
        let forecast = u128::from(left) * share.0 * work / (share.1 * u128::from(seen));
        searched + forecast >= break_even
    }

    /// [`Solver3x3::solve`] towards the board `goal`, whose renaming is
    /// kept for the puzzles after it that share it.
    fn solve_towards(
        &mut self,
        start: &Board,
        goal: &Board,
        path: &mut Vec<Move>,
    ) -> Result<Solution, MemoryError> {
        if self.goal.board() != goal {
            self.goal = Goal::new(*goal);
        }
        let goal = self.goal;
        self.solve(start, &goal, path)
    }

    /// Writes the first shortest solution in letter order from `start` to
    /// `goal` into `path`. A table or a search's arrays that do not fit in
    /// memory, made the first time they are needed, are the error.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, letters, Engine, Goal, Solution, Solver3x3};
    /// let mut solver = Solver3x3::new(Engine::Auto);
    /// let start = Board::from_tiles(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
    /// let mut path = Vec::new();
    /// assert_eq!(solver.solve(&start, &Goal::default(), &mut path), Ok(Solution::Solved));
    /// assert_eq!(letters(&path), "dlurullddrurdllurdr");
    /// ```
    pub fn solve(
        &mut self,
        start: &Board,
        goal: &Goal,
        path: &mut Vec<Move>,
    ) -> Result<Solution, MemoryError> {
        path.clear();
        self.last_stats = SearchStats::default();
        let canonical = goal.canonical();
        let slot = canonical.blank();
        let engine = match self.engine {
            Engine::Auto if self.tables[slot].is_some() || self.table_pays(slot) => Engine::Table,
            Engine::Auto => Engine::Bidirectional,
            engine => engine,
        };
        self.last_engine = engine;
        if !goal.reachable_from(start) {
            return Ok(Solution::Unsolvable);
        }
        let start = goal.rename(start);
        let (found, stats) = match engine {
            Engine::Table => {
                let mut stats = SearchStats::default();
                let table = match &mut self.tables[slot] {
                    Some(table) => table,
                    unbuilt => {
                        let table = Table::build(&canonical)?;
                        stats = table.stats();
                        unbuilt.insert(table)
                    }
                };
                (table.solve(&start, path), stats)
            }
            engine => {
                let search = match &mut self.searches[engine.index()] {
                    Some(search) => search,
                    unmade => unmade.insert(
                        engine
                            .search()?
                            .expect("auto was resolved above, and every other engine searches"),
                    ),
                };
                let found = search.solve(&start, &canonical, path);
                let stats = search.stats();
                if engine == Engine::Bidirectional {
                    self.searched[slot] += stats.generated;
                    self.searches_towards[slot] += 1;
                }
                (found, stats)
            }
        };
        self.last_stats = stats;
        // Parity and search agree on every arrangement (the exhaustive
        // tests prove it); trust the search if they ever did not.
        Ok(Solution::of(found))
    }
}

/// The engine for one run on boards of one shape and goal, other than the
/// 3×3 board's: an enum chosen once, so that each puzzle costs one match
/// and the search inside is monomorphic ([`Strategy::solve`]).
///
/// A clone shares the tables (the small table, the pattern databases) and
/// has scratch of its own: one per worker thread of a batch.
#[derive(Clone)]
pub enum Strategy {
    /// The 3×3 board of a 3×3 run: each puzzle turned into a
    /// [`Board`] once and solved by the [`Engine`] asked for.
    Eight(Box<Solver3x3>),
    /// Boards of at most nine cells: every distance in a table.
    Table(Arc<SmallTable>),
    /// Boards of 10 to 16 cells, or to 25 with [`Optimality::Fewest`]:
    /// IDA* with pattern databases, kept between puzzles.
    Patterns(Box<PatternSearch>),
    /// Any board: a valid answer, not necessarily the fewest moves.
    Constructive(Constructive),
}

/// How hard a run on boards of other shapes tries for the fewest moves,
/// chosen once per run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Optimality {
    /// A valid answer by the constructive method on every board (`--any`).
    Any,
    /// The fewest moves up to 16 cells, where the hardest board takes a
    /// second; a valid answer above.
    #[default]
    Default,
    /// The fewest moves up to 25 cells (`--optimal`), where a 24-puzzle
    /// takes minutes or days: [`PdbOptions::node_limit`] bounds the work.
    Fewest,
}

impl Strategy {
    /// The engine for boards of the goal's shape, by `optimality`;
    /// `options` are the pattern databases' (which partition, where tables
    /// are kept, the node limit) for boards of 10 to 25 cells.
    pub fn with_options(
        goal: &Grid,
        optimality: Optimality,
        options: PdbOptions,
    ) -> Result<Strategy, EngineError> {
        let shape = goal.shape();
        if !Strategy::gives_shortest(shape, optimality) {
            return Ok(Strategy::Constructive(Constructive));
        }
        if shape.cells() <= TABLE_CELLS {
            let table = SmallTable::build(goal).map_err(|error| match error {
                GridError::Memory(error) => EngineError::Memory(error),
                _ => EngineError::Shape(shape),
            })?;
            return Ok(Strategy::Table(Arc::new(table)));
        }
        let search = PatternSearch::new(Layout::new(shape)?, options)?;
        Ok(Strategy::Patterns(Box::new(search)))
    }

    /// [`Strategy::with_options`], but a 3×3 goal is solved by `engine`
    /// where one is given (a 3×3 run's `--algorithm`), as the binary answers
    /// 3×3 puzzles, rather than by a table like other small shapes.
    pub fn with_engine(
        goal: &Grid,
        optimality: Optimality,
        options: PdbOptions,
        engine: Option<Engine>,
    ) -> Result<Strategy, EngineError> {
        match engine {
            Some(engine) if goal.shape() == Shape::EIGHT => {
                Ok(Strategy::Eight(Box::new(Solver3x3::new(engine))))
            }
            _ => Strategy::with_options(goal, optimality, options),
        }
    }

    /// The engine for boards answered one at a time while someone waits
    /// for each, as on the page: the fewest moves up to 16 cells
    /// ([`Optimality::Default`]), with tables in memory. On 3×3,
    /// bidirectional search, where [`Engine::Auto`] would build the
    /// whole-space table after a few hundred boards and make the board that
    /// paid for it wait; elsewhere the databases that build soonest
    /// ([`Partition::quickest`]). The answers are those of every other
    /// choice, the first shortest.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use eight::{letters, Grid, Shape, Solution, Strategy};
    /// let goal = Grid::solved(Shape::EIGHT).unwrap();
    /// let mut strategy = Strategy::while_waiting(&goal).unwrap();
    /// let (start, mut path) = ("2 3 4 1 5 x 7 6 8".parse().unwrap(), Vec::new());
    /// let solution = strategy.solve(&start, &goal, &mut path, |_| ControlFlow::Continue(()));
    /// assert_eq!(solution, Ok(Solution::Solved));
    /// assert_eq!(letters(&path), "dlurullddrurdllurdr");
    /// ```
    pub fn while_waiting(goal: &Grid) -> Result<Strategy, EngineError> {
        let tables = PdbOptions {
            partition: Partition::quickest(goal.shape()),
            ..PdbOptions::default()
        };
        let eight = Some(Engine::Bidirectional);
        Strategy::with_engine(goal, Optimality::Default, tables, eight)
    }

    /// Whether this choice gives the fewest moves on `shape`, before any
    /// engine is built: for refusing `--format count` at start-up.
    pub fn gives_shortest(shape: Shape, optimality: Optimality) -> bool {
        let most = match optimality {
            Optimality::Any => 0,
            Optimality::Default => EXACT_BY_DEFAULT,
            Optimality::Fewest => PDB_CELLS,
        };
        shape.cells() <= most
    }

    /// Solves `start` to `goal` (the goal this engine was chosen for),
    /// handing each move to `sink` in order until it breaks (a write
    /// failed: the work then stops soon, whatever the answer's length);
    /// the exact engines ([`Strategy::shortest`]) also leave the answer in
    /// `path`. Unsolvable boards cost O(cells) and no search. The pattern
    /// databases are built (or loaded) for the first board that needs
    /// them, and one that does not fit in memory is the error, before any
    /// move is handed over. A search given up at its node limit is
    /// answered by the constructive method; one called off hands over no
    /// move, and both are [`Solution::NotShortest`].
    pub fn solve(
        &mut self,
        start: &Grid,
        goal: &Grid,
        path: &mut Vec<Move>,
        mut sink: impl FnMut(Move) -> ControlFlow<()>,
    ) -> Result<Solution, MemoryError> {
        // Each engine decides solvability itself, by parity before any
        // search; both boards were checked against the shape when read, so
        // an error cannot arise and is taken as no answer.
        path.clear();
        Ok(Solution::of(match self {
            Strategy::Eight(solver) => {
                // Both are 3×3 boards: an engine for 3×3 runs is made for
                // no other shape.
                let (Some(start), Some(goal)) = (start.board(), goal.board()) else {
                    return Ok(Solution::Unsolvable);
                };
                let verdict = solver.solve_towards(&start, &goal, path)?;
                let _ = path.iter().try_for_each(|&step| sink(step));
                return Ok(verdict);
            }
            Strategy::Table(table) => table.stream(start, goal, path, &mut sink),
            Strategy::Patterns(search) => match search.solve_grid(start, goal, path) {
                Ok(found) => {
                    let _ = path.iter().try_for_each(|&step| sink(step));
                    found
                }
                Err(EngineError::Memory(error)) => return Err(error),
                // Called off by a stop flag or a time limit, which only the
                // front door sets and reports: no answer is made for it.
                Err(EngineError::Stopped | EngineError::TimeLimit { .. }) => {
                    return Ok(Solution::NotShortest);
                }
                Err(_) => {
                    // Only the node limit: the boards were checked when read.
                    construct(start, goal, &mut sink)?;
                    return Ok(Solution::NotShortest);
                }
            },
            Strategy::Constructive(_) => construct(start, goal, &mut sink)?,
        }))
    }

    /// Whether a board's search may give up at a node limit, so that its
    /// answer is known to be the fewest moves or not only at its end.
    pub fn may_give_up(&self) -> bool {
        matches!(self, Strategy::Patterns(search) if search.node_limit().is_some())
    }

    /// Tells the 3×3 solver how many puzzles are still to come after the
    /// next, where the input counts them ([`Solver3x3::expect`]).
    pub fn expect(&mut self, cases_left: Option<u64>) {
        if let Strategy::Eight(solver) = self {
            solver.expect(cases_left);
        }
    }

    /// Builds or loads now whatever tables solving towards `goal` (the
    /// goal this engine was chosen for) will need, the pattern databases,
    /// so that clones made afterwards share them instead of each building
    /// its own.
    pub fn prepare(&mut self, goal: &Grid) -> Result<(), EngineError> {
        match self {
            Strategy::Patterns(search) => search.prepare_grid(goal),
            _ => Ok(()),
        }
    }

    /// Whether the answers are the fewest moves (and the first such in
    /// letter order), as the 3×3 engines' are: all but the constructive
    /// method's.
    pub fn shortest(&self) -> bool {
        !matches!(self, Strategy::Constructive(_))
    }

    /// Calls `progress` while the pattern databases are built.
    pub fn on_progress(&mut self, progress: Progress) {
        if let Strategy::Patterns(search) = self {
            search.on_progress(progress);
        }
    }

    /// Cache problems met since the last call (pattern databases only).
    pub fn take_warnings(&mut self) -> Vec<CacheWarning> {
        match self {
            Strategy::Patterns(search) => search.take_warnings(),
            _ => Vec::new(),
        }
    }

    /// The cached tables obtained since the last call (pattern databases
    /// only).
    pub fn take_tables(&mut self) -> Option<TablesReport> {
        match self {
            Strategy::Patterns(search) => search.take_tables(),
            _ => None,
        }
    }

    /// From now on, the searches of this engine and its clones publish how
    /// far they have come to `progress` (the pattern databases' IDA*; the
    /// table and the constructive method do not search).
    pub fn watch(&mut self, progress: Arc<SearchProgress>) {
        if let Strategy::Patterns(search) = self {
            search.watch(progress);
        }
    }

    /// Which engine this is.
    pub fn kind(&self) -> StrategyKind {
        match self {
            Strategy::Eight(solver) => StrategyKind::Eight(solver.last_engine()),
            Strategy::Table(_) => StrategyKind::Table,
            Strategy::Patterns(_) => StrategyKind::Patterns,
            Strategy::Constructive(_) => StrategyKind::Constructive,
        }
    }

    /// The work of the last answer's search (see [`SearchStats`]): the
    /// pattern databases' IDA* counts its rounds and nodes; the table and
    /// the constructive method, which do not search, report none.
    pub fn last_stats(&self) -> SearchStats {
        match self {
            Strategy::Eight(solver) => solver.last_stats(),
            Strategy::Patterns(search) => search.stats(),
            _ => SearchStats::default(),
        }
    }
}

/// The constructive method's answer, streamed to `sink`: whether `goal` was
/// reached, or the core's table that did not fit in memory.
fn construct(
    start: &Grid,
    goal: &Grid,
    sink: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> Result<bool, MemoryError> {
    match constructive::solve_while(start, goal, sink) {
        Ok(found) => Ok(found),
        Err(GridError::Memory(error)) => Err(error),
        // Boards of two shapes: the readers rule that out.
        Err(_) => Ok(false),
    }
}

/// The engines of [`Strategy`], as data: for saying which one answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    /// [`Strategy::Eight`], by the engine that answered (never
    /// [`Engine::Auto`], which names the engine it chose).
    Eight(Engine),
    /// [`Strategy::Table`].
    Table,
    /// [`Strategy::Patterns`].
    Patterns,
    /// [`Strategy::Constructive`].
    Constructive,
}

impl StrategyKind {
    /// The engine's short name, as `--stats` prints it.
    pub const fn name(self) -> &'static str {
        match self {
            StrategyKind::Eight(engine) => engine.name(),
            StrategyKind::Table => "table",
            StrategyKind::Patterns => "pdb",
            StrategyKind::Constructive => "constructive",
        }
    }
}

/// The goal of each board of a run that lends one to cases without their
/// own: the run's goal where it has the board's shape, else the board's
/// solved arrangement, made once for each shape as it comes.
pub(crate) struct RunGoal {
    run: Option<Grid>,
    solved: Option<Grid>,
}

impl RunGoal {
    /// The goals of a run towards `run`, or towards each board's solved
    /// arrangement.
    pub(crate) fn new(run: Option<Grid>) -> RunGoal {
        RunGoal { run, solved: None }
    }

    /// The goal of `start`.
    pub(crate) fn of(&mut self, start: &Grid) -> &Grid {
        let fits = |goal: &&Grid| goal.shape() == start.shape();
        if let Some(goal) = self.run.as_ref().filter(fits) {
            return goal;
        }
        if self.solved.as_ref().filter(fits).is_none() {
            self.solved = Some(start.solved_like());
        }
        self.solved.as_ref().expect("made above")
    }
}

/// The [`Strategy`] for the boards at hand and their goal, made for the
/// first board and remade when the boards change shape: what a batch and
/// the special judge keep over a run on boards of other shapes.
#[derive(Default)]
pub(crate) struct Strategies {
    /// The run's goal; `None` for each board's solved arrangement.
    goal: Option<Grid>,
    optimality: Optimality,
    tables: PdbOptions,
    /// The 3×3 engine of a 3×3 run, which answers its boards; `None` where
    /// 3×3 boards come among others (a preset whose cases give their
    /// shape), and are answered as every other small board is.
    engine: Option<Engine>,
    progress: Option<Progress>,
    /// Where searches publish how far they have come, once set.
    watch: Option<Arc<SearchProgress>>,
    /// The engine for the goal of the boards at hand, and that goal.
    current: Option<(Grid, Strategy)>,
    /// Cache problems of engines set aside.
    warnings: Vec<CacheWarning>,
}

impl Strategies {
    /// Engines towards `goal`, or each board's solved arrangement, chosen
    /// by `optimality` with the pattern databases' `tables`; none is made
    /// before [`Strategies::for_goal`].
    pub(crate) fn new(
        goal: Option<Grid>,
        optimality: Optimality,
        tables: PdbOptions,
        engine: Option<Engine>,
    ) -> Strategies {
        Strategies {
            goal,
            optimality,
            tables,
            engine,
            ..Strategies::default()
        }
    }

    /// The run's goal, if it has one.
    pub(crate) fn goal(&self) -> Option<&Grid> {
        self.goal.as_ref()
    }

    /// The engine for boards solved towards `goal`, made when the goal
    /// changes shape, or on other boards than 3×3 when it changes at all
    /// (their tables are built for one goal; the 3×3 solver takes any).
    pub(crate) fn for_goal(&mut self, goal: &Grid) -> Result<&mut Strategy, EngineError> {
        let fits = |(made_for, strategy): &(Grid, Strategy)| {
            made_for.shape() == goal.shape()
                && (matches!(strategy, Strategy::Eight(_)) || made_for == goal)
        };
        if !self.current.as_ref().is_some_and(fits) {
            if let Some((_, mut old)) = self.current.take() {
                self.warnings.extend(old.take_warnings());
            }
            let mut strategy =
                Strategy::with_engine(goal, self.optimality, self.tables.clone(), self.engine)?;
            if let Some(progress) = &self.progress {
                strategy.on_progress(progress.clone());
            }
            if let Some(progress) = &self.watch {
                strategy.watch(Arc::clone(progress));
            }
            self.current = Some((goal.clone(), strategy));
        }
        Ok(&mut self.current.as_mut().expect("made above").1)
    }

    /// The run's goal and its engine, when the run has one goal and its
    /// engine is made: what the worker threads of a batch share.
    pub(crate) fn shared(&mut self) -> Option<&mut (Grid, Strategy)> {
        self.goal.as_ref()?;
        self.current.as_mut()
    }

    /// Calls `progress` while tables are built, from now on.
    pub(crate) fn on_progress(&mut self, progress: Progress) {
        if let Some((_, strategy)) = &mut self.current {
            strategy.on_progress(progress.clone());
        }
        self.progress = Some(progress);
    }

    /// Publishes how far searches have come to `progress`, from now on.
    pub(crate) fn watch(&mut self, progress: Arc<SearchProgress>) {
        if let Some((_, strategy)) = &mut self.current {
            strategy.watch(Arc::clone(&progress));
        }
        self.watch = Some(progress);
    }

    /// Cache problems met since the last call.
    pub(crate) fn take_warnings(&mut self) -> Vec<CacheWarning> {
        if let Some((_, strategy)) = &mut self.current {
            self.warnings.extend(strategy.take_warnings());
        }
        std::mem::take(&mut self.warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::{unrank, Rank, STATES};

    #[test]
    fn auto_builds_the_table_once_searching_has_cost_as_much() {
        let mut solver = Solver3x3::new(Engine::Auto);
        let goal = Goal::default();
        let mut path = Vec::new();
        let mut searched = 0;
        let mut built_after = None;
        for (puzzle, rank) in (0..STATES as Rank).step_by(101).enumerate() {
            let start = unrank(rank);
            if solver.solve(&start, &goal, &mut path) == Ok(Solution::Unsolvable) {
                continue;
            }
            let stats = solver.last_stats();
            if stats.expanded == 181_440 {
                built_after = Some(puzzle);
                break;
            }
            searched += stats.generated;
        }
        assert!(built_after.is_some(), "the table was never built");
        assert!(
            searched >= TABLE_BREAK_EVEN,
            "built after {searched} states"
        );
        assert!(
            searched < TABLE_BREAK_EVEN + 100_000,
            "built late: {searched}"
        );
    }

    #[test]
    fn a_counted_batch_builds_the_table_once_the_cases_to_come_will_pay_for_it() {
        let goal = Goal::default();
        let mut path = Vec::new();
        let start = |rank: Rank| unrank(rank * 7919 % STATES as Rank);
        let solvable = (1..).map(start).filter(|board| goal.reachable_from(board));
        // Many cases to come: the first search shows what one costs, and the
        // second case is answered from the table.
        let mut many = Solver3x3::new(Engine::Auto);
        let mut few = Solver3x3::new(Engine::Auto);
        for (case, board) in solvable.take(20).enumerate() {
            many.expect(Some(10_000 - case as u64));
            few.expect(Some(20 - case as u64));
            many.solve(&board, &goal, &mut path).unwrap();
            few.solve(&board, &goal, &mut path).unwrap();
            let expected = if case == 0 {
                Engine::Bidirectional
            } else {
                Engine::Table
            };
            assert_eq!(many.last_engine(), expected, "case {case} of 10,000");
            assert_eq!(
                few.last_engine(),
                Engine::Bidirectional,
                "case {case} of 20"
            );
        }
        // Once built, the table answers to the end, however few are left.
        many.expect(Some(0));
        many.solve(&start(3), &goal, &mut path).unwrap();
        assert_eq!(many.last_engine(), Engine::Table);
    }
}
