//! Boards of any shape other than 3×3 (`--size`): the loop that writes the
//! answers of the engine [`crate::solver::Strategy`] chose ([`batch`]), the
//! presets' answers ([`judge`]; their special judge is [`crate::verify`]'s)
//! and IDA* with Manhattan distance for any shape ([`manhattan`]).
//!
//! They are read by [`crate::read`], as the 3×3 board is. The 3×3 board
//! keeps its own engines and writer ([`crate::solver`], [`crate::format`]), built around
//! ranks of its 9! arrangements; these modules work on [`crate::grid::Grid`]
//! and the any-size pieces.

pub mod batch;
pub mod judge;
pub mod manhattan;
