//! The presets on other boards at work: judging answers to boards of any
//! size, for those presets and for `verify --size` ([`verify_sized`]);
//! [`crate::batch`] answers their input.
//!
//! It reads its cases with [`CaseReader`] and asks the preset, never its
//! name, what a case needs: whether it is solvable (POJ 2893's `YES`/`NO`,
//! by parity in linear time, so a 999×999 board costs one pass), any
//! solution (exact up to 16 cells, constructive beyond), or the fewest
//! moves (the exact engines). The answer side of the special judge is one
//! line per case, read by the same answer reader as on 3×3.

use std::io::{self, BufReader, Read};

use crate::cache::CacheWarning;
use crate::format::{Format, Moves};
use crate::grid::{Grid, BLANK};
use crate::judge::{Frame, Preset, SizedFraming};
use crate::moves::Move;
use crate::pdb::{self, PdbError, Progress};
use crate::read::describe_character;
use crate::read::frame::{CaseError, CaseReader};
use crate::solvability::solvable;
use crate::solver::{Solution, Strategy};
use crate::verify::answers::{AnswerReader, Slot, MAX_ANSWER_LINE};
use crate::verify::count::judge_count;
use crate::verify::stream::{Outcome, StreamError, Tally};
use crate::verify::{found, Accepted, Rejection, Verdict, LOWER_LETTERS};

/// The solver for the goal last asked about, kept while the goal stays.
#[derive(Default)]
struct Solvers {
    /// How the pattern databases are built and kept.
    options: pdb::Options,
    /// Who hears how a database build is going.
    progress: Option<Progress>,
    current: Option<(Grid, Strategy)>,
    path: Vec<Move>,
    warnings: Vec<CacheWarning>,
}

impl Solvers {
    /// The solver for `goal`, built when the goal changes.
    fn solver(&mut self, goal: &Grid) -> Result<&mut Strategy, PdbError> {
        let current = match self.current.take() {
            Some((kept, solver)) if kept == *goal => (kept, solver),
            stale => {
                if let Some((_, mut old)) = stale {
                    self.warnings.extend(old.take_warnings());
                }
                let mut solver = Strategy::with_options(goal, false, self.options.clone())?;
                if let Some(progress) = &self.progress {
                    solver.on_progress(progress.clone());
                }
                (goal.clone(), solver)
            }
        };
        let (_, solver) = self.current.insert(current);
        Ok(solver)
    }

    /// Solves `start` to `goal`, handing the moves to `sink`; whether they
    /// are the fewest comes with the verdict.
    fn solve(
        &mut self,
        start: &Grid,
        goal: &Grid,
        sink: impl FnMut(Move),
    ) -> Result<(Solution, bool), PdbError> {
        let mut path = std::mem::take(&mut self.path);
        let solver = self.solver(goal)?;
        let shortest = solver.shortest();
        let verdict = solver.solve(start, goal, &mut path, sink);
        self.path = path;
        Ok((verdict, shortest))
    }

    /// The length of a shortest solution: `Some(None)` when there is none,
    /// `None` when no exact engine answers boards of this size.
    fn shortest(&mut self, start: &Grid, goal: &Grid) -> Result<Option<Option<usize>>, PdbError> {
        if !Strategy::gives_shortest(goal.shape(), false) {
            return Ok(None);
        }
        let mut length = 0;
        let (verdict, _) = self.solve(start, goal, |_| length += 1)?;
        Ok(Some((verdict == Solution::Solved).then_some(length)))
    }

    /// Cache problems met since the last call.
    fn take_warnings(&mut self) -> Vec<CacheWarning> {
        if let Some((_, solver)) = &mut self.current {
            self.warnings.extend(solver.take_warnings());
        }
        std::mem::take(&mut self.warnings)
    }
}

/// The board of `start`'s shape with the tiles in row order, blank last:
/// every sized preset's goal.
fn solved_like(start: &Grid) -> Grid {
    // The start's shape is a board's, so this cannot fail; if it did, the
    // start itself would stand in and every answer be judged against it.
    Grid::solved(start.shape()).unwrap_or_else(|_| start.clone())
}

/// A solver that cannot be built, as an error of the run.
fn solver_error(error: PdbError) -> io::Error {
    io::Error::other(format!("cannot prepare the solver: {error}"))
}

/// What the special judge checks on boards of any size.
#[derive(Clone, Debug)]
pub struct SizedRules {
    /// How the boards are laid out.
    pub framing: SizedFraming,
    /// The goal of every board; `None` for the tiles in row order with the
    /// blank last, in each board's own shape.
    pub goal: Option<Grid>,
    /// What each answer line holds.
    pub answer: Format,
    /// Reject moves longer than the shortest, where an exact engine knows
    /// it (up to 16 cells).
    pub optimal: bool,
}

impl SizedRules {
    /// The rules of `preset`'s problem, `None` for a 3×3 preset;
    /// `optimal` as for [`SizedRules::optimal`].
    pub fn judge(preset: &Preset, optimal: bool) -> Option<SizedRules> {
        let Frame::Sized(framing) = preset.framing else {
            return None;
        };
        Some(SizedRules {
            framing,
            goal: None,
            answer: preset.format,
            optimal,
        })
    }

    /// `verify --size`: boards of `goal`'s shape until the end of input,
    /// each answered by its moves (`d l r u`) or `unsolvable`.
    pub fn plain(goal: Grid, optimal: bool) -> SizedRules {
        SizedRules {
            framing: SizedFraming::Stream(goal.shape()),
            goal: Some(goal),
            answer: Format::MOVES,
            optimal,
        }
    }
}

/// Judges every board in `puzzles` against its answer line in `answers`
/// by `rules`, handing each outcome to `report` with the case's number
/// (from 1) as it is decided, and each problem with the pattern databases'
/// cache to `on_warning`; [`crate::verify::stream::verify_all`] for boards
/// of any size.
///
/// # Example
/// ```
/// use eight::{judge::Preset, sized::judge::{verify_sized, SizedRules}};
/// let rules = SizedRules::judge(Preset::named("poj2893").unwrap(), false).unwrap();
/// let puzzles = "3 3\n1 0 3\n4 2 5\n7 8 6\n2 2\n2 1\n3 0\n0 0\n";
/// let mut verdicts = Vec::new();
/// let answers = "YES\nYES\n".as_bytes();
/// verify_sized(puzzles.as_bytes(), answers, &rules, |n, outcome| {
///     verdicts.push(format!("{n}: {outcome}"));
///     Ok(())
/// }, |_| {}).unwrap();
/// assert_eq!(verdicts, ["1: accepted: solvable", "2: rejected: YES, but the board is unsolvable"]);
/// ```
pub fn verify_sized(
    puzzles: impl Read,
    answers: impl Read,
    rules: &SizedRules,
    mut report: impl FnMut(u64, &Outcome) -> io::Result<()>,
    mut on_warning: impl FnMut(&CacheWarning),
) -> Result<Tally, StreamError> {
    let puzzles = BufReader::with_capacity(1 << 16, puzzles);
    let mut cases = CaseReader::grids(puzzles, rules.framing)
        .map_err(|error| StreamError::Puzzles(io::Error::other(error)))?;
    let answers = BufReader::with_capacity(1 << 16, answers);
    let limit = answer_limit(rules);
    let mut answers = AnswerReader::new(answers, rules.answer).with_limit(limit);
    let mut solvers = Solvers::default();
    let mut tally = Tally::default();
    let mut number = 0;
    loop {
        let case = match cases.next_case() {
            Ok(Some(case)) => case.start,
            Ok(None) => break,
            Err(CaseError::Frame(broken)) => {
                tally.broken_frame = Some(broken);
                return Ok(tally);
            }
            Err(CaseError::Read(error)) => return Err(StreamError::Puzzles(error)),
        };
        number += 1;
        let slot = answers.next_line_answer().map_err(StreamError::Answers)?;
        let outcome = match (case, slot) {
            (Err(error), _) => Outcome::InvalidBoard(error),
            (Ok(_), Err(Slot::Overlong)) => Outcome::Overlong { limit },
            (Ok(_), Err(_)) => Outcome::Missing,
            (Ok(start), Ok(line)) => {
                let goal = match &rules.goal {
                    Some(goal) => goal.clone(),
                    None => solved_like(&start),
                };
                let verdict = check(&mut solvers, rules, &start, &goal, line)
                    .map_err(|e| StreamError::Puzzles(solver_error(e)))?;
                Outcome::Judged(verdict)
            }
        };
        tally.count(&outcome);
        solvers.take_warnings().iter().for_each(&mut on_warning);
        report(number, &outcome).map_err(StreamError::Report)?;
    }
    tally.extra = answers.leftover().map_err(StreamError::Answers)?;
    Ok(tally)
}

/// The most bytes an answer line may hold on the boards of `rules`: 4096
/// per cell (the constructive method's answers take about 2.6·side per
/// cell on a square board: 260 on 100×100, 400 on 150×150), at least
/// [`MAX_ANSWER_LINE`] and at most [`MAX_SIZED_LINE`], since a line is held
/// whole while it is judged.
fn answer_limit(rules: &SizedRules) -> usize {
    let shape = match (&rules.goal, rules.framing) {
        (Some(goal), _) => Some(goal.shape()),
        (None, SizedFraming::Stream(shape) | SizedFraming::Counted(shape)) => Some(shape),
        (None, SizedFraming::Headed(_)) => None,
    };
    let wanted = shape.map_or(0, |shape| shape.cells().saturating_mul(4096));
    wanted.clamp(MAX_ANSWER_LINE, MAX_SIZED_LINE)
}

/// The longest answer line judged on a board of any size: 512 MiB, the
/// constructive method's answer to a board of about 590×590.
pub const MAX_SIZED_LINE: usize = 512 << 20;

/// Judges one answer line to `start`, solved towards `goal`.
fn check(
    solvers: &mut Solvers,
    rules: &SizedRules,
    start: &Grid,
    goal: &Grid,
    line: &[u8],
) -> Result<Verdict, PdbError> {
    // Both boards come from one reader in one shape: this cannot fail.
    let reachable = solvable(start, goal).unwrap_or(false);
    let (upper, unsolvable, most) = match rules.answer {
        Format::Solvability { yes, no } => {
            let text = line.trim_ascii();
            let claimed = match text {
                _ if text == yes.as_bytes() => true,
                _ if text == no.as_bytes() => false,
                _ => {
                    return Ok(Verdict::Rejected(Rejection::NotAVerdict {
                        expected: format!("{yes} or {no}"),
                        found: found(text),
                    }))
                }
            };
            return Ok(match (claimed, reachable) {
                (true, true) => Verdict::Accepted(Accepted::Solvable),
                (false, false) => Verdict::Accepted(Accepted::Unsolvable),
                (claimed, solvable) => Verdict::Rejected(Rejection::WrongVerdict {
                    claimed: if claimed { yes } else { no },
                    solvable,
                }),
            });
        }
        Format::Count => {
            let shortest = match reachable {
                false => None,
                true => solvers.shortest(start, goal)?.flatten(),
            };
            return Ok(judge_count(line, shortest));
        }
        Format::Moves(words) => (words.upper, words.unsolvable, words.most),
        // Answers for people and programs, which no judge reads, and HDU
        // 3567's case lines, which are 3×3 only: taken as plain moves.
        Format::Steps | Format::Json | Format::CaseLines => {
            (false, Moves::PLAIN.unsolvable, Moves::PLAIN.most)
        }
    };
    let text = line.trim_ascii_end();
    if text == unsolvable.as_bytes() {
        if !reachable {
            return Ok(Verdict::Accepted(Accepted::Unsolvable));
        }
        return Ok(match (solvers.shortest(start, goal)?.flatten(), most) {
            (Some(shortest), Some(most)) if shortest > most => {
                Verdict::Accepted(Accepted::BeyondLimit { shortest, most })
            }
            (Some(shortest), _) => Verdict::Rejected(Rejection::Solvable { shortest }),
            (None, _) => Verdict::Rejected(Rejection::Reachable),
        });
    }
    if !reachable {
        let words = unsolvable;
        return Ok(Verdict::Rejected(Rejection::Unsolvable { words }));
    }
    let mut board = start.clone();
    for (index, &byte) in text.iter().enumerate() {
        let position = index + 1;
        let letter = match upper {
            true if byte.is_ascii_uppercase() => byte.to_ascii_lowercase(),
            true => 0,
            false => byte,
        };
        let Some(step) = Move::from_letter(letter) else {
            return Ok(Verdict::Rejected(Rejection::NotAMove {
                position,
                character: describe_character(&text[index..]),
                letters: if upper { "D, L, R or U" } else { LOWER_LETTERS },
            }));
        };
        if !board.apply(step) {
            let letter = char::from(byte);
            return Ok(Verdict::Rejected(Rejection::LeavesBoard {
                position,
                letter,
            }));
        }
    }
    if board != *goal {
        let misplaced = board
            .tiles()
            .iter()
            .zip(goal.tiles())
            .filter(|&(&have, &want)| have != want && have != BLANK)
            .count();
        return Ok(Verdict::Rejected(Rejection::MissesGoal { misplaced }));
    }
    let length = text.len();
    if let Some(most) = most.filter(|&most| length > most) {
        return Ok(Verdict::Rejected(Rejection::OverLimit { length, most }));
    }
    Ok(match solvers.shortest(start, goal)?.flatten() {
        Some(shortest) if rules.optimal && length > shortest => {
            Verdict::Rejected(Rejection::TooLong { length, shortest })
        }
        Some(shortest) => Verdict::Accepted(Accepted::Solution { length, shortest }),
        None => Verdict::Accepted(Accepted::Valid { length }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    fn verdicts(rules: &SizedRules, puzzles: &str, answers: &str) -> Vec<String> {
        let mut seen = Vec::new();
        verify_sized(
            puzzles.as_bytes(),
            answers.as_bytes(),
            rules,
            |_, outcome| {
                seen.push(outcome.to_string());
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        seen
    }

    #[test]
    fn every_sized_verdict_and_its_wording() {
        let two = Shape {
            rows: 2,
            columns: 3,
        };
        let plain = SizedRules::plain(Grid::solved(two).unwrap(), false);
        let optimal = SizedRules::plain(Grid::solved(two).unwrap(), true);
        let puzzles = "1 2 3 4 0 5\n".repeat(7) + "1 2 3 5 4 0\n1 2 3 5 4 0\n";
        let answers = "r\nrlr\nd\nx\nl\nunsolvable\nR\nunsolvable\nr\n";
        assert_eq!(
            verdicts(&plain, &puzzles, answers),
            [
                "accepted: 1 move, shortest",
                "accepted: 3 moves, shortest is 1",
                "rejected: move 1 'd' leaves the board",
                "rejected: character 1 'x' is not a move (d, l, r or u)",
                "rejected: the moves end with 2 tiles out of place, not at the goal",
                "rejected: claimed unsolvable, but it is solved in 1 move",
                "rejected: character 1 'R' is not a move (d, l, r or u)",
                "accepted: unsolvable",
                "rejected: the puzzle is unsolvable, but the answer is not \"unsolvable\"",
            ]
        );
        assert_eq!(
            verdicts(&optimal, "1 2 3 4 0 5\n", "rlr\n"),
            ["rejected: 3 moves, but the shortest is 1"]
        );
        let uva = SizedRules::judge(Preset::named("uva10181").unwrap(), false).unwrap();
        let near = "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
        assert_eq!(verdicts(&uva, near, "R\n"), ["accepted: 1 move, shortest"]);
        let long = "RL".repeat(25) + "R";
        assert_eq!(
            verdicts(&uva, near, &long),
            ["rejected: 51 moves, but at most 50 are allowed"]
        );
        let poj2893 = SizedRules::judge(Preset::named("poj2893").unwrap(), false).unwrap();
        assert_eq!(
            verdicts(&poj2893, "2 2\n1 2\n3 0\n0 0\n", "yes\n"),
            ["rejected: expected YES or NO, found 'yes'"]
        );
        let big = Grid::solved(Shape {
            rows: 5,
            columns: 5,
        })
        .unwrap();
        let mut start = big.clone();
        start.apply(Move::Up);
        let text: Vec<String> = start.tiles().iter().map(u32::to_string).collect();
        let large = SizedRules::plain(big, false);
        assert_eq!(
            verdicts(&large, &text.join(" "), "d\nunsolvable\n"),
            ["accepted: 1 move"]
        );
        assert_eq!(
            verdicts(&large, &text.join(" "), "unsolvable\n"),
            ["rejected: claimed unsolvable, but the goal can be reached"]
        );
    }
}
