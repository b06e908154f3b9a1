//! Test data: puzzles of any shape drawn at random from a chosen part of
//! the state space, by distance to the goal or by solvability, as one
//! [`Draw`] whatever the shape.
//!
//! - Up to nine cells, where [`SmallTable`] holds every arrangement's
//!   distance, draws come from the exact population read off that table,
//!   never from random walks, which land mostly far nearer than their
//!   length and unevenly so. Every member is equally likely and a run never
//!   repeats one: the draw is a partial Fisher–Yates shuffle of the
//!   members' ranks. The table's Lehmer ranks are the 3×3 board's Cantor
//!   ranks, so a 3×3 draw is the same whichever world asks for it.
//! - [`Draw::pairs`] gives every 3×3 puzzle a goal of its own, as HDU 3567's
//!   cases come. Distances depend on the goal's blank cell alone (see
//!   [`Goal`]), so it keeps one population per blank cell, measured
//!   to that cell's canonical goal, and renames a member to the goal it drew.
//! - Above nine cells there is no such table, so `--distance` cannot be
//!   met. A board is a uniform shuffle of all tiles; when it falls in the
//!   other half (solvable or not), two tiles other than the blank, at cells
//!   that depend only on the blank's, are swapped. That swap is a bijection
//!   between the halves, so each half is drawn uniformly. Up to 16 cells
//!   the boards drawn are remembered and a repeat drawn again; beyond that
//!   there are at least 17!/2 ≈ 1.8·10^14 of each half, and repeats are not
//!   looked for.
//! - A problem that promises short solutions (UVa 10181's 50 moves, Aizu's
//!   45) cannot be served uniformly without a table, so [`Draw::walks`]
//!   takes random walks of that many moves from the goal, never undoing the
//!   move before: within reach by construction, though nearer on average
//!   than the bound.
//!
//! The only randomness used is [`Rng::next_u64`], reduced to a range by
//! `below`, so the puzzles depend on nothing but the generator's stream:
//! seeded with a portable generator (`eight gen` uses ChaCha8 through
//! `seed_from_u64`, both documented as value-stable), one seed gives the same
//! puzzles on every platform.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use rand::Rng;

use crate::board::{Board, CELLS};
use crate::enumerate::reachable;
use crate::format::Shown;
use crate::goal::Goal;
use crate::grid::{Grid, GridError};
use crate::memory::MemoryError;
use crate::moves::{neighbour, Move};
use crate::rank::{unrank, STATES};
use crate::search::table::DistanceMap;
use crate::shape::Shape;
use crate::small::{self, SmallTable};
use crate::solvability::solvable;
use crate::words::article;

/// Which arrangements a draw chooses from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Population {
    /// Every arrangement that can reach the goal.
    Solvable,
    /// The arrangements whose shortest solution has a length in this range.
    Distance(Distances),
    /// Every arrangement that cannot reach the goal.
    Unsolvable,
}

/// An inclusive range of distances, written `D` or `A..B` (both ends
/// included: `20..22` is 20, 21 and 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distances {
    /// The nearest distance wanted.
    pub min: u32,
    /// The farthest distance wanted.
    pub max: u32,
}

/// Why a text is not a [`Distances`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DistancesError {
    /// Not a number, nor two numbers around `..`.
    #[error(
        "'{0}' is not a distance: expected a number like 20 or an inclusive range like 20..25"
    )]
    Malformed(String),
    /// The range ends before it starts.
    #[error("{min}..{max} is empty: the first distance is larger than the last")]
    Empty {
        /// The first distance.
        min: u32,
        /// The last distance.
        max: u32,
    },
}

impl FromStr for Distances {
    type Err = DistancesError;

    fn from_str(text: &str) -> Result<Distances, DistancesError> {
        let number = |part: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| DistancesError::Malformed(text.to_string()))
        };
        let (min, max) = text.split_once("..").unwrap_or((text, text));
        let (min, max) = (number(min)?, number(max)?);
        if min > max {
            return Err(DistancesError::Empty { min, max });
        }
        Ok(Distances { min, max })
    }
}

impl fmt::Display for Distances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

impl Population {
    /// The arrangements in words, towards `goal` as it is to be shown:
    /// `that can reach 1 2 3 x`, `at distance 3 to 5 from 12345678x`.
    fn describe(self, goal: &str) -> String {
        match self {
            Population::Solvable => format!("that can reach {goal}"),
            Population::Unsolvable => format!("that cannot reach {goal}"),
            Population::Distance(Distances { min, max }) if min == max => {
                format!("at distance {min} from {goal}")
            }
            Population::Distance(Distances { min, max }) => {
                format!("at distance {min} to {max} from {goal}")
            }
        }
    }

    /// Whether an arrangement this far from the goal (`None`: it cannot
    /// reach it) is a member.
    fn admits(self, distance: Option<u8>) -> bool {
        match self {
            Population::Solvable => distance.is_some(),
            Population::Unsolvable => distance.is_none(),
            Population::Distance(Distances { min, max }) => {
                distance.is_some_and(|d| (min..=max).contains(&u32::from(d)))
            }
        }
    }
}

/// A draw that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// Distances need a table of every arrangement, which only boards of
    /// up to nine cells have.
    #[error(
        "--distance needs a table of every arrangement, which exists only for boards of at most \
         nine cells; {} {shape} board has {}",
        article(shape.rows),
        shape.cells()
    )]
    NoTable {
        /// The board's shape.
        shape: Shape,
    },
    /// No arrangement is this far from the goal.
    #[error(
        "distance {distance} is beyond the maximum: no arrangement is more than {max} moves from \
         {goal}"
    )]
    BeyondMax {
        /// The distance asked for.
        distance: u32,
        /// The largest distance there is.
        max: usize,
        /// The goal as messages show it, or `any goal`.
        goal: String,
    },
    /// The population has fewer members than puzzles were asked for.
    #[error(
        "asked for {asked} puzzles {what}, but there are only {available}{}",
        if *pairs { " pairs of puzzle and goal" } else { "" }
    )]
    TooMany {
        /// Puzzles asked for.
        asked: u64,
        /// Members of the population: with `pairs`, pairs of a puzzle and
        /// its goal.
        available: u64,
        /// The population: `that can reach 1 2 3 x`.
        what: String,
        /// Each puzzle has a goal of its own ([`Draw::pairs`]).
        pairs: bool,
    },
    /// More puzzles than one run of this kind draws.
    #[error("asked for {asked} {what}, but one run draws at most {MAX_DRAWN}{why}")]
    TooManyDrawn {
        /// Puzzles asked for.
        asked: u64,
        /// What was asked for: `puzzles`.
        what: &'static str,
        /// Why there is a limit, or which draws have it.
        why: &'static str,
    },
    /// The goal's shape is not a board.
    #[error(transparent)]
    Grid(GridError),
    /// The table of every arrangement, to draw from, did not fit in memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

impl From<GridError> for GenerateError {
    /// A table that did not fit is out of memory, as any table is.
    fn from(error: GridError) -> GenerateError {
        match error {
            GridError::Memory(error) => GenerateError::Memory(error),
            error => GenerateError::Grid(error),
        }
    }
}

/// The most puzzles one run of [`Draw::pairs`] or [`Draw::walks`] draws,
/// and one run of [`Draw::new`] on 10 to 16 cells, so that what they
/// remember stays within 64 MiB (a judge's test file holds far fewer).
/// Larger boards are never remembered, so their runs stream and take any
/// count.
pub const MAX_DRAWN: u64 = 1_000_000;

/// Boards up to this many cells are remembered so that none comes twice,
/// each packed in a `u64` (see [`packed`]).
const REMEMBERED_CELLS: usize = 16;

/// 3×3 goals with the blank in a given cell: the other tiles in any order.
const GOALS_PER_CELL: u64 = (STATES / CELLS) as u64;

/// How the puzzles are drawn.
enum Source {
    /// Up to nine cells: the population's ranks in `table`, the first
    /// `drawn` used.
    Listed {
        table: Box<SmallTable>,
        ranks: Vec<u32>,
        drawn: usize,
    },
    /// 3×3 puzzles with goals of their own.
    Pairs {
        /// `members[cell]`: the population's ranks measured to
        /// [`Board::canonical`]`(cell)`; renamed to a goal with its blank
        /// in `cell`, they are the population measured to that goal.
        members: Vec<Vec<u32>>,
        /// The pairs drawn so far, each as `goal rank * STATES + member rank`.
        drawn: HashSet<u64>,
    },
    /// Shuffles of every tile of `goal`, kept to one half.
    Shuffled { goal: Grid, solvable: bool },
    /// Random walks of this many moves from `goal`.
    Walks { goal: Grid, moves: u32 },
}

/// Puzzles drawn at random; an iterator of exactly the number asked for,
/// each a start and, from [`Draw::pairs`], its own goal.
///
/// # Example
/// ```
/// use eight::{generate::{Distances, Draw, Population}, Grid, Shape};
/// use eight::{small::SmallTable, solvable};
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// let goal = Grid::solved(Shape { rows: 5, columns: 7 }).unwrap();
/// let rng = ChaCha8Rng::seed_from_u64(1);
/// for (board, _) in Draw::new(&goal, Population::Unsolvable, 3, rng).unwrap() {
///     assert_eq!(solvable(&board, &goal), Ok(false));
/// }
/// let eight = Grid::solved(Shape::EIGHT).unwrap();
/// let hardest = Population::Distance(Distances { min: 31, max: 31 });
/// let rng = ChaCha8Rng::seed_from_u64(7);
/// let table = SmallTable::build(&eight).unwrap();
/// let puzzles: Vec<_> = Draw::new(&eight, hardest, 2, rng).unwrap().collect();
/// assert!(puzzles.iter().all(|(p, _)| table.distance(p) == Ok(Some(31))));
/// assert_ne!(puzzles[0], puzzles[1]);
/// ```
pub struct Draw<R> {
    source: Source,
    left: u64,
    rng: R,
    /// The boards drawn so far, where a repeat could come otherwise.
    seen: Option<HashSet<u64>>,
}

impl<R: Rng> Draw<R> {
    /// Prepares to draw `count` boards of `goal`'s shape from `population`,
    /// measured to `goal`, the 3×3 [`Board`] or a [`Grid`] of any shape;
    /// messages show the goal tile by tile as answers do (`12345678x`,
    /// `1 2 3 x`). Fails, before drawing, for a distance on a board of more
    /// than nine cells, a distance beyond the farthest, or more boards than
    /// the population holds.
    pub fn new<B: Shown>(
        goal: &B,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<Draw<R>, GenerateError> {
        let goal = goal.grid();
        let name = &goal.spelled(B::SEPARATOR);
        let shape = goal.shape();
        let too_many = |available| GenerateError::TooMany {
            asked: count,
            available,
            what: population.describe(name),
            pairs: false,
        };
        if shape.cells() <= small::TABLE_CELLS {
            let table = SmallTable::build(&goal)?;
            let distances = table.distances();
            within_reach(population, distances.max_distance(), name)?;
            let ranks = distances.ranks_where(|distance| population.admits(distance));
            if count > ranks.len() as u64 {
                return Err(too_many(ranks.len() as u64));
            }
            let listed = Source::Listed {
                table: Box::new(table),
                ranks,
                drawn: 0,
            };
            return Ok(Draw::from(listed, count, rng));
        }
        let solvable = match population {
            Population::Solvable => true,
            Population::Unsolvable => false,
            Population::Distance(_) => return Err(GenerateError::NoTable { shape }),
        };
        if shape.cells() <= REMEMBERED_CELLS {
            let half = reachable(shape);
            if count > half {
                return Err(too_many(half));
            }
            let why =
                " boards of 10 to 16 cells: every board is remembered so that none comes twice";
            at_most_drawn(count, "puzzles", why)?;
        }
        let goal = goal.into_owned();
        Ok(Draw::from(Source::Shuffled { goal, solvable }, count, rng))
    }

    /// Prepares to draw `count` 3×3 puzzles from `population`, each
    /// measured to a goal of its own, as HDU 3567's cases come.
    ///
    /// Each goal is drawn uniformly from all 9! arrangements whose blank
    /// cell has members of the population (for distance 31, every cell but
    /// the centre), and then its start uniformly from the population
    /// measured to that goal. No pair comes twice: a pair drawn before is
    /// put back and another drawn. The pairs drawn are remembered, about 20
    /// bytes each, so one run draws at most [`MAX_DRAWN`]: some 20 MB.
    /// Fails, before any drawing, when a distance is beyond every goal's
    /// farthest arrangement, there are fewer than `count` pairs of a puzzle
    /// and its goal, or `count` is above [`MAX_DRAWN`].
    ///
    /// # Example
    /// ```
    /// use eight::generate::{Distances, Draw, Population};
    /// use eight::small::SmallTable;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// let twenty = Population::Distance(Distances { min: 20, max: 20 });
    /// let rng = ChaCha8Rng::seed_from_u64(7);
    /// for (start, goal) in Draw::pairs(twenty, 3, rng).unwrap() {
    ///     let table = SmallTable::build(&goal.unwrap()).unwrap();
    ///     assert_eq!(table.distance(&start), Ok(Some(20)));
    /// }
    /// ```
    pub fn pairs(population: Population, count: u64, rng: R) -> Result<Draw<R>, GenerateError> {
        let why = ": every pair is remembered so that none comes twice";
        at_most_drawn(count, "cases with goals of their own", why)?;
        let mut farthest = 0;
        let mut members = Vec::with_capacity(CELLS);
        for cell in 0..CELLS {
            let table = DistanceMap::build(&Board::canonical(cell))?;
            farthest = farthest.max(table.max_distance());
            members.push(table.ranks_where(|distance| population.admits(distance)));
        }
        within_reach(population, farthest, "any goal")?;
        let available: u64 = members
            .iter()
            .map(|members| GOALS_PER_CELL * members.len() as u64)
            .sum();
        if count > available {
            return Err(GenerateError::TooMany {
                asked: count,
                available,
                what: population.describe("their own goals"),
                pairs: true,
            });
        }
        // Reserved at once: growing would briefly hold two tables.
        let drawn = HashSet::with_capacity(count as usize);
        Ok(Draw::from(Source::Pairs { members, drawn }, count, rng))
    }

    /// Prepares to draw `count` boards, each a random walk of `moves` moves
    /// from `goal` that never undoes the move before, so each is solved in
    /// at most `moves` moves. Repeats are drawn again up to 16 cells.
    pub fn walks(goal: &Grid, moves: u32, count: u64, rng: R) -> Result<Draw<R>, GenerateError> {
        at_most_drawn(count, "puzzles", " by random walks")?;
        let goal = goal.clone();
        Ok(Draw::from(Source::Walks { goal, moves }, count, rng))
    }

    fn from(source: Source, count: u64, rng: R) -> Draw<R> {
        let seen = match &source {
            Source::Shuffled { goal, .. } | Source::Walks { goal, .. }
                if goal.tiles().len() <= REMEMBERED_CELLS =>
            {
                Some(HashSet::new())
            }
            _ => None,
        };
        Draw {
            source,
            left: count,
            rng,
            seen,
        }
    }

    /// One puzzle from the source, not yet checked for a repeat.
    fn draw(&mut self) -> Option<(Grid, Option<Grid>)> {
        let rng = &mut self.rng;
        match &mut self.source {
            Source::Listed {
                table,
                ranks,
                drawn,
            } => {
                // Fisher–Yates, one step: a uniformly chosen member of the
                // undrawn tail goes to its front.
                let chosen = *drawn + below(rng, ranks.len() - *drawn);
                ranks.swap(*drawn, chosen);
                *drawn += 1;
                Some((table.arrangement(ranks[*drawn - 1])?, None))
            }
            Source::Pairs { members, drawn } => loop {
                // `pairs` saw at least `left` undrawn pairs, so this loop
                // ends; a goal whose cell has no members, or a pair drawn
                // before, is drawn again.
                let goal_rank = below(rng, STATES) as u32;
                let goal = unrank(goal_rank);
                let members = &members[goal.blank()];
                if members.is_empty() {
                    continue;
                }
                let member = members[below(rng, members.len())];
                if drawn.insert(u64::from(goal_rank) * STATES as u64 + u64::from(member)) {
                    let start = Goal::new(goal).unrename(&unrank(member));
                    return Some((Grid::from(&start), Some(Grid::from(&goal))));
                }
            },
            Source::Shuffled {
                goal,
                solvable: wanted,
            } => {
                let mut tiles = goal.tiles().to_vec();
                for last in (1..tiles.len()).rev() {
                    tiles.swap(last, below(rng, last + 1));
                }
                let board = Grid::new(goal.shape(), tiles).ok()?;
                if solvable(&board, goal).ok()? == *wanted {
                    return Some((board, None));
                }
                // The two first cells that do not hold the blank.
                let mut tiles = board.tiles().to_vec();
                let (a, b) = match board.blank() {
                    0 => (1, 2),
                    1 => (0, 2),
                    _ => (0, 1),
                };
                tiles.swap(a, b);
                Some((Grid::new(goal.shape(), tiles).ok()?, None))
            }
            Source::Walks { goal, moves } => {
                let mut board = goal.clone();
                let mut last: Option<Move> = None;
                for _ in 0..*moves {
                    let choices: Vec<Move> = Move::ALL
                        .into_iter()
                        .filter(|step| Some(step.inverse()) != last)
                        .filter(|&step| neighbour(goal.shape(), board.blank(), step).is_some())
                        .collect();
                    let step = choices[below(rng, choices.len())];
                    board.apply(step);
                    last = Some(step);
                }
                Some((board, None))
            }
        }
    }
}

impl<R: Rng> Iterator for Draw<R> {
    /// A start, and its own goal from [`Draw::pairs`].
    type Item = (Grid, Option<Grid>);

    fn next(&mut self) -> Option<(Grid, Option<Grid>)> {
        if self.left == 0 {
            return None;
        }
        loop {
            let case = self.draw()?;
            if let Some(seen) = &mut self.seen {
                if !seen.insert(packed(case.0.tiles())) {
                    continue;
                }
            }
            self.left -= 1;
            return Some(case);
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).ok();
        (left.unwrap_or(usize::MAX), left)
    }
}

impl<R: Rng> ExactSizeIterator for Draw<R> {}

/// The tiles of a board of at most [`REMEMBERED_CELLS`] cells, four bits
/// each (every tile is below 16): 8 bytes a board where the tiles
/// themselves would take 64 and a heap block, so a million boards fit in
/// some 20 MB.
fn packed(tiles: &[u32]) -> u64 {
    tiles
        .iter()
        .fold(0, |packed, &tile| packed << 4 | u64::from(tile))
}

/// Fails when `count` is above [`MAX_DRAWN`], naming `what` was asked for
/// and `why` those draws have a limit.
fn at_most_drawn(count: u64, what: &'static str, why: &'static str) -> Result<(), GenerateError> {
    if count > MAX_DRAWN {
        return Err(GenerateError::TooManyDrawn {
            asked: count,
            what,
            why,
        });
    }
    Ok(())
}

/// Fails when `population` asks for a distance beyond `farthest`, the
/// largest distance from `goal`.
fn within_reach(population: Population, farthest: usize, goal: &str) -> Result<(), GenerateError> {
    match population {
        Population::Distance(range) if range.max as usize > farthest => {
            Err(GenerateError::BeyondMax {
                distance: range.max,
                max: farthest,
                goal: goal.to_string(),
            })
        }
        _ => Ok(()),
    }
}

/// A number in `0..bound`, each equally likely; `bound` must not be 0.
///
/// `next_u64() % bound` alone would favour small remainders whenever `bound`
/// does not divide 2^64, so the top `2^64 mod bound` values are drawn again.
/// At most one draw in 2^45 is retried for a bound below 9!.
fn below(rng: &mut impl Rng, bound: usize) -> usize {
    let bound = bound as u64;
    let excess = bound.wrapping_neg() % bound; // 2^64 mod bound
    loop {
        let value = rng.next_u64();
        if value <= u64::MAX - excess {
            return (value % bound) as usize;
        }
    }
}

#[cfg(test)]
mod tests;
