//! Judging whole files: a stream of puzzles paired with a stream of answers,
//! as a judge reads a submission.
//!
//! The n-th answer belongs to the n-th puzzle, however the puzzles are laid
//! out in their own input (several to a line, one across three, or framed
//! as a judge frames them), and an invalid puzzle still takes its answer's
//! place, as the solver's `invalid` answer does. A broken frame ends the
//! puzzles there: the cases before it are judged, and the answers after
//! them are left unread, since what they belong to is unknown.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, BufReader, Read};

use crate::cache::CacheWarning;
use crate::pdb::EngineError;
use crate::read::frame::{CaseError, CaseReader, FrameError, InvalidCase};
use crate::solver::RunGoal;
use crate::verify::answers::{line_limit, AnswerReader, Extra};
use crate::verify::referee::Referee;
use crate::verify::{check, Rules, Verdict};
use crate::words::counted;

/// What the judge made of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// The puzzle was read and its answer judged.
    Judged(Verdict),
    /// The puzzle (or its goal) could not be read; its answer was skipped.
    Invalid(InvalidCase),
}

/// What a whole run came to: its verdicts counted, and what ended it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Answers accepted.
    pub accepted: u64,
    /// Answers rejected, missing ones included.
    pub rejected: u64,
    /// Puzzles that could not be read.
    pub invalid: u64,
    /// Answer lines beyond the last puzzle, if any.
    pub extra: Option<Extra>,
    /// Why the puzzles' frame broke, if it did.
    pub broken_frame: Option<FrameError>,
}

impl Summary {
    /// Whether every puzzle was read and every answer accepted, with no
    /// answer to spare.
    pub fn all_accepted(&self) -> bool {
        self.rejected == 0
            && self.invalid == 0
            && self.extra.is_none()
            && self.broken_frame.is_none()
    }
}

/// A run stopped because an input could not be read or a report could not
/// be written.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// The puzzles could not be read.
    #[error("cannot read the puzzles")]
    Puzzles(#[source] io::Error),
    /// The answers could not be read.
    #[error("cannot read the answers")]
    Answers(#[source] io::Error),
    /// The engine that knows the shortest answers could not be made.
    #[error("cannot prepare the solver")]
    Engine(#[source] EngineError),
    /// The caller's report failed: its output could not be written.
    #[error("cannot write output")]
    Report(#[source] io::Error),
}

/// Judges every puzzle in `puzzles` against its answer in `answers` by
/// `rules`, on the 3×3 board or on boards of any shape, and hands each
/// ruling to `report` with the puzzle's number (from 1) as it is decided,
/// and each problem with the pattern databases' cache to `on_warning`.
///
/// # Example
/// ```
/// use eight::verify::{Rules, stream::verify_all};
/// let puzzles = "12345x786\n12345678x\n21345678x\n".as_bytes();
/// let answers = "d\nd\n".as_bytes();
/// let mut verdicts = Vec::new();
/// let summary = verify_all(puzzles, answers, &Rules::default(), |n, ruling| {
///     verdicts.push(format!("puzzle {n}: {ruling}"));
///     Ok(())
/// }, |_| {}).unwrap();
/// assert_eq!(verdicts, [
///     "puzzle 1: accepted: 1 move, shortest",
///     "puzzle 2: rejected: move 1 'd' leaves the board",
///     "puzzle 3: rejected: no answer line",
/// ]);
/// assert_eq!(summary.to_string(), "1 accepted, 2 rejected");
/// ```
pub fn verify_all(
    puzzles: impl Read,
    answers: impl Read,
    rules: &Rules,
    mut report: impl FnMut(u64, &Ruling) -> io::Result<()>,
    mut on_warning: impl FnMut(&CacheWarning),
) -> Result<Summary, StreamError> {
    let puzzles = BufReader::with_capacity(1 << 16, puzzles);
    let answers = BufReader::with_capacity(1 << 16, answers);
    let limit = line_limit(rules.puzzles.framing.shape());
    let mut answers = AnswerReader::new(answers, rules.answers, limit);
    let mut cases = CaseReader::new(puzzles, rules.puzzles.framing)
        .map_err(|error| StreamError::Puzzles(io::Error::other(error)))?
        .blank(rules.blank);
    let mut referee = Referee::new(&rules.puzzles, rules.cache.clone());
    // Lent to every case without a goal of its own, not made per case.
    let mut run_goal = RunGoal::new(rules.puzzles.goal.clone());
    let mut summary = Summary::default();
    let mut number = 0;
    loop {
        let case = match cases.next_case() {
            Ok(Some(case)) => case,
            Ok(None) => break,
            Err(CaseError::Frame(broken)) => {
                summary.broken_frame = Some(broken);
                return Ok(summary);
            }
            Err(CaseError::Read(error)) => return Err(StreamError::Puzzles(error)),
        };
        number += 1;
        let boards = case.boards(|start| Cow::Borrowed(run_goal.of(start)));
        let at_goal = matches!(&boards, Ok((start, goal)) if start == &**goal);
        let reply = answers.next_reply(at_goal).map_err(StreamError::Answers)?;
        let ruling = match (boards, reply) {
            (Err(invalid), _) => Ruling::Invalid(invalid),
            (Ok(_), Err(unread)) => Ruling::Judged(Verdict::Rejected(unread)),
            (Ok((start, goal)), Ok(reply)) => {
                let verdict = check(&mut referee, rules, number, &start, &goal, reply);
                Ruling::Judged(verdict.map_err(StreamError::Engine)?)
            }
        };
        match &ruling {
            Ruling::Judged(verdict) if verdict.is_accepted() => summary.accepted += 1,
            Ruling::Judged(_) => summary.rejected += 1,
            Ruling::Invalid(_) => summary.invalid += 1,
        }
        referee.take_warnings().iter().for_each(&mut on_warning);
        report(number, &ruling).map_err(StreamError::Report)?;
    }
    summary.extra = answers.leftover().map_err(StreamError::Answers)?;
    Ok(summary)
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Judged(verdict) => write!(f, "{verdict}"),
            Ruling::Invalid(invalid) => write!(f, "invalid puzzle: {}", invalid.first),
        }
    }
}

/// `12 accepted, 1 rejected`, then the invalid puzzles and extra answer
/// lines when there are any.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} accepted, {} rejected", self.accepted, self.rejected)?;
        if self.invalid > 0 {
            write!(f, ", {} invalid", self.invalid)?;
        }
        if let Some(extra) = self.extra {
            write!(f, ", {}", counted(extra.lines, "extra line"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::judge::Preset;
    use crate::moves::Move;
    use crate::read::frame::Framing;
    use crate::shape::Shape;
    use crate::verify::answers::MAX_ANSWER_LINE;
    use crate::verify::Puzzles;

    fn run_by(rules: &Rules, puzzles: &str, answers: &str) -> (Vec<String>, Summary) {
        let mut lines = Vec::new();
        let summary = verify_all(
            puzzles.as_bytes(),
            answers.as_bytes(),
            rules,
            |n, ruling| {
                lines.push(format!("{n}: {ruling}"));
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        (lines, summary)
    }

    #[test]
    fn answers_pair_with_puzzles_not_with_puzzle_lines() {
        // Rules, puzzles, answers, verdicts, all accepted: several puzzles
        // to a line, one across three; UVa 652's counted puzzles across
        // blank lines, as eight writes them and with some to spare; and no
        // puzzles with no answers (an invalid puzzle taking its answer
        // line: tests/cli/verify.rs).
        let (plain, uva) = (
            Rules::default(),
            Rules::judge(Preset::named("uva652").unwrap(), false),
        );
        let uva_puzzles = "4\n\n12345678x\n\n1234567x8\n\n12345678x\n\n21345678x\n";
        let uva_want: &[&str] = &[
            "1: accepted: 0 moves, shortest",
            "2: accepted: 1 move, shortest",
            "3: accepted: 0 moves, shortest",
            "4: accepted: unsolvable",
        ];
        let cases: &[(&Rules, &str, &str, &[&str])] = &[
            (
                &plain,
                "12345x786 1234567x8\n1 2 3\n4 5 6\n7 8 x\n",
                "d\r\nr\n\n",
                &[
                    "1: accepted: 1 move, shortest",
                    "2: accepted: 1 move, shortest",
                    "3: accepted: 0 moves, shortest",
                ],
            ),
            (&uva, uva_puzzles, "\n\nr\n\n\n\nunsolvable\n", uva_want),
            (
                &uva,
                uva_puzzles,
                "\n\n\nr\n\n\n\n\nunsolvable\n\n\n",
                uva_want,
            ),
            (&plain, "", "", &[]),
        ];
        for &(rules, puzzles, answers, want) in cases {
            let (lines, summary) = run_by(rules, puzzles, answers);
            assert_eq!(lines, want, "{answers:?}");
            assert!(summary.all_accepted(), "{answers:?}");
        }
    }

    #[test]
    fn an_overlong_answer_line_is_rejected_unread() {
        let puzzles = "1234567x8\n".repeat(3);
        let answers =
            "r".repeat(MAX_ANSWER_LINE) + "\n" + &"l".repeat(MAX_ANSWER_LINE + 1) + "\nr\n";
        let (rulings, summary) = run_by(&Rules::default(), &puzzles, &answers);
        assert_eq!(
            rulings,
            [
                "1: rejected: move 2 'r' leaves the board",
                "2: rejected: the answer line is longer than 1048576 bytes",
                "3: accepted: 1 move, shortest",
            ]
        );
        assert_eq!(summary.rejected, 2);
    }

    /// `verify --size`'s rules: boards of `shape` until the end of input,
    /// each answered by its moves or `unsolvable`.
    fn plain(shape: Shape) -> Rules {
        let framing = Framing::Stream(shape);
        let goal = Some(Grid::solved(shape).unwrap());
        let puzzles = Puzzles { framing, goal };
        Rules {
            puzzles,
            ..Rules::default()
        }
    }

    fn verdicts(rules: &Rules, puzzles: &str, answers: &str) -> Vec<String> {
        let (lines, _) = run_by(rules, puzzles, answers);
        let verdict = |line: String| line.split_once(": ").unwrap().1.to_string();
        lines.into_iter().map(verdict).collect()
    }

    /// What tests/cli/sized_tools.rs and sized_judge.rs do not pin: they
    /// judge shortest and longer moves, moves for an unsolvable board,
    /// upper-case moves, POJ 2893's words and a large board's moves through
    /// the binary.
    #[test]
    fn every_sized_verdict_and_its_wording() {
        let two = Shape::new(2, 3);
        let puzzles = "1 2 3 4 0 5\n".repeat(5) + "1 2 3 5 4 0\n";
        let answers = "d\nx\nl\nunsolvable\nR\nunsolvable\n";
        assert_eq!(
            verdicts(&plain(two), &puzzles, answers),
            [
                "rejected: move 1 'd' leaves the board",
                "rejected: character 1 'x' is not a move (d, l, r or u)",
                "rejected: the moves end with 2 tiles out of place, not at the goal",
                "rejected: claimed unsolvable, but it is solved in 1 move",
                "rejected: character 1 'R' is not a move (d, l, r or u)",
                "accepted: unsolvable",
            ]
        );
        let poj2893 = Rules::judge(Preset::named("poj2893").unwrap(), false);
        let boards = "2 2\n1 2\n3 0\n0 0\n";
        assert_eq!(
            verdicts(&poj2893, boards, "yes\n"),
            ["rejected: expected YES or NO, found 'yes'"]
        );
        let big = Shape::new(5, 5);
        let mut start = Grid::solved(big).unwrap();
        start.apply(Move::Up);
        let text: Vec<String> = start.tiles().iter().map(u32::to_string).collect();
        assert_eq!(
            verdicts(&plain(big), &text.join(" "), "unsolvable\n"),
            ["rejected: claimed unsolvable, but the goal can be reached"]
        );
    }
}
