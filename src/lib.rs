//! `eight` solves sliding puzzles as the judge problems state them: POJ 1077
//! "Eight" above all, shortest move strings from any arrangement to a goal,
//! or `unsolvable`, and boards of every other size.
//!
//! The engine is a library so that benches, tests and other programs can use
//! it; the `eight` binary only parses arguments and reports errors. Sixteen
//! public modules, in layers, each using only its own and those below it
//! (ARCHITECTURE.md draws them), and at the root the words they share:
//!
//! 1. **The tools**: [`batch`] (solving a stream of puzzles, every board and
//!    preset, on one thread or many), [`verify`] (the special judge),
//!    [`generate`] (test data), [`compare`] (engines and heuristics side by
//!    side), [`census`] (how many arrangements lie at each distance) and
//!    [`draw`] (all of these as SVG pictures).
//! 2. **Input and output**: [`read`] (where a puzzle ends, one layout rule
//!    for every board, and how a judge frames its cases),
//!    [`format`](mod@format) (how an answer is written and read back) and
//!    [`judge`] (the presets: one table, a row per problem).
//! 3. **The engines**: [`Solver3x3`] on 3×3 and [`Strategy`] on other shapes
//!    choose once per run; [`search`] holds the 3×3 searches and
//!    re-exports the [`search::Search`] trait every engine implements;
//!    [`small`] the exact tables up to nine cells; [`pdb`] the pattern databases up
//!    to 25 cells and their cache on disk; [`constructive`] a valid
//!    answer for any size.
//! 4. **The board model**: [`board`] (the 3×3 board), [`rank`] (its Cantor
//!    ranks into flat 9! arrays) and [`parity`], and for every shape [`Grid`], [`Shape`],
//!    [`Goal`], [`Move`] and [`solvable`].
//!
//! Below them all, [`MemoryError`]: a table or a search's array that does
//! not fit in memory is this error, carried up by each layer's own, never
//! an abort; and [`counted`], the words of every count in a message.
//!
//! # Entry points
//!
//! One 3×3 puzzle: a [`Solver3x3`] keeps its arrays between puzzles and gives
//! the first shortest answer in letter order.
//! ```
//! use eight::{board::Board, Engine, Goal, Solution, Solver3x3};
//! let start = eight::read::parse_board("2 3 4 1 5 x 7 6 8").unwrap();
//! let mut solver = Solver3x3::new(Engine::Auto);
//! let mut path = Vec::new();
//! assert_eq!(solver.solve(&start, &Goal::default(), &mut path), Ok(Solution::Solved));
//! assert_eq!(eight::letters(&path), "dlurullddrurdllurdr");
//! assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
//! ```
//!
//! A board of any other shape: a [`Strategy`] is chosen once for the
//! goal's shape (a table up to nine cells, pattern databases to 16, or 25
//! with [`Optimality::Fewest`], a constructive answer above) and hands
//! each move to a sink.
//! ```
//! use std::ops::ControlFlow;
//! use eight::{read::parse_grid, Grid, Optimality, Shape, Solution, Strategy};
//! let shape = Shape { rows: 2, columns: 3 };
//! let goal = Grid::solved(shape).unwrap();
//! let start = parse_grid("4 1 2 5 0 3", shape).unwrap();
//! let tables = Default::default();
//! let mut strategy = Strategy::with_options(&goal, Optimality::Default, tables).unwrap();
//! let (mut path, mut moves) = (Vec::new(), Vec::new());
//! let sink = |step| {
//!     moves.push(step);
//!     ControlFlow::Continue(())
//! };
//! assert_eq!(strategy.solve(&start, &goal, &mut path, sink), Ok(Solution::Solved));
//! assert_eq!(moves.len(), 5);
//! ```
//!
//! A stream of puzzles, read and answered as the binary does, here as
//! LeetCode 773's [`judge::Preset`] frames them: a [`batch::Batch`]
//! writes one answer per puzzle, in order.
//! ```
//! use eight::{batch::Batch, judge::Preset, Engine};
//! let leetcode = Preset::named("leetcode773").unwrap();
//! let mut batch = Batch::new(leetcode.options(Engine::Auto), Vec::new()).unwrap();
//! let input = "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n";
//! batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
//! assert_eq!(batch.into_inner(), b"1\n-1\n5\n");
//! ```
//!
//! Test data, solved and judged: [`generate::Draw`] draws boards uniformly
//! at a distance, and [`verify::stream::verify_all`] plays every answer
//! out, here also holding it to the fewest moves.
//! ```
//! use rand::SeedableRng;
//! use eight::batch::{Batch, Options};
//! use eight::generate::{Draw, Population};
//! use eight::verify::{stream::verify_all, Rules};
//! let rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let far = Population::Distance("20..22".parse().unwrap());
//! let draw = Draw::new(&eight::board::Board::GOAL, far, 3, rng).unwrap();
//! let puzzles: String = draw.map(|(start, _)| start.spelled(" ") + "\n").collect();
//! let mut batch = Batch::new(Options::default(), Vec::new()).unwrap();
//! batch.run(puzzles.as_bytes(), |_, _| {}, |_| {}).unwrap();
//! let answers = batch.into_inner();
//! let rules = Rules { optimal: true, ..Rules::default() };
//! let tally = verify_all(puzzles.as_bytes(), &answers[..], &rules, |_, _| Ok(()), |_| {});
//! assert_eq!(tally.unwrap().to_string(), "3 accepted, 0 rejected");
//! ```

pub mod batch;
pub mod board;
pub mod census;
pub mod compare;
pub mod constructive;
pub mod draw;
pub mod format;
pub mod generate;
pub mod judge;
pub mod parity;
pub mod pdb;
pub mod rank;
pub mod read;
pub mod search;
pub mod small;
pub mod verify;

mod cache;
mod clock;
mod contract;

mod cores;
mod enumerate;
mod goal;
mod grid;
mod memory;
mod moves;
mod parallel;
mod report;
mod shape;
mod solvability;
mod solver;
mod words;

pub use goal::Goal;
pub use grid::{Grid, GridError, BLANK};
pub use memory::MemoryError;
pub use moves::{letters, Move};
pub use shape::Shape;
pub use solvability::solvable;
pub use solver::{
    Engine, Optimality, Solution, Solver3x3, Strategy, StrategyKind, TABLE_BREAK_EVEN,
};
pub use words::counted;
