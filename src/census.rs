//! The shape of the state space seen from one goal: how many arrangements
//! lie at each distance from it, as a chart for people and a record for
//! scripts.
//!
//! The counts depend on the goal's blank cell alone (renaming tiles changes
//! no distance, see [`crate::goal`]), so a corner, an edge and the centre
//! give the three different shapes; each is read off the whole-space table.

use std::io::{self, Write};

use serde::Serialize;

use crate::board::Board;
use crate::rank::STATES;
use crate::search::table::DistanceMap;

/// Arrangements counted by their distance to one goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    goal: Board,
    /// `counts[d]`: arrangements whose shortest solution has `d` moves.
    counts: Vec<u64>,
}

/// A [`Census`] with its totals worked out, as `eight stats --json` prints
/// it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The goal, compact (`12345678x`).
    pub goal: String,
    /// Arrangements that can reach the goal.
    pub reachable: u64,
    /// Arrangements that cannot.
    pub unreachable: u64,
    /// The longest shortest solution.
    pub max_distance: usize,
    /// Arrangements that need that many moves.
    pub at_max_distance: u64,
    /// The mean length of a shortest solution over the reachable
    /// arrangements.
    pub mean_distance: f64,
    /// `counts[d]`: arrangements that need exactly `d` moves.
    pub counts: Vec<u64>,
}

impl Census {
    /// Counts every arrangement's distance to `goal`.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, census::Census};
    /// let census = Census::of(&Board::GOAL);
    /// assert_eq!(census.reachable(), 181_440);
    /// assert_eq!(census.max_distance(), 31);
    /// assert_eq!(census.counts()[31], 2);
    /// ```
    pub fn of(goal: &Board) -> Census {
        Census {
            goal: *goal,
            counts: DistanceMap::build(goal).histogram(),
        }
    }

    /// `counts()[d]`: arrangements whose shortest solution has `d` moves.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Arrangements that can reach the goal: half of them.
    pub fn reachable(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The longest shortest solution.
    pub fn max_distance(&self) -> usize {
        self.counts.len().saturating_sub(1)
    }

    /// The mean length of a shortest solution.
    pub fn mean_distance(&self) -> f64 {
        let moves: u64 = (0..).zip(&self.counts).map(|(d, &n)| d * n).sum();
        moves as f64 / self.reachable() as f64
    }

    /// Every figure at once, for serialising.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, census::Census};
    /// let report = Census::of(&Board::canonical(4)).report();
    /// assert_eq!((report.max_distance, report.at_max_distance), (30, 148));
    /// assert_eq!(report.reachable + report.unreachable, 362_880);
    /// ```
    pub fn report(&self) -> Report {
        Report {
            goal: self.goal.to_string(),
            reachable: self.reachable(),
            unreachable: STATES as u64 - self.reachable(),
            max_distance: self.max_distance(),
            at_max_distance: self.counts.last().copied().unwrap_or(0),
            mean_distance: self.mean_distance(),
            counts: self.counts.clone(),
        }
    }

    /// Columns the chart spends on each row's distance and count before
    /// its bar.
    pub fn label_width(&self) -> usize {
        let (distance, count) = self.label_digits();
        distance + 1 + count + 1
    }

    fn label_digits(&self) -> (usize, usize) {
        let largest = self.counts.iter().copied().max().unwrap_or(0);
        (digits(self.max_distance() as u64), digits(largest))
    }

    /// Writes a horizontal bar chart of the counts, the longest bar
    /// `bar_width` columns, followed by the totals. Any count above zero
    /// shows at least a sliver.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, census::Census};
    /// let mut out = Vec::new();
    /// Census::of(&Board::GOAL).write_chart(&mut out, 40).unwrap();
    /// let chart = String::from_utf8(out).unwrap();
    /// assert!(chart.contains("\n24 24047 ████████████████████████████████████████\n"));
    /// assert!(chart.contains("\n31     2 ▏\n"));
    /// ```
    pub fn write_chart(&self, out: &mut impl Write, bar_width: usize) -> io::Result<()> {
        let largest = self.counts.iter().copied().max().unwrap_or(0);
        let (distance_digits, count_digits) = self.label_digits();
        writeln!(out, "arrangements at each distance from {}", self.goal)?;
        for (distance, &count) in self.counts.iter().enumerate() {
            writeln!(
                out,
                "{distance:>distance_digits$} {count:>count_digits$} {}",
                bar(count, largest, bar_width)
            )?;
        }
        let reachable = self.reachable();
        writeln!(
            out,
            "total: {reachable} arrangements can reach {} (the other {} cannot)",
            self.goal,
            STATES as u64 - reachable
        )?;
        let at_max = self.counts.last().copied().unwrap_or(0);
        let arrangements = if at_max == 1 {
            "arrangement"
        } else {
            "arrangements"
        };
        writeln!(
            out,
            "maximum: {} moves, for {at_max} {arrangements}",
            self.max_distance()
        )?;
        writeln!(out, "mean: {:.2} moves", self.mean_distance())
    }
}

/// Decimal digits of `n`.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// Partial blocks, one to seven eighths of a column wide.
const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/// `count` as a bar where `largest` fills `width` columns, to the nearest
/// eighth of a column, and never less than one eighth when `count > 0`.
fn bar(count: u64, largest: u64, width: usize) -> String {
    if count == 0 || largest == 0 {
        return String::new();
    }
    let eighths =
        (u128::from(count) * width as u128 * 8 + u128::from(largest) / 2) / u128::from(largest);
    let eighths = usize::try_from(eighths).unwrap_or(usize::MAX).max(1);
    let mut bar = "█".repeat(eighths / 8);
    if eighths % 8 > 0 {
        bar.push(EIGHTHS[eighths % 8]);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_to_the_largest_count_in_eighths() {
        let cases = [
            (10, 10, 4, "████"),
            (5, 10, 4, "██"),
            // 4 columns are 32 eighths: 3/10 of them is 9.6, so 10.
            (3, 10, 4, "█▎"),
            // 3.2 eighths round down to 3.
            (1, 10, 4, "▍"),
            // Too small to see, but not nothing.
            (1, 1_000_000, 10, "▏"),
            (7, 7, 0, "▏"),
            (0, 10, 4, ""),
            (0, 0, 4, ""),
        ];
        for (count, largest, width, want) in cases {
            assert_eq!(
                bar(count, largest, width),
                want,
                "{count}/{largest} of {width}"
            );
        }
    }

    #[test]
    fn each_kind_of_goal_has_its_own_shape() {
        let corner = Census::of(&Board::GOAL);
        let centre = Census::of(&Board::canonical(4));
        let edge = Census::of(&Board::canonical(1));
        for census in [&corner, &centre, &edge] {
            assert_eq!(census.reachable(), 181_440);
            assert_eq!(census.report().unreachable, 181_440);
        }
        assert_eq!(corner.max_distance(), 31);
        assert_eq!(corner.report().at_max_distance, 2);
        assert_eq!(format!("{:.2}", corner.mean_distance()), "21.97");
        assert_ne!(corner.counts(), centre.counts());
        assert_ne!(corner.counts(), edge.counts());
        assert_ne!(centre.counts(), edge.counts());
        // Renaming tiles keeps the shape: only the blank's cell matters.
        let renamed = crate::input::parse_board("87654321x").unwrap();
        assert_eq!(Census::of(&renamed).counts(), corner.counts());
    }

    #[test]
    fn the_chart_lists_every_distance_then_the_totals() {
        let mut out = Vec::new();
        Census::of(&Board::GOAL).write_chart(&mut out, 60).unwrap();
        let chart = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = chart.lines().collect();
        assert_eq!(lines.len(), 1 + 32 + 3);
        assert_eq!(lines[0], "arrangements at each distance from 12345678x");
        assert_eq!(lines[1], " 0     1 ▏");
        assert_eq!(lines[25], format!("24 24047 {}", "█".repeat(60)));
        assert_eq!(
            lines[33],
            "total: 181440 arrangements can reach 12345678x (the other 181440 cannot)"
        );
        assert_eq!(lines[34], "maximum: 31 moves, for 2 arrangements");
        assert_eq!(lines[35], "mean: 21.97 moves");
        assert_eq!(Census::of(&Board::GOAL).label_width(), 9);
    }
}
