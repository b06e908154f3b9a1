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
use crate::parity;
use crate::read::describe_character;
use crate::solvability::solvable;
use crate::verify::{Accepted, Rejection, Verdict};

/// A board an answer's moves are played out on.
pub(crate) trait Play: Clone + PartialEq {
    /// Moves the blank by `step`; `false`, and no change, when that would
    /// take it off the board.
    fn step(&mut self, step: Move) -> bool;

    /// Why moves that end on this board, not on `goal`, are wrong.
    fn misses(self, goal: &Self) -> Rejection;

    /// Whether `goal` can be reached from this board, by parity.
    fn reachable(&self, goal: &Self) -> bool;
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

    fn reachable(&self, goal: &Board) -> bool {
        parity::solvable(self, goal)
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

    fn reachable(&self, goal: &Grid) -> bool {
        // Both boards come from one reader in one shape: this cannot fail.
        solvable(self, goal).unwrap_or(false)
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
/// solved towards `goal`; trailing whitespace, such as the CR of a CRLF
/// line end, is not part of it, anything else is. `reachable` says whether the goal can be reached
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
    let moves = line.trim_ascii_end();
    match (moves == words.unsolvable.as_bytes(), reachable) {
        (true, false) => return Ok(Verdict::Accepted(Accepted::Unsolvable)),
        (true, true) => {
            return Ok(match (shortest()?, words.most) {
                (Some(shortest), Some(most)) if shortest > most => {
                    Verdict::Accepted(Accepted::BeyondLimit { shortest, most })
                }
                (shortest, _) => Verdict::Rejected(Rejection::Solvable { shortest }),
            })
        }
        (false, false) => {
            let words = words.unsolvable;
            return Ok(Verdict::Rejected(Rejection::Unsolvable { words }));
        }
        (false, true) => {}
    }
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

    /// What tests/cli/verify.rs does not pin: it judges a shortest and a
    /// longer answer (with and without `--optimal`), a true `unsolvable`, a
    /// letter that is no move, a move off the board, moves that end
    /// elsewhere, `unsolvable` for a solvable puzzle and moves for an
    /// unsolvable one through the binary. Puzzle, answer, verdict, judged
    /// without and then with `optimal`.
    const EITHER_WAY: &[(&str, &[u8], &str)] = &[
        // Trailing whitespace is no part of an answer; leading is.
        (NEAR, b"d  \r", "accepted: 1 move, shortest"),
        (GOAL, b"", "accepted: 0 moves, shortest"),
        (GOAL, b"  ", "accepted: 0 moves, shortest"),
        (UNSOLVABLE, b"unsolvable \t\r", "accepted: unsolvable"),
        (
            NEAR,
            b" unsolvable",
            "rejected: character 1 ' ' is not a move (d, l, r or u)",
        ),
        (
            NEAR,
            b"Unsolvable",
            "rejected: character 1 'U' is not a move (d, l, r or u)",
        ),
        (
            NEAR,
            b"d\xff",
            "rejected: character 2 byte 0xff is not a move (d, l, r or u)",
        ),
        (
            NEAR,
            b"",
            "rejected: the moves end at 12345x786, not at the goal 12345678x",
        ),
    ];

    #[test]
    fn every_verdict_kind_and_its_wording() {
        for only_shortest in [false, true] {
            for &(start, line, want) in EITHER_WAY {
                let known = shortest(start);
                let verdict = judge_moves(
                    &parse_board(start).unwrap(),
                    &Board::GOAL,
                    line,
                    Moves::PLAIN,
                    only_shortest,
                    known.is_some(),
                    || Ok::<_, ()>(known),
                )
                .unwrap();
                assert_eq!(verdict.to_string(), want, "{start} {line:?}");
                assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
            }
        }
    }
}
