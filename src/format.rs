//! Answers: how a solved, unsolvable or invalid puzzle is written.
//!
//! Output goes through one reusable scratch buffer per writer so that a batch
//! of millions of puzzles allocates nothing per answer.
//!
//! The `steps` layout, for people: a paragraph per puzzle, blank lines
//! between paragraphs. Each board is a grid of [`SIDE`] rows indented by two
//! spaces, tiles separated by one space and the blank written `x`; a label
//! line stands above each grid (`start`, then `step 1: u` and so on), and a
//! closing line gives the number of moves (`19 moves`) or says `unsolvable`.
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

use std::fmt::{self, Write as _};
use std::io::{self, Write};

use serde::{Serialize, Serializer};

use crate::board::{tile_char, Board, SIDE};
use crate::moves::Move;
use crate::read::{PuzzleError, PuzzleErrorKind};
use crate::solver::Solution;

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
        match self {
            Format::Steps => true,
            Format::Moves(moves) => moves.spaced,
            _ => false,
        }
    }

    /// What the special judge accepts in this format, for `verify --help`;
    /// `None` for the formats written for people and programs, which it
    /// does not read.
    pub fn accepts(self) -> Option<String> {
        let text = match self {
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
        };
        Some(text)
    }
}

/// A puzzle together with what the solver made of it.
#[derive(Clone, Copy, Debug)]
pub struct Answer<'a> {
    /// The puzzle as read.
    pub start: &'a Board,
    /// The goal it was solved towards.
    pub goal: &'a Board,
    /// Whether it was solved.
    pub verdict: Solution,
    /// A shortest solution when solved, else empty.
    pub path: &'a [Move],
}

/// Writes answers in one [`Format`].
pub struct AnswerWriter<W> {
    out: W,
    format: Format,
    /// Answers written so far, the invalid ones included.
    written: u64,
    /// The number of the last case in the current input, for `Case k`:
    /// each input is a judge's test file of its own, numbered from 1.
    case: u64,
    /// One answer, built here and written in one call.
    scratch: Vec<u8>,
}

impl<W: Write> AnswerWriter<W> {
    /// A writer of `format` answers to `out`; buffer `out` yourself.
    pub fn new(out: W, format: Format) -> AnswerWriter<W> {
        AnswerWriter {
            out,
            format,
            written: 0,
            case: 0,
            scratch: Vec::with_capacity(128),
        }
    }

    /// Numbers the next case 1 again: the answers that follow belong to
    /// another input, which numbers its cases from 1.
    pub fn start_input(&mut self) {
        self.case = 0;
    }

    /// Writes one answer.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, format::{Answer, AnswerWriter, Format}, moves::Move, solver::Solution};
    /// let start = Board::GOAL.apply(Move::Up).unwrap();
    /// let mut writer = AnswerWriter::new(Vec::new(), Format::MOVES);
    /// let answer = Answer { start: &start, goal: &Board::GOAL, verdict: Solution::Solved, path: &[Move::Down] };
    /// writer.write_answer(&answer).unwrap();
    /// assert_eq!(writer.into_inner(), b"d\n");
    /// ```
    pub fn write_answer(&mut self, answer: &Answer<'_>) -> io::Result<()> {
        self.begin();
        let solved = answer.verdict == Solution::Solved;
        let out = &mut self.scratch;
        match self.format {
            Format::Moves(moves)
                if solved && moves.most.is_none_or(|most| answer.path.len() <= most) =>
            {
                out.extend(answer.path.iter().map(|&step| moves.letter(step)))
            }
            Format::Moves(moves) => out.extend_from_slice(moves.unsolvable.as_bytes()),
            Format::Count if solved => write!(out, "{}", answer.path.len())?,
            Format::Count => out.extend_from_slice(b"-1"),
            Format::Steps => write_steps(out, answer)?,
            Format::Json => serde_json::to_writer(&mut *out, &JsonAnswer::new(answer))?,
            Format::CaseLines if solved => {
                writeln!(out, "Case {}: {}", self.case, answer.path.len())?;
                out.extend(answer.path.iter().map(|m| m.letter()));
            }
            Format::CaseLines => write!(out, "Case {}: unsolvable", self.case)?,
            Format::Solvability { yes, .. } if solved => out.extend_from_slice(yes.as_bytes()),
            Format::Solvability { no, .. } => out.extend_from_slice(no.as_bytes()),
        }
        self.end()
    }

    /// Holds the place of a puzzle that could not be read, so that the n-th
    /// answer still belongs to the n-th puzzle: `invalid` (`Case k: invalid`
    /// for [`Format::CaseLines`]), or for [`Format::Json`] an object with the
    /// `line` and the `error`.
    ///
    /// # Example
    /// ```
    /// use eight::{format::{AnswerWriter, Format}, read::{BoardReader, ReadError}};
    /// let Err(ReadError::Bad(error)) = BoardReader::new("\n1 2 9".as_bytes()).next_puzzle() else {
    ///     panic!("a bad puzzle");
    /// };
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
                let invalid = JsonInvalid {
                    line: error.line,
                    error: &error.kind,
                };
                serde_json::to_writer(&mut *out, &invalid)?;
            }
            Format::CaseLines => write!(out, "Case {}: invalid", self.case)?,
            _ => out.extend_from_slice(b"invalid"),
        }
        self.end()
    }

    /// Starts an answer in the scratch buffer, after a blank line if one
    /// goes between answers.
    fn begin(&mut self) {
        self.scratch.clear();
        if self.format.spaced() && self.written > 0 {
            self.scratch.push(b'\n');
        }
        self.written += 1;
        self.case += 1;
    }

    /// Ends the answer's last line and writes it out.
    fn end(&mut self) -> io::Result<()> {
        self.scratch.push(b'\n');
        self.out.write_all(&self.scratch)
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

/// The steps layout (see the [module](self)) of one answer, all but its
/// last line ended.
fn write_steps(out: &mut Vec<u8>, answer: &Answer<'_>) -> io::Result<()> {
    out.extend_from_slice(b"start\n");
    write_grid(out, answer.start)?;
    let mut board = *answer.start;
    for (number, &step) in (1..).zip(answer.path) {
        // The path solves the start, so every step stays on the board.
        let Some(next) = board.apply(step) else { break };
        board = next;
        writeln!(out, "step {number}: {}", char::from(step.letter()))?;
        write_grid(out, &board)?;
    }
    match (answer.verdict, answer.path.len()) {
        (Solution::Unsolvable, _) => write!(out, "unsolvable"),
        (Solution::Solved, 1) => write!(out, "1 move"),
        (Solution::Solved, length) => write!(out, "{length} moves"),
    }
}

/// `board` as [`SIDE`] rows, each indented by two spaces.
fn write_grid(out: &mut Vec<u8>, board: &Board) -> io::Result<()> {
    for row in board.tiles().chunks(SIDE) {
        out.extend_from_slice(b"  ");
        for (column, &tile) in row.iter().enumerate() {
            if column > 0 {
                out.push(b' ');
            }
            write!(out, "{}", tile_char(tile))?;
        }
        out.push(b'\n');
    }
    Ok(())
}

/// One [`Format::Json`] answer.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    #[serde(serialize_with = "as_text")]
    puzzle: &'a Board,
    #[serde(serialize_with = "as_text")]
    goal: &'a Board,
    solvable: bool,
    length: Option<usize>,
    moves: Option<Letters<'a>>,
}

impl<'a> JsonAnswer<'a> {
    fn new(answer: &Answer<'a>) -> JsonAnswer<'a> {
        let solvable = answer.verdict == Solution::Solved;
        JsonAnswer {
            puzzle: answer.start,
            goal: answer.goal,
            solvable,
            length: solvable.then_some(answer.path.len()),
            moves: solvable.then_some(Letters(answer.path)),
        }
    }
}

/// One [`Format::Json`] invalid puzzle.
#[derive(Serialize)]
struct JsonInvalid<'a> {
    line: u64,
    #[serde(serialize_with = "as_text")]
    error: &'a PuzzleErrorKind,
}

/// Serializes a value as the string its `Display` writes.
fn as_text<T: fmt::Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Moves as their letters, written straight into JSON.
struct Letters<'a>(&'a [Move]);

impl fmt::Display for Letters<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0
            .iter()
            .try_for_each(|m| f.write_char(char::from(m.letter())))
    }
}

impl Serialize for Letters<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_board;

    /// What `writer` writes for a one-move puzzle, a solved one, an
    /// unsolvable one and a bad one, in that order.
    fn four_answers(writer: AnswerWriter<Vec<u8>>) -> String {
        let mut writer = writer;
        let one_move = Board::GOAL.apply(Move::Left).unwrap();
        let swapped = parse_board("21345678x").unwrap();
        let answers = [
            (one_move, Solution::Solved, &[Move::Right][..]),
            (Board::GOAL, Solution::Solved, &[][..]),
            (swapped, Solution::Unsolvable, &[][..]),
        ];
        for (start, verdict, path) in &answers {
            let answer = Answer {
                start,
                goal: &Board::GOAL,
                verdict: *verdict,
                path,
            };
            writer.write_answer(&answer).unwrap();
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
        let spaced = Format::Moves(Moves {
            spaced: true,
            ..Moves::PLAIN
        });
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
}
