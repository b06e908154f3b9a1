//! Test data: puzzles drawn at random from a chosen part of the state space,
//! by distance to the goal or by solvability.
//!
//! Draws come from the exact population, read off the whole-space table,
//! never from random walks, which land mostly far nearer than their length
//! and unevenly so. Every member of the population is equally likely and a
//! run never repeats one: the draw is a partial Fisher–Yates shuffle of the
//! members' ranks.
//!
//! A [`PairDraw`] gives every puzzle a goal of its own, as HDU 3567's cases
//! come. Distances depend on the goal's blank cell alone (see
//! [`crate::goal`]), so it keeps one population per blank cell, measured to
//! that cell's canonical goal, and renames a member to the goal it drew.
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
use crate::goal::Goal;
use crate::rank::{unrank, Rank, STATES};
use crate::search::table::DistanceMap;

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
        let (min, max) = match text.split_once("..") {
            Some((min, max)) => (number(min)?, number(max)?),
            None => (number(text)?, number(text)?),
        };
        if min > max {
            return Err(DistancesError::Empty { min, max });
        }
        Ok(Distances { min, max })
    }
}

impl Distances {
    fn contains(&self, distance: u8) -> bool {
        (self.min..=self.max).contains(&u32::from(distance))
    }
}

/// The goals a draw measures distances to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goals {
    /// One goal for every puzzle ([`Draw`]).
    Shared(Board),
    /// A goal of its own for each puzzle, drawn with it ([`PairDraw`]).
    OwnEach,
}

/// A draw that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// No arrangement is this far from the goal.
    #[error(
        "distance {distance} is beyond the maximum: no arrangement is more than {max} moves from {}",
        name(goals, "any goal")
    )]
    BeyondMax {
        /// The distance asked for.
        distance: u32,
        /// The largest distance from the goal, or from any goal.
        max: u8,
        /// The goals.
        goals: Goals,
    },
    /// The population has fewer members than puzzles were asked for.
    #[error(
        "asked for {asked} puzzles {}, but there are only {available}{}",
        describe(population, goals),
        if *goals == Goals::OwnEach { " pairs of puzzle and goal" } else { "" }
    )]
    TooMany {
        /// Puzzles asked for.
        asked: u64,
        /// Members of the population: with [`Goals::OwnEach`], pairs of a
        /// puzzle and its goal.
        available: u64,
        /// The population.
        population: Population,
        /// The goals.
        goals: Goals,
    },
    /// More cases with goals of their own than one run remembers.
    #[error(
        "asked for {asked} cases with goals of their own, but one run draws at most {MAX_PAIRS}: \
         every pair is remembered so that none comes twice"
    )]
    TooManyPairs {
        /// Cases asked for.
        asked: u64,
    },
}

/// The shared goal, compact, or `each_own` for goals of their own.
fn name(goals: &Goals, each_own: &str) -> String {
    match goals {
        Goals::Shared(goal) => goal.to_string(),
        Goals::OwnEach => each_own.to_string(),
    }
}

/// `at distance 31 from 12345678x`, `that cannot reach their own goals`.
fn describe(population: &Population, goals: &Goals) -> String {
    population.describe(&name(goals, "their own goals"))
}

impl Population {
    /// The arrangements in words, towards `goal` as it is to be shown:
    /// `that can reach 1 2 3 x`, `at distance 3 to 5 from 12345678x`.
    pub(crate) fn describe(self, goal: &str) -> String {
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
}

/// Fails when `population` asks for a distance beyond `farthest`, the
/// largest distance from `goals`.
fn within_reach(population: Population, farthest: u8, goals: Goals) -> Result<(), GenerateError> {
    match population {
        Population::Distance(range) if range.max > u32::from(farthest) => {
            Err(GenerateError::BeyondMax {
                distance: range.max,
                max: farthest,
                goals,
            })
        }
        _ => Ok(()),
    }
}

/// The largest distance to the goal `table` was built from.
fn farthest(table: &DistanceMap) -> u8 {
    table.histogram().len().saturating_sub(1) as u8
}

/// The ranks of `population`'s members, measured by `table`.
fn members(table: &DistanceMap, population: Population) -> Vec<Rank> {
    (0..STATES as Rank)
        .filter(|&rank| match (population, table.distance_of(rank)) {
            (Population::Solvable, reached) => reached.is_some(),
            (Population::Unsolvable, reached) => reached.is_none(),
            (Population::Distance(range), reached) => reached.is_some_and(|d| range.contains(d)),
        })
        .collect()
}

/// Puzzles drawn without repeats, uniformly from a population; an iterator
/// of exactly the number asked for.
pub struct Draw<R> {
    /// The population's ranks; the first `drawn` are the puzzles so far.
    ranks: Vec<Rank>,
    drawn: usize,
    count: usize,
    rng: R,
}

impl<R: Rng> Draw<R> {
    /// Prepares to draw `count` puzzles from `population`, measuring distances
    /// to `goal`. Fails, before any drawing, when a distance is beyond the
    /// goal's farthest arrangement or the population is smaller than `count`.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, generate::{Distances, Draw, Population}};
    /// use eight::search::table::DistanceMap;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// let hardest = Population::Distance(Distances { min: 31, max: 31 });
    /// let rng = ChaCha8Rng::seed_from_u64(7);
    /// let puzzles: Vec<Board> = Draw::new(&Board::GOAL, hardest, 2, rng).unwrap().collect();
    /// let table = DistanceMap::build(&Board::GOAL);
    /// assert!(puzzles.iter().all(|p| table.distance(p) == Some(31)));
    /// assert_ne!(puzzles[0], puzzles[1]);
    /// ```
    pub fn new(
        goal: &Board,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<Draw<R>, GenerateError> {
        let goals = Goals::Shared(*goal);
        let table = DistanceMap::build(goal);
        within_reach(population, farthest(&table), goals)?;
        let ranks = members(&table, population);
        let too_many = || GenerateError::TooMany {
            asked: count,
            available: ranks.len() as u64,
            population,
            goals,
        };
        let count = usize::try_from(count).map_err(|_| too_many())?;
        if count > ranks.len() {
            return Err(too_many());
        }
        Ok(Draw {
            ranks,
            drawn: 0,
            count,
            rng,
        })
    }
}

impl<R: Rng> Iterator for Draw<R> {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        if self.drawn == self.count {
            return None;
        }
        // Fisher–Yates, one step: swap a uniformly chosen member of the
        // undrawn tail to the front of it.
        let chosen = self.drawn + below(&mut self.rng, self.ranks.len() - self.drawn);
        self.ranks.swap(self.drawn, chosen);
        let board = unrank(self.ranks[self.drawn]);
        self.drawn += 1;
        Some(board)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count - self.drawn;
        (left, Some(left))
    }
}

/// Puzzles drawn each with a goal of its own, as HDU 3567's cases come: an
/// iterator of exactly the number asked for, each a `(start, goal)`.
///
/// Each goal is drawn uniformly from all 9! arrangements whose blank cell
/// has members of the population (for distance 31, every cell but the
/// centre), and then its start uniformly from the population measured to
/// that goal. No pair comes twice: a pair drawn before is put back and
/// another drawn. The pairs drawn are remembered, about 20 bytes each, so
/// one run draws at most [`MAX_PAIRS`]: some 20 MB.
pub struct PairDraw<R> {
    /// `members[cell]`: the population's ranks measured to
    /// [`Board::canonical`]`(cell)`; renamed to a goal with its blank in
    /// `cell`, they are the population measured to that goal.
    members: Vec<Vec<Rank>>,
    /// The pairs drawn so far, each as `goal rank * STATES + member rank`.
    drawn: HashSet<u64>,
    left: u64,
    rng: R,
}

/// The most pairs [`PairDraw`] draws in one run, so that the pairs it
/// remembers stay within 64 MiB (a judge's test file holds far fewer).
pub const MAX_PAIRS: u64 = 1_000_000;

/// Goals with the blank in a given cell: the other tiles in any order.
const GOALS_PER_CELL: u64 = (STATES / CELLS) as u64;

impl<R: Rng> PairDraw<R> {
    /// Prepares to draw `count` puzzles from `population`, each measured to
    /// a goal of its own. Fails, before any drawing, when a distance is
    /// beyond every goal's farthest arrangement or there are fewer than
    /// `count` pairs of a puzzle and its goal, or `count` is above [`MAX_PAIRS`].
    ///
    /// # Example
    /// ```
    /// use eight::generate::{Distances, PairDraw, Population};
    /// use eight::search::table::DistanceMap;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// let twenty = Population::Distance(Distances { min: 20, max: 20 });
    /// let rng = ChaCha8Rng::seed_from_u64(7);
    /// for (start, goal) in PairDraw::new(twenty, 3, rng).unwrap() {
    ///     assert_eq!(DistanceMap::build(&goal).distance(&start), Some(20));
    /// }
    /// ```
    pub fn new(population: Population, count: u64, rng: R) -> Result<PairDraw<R>, GenerateError> {
        if count > MAX_PAIRS {
            return Err(GenerateError::TooManyPairs { asked: count });
        }
        let goals = Goals::OwnEach;
        let tables = (0..CELLS).map(|cell| DistanceMap::build(&Board::canonical(cell)));
        let mut farthest_of_all = 0;
        let mut members_by_cell = Vec::with_capacity(CELLS);
        for table in tables {
            farthest_of_all = farthest_of_all.max(farthest(&table));
            members_by_cell.push(members(&table, population));
        }
        within_reach(population, farthest_of_all, goals)?;
        let available: u64 = members_by_cell
            .iter()
            .map(|members| GOALS_PER_CELL * members.len() as u64)
            .sum();
        if count > available {
            return Err(GenerateError::TooMany {
                asked: count,
                available,
                population,
                goals,
            });
        }
        Ok(PairDraw {
            members: members_by_cell,
            // Reserved at once: growing would briefly hold two tables.
            drawn: HashSet::with_capacity(count as usize),
            left: count,
            rng,
        })
    }
}

impl<R: Rng> Iterator for PairDraw<R> {
    type Item = (Board, Board);

    fn next(&mut self) -> Option<(Board, Board)> {
        if self.left == 0 {
            return None;
        }
        // `new` saw at least `left` undrawn pairs, so this loop ends; a goal
        // whose cell has no members, or a pair drawn before, is drawn again.
        loop {
            let goal_rank = below(&mut self.rng, STATES) as Rank;
            let goal = unrank(goal_rank);
            let members = &self.members[goal.blank()];
            if members.is_empty() {
                continue;
            }
            let member = members[below(&mut self.rng, members.len())];
            if self
                .drawn
                .insert(u64::from(goal_rank) * STATES as u64 + u64::from(member))
            {
                self.left -= 1;
                let start = Goal::new(goal).unrename(&unrank(member));
                return Some((start, goal));
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).ok();
        (left.unwrap_or(usize::MAX), left)
    }
}

/// A number in `0..bound`, each equally likely; `bound` must not be 0.
///
/// `next_u64() % bound` alone would favour small remainders whenever `bound`
/// does not divide 2^64, so the top `2^64 mod bound` values are drawn again.
/// At most one draw in 2^45 is retried for a bound below 9!.
pub(crate) fn below(rng: &mut impl Rng, bound: usize) -> usize {
    let bound = bound as u64;
    let excess = bound.wrapping_neg() % bound; // 2^64 mod bound
    loop {
        let value = rng.next_u64();
        if value <= u64::MAX - excess {
            return (value % bound) as usize;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn distances_parse_as_one_number_or_an_inclusive_range() {
        let malformed = |text: &str| {
            format!(
                "'{text}' is not a distance: expected a number like 20 or an inclusive range like 20..25"
            )
        };
        let cases = [
            ("20", "20..20".to_string()),
            ("0", "0..0".to_string()),
            ("20..25", "20..25".to_string()),
            (" 7 .. 7 ", "7..7".to_string()),
            (
                "25..20",
                "25..20 is empty: the first distance is larger than the last".to_string(),
            ),
            ("x", malformed("x")),
            ("20..", malformed("20..")),
            ("-1", malformed("-1")),
            ("1..=3", malformed("1..=3")),
            ("1..2..3", malformed("1..2..3")),
        ];
        for (text, want) in cases {
            let got = match text.parse::<Distances>() {
                Ok(range) => format!("{}..{}", range.min, range.max),
                Err(error) => error.to_string(),
            };
            assert_eq!(got, want, "{text}");
        }
        assert_eq!(Distances { min: 3, max: 5 }.to_string(), "3..5");
        assert_eq!(Distances { min: 3, max: 3 }.to_string(), "3");
    }

    fn draw(population: Population, count: u64, seed: u64) -> Result<Vec<Board>, String> {
        let rng = ChaCha8Rng::seed_from_u64(seed);
        Draw::new(&Board::GOAL, population, count, rng)
            .map(Iterator::collect)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_draw_of_a_whole_population_is_a_permutation_of_it() {
        // Distance 5 from the standard goal holds 20 arrangements.
        let five = Population::Distance(Distances { min: 5, max: 5 });
        let mut boards = draw(five, 20, 1).unwrap();
        let table = DistanceMap::build(&Board::GOAL);
        assert!(boards.iter().all(|b| table.distance(b) == Some(5)));
        boards.sort_by_key(crate::rank::rank);
        boards.dedup();
        assert_eq!(boards.len(), 20);
        assert_eq!(
            draw(five, 21, 1).unwrap_err(),
            "asked for 21 puzzles at distance 5 from 12345678x, but there are only 20"
        );
    }

    #[test]
    fn impossible_draws_say_why() {
        let beyond = Population::Distance(Distances { min: 30, max: 32 });
        assert_eq!(
            draw(beyond, 1, 1).unwrap_err(),
            "distance 32 is beyond the maximum: no arrangement is more than 31 moves from 12345678x"
        );
        let range = Population::Distance(Distances { min: 30, max: 31 });
        assert_eq!(
            draw(range, 1000, 1).unwrap_err(),
            "asked for 1000 puzzles at distance 30 to 31 from 12345678x, but there are only 223"
        );
        assert_eq!(
            draw(Population::Unsolvable, 181_441, 1).unwrap_err(),
            "asked for 181441 puzzles that cannot reach 12345678x, but there are only 181440"
        );
        assert_eq!(
            draw(Population::Solvable, u64::MAX, 1).unwrap_err(),
            format!(
                "asked for {} puzzles that can reach 12345678x, but there are only 181440",
                u64::MAX
            )
        );
    }

    #[test]
    fn a_pair_draw_measures_each_start_to_its_own_goal() {
        let near = Population::Distance(Distances { min: 3, max: 4 });
        let rng = ChaCha8Rng::seed_from_u64(5);
        for (start, goal) in PairDraw::new(near, 10, rng).unwrap() {
            let distance = DistanceMap::build(&goal).distance(&start);
            assert!(matches!(distance, Some(3 | 4)), "{start} {goal}");
        }
        let pairs = |population, count| {
            let rng = ChaCha8Rng::seed_from_u64(1);
            PairDraw::new(population, count, rng)
                .err()
                .map(|e| e.to_string())
        };
        let solved = Population::Distance(Distances { min: 0, max: 0 });
        assert_eq!(
            pairs(solved, 362_881).unwrap(),
            "asked for 362881 puzzles at distance 0 from their own goals, \
             but there are only 362880 pairs of puzzle and goal"
        );
        assert_eq!(
            pairs(Population::Distance(Distances { min: 30, max: 32 }), 1).unwrap(),
            "distance 32 is beyond the maximum: no arrangement is more than 31 moves from any goal"
        );
        assert_eq!(pairs(Population::Unsolvable, 1), None);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(below(&mut rng, 1), 0);
    }
}
