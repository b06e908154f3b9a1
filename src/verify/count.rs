//! Answers that are a number: Luogu P1379 and AcWing 845 print the length of
//! a shortest solution, or `-1` when there is none, and HDU 3567's case line
//! claims a length the same way.
//!
//! There is nothing to play out: the number is right or it is not, so a
//! count is judged exactly, and its rejection says what the right number
//! is. Numbers are compared as written, as a judge compares its output: `04`
//! is not `4`.

use crate::read::digits;
use crate::verify::{malformed, shown, Accepted, Rejection, Verdict};

/// A length an answer claims, before it is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim<'a> {
    /// There is no solution.
    Unsolvable,
    /// The length's digits as written.
    Length(&'a [u8]),
}

/// Judges a claimed length against `shortest`, the length of a shortest
/// solution (`None` when there is none).
pub fn judge_length(claim: Claim<'_>, shortest: Option<usize>) -> Verdict {
    match (claim, shortest) {
        (Claim::Unsolvable, None) => Verdict::Accepted(Accepted::Unsolvable),
        (Claim::Unsolvable, shortest) => Verdict::Rejected(Rejection::Solvable { shortest }),
        (Claim::Length(claimed), Some(length)) if claimed == length.to_string().as_bytes() => {
            Verdict::Accepted(Accepted::Solution {
                length,
                shortest: Some(length),
            })
        }
        (Claim::Length(claimed), shortest) => Verdict::Rejected(Rejection::WrongCount {
            claimed: shown(claimed),
            shortest,
        }),
    }
}

/// Judges one line of Luogu P1379's or AcWing 845's output (without its
/// line break): the number of moves, or `-1`. Whitespace around the number
/// is not part of it.
pub fn judge_count(line: &[u8], shortest: Option<usize>) -> Verdict {
    let text = line.trim_ascii();
    let claim = match text {
        b"-1" => Some(Claim::Unsolvable),
        _ => digits(text).map(Claim::Length),
    };
    match claim {
        Some(claim) => judge_length(claim, shortest),
        None => malformed("a number of moves or -1".to_string(), text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::QUOTED;

    /// The rejection of a line that is not a number of moves or `-1`.
    const MALFORMED: &str = "rejected: expected a number of moves or -1, found";

    /// What tests/cli/verify_judge.rs does not pin: it judges right counts
    /// and `-1`s, a wrong count, `-1` for a solvable puzzle, a word, an
    /// empty line and a count for an unsolvable puzzle through the binary.
    #[test]
    fn every_count_verdict_and_its_wording() {
        let cases: &[(&[u8], Option<usize>, &str)] = &[
            (b"4\r", Some(4), "accepted: 4 moves, shortest"),
            (b" 0 \r", Some(0), "accepted: 0 moves, shortest"),
            (b"1", Some(1), "accepted: 1 move, shortest"),
            (b"04", Some(4), "rejected: 04, but the shortest is 4"),
        ];
        let malformed: &[(&[u8], Option<usize>, &str)] = &[
            (b"+4", Some(4), "'+4'"),
            (b"-2", None, "'-2'"),
            (b"4 4", Some(4), "'4 4'"),
            (b"\xff", Some(4), "'\u{fffd}'"),
            (b" \t", Some(4), "an empty line"),
        ];
        let judged = |line: &[u8], shortest, want: &str| {
            let verdict = judge_count(line, shortest);
            assert_eq!(verdict.to_string(), want, "{line:?}");
            assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
        };
        for &(line, shortest, want) in cases {
            judged(line, shortest, want);
        }
        for &(line, shortest, found) in malformed {
            judged(line, shortest, &format!("{MALFORMED} {found}"));
        }
    }

    #[test]
    fn a_long_number_is_cut_short_in_its_message() {
        let (nines, exes) = ("9".repeat(QUOTED), "x".repeat(QUOTED));
        for (digit, want) in [
            ("9", format!("rejected: {nines}…, but the shortest is 4")),
            ("x", format!("{MALFORMED} '{exes}'…")),
        ] {
            let verdict = judge_count(digit.repeat(1000).as_bytes(), Some(4));
            assert_eq!(verdict.to_string(), want);
        }
    }
}
