//! The shape of the state space seen from one goal: how many arrangements
//! lie at each distance from it, as a chart for people and a record for
//! scripts.
//!
//! The counts depend on the board's shape and the goal's blank cell alone
//! (renaming tiles changes no distance, see [`Goal`](crate::Goal)), so on 3×3 a
//! corner, an edge and the centre give the three different shapes. They
//! come from [`distance_counts`], which visits every arrangement of a
//! board of up to twelve cells.

use std::io::{self, Write};

use serde::Serialize;

pub use crate::enumerate::{distance_counts, reachable, CountProgress};
pub use crate::rank::CENSUS_CELLS;

use crate::enumerate::arrangements;
use crate::format::digits;
use crate::grid::{Grid, GridError};
use crate::shape::Shape;
use crate::words::counted;

/// Arrangements counted by their distance to one goal, with the totals
/// worked out, as `eight stats --json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Census {
    /// The goal: compact on 3×3 (`12345678x`), tiles separated by spaces on
    /// other shapes (`1 2 3 x`), whose tiles may have two digits.
    pub goal: String,
    /// Arrangements that can reach the goal: half of them.
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
    /// Counts every arrangement's distance to `goal`, on a board of up to
    /// [`CENSUS_CELLS`] cells; `progress` hears how far the
    /// count has come (see [`distance_counts`]).
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, census::Census, Grid};
    /// let census = Census::of(&Grid::from(&Board::GOAL), |_| {}).unwrap();
    /// assert_eq!(census.reachable, 181_440);
    /// assert_eq!(census.max_distance, 31);
    /// assert_eq!(census.counts[31], 2);
    /// let centre = Census::of(&Grid::from(&Board::canonical(4)), |_| {}).unwrap();
    /// assert_eq!((centre.max_distance, centre.at_max_distance), (30, 148));
    /// assert_eq!(centre.reachable + centre.unreachable, 362_880);
    /// ```
    pub fn of(goal: &Grid, progress: impl Fn(CountProgress) + Sync) -> Result<Census, GridError> {
        let counts = distance_counts(goal, progress)?;
        let separator = if goal.shape() == Shape::EIGHT {
            ""
        } else {
            " "
        };
        let reachable: u64 = counts.iter().sum();
        let moves: u64 = (0..).zip(&counts).map(|(d, &n)| d * n).sum();
        Ok(Census {
            goal: goal.spelled(separator),
            reachable,
            unreachable: arrangements(goal.shape()) - reachable,
            max_distance: counts.len().saturating_sub(1),
            at_max_distance: counts.last().copied().unwrap_or(0),
            mean_distance: moves as f64 / reachable as f64,
            counts,
        })
    }

    /// Columns the chart spends on each row's distance and count before
    /// its bar.
    pub fn label_width(&self) -> usize {
        let (distance, count) = self.label_digits();
        distance + 1 + count + 1
    }

    fn label_digits(&self) -> (usize, usize) {
        let largest = self.counts.iter().copied().max().unwrap_or(0);
        (digits(self.max_distance as u64), digits(largest))
    }

    /// Writes a horizontal bar chart of the counts, the longest bar
    /// `bar_width` columns, followed by the totals. Any count above zero
    /// shows at least a sliver.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, census::Census, Grid};
    /// let mut out = Vec::new();
    /// let census = Census::of(&Grid::from(&Board::GOAL), |_| {}).unwrap();
    /// census.write_chart(&mut out, 40).unwrap();
    /// let chart = String::from_utf8(out).unwrap();
    /// assert!(chart.contains("\n24 24047 ████████████████████████████████████████\n"));
    /// assert!(chart.contains("\n31     2 ▏\n"));
    /// ```
    pub fn write_chart(&self, out: &mut impl Write, bar_width: usize) -> io::Result<()> {
        let largest = self.counts.iter().copied().max().unwrap_or(0);
        let (distance_digits, count_digits) = self.label_digits();
        let goal = &self.goal;
        writeln!(out, "arrangements at each distance from {goal}")?;
        for (distance, &count) in self.counts.iter().enumerate() {
            writeln!(
                out,
                "{distance:>distance_digits$} {count:>count_digits$} {}",
                bar(count, largest, bar_width)
            )?;
        }
        let (reachable, unreachable) = (self.reachable, self.unreachable);
        writeln!(
            out,
            "total: {reachable} arrangements can reach {goal} (the other {unreachable} cannot)"
        )?;
        let (max, at_max) = (self.max_distance, self.at_max_distance);
        writeln!(
            out,
            "maximum: {max} moves, for {}",
            counted(at_max, "arrangement")
        )?;
        writeln!(out, "mean: {:.2} moves", self.mean_distance)
    }
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

    use crate::board::Board;

    fn census(goal: &Board) -> Census {
        Census::of(&Grid::from(goal), |_| {}).unwrap()
    }

    #[test]
    fn each_kind_of_goal_has_its_own_shape() {
        let corner = census(&Board::GOAL);
        let centre = census(&Board::canonical(4));
        let edge = census(&Board::canonical(1));
        for census in [&corner, &centre, &edge] {
            assert_eq!(census.reachable, 181_440);
            assert_eq!(census.unreachable, 181_440);
        }
        assert_eq!(corner.max_distance, 31);
        assert_eq!(corner.at_max_distance, 2);
        assert_eq!(format!("{:.2}", corner.mean_distance), "21.97");
        assert_ne!(corner.counts, centre.counts);
        assert_ne!(corner.counts, edge.counts);
        assert_ne!(centre.counts, edge.counts);
        // Renaming tiles keeps the shape: only the blank's cell matters.
        let renamed = crate::read::parse_board("87654321x").unwrap();
        assert_eq!(census(&renamed).counts, corner.counts);
    }

    #[test]
    fn the_chart_lists_every_distance_then_the_totals() {
        let mut out = Vec::new();
        census(&Board::GOAL).write_chart(&mut out, 60).unwrap();
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
        assert_eq!(census(&Board::GOAL).label_width(), 9);
    }
}
