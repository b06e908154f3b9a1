//! The input grammar: tiles in row order, read as a byte stream.
//!
//! A tile is one character (`1`–`8`, or a blank written `x`, `X`, `0`, `_` or
//! `#`); whitespace and commas separate tiles but are not needed, and every
//! [`CELLS`] tiles make one puzzle, across line breaks. The reader works on
//! the bytes of a [`BufRead`] buffer in place, so memory stays flat whatever
//! the input holds (a 100 MB line, NUL bytes, invalid UTF-8), and a bad
//! puzzle is reported and skipped up to the end of its line, so every good
//! puzzle around it is still read.
//!
//! Judges that count their cases (see [`crate::frame`]) want a stricter
//! layout, one puzzle per line after a line holding the count; the reader
//! has a mode for the first ([`PuzzleReader::one_per_line`]) and reads the
//! second ([`PuzzleReader::next_count`]), so that lines are counted in one
//! place.

use std::io::{self, BufRead};

use crate::board::{describe_tile, Board, BLANK, CELLS};

/// Why the tiles read for one puzzle are not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputErrorKind {
    /// A character that is neither a tile, a blank nor a separator.
    #[error("{0} is not a tile: expected 1-{max} or a blank x", max = CELLS - 1)]
    NotATile(String),
    /// A tile (or the blank) given twice in one puzzle.
    #[error("{} appears twice", describe_tile(*.0))]
    Repeated(u8),
    /// Input ended in the middle of a puzzle, or in
    /// [one-per-line](PuzzleReader::one_per_line) mode, its line did.
    #[error("expected {CELLS} tiles, found {0}")]
    Incomplete(usize),
    /// A line that holds one puzzle in [one-per-line](PuzzleReader::one_per_line)
    /// mode holds more tiles.
    #[error("more than {CELLS} tiles on one line")]
    ExtraTile,
    /// A line that should hold the number of cases holds something else
    /// (quoted), or the input ends first.
    #[error("expected the number of cases, found {0}")]
    NotACount(String),
}

/// A bad puzzle and the line it was found on (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct InputError {
    /// The line of the offending character, or for an incomplete puzzle the
    /// line it began on.
    pub line: u64,
    /// What is wrong.
    pub kind: InputErrorKind,
}

/// What a byte means to the reader: a tile's value (below [`CELLS`]) or one
/// of [`SEPARATOR`], [`NEWLINE`] and [`OTHER`]. A plain byte rather than an
/// enum with a payload, because this is looked up for every byte of input
/// and the tile test is then a single comparison.
type Class = u8;

/// Whitespace other than a newline, or a comma.
const SEPARATOR: Class = 0xfd;
/// A line break.
const NEWLINE: Class = 0xfe;
/// Anything that is not part of the grammar.
const OTHER: Class = 0xff;

/// Every byte's [`Class`].
const CLASSES: [Class; 256] = {
    let mut table = [OTHER; 256];
    let mut tile = 1;
    while tile < CELLS {
        table[b'0' as usize + tile] = tile as u8;
        tile += 1;
    }
    let blanks = [b'x', b'X', b'0', b'_', b'#'];
    let mut i = 0;
    while i < blanks.len() {
        table[blanks[i] as usize] = BLANK;
        i += 1;
    }
    let separators = [b' ', b'\t', b'\r', 0x0b, 0x0c, b','];
    let mut i = 0;
    while i < separators.len() {
        table[separators[i] as usize] = SEPARATOR;
        i += 1;
    }
    table[b'\n' as usize] = NEWLINE;
    table
};

/// One puzzle's worth of input: a board, or why it is not one.
pub type Item = Result<Board, InputError>;

/// Reads puzzles one at a time from a byte stream.
pub struct PuzzleReader<R> {
    input: R,
    scanner: Scanner,
    /// Everything the input handed over has been used, so the next item
    /// needs a read that may wait on the source.
    exhausted: bool,
}

/// Where the reader stands in the grammar, kept apart from the input so the
/// scan can borrow the input's buffer and this at once.
struct Scanner {
    /// The line being read, from 1.
    line: u64,
    tiles: [u8; CELLS],
    count: usize,
    /// Tiles of the current puzzle so far, as a bit set, to catch repeats.
    seen: u32,
    first_line: u64,
    /// After an error: ignore everything up to the next line break, which
    /// may lie in a later buffer.
    skipping: bool,
    /// A puzzle is complete only at the end of its line, which must hold
    /// exactly [`CELLS`] tiles.
    one_per_line: bool,
}

/// How much of a count line [`PuzzleReader::next_count`] keeps: any `u64`
/// (20 digits), with room to show what else a bad count line holds.
const COUNT_TEXT: usize = 32;

impl<R: BufRead> PuzzleReader<R> {
    /// Wraps `input`; give it a large buffer, it reads in place.
    ///
    /// # Example
    /// ```
    /// use eight::input::PuzzleReader;
    /// let mut reader = PuzzleReader::new("2 3 4 1 5 x 7 6 8\n1 2 9".as_bytes());
    /// assert_eq!(reader.next_item().unwrap().unwrap().unwrap().to_string(), "23415x768");
    /// let error = reader.next_item().unwrap().unwrap().unwrap_err();
    /// assert_eq!(error.to_string(), "line 2: '9' is not a tile: expected 1-8 or a blank x");
    /// assert!(reader.next_item().unwrap().is_none());
    /// ```
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            scanner: Scanner {
                line: 1,
                tiles: [0; CELLS],
                count: 0,
                seen: 0,
                first_line: 1,
                skipping: false,
                one_per_line: false,
            },
            exhausted: true,
        }
    }

    /// Makes every puzzle end with its line, as judges that count their
    /// cases lay them out: a line with too few or too many tiles is a bad
    /// puzzle, and the next line is read afresh whatever the last one held.
    /// Blank lines are still skipped.
    ///
    /// # Example
    /// ```
    /// use eight::input::PuzzleReader;
    /// let mut reader = PuzzleReader::new("1 2 3\n4 5 6 7 8 x\n\n12345678x\n".as_bytes()).one_per_line();
    /// let error = reader.next_item().unwrap().unwrap().unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: expected 9 tiles, found 3");
    /// assert!(reader.next_item().unwrap().unwrap().is_err());
    /// assert_eq!(reader.next_item().unwrap().unwrap().unwrap().to_string(), "12345678x");
    /// assert_eq!(reader.item_line(), 4);
    /// ```
    pub fn one_per_line(mut self) -> PuzzleReader<R> {
        self.scanner.one_per_line = true;
        self
    }

    /// The line the item last read began on, from 1.
    pub fn item_line(&self) -> u64 {
        self.scanner.first_line
    }

    /// Whether the next item needs a read that may have to wait for input.
    /// A caller flushes its answers then, so that a person typing puzzles
    /// sees each answer before typing the next. The reader eats the rest of
    /// a line after each puzzle, so that a line's answer is not held back
    /// by its newline.
    pub fn needs_read(&self) -> bool {
        self.exhausted
    }

    /// The next puzzle, a bad puzzle, or `None` at the end of input.
    pub fn next_item(&mut self) -> io::Result<Option<Item>> {
        loop {
            let buffer = fill_buf(&mut self.input)?;
            if buffer.is_empty() {
                return Ok(self.scanner.finish());
            }
            let (used, item) = self.scanner.scan(buffer);
            self.exhausted = used == buffer.len();
            self.input.consume(used);
            if item.is_some() {
                return Ok(item);
            }
        }
    }

    /// Reads a line that holds a number and nothing else, as judges put the
    /// number of cases first; blank lines before it are skipped. Call it
    /// between puzzles, not inside one.
    ///
    /// # Example
    /// ```
    /// use eight::input::PuzzleReader;
    /// let mut reader = PuzzleReader::new("\n 2\r\n3 4\n".as_bytes());
    /// assert_eq!(reader.next_count().unwrap(), Ok(2));
    /// assert_eq!(reader.item_line(), 2);
    /// let error = reader.next_count().unwrap().unwrap_err();
    /// assert_eq!(error.to_string(), "line 3: expected the number of cases, found '3 4'");
    /// let error = reader.next_count().unwrap().unwrap_err();
    /// assert_eq!(error.to_string(), "line 4: expected the number of cases, found the end of input");
    /// ```
    pub fn next_count(&mut self) -> io::Result<Result<u64, InputError>> {
        // The line from its first non-blank byte, up to COUNT_TEXT bytes;
        // past that only whether anything but blanks follows matters.
        let mut text = Vec::with_capacity(COUNT_TEXT);
        let mut overlong = false;
        loop {
            let buffer = fill_buf(&mut self.input)?;
            if buffer.is_empty() {
                break;
            }
            let mut used = buffer.len();
            let mut ended = false;
            for (i, &byte) in buffer.iter().enumerate() {
                if byte == b'\n' {
                    self.scanner.line += 1;
                    if !text.is_empty() {
                        (used, ended) = (i + 1, true);
                        break;
                    }
                } else if text.is_empty() {
                    if !byte.is_ascii_whitespace() {
                        self.scanner.first_line = self.scanner.line;
                        text.push(byte);
                    }
                } else if text.len() < COUNT_TEXT {
                    text.push(byte);
                } else if !byte.is_ascii_whitespace() {
                    overlong = true;
                }
            }
            self.exhausted = used == buffer.len();
            self.input.consume(used);
            if ended {
                break;
            }
        }
        let text = text.trim_ascii_end();
        if text.is_empty() {
            return Ok(Err(InputError {
                line: self.scanner.line,
                kind: InputErrorKind::NotACount("the end of input".to_string()),
            }));
        }
        let count = text.iter().try_fold(0u64, |count, &byte| {
            let digit = byte.is_ascii_digit().then(|| u64::from(byte - b'0'))?;
            count.checked_mul(10)?.checked_add(digit)
        });
        Ok(match count {
            Some(count) if !overlong => Ok(count),
            _ => Err(InputError {
                line: self.scanner.first_line,
                kind: InputErrorKind::NotACount(quote(text, overlong)),
            }),
        })
    }
}

/// The input's buffer, refilled if it is empty and retried if a signal
/// interrupted the read; empty only at the end of input.
fn fill_buf<R: BufRead>(input: &mut R) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    // The buffer holds data now, so this hands it out without reading.
    input.fill_buf()
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_item().transpose()
    }
}

impl Scanner {
    /// Scans `buffer` until a puzzle or an error is complete; returns the
    /// bytes used and that item, or the whole length and `None`.
    fn scan(&mut self, buffer: &[u8]) -> (usize, Option<Item>) {
        // Whatever a previous buffer's item left to skip.
        let mut i = self.settle(buffer, 0);
        while let Some(&byte) = buffer.get(i) {
            i += 1;
            let class = CLASSES[usize::from(byte)];
            if usize::from(class) < CELLS {
                let tile = class;
                if self.count == 0 {
                    self.first_line = self.line;
                }
                // Only in one-per-line mode does a full puzzle wait here
                // for the end of its line.
                if self.count == CELLS {
                    let error = self.fail(InputErrorKind::ExtraTile);
                    return (self.settle(buffer, i), Some(Err(error)));
                }
                if self.seen & (1 << tile) != 0 {
                    let error = self.fail(InputErrorKind::Repeated(tile));
                    return (self.settle(buffer, i), Some(Err(error)));
                }
                self.seen |= 1 << tile;
                self.tiles[self.count] = tile;
                self.count += 1;
                if self.count == CELLS && !self.one_per_line {
                    self.count = 0;
                    self.seen = 0;
                    let board = Board::from_permutation(self.tiles);
                    return (self.settle(buffer, i), Some(Ok(board)));
                }
            } else if class == NEWLINE {
                self.line += 1;
                if self.one_per_line {
                    if let Some(item) = self.finish() {
                        return (self.settle(buffer, i), Some(item));
                    }
                }
            } else if class == OTHER {
                let kind = InputErrorKind::NotATile(describe_character(&buffer[i - 1..]));
                let error = self.fail(kind);
                return (self.settle(buffer, i), Some(Err(error)));
            }
        }
        (buffer.len(), None)
    }

    /// After an item ending at `i`: the index past what else of this buffer
    /// belongs to it, the rest of the line after an error, and the
    /// separators and newlines after a puzzle.
    fn settle(&mut self, buffer: &[u8], mut i: usize) -> usize {
        if self.skipping {
            match buffer[i..].iter().position(|&b| b == b'\n') {
                Some(newline) => i += newline,
                None => return buffer.len(),
            }
            self.skipping = false;
        }
        // A newline ends a half-read puzzle in one-per-line mode: leave it
        // to `scan`.
        let line_ends_puzzle = self.one_per_line && self.count > 0;
        while let Some(&byte) = buffer.get(i) {
            match CLASSES[usize::from(byte)] {
                SEPARATOR => {}
                NEWLINE if !line_ends_puzzle => self.line += 1,
                _ => break,
            }
            i += 1;
        }
        i
    }

    /// Abandons the current puzzle and skips to the next line.
    fn fail(&mut self, kind: InputErrorKind) -> InputError {
        self.count = 0;
        self.seen = 0;
        self.skipping = true;
        InputError {
            line: self.line,
            kind,
        }
    }

    /// End of input, or in one-per-line mode of a line: the puzzle read so
    /// far, an error if it is half-read, or nothing if none was begun.
    fn finish(&mut self) -> Option<Item> {
        let count = std::mem::take(&mut self.count);
        self.seen = 0;
        self.skipping = false;
        match count {
            0 => None,
            CELLS => Some(Ok(Board::from_permutation(self.tiles))),
            _ => Some(Err(InputError {
                line: self.first_line,
                kind: InputErrorKind::Incomplete(count),
            })),
        }
    }
}

/// `'9'`, `'é'`, `'\0'`, or `byte 0xff` for what is not UTF-8: the character
/// that starts `bytes`, quoted for a message.
pub(crate) fn describe_character(bytes: &[u8]) -> String {
    let width = match bytes[0] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    };
    let prefix = &bytes[..width.min(bytes.len())];
    match std::str::from_utf8(prefix)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => format!("'{}'", c.escape_debug()),
        None => format!("byte {:#04x}", bytes[0]),
    }
}

/// `'3 4'`, or `'3 4'…` when `cut` says the line went on: a piece of a line
/// quoted for a message, as text even where it is not UTF-8.
pub(crate) fn quote(text: &[u8], cut: bool) -> String {
    format!(
        "'{}'{}",
        String::from_utf8_lossy(text).escape_debug(),
        if cut { "…" } else { "" }
    )
}

/// Reads exactly one puzzle from a string, as `--goal` takes it.
///
/// # Example
/// ```
/// use eight::input::parse_board;
/// assert_eq!(parse_board("1 2 3 8 x 4 7 6 5").unwrap().to_string(), "1238x4765");
/// assert!(parse_board("123").is_err());
/// ```
pub fn parse_board(text: &str) -> Result<Board, BoardTextError> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    let board = match reader.next_item() {
        Ok(Some(Ok(board))) => board,
        Ok(Some(Err(e))) => return Err(BoardTextError::Bad(e.kind)),
        Ok(None) | Err(_) => return Err(BoardTextError::Bad(InputErrorKind::Incomplete(0))),
    };
    match reader.next_item() {
        Ok(None) => Ok(board),
        _ => Err(BoardTextError::TooLong),
    }
}

/// Why a string is not exactly one board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    /// The tiles are wrong.
    #[error("{0}")]
    Bad(InputErrorKind),
    /// More than one board's worth of tiles.
    #[error("more than {CELLS} tiles")]
    TooLong,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8]) -> Vec<Result<String, String>> {
        PuzzleReader::new(text)
            .map(|item| match item.unwrap() {
                Ok(board) => Ok(board.to_string()),
                Err(e) => Err(e.to_string()),
            })
            .collect()
    }

    #[test]
    fn the_grammar_accepts_every_documented_layout() {
        let good = "234x15768";
        let cases: &[(&str, &[&str])] = &[
            ("2  3  4  x  1  5  7  6  8", &[good]),
            ("234x15768", &[good]),
            ("2,3,4,x,1,5,7,6,8\n", &[good]),
            ("2 3 4\nX 1 5\n7 6 8\n", &[good]),
            ("234 015 768", &[good]),
            ("2 3 4 _ 1 5 7 6 8\r\n234#15768", &[good, good]),
            ("234x15768 234x15768", &[good, good]),
            ("", &[]),
            ("\n\n  \n", &[]),
        ];
        for (text, want) in cases {
            let got = read_all(text.as_bytes());
            let want: Vec<_> = want.iter().map(|s| Ok(s.to_string())).collect();
            assert_eq!(got, want, "{text:?}");
        }
    }

    #[test]
    fn bad_puzzles_name_their_line_and_skip_to_the_next() {
        let text = b"1 2 3 4 5 6 7 8 9 x\n2 3 4 1 5 x 7 6 8\n1 1 2\n12345678x\n\xff\x00\n\xc3\xa9\n\0\n1 2 3\n\n4 5";
        let got = read_all(text);
        let want: Vec<Result<String, String>> = vec![
            Err("line 1: '9' is not a tile: expected 1-8 or a blank x".into()),
            Ok("23415x768".into()),
            Err("line 3: tile '1' appears twice".into()),
            Ok("12345678x".into()),
            Err("line 5: byte 0xff is not a tile: expected 1-8 or a blank x".into()),
            Err("line 6: 'é' is not a tile: expected 1-8 or a blank x".into()),
            Err("line 7: '\\0' is not a tile: expected 1-8 or a blank x".into()),
            Err("line 8: expected 9 tiles, found 5".into()),
        ];
        assert_eq!(got, want);
        assert_eq!(
            read_all(b"x 1 2 3 4 5 6 7 0"),
            vec![Err("line 1: the blank appears twice".to_string())]
        );
    }

    #[test]
    fn a_long_line_is_read_in_small_pieces() {
        let mut text = Vec::new();
        for _ in 0..1000 {
            text.extend_from_slice(b"234x15768 ");
        }
        let reader = io::BufReader::with_capacity(7, text.as_slice());
        let boards: Vec<Board> = PuzzleReader::new(reader)
            .map(|item| item.unwrap().unwrap())
            .collect();
        assert_eq!(boards.len(), 1000);
        assert!(boards.iter().all(|b| b.to_string() == "234x15768"));
    }

    #[test]
    fn one_per_line_mode_reads_the_same_in_small_pieces() {
        let text =
            b"12345678x\n\n1 2 3\n1 2 3 4 5 6 7 8 x 1\n2 2\n x 1 2 3 4 5 6 7 8 \r\n1 2 9\n1234";
        let want: Vec<Result<String, String>> = vec![
            Ok("12345678x".into()),
            Err("line 3: expected 9 tiles, found 3".into()),
            Err("line 4: more than 9 tiles on one line".into()),
            Err("line 5: tile '2' appears twice".into()),
            Ok("x12345678".into()),
            Err("line 7: '9' is not a tile: expected 1-8 or a blank x".into()),
            Err("line 8: expected 9 tiles, found 4".into()),
        ];
        for capacity in [1, 3, 7, 64] {
            let reader = io::BufReader::with_capacity(capacity, &text[..]);
            let got: Vec<_> = PuzzleReader::new(reader)
                .one_per_line()
                .map(|item| match item.unwrap() {
                    Ok(board) => Ok(board.to_string()),
                    Err(e) => Err(e.to_string()),
                })
                .collect();
            assert_eq!(got, want, "buffer of {capacity}");
        }
    }

    #[test]
    fn a_line_is_used_up_with_its_puzzle() {
        let mut reader = PuzzleReader::new("2 3 4 1 5 x 7 6 8 \r\n".as_bytes());
        assert!(reader.needs_read());
        assert!(reader.next_item().unwrap().unwrap().is_ok());
        assert!(reader.needs_read(), "the newline was left behind");
        let mut reader = PuzzleReader::new("1 2 9 3\n12345678x".as_bytes());
        assert!(reader.next_item().unwrap().unwrap().is_err());
        assert!(!reader.needs_read(), "the next puzzle is buffered already");
        assert!(reader.next_item().unwrap().unwrap().is_ok());
    }

    #[test]
    fn parse_board_wants_exactly_one_board() {
        assert_eq!(parse_board("123804765").unwrap().to_string(), "1238x4765");
        assert_eq!(
            parse_board("12345678x1").unwrap_err().to_string(),
            "more than 9 tiles"
        );
        assert_eq!(
            parse_board("1234").unwrap_err().to_string(),
            "expected 9 tiles, found 4"
        );
        assert_eq!(
            parse_board("").unwrap_err().to_string(),
            "expected 9 tiles, found 0"
        );
    }
}
