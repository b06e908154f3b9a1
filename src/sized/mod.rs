//! IDA* with Manhattan distance for boards of any shape ([`manhattan`]):
//! the yardstick that `eight compare --size` and the tests hold the exact
//! engines to. Boards of every shape are read by [`crate::read`], answered
//! by [`crate::batch`] and judged by [`crate::verify`], as the 3×3 board is.

pub mod manhattan;
