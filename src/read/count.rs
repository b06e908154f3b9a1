//! The lines between puzzles, and with them each reader's [`Source`] for
//! a case reader: the number of cases a counted judge input puts first,
//! and the header before each board that gives its shape (POJ 2893, POJ
//! 3240). The 3×3 [`BoardReader`] reads a count from its byte stream with
//! at most a few bytes of it kept; the [`GridReader`] reads the whole line.

use std::convert::Infallible;
use std::io::{self, BufRead};

use crate::board::Board;
use crate::grid::Grid;
use crate::read::board::{feed, BoardReader};
use crate::read::frame::{CaseError, FrameError, Header, Source};
use crate::read::scan::{Char, Decoder, NEWLINE, SEPARATOR};
use crate::read::{digits, quoted, GridReader, Item, QUOTED};
use crate::shape::Shape;

impl<R: BufRead> Source for BoardReader<R> {
    type Board = Board;
    type Header = Infallible;

    fn next_item(&mut self) -> io::Result<Option<Item<Board>>> {
        BoardReader::next_item(self)
    }

    fn item_line(&self) -> u64 {
        self.item_line
    }

    fn read_count(&mut self) -> Result<(u64, u64), CaseError> {
        let separator = |char: &Char| char.class == SEPARATOR;
        let layout = &mut self.scanner.layout;
        // `read_text` counts the lines begun; the 3×3 scanner stands on the
        // line after the last line break, here at a line's start.
        let before = layout.line - 1;
        let (mut line, mut line_start) = (before, true);
        let decoder = &mut self.scanner.decoder;
        let (text, all) = read_text(
            &mut self.input,
            decoder,
            separator,
            &mut line,
            &mut line_start,
        )
        .map_err(CaseError::Read)?;
        self.exhausted = all;
        layout.line = line + u64::from(line_start);
        let line = match text.text() {
            None if line > before => layout.line,
            // Nothing at all: line 0, which [`count`] calls empty.
            None => 0,
            Some(_) => line,
        };
        count(line, text.text())
    }

    fn read_header(&mut self, header: Infallible) -> Result<Option<u64>, CaseError> {
        match header {}
    }
}

/// A count or header line as a reader keeps it: from its first character
/// that is not a separator, at most [`QUOTED`] bytes.
#[derive(Default)]
pub(super) struct CountText {
    bytes: Vec<u8>,
    /// The length up to the last character that is not a separator.
    end: usize,
    /// More than the kept bytes follow, other than separators.
    overlong: bool,
}

impl CountText {
    /// Adds `char`, a `separator` or not.
    fn push(&mut self, char: &Char, separator: bool) {
        if self.end == 0 && separator {
            return;
        }
        if self.bytes.len() + char.bytes().len() <= QUOTED {
            self.bytes.extend_from_slice(char.bytes());
            if !separator {
                self.end = self.bytes.len();
            }
        } else if !separator {
            self.overlong = true;
        }
    }

    /// The kept text without the separators after it, and whether more
    /// followed than was kept; `None` when the line was blank to the end of
    /// input.
    pub(super) fn text(&self) -> Option<(&[u8], bool)> {
        (self.end > 0).then(|| (&self.bytes[..self.end], self.overlong))
    }
}

/// Reads `input` to the end of its next line that is not blank (or of
/// input), through `decoder`, and keeps that line as a [`CountText`];
/// `separator` says which characters separate. `line` counts the lines
/// begun, each at its first byte, which `line_start` says the next byte
/// is; so it ends on the text's line. Returns too whether the last buffer
/// read was used up.
pub(super) fn read_text<R: BufRead>(
    input: &mut R,
    decoder: &mut Decoder,
    separator: fn(&Char) -> bool,
    line: &mut u64,
    line_start: &mut bool,
) -> io::Result<(CountText, bool)> {
    let (mut text, mut all) = (CountText::default(), true);
    // The text ends at the first line break after it.
    while !(*line_start && text.end > 0) {
        let fed = feed(input, |buffer| {
            let mut i = 0;
            while let Some(&byte) = buffer.get(i) {
                begin(line, line_start);
                let (char, used) = decoder.feed(byte);
                i += usize::from(used);
                let Some(char) = char else { continue };
                if char.class != NEWLINE {
                    text.push(&char, separator(&char));
                } else {
                    *line_start = true;
                    if text.end > 0 {
                        break;
                    }
                }
            }
            i
        });
        let Some(used_all) = fed? else {
            if let Some(char) = decoder.flush() {
                text.push(&char, false);
            }
            break;
        };
        all = used_all;
    }
    Ok((text, all))
}

/// Counts a line begun in `line` when the byte about to be read begins
/// one, as `line_start` says after a line break.
#[inline]
pub(super) fn begin(line: &mut u64, line_start: &mut bool) {
    if *line_start {
        *line_start = false;
        *line += 1;
    }
}

impl<R: BufRead> Source for GridReader<R> {
    type Board = Grid;
    type Header = Header;

    fn next_item(&mut self) -> io::Result<Option<Item<Grid>>> {
        self.next_puzzle()
    }

    fn item_line(&self) -> u64 {
        self.started
    }

    fn read_count(&mut self) -> Result<(u64, u64), CaseError> {
        let text = self.next_line().map_err(CaseError::Read)?;
        let text = text
            .as_ref()
            .map(|(text, overlong)| (text.as_bytes(), *overlong));
        count(self.scanner.layout.line, text)
    }

    /// Sets the shape of the board after the header: `None` at POJ 2893's
    /// `0 0` or where POJ 3240's input ends.
    fn read_header(&mut self, header: Header) -> Result<Option<u64>, CaseError> {
        let text = self.next_line().map_err(CaseError::Read)?;
        let line = self.scanner.layout.line;
        let Some((text, overlong)) = text else {
            return match header {
                Header::RowsColumns if line == 0 => Err(CaseError::Frame(FrameError::Empty {
                    expected: "its closing 0 0",
                })),
                Header::RowsColumns => Err(CaseError::Frame(FrameError::Unterminated { line })),
                Header::Side => Ok(None),
            };
        };
        let numbers: Vec<Option<u64>> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty())
            .map(number)
            .collect();
        let side = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let sides = match (header, &numbers[..]) {
            (Header::RowsColumns, [Some(0), Some(0)]) => {
                // What follows the closing line is reported, as input past
                // a count is.
                return match self.next_line().map_err(CaseError::Read)? {
                    None => Ok(None),
                    Some(_) => Err(CaseError::Frame(FrameError::AfterClosing {
                        line: self.scanner.layout.line,
                        closing_line: line,
                    })),
                };
            }
            (Header::RowsColumns, &[Some(rows), Some(columns)]) => Some((rows, columns)),
            (Header::Side, &[Some(n)]) => Some((n, n)),
            _ => None,
        };
        let sides = sides.filter(|_| !overlong);
        let expected = match header {
            Header::RowsColumns => "the rows and columns of a board, each from 2 to 999, or 0 0",
            Header::Side => "the side of a board, from 2 to 10",
        };
        let shape = sides.map(|(rows, columns)| Shape::new(side(rows), side(columns)));
        let not_a_header = || {
            CaseError::Frame(FrameError::NotAHeader {
                line,
                expected,
                found: quoted(text.as_bytes(), overlong),
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

/// The count on `line`, the text of a count line and whether more followed
/// than was kept (`None` at the end of input), or why it is not one; line 0
/// is an input with nothing at all.
fn count(line: u64, text: Option<(&[u8], bool)>) -> Result<(u64, u64), CaseError> {
    let found = match text {
        None if line == 0 => {
            return Err(CaseError::Frame(FrameError::Empty {
                expected: "the number of cases",
            }))
        }
        None => "the end of input".to_string(),
        Some((text, overlong)) => match std::str::from_utf8(text).ok().and_then(number) {
            Some(count) if !overlong => return Ok((line, count)),
            _ => quoted(text, overlong),
        },
    };
    Err(CaseError::Frame(FrameError::NotACount { line, found }))
}

/// `text` as a number when it is a run of decimal digits that fits.
fn number(text: &str) -> Option<u64> {
    digits(text.as_bytes()).and(text.parse().ok())
}
