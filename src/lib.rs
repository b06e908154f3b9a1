//! `eight` solves the 8-puzzle as POJ 1077 "Eight" states it: shortest move
//! strings from any arrangement to a goal, or `unsolvable`.
//!
//! The engine is a library so that benches, tests and other programs can use
//! it; the `eight` binary only parses arguments and reports errors.
//!
//! - The 3×3 board and its engines: [`board`], [`moves`], [`rank`],
//!   [`parity`], [`goal`], [`search`] (every engine, registered in
//!   [`search::Engine`]) and [`solver`], which picks one.
//! - Reading and answering: [`read`] (where a puzzle ends, and how a judge
//!   lays its cases out, on any board), [`format`](mod@format) (how answers are written),
//!   [`judge`] (each preset's facts) and [`batch`], the loop between them.
//! - The tools around the solver: [`verify`] (a special judge), [`generate`]
//!   (uniform draws by distance), [`census`] (the state space's counts, on
//!   any board of up to twelve cells, by [`enumerate`]) and
//!   [`compare`] (the engines side by side).
//! - Boards of other sizes: [`shape`],
//!   [`grid`], [`solvability`] (any board, any goal), [`small`] (exact
//!   answers up to nine cells), [`constructive`] (a valid answer for any
//!   board) and [`pdb`] (optimal answers for boards of 6 to 16 cells, the
//!   15-puzzle above all, by pattern databases kept on disk by [`cache`]);
//!   [`sized`] answers, judges and draws them behind `eight --size`
//!   and the presets on other boards.
//! - [`parallel`]: a batch spread over a thread pool, answered in input
//!   order.
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
pub mod sized;
pub mod small;
pub mod solvability;
pub mod solver;
pub mod verify;
