//! The front door: one call that answers a board of any shape ([`solve`]),
//! and for many boards a [`Solver`] built once, whose tables every thread
//! shares. Both give an [`Answer`] that says whether it is the fewest
//! moves, and fail with one [`Error`].
//!
//! The engines stay reachable on their own (`Solver3x3`, `Strategy`,
//! `pdb::PatternSearch`) for those who need their knobs; this module only
//! chooses, shares and translates. A solver's engines are made once, at
//! [`SolverBuilder::build`], which also builds the tables they read; each
//! thread that answers takes a spare copy of the engines' scratch (kept
//! for the next board) over the one copy of the tables.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rayon::prelude::*;

use crate::contract::{EngineError, Stop};
use crate::cores;
use crate::grid::{Grid, GridError};
use crate::memory::MemoryError;
use crate::moves::{letters, Move};
use crate::pdb::{CacheDir, PdbOptions};
use crate::read::PuzzleErrorKind;
use crate::shape::Shape;
use crate::solver::{Engine, Optimality, Solution, Strategy};

/// Answers `board` towards its shape's standard goal (the tiles in row
/// order, the blank last) with the defaults of [`Solver::builder`]: the
/// fewest moves up to 16 cells, tables in memory. `Ok(None)` when the goal
/// cannot be reached.
///
/// Each call builds the tables the shape needs afresh (on 4×4 that takes
/// longer than most searches, 10 to 25 seconds): for more than one board,
/// build a [`Solver`] once, or name a cache directory.
///
/// # Example
/// ```
/// let board: eight::Grid = "2 3 4 1 5 x 7 6 8".parse()?;
/// let answer = eight::solve(&board)?.expect("solvable");
/// assert_eq!(answer.to_string(), "dlurullddrurdllurdr");
/// assert!(answer.is_shortest());
/// # Ok::<(), eight::Error>(())
/// ```
pub fn solve(board: &Grid) -> Result<Option<Answer>, Error> {
    Solver::builder(board.shape()).build()?.solve(board)
}

/// A solution: its moves, and whether no solution is shorter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    moves: Vec<Move>,
    shortest: bool,
}

impl Answer {
    /// The moves, each naming where the blank goes.
    ///
    /// # Example
    /// ```
    /// use eight::Move;
    /// let answer = eight::solve(&"1 2 3 4 5 6 7 x 8".parse()?)?.unwrap();
    /// assert_eq!(answer.moves(), [Move::Right]);
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether no solution is shorter: true of the tables and the pattern
    /// databases, false of the constructive method and of a search given
    /// up at its node limit (answered by that method instead).
    pub fn is_shortest(&self) -> bool {
        self.shortest
    }
}

impl std::fmt::Display for Answer {
    /// The moves as letters, `dlru`, as `eight` prints them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&letters(&self.moves))
    }
}

/// Why a board was not answered: the messages are those `eight` prints for
/// the same fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Text that is not one board.
    #[error(transparent)]
    Read(#[from] PuzzleErrorKind),
    /// Tiles that are not a board, or a board of another shape than the
    /// solver's.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// A request the engine cannot take (a bad partition, a shape the
    /// pattern databases do not cover).
    #[error(transparent)]
    Engine(EngineError),
    /// A table or a search's array did not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
    /// The stop flag ([`SolverBuilder::stop`]) was set.
    #[error("stopped before an answer was found")]
    Stopped,
    /// The board's search ran past [`SolverBuilder::time_limit`].
    #[error("gave up after {0:?} (the time limit) without an answer")]
    TimeLimit(Duration),
    /// The solver's threads ([`SolverBuilder::threads`]) could not start.
    #[error("cannot start {threads} worker threads: {why}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's reason.
        why: String,
    },
}

impl From<EngineError> for Error {
    fn from(error: EngineError) -> Error {
        match error {
            EngineError::Memory(error) => Error::Memory(error),
            EngineError::Stopped => Error::Stopped,
            EngineError::TimeLimit { limit } => Error::TimeLimit(limit),
            error => Error::Engine(error),
        }
    }
}

/// Solves boards of one shape towards one goal, from any number of threads
/// at once over one copy of its tables (it is `Send` and `Sync`).
///
/// # Example
/// ```
/// use eight::{Optimality, Shape, Solver};
/// let solver = Solver::builder(Shape::new(3, 4))
///     .optimality(Optimality::Fewest)
///     .threads(2)
///     .build()?;
/// let boards = ["1 2 3 4\n5 6 x 8\n9 10 7 11".parse()?, "2 1 3 4\n5 6 7 8\n9 10 11 x".parse()?];
/// let answers = solver.solve_all(&boards);
/// assert_eq!(answers[0].as_ref().unwrap().as_ref().unwrap().to_string(), "dr");
/// assert_eq!(answers[1], Ok(None), "one swap: unsolvable");
/// # Ok::<(), eight::Error>(())
/// ```
pub struct Solver {
    goal: Grid,
    /// The engine made at build, whose tables every copy shares.
    strategy: Strategy,
    /// Copies of it with their own scratch, one for each thread that
    /// answered at once.
    spares: Spares<Strategy>,
    stop: Stop,
    /// The solver's own threads, where it was given a number.
    pool: Option<rayon::ThreadPool>,
}

/// Engines set aside between boards, one for each thread that answered at
/// once.
struct Spares<T>(Mutex<Vec<T>>);

impl<T> Spares<T> {
    /// Runs `work` on a spare engine, or on one `make` makes, and keeps it.
    fn with<R>(&self, make: impl FnOnce() -> T, work: impl FnOnce(&mut T) -> R) -> R {
        let mut engine = self.lock().pop().unwrap_or_else(make);
        let done = work(&mut engine);
        self.lock().push(engine);
        done
    }

    fn lock(&self) -> MutexGuard<'_, Vec<T>> {
        // A list of engines cannot be left half-changed by a panic.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<T> Default for Spares<T> {
    fn default() -> Self {
        Spares(Mutex::default())
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("goal", &self.goal)
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A builder of solvers for boards of `shape`, with the defaults: the
    /// standard goal, [`Optimality::Default`], tables in memory, the
    /// calling thread, no limits.
    ///
    /// # Example
    /// ```
    /// use eight::{Grid, Shape, Solver};
    /// let shape = Shape::new(2, 3);
    /// let goal = Grid::new(shape, vec![0, 1, 2, 3, 4, 5])?;
    /// let solver = Solver::builder(shape).goal(goal).build()?;
    /// let answer = solver.solve(&"[[1,0,2],[3,4,5]]".parse()?)?.unwrap();
    /// assert_eq!(answer.to_string(), "l");
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn builder(shape: Shape) -> SolverBuilder {
        SolverBuilder {
            shape,
            goal: None,
            optimality: Optimality::Default,
            tables: PdbOptions::default(),
            threads: None,
            stop: Stop::default(),
        }
    }

    /// The goal every board is solved towards.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }

    /// Answers `board`, on the solver's threads where it has some (a hard
    /// board's search is then split among them), else on the calling one.
    /// `Ok(None)` when the goal cannot be reached; a board of another
    /// shape than the solver's is the error.
    ///
    /// # Example
    /// ```
    /// use eight::{Shape, Solver};
    /// let solver = Solver::builder(Shape::new(3, 4)).build()?;
    /// let board = "1 2 3 4\n5 6 7 8\n9 10 x 11".parse()?;
    /// assert_eq!(solver.solve(&board)?.unwrap().to_string(), "r");
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn solve(&self, board: &Grid) -> Result<Option<Answer>, Error> {
        match &self.pool {
            Some(pool) => pool.install(|| self.answer(board)),
            None => self.answer(board),
        }
    }

    /// Answers every board, in input order, on the solver's threads (or
    /// one per core), each board as [`Solver::solve`] would.
    ///
    /// # Example
    /// ```
    /// use eight::{Grid, Shape, Solver};
    /// let solver = Solver::builder(Shape::EIGHT).build()?;
    /// let boards: Vec<Grid> = ["12345678x", "1234567x8"].iter().map(|b| b.parse()).collect::<Result<_, _>>()?;
    /// let lengths: Vec<usize> = solver.solve_all(&boards).into_iter().map(|a| a.unwrap().unwrap().len()).collect();
    /// assert_eq!(lengths, [0, 1]);
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn solve_all(&self, boards: &[Grid]) -> Vec<Result<Option<Answer>, Error>> {
        let all = |threads: bool| match threads {
            true => boards.par_iter().map(|board| self.answer(board)).collect(),
            false => boards.iter().map(|board| self.answer(board)).collect(),
        };
        match &self.pool {
            Some(pool) => pool.install(|| all(true)),
            None => cores::on_pool(all),
        }
    }

    /// [`Solver::solve`] on the thread at hand.
    fn answer(&self, start: &Grid) -> Result<Option<Answer>, Error> {
        if start.shape() != self.goal.shape() {
            return Err(GridError::ShapeMismatch(start.shape(), self.goal.shape()).into());
        }
        let halt = self.stop.begin();
        if let Some(error) = halt.due() {
            return Err(error.into());
        }
        let mut moves = Vec::new();
        let mut called_off = None;
        // The constructive method's answers can be long: it stops soon
        // after the sink breaks.
        let sink = |step| {
            moves.push(step);
            if moves.len() % 1024 == 0 && called_off.is_none() {
                called_off = halt.due();
            }
            match called_off {
                Some(_) => ControlFlow::Break(()),
                None => ControlFlow::Continue(()),
            }
        };
        let mut path = Vec::new();
        let (solution, exact) = self.spares.with(
            || self.strategy.clone(),
            |engine| {
                let solution = engine.solve(start, &self.goal, &mut path, sink)?;
                Ok::<_, MemoryError>((solution, engine.shortest()))
            },
        )?;
        // A search called off hands over no moves: say why. One given up at
        // its node limit was answered by the constructive method.
        if solution == Solution::NotShortest {
            called_off = called_off.or_else(|| halt.due());
        }
        if let Some(error) = called_off {
            return Err(error.into());
        }
        Ok((solution != Solution::Unsolvable).then(|| Answer {
            moves,
            shortest: exact && solution == Solution::Solved,
        }))
    }
}

/// How a [`Solver`] is made: [`Solver::builder`], a setting or more, then
/// [`SolverBuilder::build`].
#[derive(Clone, Debug)]
pub struct SolverBuilder {
    shape: Shape,
    goal: Option<Grid>,
    optimality: Optimality,
    /// The pattern databases' options: in memory, the default partition.
    tables: PdbOptions,
    threads: Option<usize>,
    stop: Stop,
}

impl SolverBuilder {
    /// Solves towards `goal`, a board of the builder's shape.
    pub fn goal(mut self, goal: Grid) -> SolverBuilder {
        self.goal = Some(goal);
        self
    }

    /// How hard to try for the fewest moves: [`Optimality::Any`], a valid
    /// answer at once on every board; [`Optimality::Default`], the fewest
    /// up to 16 cells; [`Optimality::Fewest`], the fewest up to 25 (the
    /// 5×5 tables take minutes and gigabytes to build). Above, a valid
    /// answer.
    pub fn optimality(mut self, optimality: Optimality) -> SolverBuilder {
        self.optimality = optimality;
        self
    }

    /// Keeps the pattern databases in `dir`, loading them from there next
    /// time, rather than building them in memory for this solver alone.
    ///
    /// # Example
    /// ```
    /// use eight::{Shape, Solver};
    /// let dir = std::env::temp_dir().join(format!("eight-doc-{}", std::process::id()));
    /// Solver::builder(Shape::new(2, 5)).cache_dir(&dir).build()?;
    /// assert!(std::fs::read_dir(&dir).unwrap().count() > 0, "saved");
    /// Solver::builder(Shape::new(2, 5)).cache_dir(&dir).build()?; // loaded
    /// std::fs::remove_dir_all(&dir).unwrap();
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> SolverBuilder {
        self.tables.cache = CacheDir::At(dir.into());
        self
    }

    /// Answers on a pool of `threads` threads of the solver's own.
    pub fn threads(mut self, threads: usize) -> SolverBuilder {
        self.threads = Some(threads);
        self
    }

    /// Gives up the fewest moves on a board after generating `nodes` nodes
    /// of the pattern databases' search, and answers it by the
    /// constructive method instead ([`Answer::is_shortest`] is false).
    pub fn node_limit(mut self, nodes: u64) -> SolverBuilder {
        self.tables.node_limit = Some(nodes);
        self
    }

    /// Gives up a board whose search runs longer than `limit`
    /// ([`Error::TimeLimit`]).
    pub fn time_limit(mut self, limit: Duration) -> SolverBuilder {
        self.stop.time_limit = Some(limit);
        self
    }

    /// Gives up every board being answered (within milliseconds), and the
    /// tables being built (at their next layer), once `flag` is set
    /// ([`Error::Stopped`]); boards given while it stays set are refused.
    ///
    /// # Example
    /// ```
    /// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
    /// use eight::{Shape, Solver};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let solver = Solver::builder(Shape::EIGHT).stop(Arc::clone(&flag)).build()?;
    /// flag.store(true, Ordering::Relaxed);
    /// assert_eq!(solver.solve(&"12345678x".parse()?), Err(eight::Error::Stopped));
    /// # Ok::<(), eight::Error>(())
    /// ```
    pub fn stop(mut self, flag: Arc<AtomicBool>) -> SolverBuilder {
        self.stop.flag = Some(flag);
        self
    }

    /// The solver, with its tables built (or loaded from the cache
    /// directory): a table that does not fit in memory, a goal of another
    /// shape or threads that cannot start are the error.
    pub fn build(self) -> Result<Solver, Error> {
        let goal = match self.goal {
            Some(goal) if goal.shape() != self.shape => {
                return Err(GridError::ShapeMismatch(goal.shape(), self.shape).into())
            }
            Some(goal) => goal,
            None => Grid::solved(self.shape)?,
        };
        let pool = match self.threads {
            Some(threads) => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|error| Error::Threads {
                        threads,
                        why: error.to_string(),
                    })?,
            ),
            None => None,
        };
        // The 3×3 board by its own chooser, `auto`, whose answers are the
        // binary's: a single board is searched, not tabled.
        let eight = (self.optimality != Optimality::Any).then_some(Engine::Auto);
        let mut strategy = Strategy::with_engine(&goal, self.optimality, self.tables, eight)?;
        if let Strategy::Patterns(search) = &mut strategy {
            search.stop_on(self.stop.clone());
        }
        let mut prepare = || strategy.prepare(&goal);
        match &pool {
            Some(pool) => pool.install(prepare),
            None => prepare(),
        }?;
        // The spares copy these, and would report them again.
        strategy.take_warnings();
        strategy.take_tables();
        Ok(Solver {
            goal,
            strategy,
            spares: Spares::default(),
            stop: self.stop,
            pool,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::clock::Instant;
    use crate::pdb::Partition;

    const FOUR: Shape = Shape::new(4, 4);

    /// `moves` random moves from `goal`, none undoing the one before.
    fn walk(goal: &Grid, moves: usize, rng: &mut ChaCha8Rng) -> Grid {
        let (mut board, mut last) = (goal.clone(), Move::Up);
        for _ in 0..moves {
            let step = Move::ALL[rng.random_range(0..4)];
            if step != last.inverse() && board.apply(step) {
                last = step;
            }
        }
        board
    }

    /// Whether `answer` takes `start` to `goal`.
    fn reaches(start: &Grid, answer: &Answer, goal: &Grid) -> bool {
        let mut board = start.clone();
        answer.moves().iter().all(|&step| board.apply(step)) && board == *goal
    }

    #[test]
    fn a_solver_crosses_threads() {
        fn send_and_sync<T: Send + Sync>() {}
        send_and_sync::<Solver>();
        send_and_sync::<Error>();
    }

    #[test]
    fn threads_answer_over_one_copy_of_the_tables() {
        let solver = SolverBuilder {
            tables: PdbOptions {
                partition: Partition::Small,
                ..PdbOptions::default()
            },
            ..Solver::builder(FOUR)
        }
        .build()
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(56);
        let boards: Vec<Grid> = (0..48).map(|_| walk(solver.goal(), 90, &mut rng)).collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let one_by_one: Vec<_> = pool.install(|| {
            boards
                .par_iter()
                .with_max_len(1)
                .map(|board| solver.solve(board))
                .collect()
        });
        assert_eq!(solver.solve_all(&boards), one_by_one);
        for (board, answer) in boards.iter().zip(&one_by_one) {
            let answer = answer.as_ref().unwrap().as_ref().unwrap();
            assert!(answer.is_shortest() && reaches(board, answer, solver.goal()));
        }
        let (strategy, mut spares) = (&solver.strategy, solver.spares.lock());
        // Boards of some 30 moves, a few milliseconds each: the threads
        // answer side by side, each with an engine of its own.
        assert!(spares.len() > 1, "{} spare engines", spares.len());
        for engine in spares.iter_mut().chain([&mut strategy.clone()]) {
            assert_eq!(engine.take_tables(), None, "built a table of its own");
        }
    }

    #[test]
    fn three_by_three_answers_are_the_binary_s_and_any_is_constructive() {
        let start: Grid = "2 3 4 1 5 x 7 6 8".parse().unwrap();
        let answer = solve(&start).unwrap().unwrap();
        assert_eq!(
            (answer.to_string().as_str(), answer.len()),
            ("dlurullddrurdllurdr", 19)
        );
        let any = Solver::builder(Shape::EIGHT).optimality(Optimality::Any);
        let answer = any.build().unwrap().solve(&start).unwrap().unwrap();
        assert!(!answer.is_shortest() && reaches(&start, &answer, &start.solved_like()));
        let unsolvable: Grid = "2 1 3 4 5 6 7 8 x".parse().unwrap();
        assert_eq!(solve(&unsolvable), Ok(None));
    }

    #[test]
    fn a_search_given_up_at_its_node_limit_is_answered_but_not_shortest() {
        let solver = Solver::builder(Shape::new(3, 4)).node_limit(1);
        let solver = solver.build().unwrap();
        let start = walk(solver.goal(), 200, &mut ChaCha8Rng::seed_from_u64(1));
        let answer = solver.solve(&start).unwrap().unwrap();
        assert!(!answer.is_shortest(), "{} moves: {answer}", answer.len());
        assert!(reaches(&start, &answer, solver.goal()));
    }

    #[test]
    fn boards_and_goals_of_another_shape_are_refused_as_the_binary_says() {
        let solver = Solver::builder(FOUR).optimality(Optimality::Any);
        let error = solver.build().unwrap().solve(&"12345678x".parse().unwrap());
        let message = "the boards differ in shape: 3×3 and 4×4";
        assert_eq!(error.unwrap_err().to_string(), message);
        let goal = Grid::solved(Shape::EIGHT).unwrap();
        let error = Solver::builder(FOUR).goal(goal).build().unwrap_err();
        assert_eq!(error.to_string(), message);
        let bad = "1 2 3 4 5 6 7 8 8".parse::<Grid>().map_err(Error::from);
        assert_eq!(bad.unwrap_err().to_string(), "tile '8' appears twice");
    }

    /// A 4×4 board 80 moves from the goal (Brüngger et al. 1999), read by
    /// one database per tile: IDA* on it would run for hours.
    fn endless(with: impl FnOnce(SolverBuilder) -> SolverBuilder) -> (Solver, Grid) {
        let goal = Grid::new(FOUR, (0..16).collect()).unwrap();
        let start = [15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0];
        let start = Grid::new(FOUR, start.to_vec()).unwrap();
        let singles = (1..16).map(|cell| vec![cell]).collect();
        let builder = SolverBuilder {
            tables: PdbOptions {
                partition: Partition::Cells(singles),
                ..PdbOptions::default()
            },
            ..Solver::builder(FOUR).goal(goal)
        };
        (with(builder).build().unwrap(), start)
    }

    #[test]
    fn a_long_search_stops_soon_after_another_thread_sets_the_flag() {
        for threads in [1, 2] {
            let flag = Arc::new(AtomicBool::new(false));
            let stop = Arc::clone(&flag);
            let (solver, start) = endless(|builder| builder.threads(threads).stop(stop));
            let (answer, latency) = std::thread::scope(|scope| {
                let search = scope.spawn(|| {
                    let answer = solver.solve(&start);
                    (answer, Instant::now())
                });
                std::thread::sleep(Duration::from_millis(300));
                let set = Instant::now();
                flag.store(true, Ordering::Relaxed);
                let (answer, ended) = search.join().unwrap();
                (answer, set.elapsed().saturating_sub(ended.elapsed()))
            });
            assert_eq!(answer, Err(Error::Stopped), "on {threads} threads");
            // Measured: 0.1 to 0.5 ms, and once per process some 40 ms more
            // (the constructive method's core table, which answers a search
            // called off before it is an error). Generous against load.
            assert!(
                latency < Duration::from_secs(2),
                "{latency:?} on {threads} threads"
            );
            assert_eq!(solver.solve(&start), Err(Error::Stopped), "refused at once");
        }
    }

    #[test]
    fn a_search_past_its_time_limit_gives_up() {
        let limit = Duration::from_millis(100);
        let (solver, start) = endless(|builder| builder.threads(2).time_limit(limit));
        let began = Instant::now();
        assert_eq!(solver.solve(&start), Err(Error::TimeLimit(limit)));
        assert!(
            began.elapsed() < Duration::from_secs(2),
            "{:?}",
            began.elapsed()
        );
        let message = "gave up after 100ms (the time limit) without an answer";
        assert_eq!(Error::TimeLimit(limit).to_string(), message);
    }

    #[test]
    fn the_constructive_method_stops_too() {
        let shape = Shape::new(300, 300);
        let solver = Solver::builder(shape).time_limit(Duration::from_millis(20));
        let solver = solver.build().unwrap();
        // Far from the goal: the tiles in reverse order, the blank in its
        // corner (and two tiles swapped, where that is unsolvable).
        let mut tiles: Vec<u32> = (1..shape.cells() as u32).rev().collect();
        tiles.push(0);
        if !crate::solvable(&Grid::new(shape, tiles.clone()).unwrap(), solver.goal()).unwrap() {
            tiles.swap(0, 1);
        }
        let start = Grid::new(shape, tiles).unwrap();
        let began = Instant::now();
        assert!(matches!(solver.solve(&start), Err(Error::TimeLimit(_))));
        assert!(
            began.elapsed() < Duration::from_secs(2),
            "{:?}",
            began.elapsed()
        );
    }
}
