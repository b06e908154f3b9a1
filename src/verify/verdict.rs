//! The special judge's verdicts: what it decides about one answer, and the
//! words each decision is reported in. Every judge (moves, counts, HDU
//! 3567's case lines, boards of any size) decides in these terms, so that
//! `verify` prints one vocabulary whatever the preset.

use std::fmt;

use crate::board::Board;
use crate::words::counted;

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
        /// Moves in a shortest solution; `None` on a board too large for
        /// it to be known.
        shortest: Option<usize>,
    },
    /// `unsolvable`, and so it is.
    Unsolvable,
    /// The words for a solvable board, and so it is (POJ 2893's `YES`).
    Solvable,
    /// The words for no solution, for a board whose shortest solution is
    /// longer than the problem allows (UVa 10181's 50 moves).
    BeyondLimit {
        /// Moves in a shortest solution.
        shortest: usize,
        /// The most moves an answer may have.
        most: usize,
    },
}

/// Why an answer is wrong. Positions count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// A character that is not one of the move letters `d l r u`.
    #[error("character {position} {character} is not a move ({letters})")]
    NotAMove {
        /// Where in the line it stands.
        position: usize,
        /// The character, quoted for a message (`'x'`, `byte 0xff`).
        character: String,
        /// The move letters, for the message: `d, l, r or u`.
        letters: &'static str,
    },
    /// A move that would take the blank off the board.
    #[error("move {position} '{letter}' leaves the board")]
    LeavesBoard {
        /// Which move of the answer it is.
        position: usize,
        /// The move's letter, as the answer writes it.
        letter: char,
    },
    /// Every move is legal, but they end somewhere else than the goal.
    #[error("the moves end at {reached}, not at the goal {goal}")]
    WrongEnd {
        /// Where the moves lead.
        reached: Board,
        /// Where they should have led.
        goal: Board,
    },
    /// `unsolvable` for a puzzle that has a solution.
    #[error("claimed unsolvable, but {}", solved_in(*.shortest))]
    Solvable {
        /// Moves in a shortest solution; `None` on a board too large for
        /// it to be known.
        shortest: Option<usize>,
    },
    /// Moves (perhaps none) for a puzzle that has no solution.
    #[error("the puzzle is unsolvable, but the answer is not \"{words}\"")]
    Unsolvable {
        /// The words that say so in this judge's answers: `unsolvable`.
        words: &'static str,
    },
    /// A solution longer than the shortest, when only shortest ones count.
    #[error("{}, but the shortest is {shortest}", counted(*.length, "move"))]
    TooLong {
        /// Moves in the answer.
        length: usize,
        /// Moves in a shortest solution.
        shortest: usize,
    },
    /// A line that is not what the answers should hold there: a number of
    /// moves or `-1`, a `Case k: n` line (HDU 3567), or the words for
    /// solvability (POJ 2893).
    #[error("expected {expected}, found {found}")]
    Malformed {
        /// What it should hold, for a message: `a number of moves or -1`.
        expected: String,
        /// What it holds, quoted for a message.
        found: String,
    },
    /// A number of moves that is not the shortest.
    #[error("{claimed}, but {}", against(*.shortest))]
    WrongCount {
        /// The number, as written (cut short if long).
        claimed: String,
        /// Moves in a shortest solution; `None` when there is none.
        shortest: Option<usize>,
    },
    /// A case line that names another case.
    #[error("the case line says Case {found}, but this is case {case}")]
    WrongCase {
        /// The case it should name, from 1.
        case: u64,
        /// The number it names, as written (cut short if long).
        found: String,
    },
    /// A case line that gives a length, and the answers end under it.
    #[error("no moves line after the case line")]
    NoMovesLine,
    /// A shortest solution, but not the one that comes first in ASCII order,
    /// the only one HDU 3567 takes.
    #[error("a shortest solution, but not the first in ASCII order, which is {expected}")]
    NotFirst {
        /// The letters of that one.
        expected: String,
    },
    /// Every move is legal, but they end elsewhere than the goal, on a board
    /// of any size (which is not shown: it may hold a million tiles).
    #[error("the moves end with {} out of place, not at the goal", counted(*.misplaced, "tile"))]
    MissesGoal {
        /// Tiles, the blank not counted, away from their goal cells.
        misplaced: usize,
    },
    /// More moves than the problem allows.
    #[error("{}, but at most {most} are allowed", counted(*.length, "move"))]
    OverLimit {
        /// Moves in the answer.
        length: usize,
        /// The most it allows.
        most: usize,
    },
    /// The answers ended before this case.
    #[error("no answer line")]
    NoAnswer,
    /// A line of the answer is longer than `limit` bytes (1 MiB on 3×3);
    /// it was skipped unread.
    #[error("the answer line is longer than {limit} bytes")]
    Overlong {
        /// The longest line read.
        limit: usize,
    },
    /// The wrong one of the two words.
    #[error("{claimed}, but the board is {}solvable", if *.solvable { "" } else { "un" })]
    WrongVerdict {
        /// The word given.
        claimed: &'static str,
        /// Whether the board is solvable.
        solvable: bool,
    },
}

impl Verdict {
    /// Whether the answer was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted(_))
    }
}

/// What a claim of no solution overlooks: a solution of `shortest` moves,
/// or one too long to search for.
fn solved_in(shortest: Option<usize>) -> String {
    match shortest {
        Some(shortest) => format!("it is solved in {}", counted(shortest, "move")),
        None => "the goal can be reached".to_string(),
    }
}

/// What a wrong count is measured against: the `shortest` length, or none.
fn against(shortest: Option<usize>) -> String {
    match shortest {
        Some(shortest) => format!("the shortest is {shortest}"),
        None => "the puzzle is unsolvable".to_string(),
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
            Accepted::Solution { length, shortest } => {
                f.write_str(&counted(length, "move"))?;
                match shortest {
                    Some(shortest) if shortest == length => f.write_str(", shortest"),
                    Some(shortest) => write!(f, ", shortest is {shortest}"),
                    None => Ok(()),
                }
            }
            Accepted::Unsolvable => f.write_str("unsolvable"),
            Accepted::Solvable => f.write_str("solvable"),
            Accepted::BeyondLimit { shortest, most } => write!(
                f,
                "no solution within {most} moves: the shortest has {shortest}"
            ),
        }
    }
}
