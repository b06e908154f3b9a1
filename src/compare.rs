//! `eight compare`: every algorithm on the same puzzles, side by side.
//!
//! All of them find shortest solutions, so the moves columns agree; what
//! differs is the work. Plain BFS expands everything closer than the goal,
//! bidirectional search meets in the middle after a few thousand states, A*
//! and IDA* let the heuristic steer them to a few hundred, and the table
//! pays one whole-space search on its first puzzle and nothing after.
//!
//! Rows are written as puzzles are solved, in fixed-width columns wide
//! enough for any one puzzle; the totals that close the table get columns
//! as wide as their largest number. Puzzles are read in any [`Framing`], so
//! a judge's test file is compared as it is; when every case brings its own
//! goal, a goal column follows the start.

use std::io::{self, Read, Write};
use std::time::Duration;

use crate::batch::{BatchError, CaseStream, Tally};
use crate::board::{Board, CELLS};
use crate::goal::Goal;
use crate::moves::Move;
use crate::read::frame::Framing;
use crate::read::PuzzleError;
use crate::report::{Millis, PuzzleReport};
use crate::solver::{Engine, Solution, Solver};

/// Column widths of a row: the headers are the widest entries, except for a
/// puzzle that takes more than 10 seconds or 100 million states.
const NUMBER_WIDTH: usize = "puzzle".len();
const START_WIDTH: usize = CELLS;
const MOVES_WIDTH: usize = "moves".len();
const EXPANDED_WIDTH: usize = "expanded".len();
const MS_WIDTH: usize = "9999.999".len();
/// One algorithm's columns, separated by single spaces.
const GROUP_WIDTH: usize = MOVES_WIDTH + 1 + EXPANDED_WIDTH + 1 + MS_WIDTH;
/// Between the start column and each algorithm's columns.
const GAP: &str = "   ";

/// One algorithm's work summed over the run.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    moves: u64,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
    elapsed: Duration,
}

/// Runs every algorithm in [`Engine::COMPARED`] on each puzzle and writes the
/// comparison table.
pub struct Comparison<W: Write> {
    goal: Goal,
    framing: Framing,
    /// One solver per algorithm, kept across puzzles as a batch keeps one.
    solvers: [Solver; Engine::COMPARED.len()],
    totals: [Work; Engine::COMPARED.len()],
    tally: Tally,
    unsolvable: u64,
    out: W,
    path: Vec<Move>,
    line: String,
    header_written: bool,
}

impl<W: Write> Comparison<W> {
    /// A comparison of puzzles laid out as `framing` says, solved towards
    /// `goal` unless a case brings its own, that writes its table to `out`.
    ///
    /// # Example
    /// ```
    /// use eight::{compare::Comparison, goal::Goal, read::frame::Framing};
    /// let mut comparison = Comparison::new(Goal::default(), Framing::Stream, Vec::new());
    /// comparison.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}).unwrap();
    /// comparison.finish().unwrap();
    /// let table = String::from_utf8(comparison.into_inner()).unwrap();
    /// let row = table.lines().nth(2).unwrap();
    /// assert!(row.starts_with("     1  23415x768"));
    /// // Then moves, expanded and milliseconds for each algorithm.
    /// let cells: Vec<&str> = row.split_whitespace().collect();
    /// assert!(cells[2..].chunks(3).all(|group| group[0] == "19"));
    /// assert!(table.contains("totals over 1 puzzle"));
    /// ```
    pub fn new(goal: Goal, framing: Framing, out: W) -> Comparison<W> {
        Comparison {
            goal,
            framing,
            solvers: Engine::COMPARED.map(Solver::new),
            totals: Default::default(),
            tally: Tally::default(),
            unsolvable: 0,
            out,
            path: Vec::new(),
            line: String::new(),
            header_written: false,
        }
    }

    /// Compares the algorithms on every puzzle in `input`, one row each.
    /// `on_error` hears of each bad board with its puzzle's number in the
    /// whole run (from 1); the puzzle gets no row. A broken frame ends the
    /// input after the rows of the cases before it.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
    ) -> Result<(), BatchError> {
        // As in a batch: rows show at once when puzzles are typed.
        let mut cases = CaseStream::new(input, self.framing, self.goal);
        while let Some(case) = cases.next(|| self.out.flush())? {
            self.tally.puzzles += 1;
            match case {
                Ok((start, goal)) => self.compare(&start, &goal).map_err(BatchError::Write)?,
                Err(invalid) => {
                    self.tally.invalid += 1;
                    for error in invalid.errors() {
                        on_error(self.tally.puzzles, error);
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether each row shows its case's own goal.
    fn shows_goals(&self) -> bool {
        self.framing == Framing::CountedWithGoals
    }

    /// Solves one puzzle with every algorithm and writes its row.
    fn compare(&mut self, start: &Board, goal: &Goal) -> io::Result<()> {
        self.write_header()?;
        self.line.clear();
        self.line += &format!(
            "{:>NUMBER_WIDTH$}  {:<START_WIDTH$}",
            self.tally.puzzles,
            start.to_string()
        );
        if self.shows_goals() {
            self.line += &format!("  {:<START_WIDTH$}", goal.board().to_string());
        }
        let mut unsolvable = false;
        for (solver, totals) in self.solvers.iter_mut().zip(&mut self.totals) {
            let puzzle = self.tally.puzzles;
            let report = PuzzleReport::solve(puzzle, solver, start, goal, &mut self.path);
            let moves = match report.verdict {
                Solution::Solved => report.moves.to_string(),
                Solution::Unsolvable => "-".to_string(),
            };
            unsolvable |= report.verdict == Solution::Unsolvable;
            self.line += &format!(
                "{GAP}{moves:>MOVES_WIDTH$} {:>EXPANDED_WIDTH$} {:>MS_WIDTH$}",
                report.work.expanded,
                Millis(report.elapsed)
            );
            totals.moves += report.moves as u64;
            totals.expanded += report.work.expanded;
            totals.generated += report.work.generated;
            totals.max_frontier = totals.max_frontier.max(report.work.max_frontier);
            totals.elapsed += report.elapsed;
        }
        if unsolvable {
            self.unsolvable += 1;
        }
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }

    /// The two header lines, before the first row.
    fn write_header(&mut self) -> io::Result<()> {
        if self.header_written {
            return Ok(());
        }
        self.header_written = true;
        let mut names = " ".repeat(NUMBER_WIDTH + 2 + START_WIDTH);
        let mut columns = format!("{:>NUMBER_WIDTH$}  {:<START_WIDTH$}", "puzzle", "start");
        if self.shows_goals() {
            names += &" ".repeat(2 + START_WIDTH);
            columns += &format!("  {:<START_WIDTH$}", "goal");
        }
        for engine in Engine::COMPARED {
            names += &format!("{GAP}{:<GROUP_WIDTH$}", engine.name());
            columns += &format!(
                "{GAP}{:>MOVES_WIDTH$} {:>EXPANDED_WIDTH$} {:>MS_WIDTH$}",
                "moves", "expanded", "ms"
            );
        }
        writeln!(self.out, "{}", names.trim_end())?;
        writeln!(self.out, "{columns}")
    }

    /// Writes the totals per algorithm under the rows and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        self.write_header()?;
        let answered = self.tally.puzzles - self.tally.invalid;
        write_totals_heading(&mut self.out, answered, self.unsolvable)?;
        let mut rows = vec![[
            "algorithm",
            "moves",
            "expanded",
            "generated",
            "max frontier",
            "ms",
        ]
        .map(String::from)];
        for (engine, totals) in Engine::COMPARED.iter().zip(&self.totals) {
            rows.push([
                engine.name().to_string(),
                totals.moves.to_string(),
                totals.expanded.to_string(),
                totals.generated.to_string(),
                totals.max_frontier.to_string(),
                Millis(totals.elapsed).to_string(),
            ]);
        }
        write_aligned(&mut self.out, &rows)?;
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

/// Writes the line above the totals: how many puzzles were answered, and
/// how many of them have no solution.
pub(crate) fn write_totals_heading(
    out: &mut impl Write,
    answered: u64,
    unsolvable: u64,
) -> io::Result<()> {
    let plural = if answered == 1 { "" } else { "s" };
    write!(out, "\ntotals over {answered} puzzle{plural}")?;
    if unsolvable > 0 {
        write!(out, ", {unsolvable} unsolvable")?;
    }
    writeln!(out, ":")
}

/// Writes `rows` as a table: each column as wide as its widest cell, the
/// first aligned left and the numbers right, two spaces apart.
pub(crate) fn write_aligned<const N: usize>(
    out: &mut impl Write,
    rows: &[[String; N]],
) -> io::Result<()> {
    let mut widths = [0; N];
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.len());
        }
    }
    for row in rows {
        let mut line = format!("{:<w$}", row[0], w = widths[0]);
        for (cell, &width) in row.iter().zip(&widths).skip(1) {
            line += &format!("  {cell:>width$}");
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compare(input: &str) -> (String, Tally) {
        compare_framed(input, Framing::Stream)
    }

    fn compare_framed(input: &str, framing: Framing) -> (String, Tally) {
        let mut comparison = Comparison::new(Goal::default(), framing, Vec::new());
        let mut errors = Vec::new();
        comparison
            .run(input.as_bytes(), |puzzle, _| errors.push(puzzle))
            .unwrap();
        comparison.finish().unwrap();
        let summary = comparison.tally();
        assert_eq!(errors.len() as u64, summary.invalid);
        (String::from_utf8(comparison.into_inner()).unwrap(), summary)
    }

    #[test]
    fn every_algorithm_gets_aligned_columns_and_a_total() {
        let (table, summary) = compare("2 3 4 1 5 x 7 6 8\n8 6 7 2 5 4 3 x 1\n12345678x\n");
        assert_eq!(summary.puzzles, 3);
        let lines: Vec<&str> = table.lines().collect();
        for engine in Engine::COMPARED {
            assert!(lines[0].contains(engine.name()), "{}", lines[0]);
        }
        // Header and rows line up: every line of the main table ends at
        // the same column.
        assert!(
            lines[1..5].iter().all(|l| l.len() == lines[1].len()),
            "{table}"
        );
        for (row, moves) in lines[2..5].iter().zip(["19", "31", "0"]) {
            let cells: Vec<&str> = row.split_whitespace().collect();
            // number, start, then moves, expanded, ms per algorithm
            assert_eq!(cells.len(), 2 + 3 * Engine::COMPARED.len(), "{row}");
            for group in cells[2..].chunks(3) {
                assert_eq!(group[0], moves, "{row}");
            }
        }
        assert_eq!(lines[5], "");
        assert_eq!(lines[6], "totals over 3 puzzles:");
        let totals = &lines[7..];
        assert_eq!(totals.len(), 1 + Engine::COMPARED.len());
        for (line, engine) in totals[1..].iter().zip(Engine::COMPARED) {
            assert!(line.starts_with(engine.name()), "{line}");
            assert_eq!(line.split_whitespace().nth(1), Some("50"), "{line}");
            assert_eq!(line.len(), totals[0].len(), "{table}");
        }
    }

    #[test]
    fn unsolvable_and_invalid_puzzles_are_counted_apart() {
        let (table, summary) = compare("21345678x\n1 2 3\n");
        assert_eq!(summary.puzzles, 2);
        assert_eq!(summary.invalid, 1);
        let row = table.lines().nth(2).unwrap();
        assert!(row.starts_with("     1  21345678x"), "{row}");
        assert_eq!(row.split_whitespace().filter(|&c| c == "-").count(), 5);
        assert!(
            table.contains("totals over 1 puzzle, 1 unsolvable:"),
            "{table}"
        );
    }

    #[test]
    fn cases_with_their_own_goals_get_a_goal_column() {
        let hdu = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
        let (table, summary) = compare_framed(hdu, Framing::CountedWithGoals);
        assert_eq!(summary.puzzles, 2);
        let lines: Vec<&str> = table.lines().collect();
        assert!(
            lines[1].starts_with("puzzle  start      goal   "),
            "{table}"
        );
        assert_eq!(lines[0].find("bfs"), lines[1].find("moves"), "{table}");
        for (row, (start, goal, moves)) in lines[2..4].iter().zip([
            ("12x453786", "12345678x", "2"),
            ("564178x23", "7568x4123", "8"),
        ]) {
            assert_eq!(row.len(), lines[1].len(), "{table}");
            let cells: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(cells[1..3], [start, goal], "{row}");
            assert!(cells[3..].chunks(3).all(|group| group[0] == moves), "{row}");
        }
        // Without per-case goals there is no goal column.
        let (table, _) = compare("12345678x\n");
        assert!(!table.contains("goal"), "{table}");
    }
}
