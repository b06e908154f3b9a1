//! Pictures as SVG documents: a solution's boards (`board`), and the
//! charts of the state space and of the searches (`chart`), the figures
//! people who teach and write about sliding puzzles draw by hand.
//!
//! Each picture is made from plain data (a board and its moves, counts per
//! distance) into a `String`, so that the binary only chooses where the
//! bytes go and other front ends can reuse them. The same data always
//! gives the same bytes: no timestamps, no random ids.

pub mod board;
pub mod chart;
