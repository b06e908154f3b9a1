//! The input grammar: which characters make up each puzzle, read as a byte
//! stream.
//!
//! A cell is a character other than a separator: a tile (`1`–`8`, or a
//! blank written `x`, `X`, `0`, `_` or `#`) or anything else, which makes its
//! puzzle bad. Separators are whitespace (Unicode spaces and the byte-order
//! mark U+FEFF included, so text from a web page or a Windows editor reads
//! as typed) and commas; only `\n` ends a line. A word is a run of cells
//! between separators. For a board of R rows and C columns (3 and 3 today):
//!
//! - A line with at least 2·C cells, or with a word longer than C, holds
//!   whole puzzles. A word longer than C is one puzzle by itself (the
//!   compact form); the other words between such words are cut into puzzles
//!   of R·C cells, and where they do not come out even, the last puzzle
//!   takes the leftovers.
//! - Any other line that is not blank is a row of a grid: R of them in a row
//!   make one puzzle, and each must hold C cells. A blank line, a line of
//!   whole puzzles or the end of input ends a grid early.
//!
//! Where a puzzle ends is decided by the layout alone, and only then are its
//! cells checked, so a wrong character never moves a puzzle's end: a
//! mistake costs exactly the puzzle it is in, and no board that is not in
//! the input is ever read. A bad puzzle is reported at its first fault in
//! reading order (a bad character, a repeated tile, a row of the wrong
//! length), or, when its cells are good but too few or too many, at the line
//! it began on.
//!
//! The reader works on the bytes of a [`BufRead`] buffer in place and holds
//! at most a line's first few cells and two puzzles, so memory stays flat
//! whatever the input holds (a 100 MB line, NUL bytes, invalid UTF-8).
//!
//! Judges that count their cases (see [`crate::frame`]) want a stricter
//! layout, one puzzle per line after a line holding the count; the reader
//! has a mode for the first ([`PuzzleReader::one_per_line`]) and reads the
//! second ([`PuzzleReader::next_count`]), so that lines are counted in one
//! place.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use crate::board::{describe_tile, Board, BLANK, CELLS};
use crate::shape::Shape;

/// Rows of the board: the lines of a grid.
const ROWS: usize = Shape::EIGHT.rows;
/// Columns of the board: the cells of a row of a grid, and the longest word
/// that is not a puzzle by itself.
const COLUMNS: usize = Shape::EIGHT.columns;

/// Why the cells read for one puzzle are not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputErrorKind {
    /// A character that is neither a tile, a blank nor a separator.
    #[error("{0} is not a tile: expected 1-{max} or a blank x", max = CELLS - 1)]
    NotATile(String),
    /// A tile (or the blank) given twice in one puzzle.
    #[error("{} appears twice", describe_tile(*.0))]
    Repeated(u8),
    /// A puzzle whose cells are good but too few or too many: its grid or
    /// its line ended early, a run of words did not come out even, or in
    /// [one-per-line](PuzzleReader::one_per_line) mode its line held another
    /// number.
    #[error("expected {CELLS} tiles, found {0}")]
    TileCount(usize),
    /// A row of a grid that does not hold one tile per column.
    #[error("expected a row of {COLUMNS} tiles, found {0}")]
    RowLength(usize),
    /// A line that should hold the number of cases holds something else
    /// (quoted), or the input ends first.
    #[error("expected the number of cases, found {0}")]
    NotACount(String),
}

/// Why [`PuzzleReader`] handed over no puzzle this time.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input could not be read; nothing more comes from it.
    #[error("cannot read input")]
    Io(#[from] io::Error),
    /// This puzzle (or count line) is bad; reading goes on after it.
    #[error(transparent)]
    Bad(#[from] InputError),
}

/// A bad puzzle and the line it was found on (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct InputError {
    /// The line of the fault, or for a wrong number of tiles the line the
    /// puzzle began on.
    pub line: u64,
    /// What is wrong.
    pub kind: InputErrorKind,
}

/// What a character means to the reader: a tile's value (below [`CELLS`]) or
/// one of [`SEPARATOR`], [`NEWLINE`] and [`OTHER`]. A plain byte rather than
/// an enum with a payload, because this is looked up for every byte of input
/// and the tile test is then a single comparison.
type Class = u8;

/// Whitespace other than a newline, or a comma.
const SEPARATOR: Class = 0xfc;
/// A line break.
const NEWLINE: Class = 0xfd;
/// A byte of a character of more than one byte, which the [`Decoder`]
/// classes once it has the whole character.
const MULTIBYTE: Class = 0xfe;
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
    let mut byte = 0x80;
    while byte < 256 {
        table[byte] = MULTIBYTE;
        byte += 1;
    }
    table
};

/// One character of input: its class, and its bytes for a message.
#[derive(Clone, Copy, Default)]
struct Char {
    class: Class,
    len: u8,
    bytes: [u8; 4],
}

impl Char {
    fn bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Assembles characters of more than one byte, which may arrive split
/// between reads. Bytes that are not UTF-8 make a bad character each, and a
/// sequence broken off early makes one.
#[derive(Default)]
struct Decoder {
    held: Char,
    /// Bytes still to come for the character in `held`.
    need: u8,
}

impl Decoder {
    /// The character `byte` completes, if any, and whether `byte` was used:
    /// a byte that breaks off a sequence ends it and must be fed again.
    #[inline]
    fn feed(&mut self, byte: u8) -> (Option<Char>, bool) {
        if self.need == 0 {
            let class = CLASSES[usize::from(byte)];
            if class != MULTIBYTE {
                let bytes = [byte, 0, 0, 0];
                return (
                    Some(Char {
                        class,
                        len: 1,
                        bytes,
                    }),
                    true,
                );
            }
            self.held = Char {
                class: OTHER,
                len: 1,
                bytes: [byte, 0, 0, 0],
            };
            self.need = match byte {
                0xc2..=0xdf => 1,
                0xe0..=0xef => 2,
                0xf0..=0xf4 => 3,
                _ => return (Some(self.take()), true),
            };
            return (None, true);
        }
        if byte & 0xc0 != 0x80 {
            return (Some(self.take()), false);
        }
        self.held.bytes[usize::from(self.held.len)] = byte;
        self.held.len += 1;
        self.need -= 1;
        if self.need > 0 {
            return (None, true);
        }
        (Some(self.take()), true)
    }

    /// A sequence the input ended in, as a bad character.
    fn flush(&mut self) -> Option<Char> {
        (self.need > 0).then(|| self.take())
    }

    fn take(&mut self) -> Char {
        self.need = 0;
        let mut char = std::mem::take(&mut self.held);
        let space = std::str::from_utf8(char.bytes())
            .ok()
            .and_then(|s| s.chars().next())
            .is_some_and(|c| c.is_whitespace() || c == '\u{feff}');
        if space {
            char.class = SEPARATOR;
        }
        char
    }
}

/// One puzzle's worth of input: a board, or why it is not one.
pub type Item = Result<Board, InputError>;

/// Reads puzzles one at a time from a byte stream.
pub struct PuzzleReader<R> {
    input: R,
    scanner: Scanner,
    /// The line the item last handed out began on.
    item_line: u64,
    /// Everything the input handed over has been used, so the next item
    /// needs a read that may wait on the source.
    exhausted: bool,
}

/// A puzzle being read: its cells so far, checked as they come.
#[derive(Default)]
struct Draft {
    tiles: [u8; CELLS],
    /// Cells read; those past the [`CELLS`]-th are only counted.
    cells: usize,
    /// Tiles so far as a bit set, to catch repeats.
    seen: u32,
    /// The first fault, in reading order.
    fault: Option<InputError>,
    /// The line of the first cell.
    first_line: u64,
}

impl Draft {
    fn push(&mut self, cell: &Char, line: u64) {
        if self.cells == 0 {
            self.first_line = line;
        }
        if self.cells < CELLS && self.fault.is_none() {
            let tile = cell.class;
            if usize::from(tile) >= CELLS {
                let kind = InputErrorKind::NotATile(describe_character(cell.bytes()));
                self.fail(line, kind);
            } else if self.seen & (1 << tile) != 0 {
                self.fail(line, InputErrorKind::Repeated(tile));
            } else {
                self.seen |= 1 << tile;
                self.tiles[self.cells] = tile;
            }
        }
        self.cells = self.cells.saturating_add(1);
    }

    fn fail(&mut self, line: u64, kind: InputErrorKind) {
        self.fault.get_or_insert(InputError { line, kind });
    }

    /// The puzzle as an item, with the line it began on; the draft is empty
    /// again.
    fn take(&mut self) -> (Item, u64) {
        let draft = std::mem::take(self);
        let item = match draft.fault {
            Some(error) => Err(error),
            None if draft.cells == CELLS => Ok(Board::from_permutation(draft.tiles)),
            None => Err(InputError {
                line: draft.first_line,
                kind: InputErrorKind::TileCount(draft.cells),
            }),
        };
        (item, draft.first_line)
    }
}

/// Most cells of one line [`Scanner::pending`] holds: fewer than 2·C from
/// whole words before a line is known to hold whole puzzles, and a word
/// that has just grown longer than C.
const PENDING: usize = 3 * COLUMNS;

/// Where the reader stands in the layout, kept apart from the input so the
/// scan can borrow the input's buffer and this at once.
struct Scanner {
    /// The line being read, from 1.
    line: u64,
    decoder: Decoder,
    /// Every line is one puzzle, whatever its words.
    one_per_line: bool,
    /// Cells of the current line not yet given to a puzzle: all of them
    /// until the line is known to hold whole puzzles, then the current word
    /// while it is no longer than a row.
    pending: [Char; PENDING],
    pending_len: usize,
    /// Where the current word begins in `pending`.
    word_start: usize,
    /// The current line holds whole puzzles.
    whole: bool,
    /// The current word is longer than a row, so a puzzle by itself, read
    /// into `compact`.
    long_word: bool,
    compact: Draft,
    /// The puzzle being cut from a run of short words on a line of whole
    /// puzzles (in one-per-line mode, from the whole line),
    run: Draft,
    /// and the one before it, complete but held until it is known whether
    /// leftovers follow that it must take.
    held: Draft,
    /// The grid being read, and how many of its rows are in.
    grid: Draft,
    rows: usize,
    /// Items complete, in input order, with the line each began on.
    ready: VecDeque<(Item, u64)>,
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
    /// assert_eq!(reader.next_puzzle().unwrap().unwrap().to_string(), "23415x768");
    /// let error = reader.next_puzzle().unwrap_err();
    /// assert_eq!(error.to_string(), "line 2: '9' is not a tile: expected 1-8 or a blank x");
    /// assert!(reader.next_puzzle().unwrap().is_none());
    /// ```
    pub fn new(input: R) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            scanner: Scanner {
                line: 1,
                decoder: Decoder::default(),
                one_per_line: false,
                pending: [Char::default(); PENDING],
                pending_len: 0,
                word_start: 0,
                whole: false,
                long_word: false,
                compact: Draft::default(),
                run: Draft::default(),
                held: Draft::default(),
                grid: Draft::default(),
                rows: 0,
                ready: VecDeque::with_capacity(4),
            },
            item_line: 1,
            exhausted: true,
        }
    }

    /// Makes every line that is not blank one puzzle, as judges that count
    /// their cases lay them out: a line with too few or too many tiles is a
    /// bad puzzle, whatever its words, and the next line is read afresh.
    ///
    /// # Example
    /// ```
    /// use eight::input::PuzzleReader;
    /// let mut reader = PuzzleReader::new("1 2 3\n4 5 6 7 8 x\n\n12345678x\n".as_bytes()).one_per_line();
    /// let error = reader.next_puzzle().unwrap_err();
    /// assert_eq!(error.to_string(), "line 1: expected 9 tiles, found 3");
    /// assert!(reader.next_puzzle().is_err());
    /// assert_eq!(reader.next_puzzle().unwrap().unwrap().to_string(), "12345678x");
    /// assert_eq!(reader.item_line(), 4);
    /// ```
    pub fn one_per_line(mut self) -> PuzzleReader<R> {
        self.scanner.one_per_line = true;
        self
    }

    /// The line the item last read began on, from 1.
    pub fn item_line(&self) -> u64 {
        self.item_line
    }

    /// Whether the next item needs a read that may have to wait for input.
    /// A caller flushes its answers then, so that a person typing puzzles
    /// sees each answer before typing the next. The reader eats the
    /// separators and line breaks after each puzzle, so that a line's
    /// answer is not held back by its newline.
    pub fn needs_read(&self) -> bool {
        self.exhausted && self.scanner.ready.is_empty()
    }

    /// The next puzzle, or `None` at the end of input. A bad puzzle is a
    /// [`ReadError::Bad`], after which reading goes on with the next one; a
    /// [`ReadError::Io`] ends the input.
    pub fn next_puzzle(&mut self) -> Result<Option<Board>, ReadError> {
        Ok(self.next_item()?.transpose()?)
    }

    /// The next puzzle or bad puzzle, `None` at the end of input: what a
    /// frame reads, which keeps a bad puzzle as its case's item.
    pub(crate) fn next_item(&mut self) -> io::Result<Option<Item>> {
        loop {
            if let Some((item, line)) = self.scanner.ready.pop_front() {
                self.item_line = line;
                return Ok(Some(item));
            }
            let buffer = fill_buf(&mut self.input)?;
            if buffer.is_empty() {
                self.scanner.finish();
                let Some((item, line)) = self.scanner.ready.pop_front() else {
                    return Ok(None);
                };
                self.item_line = line;
                return Ok(Some(item));
            }
            let used = self.scanner.scan(buffer);
            self.exhausted = used == buffer.len();
            self.input.consume(used);
        }
    }

    /// Reads a line that holds a number and nothing else, as judges put the
    /// number of cases first; blank lines before it are skipped. Call it
    /// between puzzles, not inside one.
    ///
    /// # Example
    /// ```
    /// use eight::input::PuzzleReader;
    /// let mut reader = PuzzleReader::new("\u{feff}\n 2\r\n3 4\n".as_bytes());
    /// assert_eq!(reader.next_count().unwrap(), 2);
    /// assert_eq!(reader.item_line(), 2);
    /// let error = reader.next_count().unwrap_err();
    /// assert_eq!(error.to_string(), "line 3: expected the number of cases, found '3 4'");
    /// let error = reader.next_count().unwrap_err();
    /// assert_eq!(error.to_string(), "line 4: expected the number of cases, found the end of input");
    /// ```
    pub fn next_count(&mut self) -> Result<u64, ReadError> {
        Ok(self.read_count()??)
    }

    /// The count line, or what else the line holds.
    pub(crate) fn read_count(&mut self) -> io::Result<Result<u64, InputError>> {
        let mut text = CountText::default();
        let scanner = &mut self.scanner;
        loop {
            let buffer = fill_buf(&mut self.input)?;
            if buffer.is_empty() {
                if let Some(char) = scanner.decoder.flush() {
                    text.push(&char, scanner.line, &mut self.item_line);
                }
                break;
            }
            let mut i = 0;
            let mut ended = false;
            while let Some(&byte) = buffer.get(i) {
                let (char, used) = scanner.decoder.feed(byte);
                i += usize::from(used);
                let Some(char) = char else { continue };
                if char.class != NEWLINE {
                    text.push(&char, scanner.line, &mut self.item_line);
                } else {
                    scanner.line += 1;
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
        let digits = &text.bytes[..text.end];
        if digits.is_empty() {
            return Ok(Err(InputError {
                line: scanner.line,
                kind: InputErrorKind::NotACount("the end of input".to_string()),
            }));
        }
        let count = digits.iter().try_fold(0u64, |count, &byte| {
            let digit = byte.is_ascii_digit().then(|| u64::from(byte - b'0'))?;
            count.checked_mul(10)?.checked_add(digit)
        });
        Ok(match count {
            Some(count) if !text.overlong => Ok(count),
            _ => Err(InputError {
                line: self.item_line,
                kind: InputErrorKind::NotACount(quote(digits, text.overlong)),
            }),
        })
    }
}

/// A count line as [`PuzzleReader::next_count`] keeps it: from its first
/// character that is not a separator, at most [`COUNT_TEXT`] bytes.
#[derive(Default)]
struct CountText {
    bytes: Vec<u8>,
    /// The length up to the last character that is not a separator.
    end: usize,
    /// More than the kept bytes follow, other than separators.
    overlong: bool,
}

impl CountText {
    /// Adds `char`, read on `line`, noting in `first_line` where the text
    /// begins.
    fn push(&mut self, char: &Char, line: u64, first_line: &mut u64) {
        let separator = char.class == SEPARATOR;
        if self.end == 0 && separator {
            return;
        }
        if self.end == 0 {
            *first_line = line;
        }
        if self.bytes.len() + char.bytes().len() <= COUNT_TEXT {
            self.bytes.extend_from_slice(char.bytes());
            if !separator {
                self.end = self.bytes.len();
            }
        } else if !separator {
            self.overlong = true;
        }
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
    type Item = Result<Board, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_puzzle().transpose()
    }
}

impl Scanner {
    /// Reads `buffer` into [`Scanner::ready`] and returns the bytes used:
    /// all of them, or those up to the first cell after a puzzle is
    /// complete, so that the caller hears of the puzzle before more input
    /// is read, and the line breaks after it are used up with it.
    fn scan(&mut self, buffer: &[u8]) -> usize {
        let mut i = self.quick_line(buffer, 0);
        while let Some(&byte) = buffer.get(i) {
            let (char, used) = self.decoder.feed(byte);
            let Some(char) = char else {
                i += 1;
                continue;
            };
            match char.class {
                SEPARATOR => {
                    if !self.one_per_line {
                        self.end_word();
                    }
                }
                NEWLINE => {
                    self.end_line();
                    self.line += 1;
                    if self.ready.is_empty() {
                        i = self.quick_line(buffer, i + 1);
                        continue;
                    }
                }
                _ => {
                    // A cell that is exactly this byte can wait for the next
                    // call; one the decoder has already taken in cannot.
                    if !self.ready.is_empty() && used && char.len == 1 {
                        return i;
                    }
                    self.cell(char);
                    if !self.ready.is_empty() {
                        return i + usize::from(used);
                    }
                }
            }
            i += usize::from(used);
        }
        buffer.len()
    }

    /// The line at `start`, when it is the common case of one good puzzle
    /// (nine distinct tiles, ASCII separators, one word or words no longer
    /// than a row) and lies whole in `buffer`, read straight into
    /// [`Scanner::ready`]; returns where the next line begins, or `start`
    /// when the line must go the general way, which reads such a line the
    /// same (the tests read every input in pieces too small for this). A
    /// shortcut only: the general way costs half as much again on a file
    /// of one puzzle per line.
    fn quick_line(&mut self, buffer: &[u8], start: usize) -> usize {
        // Nothing of this line read but separators, and no grid begun.
        let line_start = self.pending_len == 0 && !self.whole && !self.long_word;
        let idle = line_start && self.run.cells == 0 && self.rows == 0 && self.decoder.need == 0;
        if !idle || !self.ready.is_empty() {
            return start;
        }
        let (mut tiles, mut count, mut seen) = ([0; CELLS], 0, 0u32);
        let (mut word, mut longest) = (0, 0);
        for (j, &byte) in buffer[start..].iter().enumerate() {
            match CLASSES[usize::from(byte)] {
                tile if usize::from(tile) < CELLS => {
                    if count == CELLS || seen & (1 << tile) != 0 {
                        break;
                    }
                    seen |= 1 << tile;
                    tiles[count] = tile;
                    count += 1;
                    word += 1;
                    longest = longest.max(word);
                }
                SEPARATOR => word = 0,
                NEWLINE if count == CELLS && (longest <= COLUMNS || longest == CELLS) => {
                    let board = Board::from_permutation(tiles);
                    self.ready.push_back((Ok(board), self.line));
                    self.line += 1;
                    return start + j + 1;
                }
                _ => break,
            }
        }
        start
    }

    /// A cell of the current line.
    fn cell(&mut self, cell: Char) {
        if self.one_per_line {
            self.run.push(&cell, self.line);
        } else if self.long_word {
            self.compact.push(&cell, self.line);
        } else {
            self.pending[self.pending_len] = cell;
            self.pending_len += 1;
            if self.pending_len - self.word_start > COLUMNS {
                self.begin_long_word();
            }
        }
    }

    /// The current word has grown longer than a row: the line holds whole
    /// puzzles, the words before it are a run that ends here, and it is a
    /// puzzle by itself.
    fn begin_long_word(&mut self) {
        self.begin_whole_line();
        self.cut_run(self.word_start);
        self.end_run();
        for i in self.word_start..self.pending_len {
            let cell = self.pending[i];
            self.compact.push(&cell, self.line);
        }
        self.pending_len = 0;
        self.word_start = 0;
        self.long_word = true;
    }

    /// A separator or a line break: the end of a word, if one was begun.
    fn end_word(&mut self) {
        if self.long_word {
            self.long_word = false;
            let item = self.compact.take();
            self.ready.push_back(item);
            return;
        }
        if !self.whole && self.pending_len >= 2 * COLUMNS {
            self.begin_whole_line();
        }
        if self.whole {
            self.cut_run(self.pending_len);
            self.pending_len = 0;
        }
        self.word_start = self.pending_len;
    }

    /// The current line turns out to hold whole puzzles, so a grid begun
    /// above it ends.
    fn begin_whole_line(&mut self) {
        if !self.whole {
            self.whole = true;
            self.end_grid();
        }
    }

    /// Adds the first `end` pending cells to the run of short words, handing
    /// out a held puzzle once the one after it is complete, as then no
    /// leftovers can fall to it.
    fn cut_run(&mut self, end: usize) {
        for i in 0..end {
            let cell = self.pending[i];
            self.run.push(&cell, self.line);
            if self.run.cells == CELLS {
                if self.held.cells > 0 {
                    let item = self.held.take();
                    self.ready.push_back(item);
                }
                std::mem::swap(&mut self.held, &mut self.run);
            }
        }
    }

    /// The end of a run of short words: the held puzzle, with any leftovers
    /// counted in it, or the leftovers alone when there is none.
    fn end_run(&mut self) {
        let leftovers = std::mem::take(&mut self.run);
        let last = if self.held.cells > 0 {
            self.held.cells = self.held.cells.saturating_add(leftovers.cells);
            &mut self.held
        } else if leftovers.cells > 0 {
            self.run = leftovers;
            &mut self.run
        } else {
            return;
        };
        let item = last.take();
        self.ready.push_back(item);
    }

    /// The end of the current line.
    fn end_line(&mut self) {
        if self.one_per_line {
            if self.run.cells > 0 {
                let item = self.run.take();
                self.ready.push_back(item);
            }
            return;
        }
        self.end_word();
        if self.whole {
            self.end_run();
            self.whole = false;
        } else if self.pending_len == 0 {
            self.end_grid();
        } else {
            // A row of the wrong length is the fault on its line, whatever
            // it holds: an extra tile is often a repeat as well.
            if self.pending_len != COLUMNS {
                let kind = InputErrorKind::RowLength(self.pending_len);
                self.grid.fail(self.line, kind);
            }
            for i in 0..self.pending_len {
                let cell = self.pending[i];
                self.grid.push(&cell, self.line);
            }
            self.rows += 1;
            if self.rows == ROWS {
                self.end_grid();
            }
        }
        self.pending_len = 0;
        self.word_start = 0;
    }

    /// The grid being read, complete or not, as an item.
    fn end_grid(&mut self) {
        if self.rows > 0 {
            self.rows = 0;
            let item = self.grid.take();
            self.ready.push_back(item);
        }
    }

    /// The end of input, which ends its line and any grid.
    fn finish(&mut self) {
        if let Some(char) = self.decoder.flush() {
            self.cell(char);
        }
        self.end_line();
        self.end_grid();
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
        Ok(None) | Err(_) => return Err(BoardTextError::Bad(InputErrorKind::TileCount(0))),
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

    /// Every item of `text`, a board as its tiles and a bad one as its
    /// message, after checking that reads of any size give the same items.
    fn read(text: &[u8], one_per_line: bool) -> Vec<Result<String, String>> {
        let read_with = |capacity| {
            let reader = PuzzleReader::new(io::BufReader::with_capacity(capacity, text));
            let reader = if one_per_line {
                reader.one_per_line()
            } else {
                reader
            };
            reader
                .map(|item| match item {
                    Ok(board) => Ok(board.to_string()),
                    Err(ReadError::Bad(e)) => Err(e.to_string()),
                    Err(ReadError::Io(e)) => panic!("{e}"),
                })
                .collect::<Vec<_>>()
        };
        let whole = read_with(text.len().max(1));
        for capacity in [1, 3, 7, 64] {
            assert_eq!(read_with(capacity), whole, "buffer of {capacity}: {text:?}");
        }
        whole
    }

    fn read_all(text: &[u8]) -> Vec<Result<String, String>> {
        read(text, false)
    }

    /// `"ok"` for a board and anything else for a message, as a test writes
    /// them.
    fn items(want: &[&str]) -> Vec<Result<String, String>> {
        want.iter()
            .map(|s| match s.strip_prefix("line ") {
                Some(_) => Err(s.to_string()),
                None => Ok(s.to_string()),
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
            ("234\nx15\n768", &[good]),
            ("234 015 768", &[good]),
            ("2 3 4 _ 1 5 7 6 8\r\n234#15768", &[good, good]),
            ("234x15768 234x15768", &[good, good]),
            ("234x15768 2 3 4 x 1 5 7 6 8 234x15768", &[good, good, good]),
            ("2 3 4 x 1 5 7 6 8 2 3 4 x 1 5 7 6 8", &[good, good]),
            (
                "2 3 4\nx 1 5\n7 6 8\n\n\n2 3 4\nx 1 5\n7 6 8",
                &[good, good],
            ),
            ("", &[]),
            ("\n\n  \n", &[]),
        ];
        for (text, want) in cases {
            assert_eq!(read_all(text.as_bytes()), items(want), "{text:?}");
        }
    }

    /// Each layout people use, with each kind of mistake in the middle
    /// puzzle: the mistake costs that puzzle and nothing else.
    #[test]
    fn a_mistake_costs_exactly_its_puzzle_in_every_layout() {
        let (a, b) = ("23415x768", "12345678x");
        // The faulty puzzle on one line, spaced and compact, with its error.
        let faults = [
            (
                "1 2 3 4 9 6 7 8 x",
                "'9' is not a tile: expected 1-8 or a blank x",
            ),
            ("1 2 3 4 5 6 7 8", "expected 9 tiles, found 8"),
            ("1 2 3 4 5 6 7 8 x 1", "expected 9 tiles, found 10"),
            ("1 2 3 4 5 5 7 8 x", "tile '5' appears twice"),
        ];
        for (spaced, error) in faults {
            let compact = spaced.replace(' ', "");
            let text = format!("2 3 4 1 5 x 7 6 8\n{spaced}\n1 2 3 4 5 6 7 8 x\n");
            let want = [a, &format!("line 2: {error}"), b];
            assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
            let text = format!("23415x768\n{compact}\n12345678x\n");
            assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
            let text = format!("23415x768 {compact} 12345678x\n12345678x 23415x768\n");
            let want = [a, &format!("line 1: {error}"), b, b, a];
            assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
        }
        // The faulty puzzle as a grid, with the line of its fault.
        let grids = [
            (
                "1 2 3\n4 9 6\n7 8 x",
                2,
                "'9' is not a tile: expected 1-8 or a blank x",
            ),
            ("1 2 3\n4 6\n7 8 x", 2, "expected a row of 3 tiles, found 2"),
            (
                "1 2 3\n4 5 6 1\n7 8 x",
                2,
                "expected a row of 3 tiles, found 4",
            ),
            ("1 2 3\n4 5 5\n7 8 x", 2, "tile '5' appears twice"),
            ("123\n45\n78x", 2, "expected a row of 3 tiles, found 2"),
            (
                "1 2 3\n4 5 6\n7 8 x 1",
                3,
                "expected a row of 3 tiles, found 4",
            ),
        ];
        for (grid, row, error) in grids {
            let text = format!("2 3 4\n1 5 x\n7 6 8\n{grid}\n1 2 3\n4 5 6\n7 8 x\n");
            let want = [a, &format!("line {}: {error}", 3 + row), b];
            assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
            let text = format!("2 3 4\n1 5 x\n7 6 8\n\n{grid}\n\n1 2 3\n4 5 6\n7 8 x\n");
            let want = [a, &format!("line {}: {error}", 4 + row), b];
            assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
        }
    }

    #[test]
    fn a_grid_ends_early_at_a_blank_line_a_longer_line_or_the_end() {
        let cases: &[(&str, &[&str])] = &[
            (
                "1 2 3\n4 5 6\n\n1 2 3\n4 5 6\n7 8 x\n",
                &["line 1: expected 9 tiles, found 6", "12345678x"],
            ),
            (
                "1 2 3\n4 5 6\n12345678x\n",
                &["line 1: expected 9 tiles, found 6", "12345678x"],
            ),
            (
                "1 2 3\n4 5 6\n1 2 3 4 5 6 7 8 x\n",
                &["line 1: expected 9 tiles, found 6", "12345678x"],
            ),
            (
                "12345678x\n1 2 3\n",
                &["12345678x", "line 2: expected 9 tiles, found 3"],
            ),
            // The first fault in reading order wins over the count.
            ("1 1 2\n\n", &["line 1: tile '1' appears twice"]),
        ];
        for (text, want) in cases {
            assert_eq!(read_all(text.as_bytes()), items(want), "{text:?}");
        }
    }

    #[test]
    fn a_wrong_character_never_moves_where_a_puzzle_ends() {
        let cases: &[(&[u8], &[&str])] = &[
            // A multi-byte character is one cell, so the row still has three.
            (
                "1 2 3\n4 é 6\n7 8 x\n1234567x8\n".as_bytes(),
                &[
                    "line 2: 'é' is not a tile: expected 1-8 or a blank x",
                    "1234567x8",
                ],
            ),
            (
                b"1 2 3 4 \xff 6 7 8 x\n1234567x8\n",
                &[
                    "line 1: byte 0xff is not a tile: expected 1-8 or a blank x",
                    "1234567x8",
                ],
            ),
            // A sequence broken off is one bad character; the byte after it
            // is read as itself.
            (
                b"1 2 3 4 \xe2\x82 6 7 8 x\n1234567x8\n",
                &[
                    "line 1: byte 0xe2 is not a tile: expected 1-8 or a blank x",
                    "1234567x8",
                ],
            ),
            (
                b"1234\x0078x\n\x00\x00\x00\n",
                &[
                    "line 1: '\\0' is not a tile: expected 1-8 or a blank x",
                    "line 2: '\\0' is not a tile: expected 1-8 or a blank x",
                ],
            ),
            (
                b"12345678\xc3",
                &["line 1: byte 0xc3 is not a tile: expected 1-8 or a blank x"],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(read_all(text), items(want), "{text:?}");
        }
    }

    #[test]
    fn unicode_spaces_and_a_byte_order_mark_separate_like_a_space() {
        let cases: &[&str] = &[
            "\u{feff}2 3 4 x 1 5 7 6 8\n",
            "\u{feff}234x15768",
            "2\u{a0}3\u{a0}4\u{a0}x\u{a0}1\u{a0}5\u{a0}7\u{a0}6\u{a0}8",
            "2\u{2002}3\u{2009}4\u{200a}x\u{202f}1\u{205f}5\u{3000}7\u{85}6\u{2028}8\u{2029}",
            "234\u{a0}\nx15\u{3000}\n\u{1680}768",
        ];
        for text in cases {
            assert_eq!(read_all(text.as_bytes()), items(&["234x15768"]), "{text:?}");
        }
    }

    #[test]
    fn the_shortcut_for_a_whole_line_starts_only_at_a_line_start() {
        // Buffers of 10 bytes: the second holds what looks like a line of
        // one puzzle, but the line began in the first.
        let cases: [(&[u8], bool); 2] = [
            (b"123456781212345678x\n", false),
            (b"1 2 3 4 5 12345678x\n", true),
        ];
        for (text, one_per_line) in cases {
            let reader = PuzzleReader::new(io::BufReader::with_capacity(10, text));
            let reader = if one_per_line {
                reader.one_per_line()
            } else {
                reader
            };
            let got: Vec<_> = reader.map(|item| item.is_ok()).collect();
            assert_eq!(got, [false], "{text:?}");
        }
    }

    #[test]
    fn a_long_line_is_read_in_small_pieces() {
        let mut text = Vec::new();
        for _ in 0..1000 {
            text.extend_from_slice(b"234x15768 ");
        }
        let reader = io::BufReader::with_capacity(7, text.as_slice());
        let boards: Vec<Board> = PuzzleReader::new(reader)
            .map(|item| item.unwrap())
            .collect();
        assert_eq!(boards.len(), 1000);
        assert!(boards.iter().all(|b| b.to_string() == "234x15768"));
    }

    #[test]
    fn one_per_line_mode_makes_each_line_a_puzzle() {
        let text = b"12345678x\n\n1 2 3\n1 2 3 4 5 6 7 8 x 1\n2 2\n x 1 2 3 4 5 6 7 8 \r\n1 2 9\n\xef\xbb\xbf1234";
        let want = items(&[
            "12345678x",
            "line 3: expected 9 tiles, found 3",
            "line 4: expected 9 tiles, found 10",
            "line 5: tile '2' appears twice",
            "x12345678",
            "line 7: '9' is not a tile: expected 1-8 or a blank x",
            "line 8: expected 9 tiles, found 4",
        ]);
        assert_eq!(read(text, true), want);
    }

    #[test]
    fn a_line_is_used_up_with_its_puzzle() {
        for text in [
            "2 3 4 1 5 x 7 6 8 \r\n",
            "23415x768\u{a0}\n",
            "2 3 4\n1 5 x\n7 6 8\n\n",
        ] {
            let mut reader = PuzzleReader::new(text.as_bytes());
            assert!(reader.needs_read());
            assert!(reader.next_puzzle().is_ok());
            assert!(reader.needs_read(), "the newline was left behind: {text:?}");
        }
        let mut reader = PuzzleReader::new("1 2 9 3 4 5 6 7 8\n12345678x".as_bytes());
        assert!(reader.next_puzzle().is_err());
        assert!(!reader.needs_read(), "the next puzzle is buffered already");
        assert!(reader.next_puzzle().is_ok());
    }

    #[test]
    fn parse_board_wants_exactly_one_board() {
        assert_eq!(parse_board("123804765").unwrap().to_string(), "1238x4765");
        let cases = [
            ("12345678x 1", "more than 9 tiles"),
            ("12345678x1", "expected 9 tiles, found 10"),
            ("1234", "expected 9 tiles, found 4"),
            ("", "expected 9 tiles, found 0"),
        ];
        for (text, error) in cases {
            assert_eq!(
                parse_board(text).unwrap_err().to_string(),
                error,
                "{text:?}"
            );
        }
    }
}
