//! Answers that are moves, on any board: POJ 1077's and UVa 652's
//! `ullddr…` or `unsolvable`, POJ 3240's and UVa 10181's `LURD…` or their
//! own words for no solution, `verify --size`'s on a board of any shape.
//!
//! The letters and the words for no solution come from the answers'
//! [`Moves`]. The moves are played out on the puzzle's [`Grid`], which
//! names the first wrong one precisely, and a line that reaches the goal is
//! held to the problem's limit and, where it is known, to the shortest
//! length, asked for only then.

use crate::format::Moves;
use crate::grid::{Grid, BLANK};
use crate::moves::Move;
use crate::read::describe_character;
use crate::verify::{Accepted, Puzzle, Rejection, Verdict};

/// Why moves that end on `reached`, not on `goal`, are wrong. A run on the
/// 3×3 board (`eight`) shows both boards; any other board may hold a
/// million tiles, so the rejection counts those out of place.
fn misses(reached: &Grid, goal: &Grid, eight: bool) -> Rejection {
    if let (true, Some(reached), Some(goal)) = (eight, reached.board(), goal.board()) {
        return Rejection::WrongEnd { reached, goal };
    }
    let misplaced = reached
        .tiles()
        .iter()
        .zip(goal.tiles())
        .filter(|&(&have, &want)| have != want && have != BLANK)
        .count();
    Rejection::MissesGoal { misplaced }
}

/// Plays `moves`, in the letters of `words`, from the puzzle's start: their
/// number when they end on its goal, else why they are wrong.
pub(crate) fn play(puzzle: Puzzle<'_>, moves: &[u8], words: Moves) -> Result<usize, Rejection> {
    let mut board = puzzle.start.clone();
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
        if !board.apply(step) {
            let letter = char::from(byte);
            return Err(Rejection::LeavesBoard { position, letter });
        }
    }
    if board != *puzzle.goal {
        return Err(misses(&board, puzzle.goal, puzzle.eight));
    }
    Ok(moves.len())
}

/// Judges `line`, written as `words` says, as an answer to `puzzle`;
/// trailing whitespace, such as the CR of a CRLF line end, is not part of
/// it, anything else is. `shortest` gives the length of a shortest solution
/// of a puzzle that can reach its goal, `None` when no exact engine knows
/// it, and is asked only when the verdict depends on it. With `optimal`,
/// only a shortest solution is accepted.
pub(crate) fn judge_moves<E>(
    puzzle: Puzzle<'_>,
    line: &[u8],
    words: Moves,
    optimal: bool,
    shortest: impl FnOnce() -> Result<Option<usize>, E>,
) -> Result<Verdict, E> {
    let moves = line.trim_ascii_end();
    match (moves == words.unsolvable.as_bytes(), puzzle.reachable) {
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
    let length = match play(puzzle, moves, words) {
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
                let (board, goal) = (start.parse().unwrap(), GOAL.parse().unwrap());
                let verdict = judge_moves(
                    Puzzle::new(&board, &goal, true),
                    line,
                    Moves::PLAIN,
                    only_shortest,
                    || Ok::<_, ()>(known),
                )
                .unwrap();
                assert_eq!(verdict.to_string(), want, "{start} {line:?}");
                assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
            }
        }
    }
}
