//! `eight compare --size RxC`: the heuristics of optimal search side by
//! side on boards of 6 to 16 cells, the 15-puzzle above all.
//!
//! Every row is IDA* with the moves tried in letter order, so every one
//! finds the same answer, the first shortest solution in letter order;
//! what differs is the estimate that prunes the search, and so the nodes
//! it generates. Manhattan distance is the textbook estimate; linear
//! conflicts add two moves for each tile that must leave its line and come
//! back; the pattern databases ([`crate::pdb`]) add up exact costs of
//! groups of tiles, and reflection about the diagonal takes the larger of
//! two such sums.
//!
//! Manhattan distance alone needs billions of nodes on hard 15-puzzles, so
//! its searches stop at a node limit and show `?` for the moves. The
//! pattern databases are built or loaded before the first puzzle, so no
//! row's time includes them.
//!
//! # Example
//! ```
//! use eight::{grid::Grid, shape::Shape};
//! use eight::sized::compare::{Heuristic, SizedComparison};
//! let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
//! let mut comparison =
//!     SizedComparison::new(goal, &Heuristic::DEFAULT, None, Vec::new()).unwrap();
//! comparison.run("4 1 2 5 0 3".as_bytes(), |_, _| {}, |_| {}).unwrap();
//! comparison.finish().unwrap();
//! let table = String::from_utf8(comparison.into_inner()).unwrap();
//! let row = table.lines().nth(2).unwrap();
//! // The puzzle's number, then moves, generated and ms for each heuristic.
//! let cells: Vec<&str> = row.split_whitespace().collect();
//! assert!(cells[1..].chunks(3).all(|group| group[0] == "5"));
//! ```

use std::io::{self, BufReader, Read, Write};
use std::time::{Duration, Instant};

use crate::batch::{BatchError, Tally};
use crate::cache::CacheWarning;
use crate::compare::{write_aligned, write_totals_heading};
use crate::grid::Grid;
use crate::moves::Move;
use crate::pdb::{Layout, Options, Partition, PdbError, Solver15};
use crate::read::{GridReader, PuzzleError};
use crate::report::Millis;
use crate::search::{Search, SearchStats};
use crate::sized::manhattan::{ManhattanIda, Outcome};

/// One row of the comparison: an estimate that guides IDA*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Manhattan distance alone.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    Conflicts,
    /// The default pattern databases, read for the board and its
    /// reflection about the diagonal (where the goal allows).
    Pdb,
    /// The default pattern databases, read for the board only.
    PdbNoReflect,
    /// The 7-8 partition on 4×4, with the reflection.
    Pdb78,
    /// The 7-8 partition on 4×4, without it.
    Pdb78NoReflect,
}

impl Heuristic {
    /// Every heuristic, in the order of the columns.
    pub const ALL: [Heuristic; 6] = [
        Heuristic::Manhattan,
        Heuristic::Conflicts,
        Heuristic::Pdb,
        Heuristic::PdbNoReflect,
        Heuristic::Pdb78,
        Heuristic::Pdb78NoReflect,
    ];

    /// The heuristics compared unless others are asked for: all but the
    /// 7-8 partition, whose databases (577M entries) take minutes to build
    /// the first time and exist only for 4×4.
    pub const DEFAULT: [Heuristic; 4] = [
        Heuristic::Manhattan,
        Heuristic::Conflicts,
        Heuristic::Pdb,
        Heuristic::PdbNoReflect,
    ];

    /// The name on the command line and over the columns.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "manhattan",
            Heuristic::Conflicts => "conflicts",
            Heuristic::Pdb => "pdb",
            Heuristic::PdbNoReflect => "pdb-noreflect",
            Heuristic::Pdb78 => "pdb78",
            Heuristic::Pdb78NoReflect => "pdb78-noreflect",
        }
    }

    /// One line for `--help`.
    pub fn summary(self) -> &'static str {
        match self {
            Heuristic::Manhattan => "Manhattan distance",
            Heuristic::Conflicts => "Manhattan distance plus linear conflicts",
            Heuristic::Pdb => "the default pattern databases (6-6-3 on 4x4), with the reflection",
            Heuristic::PdbNoReflect => "the default pattern databases, without the reflection",
            Heuristic::Pdb78 => {
                "the 7-8 databases (550 MiB), 4x4 only, minutes to build the first time"
            }
            Heuristic::Pdb78NoReflect => "the 7-8 databases, without the reflection",
        }
    }

    /// The pattern databases' options; `None` for the Manhattan rows.
    fn pdb(self) -> Option<Options> {
        let (partition, reflect) = match self {
            Heuristic::Manhattan | Heuristic::Conflicts => return None,
            Heuristic::Pdb => (Partition::Default, true),
            Heuristic::PdbNoReflect => (Partition::Default, false),
            Heuristic::Pdb78 => (Partition::Large, true),
            Heuristic::Pdb78NoReflect => (Partition::Large, false),
        };
        Some(Options {
            partition,
            reflect,
            ..Options::default()
        })
    }
}

/// The search behind one row.
enum Searcher {
    Manhattan(ManhattanIda),
    Pdb(Box<Solver15>),
}

/// One row's work summed over the run.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    moves: u64,
    expanded: u64,
    generated: u64,
    gave_up: u64,
    elapsed: Duration,
}

/// Column widths of a puzzle's line.
const NUMBER_WIDTH: usize = "puzzle".len();
const MOVES_WIDTH: usize = "moves".len();
const GENERATED_WIDTH: usize = "10000000000".len();
const MS_WIDTH: usize = "99999.999".len();
const GROUP_WIDTH: usize = MOVES_WIDTH + 1 + GENERATED_WIDTH + 1 + MS_WIDTH;
const GAP: &str = "   ";

/// Runs every chosen heuristic on each puzzle and writes the table.
pub struct SizedComparison<W: Write> {
    goal: Grid,
    /// The goal as the pattern databases read it.
    goal_cells: Vec<u8>,
    rows: Vec<(Heuristic, Searcher, Work)>,
    /// Whether the databases are at hand.
    prepared: bool,
    tally: Tally,
    unsolvable: u64,
    out: W,
    path: Vec<Move>,
    start_cells: Vec<u8>,
    header_written: bool,
}

impl<W: Write> SizedComparison<W> {
    /// A comparison of `heuristics` on boards of the goal's shape, solved
    /// towards `goal`; the Manhattan searches give up after generating
    /// `limit` nodes on one board. Fails when the shape or a partition
    /// does not suit the pattern databases.
    pub fn new(
        goal: Grid,
        heuristics: &[Heuristic],
        limit: Option<u64>,
        out: W,
    ) -> Result<SizedComparison<W>, PdbError> {
        let layout = Layout::new(goal.shape())?;
        let rows = heuristics
            .iter()
            .map(|&heuristic| {
                let searcher = match heuristic.pdb() {
                    None => Searcher::Manhattan(ManhattanIda::new(
                        heuristic == Heuristic::Conflicts,
                        limit,
                    )),
                    Some(options) => Searcher::Pdb(Box::new(Solver15::new(layout, options)?)),
                };
                Ok((heuristic, searcher, Work::default()))
            })
            .collect::<Result<_, PdbError>>()?;
        Ok(SizedComparison {
            goal_cells: goal.tiles().iter().map(|&t| t as u8).collect(),
            goal,
            rows,
            prepared: false,
            tally: Tally::default(),
            unsolvable: 0,
            out,
            path: Vec::new(),
            start_cells: Vec::new(),
            header_written: false,
        })
    }

    /// Compares the heuristics on every puzzle in `input`, one line each.
    /// `on_error` hears of each bad board with its puzzle's number in the
    /// whole run (from 1), and the puzzle gets no line; `on_warning` hears
    /// of problems with the databases' cache.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let input = BufReader::with_capacity(1 << 16, input);
        let mut reader =
            GridReader::new(input, self.goal.shape()).expect("the goal's shape was checked");
        loop {
            // As in a batch: lines show at once when puzzles are typed.
            if reader.needs_read() {
                self.out.flush().map_err(BatchError::Write)?;
            }
            let Some(puzzle) = reader.next_puzzle().map_err(BatchError::Read)? else {
                return Ok(());
            };
            self.tally.puzzles += 1;
            match puzzle {
                Ok(start) => {
                    self.prepare(&mut on_warning);
                    self.compare(&start).map_err(BatchError::Write)?;
                }
                Err(error) => {
                    self.tally.invalid += 1;
                    on_error(self.tally.puzzles, &error);
                }
            }
        }
    }

    /// Builds or loads every row's databases, once, before the first
    /// puzzle is timed.
    fn prepare(&mut self, on_warning: &mut impl FnMut(&CacheWarning)) {
        if self.prepared {
            return;
        }
        self.prepared = true;
        for (_, searcher, _) in &mut self.rows {
            if let Searcher::Pdb(solver) = searcher {
                // The goal was checked against the shape, and the
                // partition when the solver was made: this cannot fail,
                // and if it did, each solve would report it as no answer.
                let _ = solver.prepare(&self.goal_cells);
                solver.take_warnings().iter().for_each(&mut *on_warning);
            }
        }
    }

    /// Solves one puzzle with every heuristic and writes its line.
    fn compare(&mut self, start: &Grid) -> io::Result<()> {
        self.write_header()?;
        let mut line = format!("{:>NUMBER_WIDTH$}", self.tally.puzzles);
        self.start_cells.clear();
        self.start_cells
            .extend(start.tiles().iter().map(|&t| t as u8));
        let mut unsolvable = false;
        for (_, searcher, work) in &mut self.rows {
            let clock = Instant::now();
            let (outcome, stats) = match searcher {
                Searcher::Manhattan(search) => {
                    let outcome = search.solve(start, &self.goal, &mut self.path);
                    (outcome, search.stats())
                }
                Searcher::Pdb(solver) => {
                    match solver.solve(&self.start_cells, &self.goal_cells, &mut self.path) {
                        Ok(Some(stats)) => (Outcome::Solved, stats),
                        _ => (Outcome::Unsolvable, SearchStats::default()),
                    }
                }
            };
            let elapsed = clock.elapsed();
            let moves = match outcome {
                Outcome::Solved => self.path.len().to_string(),
                Outcome::Unsolvable => "-".to_string(),
                Outcome::GaveUp => "?".to_string(),
            };
            unsolvable |= outcome == Outcome::Unsolvable;
            line += &format!(
                "{GAP}{moves:>MOVES_WIDTH$} {:>GENERATED_WIDTH$} {:>MS_WIDTH$}",
                stats.generated,
                Millis(elapsed)
            );
            if outcome == Outcome::Solved {
                work.moves += self.path.len() as u64;
            }
            work.gave_up += u64::from(outcome == Outcome::GaveUp);
            work.expanded += stats.expanded;
            work.generated += stats.generated;
            work.elapsed += elapsed;
        }
        self.unsolvable += u64::from(unsolvable);
        line.push('\n');
        self.out.write_all(line.as_bytes())
    }

    /// The two header lines, before the first puzzle's.
    fn write_header(&mut self) -> io::Result<()> {
        if self.header_written {
            return Ok(());
        }
        self.header_written = true;
        let mut names = " ".repeat(NUMBER_WIDTH);
        let mut columns = "puzzle".to_string();
        for (heuristic, _, _) in &self.rows {
            names += &format!("{GAP}{:<GROUP_WIDTH$}", heuristic.name());
            columns += &format!(
                "{GAP}{:>MOVES_WIDTH$} {:>GENERATED_WIDTH$} {:>MS_WIDTH$}",
                "moves", "generated", "ms"
            );
        }
        writeln!(self.out, "{}", names.trim_end())?;
        writeln!(self.out, "{columns}")
    }

    /// Writes the totals per heuristic under the lines and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        self.write_header()?;
        let answered = self.tally.puzzles - self.tally.invalid;
        write_totals_heading(&mut self.out, answered, self.unsolvable)?;
        let mut table = vec![[
            "heuristic",
            "moves",
            "expanded",
            "generated",
            "nodes/s",
            "ms",
            "gave up",
        ]
        .map(String::from)];
        for (heuristic, _, work) in &self.rows {
            let seconds = work.elapsed.as_secs_f64();
            let rate = if seconds > 0.0 {
                format!("{:.0}", work.generated as f64 / seconds)
            } else {
                "-".to_string()
            };
            table.push([
                heuristic.name().to_string(),
                work.moves.to_string(),
                work.expanded.to_string(),
                work.generated.to_string(),
                rate,
                Millis(work.elapsed).to_string(),
                work.gave_up.to_string(),
            ]);
        }
        write_aligned(&mut self.out, &table)?;
        self.out.flush()
    }

    /// Counts so far; puzzles that could not be read are `invalid`.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.out
    }
}
