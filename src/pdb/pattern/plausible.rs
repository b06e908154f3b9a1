//! What a pattern database read from the cache must be, as far as its key
//! alone tells, so that a file whose header agrees with itself but whose
//! table is not its pattern's is rebuilt rather than searched with (half
//! a table read out of bounds; one of unseen marks made a search that
//! never ended).
//!
//! The key (the shape and the pattern's home cells) fixes exactly:
//! - the length, `n!/(n-k)!` entries for `k` tiles on `n` cells;
//! - the one entry of 0, the goal placement's: any other placement needs a
//!   move of one of its tiles;
//! - how many entries are odd. Each abstract move takes one pattern tile
//!   to a neighbouring cell, which changes the colour of its cell on a
//!   chequered board, so an entry has the parity of the placement's tiles
//!   on black cells plus their homes on black cells, and the placements of
//!   each parity can be counted;
//! - how many entries are [`UNSEEN`], the builder's mark for a placement
//!   its search never reached. With three or more free cells, two of them
//!   hold forgotten tiles, which are alike, so every placement is reached
//!   (Wilson 1974: the blank's moves on a grid give every even
//!   permutation, and swapping two alike tiles makes any permutation
//!   even). With one free cell the abstract puzzle is the puzzle itself,
//!   and half the placements are out of reach. With two, the forgotten
//!   tile is one of a kind: a placement whose free cells differ in colour
//!   is out of reach in half the orders of its tiles, and one whose free
//!   cells share a colour never is.
//!
//! All four are counted in the checksum's pass (`crate::cache`), with
//! byte counters the compiler turns into vector instructions. That pass
//! costs about half as much again: on a 5x5 table (127 MB) 10.3 ms where
//! the checksum alone took 6.6 (the best of 15), and loading the 7-8
//! tables (577 MB) takes 0.08 s where it took 0.06. A whole `eight --size
//! 4x4` run on a warm cache runs 1.1% more instructions (1,499M against
//! 1,483M under callgrind), within the noise of its time.
//!
//! The largest value is not bounded by anything but [`UNSEEN`]: the
//! literature's diameters are for the usual goal, these tables serve a
//! goal's blank on any cell, and a bound found too low later would reject
//! a good table on every run.

use super::{placements, rank, UNSEEN};
use crate::cache::Expect;
use crate::pdb::layout::Layout;

/// How many entries of a table are 0, [`UNSEEN`] and odd (the unseen
/// among them, since [`UNSEEN`] is odd).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    zero: u64,
    unseen: u64,
    odd: u64,
}

/// The lanes of byte counters [`Counts::add`] keeps: two vector registers'
/// worth on the portable x86-64 target.
const LANES: usize = 32;

impl Counts {
    /// Adds the entries `bytes` to the counts.
    fn add(&mut self, bytes: &[u8]) {
        // A lane takes at most 255 bytes before it is emptied into the
        // totals, so its count fits a byte.
        for run in bytes.chunks(255 * LANES) {
            let (mut zero, mut unseen, mut odd) = ([0u8; LANES], [0u8; LANES], [0u8; LANES]);
            let mut rows = run.chunks_exact(LANES);
            for row in &mut rows {
                for (lane, &byte) in row.iter().enumerate() {
                    zero[lane] += u8::from(byte == 0);
                    unseen[lane] += u8::from(byte == UNSEEN);
                    odd[lane] += byte & 1;
                }
            }
            let total = |lanes: [u8; LANES]| lanes.iter().map(|&c| u64::from(c)).sum::<u64>();
            let rest = rows.remainder();
            self.zero += total(zero) + rest.iter().filter(|&&b| b == 0).count() as u64;
            self.unseen += total(unseen) + rest.iter().filter(|&&b| b == UNSEEN).count() as u64;
            // UNSEEN is odd too: those are taken out in `verdict`.
            self.odd += total(odd) + rest.iter().filter(|&&b| b & 1 == 1).count() as u64;
        }
    }
}

/// Why a table's bytes cannot be its pattern's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Implausible {
    /// Placements marked unreached, where the pattern leaves another
    /// number out of reach.
    #[error(
        "{found} entries are marked unreached, where its pattern leaves {expected} placements \
         out of reach"
    )]
    Unreached { found: u64, expected: u64 },
    /// The goal placement's entry.
    #[error("the goal placement's entry is {0}, not 0")]
    Goal(u8),
    /// Entries of 0, where only the goal placement's is.
    #[error("{0} entries are 0, where only the goal placement's can be")]
    Zeros(u64),
    /// Odd entries, where another number of placements have odd distances.
    #[error(
        "{found} entries are odd, where {expected} placements are an odd number of moves from \
         home"
    )]
    Parity { found: u64, expected: u64 },
}

/// What a cached table of one pattern must be ([`Expect`]), and what the
/// scan of its bytes found.
#[derive(Clone, Debug)]
pub(crate) struct Plausible {
    size: u64,
    /// The goal placement's index.
    goal: u64,
    /// The counts the pattern implies.
    expected: Counts,
    /// Bytes scanned so far.
    at: u64,
    found: Counts,
    goal_entry: Option<u8>,
}

impl Plausible {
    /// What the table of the pattern whose tiles belong on `homes` must be.
    pub(crate) fn new(layout: Layout, homes: &[u8]) -> Plausible {
        let (n, k) = (layout.cells(), homes.len());
        let black = |cell: usize| (cell / layout.columns() + cell % layout.columns()) % 2 == 1;
        let blacks = (0..n).filter(|&cell| black(cell)).count();
        let whites = n - blacks;
        let homes_black = homes.iter().filter(|&&cell| black(cell.into())).count();
        // Placements with `j` of their tiles on black cells: which tiles,
        // then their cells in order.
        let with = |j: usize| choose(k, j) * falling(blacks, j) * falling(whites, k - j);
        let odd = (0..=k)
            .filter(|j| (j + homes_black) % 2 == 1)
            .map(with)
            .sum::<u128>();
        let size = placements(n, k) as u128;
        let (unseen, odd) = match n - k {
            // Half of those of each free cell, whose colour fixes the
            // parity.
            1 => (size / 2, odd / 2),
            // Half the orders of the placements whose free cells differ in
            // colour, and so have `blacks - 1` tiles on black cells.
            2 => {
                let unseen = (blacks * whites) as u128 * falling(k, k) / 2;
                match (blacks - 1 + homes_black) % 2 == 1 {
                    true => (unseen, odd - unseen),
                    false => (unseen, odd),
                }
            }
            _ => (0, odd),
        };
        Plausible {
            size: size as u64,
            goal: rank(homes, n) as u64,
            expected: Counts {
                zero: 1,
                unseen: unseen as u64,
                odd: odd as u64,
            },
            at: 0,
            found: Counts::default(),
            goal_entry: None,
        }
    }

    /// [`Expect::verdict`] with its reason typed.
    fn check(&self) -> Result<(), Implausible> {
        let (found, expected) = (self.found, self.expected);
        if found.unseen != expected.unseen {
            return Err(Implausible::Unreached {
                found: found.unseen,
                expected: expected.unseen,
            });
        }
        match self.goal_entry {
            Some(0) => {}
            entry => return Err(Implausible::Goal(entry.unwrap_or(UNSEEN))),
        }
        if found.zero != expected.zero {
            return Err(Implausible::Zeros(found.zero));
        }
        if found.odd - found.unseen != expected.odd {
            return Err(Implausible::Parity {
                found: found.odd - found.unseen,
                expected: expected.odd,
            });
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
        self.found.add(bytes);
    }

    fn verdict(&self) -> Result<(), String> {
        self.check().map_err(|reason| reason.to_string())
    }
}

/// The ways to choose `j` of `k`.
fn choose(k: usize, j: usize) -> u128 {
    falling(k, j) / falling(j, j)
}

/// `a!/(a-b)!`, the orders of `b` of `a` things; 0 when `b > a`.
fn falling(a: usize, b: usize) -> u128 {
    match b <= a {
        true => (a - b + 1..=a).map(|x| x as u128).product(),
        false => 0,
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
    /// the same parities, the one 0 and nothing unseen, where three or
    /// more cells are free.
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
    fn the_unreached_and_odd_counts_hold_for_one_two_and_three_free_cells() {
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
        let odd = table.iter().filter(|&&b| b % 2 == 1).count() as u64;
        let far = table.iter().position(|&b| b > 1).unwrap();
        let cases: [(&Change<'_>, Implausible); 7] = [
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
            (&|t| t.fill(0), Implausible::Zeros(size)),
            (&|t| t[far] = 0, Implausible::Zeros(2)),
            (&|t| t.fill(7), Implausible::Goal(7)),
            (&|t| t[goal] = 2, Implausible::Goal(2)),
            (
                &|t| t[far] += 1,
                Implausible::Parity {
                    found: if table[far] % 2 == 1 {
                        odd - 1
                    } else {
                        odd + 1
                    },
                    expected: odd,
                },
            ),
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
                "{size} entries are marked unreached, where its pattern leaves 0 placements out \
                 of reach"
            ))
        );
    }
}
