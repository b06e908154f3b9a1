//! `eight` solves sliding puzzles as the judge problems state them: POJ 1077
//! "Eight" above all, shortest move strings from any arrangement to a goal,
//! or `unsolvable`, and boards of every other size.
//!
//! The engine is a library so that benches, tests and other programs can use
//! it; the `eight` binary only parses arguments and reports errors. Twelve
//! public modules, in layers, each using only those below it
//! (ARCHITECTURE.md draws them), and at the root the words they share:
//!
//! 1. **The tools**: [`batch`] (solving a stream of puzzles, every board and
//!    preset, on one thread or many), [`verify`] (the special judge),
//!    [`generate`] (test data), [`compare`] (engines and heuristics side by
//!    side) and [`census`] (how many arrangements lie at each distance).
//! 2. **Input and output**: [`read`] (where a puzzle ends, one layout rule
//!    for every board, and how a judge frames its cases),
//!    [`format`](mod@format) (how an answer is written and read back) and
//!    [`judge`] (the presets: one table, a row per problem).
//! 3. **The engines**: [`Solver`] on 3×3 and [`Strategy`] on other shapes
//!    choose once per run; [`search`] holds the [`search::Search`] trait
//!    every engine implements, the 3×3 searches and the exact tables up to
//!    nine cells ([`search::SmallTable`]); [`pdb`] the pattern databases up
//!    to 25 cells and their cache on disk; [`constructive`] a valid
//!    answer for any size.
//! 4. **The board model**: [`board`] (the 3×3 board, ranked into flat 9!
//!    arrays, and its parity), and for every shape [`Grid`], [`Shape`],
//!    [`Goal`], [`Move`] and [`solvable`].
//!
//! # Example
//! ```
//! use eight::{board::Board, Engine, Goal, Solution, Solver};
//! let start = eight::read::parse_board("2 3 4 1 5 x 7 6 8").unwrap();
//! let mut solver = Solver::new(Engine::Auto);
//! let mut path = Vec::new();
//! assert_eq!(solver.solve(&start, &Goal::default(), &mut path), Solution::Solved);
//! assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
//! ```

pub mod batch;
pub mod board;
pub mod census;
pub mod compare;
pub mod constructive;
pub mod format;
pub mod generate;
pub mod judge;
pub mod pdb;
pub mod read;
pub mod search;
pub mod verify;

mod cache;

mod enumerate;
mod goal;
mod grid;
mod moves;
mod parallel;
mod parity;
mod rank;
mod report;
mod shape;
mod small;
mod solvability;
mod solver;

pub use goal::Goal;
pub use grid::{Grid, GridError, BLANK};
pub use moves::{letters, Move};
pub use shape::Shape;
pub use solvability::solvable;
pub use solver::{Engine, Optimality, Solution, Solver, Strategy, StrategyKind, TABLE_BREAK_EVEN};
