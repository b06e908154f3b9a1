//! The integration tests: one crate, so the binary under test and the
//! harness are compiled and linked once. Each module holds the tests of one
//! command or concern; `util` is the harness and `messages` pins every
//! message's wording in one place.

mod messages;
mod util;

mod algorithms;
mod build_tables;
mod charts;
mod compare;
mod compare_sized;
mod completions;
mod exhaustive;
mod exhaustive_sized;
mod faults;
mod fifteen;
mod formats;
mod gen;
mod gen_judge;
mod gnu_parallel;
mod judge;
mod layers;
mod memory;
mod pictures;
mod properties;
mod readme;
mod robustness;
mod sized;
mod sized_judge;
mod sized_stats;
mod sized_tools;
mod solve;
mod stats;
mod threads;
mod twenty_four;
mod usage;
mod verify;
mod verify_judge;
