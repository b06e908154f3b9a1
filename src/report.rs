//! What answering one puzzle took: the engine, the search work and the
//! time, as `--stats` prints it and `eight compare` tabulates it; on the
//! 3×3 board ([`PuzzleReport`]) and on boards of other shapes
//! ([`GridReport`]), either of which a batch hands on as a [`Report`].
//!
//! The clock is read here, once before and once after each puzzle, and
//! never inside a search, so timing costs nothing per state.

use std::fmt;
use std::time::Duration;

use crate::board::Board;
use crate::cache::TablesReport;
use crate::clock::Instant;
use crate::goal::Goal;
use crate::memory::MemoryError;
use crate::moves::Move;
use crate::search::SearchStats;
use crate::solver::{Engine, Solution, Solver3x3, StrategyKind};
use crate::words::counted;

/// One puzzle's answer and its cost, by an engine of kind `E`: an
/// [`Engine`] on the 3×3 board, a [`StrategyKind`] on others
/// ([`GridReport`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleReport<E = Engine> {
    /// The puzzle's number in the whole run, from 1.
    pub puzzle: u64,
    /// The engine that answered; never [`Engine::Auto`], which reports the
    /// engine it chose.
    pub engine: E,
    /// Whether the puzzle was solved, and by the fewest moves.
    pub verdict: Solution,
    /// Moves in the answer; 0 when unsolvable.
    pub moves: u64,
    /// The search work behind the answer (see [`Solver3x3::last_stats`] and
    /// [`crate::Strategy::last_stats`]): on other boards, that of a search
    /// given up at the node limit, for an answer [`Solution::NotShortest`].
    pub work: SearchStats,
    /// Wall-clock time of the whole answer: parity, renaming and search on
    /// the 3×3 board, its writing included on others.
    pub elapsed: Duration,
}

/// One answer's cost on a board of another shape than 3×3.
pub type GridReport = PuzzleReport<StrategyKind>;

impl PuzzleReport {
    /// Solves puzzle number `puzzle` with `solver`, as [`Solver3x3::solve`]
    /// does (a table that does not fit in memory is the error), and
    /// reports what it took.
    ///
    /// # Example
    /// ```
    /// use eight::{batch::PuzzleReport, Engine, Goal, Solver3x3};
    /// let start = eight::read::parse_board("2 3 4 1 5 x 7 6 8").unwrap();
    /// let mut solver = Solver3x3::new(Engine::AStar);
    /// let mut path = Vec::new();
    /// let report = PuzzleReport::solve(1, &mut solver, &start, &Goal::default(), &mut path).unwrap();
    /// assert_eq!(report.moves, 19);
    /// assert!(report.to_string().starts_with("puzzle 1: astar: 19 moves, "));
    /// ```
    pub fn solve(
        puzzle: u64,
        solver: &mut Solver3x3,
        start: &Board,
        goal: &Goal,
        path: &mut Vec<Move>,
    ) -> Result<PuzzleReport, MemoryError> {
        let clock = Instant::now();
        let verdict = solver.solve(start, goal, path)?;
        let elapsed = clock.elapsed();
        Ok(PuzzleReport {
            puzzle,
            engine: solver.last_engine(),
            verdict,
            moves: path.len() as u64,
            work: solver.last_stats(),
            elapsed,
        })
    }
}

impl<E> PuzzleReport<E> {
    /// What every `--stats` line starts with, `engine` the engine's name:
    /// `puzzle 3: astar: 31 moves`.
    fn write_head(&self, f: &mut fmt::Formatter<'_>, engine: &str) -> fmt::Result {
        let (puzzle, moves) = (self.puzzle, self.moves);
        write!(f, "puzzle {puzzle}: {engine}: ")?;
        match self.verdict {
            Solution::Solved => write!(f, "{}", counted(moves, "move")),
            Solution::Unsolvable => write!(f, "unsolvable"),
            Solution::NotShortest => write!(f, "{}, not the fewest", counted(moves, "move")),
        }
    }
}

/// The `--stats` line, one per puzzle, always in this shape:
/// `puzzle 3: astar: 31 moves, 1234 expanded, 3456 generated, max frontier 789, 0.412 ms`
/// (`unsolvable` in place of the moves when there are none).
impl fmt::Display for PuzzleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_head(f, self.engine.name())?;
        write!(
            f,
            ", {} expanded, {} generated, max frontier {}, {} ms",
            self.work.expanded,
            self.work.generated,
            self.work.max_frontier,
            Millis(self.elapsed)
        )
    }
}

/// The `--stats` line of a board of another size, in the 3×3 line's
/// shape:
/// `puzzle 3: pdb: 52 moves, estimate 40, iterations 7, 1234 expanded, 3456 generated, 0.412 ms`.
/// The search's figures are there when a search ran (the pattern
/// databases' IDA* on a solvable board); the table and the constructive
/// method, which do not search, give the moves and the time only.
impl fmt::Display for GridReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_head(f, self.engine.name())?;
        let work = &self.work;
        if let Some(estimate) = work.initial_estimate {
            write!(
                f,
                ", estimate {estimate}, iterations {}, {} expanded, {} generated",
                work.iterations, work.expanded, work.generated
            )?;
        }
        write!(f, ", {} ms", Millis(self.elapsed))
    }
}

/// What one answer took, on either kind of board: what a batch's
/// reporter hears ([`crate::batch::Batch::report_to`]), and prints as the
/// `--stats` line of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// A 3×3 puzzle's.
    Eight(PuzzleReport),
    /// A board's of another shape.
    Grid(GridReport),
    /// The pattern databases obtained before the next board, whose time
    /// they are not part of.
    Tables(TablesReport),
}

/// Every line but a [`Report::Tables`] is a puzzle's `--stats` line; that
/// one reads `tables: 5 loaded, 0 built, 31.005 ms`.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Eight(report) => report.fmt(f),
            Report::Grid(report) => report.fmt(f),
            Report::Tables(TablesReport {
                loaded,
                built,
                elapsed,
            }) => write!(
                f,
                "tables: {loaded} loaded, {built} built, {} ms",
                Millis(*elapsed)
            ),
        }
    }
}

/// A duration in milliseconds with three decimals, `0.412`; width and
/// alignment flags apply to the whole number.
pub struct Millis(pub Duration);

impl fmt::Display for Millis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.3}", self.0.as_secs_f64() * 1e3);
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stats_line_has_a_fixed_shape() {
        let mut report = PuzzleReport {
            puzzle: 12,
            engine: Engine::IdaStar,
            verdict: Solution::Solved,
            moves: 31,
            work: SearchStats {
                expanded: 1234,
                generated: 3456,
                max_frontier: 31,
                ..SearchStats::default()
            },
            elapsed: Duration::from_micros(1500),
        };
        assert_eq!(
            report.to_string(),
            "puzzle 12: idastar: 31 moves, 1234 expanded, 3456 generated, max frontier 31, 1.500 ms"
        );
        report.verdict = Solution::Unsolvable;
        report.moves = 0;
        report.work = SearchStats::default();
        report.elapsed = Duration::from_nanos(400);
        assert_eq!(
            report.to_string(),
            "puzzle 12: idastar: unsolvable, 0 expanded, 0 generated, max frontier 0, 0.000 ms"
        );
        assert_eq!(
            format!("[{:>8}]", Millis(Duration::from_millis(12))),
            "[  12.000]"
        );
    }

    #[test]
    fn auto_reports_the_engine_it_chose() {
        let start = crate::read::parse_board("2 3 4 1 5 x 7 6 8").unwrap();
        let mut solver = Solver3x3::new(Engine::Auto);
        let mut path = Vec::new();
        let report = PuzzleReport::solve(1, &mut solver, &start, &Goal::default(), &mut path);
        let report = report.unwrap();
        assert_eq!(report.engine, Engine::Bidirectional);
        assert_eq!(report.work, solver.last_stats());
        assert_ne!(report.work, SearchStats::default());
        let mut solver = Solver3x3::new(Engine::Table);
        let report = PuzzleReport::solve(2, &mut solver, &start, &Goal::default(), &mut path);
        assert_eq!(report.unwrap().engine, Engine::Table);
    }
}
