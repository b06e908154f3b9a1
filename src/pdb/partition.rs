//! Which tiles share a database: the default partition of each shape, and
//! the larger ones offered as options.
//!
//! A pattern is named by its tiles' home cells, so one partition serves
//! every goal with the same blank cell. The default keeps each pattern at six
//! tiles or fewer (16·15·14·13·12·11 = 5.8M entries, built in about 8 s on
//! one core) and makes patterns compact blocks, because tiles that block
//! each other add most when they share a database: six cells in a row
//! when the short side is walked first, so 2×3 or 3×2 blocks on boards
//! two or three deep, and on deeper ones a line of the short side plus
//! the start of the next (on 4×5, a column of four and two; the last
//! pattern takes the tiles left over, one on 20 cells).
//!
//! On 4×4 the default reads two 6-6-3 partitions and takes the larger
//! estimate (each also reflected: four sums per node), which about
//! halved the nodes of the first alone (docs/decisions.md). On Korf's 100 it
//! generates 173,160 nodes per instance (89,697 expanded; commit b8a856b,
//! `cargo run --release --example korf100`; docs/performance.md keeps
//! the figure). Their tables build in seconds, five of six tiles each
//! plus two of three. The first was measured alone against other 6-6-3
//! layouts and 5-5-5 on Korf's 100 (nodes expanded per instance, with
//! reflection and both pathmax cuts, at commit a798393, each by
//! `cargo run --release --example korf100 -- --cells A/B/C`): this layout
//! 647,646; `1-6 / 8-10,12-14 / 7,11,15` 809,878;
//! `3,6,7,10,11,15 / 1,2,4,5,8,9 / 12-14` 1,153,766; `1-3,5-7 /
//! 4,8,9,12-14 / 10,11,15` 1,289,841; `1,2,4,5,8,9 / 3,6,7,10,11,14 /
//! 12,13,15` 1,448,325; `1,4,5 / 2,3,6,7,10,11 / 8,9,12-15` 1,503,610;
//! `1-3 / 4-6,8-10 / 7,11-15` 1,731,200; `1,2,5,6,9,10 / 3,7,11,13-15 /
//! 4,8,12` 1,732,234; 5-5-5 (`1-3,5,6 / 4,8,9,12,13 / 7,10,11,14,15`)
//! 2,242,925. These counts were taken before the tables were built from
//! the goal blank's region and the search skipped redundant move words
//! (`fsm`), and were not taken again since.

use crate::pdb::ida::MAX_PATTERNS;
use crate::pdb::layout::Layout;
use crate::pdb::pattern::placements;
use crate::pdb::EngineError;
use crate::shape::Shape;

/// Which partition into patterns the solver uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Partition {
    /// Built in seconds for every shape: the larger of two 6-6-3
    /// partitions on 4×4, and blocks of at most six tiles on the other
    /// shapes; one database of all tiles on
    /// boards of at most 10 cells (10! = 3.6M entries).
    #[default]
    Default,
    /// 4×4 only: the 7-8 partition (the first seven tiles in row order and
    /// the other eight; 57.7M + 519M one-byte entries). On Korf's 100:
    /// 37,818 nodes generated per instance (commit 76f2838,
    /// `cargo run --release --example korf100 -- --large`); the build took
    /// 5 min 13 s (365 s of CPU over two threads) and 2.95 GB at its peak
    /// (docs/performance.md).
    Large,
    /// 4×4 only: the 5-5-5 partition (three tables of 524,160 entries),
    /// for a page that builds its tables while the user waits. On Korf's
    /// 100 on one thread the tables built in 1.3 s against the default's
    /// 24 s, and the search generated 2,215,885 nodes per instance against
    /// 173,160 and took 6.08 s against 1.40 s (commit b8a856b,
    /// `cargo run --release --example korf100 [-- --555]`;
    /// docs/performance.md).
    Small,
    /// These patterns, each a list of home cells (cells of the goal). They
    /// must cover every cell but the goal's blank exactly once, each with
    /// at most [`MAX_ENTRIES`] placements (8 cells on 16).
    Cells(Vec<Vec<u8>>),
}

/// The most entries in one table: 16!/8! (an 8-tile pattern on 16 cells)
/// fits, 16!/7! does not.
pub const MAX_ENTRIES: usize = 1 << 30;

impl Partition {
    /// The partitions a user can name (`--pdb NAME`), in the order of the
    /// help.
    pub const NAMED: [Partition; 3] = [Partition::Default, Partition::Large, Partition::Small];

    /// The partition whose tables build soonest on boards of `shape`, for
    /// a caller that builds them while someone waits (the page): 5-5-5 on
    /// 4×4, built in about a second where the default's take half a minute
    /// in a browser, for searches about three times as long
    /// ([`Partition::Small`]); the default on every other shape, which has
    /// no other. Any admissible tables give the same answers.
    ///
    /// # Example
    /// ```
    /// use eight::{pdb::Partition, Shape};
    /// assert_eq!(Partition::quickest(Shape::new(4, 4)), Partition::Small);
    /// assert_eq!(Partition::quickest(Shape::new(3, 4)), Partition::Default);
    /// ```
    pub fn quickest(shape: Shape) -> Partition {
        if shape == Layout::FIFTEEN.shape() {
            Partition::Small
        } else {
            Partition::Default
        }
    }

    /// The name a user gives: `default`, `7-8`, or `cells` for explicit
    /// patterns (which have no name to give).
    pub fn name(&self) -> &'static str {
        match self {
            Partition::Default => "default",
            Partition::Large => "7-8",
            Partition::Small => "5-5-5",
            Partition::Cells(_) => "cells",
        }
    }

    /// One line for the help.
    pub fn summary(&self) -> &'static str {
        match self {
            Partition::Default => {
                "tables built in seconds (on 4x4, the larger of two 6-6-3 partitions)"
            }
            Partition::Large => {
                "4x4 only: the 7-8 partition, a seventh of the nodes; minutes and about 3 GB to \
                 build, 577 MB of tables"
            }
            Partition::Small => {
                "4x4 only: the 5-5-5 partition, tables built in a second, searches about three \
                 times as long"
            }
            Partition::Cells(_) => "these patterns, as home cells",
        }
    }

    /// Whether this partition can be used on `layout`: an error that says
    /// why not. Checked for the goal with the blank last, or for the one
    /// cell explicit patterns leave free.
    pub fn fits(&self, layout: Layout) -> Result<(), EngineError> {
        let blank = match self {
            Partition::Cells(patterns) => {
                let covered = patterns
                    .iter()
                    .flatten()
                    .fold(0u32, |set, &c| set | 1 << (c & 31));
                (0..layout.cells()).find(|&c| covered & 1 << c == 0)
            }
            _ => None,
        };
        self.groups(layout, blank.unwrap_or(layout.cells() - 1))
            .map(|_| ())
    }

    /// The partitions read for `layout` when the goal's blank is at
    /// `blank`, each checked: one for most, two on 4×4 by default, whose
    /// estimates the search maxes.
    pub(crate) fn groups(
        &self,
        layout: Layout,
        blank: usize,
    ) -> Result<Vec<Vec<Vec<u8>>>, EngineError> {
        if matches!(self, Partition::Large | Partition::Small) && layout != Layout::FIFTEEN {
            return Err(EngineError::Partition(format!(
                "the {} partition is for 4x4 boards, not {layout}",
                self.name()
            )));
        }
        let groups = match self {
            Partition::Default => default_groups(layout, blank),
            Partition::Large => {
                let order = walk(layout, blank, false);
                let (seven, eight) = order.split_at(7);
                vec![vec![seven.to_vec(), eight.to_vec()]]
            }
            Partition::Small => turned(layout, blank, &FIVE_FIVE_FIVE).unwrap_or_else(|| {
                let order = walk(layout, blank, false);
                vec![order.chunks(5).map(<[u8]>::to_vec).collect()]
            }),
            Partition::Cells(patterns) => vec![patterns.clone()],
        };
        for patterns in &groups {
            check(layout, blank, patterns)?;
        }
        Ok(groups)
    }
}

/// Checks that `patterns` covers each cell but `blank` once.
fn check(layout: Layout, blank: usize, patterns: &[Vec<u8>]) -> Result<(), EngineError> {
    if patterns.len() > MAX_PATTERNS {
        return Err(EngineError::Partition(format!(
            "{} patterns are more than the {MAX_PATTERNS} the search reads",
            patterns.len()
        )));
    }
    let mut seen = 1u32 << blank;
    for pattern in patterns {
        if pattern.is_empty() || placements(layout.cells(), pattern.len()) > MAX_ENTRIES {
            return Err(EngineError::Partition(format!(
                "a pattern of {} cells on {layout} needs more than {MAX_ENTRIES} entries",
                pattern.len()
            )));
        }
        for &cell in pattern {
            if usize::from(cell) >= layout.cells() || seen & 1 << cell != 0 {
                return Err(EngineError::Partition(format!(
                    "cell {cell} is off the {layout} board, the goal's blank, or in two patterns"
                )));
            }
            seen |= 1 << cell;
        }
    }
    if seen.count_ones() as usize != layout.cells() {
        return Err(EngineError::Partition(format!(
            "the patterns cover {} of the {} tiles",
            seen.count_ones() - 1,
            layout.cells() - 1
        )));
    }
    Ok(())
}

fn default_groups(layout: Layout, blank: usize) -> Vec<Vec<Vec<u8>>> {
    if layout.cells() <= 10 {
        return vec![vec![walk(layout, blank, false)]];
    }
    let measured = match layout.rows() {
        4 => &FOUR_BY_FOUR[..],
        5 => &FIVE_BY_FIVE[..],
        _ => &[],
    };
    if let Some(groups) = turned(layout, blank, measured) {
        return groups;
    }
    // Walk across the short side first, so six consecutive cells are a
    // block two or three deep along the long side (on deeper boards, a
    // line of the short side and part of the next).
    let order = walk(layout, blank, layout.columns() > layout.rows());
    vec![order.chunks(6).map(<[u8]>::to_vec).collect()]
}

/// `measured`, partitions for the blank in the top left corner, turned to
/// `blank`'s corner of a square board by flipping rows, columns or both;
/// `None` where there are none or the blank is not in a corner.
fn turned(layout: Layout, blank: usize, measured: &[&[&[u8]]]) -> Option<Vec<Vec<Vec<u8>>>> {
    let side = layout.rows();
    let (row, col) = (blank / side, blank % side);
    let corner = [0, side - 1].contains(&row) && [0, side - 1].contains(&col);
    if !layout.is_square() || !corner || measured.is_empty() {
        return None;
    }
    let flip = |x: usize, far: bool| if far { side - 1 - x } else { x };
    let turn = |&cell: &u8| {
        let (r, c) = (usize::from(cell) / side, usize::from(cell) % side);
        layout.cell(flip(r, row > 0), flip(c, col > 0)) as u8
    };
    let groups = measured
        .iter()
        .map(|group| group.iter().map(|p| p.iter().map(turn).collect()).collect());
    Some(groups.collect())
}

/// The 4×4 5-5-5 partition for the blank in the top left corner, as
/// cells: the 5-5-5 layout measured in the module's header.
const FIVE_FIVE_FIVE: [&[&[u8]]; 1] =
    [&[&[1, 2, 3, 5, 6], &[4, 8, 9, 12, 13], &[7, 10, 11, 14, 15]]];

/// The 5×5 default for the blank in the top left corner, as cells: the
/// 6-6-6-6 partition of Korf & Felner (2002), the top left block, the top
/// right block, the left block and the bottom right block.
const FIVE_BY_FIVE: [&[&[u8]]; 1] = [&[
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
]];

/// The 4×4 default for the blank in the top left corner, as cells: two
/// 6-6-3 partitions whose estimates the search maxes. The
/// second is Korf & Felner's: the rest of the top row and two 2×3 blocks
/// below it. The first walls the blank's corner in with its top block, so
/// its table for that corner is the stronger, and its views are read first:
/// they cut more children before the others are read (6% faster on Korf's
/// 100 than the other order, the same answers). No pattern is its own
/// mirror image, so each partition's reflected lookup reads a third and a
/// fourth partition's sum.
const FOUR_BY_FOUR: [&[&[u8]]; 2] = [
    &[&[1, 2, 3, 4, 5, 6], &[8, 9, 10, 12, 13, 14], &[7, 11, 15]],
    &[&[1, 2, 3], &[4, 5, 8, 9, 12, 13], &[6, 7, 10, 11, 14, 15]],
];

/// Every cell but `blank`, in row order, or in column order `by_columns`.
fn walk(layout: Layout, blank: usize, by_columns: bool) -> Vec<u8> {
    let rows = layout.rows();
    (0..layout.cells())
        .map(|k| match by_columns {
            true => layout.cell(k % rows, k / rows),
            false => k,
        })
        .filter(|&c| c != blank)
        .map(|c| c as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_and_blank_has_a_valid_default() {
        for (r, c) in [
            (4, 4),
            (3, 4),
            (4, 3),
            (2, 8),
            (8, 2),
            (3, 5),
            (5, 3),
            (2, 5),
            (2, 3),
            (3, 3),
        ] {
            let layout = Layout::sized(r, c);
            for blank in 0..layout.cells() {
                let patterns = Partition::Default.groups(layout, blank).unwrap().concat();
                assert!(patterns
                    .iter()
                    .all(|p| p.len() <= 6 || layout.cells() <= 10));
            }
        }
    }

    #[test]
    fn the_four_by_four_default_is_six_six_three() {
        let layout = Layout::FIFTEEN;
        let patterns = Partition::Default.groups(layout, 0).unwrap().swap_remove(1);
        assert_eq!(
            patterns,
            [
                vec![1, 2, 3],
                vec![4, 5, 8, 9, 12, 13],
                vec![6, 7, 10, 11, 14, 15]
            ]
        );
        let large = Partition::Large.groups(layout, 0).unwrap().swap_remove(0);
        assert_eq!(large[0], [1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn the_small_four_by_four_partition_is_five_five_five_in_every_blank_cell() {
        let layout = Layout::FIFTEEN;
        let last = Partition::Small.groups(layout, 15).unwrap().swap_remove(0);
        assert_eq!(
            last,
            [
                vec![14, 13, 12, 10, 9],
                vec![11, 7, 6, 3, 2],
                vec![8, 5, 4, 1, 0]
            ]
        );
        for blank in 0..16 {
            let groups = Partition::Small.groups(layout, blank).unwrap();
            assert!(groups.concat().iter().all(|pattern| pattern.len() == 5));
        }
        assert!(Partition::Small.groups(Layout::sized(3, 4), 11).is_err());
    }

    #[test]
    fn bad_partitions_are_refused() {
        let layout = Layout::sized(2, 3);
        for bad in [
            vec![vec![1, 2], vec![3, 4]],
            vec![vec![0, 1, 2, 3, 4, 5]],
            vec![],
        ] {
            assert!(Partition::Cells(bad).groups(layout, 0).is_err());
        }
        assert!(Partition::Large.groups(layout, 0).is_err());
    }
}
