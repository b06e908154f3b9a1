//! The comparison's table as text, `eight compare`'s output: a line per
//! puzzle as it is compared, in fixed-width columns wide enough for any one
//! puzzle, and the [`Totals`] that close the table, in columns as wide as
//! their largest number. It formats what the comparison hands it and
//! decides nothing.

use std::io::{self, Write};

use crate::board::CELLS;
use crate::contract::SearchStats;
use crate::grid::Grid;
use crate::report::Millis;
use crate::search::manhattan::Outcome;
use crate::words::counted;

use super::{RowWork, Totals, Trial};

/// What a table's lines and totals show of each row.
pub(super) struct Columns {
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
type Total = (&'static str, fn(&RowWork) -> String);

/// The columns the tables' totals are made of.
const MOVES: Total = ("moves", |work| work.moves.to_string());
const EXPANDED: Total = ("expanded", |work| work.expanded.to_string());
const GENERATED: Total = ("generated", |work| work.generated.to_string());
const MAX_FRONTIER: Total = ("max frontier", |work| work.max_frontier.to_string());
const MS: Total = ("ms", |work| Millis(work.elapsed).to_string());
const GAVE_UP: Total = ("gave up", |work| {
    work.gave_up
        .map_or(0, |gave_up| gave_up.puzzles)
        .to_string()
});
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
pub(super) const ALGORITHMS: Columns = Columns {
    rows: "algorithm",
    count: ("expanded", |stats| stats.expanded, "expanded".len()),
    ms_width: "9999.999".len(),
    totals: &[MOVES, EXPANDED, GENERATED, MAX_FRONTIER, MS],
};

/// The heuristics' columns, with nodes per second in the totals.
pub(super) const HEURISTICS: Columns = Columns {
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

/// The table being written to `out`.
pub(super) struct Text<W> {
    columns: &'static Columns,
    /// The headers of the boards a line starts with: none, the start, or
    /// the start and its goal.
    boards: &'static [&'static str],
    out: W,
    /// The line being written, kept between puzzles.
    line: String,
    header_written: bool,
}

impl<W: Write> Text<W> {
    pub(super) fn new(
        columns: &'static Columns,
        boards: &'static [&'static str],
        out: W,
    ) -> Text<W> {
        Text {
            columns,
            boards,
            out,
            line: String::new(),
            header_written: false,
        }
    }

    /// Writes the line of puzzle `number`: the number, those of its
    /// `boards` (the start and the goal) that the header names, and each
    /// row's trial, under the names in `totals`.
    pub(super) fn write_line(
        &mut self,
        totals: &Totals,
        number: u64,
        boards: [&Grid; 2],
        trials: &[Trial],
    ) -> io::Result<()> {
        self.write_header(totals)?;
        self.line.clear();
        self.line += &format!("{number:>NUMBER_WIDTH$}");
        for board in boards.iter().take(self.boards.len()) {
            // Only 3×3 boards are shown: one character a cell.
            self.line += &format!("  {:<BOARD_WIDTH$}", board.spelled(""));
        }
        let (_, count, count_width) = self.columns.count;
        let ms_width = self.columns.ms_width;
        for trial in trials {
            let moves = match trial.outcome {
                Outcome::Solved => trial.moves.to_string(),
                Outcome::Unsolvable => "-".to_string(),
                Outcome::GaveUp => "?".to_string(),
            };
            self.line += &format!(
                "{GAP}{moves:>MOVES_WIDTH$} {:>count_width$} {:>ms_width$}",
                count(&trial.stats),
                Millis(trial.elapsed)
            );
        }
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }

    /// Writes `totals` under the lines and flushes: how many puzzles were
    /// compared and how many of them have no solution, then one line per
    /// row, each column as wide as its widest cell, the names aligned left
    /// and the numbers right, two spaces apart.
    pub(super) fn write_totals(&mut self, totals: &Totals) -> io::Result<()> {
        self.write_header(totals)?;
        write!(
            self.out,
            "\ntotals over {}",
            counted(totals.puzzles, "puzzle")
        )?;
        if totals.unsolvable > 0 {
            write!(self.out, ", {} unsolvable", totals.unsolvable)?;
        }
        writeln!(self.out, ":")?;
        let columns = self.columns.totals;
        let header = std::iter::once(self.columns.rows.to_string())
            .chain(columns.iter().map(|(header, _)| header.to_string()));
        let mut cells = vec![header.collect::<Vec<_>>()];
        for work in &totals.rows {
            let values = columns.iter().map(|(_, value)| value(work));
            cells.push(
                std::iter::once(work.name.to_string())
                    .chain(values)
                    .collect(),
            );
        }
        let mut widths = vec![0; columns.len() + 1];
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
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    /// Sends the lines written so far on, as a batch does before it waits
    /// for input.
    pub(super) fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The output, for callers that collect it.
    pub(super) fn into_inner(self) -> W {
        self.out
    }

    /// The two header lines, before the first puzzle's.
    fn write_header(&mut self, totals: &Totals) -> io::Result<()> {
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
        for work in &totals.rows {
            names += &format!("{GAP}{:<group_width$}", work.name);
            headers += &format!(
                "{GAP}{:>MOVES_WIDTH$} {count:>count_width$} {:>ms_width$}",
                "moves", "ms"
            );
        }
        writeln!(self.out, "{}", names.trim_end())?;
        writeln!(self.out, "{headers}")
    }
}
