//! The special judge: checks one answer against its puzzle, on any board.
//!
//! A puzzle usually has many shortest solutions, so an answer cannot be
//! compared with the solver's own line: it is played out on the board
//! instead (`moves`), and its length compared with the true shortest one,
//! which the engine chosen for the boards supplies (`referee`: the 3×3
//! solver on the 3×3 board, as in a batch). Judges that print only the
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

use crate::board::{Board, BLANK_CHAR};
use crate::format::{Format, Moves};
use crate::grid::Grid;
use crate::judge::Preset;
use crate::moves::Move;
use crate::pdb::{CacheDir, EngineError};
use crate::read::frame::Framing;
use crate::read::{quoted, QUOTED};
use crate::shape::Shape;
use crate::solvability::solvable;

use self::case_lines::judge_case;
use self::count::judge_count;
use self::moves::judge_moves;
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

/// The puzzles a judge reads, on the 3×3 board as on every other.
#[derive(Clone, Debug)]
pub struct Puzzles {
    /// How the puzzles are laid out, and on which boards.
    pub framing: Framing,
    /// The goal of every puzzle, unless the framing gives each case its
    /// own; `None`, or a goal of another shape, for the tiles in row order
    /// with the blank last, in each board's own shape.
    pub goal: Option<Grid>,
}

impl Default for Rules {
    /// POJ 1077's: 3×3 puzzles until the input ends, solved towards
    /// `12345678x`, each answered by its moves or `unsolvable`.
    fn default() -> Rules {
        Rules {
            puzzles: Puzzles {
                framing: Framing::default(),
                goal: Some(Grid::from(&Board::GOAL)),
            },
            answers: Format::MOVES,
            optimal: false,
            blank: BLANK_CHAR,
            cache: CacheDir::MemoryOnly,
        }
    }
}

impl Puzzles {
    /// Whether the run is on the 3×3 board: solved by the 3×3 solver, and
    /// its boards shown whole in a rejection.
    pub(crate) fn eight(&self) -> bool {
        self.framing.shape() == Some(Shape::EIGHT)
    }
}

impl Rules {
    /// The rules of a preset's problem: its input, and answers as its
    /// output prints them; `optimal` as for [`Rules::optimal`].
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, judge::Preset, verify::Rules};
    /// let rules = Rules::judge(Preset::named("luogu1379").unwrap(), false);
    /// assert_eq!(rules.puzzles.goal, Some("1238x4765".parse().unwrap()));
    /// assert_eq!(rules.answers, Format::Count);
    /// ```
    pub fn judge(preset: &Preset, optimal: bool) -> Rules {
        let puzzles = Puzzles {
            framing: preset.framing,
            goal: preset.goal().map(|goal| Grid::from(&goal)),
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

/// One case as the judges see it: where its answer's moves start and must
/// end, whether they can, and whether the run is on the 3×3 board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Puzzle<'a> {
    pub(crate) start: &'a Grid,
    pub(crate) goal: &'a Grid,
    /// Whether `goal` can be reached from `start`, by parity.
    pub(crate) reachable: bool,
    /// Whether the run is on the 3×3 board, whose rejections show the board
    /// the moves end on; other boards may hold a million tiles.
    pub(crate) eight: bool,
}

impl<'a> Puzzle<'a> {
    /// `start` solved towards `goal`, on a run on the 3×3 board or not.
    pub(crate) fn new(start: &'a Grid, goal: &'a Grid, eight: bool) -> Puzzle<'a> {
        // Both boards come from one reader in one shape: this cannot fail.
        let reachable = solvable(start, goal).unwrap_or(false);
        Puzzle {
            start,
            goal,
            reachable,
            eight,
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
pub(crate) fn check(
    referee: &mut Referee,
    rules: &Rules,
    case: u64,
    start: &Grid,
    goal: &Grid,
    Reply { line, moves }: Reply<'_>,
) -> Result<Verdict, EngineError> {
    let puzzle = Puzzle::new(start, goal, rules.puzzles.eight());
    let mut shortest = || Ok::<_, EngineError>(referee.first(puzzle)?.map(<[Move]>::len));
    Ok(match rules.answers {
        Format::CaseLines => {
            let first = referee.first(puzzle)?;
            judge_case(case, line, moves, puzzle, first)
        }
        Format::Count => judge_count(line, shortest()?),
        Format::Solvability { yes, no } => judge_solvability(line, yes, no, puzzle.reachable),
        answers => {
            // Answers for people and programs, which no judge reads, are
            // taken as plain moves.
            let words = match answers {
                Format::Moves(words) => words,
                _ => Moves::PLAIN,
            };
            judge_moves(puzzle, line, words, rules.optimal, shortest)?
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

    #[test]
    fn the_verifier_judges_against_any_goal() {
        let board = |text: &str| text.parse::<Grid>().unwrap();
        let goal = board("x12345678");
        let start = board("1x2345678");
        let unsolvable = board("2x1345678");
        let mut referee = Referee::new(&Rules::default().puzzles, CacheDir::MemoryOnly);
        let cases: [(Format, &Grid, &[u8], &str); 4] = [
            (Format::MOVES, &start, b"l", "accepted: 1 move, shortest"),
            (
                Format::MOVES,
                &start,
                b"rll",
                "rejected: 3 moves, but the shortest is 1",
            ),
            (
                Format::MOVES,
                &unsolvable,
                b"unsolvable",
                "accepted: unsolvable",
            ),
            (
                Format::Count,
                &start,
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
            let verdict = check(&mut referee, &rules, case, start, &goal, reply).unwrap();
            assert_eq!(verdict.to_string(), want, "{answers:?} {line:?}");
        }
    }
}
