//! The special judge: checks one answer against its puzzle.
//!
//! A puzzle usually has many shortest solutions, so an answer cannot be
//! compared with the solver's own line: it is played out on the board
//! instead, and its length compared with the true shortest one, which the
//! [`Solver`] supplies. Judges that print only the length (`count`) are
//! held to it exactly, and HDU 3567, which takes one solution only
//! (`case_lines`), to that one. `answers` reads each judge's output back,
//! [`stream`] pairs whole files of puzzles and answers, and `verdict` holds
//! the decisions and their words.

pub(crate) mod answers;
pub(crate) mod case_lines;
pub(crate) mod count;
pub mod stream;
mod verdict;

use crate::board::Board;
use crate::format::Format;
use crate::goal::Goal;
use crate::judge::{Frame, Preset};
use crate::moves::Move;
use crate::read::frame::Framing;
use crate::read::{describe_character, quote};
use crate::solver::{self, Engine, Solver};

use self::case_lines::{judge_case, CaseLine};
use self::count::judge_count;
pub use self::verdict::{Accepted, Rejection, Verdict};

/// What a special judge checks: how the puzzles are laid out and solved
/// towards, how the answers are written, and whether only shortest moves
/// count.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// How the puzzles are laid out.
    pub framing: Framing,
    /// The goal of every puzzle, unless the framing gives each case its own.
    pub goal: Goal,
    /// How the answers are laid out.
    pub answers: Format,
    /// Reject moves longer than the shortest. Counts and HDU 3567's cases
    /// are always held to the shortest, whatever this says.
    pub optimal: bool,
}

impl Rules {
    /// The rules of a 3×3 preset's problem: its input, and answers as its
    /// output prints them; `optimal` as for [`Rules::optimal`]. `None` for
    /// a preset on other boards.
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, judge::Preset, verify::Rules};
    /// let rules = Rules::judge(Preset::named("luogu1379").unwrap(), false).unwrap();
    /// assert_eq!(rules.goal.board().to_string(), "1238x4765");
    /// assert_eq!(rules.answers, Format::Count);
    /// ```
    pub fn judge(preset: &Preset, optimal: bool) -> Option<Rules> {
        let Frame::Eight(framing) = preset.framing else {
            return None;
        };
        Some(Rules {
            framing,
            goal: preset.fallback_goal(),
            answers: preset.format,
            optimal,
        })
    }
}

/// One case's answer as a judge's output writes it, read but not yet
/// checked. Lines come without their line break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply<'a> {
    /// A line of moves, or `unsolvable` (POJ 1077, UVa 652).
    Moves(&'a [u8]),
    /// A line with the number of moves, or `-1` (Luogu P1379, AcWing 845).
    Count(&'a [u8]),
    /// HDU 3567's case line, and the moves line under it when the case line
    /// gives a length (`None` when the answers end first).
    Case {
        /// The case line.
        line: CaseLine<'a>,
        /// The moves line.
        moves: Option<&'a [u8]>,
    },
}

/// The move letters as `judge` reads them, for messages.
pub(crate) const LOWER_LETTERS: &str = "d, l, r or u";

/// The longest part of an answer that a message quotes.
pub(crate) const SHOWN: usize = 32;

/// `'abc'`, or `an empty line`: what an answer holds instead of what it
/// should, quoted for a message and cut short past [`SHOWN`] bytes.
pub(crate) fn found(text: &[u8]) -> String {
    if text.is_empty() {
        return "an empty line".to_string();
    }
    quote(&text[..text.len().min(SHOWN)], text.len() > SHOWN)
}

/// A number from an answer as a message shows it: as written, cut short
/// past [`SHOWN`] digits.
pub(crate) fn shown(digits: &[u8]) -> String {
    let cut = if digits.len() > SHOWN { "…" } else { "" };
    format!(
        "{}{cut}",
        String::from_utf8_lossy(&digits[..digits.len().min(SHOWN)])
    )
}

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
        match line.trim_ascii_end() {
            b"unsolvable" => Claim::Unsolvable,
            moves => Claim::Moves(moves),
        }
    }
}

/// Judges `claim` as an answer to `start`, whose shortest solution to `goal`
/// has `shortest` moves (`None` when it has none). With `optimal`, only a
/// shortest solution is accepted.
///
/// This is the rule book for moves; counts (`count`) and HDU 3567's cases
/// (`case_lines`) have their own, and [`Verifier`] adds only the solver that
/// knows `shortest`.
///
/// # Example
/// ```
/// use eight::{board::Board, moves::Move, verify::{judge, Claim, Rejection, Verdict}};
/// let start = Board::GOAL.apply(Move::Up).unwrap();
/// let verdict = judge(&start, &Board::GOAL, Claim::Moves(b"dd"), Some(1), false);
/// let leaves = Rejection::LeavesBoard { position: 2, letter: 'd' };
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
        (Claim::Moves(_), None) => {
            return Verdict::Rejected(Rejection::Unsolvable {
                words: "unsolvable",
            })
        }
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
                letters: LOWER_LETTERS,
            });
        };
        match board.apply(step) {
            Some(next) => board = next,
            None => {
                let letter = char::from(step.letter());
                return Verdict::Rejected(Rejection::LeavesBoard { position, letter });
            }
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
    /// A judge of answers; with `optimal`, moves longer than the shortest
    /// are rejected (see [`Rules::optimal`]).
    pub fn new(optimal: bool) -> Verifier {
        // HDU 3567 wants the first shortest solution in letter order, which
        // is what every engine gives.
        Verifier {
            solver: Solver::new(Engine::Auto),
            path: Vec::new(),
            optimal,
        }
    }

    /// Judges `reply`, the answer to case `case` (from 1): `start`,
    /// solved towards `goal`.
    ///
    /// # Example
    /// ```
    /// use eight::{goal::Goal, read::parse_board, verify::{Reply, Verifier}};
    /// let start = parse_board("2 3 4 1 5 x 7 6 8").unwrap();
    /// let goal = Goal::default();
    /// let mut verifier = Verifier::new(true);
    /// let verdict = verifier.check(1, &start, &goal, Reply::Moves(b"ullddrurdllurdruldr"));
    /// assert_eq!(verdict.to_string(), "accepted: 19 moves, shortest");
    /// let verdict = verifier.check(2, &start, &goal, Reply::Moves(b"unsolvable"));
    /// assert_eq!(verdict.to_string(), "rejected: claimed unsolvable, but it is solved in 19 moves");
    /// let verdict = verifier.check(3, &start, &goal, Reply::Count(b"18"));
    /// assert_eq!(verdict.to_string(), "rejected: 18, but the shortest is 19");
    /// ```
    pub fn check(&mut self, case: u64, start: &Board, goal: &Goal, reply: Reply<'_>) -> Verdict {
        let solved = match self.solver.solve(start, goal, &mut self.path) {
            solver::Solution::Solved => Some(&self.path[..]),
            solver::Solution::Unsolvable => None,
        };
        let shortest = solved.map(<[Move]>::len);
        match reply {
            Reply::Moves(line) => judge(
                start,
                goal.board(),
                Claim::parse(line),
                shortest,
                self.optimal,
            ),
            Reply::Count(line) => judge_count(line, shortest),
            Reply::Case { line, moves } => {
                judge_case(case, line, moves, start, goal.board(), solved)
            }
        }
    }
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
            verifier.check(1, &start, &goal, Reply::Moves(b"l")),
            Verdict::Accepted(Accepted::Solution {
                length: 1,
                shortest: 1
            })
        );
        assert_eq!(
            verifier.check(2, &start, &goal, Reply::Moves(b"rll")),
            Verdict::Rejected(Rejection::TooLong {
                length: 3,
                shortest: 1
            })
        );
        let unsolvable = board("2x1345678");
        assert_eq!(
            verifier.check(3, &unsolvable, &goal, Reply::Moves(b"unsolvable")),
            Verdict::Accepted(Accepted::Unsolvable)
        );
        assert_eq!(
            verifier.check(4, &start, &goal, Reply::Count(b"2")),
            Verdict::Rejected(Rejection::WrongCount {
                claimed: "2".to_string(),
                shortest: Some(1)
            })
        );
    }

    #[test]
    fn the_verifier_of_cases_wants_the_first_shortest_solution() {
        // Six moves from the goal by druldr or by rdlurd.
        let start = board("1234x8765");
        let mut verifier = Verifier::new(false);
        let mut check = |moves: &'static [u8]| {
            let line = CaseLine::parse(b"Case 7: 6");
            let reply = Reply::Case {
                line,
                moves: Some(moves),
            };
            verifier.check(7, &start, &Goal::default(), reply)
        };
        assert!(check(b"druldr").is_accepted());
        assert_eq!(
            check(b"rdlurd"),
            Verdict::Rejected(Rejection::NotFirst {
                expected: "druldr".to_string()
            })
        );
    }
}
