//! The answer side of the special judge: a judge's output read back one
//! case at a time, in the layout that judge prints.
//!
//! POJ 1077, Luogu P1379 and AcWing 845 give every case one line. UVa 652
//! puts a blank line between answers; any number of blank lines is taken
//! there, with one exception. A puzzle already at its goal is answered by
//! an empty line, which looks like the blank lines around it, so for such
//! a puzzle the first blank line after the separator is its answer. HDU
//! 3567 gives every case a `Case k: n` line, and under it a line of moves
//! when that line gives a length.
//!
//! Lines are held one at a time (two for HDU 3567), none longer than the
//! boards need ([`MAX_ANSWER_LINE`] on 3×3), so memory stays flat whatever
//! the answers hold.

use std::fmt;
use std::io::{self, BufRead, Read};

use crate::format::Format;
use crate::shape::Shape;
use crate::verify::case_lines::CaseLine;
use crate::verify::{Rejection, Reply};
use crate::words::counted;

/// The longest answer line judged: a million moves, far beyond any
/// sensible answer to an 8-puzzle.
pub const MAX_ANSWER_LINE: usize = 1 << 20;

/// The longest answer line judged on a board of any size: 512 MiB, the
/// constructive method's answer to a board of about 590×590.
pub const MAX_GRID_LINE: usize = 512 << 20;

/// The most bytes an answer line may hold on boards of `shape` (`None` when
/// each case gives its own): 4096 per cell (the constructive method's
/// answers take about 2.6·side per cell on a square board: 260 on 100×100,
/// 400 on 150×150), at least [`MAX_ANSWER_LINE`] and at most
/// [`MAX_GRID_LINE`], since a line is held whole while it is judged.
pub(crate) fn line_limit(shape: Option<Shape>) -> usize {
    let wanted = shape.map_or(0, |shape| shape.cells().saturating_mul(4096));
    wanted.clamp(MAX_ANSWER_LINE, MAX_GRID_LINE)
}

/// Answer lines left over after the last case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// How many.
    pub lines: u64,
    /// The line number of the first, from 1.
    pub first_line: u64,
}

/// What reading one line found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// A line, now in the buffer without its `\n`.
    Text,
    /// A line longer than the limit, skipped.
    Overlong,
    /// The end of the answers.
    End,
}

/// Reads the answers to one case after another in one [`Format`].
pub struct AnswerReader<R> {
    lines: Lines<R>,
    format: Format,
    /// The line last read.
    line: Vec<u8>,
    /// HDU 3567's moves line, read while its case line is still in `line`.
    moves: Vec<u8>,
    /// What `line` holds when it was read ahead and not used yet: UVa 652
    /// looks for a separator that may not be there.
    held: Option<Next>,
}

impl<R: BufRead> AnswerReader<R> {
    /// A reader of `input` laid out as `format` says, in lines of up to
    /// `limit` bytes; it reads nothing yet.
    pub fn new(input: R, format: Format, limit: usize) -> AnswerReader<R> {
        AnswerReader {
            lines: Lines {
                input,
                number: 0,
                ended: false,
                limit,
            },
            format,
            line: Vec::new(),
            moves: Vec::new(),
            held: None,
        }
    }

    /// The answer to the next case, or why there is none to judge: the
    /// answers ended, or a line of it is longer than the reader takes and
    /// was skipped unread. `at_goal` says that the case's puzzle is already
    /// at its goal, which only UVa 652's layout needs to know (see the
    /// [module](self)). HDU 3567's case line comes with the moves line
    /// under it when it gives a length.
    pub fn next_reply(&mut self, at_goal: bool) -> io::Result<Result<Reply<'_>, Rejection>> {
        let next = match self.format.spaced() {
            true => self.next_spaced(at_goal)?,
            false => self.next_line()?,
        };
        let under = next == Next::Text
            && self.format.numbered()
            && CaseLine::parse(&self.line).has_moves_line();
        let moves = match under {
            true => self.lines.read(&mut self.moves)?,
            false => Next::End,
        };
        let limit = self.lines.limit;
        Ok(match (next, moves) {
            (Next::End, _) => Err(Rejection::NoAnswer),
            (Next::Overlong, _) | (_, Next::Overlong) => Err(Rejection::Overlong { limit }),
            (Next::Text, moves) => Ok(Reply {
                line: &self.line,
                moves: (moves == Next::Text).then_some(&self.moves[..]),
            }),
        })
    }

    /// After the last case: the answer lines left over, if any. Blank lines
    /// between UVa 652's answers may trail the last one, so they are not
    /// counted.
    pub fn leftover(&mut self) -> io::Result<Option<Extra>> {
        let mut extra: Option<Extra> = None;
        loop {
            match self.next_line()? {
                Next::End => return Ok(extra),
                Next::Text if self.format.spaced() && is_blank(&self.line) => {}
                Next::Text | Next::Overlong => {
                    let first_line = self.lines.number;
                    extra
                        .get_or_insert(Extra {
                            lines: 0,
                            first_line,
                        })
                        .lines += 1;
                }
            }
        }
    }

    /// The next line into `line`: the one held back, or a new one.
    fn next_line(&mut self) -> io::Result<Next> {
        match self.held.take() {
            Some(next) => Ok(next),
            None => self.lines.read(&mut self.line),
        }
    }

    /// UVa 652: one blank line between answers, any number taken; none
    /// before the first, which is the first line read.
    fn next_spaced(&mut self, at_goal: bool) -> io::Result<Next> {
        if self.lines.number > 0 {
            let next = self.next_line()?;
            if !(next == Next::Text && is_blank(&self.line)) {
                self.held = Some(next);
            }
        }
        loop {
            let next = self.next_line()?;
            if at_goal || !(next == Next::Text && is_blank(&self.line)) {
                return Ok(next);
            }
        }
    }
}

/// Whether `line` holds nothing but whitespace.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// U+FEFF in UTF-8, which some editors write at the start of a file.
const BOM: &[u8] = "\u{feff}".as_bytes();

/// The lines of a byte stream, each read into a buffer the caller keeps.
struct Lines<R> {
    input: R,
    /// The number of the line last read, from 1.
    number: u64,
    /// The end was seen: a terminal would wait for more if asked again.
    ended: bool,
    /// The longest line read; a longer one is skipped.
    limit: usize,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line into `buffer`, without its `\n`. Text after the
    /// last `\n` is a line; an empty stream has none.
    ///
    /// A byte-order mark at the start of the stream is not part of the
    /// first line, whatever the layout, as it is not part of the first
    /// puzzle; a stream that holds nothing else is empty.
    fn read(&mut self, buffer: &mut Vec<u8>) -> io::Result<Next> {
        buffer.clear();
        if self.ended {
            return Ok(Next::End);
        }
        let first = self.number == 0;
        let mark = if first { BOM.len() } else { 0 };
        let limit = (self.limit + mark) as u64 + 1;
        (&mut self.input).take(limit).read_until(b'\n', buffer)?;
        if first && buffer.starts_with(BOM) {
            buffer.drain(..BOM.len());
        }
        if buffer.is_empty() {
            self.ended = true;
            return Ok(Next::End);
        }
        self.number += 1;
        if buffer.last() == Some(&b'\n') {
            buffer.pop();
        } else if buffer.len() > self.limit {
            buffer.clear();
            // Past the next `\n`, or to the end.
            self.input.skip_until(b'\n')?;
            return Ok(Next::Overlong);
        }
        Ok(Next::Text)
    }
}

/// `answers: 2 lines beyond the last puzzle, from line 14`.
impl fmt::Display for Extra {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = counted(self.lines, "line");
        let first = self.first_line;
        write!(
            f,
            "answers: {lines} beyond the last puzzle, from line {first}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Moves;

    /// UVa 652's answers: moves with blank lines between them.
    const SPACED: Format = Format::Moves(Moves::SPACED);

    /// Reads one slot per entry of `at_goal` from `text`, then what is left
    /// over; a slot is shown as its line, `case|moves`, `overlong` or
    /// `missing`, and the lines left over as `+n from line k`.
    fn read(text: &[u8], format: Format, at_goal: &[bool]) -> Vec<String> {
        let mut reader = AnswerReader::new(text, format, MAX_ANSWER_LINE);
        let show = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        let mut slots = Vec::new();
        for &at_goal in at_goal {
            let slot = match reader.next_reply(at_goal).unwrap() {
                Ok(Reply { line, moves: None }) => show(line),
                Ok(Reply {
                    line,
                    moves: Some(moves),
                }) => format!("{}|{}", show(line), show(moves)),
                Err(Rejection::Overlong { .. }) => "overlong".to_string(),
                Err(_) => "missing".to_string(),
            };
            slots.push(slot);
        }
        if let Some(Extra { lines, first_line }) = reader.leftover().unwrap() {
            slots.push(format!("+{lines} from line {first_line}"));
        }
        slots
    }

    /// Answers, their layout, which cases are at their goal, and what
    /// [`read`] shows of them.
    type Case = (
        &'static [u8],
        Format,
        &'static [bool],
        &'static [&'static str],
    );

    #[test]
    fn every_layout_reads_its_answers_and_counts_the_lines_left_over() {
        use Format::{CaseLines, Count};
        const MOVES: Format = Format::MOVES;
        let hdu = b"Case 1: 2\ndd\nCase 2: unsolvable\nCase 3: invalid\nCase 4: 0\n\nCase 5: 1\n";
        let cases: &[Case] = &[
            // Lines are answers one for one.
            (
                b"d\r\n\nr\n-1\n",
                MOVES,
                &[false; 3],
                &["d\r", "", "r", "+1 from line 4"],
            ),
            (b"4\n-1", Count, &[false; 3], &["4", "-1", "missing"]),
            // A puzzle at its goal takes the blank line in its place, first,
            // between others and last.
            (
                b"\n\nr\n\n\n\nd\n\n\n",
                SPACED,
                &[true, false, true, false, true],
                &["", "r", "", "d", ""],
            ),
            // Two in a row, with room to spare before the next answer.
            (
                b"\n\n\n\n\n\nr\n",
                SPACED,
                &[true, true, false],
                &["", "", "r"],
            ),
            (b"", SPACED, &[true], &["missing"]),
            // UVa 652's leftovers count answers, not blank lines.
            (
                b"d\n\nr\n\n\nu\n\nl\n\n",
                SPACED,
                &[false],
                &["d", "+3 from line 3"],
            ),
            // HDU 3567's cases take a moves line only under a length.
            (
                hdu,
                CaseLines,
                &[false; 6],
                &[
                    "Case 1: 2|dd",
                    "Case 2: unsolvable",
                    "Case 3: invalid",
                    "Case 4: 0|",
                    "Case 5: 1",
                    "missing",
                ],
            ),
            (
                b"Case 1: 2\ndd\nCase 2: 2\ndd\n",
                CaseLines,
                &[false],
                &["Case 1: 2|dd", "+2 from line 3"],
            ),
            // A byte-order mark at the start is no part of the first line,
            // even an empty one (every layout's: tests/cli/verify_judge.rs);
            // a stream of nothing but the mark is empty.
            (b"\xef\xbb\xbf\nr\n", MOVES, &[true, false], &["", "r"]),
            (b"\xef\xbb\xbf", MOVES, &[false], &["missing"]),
            // Only the first line's mark: later ones are text.
            (
                b"d\n\xef\xbb\xbfr\n",
                MOVES,
                &[false; 2],
                &["d", "\u{feff}r"],
            ),
        ];
        // UVa 652's answers with the blank lines left out, and doubled,
        // leading and trailing (as eight writes them, and a missing answer
        // after blank lines to spare, or a puzzle at its goal without its
        // blank line: tests/cli/verify_judge.rs).
        let uva: [&[u8]; 2] = [
            b"dd\nr\nunsolvable",
            b"\n\ndd\n\n\n\nr\n \r\nunsolvable\n\n\n",
        ];
        let want: &[&str] = &["dd", "r", "unsolvable"];
        let uva = uva.map(|text| (text, SPACED, &[false; 3][..], want));
        for &(text, format, at_goal, want) in cases.iter().chain(&uva) {
            let text_shown = String::from_utf8_lossy(text);
            assert_eq!(read(text, format, at_goal), want, "{text_shown:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_does_not_count_against_the_first_line_s_limit() {
        let mut text = b"\xef\xbb\xbf".to_vec();
        text.extend(std::iter::repeat_n(b'r', MAX_ANSWER_LINE));
        let slots = read(&text, Format::MOVES, &[false]);
        assert_eq!(slots[0].len(), MAX_ANSWER_LINE);
    }

    #[test]
    fn an_overlong_line_is_skipped_unread_whichever_line_it_is() {
        let mut text = b"Case 1: 2\n".to_vec();
        text.extend(std::iter::repeat_n(b'd', MAX_ANSWER_LINE + 1));
        text.extend_from_slice(b"\nCase 2: 1\nr\n");
        let slots = read(&text, Format::CaseLines, &[false; 2]);
        assert_eq!(slots, ["overlong", "Case 2: 1|r"]);

        let mut text = vec![b'r'; MAX_ANSWER_LINE];
        text.extend_from_slice(b"\n");
        text.extend(std::iter::repeat_n(b'l', MAX_ANSWER_LINE + 1));
        text.extend_from_slice(b"\n\nr\n");
        let slots = read(&text, SPACED, &[false; 3]);
        assert_eq!(slots[0].len(), MAX_ANSWER_LINE);
        assert_eq!(slots[1..], ["overlong", "r"]);
    }
}
