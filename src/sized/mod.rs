//! Boards of any shape other than 3×3 (`--size`): the special judge for
//! any size ([`judge`]), test boards drawn at random ([`generate`]), IDA*
//! with Manhattan distance for any shape ([`manhattan`]) and the heuristics
//! side by side ([`compare`]).
//!
//! They are read by [`crate::read`] and answered by [`crate::batch`] and
//! [`crate::format`], as the 3×3 board is; these modules work on
//! [`crate::grid::Grid`] and the any-size pieces.

pub mod compare;
pub mod generate;
pub mod judge;
pub mod manhattan;
