//! What answering one puzzle took: the engine, the search work and the
//! time ([`PuzzleReport`]), as `--stats` prints it and `eight compare`
//! tabulates it, which a batch hands on as a [`Report`].
//!
//! The clock is read here, once before and once after each puzzle, and
//! never inside a search, so timing costs nothing per state.

use std::fmt;
use std::time::Duration;

use crate::cache::TablesReport;
use crate::search::SearchStats;
use crate::solver::{Solution, StrategyKind};
use crate::words::counted;

/// One puzzle's answer and its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleReport {
    /// The puzzle's number in the whole run, from 1.
    pub puzzle: u64,
    /// The engine that answered; on the 3×3 board never [`Engine::Auto`],
    /// which reports the engine it chose.
    ///
    /// [`Engine::Auto`]: crate::Engine::Auto
    pub engine: StrategyKind,
    /// Whether the puzzle was solved, and by the fewest moves.
    pub verdict: Solution,
    /// Moves in the answer; 0 when unsolvable.
    pub moves: u64,
    /// The search work behind the answer (see
    /// [`crate::Strategy::last_stats`]): on boards of 10 or more cells, that
    /// of a search given up at the node limit, for an answer
    /// [`Solution::NotShortest`].
    pub work: SearchStats,
    /// Wall-clock time of the whole answer, its writing included.
    pub elapsed: Duration,
}

impl PuzzleReport {
    /// What every `--stats` line starts with: `puzzle 3: astar: 31 moves`.
    fn write_head(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (puzzle, moves) = (self.puzzle, self.moves);
        write!(f, "puzzle {puzzle}: {}: ", self.engine.name())?;
        match self.verdict {
            Solution::Solved => write!(f, "{}", counted(moves, "move")),
            Solution::Unsolvable => write!(f, "unsolvable"),
            Solution::NotShortest => write!(f, "{}, not the fewest", counted(moves, "move")),
        }
    }
}

/// The `--stats` line, one per puzzle. A 3×3 run's always has this shape:
/// `puzzle 3: astar: 31 moves, 1234 expanded, 3456 generated, max frontier 789, 0.412 ms`
/// (`unsolvable` in place of the moves when there are none). On other
/// boards:
/// `puzzle 3: pdb: 52 moves, estimate 40, iterations 7, 1234 expanded, 3456 generated, 0.412 ms`.
/// The search's figures are there when a search ran (the pattern
/// databases' IDA* on a solvable board); the table and the constructive
/// method, which do not search, give the moves and the time only.
impl fmt::Display for PuzzleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_head(f)?;
        let work = &self.work;
        if let StrategyKind::Eight(_) = self.engine {
            return write!(
                f,
                ", {} expanded, {} generated, max frontier {}, {} ms",
                work.expanded,
                work.generated,
                work.max_frontier,
                Millis(self.elapsed)
            );
        }
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

/// What one answer took: what a batch's
/// reporter hears ([`crate::batch::Batch::report_to`]), and prints as the
/// `--stats` line of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// A puzzle's.
    Puzzle(PuzzleReport),
    /// The pattern databases obtained before the next board, whose time
    /// they are not part of.
    Tables(TablesReport),
}

/// Every line but a [`Report::Tables`] is a puzzle's `--stats` line; that
/// one reads `tables: 5 loaded, 0 built, 31.005 ms`.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Puzzle(report) => report.fmt(f),
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
            engine: StrategyKind::Eight(crate::search::Engine::IdaStar),
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
        use crate::batch::{Batch, Options};
        use crate::search::Engine;
        let lines = |engine| {
            let options = Options {
                engine,
                ..Options::default()
            };
            let mut batch = Batch::new(options, Vec::new()).unwrap();
            let lines = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
            let sink = std::rc::Rc::clone(&lines);
            batch.report_to(move |report| sink.borrow_mut().push(report.to_string()));
            batch
                .run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {})
                .unwrap();
            let line = lines.borrow()[0].clone();
            line
        };
        let auto = lines(Engine::Auto);
        assert!(auto.starts_with("puzzle 1: bibfs: 19 moves, "), "{auto}");
        assert!(!auto.contains(" 0 generated"), "{auto}");
        assert!(lines(Engine::Table).starts_with("puzzle 1: table: 19 moves, "));
    }
}
