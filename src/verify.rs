//! The special judge: checks one answer line against its puzzle.
//!
//! A puzzle usually has many shortest solutions, so an answer cannot be
//! compared with the solver's own line: it is played out on the board
//! instead, and its length compared with the true shortest one, which the
//! [`Solver`] supplies. [`stream`] pairs whole files of puzzles and answers.

pub mod stream;

use std::fmt;

use crate::board::Board;
use crate::goal::Goal;
use crate::input::describe_character;
use crate::moves::Move;
use crate::solver::{self, Engine, Solver};

/// What an answer line says, before it is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim<'a> {
    /// The line reads `unsolvable`.
    Unsolvable,
    /// Anything else: move letters, as far as the line is right.
    Moves(&'a [u8]),
}

impl<'a> Claim<'a> {
    /// Reads an answer line given without its line break. Trailing
    /// whitespace, such as the CR of a CRLF line end, is not part of the
    /// answer; anything else is.
    ///
    /// # Example
    /// ```
    /// use eight::verify::Claim;
    /// assert_eq!(Claim::parse(b"unsolvable\r"), Claim::Unsolvable);
    /// assert_eq!(Claim::parse(b"ullr  "), Claim::Moves(b"ullr"));
    /// ```
    pub fn parse(line: &'a [u8]) -> Claim<'a> {
        let end = line
            .iter()
            .rposition(|byte| !byte.is_ascii_whitespace())
            .map_or(0, |last| last + 1);
        match &line[..end] {
            b"unsolvable" => Claim::Unsolvable,
            moves => Claim::Moves(moves),
        }
    }
}

/// The judge's decision on one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer is right.
    Accepted(Accepted),
    /// The answer is wrong, for this reason.
    Rejected(Rejection),
}

/// A right answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// Moves that reach the goal; `length` may exceed `shortest` unless the
    /// judge asks for optimal answers.
    Solution {
        /// Moves in the answer.
        length: usize,
        /// Moves in a shortest solution.
        shortest: usize,
    },
    /// `unsolvable`, and so it is.
    Unsolvable,
}

/// Why an answer is wrong. Positions count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A character that is not one of the move letters `d l r u`.
    NotAMove {
        /// Where in the line it stands.
        position: usize,
        /// The character, quoted for a message (`'x'`, `byte 0xff`).
        character: String,
    },
    /// A move that would take the blank off the board.
    LeavesBoard {
        /// Which move of the answer it is.
        position: usize,
        /// The move.
        step: Move,
    },
    /// Every move is legal, but they end somewhere else than the goal.
    WrongEnd {
        /// Where the moves lead.
        reached: Board,
        /// Where they should have led.
        goal: Board,
    },
    /// `unsolvable` for a puzzle that has a solution.
    Solvable {
        /// Moves in a shortest solution.
        shortest: usize,
    },
    /// Moves (perhaps none) for a puzzle that has no solution.
    Unsolvable,
    /// A solution longer than the shortest, when only shortest ones count.
    TooLong {
        /// Moves in the answer.
        length: usize,
        /// Moves in a shortest solution.
        shortest: usize,
    },
}

impl Verdict {
    /// Whether the answer was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted(_))
    }
}

/// Judges `claim` as an answer to `start`, whose shortest solution to `goal`
/// has `shortest` moves (`None` when it has none). With `optimal`, only a
/// shortest solution is accepted.
///
/// This is the whole rule book; [`Verifier`] adds only the solver that
/// knows `shortest`.
///
/// # Example
/// ```
/// use eight::{board::Board, moves::Move, verify::{judge, Claim, Rejection, Verdict}};
/// let start = Board::GOAL.apply(Move::Up).unwrap();
/// let verdict = judge(&start, &Board::GOAL, Claim::Moves(b"dd"), Some(1), false);
/// let leaves = Rejection::LeavesBoard { position: 2, step: Move::Down };
/// assert_eq!(verdict, Verdict::Rejected(leaves));
/// ```
pub fn judge(
    start: &Board,
    goal: &Board,
    claim: Claim<'_>,
    shortest: Option<usize>,
    optimal: bool,
) -> Verdict {
    let moves = match (claim, shortest) {
        (Claim::Unsolvable, None) => return Verdict::Accepted(Accepted::Unsolvable),
        (Claim::Unsolvable, Some(shortest)) => {
            return Verdict::Rejected(Rejection::Solvable { shortest })
        }
        (Claim::Moves(_), None) => return Verdict::Rejected(Rejection::Unsolvable),
        (Claim::Moves(moves), Some(_)) => moves,
    };
    let mut board = *start;
    for (index, &letter) in moves.iter().enumerate() {
        let position = index + 1;
        let Some(step) = Move::from_letter(letter) else {
            let character = describe_character(&moves[index..]);
            return Verdict::Rejected(Rejection::NotAMove {
                position,
                character,
            });
        };
        match board.apply(step) {
            Some(next) => board = next,
            None => return Verdict::Rejected(Rejection::LeavesBoard { position, step }),
        }
    }
    if board != *goal {
        return Verdict::Rejected(Rejection::WrongEnd {
            reached: board,
            goal: *goal,
        });
    }
    let length = moves.len();
    let shortest = shortest.unwrap_or(length);
    if optimal && length > shortest {
        Verdict::Rejected(Rejection::TooLong { length, shortest })
    } else {
        Verdict::Accepted(Accepted::Solution { length, shortest })
    }
}

/// Judges answers one after another, solving each puzzle to learn how short
/// its answer can be.
pub struct Verifier {
    solver: Solver,
    path: Vec<Move>,
    optimal: bool,
}

impl Verifier {
    /// A judge; with `optimal`, answers longer than shortest are rejected.
    pub fn new(optimal: bool) -> Verifier {
        Verifier {
            solver: Solver::new(Engine::Auto, false),
            path: Vec::new(),
            optimal,
        }
    }

    /// Judges the answer `line` (without its line break) to `start`.
    ///
    /// # Example
    /// ```
    /// use eight::{goal::Goal, input::parse_board, verify::Verifier};
    /// let start = parse_board("2 3 4 1 5 x 7 6 8").unwrap();
    /// let mut verifier = Verifier::new(true);
    /// let verdict = verifier.check(&start, &Goal::default(), b"ullddrurdllurdruldr");
    /// assert_eq!(verdict.to_string(), "accepted: 19 moves, shortest");
    /// let verdict = verifier.check(&start, &Goal::default(), b"unsolvable");
    /// assert_eq!(verdict.to_string(), "rejected: claimed unsolvable, but it is solved in 19 moves");
    /// ```
    pub fn check(&mut self, start: &Board, goal: &Goal, line: &[u8]) -> Verdict {
        let shortest = match self.solver.solve(start, goal, &mut self.path) {
            solver::Verdict::Solved => Some(self.path.len()),
            solver::Verdict::Unsolvable => None,
        };
        judge(
            start,
            goal.board(),
            Claim::parse(line),
            shortest,
            self.optimal,
        )
    }
}

/// `1 move`, `19 moves`.
fn count_moves(count: usize) -> String {
    if count == 1 {
        "1 move".to_string()
    } else {
        format!("{count} moves")
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted(accepted) => write!(f, "accepted: {accepted}"),
            Verdict::Rejected(rejection) => write!(f, "rejected: {rejection}"),
        }
    }
}

impl fmt::Display for Accepted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Accepted::Solution { length, shortest } if length == shortest => {
                write!(f, "{}, shortest", count_moves(length))
            }
            Accepted::Solution { length, shortest } => {
                write!(f, "{}, shortest is {shortest}", count_moves(length))
            }
            Accepted::Unsolvable => f.write_str("unsolvable"),
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::NotAMove {
                position,
                character,
            } => write!(
                f,
                "character {position} {character} is not a move (d, l, r or u)"
            ),
            Rejection::LeavesBoard { position, step } => write!(
                f,
                "move {position} '{}' leaves the board",
                char::from(step.letter())
            ),
            Rejection::WrongEnd { reached, goal } => {
                write!(f, "the moves end at {reached}, not at the goal {goal}")
            }
            Rejection::Solvable { shortest } => write!(
                f,
                "claimed unsolvable, but it is solved in {}",
                count_moves(*shortest)
            ),
            Rejection::Unsolvable => {
                f.write_str("the puzzle is unsolvable, but the answer is not \"unsolvable\"")
            }
            Rejection::TooLong { length, shortest } => write!(
                f,
                "{}, but the shortest is {shortest}",
                count_moves(*length)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse_board;

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
        ];
        for (line, want) in cases {
            assert_eq!(Claim::parse(line), *want, "{line:?}");
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
                let claim = Claim::parse(line);
                let verdict = judge(
                    &board(start),
                    &Board::GOAL,
                    claim,
                    shortest(start),
                    only_shortest,
                );
                assert_eq!(verdict.to_string(), want, "{start} {line:?}");
                assert_eq!(verdict.is_accepted(), want.starts_with("accepted"));
            }
        }
    }

    #[test]
    fn the_verifier_judges_against_any_goal() {
        let goal = Goal::new(board("x12345678"));
        let start = board("1x2345678");
        let mut verifier = Verifier::new(true);
        assert_eq!(
            verifier.check(&start, &goal, b"l"),
            Verdict::Accepted(Accepted::Solution {
                length: 1,
                shortest: 1
            })
        );
        assert_eq!(
            verifier.check(&start, &goal, b"rll"),
            Verdict::Rejected(Rejection::TooLong {
                length: 3,
                shortest: 1
            })
        );
        assert_eq!(
            verifier.check(&board("2x1345678"), &goal, b"unsolvable"),
            Verdict::Accepted(Accepted::Unsolvable)
        );
    }
}
