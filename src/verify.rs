//! The special judge: checks one answer against its puzzle, on any board.
//!
//! A puzzle usually has many shortest solutions, so an answer cannot be
//! compared with the solver's own line: it is played out on the board
//! instead (`moves`), and its length compared with the true shortest one,
//! which the board's own solver supplies (`referee`: the 3×3 fast path, or
//! the engine chosen for a grid of any shape). Judges that print only the
//! length (`count`) are held to it exactly, HDU 3567, which takes one
//! solution only (`case_lines`), to that one, and POJ 2893's `YES`/`NO` to
//! the board's parity. `answers` reads each judge's output back, [`stream`]
//! pairs whole files of puzzles and answers, and `verdict` holds the
//! decisions and their words.

pub(crate) mod answers;
pub(crate) mod case_lines;
pub(crate) mod count;
pub(crate) mod moves;
pub(crate) mod referee;
pub mod stream;
mod verdict;

use crate::board::BLANK_CHAR;
use crate::format::{Format, Moves};
use crate::goal::Goal;
use crate::grid::Grid;
use crate::judge::Preset;
use crate::moves::Move;
use crate::pdb::{CacheDir, EngineError};
use crate::read::frame::Framing;
use crate::read::{quoted, QUOTED};
use crate::shape::Shape;

use self::case_lines::judge_case;
use self::count::judge_count;
use self::moves::{judge_moves, Play};
use self::referee::Referee;
pub use self::verdict::{Accepted, Rejection, Verdict};

/// What a special judge checks: the puzzles, how the answers are written,
/// and whether only shortest moves count.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The boards, how the puzzles are laid out on them and their goal.
    pub puzzles: Puzzles,
    /// How the answers are laid out.
    pub answers: Format,
    /// Reject moves longer than the shortest, where it is known (on 3×3 and
    /// up to 16 cells). Counts and HDU 3567's cases are always held to the
    /// shortest, whatever this says.
    pub optimal: bool,
    /// How messages about a word that is not a tile spell the blank: `x`,
    /// or the `0` a preset writes.
    pub blank: char,
    /// Where the pattern databases that give the shortest length on boards
    /// of 10 to 16 cells are kept (by default in memory only).
    pub cache: CacheDir,
}

/// The puzzles a judge reads: 3×3 ones, solved by the fast path, or boards
/// of any other shape.
#[derive(Clone, Debug)]
pub enum Puzzles {
    /// 3×3 puzzles laid out as `framing` says, solved towards `goal` unless
    /// the framing gives each case its own.
    Eight {
        /// How the puzzles are laid out.
        framing: Framing,
        /// The goal of every puzzle without one of its own.
        goal: Goal,
    },
    /// Boards of any shape laid out as `framing` says.
    Grids {
        /// How the boards are laid out.
        framing: Framing,
        /// The goal of every board; `None` for the tiles in row order with
        /// the blank last, in each board's own shape.
        goal: Option<Grid>,
    },
}

impl Default for Rules {
    /// POJ 1077's: 3×3 puzzles until the input ends, solved towards
    /// `12345678x`, each answered by its moves or `unsolvable`.
    fn default() -> Rules {
        Rules {
            puzzles: Puzzles::Eight {
                framing: Framing::default(),
                goal: Goal::default(),
            },
            answers: Format::MOVES,
            optimal: false,
            blank: BLANK_CHAR,
            cache: CacheDir::MemoryOnly,
        }
    }
}

impl Puzzles {
    /// The shape of every board, or `None` when each case gives its own.
    pub fn shape(&self) -> Option<Shape> {
        match self {
            Puzzles::Eight { .. } => Some(Shape::EIGHT),
            Puzzles::Grids { framing, .. } => framing.shape(),
        }
    }
}

impl Rules {
    /// The rules of a preset's problem: its input, and answers as its
    /// output prints them; `optimal` as for [`Rules::optimal`].
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, judge::Preset, verify::{Puzzles, Rules}};
    /// let rules = Rules::judge(Preset::named("luogu1379").unwrap(), false);
    /// let Puzzles::Eight { goal, .. } = rules.puzzles else { panic!() };
    /// assert_eq!(goal.board().to_string(), "1238x4765");
    /// assert_eq!(rules.answers, Format::Count);
    /// ```
    pub fn judge(preset: &Preset, optimal: bool) -> Rules {
        let framing = preset.framing;
        let puzzles = match preset.is_eight() {
            true => Puzzles::Eight {
                framing,
                goal: preset.fallback_goal(),
            },
            false => Puzzles::Grids {
                framing,
                goal: None,
            },
        };
        Rules {
            puzzles,
            answers: preset.format,
            optimal,
            blank: preset.blank(),
            cache: CacheDir::MemoryOnly,
        }
    }
}

/// One case's answer as a judge's output writes it, read but not yet
/// checked. Lines come without their line break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply<'a> {
    /// A line of moves or the words for no solution (POJ 1077, UVa 652,
    /// POJ 3240, UVa 10181), a number of moves or `-1` (Luogu P1379, AcWing
    /// 845), POJ 2893's words for solvability, or HDU 3567's case line.
    pub line: &'a [u8],
    /// The moves line under HDU 3567's case line when that gives a length
    /// (`None` when the answers end first).
    pub moves: Option<&'a [u8]>,
}

/// The rejection of `text`, which should hold `expected`: what it holds
/// instead is quoted (`'abc'`, cut short past [`QUOTED`] bytes), or called
/// `an empty line`.
pub(crate) fn malformed(expected: String, text: &[u8]) -> Verdict {
    let found = match text.is_empty() {
        true => "an empty line".to_string(),
        false => quoted(text, false),
    };
    Verdict::Rejected(Rejection::Malformed { expected, found })
}

/// A number from an answer as a message shows it: as written, cut short
/// past [`QUOTED`] digits.
pub(crate) fn shown(digits: &[u8]) -> String {
    let cut = if digits.len() > QUOTED { "…" } else { "" };
    (String::from_utf8_lossy(&digits[..digits.len().min(QUOTED)]) + cut).into_owned()
}

/// Judges a [`Reply`] by `rules`: the answer to case `case` (from 1), `start`
/// solved towards `goal`, which `referee` solves only when the verdict
/// needs the shortest length. `Err` when the solver cannot be built.
pub(crate) fn check<K: Referee>(
    referee: &mut K,
    rules: &Rules,
    case: u64,
    start: &K::Board,
    goal: &K::Board,
    Reply { line, moves }: Reply<'_>,
) -> Result<Verdict, EngineError> {
    let reachable = start.reachable(goal);
    let mut shortest = || Ok::<_, EngineError>(referee.first(start, goal)?.map(<[Move]>::len));
    Ok(match rules.answers {
        Format::CaseLines => {
            let first = referee.first(start, goal)?;
            judge_case(case, line, moves, start, goal, first)
        }
        Format::Count => judge_count(line, shortest()?),
        Format::Solvability { yes, no } => judge_solvability(line, yes, no, reachable),
        answers => {
            // Answers for people and programs, which no judge reads, are
            // taken as plain moves.
            let words = match answers {
                Format::Moves(words) => words,
                _ => Moves::PLAIN,
            };
            judge_moves(start, goal, line, words, rules.optimal, reachable, shortest)?
        }
    })
}

/// Judges a line that should say whether the board is solvable, in the
/// words `yes` or `no`; whitespace around them is not part of them.
fn judge_solvability(line: &[u8], yes: &'static str, no: &'static str, solvable: bool) -> Verdict {
    let text = line.trim_ascii();
    let Some(claimed) = [yes, no].into_iter().find(|words| text == words.as_bytes()) else {
        return malformed(format!("{yes} or {no}"), text);
    };
    match (claimed == yes, solvable) {
        (true, true) => Verdict::Accepted(Accepted::Solvable),
        (false, false) => Verdict::Accepted(Accepted::Unsolvable),
        _ => Verdict::Rejected(Rejection::WrongVerdict { claimed, solvable }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::read::parse_board;
    use crate::verify::referee::Eight;

    #[test]
    fn the_verifier_judges_against_any_goal() {
        let goal = parse_board("x12345678").unwrap();
        let start = parse_board("1x2345678").unwrap();
        let unsolvable = parse_board("2x1345678").unwrap();
        let mut eight = Eight::new(Goal::default());
        let cases: [(Format, Board, &[u8], &str); 4] = [
            (Format::MOVES, start, b"l", "accepted: 1 move, shortest"),
            (
                Format::MOVES,
                start,
                b"rll",
                "rejected: 3 moves, but the shortest is 1",
            ),
            (
                Format::MOVES,
                unsolvable,
                b"unsolvable",
                "accepted: unsolvable",
            ),
            (
                Format::Count,
                start,
                b"2",
                "rejected: 2, but the shortest is 1",
            ),
        ];
        for (case, (answers, start, line, want)) in (1..).zip(cases) {
            let rules = Rules {
                answers,
                optimal: true,
                ..Rules::default()
            };
            let reply = Reply { line, moves: None };
            let verdict = check(&mut eight, &rules, case, &start, &goal, reply).unwrap();
            assert_eq!(verdict.to_string(), want, "{answers:?} {line:?}");
        }
    }
}
