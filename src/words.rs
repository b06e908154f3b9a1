//! Counts in words, `1 move` and `19 moves`, as answers and messages
//! write them: below the readers, which name counts in their messages, and
//! the writers, which name them in answers. The binary's messages count
//! with it too, so [`counted`] is public.

use std::fmt;

/// `1 move`, `19 moves`: `count` of `noun`.
///
/// # Example
/// ```
/// assert_eq!(eight::counted(1u64, "move"), "1 move");
/// assert_eq!(eight::counted(19u64, "move"), "19 moves");
/// ```
pub fn counted<N: fmt::Display + PartialEq + From<u8>>(count: N, noun: &str) -> String {
    let plural = if count == N::from(1) { "" } else { "s" };
    format!("{count} {noun}{plural}")
}
