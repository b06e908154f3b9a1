//! Counts in words, `1 move` and `19 moves`, and the article before a
//! number, `a 4x4 board` and `an 8x8 board`, as answers and messages write
//! them: below the readers, which name counts in their messages, and the
//! writers, which name them in answers. The binary's messages count with
//! it too, so [`counted`] is public.

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

/// `a` or `an`, as the number `number` is read aloud after it: `an` before
/// eight, eleven and eighteen, the eighties and the eight hundreds, and
/// the thousands and millions of those (`an 8x8 board`, `an 11x4`, `an
/// 80x80`); `a` before every other number (`a 1x8`, `a 110x110`).
pub(crate) fn article(number: usize) -> &'static str {
    let digits = number.to_string();
    // The digits read before the first "thousand" or "million": 11 of
    // 11000, 110 of 110000.
    let leading = &digits[..(digits.len() - 1) % 3 + 1];
    if leading.starts_with('8') || leading == "11" || leading == "18" {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_goes_before_the_numbers_read_with_a_vowel_first() {
        let an = [
            8, 11, 18, 80, 89, 800, 899, 8_000, 11_000, 18_500, 80_000, 8_100_000,
        ];
        let a = [
            1, 2, 10, 12, 19, 110, 180, 1_000, 1_100, 1_800, 110_000, 180_000,
        ];
        for number in an {
            assert_eq!(article(number), "an", "{number}");
        }
        for number in a {
            assert_eq!(article(number), "a", "{number}");
        }
    }
}
