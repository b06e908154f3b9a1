//! HDU 3567 "Eight II" answers: a `Case k: n` line, then the moves on a line
//! of their own (`Case k: unsolvable` and no moves line for a case without
//! a solution, as `eight --judge hdu3567` writes it).
//!
//! HDU 3567 takes one answer only: of all shortest solutions, the one that
//! comes first in ASCII order. So the moves are first played out like any
//! answer, which names a wrong move precisely, and a right shortest solution
//! is then compared with that first one, which the rejection shows.

use crate::format::Moves;
use crate::moves::{letters, Move};
use crate::read::digits;
use crate::verify::count::{judge_length, Claim};
use crate::verify::moves::play;
use crate::verify::{malformed, shown, Accepted, Puzzle, Rejection, Verdict};

/// HDU 3567's case line, read but not yet checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseLine<'a> {
    /// `Case k: n` or `Case k: unsolvable`.
    Claim {
        /// The case number `k` as written.
        number: &'a [u8],
        /// What the line says of the case's length: its digits, or
        /// unsolvable.
        length: Claim<'a>,
    },
    /// A line of any other shape, without its trailing whitespace.
    Other(&'a [u8]),
}

impl<'a> CaseLine<'a> {
    /// Reads a case line given without its line break. Trailing whitespace
    /// is not part of it; the rest must read exactly `Case k: n` or `Case k:
    /// unsolvable`, with `k` and `n` decimal digits.
    pub fn parse(line: &'a [u8]) -> CaseLine<'a> {
        let text = line.trim_ascii_end();
        let claim = || {
            let rest = text.strip_prefix(b"Case ")?;
            let colon = rest.iter().position(|&byte| byte == b':')?;
            let number = digits(&rest[..colon])?;
            let length = match rest[colon + 1..].strip_prefix(b" ")? {
                b"unsolvable" => Claim::Unsolvable,
                written => Claim::Length(digits(written)?),
            };
            Some(CaseLine::Claim { number, length })
        };
        claim().unwrap_or(CaseLine::Other(text))
    }

    /// Whether a moves line belongs under this line: it gives a length.
    pub fn has_moves_line(&self) -> bool {
        matches!(
            self,
            CaseLine::Claim {
                length: Claim::Length(_),
                ..
            }
        )
    }
}

/// Judges the answer to case `case` (from 1): its case `line` (without
/// its line break), and the `moves` line under it if there is one. `first`
/// is the shortest solution of `puzzle` that comes first in ASCII order,
/// `None` when there is no solution.
pub(crate) fn judge_case(
    case: u64,
    line: &[u8],
    moves: Option<&[u8]>,
    puzzle: Puzzle<'_>,
    first: Option<&[Move]>,
) -> Verdict {
    let line = CaseLine::parse(line);
    let (number, length) = match line {
        CaseLine::Other(text) => return malformed(format!("\"Case {case}: n\""), text),
        CaseLine::Claim { number, length } => (number, length),
    };
    if number != case.to_string().as_bytes() {
        return Verdict::Rejected(Rejection::WrongCase {
            case,
            found: shown(number),
        });
    }
    let verdict = judge_length(length, first.map(<[Move]>::len));
    let Some(first) = first.filter(|_| verdict.is_accepted() && line.has_moves_line()) else {
        return verdict;
    };
    let Some(moves) = moves.map(<[u8]>::trim_ascii_end) else {
        return Verdict::Rejected(Rejection::NoMovesLine);
    };
    let shortest = first.len();
    let expected = letters(first);
    Verdict::Rejected(match play(puzzle, moves, Moves::PLAIN) {
        Ok(length) if length > shortest => Rejection::TooLong { length, shortest },
        Ok(_) if moves != expected.as_bytes() => Rejection::NotFirst { expected },
        Ok(length) => {
            let shortest = Some(shortest);
            return Verdict::Accepted(Accepted::Solution { length, shortest });
        }
        Err(rejection) => rejection,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_lines_are_read_exactly() {
        let claim = |number, length| CaseLine::Claim { number, length };
        let moves = |number, length| claim(number, Claim::Length(length));
        let cases: &[(&[u8], CaseLine)] = &[
            (b"Case 1: 2", moves(b"1", b"2")),
            (b"Case 12: 0 \r", moves(b"12", b"0")),
            (b"Case 2: 8\r", moves(b"2", b"8")),
            (b"Case 01: 02", moves(b"01", b"02")),
            (b"Case 3: unsolvable", claim(b"3", Claim::Unsolvable)),
            (b"Case 1:2", CaseLine::Other(b"Case 1:2")),
            (b"Case 1:  2", CaseLine::Other(b"Case 1:  2")),
            (b" Case 1: 2", CaseLine::Other(b" Case 1: 2")),
            (b"Case : 2", CaseLine::Other(b"Case : 2")),
            (b"Case 1: -1", CaseLine::Other(b"Case 1: -1")),
            (b"Case 1: invalid", CaseLine::Other(b"Case 1: invalid")),
            (b"Case 1", CaseLine::Other(b"Case 1")),
            (b"case 2: 8", CaseLine::Other(b"case 2: 8")),
            (b"dd\r", CaseLine::Other(b"dd")),
            (b"", CaseLine::Other(b"")),
        ];
        for (line, want) in cases {
            assert_eq!(CaseLine::parse(line), *want, "{line:?}");
        }
        assert!(CaseLine::parse(b"Case 2: 8\r").has_moves_line());
        assert!(!CaseLine::parse(b"Case 3: unsolvable").has_moves_line());
        assert!(!CaseLine::parse(b"Case 3: 2 moves").has_moves_line());
    }

    /// HDU 3567's first sample: two moves down, and only `dd` does it.
    const SAMPLE: &str = "12x453786";
    /// A puzzle six moves from the goal, by `druldr` or by `rdlurd`.
    const TWO_WAYS: &str = "1234x8765";
    const GOAL: &str = "12345678x";

    /// Puzzle, case line, moves line, verdict; judged as case 2.
    type Case = (
        &'static str,
        &'static [u8],
        Option<&'static [u8]>,
        &'static str,
    );

    /// What tests/cli/verify_judge.rs does not pin: its HDU 3567 tests take
    /// the sample's and every other verdict through the binary.
    #[test]
    fn every_case_verdict_and_its_wording() {
        use Move::{Down, Left, Right, Up};
        let cases: &[Case] = &[
            (
                TWO_WAYS,
                b"Case 2: 6\r",
                Some(b"druldr\r"),
                "accepted: 6 moves, shortest",
            ),
            // A puzzle at its goal is answered by an empty moves line.
            (GOAL, b"Case 2: 0", Some(b""), "accepted: 0 moves, shortest"),
            (
                SAMPLE,
                b"Case 02: 2",
                Some(b"dd"),
                "rejected: the case line says Case 02, but this is case 2",
            ),
            (
                SAMPLE,
                b"",
                None,
                "rejected: expected \"Case 2: n\", found an empty line",
            ),
            (
                SAMPLE,
                b"Case 2: 2",
                Some(b"unsolvable"),
                "rejected: move 1 'u' leaves the board",
            ),
        ];
        for &(start, line, moves, want) in cases {
            let first: Option<&[Move]> = match start {
                SAMPLE => Some(&[Down, Down]),
                TWO_WAYS => Some(&[Down, Right, Up, Left, Down, Right]),
                _ => Some(&[]),
            };
            let (start, goal) = (start.parse().unwrap(), GOAL.parse().unwrap());
            let puzzle = Puzzle::new(&start, &goal, true);
            let verdict = judge_case(2, line, moves, puzzle, first);
            assert_eq!(verdict.to_string(), want, "{line:?} {moves:?}");
            assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
        }
    }
}
