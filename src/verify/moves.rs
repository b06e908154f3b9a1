//! Answers that are moves, on any board: POJ 1077's and UVa 652's
//! `ullddr…` or `unsolvable`, POJ 3240's and UVa 10181's `LURD…` or their
//! own words for no solution, `verify --size`'s on a board of any shape.
//!
//! The letters and the words for no solution come from the answers'
//! [`Moves`]. The moves are played out on the puzzle ([`Play`]: the 3×3
//! [`Board`] or a [`Grid`]), which names the first wrong one precisely, and
//! a line that reaches the goal is held to the problem's limit and, where
//! it is known, to the shortest length, asked for only then.

use crate::board::Board;
use crate::format::Moves;
use crate::grid::{Grid, BLANK};
use crate::moves::Move;
use crate::read::describe_character;
use crate::verify::{Accepted, Rejection, Verdict};

/// What an answer line says, before it is checked: here, and of a length
/// in [`count`](super::count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim<'a> {
    /// The line holds the words for no solution.
    Unsolvable,
    /// Anything else: move letters as far as the line is right, or a
    /// length's digits as written.
    Moves(&'a [u8]),
}

impl<'a> Claim<'a> {
    /// Reads an answer line given without its line break, `unsolvable`
    /// being the words for no solution. Trailing whitespace, such as the CR
    /// of a CRLF line end, is not part of the answer; anything else is.
    pub fn parse(line: &'a [u8], unsolvable: &str) -> Claim<'a> {
        match line.trim_ascii_end() {
            text if text == unsolvable.as_bytes() => Claim::Unsolvable,
            moves => Claim::Moves(moves),
        }
    }
}

/// A board an answer's moves are played out on.
pub(crate) trait Play: Clone + PartialEq {
    /// Moves the blank by `step`; `false`, and no change, when that would
    /// take it off the board.
    fn step(&mut self, step: Move) -> bool;

    /// Why moves that end on this board, not on `goal`, are wrong.
    fn misses(self, goal: &Self) -> Rejection;
}

impl Play for Board {
    fn step(&mut self, step: Move) -> bool {
        self.apply(step).map(|next| *self = next).is_some()
    }

    fn misses(self, goal: &Board) -> Rejection {
        Rejection::WrongEnd {
            reached: self,
            goal: *goal,
        }
    }
}

impl Play for Grid {
    fn step(&mut self, step: Move) -> bool {
        self.apply(step)
    }

    /// A grid may hold a million tiles: the rejection counts them.
    fn misses(self, goal: &Grid) -> Rejection {
        let misplaced = self
            .tiles()
            .iter()
            .zip(goal.tiles())
            .filter(|&(&have, &want)| have != want && have != BLANK)
            .count();
        Rejection::MissesGoal { misplaced }
    }
}

/// Plays `moves`, in the letters of `words`, from `start`: their number
/// when they end on `goal`, else why they are wrong.
pub(crate) fn play<B: Play>(
    start: &B,
    goal: &B,
    moves: &[u8],
    words: Moves,
) -> Result<usize, Rejection> {
    let mut board = start.clone();
    for (index, &byte) in moves.iter().enumerate() {
        let position = index + 1;
        let Some(step) = Move::ALL
            .into_iter()
            .find(|&step| words.letter(step) == byte)
        else {
            return Err(Rejection::NotAMove {
                position,
                character: describe_character(&moves[index..]),
                letters: if words.upper {
                    "D, L, R or U"
                } else {
                    "d, l, r or u"
                },
            });
        };
        if !board.step(step) {
            let letter = char::from(byte);
            return Err(Rejection::LeavesBoard { position, letter });
        }
    }
    if board != *goal {
        return Err(board.misses(goal));
    }
    Ok(moves.len())
}

/// Judges `line`, written as `words` says, as an answer to `start`,
/// solved towards `goal`. `reachable` says whether the goal can be reached
/// at all; `shortest` gives the length of a shortest solution of a
/// reachable start, `None` when no exact engine knows it, and is asked
/// only when the verdict depends on it. With `optimal`, only a shortest
/// solution is accepted.
pub(crate) fn judge_moves<B: Play, E>(
    start: &B,
    goal: &B,
    line: &[u8],
    words: Moves,
    optimal: bool,
    reachable: bool,
    shortest: impl FnOnce() -> Result<Option<usize>, E>,
) -> Result<Verdict, E> {
    let moves = match (Claim::parse(line, words.unsolvable), reachable) {
        (Claim::Unsolvable, false) => return Ok(Verdict::Accepted(Accepted::Unsolvable)),
        (Claim::Unsolvable, true) => {
            return Ok(match (shortest()?, words.most) {
                (Some(shortest), Some(most)) if shortest > most => {
                    Verdict::Accepted(Accepted::BeyondLimit { shortest, most })
                }
                (shortest, _) => Verdict::Rejected(Rejection::Solvable { shortest }),
            })
        }
        (Claim::Moves(_), false) => {
            let words = words.unsolvable;
            return Ok(Verdict::Rejected(Rejection::Unsolvable { words }));
        }
        (Claim::Moves(moves), true) => moves,
    };
    let length = match play(start, goal, moves, words) {
        Ok(length) => length,
        Err(rejection) => return Ok(Verdict::Rejected(rejection)),
    };
    if let Some(most) = words.most.filter(|&most| length > most) {
        return Ok(Verdict::Rejected(Rejection::OverLimit { length, most }));
    }
    Ok(match shortest()? {
        Some(shortest) if optimal && length > shortest => {
            Verdict::Rejected(Rejection::TooLong { length, shortest })
        }
        shortest => Verdict::Accepted(Accepted::Solution { length, shortest }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_board;

    fn board(text: &str) -> Board {
        parse_board(text).unwrap()
    }

    #[test]
    fn claims_ignore_trailing_whitespace_only() {
        let cases: &[(&[u8], Claim)] = &[
            (b"unsolvable", Claim::Unsolvable),
            (b"unsolvable \t\r", Claim::Unsolvable),
            (b" unsolvable", Claim::Moves(b" unsolvable")),
            (b"Unsolvable", Claim::Moves(b"Unsolvable")),
            (b"dr\r", Claim::Moves(b"dr")),
            (b"", Claim::Moves(b"")),
            (b"  ", Claim::Moves(b"")),
            (b"ullr  ", Claim::Moves(b"ullr")),
        ];
        for (line, want) in cases {
            assert_eq!(Claim::parse(line, "unsolvable"), *want, "{line:?}");
        }
    }

    /// The puzzles of the verdict table: the goal, one move from it (the
    /// blank must go down), and one that cannot reach it.
    const GOAL: &str = "12345678x";
    const NEAR: &str = "12345x786";
    const UNSOLVABLE: &str = "21345678x";

    fn shortest(start: &str) -> Option<usize> {
        match start {
            GOAL => Some(0),
            NEAR => Some(1),
            _ => None,
        }
    }

    /// Puzzle, answer, verdict, judged without and then with `optimal`.
    type Case = (&'static str, &'static [u8], &'static str);

    const EITHER_WAY: &[Case] = &[
        (NEAR, b"d", "accepted: 1 move, shortest"),
        (GOAL, b"", "accepted: 0 moves, shortest"),
        (UNSOLVABLE, b"unsolvable", "accepted: unsolvable"),
        (
            NEAR,
            b"dux",
            "rejected: character 3 'x' is not a move (d, l, r or u)",
        ),
        (
            NEAR,
            b"D",
            "rejected: character 1 'D' is not a move (d, l, r or u)",
        ),
        (
            NEAR,
            b"d\xff",
            "rejected: character 2 byte 0xff is not a move (d, l, r or u)",
        ),
        (NEAR, b"dd", "rejected: move 2 'd' leaves the board"),
        (
            NEAR,
            b"u",
            "rejected: the moves end at 12x453786, not at the goal 12345678x",
        ),
        (
            NEAR,
            b"",
            "rejected: the moves end at 12345x786, not at the goal 12345678x",
        ),
        (
            NEAR,
            b"unsolvable",
            "rejected: claimed unsolvable, but it is solved in 1 move",
        ),
        (
            UNSOLVABLE,
            b"",
            "rejected: the puzzle is unsolvable, but the answer is not \"unsolvable\"",
        ),
        (
            UNSOLVABLE,
            b"lu",
            "rejected: the puzzle is unsolvable, but the answer is not \"unsolvable\"",
        ),
    ];

    #[test]
    fn every_verdict_kind_and_its_wording() {
        let lenient: &[Case] = &[(NEAR, b"dudud", "accepted: 5 moves, shortest is 1")];
        let optimal: &[Case] = &[(NEAR, b"dudud", "rejected: 5 moves, but the shortest is 1")];
        for (only_shortest, cases) in [(false, lenient), (true, optimal)] {
            for &(start, line, want) in EITHER_WAY.iter().chain(cases) {
                let (known, words) = (shortest(start), Moves::PLAIN);
                let reachable = known.is_some();
                let puzzle = &board(start);
                let verdict = judge_moves(
                    puzzle,
                    &Board::GOAL,
                    line,
                    words,
                    only_shortest,
                    reachable,
                    || Ok::<_, ()>(known),
                )
                .unwrap();
                assert_eq!(verdict.to_string(), want, "{start} {line:?}");
                assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
            }
        }
    }
}
