//! `eight` solves sliding puzzles as the judge problems state them: POJ 1077
//! "Eight" above all, shortest move strings from any arrangement to a goal,
//! or `unsolvable`, and boards of every other size.
//!
//! The engine is a library so that benches, tests and other programs can use
//! it; the `eight` binary only parses arguments and reports errors. The
//! layers, each using only those below it (ARCHITECTURE.md draws them):
//!
//! 1. **The tools**: [`batch`] (solving a stream of puzzles, every board and
//!    preset, on one thread or many, over [`parallel`]), [`verify`] (the
//!    special judge), [`generate`] (test data), [`compare`] (engines and
//!    heuristics side by side) and [`census`] (the state space's counts, by
//!    [`enumerate`]).
//! 2. **Input and output**: [`read`] (where a puzzle ends, one layout rule
//!    for every board, and how a judge frames its cases),
//!    [`format`](mod@format) (how an answer is written and read back) and
//!    [`judge`] (the presets: one table, a row per problem).
//! 3. **The engines**: [`solver`] (the choice, once per run: [`solver::Solver`]
//!    on 3×3, [`solver::Strategy`] on other shapes), [`search`] (the
//!    [`search::Search`] trait every engine implements, and the 3×3
//!    searches), [`small`] (exact tables up to nine cells), [`pdb`] (pattern
//!    databases up to sixteen, kept on disk by [`cache`]) and
//!    [`constructive`] (a valid answer for any size).
//! 4. **The board model**: [`board`] (the 3×3 board, ranked into flat 9!
//!    arrays by [`rank`]), [`grid`] (a board of any [`shape`]), [`moves`],
//!    [`goal`], [`parity`] and [`solvability`].
//!
//! # Example
//! ```
//! use eight::{board::Board, goal::Goal, solver::{Engine, Solver, Solution}};
//! let start = eight::read::parse_board("2 3 4 1 5 x 7 6 8").unwrap();
//! let mut solver = Solver::new(Engine::Auto);
//! let mut path = Vec::new();
//! assert_eq!(solver.solve(&start, &Goal::default(), &mut path), Solution::Solved);
//! assert_eq!(start.apply_all(&path), Ok(Board::GOAL));
//! ```

pub mod batch;
pub mod board;
pub mod cache;
pub mod census;
pub mod compare;
pub mod constructive;
pub mod enumerate;
pub mod format;
pub mod generate;
pub mod goal;
pub mod grid;
pub mod judge;
pub mod moves;
pub mod parallel;
pub mod parity;
pub mod pdb;
pub mod rank;
pub mod read;
pub(crate) mod report;
pub mod search;
pub mod shape;
pub mod small;
pub mod solvability;
pub mod solver;
pub mod verify;
