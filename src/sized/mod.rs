//! Boards of any shape other than 3×3 (`--size`): reading them ([`read`]),
//! the loop that writes the answers of the engine [`crate::solver::Strategy`]
//! chose ([`batch`]), the cases of the presets on other boards
//! ([`frame`]), those presets' answers and the special judge for any size
//! ([`judge`]), test boards drawn at random ([`generate`]), IDA* with
//! Manhattan distance for any shape ([`manhattan`]) and the heuristics side
//! by side ([`compare`]).
//!
//! The 3×3 board keeps its own reader, engines and writer
//! ([`crate::input`], [`crate::solver`], [`crate::format`]), built around
//! ranks of its 9! arrangements; these modules work on [`crate::grid::Grid`]
//! and the any-size pieces.

pub mod batch;
pub mod compare;
pub mod frame;
pub mod generate;
pub mod judge;
pub mod manhattan;
pub mod read;
