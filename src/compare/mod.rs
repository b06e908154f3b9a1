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
//! Lines are written as puzzles are solved, in fixed-width columns wide
//! enough for any one puzzle; the totals that close the table get columns
//! as wide as their largest number. 3×3 puzzles are read in any
//! [`Framing`], so a judge's test file is compared as it is; when every
//! case brings its own goal, a goal column follows the start.
//!
//! For the pictures (`eight compare --svg`), a comparison also hands over
//! each row's states expanded and the puzzles on which it gave up at the
//! node limit ([`Comparison::work`]), and, on 3×3, the breadth-first and
//! bidirectional searches of its first solvable puzzle layer by layer
//! ([`Comparison::search_layers`]).

use std::borrow::Cow;
use std::io::{self, BufReader, Read, Write};
use std::time::Duration;

use crate::clock::Instant;

use crate::batch::{BatchError, Tally};
use crate::board::{Board, CELLS};
use crate::cache::CacheWarning;
use crate::goal::Goal;
use crate::grid::Grid;
use crate::memory::MemoryError;
use crate::pdb::{CacheDir, EngineError, Layout};
use crate::read::frame::{CaseReader, Framing};
use crate::read::{PuzzleError, Reader};
use crate::report::Millis;
use crate::search::bfs::BreadthFirst;
use crate::search::bidir::Bidirectional;
use crate::search::manhattan::Outcome;
use crate::search::{Search, SearchStats};
use crate::solvability::solvable;
use crate::solver::{Engine, Solution, Solver3x3};
use crate::words::counted;

mod heuristic;

pub use heuristic::Heuristic;
use heuristic::Searcher;

/// Who the rows are, and how their puzzles are read.
enum Contestants {
    /// The 3×3 algorithms of [`Engine::COMPARED`], one solver each, kept
    /// across puzzles as a batch keeps one.
    Algorithms {
        goal: Goal,
        framing: Framing,
        solvers: Vec<Solver3x3>,
        /// The first puzzle whose goal can be reached: its number, start
        /// and goal.
        first_solvable: Option<(u64, Board, Goal)>,
    },
    /// IDA* under each heuristic, on boards of the goal's shape; the
    /// Manhattan searches give up after generating `limit` nodes.
    Heuristics {
        goal: Grid,
        searchers: Vec<Searcher>,
        limit: Option<u64>,
    },
}

/// One row's work over the puzzles so far, as `eight compare --svg` draws
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowWork {
    /// The row's name, as over its columns.
    pub name: &'static str,
    /// The states it expanded, summed over the puzzles: on a puzzle it
    /// gave up on, those expanded before it did.
    pub expanded: u64,
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

/// What one row's search made of one puzzle.
struct Trial {
    outcome: Outcome,
    moves: u64,
    stats: SearchStats,
    elapsed: Duration,
}

/// One row's work summed over the run.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    moves: u64,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
    gave_up: u64,
    elapsed: Duration,
}

impl Work {
    fn add(&mut self, trial: &Trial) {
        if trial.outcome == Outcome::Solved {
            self.moves += trial.moves;
        }
        self.gave_up += u64::from(trial.outcome == Outcome::GaveUp);
        self.expanded += trial.stats.expanded;
        self.generated += trial.stats.generated;
        self.max_frontier = self.max_frontier.max(trial.stats.max_frontier);
        self.elapsed += trial.elapsed;
    }
}

/// What a comparison's lines and totals show of each row.
struct Columns {
    /// Over the totals' first column.
    rows: &'static str,
    /// The count each puzzle's line shows, its header and its width.
    count: (&'static str, fn(&SearchStats) -> u64, usize),
    /// The width of the milliseconds a puzzle took.
    ms_width: usize,
    /// The totals after the first column.
    totals: &'static [Total],
}

/// A column of the totals: its header and a row's value in it.
type Total = (&'static str, fn(&Work) -> String);

/// The columns the tables' totals are made of.
const MOVES: Total = ("moves", |work| work.moves.to_string());
const EXPANDED: Total = ("expanded", |work| work.expanded.to_string());
const GENERATED: Total = ("generated", |work| work.generated.to_string());
const MAX_FRONTIER: Total = ("max frontier", |work| work.max_frontier.to_string());
const MS: Total = ("ms", |work| Millis(work.elapsed).to_string());
const GAVE_UP: Total = ("gave up", |work| work.gave_up.to_string());
const NODES_PER_SECOND: Total = ("nodes/s", |work| {
    let seconds = work.elapsed.as_secs_f64();
    if seconds > 0.0 {
        format!("{:.0}", work.generated as f64 / seconds)
    } else {
        "-".to_string()
    }
});

/// The 3×3 algorithms' columns: the headers are the widest entries,
/// except for a puzzle that takes more than 10 seconds or 100 million
/// states.
const ALGORITHMS: Columns = Columns {
    rows: "algorithm",
    count: ("expanded", |stats| stats.expanded, "expanded".len()),
    ms_width: "9999.999".len(),
    totals: &[MOVES, EXPANDED, GENERATED, MAX_FRONTIER, MS],
};

/// The heuristics' columns, with nodes per second in the totals.
const HEURISTICS: Columns = Columns {
    rows: "heuristic",
    count: ("generated", |stats| stats.generated, "10000000000".len()),
    ms_width: "99999.999".len(),
    totals: &[MOVES, EXPANDED, GENERATED, NODES_PER_SECOND, MS, GAVE_UP],
};

/// Column widths of a line's puzzle number, each board and moves.
const NUMBER_WIDTH: usize = "puzzle".len();
const BOARD_WIDTH: usize = CELLS;
const MOVES_WIDTH: usize = "moves".len();
/// Between the boards and each row's columns.
const GAP: &str = "   ";

/// The table being written: its rows, their work so far, and the output.
struct Table<W> {
    columns: &'static Columns,
    /// Each row's name and work.
    rows: Vec<(&'static str, Work)>,
    /// The headers of the boards a line starts with.
    boards: &'static [&'static str],
    tally: Tally,
    unsolvable: u64,
    out: W,
    line: String,
    header_written: bool,
}

/// Runs every row's search on each puzzle and writes the comparison table.
///
/// # Example
/// ```
/// use eight::{compare::Comparison, read::frame::Framing, Goal};
/// let mut comparison = Comparison::new(Goal::default(), Framing::default(), Vec::new());
/// comparison.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {}).unwrap();
/// comparison.finish().unwrap();
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
    table: Table<W>,
}

impl<W: Write> Comparison<W> {
    /// A comparison of the 3×3 algorithms on puzzles laid out as `framing`
    /// says, solved towards `goal` unless a case brings its own, that
    /// writes its table to `out`.
    pub fn new(goal: Goal, framing: Framing, out: W) -> Comparison<W> {
        let boards: &[&str] = match framing {
            Framing::CountedWithGoals(_) => &["start", "goal"],
            _ => &["start"],
        };
        let rows = Engine::COMPARED.iter().map(|engine| engine.name());
        let solvers = Engine::COMPARED.map(Solver3x3::new).into();
        let contestants = Contestants::Algorithms {
            goal,
            framing,
            solvers,
            first_solvable: None,
        };
        Comparison {
            contestants,
            table: Table::new(&ALGORITHMS, rows, boards, out),
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
        let rows = heuristics.iter().map(|heuristic| heuristic.name);
        Ok(Comparison {
            contestants: Contestants::Heuristics {
                goal,
                searchers,
                limit,
            },
            table: Table::new(&HEURISTICS, rows, &[], out),
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
        let table = &mut self.table;
        let input = BufReader::with_capacity(1 << 16, input);
        let mut path = Vec::new();
        match &mut self.contestants {
            Contestants::Algorithms {
                goal,
                framing,
                solvers,
                first_solvable,
            } => {
                let mut cases = CaseReader::new(input, *framing)
                    .map_err(|error| BatchError::Read(std::io::Error::other(error)))?;
                loop {
                    // As in a batch: lines show at once when puzzles are typed.
                    if cases.needs_read() {
                        table.out.flush().map_err(BatchError::Write)?;
                    }
                    let Some(case) = cases.next_case()? else {
                        return Ok(());
                    };
                    table.tally.puzzles += 1;
                    let fallback = |_: &Grid| Cow::Owned(Grid::from(goal.board()));
                    // A 3×3 framing reads only 3×3 boards.
                    let board = |grid: Grid| grid.board().unwrap_or(Board::GOAL);
                    let (start, goal) = match case.boards(fallback) {
                        Ok((start, goal)) => (board(start), Goal::new(board(goal.into_owned()))),
                        Err(invalid) => {
                            table.tally.invalid += 1;
                            for error in invalid.errors() {
                                on_error(table.tally.puzzles, error);
                            }
                            continue;
                        }
                    };
                    // The goal too where the header names it.
                    let boards = [start.to_string(), goal.board().to_string()];
                    let boards = &boards[..table.boards.len()];
                    let puzzle = table.tally.puzzles;
                    if first_solvable.is_none() && goal.reachable_from(&start) {
                        *first_solvable = Some((puzzle, start, goal));
                    }
                    // Every engine's, before the line is written: a table
                    // that does not fit in memory ends the run instead.
                    let trials = solvers.iter_mut().map(|solver| {
                        let clock = Instant::now();
                        let verdict = solver.solve(&start, &goal, &mut path)?;
                        Ok(Trial {
                            outcome: match verdict {
                                // The 3×3 engines have no node limit.
                                Solution::Solved | Solution::NotShortest => Outcome::Solved,
                                Solution::Unsolvable => Outcome::Unsolvable,
                            },
                            moves: path.len() as u64,
                            stats: solver.last_stats(),
                            elapsed: clock.elapsed(),
                        })
                    });
                    let trials = trials.collect::<Result<Vec<_>, MemoryError>>()?;
                    table
                        .write_line(boards, trials.into_iter())
                        .map_err(BatchError::Write)?;
                }
            }
            Contestants::Heuristics {
                goal, searchers, ..
            } => {
                let mut reader =
                    Reader::new(input, goal.shape()).expect("the goal's shape was checked");
                loop {
                    // As in a batch: lines show at once when puzzles are typed.
                    if reader.needs_read() {
                        table.out.flush().map_err(BatchError::Write)?;
                    }
                    let Some(puzzle) = reader.next_puzzle().map_err(BatchError::Read)? else {
                        return Ok(());
                    };
                    table.tally.puzzles += 1;
                    let start = match puzzle {
                        Ok(start) => start,
                        Err(error) => {
                            table.tally.invalid += 1;
                            on_error(table.tally.puzzles, &error);
                            continue;
                        }
                    };
                    // Every row's databases are built or loaded once, before
                    // the first puzzle answered is timed. The goal was checked
                    // against the shape, and the partition when the solver
                    // was made: only memory can fail, which ends the run (a
                    // solve would read it as no answer).
                    if table.tally.answered() == 1 {
                        for searcher in searchers.iter_mut() {
                            searcher.prepare(goal)?.iter().for_each(&mut on_warning);
                        }
                    }
                    // An unreachable goal is found by parity, as the searches
                    // find it, before any node; a search that finds nothing
                    // on a reachable goal hit its node limit (a limit of 0
                    // before any node too). The reader gave the start the
                    // goal's shape.
                    let reachable = solvable(&start, goal).unwrap_or(false);
                    let trials = searchers.iter_mut().map(|searcher| {
                        let clock = Instant::now();
                        let solved = searcher.search().solve(&start, goal, &mut path);
                        let outcome = match (solved, reachable) {
                            (true, _) => Outcome::Solved,
                            (false, false) => Outcome::Unsolvable,
                            (false, true) => Outcome::GaveUp,
                        };
                        Trial {
                            outcome,
                            moves: path.len() as u64,
                            stats: searcher.search().stats(),
                            elapsed: clock.elapsed(),
                        }
                    });
                    table.write_line(&[], trials).map_err(BatchError::Write)?;
                }
            }
        }
    }

    /// Writes the totals per row under the lines and flushes: how many
    /// puzzles were answered and how many of them have no solution, then
    /// one line per row, each column as wide as its widest cell, the names
    /// aligned left and the numbers right, two spaces apart.
    pub fn finish(&mut self) -> io::Result<()> {
        let table = &mut self.table;
        table.write_header()?;
        let answered = table.tally.answered();
        write!(table.out, "\ntotals over {}", counted(answered, "puzzle"))?;
        if table.unsolvable > 0 {
            write!(table.out, ", {} unsolvable", table.unsolvable)?;
        }
        writeln!(table.out, ":")?;
        let totals = table.columns.totals;
        let header = std::iter::once(table.columns.rows.to_string())
            .chain(totals.iter().map(|(header, _)| header.to_string()));
        let mut cells = vec![header.collect::<Vec<_>>()];
        for (name, work) in &table.rows {
            let values = totals.iter().map(|(_, value)| value(work));
            cells.push(std::iter::once(name.to_string()).chain(values).collect());
        }
        let mut widths = vec![0; totals.len() + 1];
        for row in &cells {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.len());
            }
        }
        for row in &cells {
            let mut line = format!("{:<w$}", row[0], w = widths[0]);
            for (cell, &width) in row.iter().zip(&widths).skip(1) {
                line += &format!("  {cell:>width$}");
            }
            writeln!(table.out, "{line}")?;
        }
        table.out.flush()
    }

    /// Each row's work over the puzzles so far, in the table's order: its
    /// states expanded, and the puzzles it gave up on at the node limit,
    /// which the totals' `gave up` column counts.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::{Comparison, GaveUp, Heuristic}, pdb::CacheDir, Grid, Shape};
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let manhattan = [&Heuristic::ALL[0]];
    /// let cache = CacheDir::MemoryOnly;
    /// let mut comparison = Comparison::heuristics(goal, &manhattan, Some(3), cache, Vec::new()).unwrap();
    /// comparison.run("4 1 2 5 0 3".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// let work = comparison.work();
    /// assert_eq!(work[0].gave_up, Some(GaveUp { puzzles: 1, limit: 3 }));
    /// assert!(work[0].expanded <= 3);
    /// ```
    pub fn work(&self) -> Vec<RowWork> {
        let limit = match self.contestants {
            Contestants::Heuristics { limit, .. } => limit,
            Contestants::Algorithms { .. } => None,
        };
        let rows = self.table.rows.iter();
        rows.map(|&(name, work)| RowWork {
            name,
            expanded: work.expanded,
            gave_up: limit.filter(|_| work.gave_up > 0).map(|limit| GaveUp {
                puzzles: work.gave_up,
                limit,
            }),
        })
        .collect()
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
        self.table.tally
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.table.out
    }
}

impl<W: Write> Table<W> {
    fn new(
        columns: &'static Columns,
        rows: impl Iterator<Item = &'static str>,
        boards: &'static [&'static str],
        out: W,
    ) -> Table<W> {
        Table {
            columns,
            rows: rows.map(|name| (name, Work::default())).collect(),
            boards,
            tally: Tally::default(),
            unsolvable: 0,
            out,
            line: String::new(),
            header_written: false,
        }
    }

    /// Writes the line of the puzzle just counted: its number, `boards`,
    /// and each row's trial, which is added to the row's work.
    fn write_line(
        &mut self,
        boards: &[String],
        trials: impl Iterator<Item = Trial>,
    ) -> io::Result<()> {
        self.write_header()?;
        self.line.clear();
        self.line += &format!("{:>NUMBER_WIDTH$}", self.tally.puzzles);
        for board in boards {
            self.line += &format!("  {board:<BOARD_WIDTH$}");
        }
        let (_, _, count_width) = self.columns.count;
        let ms_width = self.columns.ms_width;
        let mut unsolvable = false;
        for ((_, work), trial) in self.rows.iter_mut().zip(trials) {
            let moves = match trial.outcome {
                Outcome::Solved => trial.moves.to_string(),
                Outcome::Unsolvable => "-".to_string(),
                Outcome::GaveUp => "?".to_string(),
            };
            unsolvable |= trial.outcome == Outcome::Unsolvable;
            self.line += &format!(
                "{GAP}{moves:>MOVES_WIDTH$} {:>count_width$} {:>ms_width$}",
                (self.columns.count.1)(&trial.stats),
                Millis(trial.elapsed)
            );
            work.add(&trial);
        }
        self.unsolvable += u64::from(unsolvable);
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }

    /// The two header lines, before the first puzzle's.
    fn write_header(&mut self) -> io::Result<()> {
        if self.header_written {
            return Ok(());
        }
        self.header_written = true;
        let (count, _, count_width) = self.columns.count;
        let ms_width = self.columns.ms_width;
        let group_width = MOVES_WIDTH + 1 + count_width + 1 + ms_width;
        let mut names = " ".repeat(NUMBER_WIDTH + self.boards.len() * (2 + BOARD_WIDTH));
        let mut headers = format!("{:>NUMBER_WIDTH$}", "puzzle");
        for board in self.boards {
            headers += &format!("  {board:<BOARD_WIDTH$}");
        }
        for (name, _) in &self.rows {
            names += &format!("{GAP}{name:<group_width$}");
            headers += &format!(
                "{GAP}{:>MOVES_WIDTH$} {count:>count_width$} {:>ms_width$}",
                "moves", "ms"
            );
        }
        writeln!(self.out, "{}", names.trim_end())?;
        writeln!(self.out, "{headers}")
    }
}

#[cfg(test)]
mod tests;
