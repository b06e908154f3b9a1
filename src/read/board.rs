//! [`BoardReader`]: 3×3 puzzles read one at a time from a byte stream, by
//! the byte scanner of [`crate::read`] that decides where each ends.

use std::io::{self, BufRead};

use crate::board::Board;
use crate::read::layout::Mode;
use crate::read::scan::Scanner;
use crate::read::Item;
#[cfg(test)]
use crate::read::PuzzleError;

/// Why [`BoardReader`] handed over no puzzle this time.
#[cfg(test)]
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReadError {
    /// The input could not be read; nothing more comes from it.
    #[error("cannot read input")]
    Io(#[from] io::Error),
    /// This puzzle (or count line) is bad; reading goes on after it.
    #[error(transparent)]
    Bad(#[from] PuzzleError),
}

/// Reads puzzles one at a time from a byte stream.
pub(crate) struct BoardReader<R> {
    pub(super) input: R,
    pub(super) scanner: Scanner,
    /// The line the item last handed out began on.
    pub(super) item_line: u64,
    /// Everything the input handed over has been used, so the next item
    /// needs a read that may wait on the source.
    pub(super) exhausted: bool,
    /// The line breaks in the input's buffer when it was last filled, and
    /// the scanner's line then: what [`BoardReader::lines_buffered`]
    /// counts down from.
    filled: (u64, u64),
}

impl<R: BufRead> BoardReader<R> {
    /// Wraps `input`; give it a large buffer, it reads in place.
    pub(crate) fn new(input: R) -> BoardReader<R> {
        BoardReader {
            input,
            scanner: Scanner::new(),
            item_line: 1,
            exhausted: true,
            filled: (0, 0),
        }
    }

    /// Makes every line that is not blank one puzzle, as judges that count
    /// their cases lay them out: a line with too few or too many tiles is a
    /// bad puzzle, whatever its words, and the next line is read afresh.
    pub(crate) fn one_per_line(mut self) -> BoardReader<R> {
        self.scanner.layout.mode = Mode::OnePerLine;
        self
    }

    /// The line breaks still in the input's buffer, read or not: at least
    /// the lines of input that have arrived and wait to be answered.
    pub(crate) fn lines_buffered(&self) -> u64 {
        let (breaks, line) = self.filled;
        breaks.saturating_sub(self.scanner.layout.line - line)
    }

    /// The line the item last read began on, from 1.
    pub(crate) fn item_line(&self) -> u64 {
        self.item_line
    }

    /// Whether the next item needs a read that may have to wait for input.
    /// A caller flushes its answers then, so that a person typing puzzles
    /// sees each answer before typing the next. The reader eats the
    /// separators and line breaks after each puzzle, so that a line's
    /// answer is not held back by its newline.
    pub(crate) fn needs_read(&self) -> bool {
        self.exhausted && self.scanner.layout.ready.is_empty()
    }

    /// The next puzzle, or `None` at the end of input. A bad puzzle is a
    /// [`ReadError::Bad`], after which reading goes on with the next one; a
    /// [`ReadError::Io`] ends the input.
    #[cfg(test)]
    pub(crate) fn next_puzzle(&mut self) -> Result<Option<Board>, ReadError> {
        Ok(self.next_item()?.transpose()?)
    }

    /// The next puzzle or bad puzzle, `None` at the end of input: what a
    /// frame reads, which keeps a bad puzzle as its case's item.
    pub(crate) fn next_item(&mut self) -> io::Result<Option<Item<Board>>> {
        while self.scanner.layout.ready.is_empty() {
            // A read after the buffer was used up fills it afresh.
            let fresh = self.exhausted;
            let filled = &mut self.filled;
            let scanner = &mut self.scanner;
            let scan = |buffer: &[u8]| {
                if fresh {
                    let breaks = memchr::memchr_iter(b'\n', buffer).count();
                    *filled = (breaks as u64, scanner.layout.line);
                }
                scanner.scan(buffer)
            };
            let Some(all) = feed(&mut self.input, scan)? else {
                self.scanner.finish();
                break;
            };
            self.exhausted = all;
        }
        let draft = self.scanner.layout.ready.pop_front();
        Ok(draft.map(|draft| {
            let (item, line) = draft.finish();
            self.item_line = line;
            item
        }))
    }
}

/// Hands the bytes buffered in `input` to `scan`, refilled when there are
/// none and retried where a signal interrupted the read, and consumes those
/// it used: `None` at the end of input, else whether it used them all.
pub(super) fn feed<R: BufRead>(
    input: &mut R,
    scan: impl FnOnce(&[u8]) -> usize,
) -> io::Result<Option<bool>> {
    let buffer = loop {
        match input.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            buffer => break buffer?,
        }
    };
    if buffer.is_empty() {
        return Ok(None);
    }
    let (len, used) = (buffer.len(), scan(buffer));
    input.consume(used);
    Ok(Some(used == len))
}

#[cfg(test)]
impl<R: BufRead> Iterator for BoardReader<R> {
    type Item = Result<Board, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_puzzle().transpose()
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
