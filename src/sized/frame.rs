//! The cases of a sized judge's input: boards of one shape until the end,
//! a count line and that many boards, or each board after a line giving its
//! shape ([`SizedFraming`]). The boards themselves are read by
//! [`SizedReader`], so a bad board costs its case only; a broken frame (a
//! count or header line that is not one, a count the boards do not match,
//! a missing `0 0`) ends the input with a [`FrameError`] naming the line.
//!
//! Nothing is kept per case, so a 999×999 board is read in memory linear in
//! its size and a long input in the memory of its largest board.

use std::io::BufRead;

use crate::frame::{CaseError, FrameError};
use crate::grid::GridError;
use crate::input::{quote, InputError, InputErrorKind};
use crate::judge::{Header, SizedFraming};
use crate::shape::Shape;
use crate::sized::read::{Read, SizedReader};

/// The longest part of a bad count or header line a message quotes.
const QUOTED: usize = 32;

/// Where the input stands.
#[derive(Clone, Copy, Debug)]
enum Progress {
    /// Boards run to the end of input.
    Open,
    /// The count line is still to be read.
    BeforeCount,
    /// `read` of the `expected` cases counted on `line` are read.
    Counting { line: u64, expected: u64, read: u64 },
    /// Used up, closed or broken: no more cases.
    Done,
}

/// Reads the cases of one input laid out as a [`SizedFraming`] says.
///
/// # Example
/// ```
/// use eight::{judge::{Header, SizedFraming}, sized::frame::SizedCases};
/// let input = "3 3\n1 0 3\n4 2 5\n7 8 6\n2 2\n1 2\n3 0\n0 0\n";
/// let framing = SizedFraming::Headed(Header::RowsColumns { most: 999 });
/// let mut cases = SizedCases::new(input.as_bytes(), framing).unwrap();
/// let first = cases.next_case().unwrap().unwrap().unwrap();
/// assert_eq!(first.shape().columns, 3);
/// let second = cases.next_case().unwrap().unwrap().unwrap();
/// assert_eq!(second.tiles(), &[1, 2, 3, 0]);
/// assert!(cases.next_case().unwrap().is_none());
/// ```
pub struct SizedCases<R> {
    reader: SizedReader<R>,
    framing: SizedFraming,
    progress: Progress,
}

impl<R: BufRead> SizedCases<R> {
    /// A reader of `input` laid out as `framing` says; it reads nothing yet.
    pub fn new(input: R, framing: SizedFraming) -> Result<SizedCases<R>, GridError> {
        let (shape, progress) = match framing {
            SizedFraming::Stream(shape) => (shape, Progress::Open),
            SizedFraming::Counted(shape) => (shape, Progress::BeforeCount),
            // Every header sets the shape before its board is read.
            SizedFraming::Headed(_) => (Shape::EIGHT, Progress::Open),
        };
        Ok(SizedCases {
            reader: SizedReader::new(input, shape)?,
            framing,
            progress,
        })
    }

    /// The next case, `None` at the end of input, or why the frame is
    /// broken; after the end or a broken frame there are no more cases.
    pub fn next_case(&mut self) -> Result<Option<Read>, CaseError> {
        let outcome = self.read_case();
        if !matches!(outcome, Ok(Some(_))) {
            self.progress = Progress::Done;
        }
        outcome
    }

    fn read_case(&mut self) -> Result<Option<Read>, CaseError> {
        if let SizedFraming::Headed(header) = self.framing {
            return match self.progress {
                Progress::Done => Ok(None),
                _ => self.headed_case(header),
            };
        }
        let ((line, expected), read) = match self.progress {
            Progress::Done => return Ok(None),
            Progress::Open => return self.reader.next_puzzle().map_err(CaseError::Read),
            Progress::BeforeCount => (self.read_count()?, 0),
            Progress::Counting {
                line,
                expected,
                read,
            } => ((line, expected), read),
        };
        let next = self.reader.next_puzzle().map_err(CaseError::Read)?;
        match next {
            Some(board) if read < expected => {
                self.progress = Progress::Counting {
                    line,
                    expected,
                    read: read + 1,
                };
                Ok(Some(board))
            }
            Some(_) => Err(CaseError::Frame(FrameError::TooMany {
                line: self.reader.puzzle_line(),
                expected,
                count_line: line,
            })),
            None if read < expected => Err(CaseError::Frame(FrameError::TooFew {
                line,
                expected,
                found: read,
            })),
            None => Ok(None),
        }
    }

    /// Reads the count line: its number and the count.
    fn read_count(&mut self) -> Result<(u64, u64), CaseError> {
        let text = self.reader.next_line().map_err(CaseError::Read)?;
        let line = self.reader.line_number();
        let not_a_count = |found: String| {
            CaseError::Frame(FrameError::NotACount(InputError {
                line,
                kind: InputErrorKind::NotACount(found),
            }))
        };
        let Some(text) = text else {
            return Err(not_a_count("the end of input".to_string()));
        };
        match number(&text) {
            Some(count) => Ok((line, count)),
            None => Err(not_a_count(quoted(&text))),
        }
    }

    /// Reads a header and the board after it.
    fn headed_case(&mut self, header: Header) -> Result<Option<Read>, CaseError> {
        let text = self.reader.next_line().map_err(CaseError::Read)?;
        let line = self.reader.line_number();
        let Some(text) = text else {
            return match header {
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
        let (shape, expected) = match (header, &numbers[..]) {
            (Header::RowsColumns { .. }, [Some(0), Some(0)]) => return Ok(None),
            (Header::RowsColumns { .. }, &[Some(rows), Some(columns)]) => (
                Some(Shape {
                    rows: side(rows),
                    columns: side(columns),
                }),
                "the rows and columns of a board, each from 2 to 999, or 0 0",
            ),
            (Header::RowsColumns { .. }, _) => (
                None,
                "the rows and columns of a board, each from 2 to 999, or 0 0",
            ),
            (Header::Side { .. }, &[Some(n)]) => (
                Some(Shape {
                    rows: side(n),
                    columns: side(n),
                }),
                "the side of a board, from 2 to 10",
            ),
            (Header::Side { .. }, _) => (None, "the side of a board, from 2 to 10"),
        };
        let Some(shape) = shape.filter(|&shape| header.admits(shape)) else {
            return Err(CaseError::Frame(FrameError::NotAHeader {
                line,
                expected,
                found: quoted(&text),
            }));
        };
        // `admits` keeps every side within 2..=999, a shape the reader takes.
        self.reader.set_shape(shape).map_err(|_| {
            CaseError::Frame(FrameError::NotAHeader {
                line,
                expected,
                found: quoted(&text),
            })
        })?;
        match self.reader.next_puzzle().map_err(CaseError::Read)? {
            Some(board) => Ok(Some(board)),
            None => Err(CaseError::Frame(FrameError::MissingBoard { line })),
        }
    }
}

/// `text` as a number when it is a run of decimal digits that fits.
fn number(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

/// `text` quoted for a message, cut short past [`QUOTED`] bytes.
fn quoted(text: &str) -> String {
    let bytes = text.as_bytes();
    quote(&bytes[..bytes.len().min(QUOTED)], bytes.len() > QUOTED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{Frame, Preset};

    /// The framing of the preset `--judge` calls `name`.
    fn framing(name: &str) -> SizedFraming {
        match Preset::named(name).map(|preset| preset.framing) {
            Some(Frame::Sized(framing)) => framing,
            _ => panic!("{name} is not a preset on other boards"),
        }
    }

    /// Every case of `text` as its tiles or its fault, then the frame error
    /// that ended it, if any.
    fn read_all(text: &str, framing: SizedFraming) -> Vec<String> {
        let mut cases = SizedCases::new(text.as_bytes(), framing).unwrap();
        let mut seen = Vec::new();
        loop {
            match cases.next_case() {
                Ok(Some(Ok(board))) => seen.push(format!("{:?}", board.tiles())),
                Ok(Some(Err(error))) => seen.push(error.to_string()),
                Ok(None) => return seen,
                Err(CaseError::Frame(error)) => {
                    seen.push(format!("frame: {error}"));
                    assert!(cases.next_case().unwrap().is_none());
                    return seen;
                }
                Err(CaseError::Read(error)) => panic!("{error}"),
            }
        }
    }

    #[test]
    fn every_framing_reads_its_cases_and_names_a_broken_line() {
        let poj2893 = framing("poj2893");
        let poj3240 = framing("poj3240");
        let uva = framing("uva10181");
        let four = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";
        let solved = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]";
        let cases: Vec<(String, SizedFraming, Vec<&str>)> = vec![
            (
                "2 2\n1 2\n3 0\n2 3\n1 2 3 4 5 0\n0 0\nignored".into(),
                poj2893,
                vec!["[1, 2, 3, 0]", "[1, 2, 3, 4, 5, 0]"],
            ),
            (
                "2 2\n1 2\n3 0\n".into(),
                poj2893,
                vec![
                    "[1, 2, 3, 0]",
                    "frame: line 3: the input ends without its closing 0 0",
                ],
            ),
            (
                "2 2\n1 2\n3 3\n2 2\n1 2\n3 0\n0 0\n".into(),
                poj2893,
                vec!["line 3: tile '3' appears twice", "[1, 2, 3, 0]"],
            ),
            (
                "1 5\n1 2 3 4 0\n".into(),
                poj2893,
                vec!["frame: line 1: expected the rows and columns of a board, each from 2 to 999, or 0 0, found '1 5'"],
            ),
            (
                "3 3\n".into(),
                poj2893,
                vec!["frame: line 1: the input ends before the board this line announces"],
            ),
            ("2\n3 1\n2 0\n".into(), poj3240, vec!["[3, 1, 2, 0]"]),
            (
                "11\n".into(),
                poj3240,
                vec!["frame: line 1: expected the side of a board, from 2 to 10, found '11'"],
            ),
            (format!("2\n{four}\n{four}"), uva, vec![solved, solved]),
            (
                format!("2\n{four}"),
                uva,
                vec![
                    solved,
                    "frame: line 1: the count is 2 cases but the input ends after 1 case",
                ],
            ),
            (
                format!("1\n{four}{four}"),
                uva,
                vec![
                    solved,
                    "frame: line 6: more input than the 1 case counted on line 1",
                ],
            ),
            (
                "four\n".into(),
                uva,
                vec!["frame: line 1: expected the number of cases, found 'four'"],
            ),
        ];
        for (text, framing, want) in cases {
            assert_eq!(read_all(&text, framing), want, "{text:?}");
        }
    }
}
