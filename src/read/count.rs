//! The lines between puzzles, and with them each reader's [`Source`] for
//! a case reader: the number of cases a counted judge input puts first,
//! and the header before each board that gives its shape (POJ 2893, POJ
//! 3240). The 3×3 [`BoardReader`] reads a count from its byte stream with
//! at most a few bytes of it kept; the [`GridReader`] reads the whole line.

use std::convert::Infallible;
use std::io::{self, BufRead};

use crate::board::Board;
use crate::grid::Grid;
use crate::read::board::{fill_buf, BoardReader};
use crate::read::frame::{CaseError, FrameError, Header, Source};
use crate::read::scan::{Char, NEWLINE, SEPARATOR};
use crate::read::{quote, GridReader, Item, PuzzleError, PuzzleErrorKind};
use crate::shape::Shape;

/// How much of a count line a reader keeps, and a message quotes: any
/// `u64` (20 digits), with room to show what else a bad count line holds.
const QUOTED: usize = 32;

impl<R: BufRead> Source for BoardReader<R> {
    type Board = Board;
    type Header = Infallible;

    fn next_item(&mut self) -> io::Result<Option<Item<Board>>> {
        BoardReader::next_item(self)
    }

    fn item_line(&self) -> u64 {
        self.item_line
    }

    fn read_count(&mut self) -> io::Result<Result<(u64, u64), PuzzleError>> {
        let mut text = CountText::default();
        let scanner = &mut self.scanner;
        let mut empty = true;
        loop {
            let buffer = fill_buf(&mut self.input)?;
            if buffer.is_empty() {
                if empty {
                    // Nothing at all: line 0, which frames call empty.
                    return Ok(count(0, None, false));
                }
                if let Some(char) = scanner.decoder.flush() {
                    if text.push(&char, false) {
                        self.item_line = scanner.layout.line;
                    }
                }
                break;
            }
            empty = false;
            let mut i = 0;
            let mut ended = false;
            while let Some(&byte) = buffer.get(i) {
                let (char, used) = scanner.decoder.feed(byte);
                i += usize::from(used);
                let Some(char) = char else { continue };
                if char.class != NEWLINE {
                    if text.push(&char, char.class == SEPARATOR) {
                        self.item_line = scanner.layout.line;
                    }
                } else {
                    scanner.layout.line += 1;
                    if text.end > 0 {
                        ended = true;
                        break;
                    }
                }
            }
            self.exhausted = i == buffer.len();
            self.input.consume(i);
            if ended {
                break;
            }
        }
        let digits = (text.end > 0).then(|| &text.bytes[..text.end]);
        let line = match digits {
            Some(_) => self.item_line,
            None => scanner.layout.line,
        };
        Ok(count(line, digits, text.overlong))
    }

    fn read_header(&mut self, header: Infallible) -> Result<Option<u64>, CaseError> {
        match header {}
    }
}

/// A count or header line as a reader keeps it: from its first character
/// that is not a separator, at most [`QUOTED`] bytes.
#[derive(Default)]
pub(super) struct CountText {
    pub(super) bytes: Vec<u8>,
    /// The length up to the last character that is not a separator.
    pub(super) end: usize,
    /// More than the kept bytes follow, other than separators.
    pub(super) overlong: bool,
}

impl CountText {
    /// Adds `char`, a `separator` or not; `true` when the text begins
    /// with it.
    pub(super) fn push(&mut self, char: &Char, separator: bool) -> bool {
        if self.end == 0 && separator {
            return false;
        }
        let first = self.end == 0;
        if self.bytes.len() + char.bytes().len() <= QUOTED {
            self.bytes.extend_from_slice(char.bytes());
            if !separator {
                self.end = self.bytes.len();
            }
        } else if !separator {
            self.overlong = true;
        }
        first
    }
}

impl<R: BufRead> Source for GridReader<R> {
    type Board = Grid;
    type Header = Header;

    fn next_item(&mut self) -> io::Result<Option<Item<Grid>>> {
        self.next_puzzle()
    }

    fn item_line(&self) -> u64 {
        self.puzzle_line()
    }

    fn read_count(&mut self) -> io::Result<Result<(u64, u64), PuzzleError>> {
        let text = self.next_line()?;
        let (text, overlong) = match &text {
            Some((text, overlong)) => (Some(text.as_bytes()), *overlong),
            None => (None, false),
        };
        Ok(count(self.line_number(), text, overlong))
    }

    /// Sets the shape of the board after the header: `None` at POJ 2893's
    /// `0 0` or where POJ 3240's input ends.
    fn read_header(&mut self, header: Header) -> Result<Option<u64>, CaseError> {
        let text = self.next_line().map_err(CaseError::Read)?;
        let line = self.line_number();
        let Some((text, overlong)) = text else {
            return match header {
                Header::RowsColumns { .. } if line == 0 => {
                    Err(CaseError::Frame(FrameError::Empty {
                        expected: "its closing 0 0",
                    }))
                }
                Header::RowsColumns { .. } => Err(CaseError::Frame(FrameError::Unterminated {
                    line,
                    closing: "0 0",
                })),
                Header::Side { .. } => Ok(None),
            };
        };
        let numbers: Vec<Option<u64>> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty())
            .map(number)
            .collect();
        let side = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let sides = match (header, &numbers[..]) {
            (Header::RowsColumns { .. }, [Some(0), Some(0)]) => {
                // What follows the closing line is reported, as input past
                // a count is.
                return match self.next_line().map_err(CaseError::Read)? {
                    None => Ok(None),
                    Some(_) => Err(CaseError::Frame(FrameError::AfterClosing {
                        line: self.line_number(),
                        closing: "0 0",
                        closing_line: line,
                    })),
                };
            }
            (Header::RowsColumns { .. }, &[Some(rows), Some(columns)]) => Some((rows, columns)),
            (Header::Side { .. }, &[Some(n)]) => Some((n, n)),
            _ => None,
        };
        let sides = sides.filter(|_| !overlong);
        let expected = match header {
            Header::RowsColumns { .. } => {
                "the rows and columns of a board, each from 2 to 999, or 0 0"
            }
            Header::Side { .. } => "the side of a board, from 2 to 10",
        };
        let shape = sides.map(|(rows, columns)| Shape {
            rows: side(rows),
            columns: side(columns),
        });
        let not_a_header = || {
            CaseError::Frame(FrameError::NotAHeader {
                line,
                expected,
                found: quoted(&text, overlong),
            })
        };
        let shape = shape
            .filter(|&shape| header.admits(shape))
            .ok_or_else(not_a_header)?;
        // `admits` keeps every side within 2..=999, a shape the reader takes.
        self.set_shape(shape).map_err(|_| not_a_header())?;
        Ok(Some(line))
    }
}

/// The count on `line`, the text of a count line (`None` at the end of
/// input, `overlong` when more followed than was kept), or why it is not
/// one.
fn count(line: u64, text: Option<&[u8]>, overlong: bool) -> Result<(u64, u64), PuzzleError> {
    let found = match text {
        None => "the end of input".to_string(),
        Some(text) => match std::str::from_utf8(text).ok().and_then(number) {
            Some(count) if !overlong => return Ok((line, count)),
            _ => quote(
                &text[..text.len().min(QUOTED)],
                overlong || text.len() > QUOTED,
            ),
        },
    };
    Err(PuzzleError {
        line,
        kind: PuzzleErrorKind::NotACount(found),
    })
}

/// `text` as a number when it is a run of decimal digits that fits.
fn number(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

/// `text` quoted for a message, cut short past [`QUOTED`] bytes or where
/// more followed.
fn quoted(text: &str, overlong: bool) -> String {
    let bytes = text.as_bytes();
    quote(
        &bytes[..bytes.len().min(QUOTED)],
        overlong || bytes.len() > QUOTED,
    )
}
