//! `eight compare`: searches side by side on the same puzzles, one named
//! row each: the 3×3 algorithms, or the heuristics of IDA* on boards of 6
//! to 16 cells, the 15-puzzle above all.
//!
//! All of them find shortest solutions, the first in letter order, so the
//! moves columns agree; what differs is the work. On 3×3, plain BFS expands
//! everything closer than the goal, bidirectional search meets in the
//! middle after a few thousand states, A* and IDA* let the heuristic steer
//! them to a few hundred, and the table pays one whole-space search on its
//! first puzzle and nothing after. On other boards every row is IDA*, and
//! what differs is the estimate that prunes it, and so the nodes it
//! generates: Manhattan distance; linear conflicts, which add two moves for
//! each tile that must leave its line and come back; the pattern databases
//! ([`crate::pdb`]), which add up exact costs of groups of tiles, and
//! reflection about the diagonal, which takes the larger of two such sums.
//! Manhattan distance alone needs billions of nodes on hard 15-puzzles, so
//! its searches stop at a node limit and show `?` for the moves. The
//! pattern databases are built or loaded before the first puzzle, so no
//! row's time includes them.
//!
//! One loop reads the puzzles, in any [`Framing`] on 3×3, so a judge's
//! test file is compared as it is; the rows are chosen once per
//! comparison, by the boards' shape ([`Lineup`]), and tried on each puzzle
//! by code generic over their engines (`contestants`), the 3×3 algorithms
//! over the 3×3 board.
//! Each row's work is summed as data, [`Totals`], which `text` writes as
//! the table: lines as puzzles are solved, in fixed-width columns wide
//! enough for any one puzzle (with a goal column after the start when
//! every case brings its own goal), then the totals in columns as wide as
//! their largest number. A caller that shows them its own way takes the
//! data ([`Comparison::totals`]), as `eight compare --svg` does, with, on
//! 3×3, the breadth-first and bidirectional searches of the first solvable
//! puzzle layer by layer ([`Comparison::search_layers`]).

use std::borrow::Cow;
use std::io::{self, BufReader, Read, Write};
use std::time::Duration;

use crate::batch::{BatchError, Tally};
use crate::cache::CacheWarning;
use crate::goal::Goal;
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::pdb::{CacheDir, EngineError, Layout};
use crate::read::frame::{CaseReader, Framing};
use crate::read::PuzzleError;
use crate::search::bfs::BreadthFirst;
use crate::search::bidir::Bidirectional;
use crate::search::manhattan::Outcome;
use crate::search::{Search, SearchStats};
use crate::shape::Shape;
use crate::solver::{Engine, Solver3x3};

mod contestants;
mod heuristic;
mod text;

pub use heuristic::Heuristic;

use contestants::{Contestants, Puzzle};
use text::{Text, ALGORITHMS, HEURISTICS};

/// Who a comparison sets side by side, which the boards' shape decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lineup {
    /// The 3×3 algorithms of [`Engine::COMPARED`] ([`Comparison::new`]).
    Algorithms,
    /// IDA* under each [`Heuristic`] ([`Comparison::heuristics`]).
    Heuristics,
}

impl Lineup {
    /// What is compared on boards of `shape`: the algorithms on 3×3, the
    /// board they search; the heuristics on the other shapes of 6 to 25
    /// cells, those the pattern databases take; nothing on the rest.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::Lineup, Shape};
    /// assert_eq!(Lineup::for_shape(Shape::EIGHT), Some(Lineup::Algorithms));
    /// assert_eq!(Lineup::for_shape(Shape::new(4, 4)), Some(Lineup::Heuristics));
    /// assert_eq!(Lineup::for_shape(Shape::new(2, 2)), None);
    /// ```
    pub fn for_shape(shape: Shape) -> Option<Lineup> {
        if shape == Shape::EIGHT {
            Some(Lineup::Algorithms)
        } else {
            Layout::new(shape).ok().map(|_| Lineup::Heuristics)
        }
    }
}

/// What a comparison found over the puzzles so far, as the totals that
/// close its table show it: a row per algorithm or heuristic, in the
/// table's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// The puzzles compared: read, with valid boards.
    pub puzzles: u64,
    /// How many of them have no solution.
    pub unsolvable: u64,
    /// Each row's work over them.
    pub rows: Vec<RowWork>,
}

/// One row's work over the puzzles so far, as the totals show it and
/// `eight compare --svg` draws it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowWork {
    /// The row's name, as over its columns.
    pub name: &'static str,
    /// The moves of its answers, summed over the puzzles it solved.
    pub moves: u64,
    /// The states it expanded, summed over the puzzles: on a puzzle it
    /// gave up on, those expanded before it did.
    pub expanded: u64,
    /// The states it generated, summed the same way.
    pub generated: u64,
    /// The most states waiting to be expanded at one time, on any puzzle.
    pub max_frontier: u64,
    /// The time its searches took, summed.
    pub elapsed: Duration,
    /// Where it gave up on any puzzle; only a search with a node limit
    /// does.
    pub gave_up: Option<GaveUp>,
}

/// The puzzles on which a row's search gave up, each after generating
/// as many nodes as its limit allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp {
    /// How many puzzles.
    pub puzzles: u64,
    /// The limit: the nodes it generated on each.
    pub limit: u64,
}

/// The searches of one puzzle layer by layer: plain breadth-first search
/// from the start, and the bidirectional search's two sides, which meet in
/// the middle. Each count is of states expanded at one depth from the
/// side's root, as [`BreadthFirst::expanded_by_depth`] and
/// [`Bidirectional::expanded_by_depth`] define them, so each search's
/// counts add up to the states its row's line shows expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLayers {
    /// The puzzle's number in the run, from 1, as its line shows it.
    pub puzzle: u64,
    /// Its start, compact as its line shows it (`23415x768`).
    pub start: String,
    /// Its goal, compact.
    pub goal: String,
    /// The length of its shortest solution: the breadth-first layers, and
    /// the two sides' together.
    pub moves: usize,
    /// Breadth-first search: `breadth_first[d]` states `d` moves from the
    /// start expanded.
    pub breadth_first: Vec<u64>,
    /// The bidirectional side that grows from the start, by depth from it.
    pub from_start: Vec<u64>,
    /// The bidirectional side that grows from the goal, by depth from it.
    pub from_goal: Vec<u64>,
}

/// What one row's search made of one puzzle, as its line shows it.
struct Trial {
    outcome: Outcome,
    moves: u64,
    stats: SearchStats,
    elapsed: Duration,
}

impl Totals {
    /// Totals of nothing yet for rows named `names`.
    fn new(names: impl Iterator<Item = &'static str>) -> Totals {
        let rows = names.map(|name| RowWork {
            name,
            ..RowWork::default()
        });
        Totals {
            rows: rows.collect(),
            ..Totals::default()
        }
    }

    /// Adds one puzzle's trials, one per row in order; a search that gave
    /// up did so at `limit`.
    fn add(&mut self, trials: &[Trial], limit: Option<u64>) {
        self.puzzles += 1;
        let unsolvable = trials.iter().any(|t| t.outcome == Outcome::Unsolvable);
        self.unsolvable += u64::from(unsolvable);
        for (work, trial) in self.rows.iter_mut().zip(trials) {
            work.add(trial, limit);
        }
    }
}

impl RowWork {
    fn add(&mut self, trial: &Trial, limit: Option<u64>) {
        match (trial.outcome, limit) {
            (Outcome::Solved, _) => self.moves += trial.moves,
            (Outcome::GaveUp, Some(limit)) => {
                let puzzles = self.gave_up.map_or(0, |gave_up| gave_up.puzzles) + 1;
                self.gave_up = Some(GaveUp { puzzles, limit });
            }
            // Only a search with a node limit gives up.
            (Outcome::GaveUp, None) | (Outcome::Unsolvable, _) => {}
        }
        self.expanded += trial.stats.expanded;
        self.generated += trial.stats.generated;
        self.max_frontier = self.max_frontier.max(trial.stats.max_frontier);
        self.elapsed += trial.elapsed;
    }
}

/// Runs every row's search on each puzzle and writes the comparison table.
///
/// # Example
/// ```
/// use eight::{compare::Comparison, read::frame::Framing, Goal};
/// let mut comparison = Comparison::new(Goal::default(), Framing::default(), Vec::new());
/// comparison.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {}).unwrap();
/// comparison.finish().unwrap();
/// // The totals as data: every algorithm finds the 19 moves.
/// let totals = comparison.totals();
/// assert_eq!(totals.puzzles, 1);
/// assert!(totals.rows.iter().all(|row| row.moves == 19));
/// // And as the table `eight compare` prints.
/// let table = String::from_utf8(comparison.into_inner()).unwrap();
/// let row = table.lines().nth(2).unwrap();
/// assert!(row.starts_with("     1  23415x768"));
/// // Then moves, expanded and milliseconds for each algorithm.
/// let cells: Vec<&str> = row.split_whitespace().collect();
/// assert!(cells[2..].chunks(3).all(|group| group[0] == "19"));
/// assert!(table.contains("totals over 1 puzzle"));
/// ```
pub struct Comparison<W: Write> {
    contestants: Contestants,
    /// How the puzzles are laid out, and the goal of a case that brings
    /// none.
    framing: Framing,
    goal: Grid,
    totals: Totals,
    tally: Tally,
    text: Text<W>,
}

impl<W: Write> Comparison<W> {
    /// A comparison of the 3×3 algorithms on puzzles laid out as `framing`
    /// says, solved towards `goal` unless a case brings its own, that
    /// writes its table to `out`.
    pub fn new(goal: Goal, framing: Framing, out: W) -> Comparison<W> {
        // The goal too where the cases bring their own.
        let boards: &[&str] = match framing {
            Framing::CountedWithGoals(_) => &["start", "goal"],
            _ => &["start"],
        };
        let names = Engine::COMPARED.iter().map(|engine| engine.name());
        let solvers = Engine::COMPARED.map(Solver3x3::new).into();
        Comparison {
            contestants: Contestants::Algorithms {
                solvers,
                first_solvable: None,
            },
            framing,
            goal: Grid::from(goal.board()),
            totals: Totals::new(names),
            tally: Tally::default(),
            text: Text::new(&ALGORITHMS, boards, out),
        }
    }

    /// A comparison of `heuristics` on boards of the goal's shape, solved
    /// towards `goal`; the Manhattan searches give up after generating
    /// `limit` nodes on one board, and the databases are kept in `cache`.
    /// Fails when the shape or a partition does not suit the databases.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::{Comparison, Heuristic}, pdb::CacheDir, Grid, Shape};
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let heuristics: Vec<_> = Heuristic::defaults().collect();
    /// let cache = CacheDir::MemoryOnly;
    /// let mut comparison = Comparison::heuristics(goal, &heuristics, None, cache, Vec::new()).unwrap();
    /// comparison.run("4 1 2 5 0 3".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// comparison.finish().unwrap();
    /// let table = String::from_utf8(comparison.into_inner()).unwrap();
    /// let row = table.lines().nth(2).unwrap();
    /// // The puzzle's number, then moves, generated and ms for each heuristic.
    /// let cells: Vec<&str> = row.split_whitespace().collect();
    /// assert!(cells[1..].chunks(3).all(|group| group[0] == "5"));
    /// ```
    pub fn heuristics(
        goal: Grid,
        heuristics: &[&'static Heuristic],
        limit: Option<u64>,
        cache: CacheDir,
        out: W,
    ) -> Result<Comparison<W>, EngineError> {
        let layout = Layout::new(goal.shape())?;
        let searchers = heuristics
            .iter()
            .map(|heuristic| heuristic.searcher(layout, limit, &cache))
            .collect::<Result<_, EngineError>>()?;
        let names = heuristics.iter().map(|heuristic| heuristic.name);
        Ok(Comparison {
            contestants: Contestants::Heuristics { searchers, limit },
            framing: Framing::Stream(goal.shape()),
            goal,
            totals: Totals::new(names),
            tally: Tally::default(),
            text: Text::new(&HEURISTICS, &[], out),
        })
    }

    /// Compares the rows on every puzzle in `input`, one line each.
    /// `on_error` hears of each bad board with its puzzle's number in the
    /// whole run (from 1), and the puzzle gets no line; `on_warning` hears
    /// of problems with the databases' cache. A broken frame ends the input
    /// after the lines of the cases before it.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let Comparison {
            contestants,
            framing,
            goal,
            totals,
            tally,
            text,
        } = self;
        let input = BufReader::with_capacity(1 << 16, input);
        let mut cases = CaseReader::new(input, *framing)
            .map_err(|error| BatchError::Read(io::Error::other(error)))?;
        let (mut path, mut trials) = (Vec::new(), Vec::new());
        loop {
            // As in a batch: lines show at once when puzzles are typed.
            if cases.needs_read() {
                text.flush().map_err(BatchError::Write)?;
            }
            let Some(case) = cases.next_case()? else {
                return Ok(());
            };
            tally.puzzles += 1;
            let (start, goal) = match case.boards(|_| Cow::Borrowed(&*goal)) {
                Ok(boards) => boards,
                Err(invalid) => {
                    tally.invalid += 1;
                    for error in invalid.errors() {
                        on_error(tally.puzzles, error);
                    }
                    continue;
                }
            };
            let puzzle = Puzzle {
                number: tally.puzzles,
                first: tally.answered() == 1,
                start: &start,
                goal: &goal,
            };
            // Every row's trial before the line is written: a table that
            // does not fit in memory ends the run instead.
            contestants.attempt(&puzzle, &mut path, &mut trials, &mut on_warning)?;
            totals.add(&trials, contestants.limit());
            text.write_line(totals, puzzle.number, [&start, &goal], &trials)
                .map_err(BatchError::Write)?;
        }
    }

    /// Writes the totals per row under the lines ([`Comparison::totals`])
    /// and flushes: how many puzzles were compared and how many of them
    /// have no solution, then one line per row, each column as wide as its
    /// widest cell, the names aligned left and the numbers right, two
    /// spaces apart.
    pub fn finish(&mut self) -> io::Result<()> {
        self.text.write_totals(&self.totals)
    }

    /// What the comparison found over the puzzles so far: each row's work,
    /// which the totals under the table show, and the puzzles on which it
    /// gave up at the node limit, which their `gave up` column counts.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::{Comparison, GaveUp, Heuristic}, pdb::CacheDir, Grid, Shape};
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let manhattan = [&Heuristic::ALL[0]];
    /// let cache = CacheDir::MemoryOnly;
    /// let mut comparison = Comparison::heuristics(goal, &manhattan, Some(3), cache, Vec::new()).unwrap();
    /// comparison.run("4 1 2 5 0 3".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// let totals = comparison.totals();
    /// assert_eq!(totals.rows[0].gave_up, Some(GaveUp { puzzles: 1, limit: 3 }));
    /// assert!(totals.rows[0].expanded <= 3);
    /// ```
    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    /// The breadth-first and bidirectional searches of the first puzzle
    /// so far whose goal can be reached, layer by layer; `None` before
    /// one, and when the rows are heuristics. Both searches are run again
    /// on it as its line ran them (towards the goal's canonical board), so
    /// they expand what the line shows. Their arrays that do not fit in
    /// memory are the error.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::Comparison, read::frame::Framing, Goal};
    /// let mut comparison = Comparison::new(Goal::default(), Framing::default(), Vec::new());
    /// comparison.run("21345678x 2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// let layers = comparison.search_layers().unwrap().unwrap();
    /// assert_eq!((layers.puzzle, layers.start.as_str(), layers.moves), (2, "23415x768", 19));
    /// assert_eq!(layers.breadth_first.len(), 19);
    /// assert_eq!(layers.from_start.len() + layers.from_goal.len(), 19);
    /// ```
    pub fn search_layers(&self) -> Result<Option<SearchLayers>, MemoryError> {
        let Contestants::Algorithms {
            first_solvable: Some((puzzle, start, goal)),
            ..
        } = &self.contestants
        else {
            return Ok(None);
        };
        let (renamed, canonical) = (goal.rename(start), goal.canonical());
        let mut path = Vec::new();
        let mut breadth_first = BreadthFirst::new()?;
        breadth_first.solve(&renamed, &canonical, &mut path);
        let mut bidirectional = Bidirectional::new()?;
        bidirectional.solve(&renamed, &canonical, &mut path);
        let [from_start, from_goal] = bidirectional.expanded_by_depth();
        Ok(Some(SearchLayers {
            puzzle: *puzzle,
            start: start.to_string(),
            goal: goal.board().to_string(),
            moves: path.len(),
            breadth_first: breadth_first.expanded_by_depth(),
            from_start,
            from_goal,
        }))
    }

    /// Counts so far; puzzles that could not be read are `invalid`.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.text.into_inner()
    }
}

#[cfg(test)]
mod tests;
