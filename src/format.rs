//! Answers: how a solved, unsolvable or invalid puzzle is written, on the
//! 3×3 board and on boards of any shape, by one [`AnswerWriter`].
//!
//! Output goes through one reusable scratch buffer per writer so that a batch
//! of millions of puzzles allocates nothing per answer; an answer too long
//! to hold (a 1000×1000 board's billion moves) goes out in pieces as the
//! engine hands its moves over.
//!
//! The same writer keeps a run's first answers as data ([`Answered`]),
//! when asked, for the pictures: whatever draws them sees exactly the
//! answers written, and the text is the same with or without them.
//!
//! The `steps` layout, for people: a paragraph per puzzle, blank lines
//! between paragraphs. Each board is a grid of rows indented by two
//! spaces, tiles separated by one space, each right-aligned to the width of
//! the largest, and the blank written `x`; a label
//! line stands above each grid (`start`, then `step 1: u` and so on), and a
//! closing line gives the number of moves (`19 moves`, with `, not
//! necessarily the fewest` where that is so) or says `unsolvable`.
//!
//! ```text
//! start
//!   1 2 3
//!   4 5 6
//!   7 x 8
//! step 1: r
//!   1 2 3
//!   4 5 6
//!   7 8 x
//! 1 move
//! ```

use std::borrow::Cow;
use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::board::Board;
use crate::grid::{Grid, BLANK};
use crate::moves::Move;
use crate::read::PuzzleError;
use crate::solver::Solution;
use crate::words::counted;

/// How answers are written, and so how the special judge reads them back:
/// one type for `--format`, for every judge preset's output and for what
/// `verify` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The move letters (`ullddrurdllurdruldr`), the words for no solution,
    /// or an empty line for a solved puzzle: POJ 1077's output, and the
    /// others that write moves as [`Moves`] says.
    Moves(Moves),
    /// The length of a shortest solution, `-1` when there is none.
    Count,
    /// For people: the start and the board after every move as labelled
    /// grids, then the number of moves; see the [module](self) for the
    /// layout.
    Steps,
    /// JSON Lines: one object per puzzle with `puzzle` and `goal` (nine
    /// characters, `x` for the blank), `solvable`, `length` and `moves`
    /// (both `null` when unsolvable); an invalid puzzle gives `line` and
    /// `error` instead.
    Json,
    /// HDU 3567's `Case k: n` (`Case k: unsolvable` when there is no
    /// solution), then the moves on a line of their own; answers are
    /// numbered from 1 in each input.
    CaseLines,
    /// Whether the board can be solved, in these words (POJ 2893).
    Solvability {
        /// The word for a solvable board.
        yes: &'static str,
        /// The word for an unsolvable one.
        no: &'static str,
    },
}

/// How a line of moves is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    /// Moves are written `L R U D`, not `l r u d`.
    pub upper: bool,
    /// The whole line for a board without a solution.
    pub unsolvable: &'static str,
    /// The most moves an answer may have; a board whose solution is longer
    /// is answered as unsolvable.
    pub most: Option<usize>,
    /// A blank line goes between answers (UVa 652).
    pub spaced: bool,
}

impl Moves {
    /// `eight`'s own: `d l r u`, `unsolvable`, one answer per line.
    pub const PLAIN: Moves = Moves {
        upper: false,
        unsolvable: "unsolvable",
        most: None,
        spaced: false,
    };

    /// UVa 652's: [`Moves::PLAIN`] with a blank line between answers.
    pub const SPACED: Moves = Moves {
        spaced: true,
        ..Moves::PLAIN
    };

    /// The letter `step` is written with.
    pub fn letter(self, step: Move) -> u8 {
        match self.upper {
            true => step.letter().to_ascii_uppercase(),
            false => step.letter(),
        }
    }
}

impl Default for Format {
    fn default() -> Format {
        Format::MOVES
    }
}

impl Format {
    /// The formats `--format` offers, in the order `--help` lists them;
    /// the others come only with a `--judge`.
    pub const CHOICES: [Format; 4] = [
        Format::Moves(Moves::PLAIN),
        Format::Count,
        Format::Steps,
        Format::Json,
    ];

    /// `eight`'s own answers: [`Moves::PLAIN`].
    pub const MOVES: Format = Format::Moves(Moves::PLAIN);

    /// The format's name, as `--format` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Moves(_) => "moves",
            Format::Count => "count",
            Format::Steps => "steps",
            Format::Json => "json",
            Format::CaseLines => "cases",
            Format::Solvability { .. } => "solvability",
        }
    }

    /// One line on what each answer holds, for `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            Format::Moves(_) => "The moves of the first shortest solution, or \"unsolvable\"",
            Format::Count => "The number of moves in a shortest solution, or -1",
            Format::Steps => {
                "For people: the start and the board after each move as labelled grids, then \
                 the number of moves; a blank line between puzzles"
            }
            Format::Json => {
                "JSON Lines: {\"puzzle\", \"goal\", \"solvable\", \"length\", \"moves\"} per \
                 puzzle, {\"line\", \"error\"} for an invalid one"
            }
            Format::CaseLines => "HDU 3567's \"Case k: n\", then the moves",
            Format::Solvability { .. } => "Whether each board can be solved",
        }
    }

    /// Whether a blank line goes between answers: always in `steps`, and
    /// where the moves are [spaced](Moves::spaced).
    pub const fn spaced(self) -> bool {
        matches!(
            self,
            Format::Steps | Format::Moves(Moves { spaced: true, .. })
        )
    }

    /// Whether each answer carries its case number, HDU 3567's `Case k:`.
    pub const fn numbered(self) -> bool {
        matches!(self, Format::CaseLines)
    }

    /// What an answer's length promises, as a message says it: the
    /// fewest moves, or at most a number of them; `None` where any valid
    /// answer will do. An answer given up on at a node limit keeps no such
    /// promise.
    pub fn length_promise(self) -> Option<String> {
        match self {
            Format::Count | Format::CaseLines => Some("the fewest moves".to_string()),
            Format::Moves(Moves {
                most: Some(most), ..
            }) => Some(format!("answers of at most {most} moves")),
            _ => None,
        }
    }

    /// What the special judge accepts in this format, for `verify --help`;
    /// `None` for the formats written for people and programs, which it
    /// does not read.
    pub fn accepts(self) -> Option<String> {
        Some(match self {
            Format::Moves(Moves::PLAIN) => {
                "one line per puzzle, the moves or \"unsolvable\", as without --judge".to_string()
            }
            Format::Moves(Moves { spaced: true, .. }) => {
                "the same answers with blank lines between them. Any number of blank lines is \
                 taken there; a puzzle already at its goal is answered by the first blank line \
                 after the one that separates it"
                    .to_string()
            }
            Format::Moves(Moves {
                upper,
                unsolvable,
                most,
                ..
            }) => {
                let letters = if upper { "L, R, U, D" } else { "l, r, u, d" };
                let limit = most.map_or(String::new(), |most| format!(" in at most {most} moves"));
                format!(
                    "one line per case: any moves in {letters} that reach the goal{limit}, or \
                     \"{unsolvable}\", accepted when there is no such solution"
                )
            }
            Format::Count => "one number per line, accepted only when it is the length of a \
                              shortest solution (-1 when there is none)"
                .to_string(),
            Format::CaseLines => "\"Case k: n\" and under it the moves, accepted only when k is \
                                  the case's number, n the shortest length and the moves exactly \
                                  the shortest solution that comes first in ASCII order, which a \
                                  rejection shows; \"Case k: unsolvable\", alone, for a case \
                                  without a solution"
                .to_string(),
            Format::Solvability { yes, no } => format!(
                "one line per case, {yes} or {no}, accepted when it says rightly whether the \
                 board can be solved"
            ),
            Format::Steps | Format::Json => return None,
        })
    }
}

/// A board as answers show it: the 3×3 [`Board`] or a [`Grid`] of any
/// shape.
pub trait Shown {
    /// Whether this is the 3×3 board, whose `json` came first and stays as
    /// it was: each board in nine characters (`1234567x8`), `length` before
    /// `moves`, and no `shortest` field, its answers being always the
    /// fewest. On other boards the tiles are spaced (`1 2 3 x`), `shortest`
    /// says whether the moves are the fewest, and the moves come as they
    /// are found, before their number.
    const EIGHT: bool;

    /// What separates the tiles where a board is written on one line.
    const SEPARATOR: &'static str = if Self::EIGHT { "" } else { " " };

    /// The board as a grid, for the formats that draw it.
    fn grid(&self) -> Cow<'_, Grid>;
}

impl Shown for Board {
    const EIGHT: bool = true;

    fn grid(&self) -> Cow<'_, Grid> {
        Cow::Owned(Grid::from(self))
    }
}

impl Shown for Grid {
    const EIGHT: bool = false;

    fn grid(&self) -> Cow<'_, Grid> {
        Cow::Borrowed(self)
    }
}

/// A grid shown as the 3×3 board is ([`Shown::EIGHT`]): how a run on the
/// 3×3 board writes its boards, which it reads as grids.
pub(crate) struct AsEight<'a>(pub(crate) &'a Grid);

impl Shown for AsEight<'_> {
    const EIGHT: bool = true;

    fn grid(&self) -> Cow<'_, Grid> {
        Cow::Borrowed(self.0)
    }
}

/// An answer longer than this goes out in pieces as its moves come, so a
/// 1000×1000 board's billion moves are never held whole.
const SPILL: usize = 1 << 16;

/// One puzzle's answer as data rather than text: what
/// [`AnswerWriter::keep_answers`] keeps of a run's first answers for a
/// picture ([`crate::draw`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// A board and the moves that take it to its goal.
    Solved {
        /// The board read.
        start: Grid,
        /// The arrangement it was solved towards.
        goal: Grid,
        /// The answer's moves or, where it has more than were kept, its
        /// first ones.
        moves: Vec<Move>,
        /// How many moves the answer has.
        length: u64,
        /// Whether they are the fewest.
        fewest: bool,
    },
    /// A board from which its goal cannot be reached.
    Unsolvable {
        /// The board read.
        start: Grid,
        /// The arrangement it cannot reach.
        goal: Grid,
    },
    /// A puzzle that could not be read: its answer says `invalid`.
    Invalid,
}

/// The answers a writer keeps as data ([`AnswerWriter::keep_answers`]).
#[derive(Debug)]
struct Keep {
    /// How many answers are kept, the first ones.
    answers: usize,
    /// How many of each answer's moves are kept, the first ones.
    moves: usize,
    kept: Vec<Answered>,
}

impl Keep {
    /// Whether the next answer is kept.
    fn wants_more(&self) -> bool {
        self.kept.len() < self.answers
    }
}

/// An answer being kept: its boards and its first moves.
#[derive(Debug)]
struct Keeping {
    start: Grid,
    goal: Grid,
    moves: Vec<Move>,
}

/// Writes answers in one [`Format`], in order: the blank line between
/// answers where one goes, HDU 3567's case numbers, and each answer.
pub struct AnswerWriter<W> {
    out: W,
    format: Format,
    /// Whether this writer numbers and separates its answers; a worker
    /// thread's does not, its answers being placed by the batch's.
    framed: bool,
    /// Answers written so far, the invalid ones included.
    written: u64,
    /// The number of the last case in the current input, for `Case k`:
    /// each input is a judge's test file of its own, numbered from 1.
    case: u64,
    /// The answer being written, sent out whole or in [`SPILL`]s.
    scratch: Vec<u8>,
    /// Move letters held until their number is known: under a limit, in
    /// `Case k: n`, and in the 3×3 board's `json`.
    held: Vec<u8>,
    /// The answers kept as data, once [`AnswerWriter::keep_answers`] asked.
    keep: Option<Keep>,
}

impl<W: Write> AnswerWriter<W> {
    /// A writer of `format` answers to `out`; buffer `out` yourself.
    pub fn new(out: W, format: Format) -> AnswerWriter<W> {
        AnswerWriter {
            out,
            format,
            framed: true,
            written: 0,
            case: 0,
            scratch: Vec::with_capacity(128),
            held: Vec::new(),
            keep: None,
        }
    }

    /// The format answers are written in.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Numbers the next case 1 again: the answers that follow belong to
    /// another input, which numbers its cases from 1.
    pub fn start_input(&mut self) {
        self.case = 0;
    }

    /// From now on, also keeps the next `answers` answers as data, each
    /// with at most its first `moves` moves, for drawing them: a picture
    /// shows a run's first puzzles, and an answer longer than it draws
    /// needs only its length. The moves kept are those handed to each
    /// answer: none in [`Format::Solvability`], which needs no solution.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, format::{Answered, AnswerWriter, Format}, Move, Solution};
    /// let start = Board::GOAL.apply(Move::Up).unwrap();
    /// let mut writer = AnswerWriter::new(Vec::new(), Format::MOVES);
    /// writer.keep_answers(1, 10);
    /// let mut answer = writer.answer(&start, &Board::GOAL, true);
    /// let _ = answer.moves(&[Move::Down]);
    /// answer.finish(Solution::Solved).unwrap();
    /// let Answered::Solved { moves, length, .. } = &writer.kept()[0] else {
    ///     panic!("a solved board");
    /// };
    /// assert_eq!((&moves[..], *length), (&[Move::Down][..], 1));
    /// ```
    pub fn keep_answers(&mut self, answers: usize, moves: usize) {
        self.keep = Some(Keep {
            answers,
            moves,
            kept: Vec::new(),
        });
    }

    /// The answers kept so far ([`AnswerWriter::keep_answers`]), in order.
    pub fn kept(&self) -> &[Answered] {
        self.keep.as_ref().map_or(&[], |keep| &keep.kept)
    }

    /// How many more answers are kept, the next ones.
    pub(crate) fn answers_to_keep(&self) -> usize {
        self.keep
            .as_ref()
            .map_or(0, |keep| keep.answers.saturating_sub(keep.kept.len()))
    }

    /// How many of each answer's moves are kept, if answers are.
    pub(crate) fn kept_moves(&self) -> Option<usize> {
        self.keep.as_ref().map(|keep| keep.moves)
    }

    /// Keeps `answered` if answers are kept and it is among the first.
    fn keep(&mut self, answered: Answered) {
        if let Some(keep) = self.keep.as_mut().filter(|keep| keep.wants_more()) {
            keep.kept.push(answered);
        }
    }

    /// Starts the answer to `start`, solved towards `goal` by an engine
    /// whose moves are the fewest if `shortest`; hand it the moves, then
    /// the verdict.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, format::{AnswerWriter, Format}, Move, Solution};
    /// let start = Board::GOAL.apply(Move::Up).unwrap();
    /// let mut writer = AnswerWriter::new(Vec::new(), Format::MOVES);
    /// let mut answer = writer.answer(&start, &Board::GOAL, true);
    /// let _ = answer.moves(&[Move::Down]);
    /// answer.finish(Solution::Solved).unwrap();
    /// assert_eq!(writer.into_inner(), b"d\n");
    /// ```
    pub fn answer<B: Shown>(&mut self, start: &B, goal: &B, shortest: bool) -> Answer<'_, W> {
        self.begin();
        let out = &mut self.scratch;
        let board = match self.format {
            Format::Json => {
                // Writing into memory cannot fail.
                out.extend_from_slice(b"{\"puzzle\":\"");
                let _ = start.grid().write_tiles(out, B::SEPARATOR);
                out.extend_from_slice(b"\",\"goal\":\"");
                let _ = goal.grid().write_tiles(out, B::SEPARATOR);
                out.extend_from_slice(b"\",");
                None
            }
            Format::Steps => {
                let board = start.grid().into_owned();
                out.extend_from_slice(b"start\n");
                write_rows(out, &board);
                Some(board)
            }
            _ => None,
        };
        let keeping = self.keep.as_ref().filter(|keep| keep.wants_more());
        let keeping = keeping.map(|_| Keeping {
            start: start.grid().into_owned(),
            goal: goal.grid().into_owned(),
            moves: Vec::new(),
        });
        Answer {
            writer: self,
            moves: 0,
            shortest,
            eight: B::EIGHT,
            board,
            keeping,
            failed: None,
        }
    }

    /// Holds the place of a puzzle that could not be read, so that the n-th
    /// answer still belongs to the n-th puzzle: `invalid` (`Case k: invalid`
    /// for [`Format::CaseLines`]), or for [`Format::Json`] an object with the
    /// `line` and the `error`.
    ///
    /// # Example
    /// ```
    /// use eight::{format::{AnswerWriter, Format}, read::Reader, Shape};
    /// let mut reader = Reader::new("\n1 2 9".as_bytes(), Shape::EIGHT).unwrap();
    /// let error = reader.next_puzzle().unwrap().unwrap().unwrap_err();
    /// let mut writer = AnswerWriter::new(Vec::new(), Format::Json);
    /// writer.write_invalid(&error).unwrap();
    /// let want = "{\"line\":2,\"error\":\"'9' is not a tile: expected 1-8 or a blank x\"}\n";
    /// assert_eq!(String::from_utf8(writer.into_inner()).unwrap(), want);
    /// ```
    pub fn write_invalid(&mut self, error: &PuzzleError) -> io::Result<()> {
        self.begin();
        let out = &mut self.scratch;
        match self.format {
            Format::Json => {
                write!(out, "{{\"line\":{},\"error\":", error.line)?;
                serde_json::to_writer(&mut *out, &error.kind.to_string())?;
                out.push(b'}');
            }
            _ => out.extend_from_slice(b"invalid"),
        }
        self.keep(Answered::Invalid);
        self.end()
    }

    /// Writes an answer that a writer made [unframed](AnswerWriter::unframed)
    /// wrote, in its place among the others, and keeps it as that writer
    /// kept it.
    pub(crate) fn write_text(&mut self, text: &[u8], kept: Option<Answered>) -> io::Result<()> {
        if let Some(answered) = kept {
            self.keep(answered);
        }
        self.begin();
        self.out.write_all(&self.scratch)?;
        self.scratch.clear();
        self.out.write_all(text)
    }

    /// Starts an answer in the scratch buffer, after a blank line if one
    /// goes between answers and with its case number where it has one.
    fn begin(&mut self) {
        self.scratch.clear();
        self.held.clear();
        if !self.framed {
            return;
        }
        if self.format.spaced() && self.written > 0 {
            self.scratch.push(b'\n');
        }
        self.written += 1;
        self.case += 1;
        if self.format.numbered() {
            // Writing into memory cannot fail.
            let _ = write!(self.scratch, "Case {}: ", self.case);
        }
    }

    /// Ends the answer's last line and writes it out.
    fn end(&mut self) -> io::Result<()> {
        self.scratch.push(b'\n');
        self.out.write_all(&self.scratch)?;
        self.scratch.clear();
        Ok(())
    }

    /// Flushes what is buffered below.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl AnswerWriter<Vec<u8>> {
    /// A writer of answers without their blank lines or case numbers, for
    /// a worker thread: [`AnswerWriter::write_text`] places them. With
    /// `kept_moves`, it keeps the answers it is told to
    /// ([`AnswerWriter::keep_next`]) with that many of their moves
    /// ([`AnswerWriter::kept_moves`]), for the writer that places them.
    pub(crate) fn unframed(format: Format, kept_moves: Option<usize>) -> AnswerWriter<Vec<u8>> {
        let mut writer = AnswerWriter {
            framed: false,
            ..AnswerWriter::new(Vec::new(), format)
        };
        if let Some(moves) = kept_moves {
            writer.keep_answers(0, moves);
        }
        writer
    }

    /// Keeps the next answer, where [`AnswerWriter::unframed`] was told
    /// to keep answers: one the writer that places them will keep.
    pub(crate) fn keep_next(&mut self) {
        if let Some(keep) = &mut self.keep {
            keep.answers = keep.kept.len() + 1;
        }
    }

    /// The answer written since the last call, and what was kept of it;
    /// the next is kept only if [`AnswerWriter::keep_next`] says so.
    pub(crate) fn take_answer(&mut self) -> (Vec<u8>, Option<Answered>) {
        let kept = self.keep.as_mut().and_then(|keep| {
            keep.answers = 0;
            keep.kept.pop()
        });
        (std::mem::take(&mut self.out), kept)
    }
}

/// One answer on its way out: [`AnswerWriter::answer`] starts it, the
/// engine hands it the moves as they come, and the verdict finishes it.
pub struct Answer<'a, W> {
    writer: &'a mut AnswerWriter<W>,
    moves: u64,
    shortest: bool,
    /// Whether the board is 3×3 (see [`Shown::EIGHT`]).
    eight: bool,
    /// The board after the moves so far, in `steps`.
    board: Option<Grid>,
    /// The answer as data, where the writer keeps it.
    keeping: Option<Keeping>,
    /// The first write that failed: [`Answer::moves`] then breaks, so the
    /// engine stops, and [`Answer::finish`] reports it.
    failed: Option<io::Error>,
}

impl<W: Write> Answer<'_, W> {
    /// The next moves of the solution. Breaks once a write has failed
    /// (a reader that went away, a full disk): the engine should stop
    /// then, and [`Answer::finish`] gives the error.
    pub fn moves(&mut self, steps: &[Move]) -> ControlFlow<()> {
        let writer = &mut *self.writer;
        if let (Some(keeping), Some(keep)) = (&mut self.keeping, &writer.keep) {
            let room = keep.moves.saturating_sub(keeping.moves.len());
            keeping.moves.extend(steps.iter().take(room));
        }
        let (out, held) = (&mut writer.scratch, &mut writer.held);
        match writer.format {
            Format::Moves(words) => match words.most {
                None => out.extend(steps.iter().map(|&step| words.letter(step))),
                // Beyond the limit the answer is the words for none.
                Some(most) => {
                    let room = most.saturating_sub(held.len());
                    held.extend(steps.iter().take(room).map(|&step| words.letter(step)));
                }
            },
            Format::Json if !self.eight => {
                if self.moves == 0 && !steps.is_empty() {
                    let shortest = self.shortest;
                    let _ = write!(
                        out,
                        "\"solvable\":true,\"shortest\":{shortest},\"moves\":\""
                    );
                }
                out.extend(steps.iter().map(|step| step.letter()));
            }
            Format::Json | Format::CaseLines => held.extend(steps.iter().map(|step| step.letter())),
            Format::Steps => {
                if let Some(board) = &mut self.board {
                    for (number, &step) in (self.moves + 1..).zip(steps) {
                        board.apply(step);
                        let _ = writeln!(out, "step {number}: {}", char::from(step.letter()));
                        write_rows(out, board);
                    }
                }
            }
            Format::Count | Format::Solvability { .. } => {}
        }
        self.moves += steps.len() as u64;
        match out.len() >= SPILL {
            true => self.spill(),
            false => ControlFlow::Continue(()),
        }
    }

    /// Sends out what the scratch buffer holds, unless a write failed
    /// before; breaks if one has.
    #[cold]
    fn spill(&mut self) -> ControlFlow<()> {
        let writer = &mut *self.writer;
        if self.failed.is_none() {
            self.failed = writer.out.write_all(&writer.scratch).err();
        }
        writer.scratch.clear();
        match self.failed {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }

    /// Ends the answer with the engine's verdict and writes it out.
    pub fn finish(self, verdict: Solution) -> io::Result<()> {
        let writer = self.writer;
        let (out, held) = (&mut writer.scratch, &writer.held);
        let solved = verdict != Solution::Unsolvable;
        let moves = self.moves;
        let shortest = self.shortest && verdict != Solution::NotShortest;
        match writer.format {
            Format::Moves(words)
                if !solved || words.most.is_some_and(|most| moves > most as u64) =>
            {
                out.extend_from_slice(words.unsolvable.as_bytes())
            }
            Format::Moves(_) => out.extend_from_slice(held),
            Format::Count if solved => write!(out, "{moves}")?,
            Format::Count => out.extend_from_slice(b"-1"),
            Format::CaseLines if solved => {
                writeln!(out, "{moves}")?;
                out.extend_from_slice(held);
            }
            Format::Json if self.eight && solved => {
                write!(out, "\"solvable\":true,\"length\":{moves},\"moves\":\"")?;
                out.extend_from_slice(held);
                out.extend_from_slice(b"\"}");
            }
            Format::Json if self.eight => {
                out.extend_from_slice(b"\"solvable\":false,\"length\":null,\"moves\":null}")
            }
            Format::Json if !solved => write!(
                out,
                "\"solvable\":false,\"shortest\":{shortest},\"moves\":null,\"length\":null}}"
            )?,
            Format::Json if moves == 0 => write!(
                out,
                "\"solvable\":true,\"shortest\":{shortest},\"moves\":\"\",\"length\":0}}"
            )?,
            Format::Json => write!(out, "\",\"length\":{moves}}}")?,
            Format::Steps if solved => {
                out.extend_from_slice(counted(moves, "move").as_bytes());
                if !shortest {
                    out.extend_from_slice(b", not necessarily the fewest");
                }
            }
            Format::CaseLines | Format::Steps => out.extend_from_slice(b"unsolvable"),
            Format::Solvability { yes, no } => {
                out.extend_from_slice(if solved { yes } else { no }.as_bytes())
            }
        }
        if let Some(error) = self.failed {
            out.clear();
            return Err(error);
        }
        if let Some(Keeping { start, goal, moves }) = self.keeping {
            writer.keep(match solved {
                true => Answered::Solved {
                    start,
                    goal,
                    moves,
                    length: self.moves,
                    fewest: shortest,
                },
                false => Answered::Unsolvable { start, goal },
            });
        }
        writer.end()
    }
}

/// Decimal digits of `n`, for the widths of aligned columns.
pub(crate) fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// `grid` as rows indented by two spaces, each cell right-aligned to the
/// width of the largest tile, the blank written `x`: the grids of `steps`.
fn write_rows(out: &mut Vec<u8>, grid: &Grid) {
    let width = digits(grid.tiles().len() as u64 - 1);
    // Writing into memory cannot fail.
    for row in grid.tiles().chunks(grid.shape().columns) {
        out.extend_from_slice(b" ");
        for &tile in row {
            let _ = match tile {
                BLANK => write!(out, " {:>width$}", "x"),
                _ => write!(out, " {tile:>width$}"),
            };
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{parse_board, PuzzleErrorKind};

    /// What `writer` writes for a one-move puzzle, a solved one, an
    /// unsolvable one and a bad one, in that order.
    fn four_answers(mut writer: AnswerWriter<Vec<u8>>) -> String {
        let one_move = Board::GOAL.apply(Move::Left).unwrap();
        let swapped = parse_board("21345678x").unwrap();
        let answers = [
            (one_move, Solution::Solved, &[Move::Right][..]),
            (Board::GOAL, Solution::Solved, &[][..]),
            (swapped, Solution::Unsolvable, &[][..]),
        ];
        for (start, verdict, path) in &answers {
            let mut answer = writer.answer(start, &Board::GOAL, true);
            let _ = answer.moves(path);
            answer.finish(*verdict).unwrap();
        }
        let error = PuzzleError {
            line: 7,
            kind: PuzzleErrorKind::Repeated(3),
        };
        writer.write_invalid(&error).unwrap();
        String::from_utf8(writer.into_inner()).unwrap()
    }

    #[test]
    fn every_format_writes_every_kind_of_answer() {
        let steps = "\
start
  1 2 3
  4 5 6
  7 x 8
step 1: r
  1 2 3
  4 5 6
  7 8 x
1 move

start
  1 2 3
  4 5 6
  7 8 x
0 moves

start
  2 1 3
  4 5 6
  7 8 x
unsolvable

invalid
";
        let json = [
            r#"{"puzzle":"1234567x8","goal":"12345678x","solvable":true,"length":1,"moves":"r"}"#,
            r#"{"puzzle":"12345678x","goal":"12345678x","solvable":true,"length":0,"moves":""}"#,
            r#"{"puzzle":"21345678x","goal":"12345678x","solvable":false,"length":null,"moves":null}"#,
            r#"{"line":7,"error":"tile '3' appears twice"}"#,
            "",
        ]
        .join("\n");
        let spaced = Format::Moves(Moves::SPACED);
        let cases: &[(Format, &str)] = &[
            (Format::MOVES, "r\n\nunsolvable\ninvalid\n"),
            (spaced, "r\n\n\n\nunsolvable\n\ninvalid\n"),
            (Format::Count, "1\n0\n-1\ninvalid\n"),
            (Format::Steps, steps),
            (Format::Json, &json),
            (
                Format::CaseLines,
                "Case 1: 1\nr\nCase 2: 0\n\nCase 3: unsolvable\nCase 4: invalid\n",
            ),
        ];
        for &(format, want) in cases {
            let writer = AnswerWriter::new(Vec::new(), format);
            assert_eq!(four_answers(writer), want, "{format:?}");
        }
    }

    #[test]
    fn kept_answers_are_the_first_ones_with_their_first_moves_and_the_text_is_unchanged() {
        let keeping = |format| {
            let mut writer = AnswerWriter::new(Vec::new(), format);
            writer.keep_answers(3, 0);
            writer
        };
        for format in Format::CHOICES {
            let plain = four_answers(AnswerWriter::new(Vec::new(), format));
            assert_eq!(four_answers(keeping(format)), plain, "{format:?}");
        }
        let mut writer = keeping(Format::Steps);
        let start = Board::GOAL.apply(Move::Left).unwrap();
        for _ in 0..4 {
            let mut answer = writer.answer(&start, &Board::GOAL, false);
            let _ = answer.moves(&[Move::Right]);
            answer.finish(Solution::NotShortest).unwrap();
        }
        let kept = Answered::Solved {
            start: Grid::from(&start),
            goal: Grid::from(&Board::GOAL),
            moves: Vec::new(),
            length: 1,
            fewest: false,
        };
        assert_eq!(writer.kept(), [kept.clone(), kept.clone(), kept]);
        let mut writer = AnswerWriter::new(Vec::new(), Format::MOVES);
        writer.keep_answers(2, 5);
        let swapped = parse_board("21345678x").unwrap();
        writer
            .answer(&swapped, &Board::GOAL, true)
            .finish(Solution::Unsolvable)
            .unwrap();
        let error = PuzzleError {
            line: 2,
            kind: PuzzleErrorKind::Repeated(3),
        };
        writer.write_invalid(&error).unwrap();
        writer.write_invalid(&error).unwrap();
        let unsolvable = Answered::Unsolvable {
            start: Grid::from(&swapped),
            goal: Grid::from(&Board::GOAL),
        };
        assert_eq!(writer.kept(), [unsolvable, Answered::Invalid]);
    }
}
