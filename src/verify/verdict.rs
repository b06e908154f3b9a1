//! The special judge's verdicts: what it decides about one answer, and the
//! words each decision is reported in. Every judge (moves, counts, HDU
//! 3567's case lines, boards of any size) decides in these terms, so that
//! `verify` prints one vocabulary whatever the preset.

use std::fmt;

use crate::board::Board;
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A character that is not one of the move letters `d l r u`.
    NotAMove {
        /// Where in the line it stands.
        position: usize,
        /// The character, quoted for a message (`'x'`, `byte 0xff`).
        character: String,
        /// The move letters, for the message: `d, l, r or u`.
        letters: &'static str,
    },
    /// A move that would take the blank off the board.
    LeavesBoard {
        /// Which move of the answer it is.
        position: usize,
        /// The move's letter, as the answer writes it.
        letter: char,
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
        /// Moves in a shortest solution; `None` on a board too large for
        /// it to be known.
        shortest: Option<usize>,
    },
    /// Moves (perhaps none) for a puzzle that has no solution.
    Unsolvable {
        /// The words that say so in this judge's answers: `unsolvable`.
        words: &'static str,
    },
    /// A solution longer than the shortest, when only shortest ones count.
    TooLong {
        /// Moves in the answer.
        length: usize,
        /// Moves in a shortest solution.
        shortest: usize,
    },
    /// A line that is not what the answers should hold there: a number of
    /// moves or `-1`, a `Case k: n` line (HDU 3567), or the words for
    /// solvability (POJ 2893).
    Malformed {
        /// What it should hold, for a message: `a number of moves or -1`.
        expected: String,
        /// What it holds, quoted for a message.
        found: String,
    },
    /// A number of moves that is not the shortest.
    WrongCount {
        /// The number, as written (cut short if long).
        claimed: String,
        /// Moves in a shortest solution; `None` when there is none.
        shortest: Option<usize>,
    },
    /// A case line that names another case.
    WrongCase {
        /// The case it should name, from 1.
        case: u64,
        /// The number it names, as written (cut short if long).
        found: String,
    },
    /// A case line that gives a length, and the answers end under it.
    NoMovesLine,
    /// A shortest solution, but not the one that comes first in ASCII order,
    /// the only one HDU 3567 takes.
    NotFirst {
        /// The letters of that one.
        expected: String,
    },
    /// Every move is legal, but they end elsewhere than the goal, on a board
    /// of any size (which is not shown: it may hold a million tiles).
    MissesGoal {
        /// Tiles, the blank not counted, away from their goal cells.
        misplaced: usize,
    },
    /// More moves than the problem allows.
    OverLimit {
        /// Moves in the answer.
        length: usize,
        /// The most it allows.
        most: usize,
    },
    /// The wrong one of the two words.
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
            Accepted::Solution { length, shortest } => {
                f.write_str(&count_moves(length))?;
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

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::NotAMove {
                position,
                character,
                letters,
            } => write!(
                f,
                "character {position} {character} is not a move ({letters})"
            ),
            Rejection::LeavesBoard { position, letter } => {
                write!(f, "move {position} '{letter}' leaves the board")
            }
            Rejection::WrongEnd { reached, goal } => {
                write!(f, "the moves end at {reached}, not at the goal {goal}")
            }
            Rejection::Solvable {
                shortest: Some(shortest),
            } => write!(
                f,
                "claimed unsolvable, but it is solved in {}",
                count_moves(*shortest)
            ),
            Rejection::Solvable { shortest: None } => {
                f.write_str("claimed unsolvable, but the goal can be reached")
            }
            Rejection::Unsolvable { words } => write!(
                f,
                "the puzzle is unsolvable, but the answer is not \"{words}\""
            ),
            Rejection::TooLong { length, shortest } => write!(
                f,
                "{}, but the shortest is {shortest}",
                count_moves(*length)
            ),
            Rejection::Malformed { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            Rejection::WrongCount {
                claimed,
                shortest: Some(shortest),
            } => write!(f, "{claimed}, but the shortest is {shortest}"),
            Rejection::WrongCount {
                claimed,
                shortest: None,
            } => write!(f, "{claimed}, but the puzzle is unsolvable"),
            Rejection::WrongCase { case, found } => write!(
                f,
                "the case line says Case {found}, but this is case {case}"
            ),
            Rejection::NoMovesLine => f.write_str("no moves line after the case line"),
            Rejection::NotFirst { expected } => write!(
                f,
                "a shortest solution, but not the first in ASCII order, which is {expected}"
            ),
            Rejection::MissesGoal { misplaced } => write!(
                f,
                "the moves end with {misplaced} {} out of place, not at the goal",
                if *misplaced == 1 { "tile" } else { "tiles" }
            ),
            Rejection::OverLimit { length, most } => write!(
                f,
                "{}, but at most {most} are allowed",
                count_moves(*length)
            ),
            Rejection::WrongVerdict { claimed, solvable } => {
                let un = if *solvable { "" } else { "un" };
                write!(f, "{claimed}, but the board is {un}solvable")
            }
        }
    }
}
