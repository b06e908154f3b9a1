//! Test boards of any shape (`gen --size`, and the sized presets' `gen
//! --judge`), drawn as [`crate::generate`] draws 3×3 ones.
//!
//! - Up to nine cells, where [`SmallTable`] holds every arrangement's
//!   distance, the population (solvable, unsolvable, or at a distance) is
//!   listed and drawn without repeats by a partial Fisher–Yates shuffle:
//!   every member equally likely, as on 3×3.
//! - Above nine cells there is no such table, so `--distance` cannot be
//!   met. A board is a uniform shuffle of all tiles; when it falls in the
//!   other half (solvable or not), two tiles other than the blank, at cells
//!   that depend only on the blank's, are swapped. That swap is a bijection
//!   between the halves, so each half is drawn uniformly. Up to 16 cells
//!   the boards drawn are remembered and a repeat drawn again; beyond that
//!   there are at least 17!/2 ≈ 1.8·10^14 of each half, and repeats are not
//!   looked for.
//! - A problem that promises short solutions (UVa 10181's 50 moves, Aizu's
//!   45) cannot be served uniformly without a table, so its boards are
//!   random walks of that many moves from the goal, never undoing the move
//!   before: within reach by construction, though nearer on average than
//!   the bound.

use std::collections::HashSet;

use rand::Rng;

use crate::generate::{below, Distances, Population};
use crate::grid::{neighbour, Grid, GridError};
use crate::moves::Move;
use crate::small::{SmallTable, MAX_CELLS as SMALL_CELLS};
use crate::solvability::solvable;

/// Boards up to this many cells are remembered so that none comes twice.
const REMEMBERED_CELLS: usize = 16;

/// The most boards one run of random walks draws.
pub const MAX_WALKS: u64 = 1_000_000;

/// A draw that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizedGenError {
    /// Distances need a table of every arrangement, which only boards of
    /// up to nine cells have.
    #[error(
        "--distance needs a table of every arrangement, which exists only for boards of at most \
         nine cells; a {rows}x{columns} board has {}",
        rows * columns
    )]
    NoTable {
        /// Rows.
        rows: usize,
        /// Columns.
        columns: usize,
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
        /// The goal, as its tiles.
        goal: String,
    },
    /// The population has fewer members than boards were asked for.
    #[error("asked for {asked} puzzles {what}, but there are only {available}")]
    TooMany {
        /// Boards asked for.
        asked: u64,
        /// Members of the population.
        available: u64,
        /// The population: `that can reach 1 2 3 x`.
        what: String,
    },
    /// More random walks than one run draws.
    #[error("asked for {asked} puzzles, but one run draws at most {MAX_WALKS} by random walks")]
    TooManyWalks {
        /// Boards asked for.
        asked: u64,
    },
    /// The goal's shape is not a board.
    #[error(transparent)]
    Grid(#[from] GridError),
}

/// How the boards are drawn.
enum Source {
    /// Up to nine cells: the population's ranks, the first `drawn` used.
    Listed {
        table: Box<SmallTable>,
        ranks: Vec<u32>,
        drawn: usize,
    },
    /// Shuffles of every tile, kept to one half.
    Shuffled { solvable: bool },
    /// Random walks of this many moves from the goal.
    Walks { moves: u32 },
}

/// Boards of the goal's shape drawn at random; an iterator of exactly the
/// number asked for.
///
/// # Example
/// ```
/// use eight::{generate::Population, grid::Grid, shape::Shape, sized::generate::SizedDraw};
/// use eight::solvability::solvable;
/// use rand::SeedableRng;
/// let goal = Grid::solved(Shape { rows: 5, columns: 7 }).unwrap();
/// let rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// for board in SizedDraw::new(&goal, Population::Unsolvable, 3, rng).unwrap() {
///     assert_eq!(solvable(&board, &goal), Ok(false));
/// }
/// ```
pub struct SizedDraw<R> {
    goal: Grid,
    source: Source,
    left: u64,
    rng: R,
    /// The boards drawn so far, on boards small enough to repeat.
    seen: HashSet<Vec<u32>>,
}

impl<R: Rng> SizedDraw<R> {
    /// Prepares to draw `count` boards of `goal`'s shape from `population`,
    /// measured to `goal`. Fails, before drawing, for a distance on a board
    /// of more than nine cells, a distance beyond the farthest, or more
    /// boards than the population holds.
    pub fn new(
        goal: &Grid,
        population: Population,
        count: u64,
        rng: R,
    ) -> Result<SizedDraw<R>, SizedGenError> {
        let shape = goal.shape();
        let what = || population.describe(&goal.spelled(" "));
        let source = if shape.cells() <= SMALL_CELLS {
            let table = SmallTable::build(goal)?;
            if let Population::Distance(Distances { max, .. }) = population {
                if max as usize > table.max_distance() {
                    return Err(SizedGenError::BeyondMax {
                        distance: max,
                        max: table.max_distance(),
                        goal: goal.spelled(" "),
                    });
                }
            }
            let ranks = table.ranks_where(|distance| match population {
                Population::Solvable => distance.is_some(),
                Population::Unsolvable => distance.is_none(),
                Population::Distance(Distances { min, max }) => {
                    distance.is_some_and(|d| (min..=max).contains(&u32::from(d)))
                }
            });
            if count > ranks.len() as u64 {
                return Err(SizedGenError::TooMany {
                    asked: count,
                    available: ranks.len() as u64,
                    what: what(),
                });
            }
            Source::Listed {
                table: Box::new(table),
                ranks,
                drawn: 0,
            }
        } else {
            let solvable = match population {
                Population::Solvable => true,
                Population::Unsolvable => false,
                Population::Distance(_) => {
                    return Err(SizedGenError::NoTable {
                        rows: shape.rows,
                        columns: shape.columns,
                    })
                }
            };
            if shape.cells() <= REMEMBERED_CELLS {
                let half = (1..=shape.cells() as u64).product::<u64>() / 2;
                if count > half {
                    return Err(SizedGenError::TooMany {
                        asked: count,
                        available: half,
                        what: what(),
                    });
                }
            }
            Source::Shuffled { solvable }
        };
        Ok(SizedDraw {
            goal: goal.clone(),
            source,
            left: count,
            rng,
            seen: HashSet::new(),
        })
    }

    /// Prepares to draw `count` boards, each a random walk of `moves` moves
    /// from `goal` that never undoes the move before, so each is solved in
    /// at most `moves` moves. Repeats are drawn again up to 16 cells.
    pub fn walks(
        goal: &Grid,
        moves: u32,
        count: u64,
        rng: R,
    ) -> Result<SizedDraw<R>, SizedGenError> {
        if count > MAX_WALKS {
            return Err(SizedGenError::TooManyWalks { asked: count });
        }
        Ok(SizedDraw {
            goal: goal.clone(),
            source: Source::Walks { moves },
            left: count,
            rng,
            seen: HashSet::new(),
        })
    }

    /// One board from the source, not yet checked for a repeat.
    fn draw(&mut self) -> Option<Grid> {
        let SizedDraw {
            goal, source, rng, ..
        } = self;
        match source {
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
                table.arrangement(ranks[*drawn - 1])
            }
            Source::Shuffled { solvable: wanted } => {
                let mut tiles = goal.tiles().to_vec();
                for last in (1..tiles.len()).rev() {
                    tiles.swap(last, below(rng, last + 1));
                }
                let board = Grid::new(goal.shape(), tiles).ok()?;
                if solvable(&board, goal).ok()? == *wanted {
                    return Some(board);
                }
                // The two first cells that do not hold the blank.
                let mut tiles = board.tiles().to_vec();
                let blank = board.blank();
                let (a, b) = match blank {
                    0 => (1, 2),
                    1 => (0, 2),
                    _ => (0, 1),
                };
                tiles.swap(a, b);
                Grid::new(goal.shape(), tiles).ok()
            }
            Source::Walks { moves } => {
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
                Some(board)
            }
        }
    }
}

impl<R: Rng> Iterator for SizedDraw<R> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if self.left == 0 {
            return None;
        }
        let remember = self.goal.tiles().len() <= REMEMBERED_CELLS
            && !matches!(self.source, Source::Listed { .. });
        loop {
            let board = self.draw()?;
            if remember && !self.seen.insert(board.tiles().to_vec()) {
                continue;
            }
            self.left -= 1;
            return Some(board);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn goal(rows: usize, columns: usize) -> Grid {
        Grid::solved(Shape { rows, columns }).unwrap()
    }

    fn draw(goal: &Grid, population: Population, count: u64) -> Result<Vec<Grid>, String> {
        let rng = ChaCha8Rng::seed_from_u64(9);
        SizedDraw::new(goal, population, count, rng)
            .map(Iterator::collect)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_whole_population_is_drawn_once_each() {
        let two = goal(2, 2);
        let mut all = draw(&two, Population::Solvable, 12).unwrap();
        all.sort_by(|a, b| a.tiles().cmp(b.tiles()));
        all.dedup();
        assert_eq!(all.len(), 12);
        assert!(all.iter().all(|b| solvable(b, &two) == Ok(true)));
        assert_eq!(
            draw(&two, Population::Unsolvable, 13).unwrap_err(),
            "asked for 13 puzzles that cannot reach 1 2 3 x, but there are only 12"
        );
    }

    #[test]
    fn distances_are_exact_where_a_table_exists_and_refused_elsewhere() {
        let six = goal(2, 3);
        let table = SmallTable::build(&six).unwrap();
        let range = Population::Distance(Distances { min: 20, max: 21 });
        // All seven arrangements at 20 or 21 moves, the farthest of 2x3.
        for board in draw(&six, range, 7).unwrap() {
            assert!(matches!(table.distance(&board), Ok(Some(20 | 21))));
        }
        let beyond = Population::Distance(Distances { min: 22, max: 22 });
        assert_eq!(
            draw(&six, beyond, 1).unwrap_err(),
            "distance 22 is beyond the maximum: no arrangement is more than 21 moves from 1 2 3 4 5 x"
        );
        assert_eq!(
            draw(&goal(3, 4), range, 1).unwrap_err(),
            "--distance needs a table of every arrangement, which exists only for boards of at \
             most nine cells; a 3x4 board has 12"
        );
    }

    #[test]
    fn shuffles_keep_to_their_half_and_walks_to_their_reach() {
        for (rows, columns) in [(3, 4), (4, 4), (5, 5), (2, 9)] {
            let goal = goal(rows, columns);
            for (population, want) in [
                (Population::Solvable, true),
                (Population::Unsolvable, false),
            ] {
                for board in draw(&goal, population, 20).unwrap() {
                    assert_eq!(solvable(&board, &goal), Ok(want));
                }
            }
        }
        let four = goal(4, 4);
        let rng = ChaCha8Rng::seed_from_u64(2);
        for board in SizedDraw::walks(&four, 6, 50, rng).unwrap() {
            let lower = crate::constructive::manhattan(&board, &four).unwrap();
            assert!(lower <= 6, "{board:?}");
        }
    }
}
