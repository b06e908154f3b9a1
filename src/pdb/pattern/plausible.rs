//! What a pattern database read from the cache must be, as far as its key
//! alone tells, so that a file whose header agrees with itself but whose
//! table is not its pattern's is rebuilt rather than searched with (half
//! a table read out of bounds; one of unseen marks made a search that
//! never ended).
//!
//! The key (the shape and the pattern's home cells) fixes exactly:
//! - the length, `n!/(n-k)!` entries for `k` tiles on `n` cells;
//! - the goal placement's entry, 0;
//! - how many entries are [`UNSEEN`], the builder's mark for a placement
//!   its search never reached, and the only value above every distance.
//!   With three or more free cells, two of them hold forgotten tiles,
//!   which are alike, so every placement is reached (Wilson 1974: the
//!   blank's moves on a grid give every even permutation, and swapping two
//!   alike tiles makes any permutation even). With one free cell the
//!   abstract puzzle is the puzzle itself, and half the placements are out
//!   of reach. With two, the forgotten tile is one of a kind: a placement
//!   whose free cells differ in colour on a chequered board is out of
//!   reach in half the orders of its tiles, and one whose free cells share
//!   a colour never is.
//!
//! The marks are counted in the checksum's pass (`crate::cache`) by
//! `memchr`: a whole `eight build-tables --size 5x5` on a warm cache takes
//! 1.09 of the time it takes without the count. Counting zeros and odd
//! entries too (a one-entry error changes one of them) made the pass 1.28
//! of the checksum's alone, against 1.08, and was dropped; the checksum
//! stands for accidental damage.
//!
//! The largest value is not bounded by anything but [`UNSEEN`]: the
//! literature's diameters are for the usual goal, these tables serve a
//! goal's blank on any cell, and a bound found too low later would reject
//! a good table on every run.

use super::{placements, rank, UNSEEN};
use crate::cache::Expect;
use crate::pdb::layout::Layout;
use crate::words::counted;

/// Why a table's bytes cannot be its pattern's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Implausible {
    /// Placements marked unreached, where the pattern leaves another
    /// number out of reach.
    #[error(
        "{}, where its pattern leaves {} out of reach",
        counted(*.found, "unreached mark"),
        counted(*.expected, "placement")
    )]
    Unreached { found: u64, expected: u64 },
    /// The goal placement's entry.
    #[error("the goal placement's entry is {0}, not 0")]
    Goal(u8),
}

/// What a cached table of one pattern must be ([`Expect`]), and what the
/// scan of its bytes found.
#[derive(Clone, Debug)]
pub(crate) struct Plausible {
    size: u64,
    /// The goal placement's index.
    goal: u64,
    /// How many entries the pattern leaves [`UNSEEN`].
    unreached: u64,
    /// Bytes scanned so far.
    at: u64,
    /// How many entries of those were [`UNSEEN`].
    unseen: u64,
    goal_entry: Option<u8>,
}

impl Plausible {
    /// What the table of the pattern whose tiles belong on `homes` must be.
    pub(crate) fn new(layout: Layout, homes: &[u8]) -> Plausible {
        let (n, k) = (layout.cells(), homes.len());
        let black = |cell: usize| (cell / layout.columns() + cell % layout.columns()) % 2 == 1;
        let blacks = (0..n).filter(|&cell| black(cell)).count();
        let size = placements(n, k) as u128;
        let unreached = match n - k {
            // Half of those of each free cell.
            1 => size / 2,
            // Half the orders of the placements whose free cells differ in
            // colour.
            2 => (blacks * (n - blacks) * placements(k, k)) as u128 / 2,
            _ => 0,
        };
        Plausible {
            size: size as u64,
            goal: rank(homes, n) as u64,
            unreached: unreached as u64,
            at: 0,
            unseen: 0,
            goal_entry: None,
        }
    }

    /// The same table laid out by the spread index ([`super::spread`]):
    /// n^k entries, the goal's at `Σ homes[i]·n^i`, and as many unreached
    /// marks, since the entries no placement has hold 0.
    pub(crate) fn spread(layout: Layout, homes: &[u8]) -> Plausible {
        let n = layout.cells() as u64;
        Plausible {
            size: n.pow(homes.len() as u32),
            goal: homes
                .iter()
                .rev()
                .fold(0, |index, &c| index * n + u64::from(c)),
            ..Plausible::new(layout, homes)
        }
    }

    /// [`Expect::verdict`] with its reason typed.
    fn check(&self) -> Result<(), Implausible> {
        if self.unseen != self.unreached {
            return Err(Implausible::Unreached {
                found: self.unseen,
                expected: self.unreached,
            });
        }
        match self.goal_entry {
            Some(0) => {}
            entry => return Err(Implausible::Goal(entry.unwrap_or(UNSEEN))),
        }
        Ok(())
    }
}

impl Expect for Plausible {
    fn size(&self) -> u64 {
        self.size
    }

    fn scan(&mut self, bytes: &[u8]) {
        if let Some(&entry) = usize::try_from(self.goal.wrapping_sub(self.at))
            .ok()
            .and_then(|at| bytes.get(at))
        {
            self.goal_entry = Some(entry);
        }
        self.at += bytes.len() as u64;
        self.unseen += memchr::memchr_iter(UNSEEN, bytes).count() as u64;
    }

    fn verdict(&self) -> Result<(), String> {
        self.check().map_err(|reason| reason.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::ControlFlow::Continue;

    use crate::pdb::pattern::{build, goal_region};
    use crate::pdb::Partition;

    /// The reason `table` cannot be that of the pattern on `homes`.
    fn verdict(layout: Layout, homes: &[u8], table: &[u8]) -> Result<(), Implausible> {
        let mut expect = Plausible::new(layout, homes);
        assert_eq!(expect.size(), table.len() as u64, "{layout} {homes:?}");
        table
            .chunks(1 << 16)
            .for_each(|stretch| expect.scan(stretch));
        expect.check()
    }

    /// Shows `expect` a stand-in for the table of the pattern on `homes`,
    /// in stretches, without holding it whole: each placement's entry is
    /// the sum of its tiles' distances from home. No table's values, but
    /// the goal's 0 and nothing unseen, where three or more cells are
    /// free.
    fn distances(layout: Layout, homes: &[u8], expect: &mut Plausible) {
        struct Walk<'a> {
            layout: Layout,
            homes: &'a [u8],
            stretch: Vec<u8>,
            expect: &'a mut Plausible,
        }
        // Tile by tile, each over the cells left in increasing order: the
        // order of `rank`.
        fn place(walk: &mut Walk<'_>, tile: usize, taken: u32, sum: u8) {
            let Some(&home) = walk.homes.get(tile) else {
                walk.stretch.push(sum);
                if walk.stretch.len() == 1 << 16 {
                    walk.expect.scan(&walk.stretch);
                    walk.stretch.clear();
                }
                return;
            };
            let columns = walk.layout.columns();
            let (row, column) = (usize::from(home) / columns, usize::from(home) % columns);
            for cell in (0..walk.layout.cells()).filter(|&cell| taken & 1 << cell == 0) {
                let far = (cell / columns).abs_diff(row) + (cell % columns).abs_diff(column);
                place(walk, tile + 1, taken | 1 << cell, sum + far as u8);
            }
        }
        let mut walk = Walk {
            layout,
            homes,
            stretch: Vec::with_capacity(1 << 16),
            expect,
        };
        place(&mut walk, 0, 0, 0);
        let rest = std::mem::take(&mut walk.stretch);
        walk.expect.scan(&rest);
    }

    /// The largest table this test builds; larger ones are stood in for
    /// by [`distances`].
    const BUILT: usize = 4_000_000;

    #[test]
    fn every_kind_of_table_the_solver_asks_for_can_be_right() {
        // Shape, partition and the goal's blank: the 3x4 default (6 and 5
        // tiles on 12 cells), the 2x5 default (every tile: the puzzle
        // itself), the 4x4 default (6 and 3 tiles, one walled in), with
        // the blank in its usual corner and in the middle, the 7-8
        // partition (7 tiles and 8; with the blank in the first corner the
        // 7 wall it in) and the 5x5 default (6 on 25).
        let kinds = [
            (3, 4, Partition::Default, 11),
            (3, 4, Partition::Default, 0),
            (2, 5, Partition::Default, 9),
            (4, 4, Partition::Default, 15),
            (4, 4, Partition::Default, 5),
            (4, 4, Partition::Large, 15),
            (4, 4, Partition::Large, 0),
            (5, 5, Partition::Default, 24),
        ];
        for (rows, columns, partition, blank) in kinds {
            let layout = Layout::sized(rows, columns);
            for homes in partition.groups(layout, blank).unwrap().iter().flatten() {
                let mut expect = Plausible::new(layout, homes);
                let size = placements(layout.cells(), homes.len());
                if size <= BUILT {
                    let region = goal_region(layout, homes, blank);
                    let table =
                        build(layout, homes, region, "a table", &mut |_| Continue(())).unwrap();
                    table
                        .chunks(1 << 16)
                        .for_each(|stretch| expect.scan(stretch));
                } else {
                    distances(layout, homes, &mut expect);
                }
                assert_eq!(expect.at, size as u64);
                assert_eq!(expect.check(), Ok(()), "{layout} {homes:?}");
            }
        }
    }

    #[test]
    fn the_unreached_count_holds_for_one_two_and_three_free_cells() {
        // Built whole on small boards, against the counts the key implies.
        for (rows, columns) in [(2, 3), (3, 3), (2, 4), (3, 2)] {
            let layout = Layout::sized(rows, columns);
            let n = layout.cells();
            for free in 1..=3 {
                // Two sets of homes, so that their colours differ.
                for homes in [
                    (0..(n - free) as u8).collect::<Vec<u8>>(),
                    (free as u8..n as u8).rev().collect(),
                ] {
                    let blank = (0..n).find(|&c| !homes.contains(&(c as u8))).unwrap();
                    let region = goal_region(layout, &homes, blank);
                    let table =
                        build(layout, &homes, region, "a table", &mut |_| Continue(())).unwrap();
                    assert_eq!(
                        verdict(layout, &homes, &table),
                        Ok(()),
                        "{layout} {homes:?}"
                    );
                }
            }
        }
    }

    /// Changes a table's bytes.
    type Change<'a> = dyn Fn(&mut Vec<u8>) + 'a;

    #[test]
    fn a_table_that_cannot_be_its_patterns_is_named_for_why() {
        let layout = Layout::sized(3, 4);
        let homes = [0, 4, 8, 1, 5, 9];
        let table = build(
            layout,
            &homes,
            goal_region(layout, &homes, 11),
            "a table",
            &mut |_| Continue(()),
        )
        .unwrap();
        let goal = rank(&homes, 12);
        let size = table.len() as u64;
        let changed = |change: &dyn Fn(&mut Vec<u8>)| {
            let mut table = table.clone();
            change(&mut table);
            verdict(layout, &homes, &table)
        };
        let far = table.iter().position(|&b| b > 1).unwrap();
        let cases: [(&Change<'_>, Implausible); 4] = [
            (
                &|t| t.fill(UNSEEN),
                Implausible::Unreached {
                    found: size,
                    expected: 0,
                },
            ),
            (
                &|t| t[far] = UNSEEN,
                Implausible::Unreached {
                    found: 1,
                    expected: 0,
                },
            ),
            (&|t| t.fill(7), Implausible::Goal(7)),
            (&|t| t[goal] = 2, Implausible::Goal(2)),
        ];
        for (change, reason) in cases {
            assert_eq!(changed(change), Err(reason));
        }
        // The cache names the reason.
        let mut expect = Plausible::new(layout, &homes);
        expect.scan(&vec![UNSEEN; table.len()]);
        assert_eq!(
            expect.verdict(),
            Err(format!(
                "{size} unreached marks, where its pattern leaves 0 placements out of reach"
            ))
        );
    }
}
