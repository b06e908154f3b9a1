//! Reading puzzles from text: which characters make up each puzzle, and
//! how a judge lays its cases out around them.
//!
//! A cell is a character (or, on boards of more than nine cells, a word)
//! other than a separator: a tile (`1` up to R·C−1, or a blank written `x`,
//! `X`, `0`, `_` or `#`) or anything else, which makes its puzzle bad.
//! Separators are whitespace (Unicode spaces and the byte-order mark U+FEFF
//! included, so text from a web page or a Windows editor reads as typed)
//! and commas, and on boards other than 3×3 square brackets too, so that
//! LeetCode's `[[4,1,2],[5,0,3]]` reads as written; only `\n` ends a line. A
//! word is a run of non-separators. For a board of R rows and C columns:
//!
//! - A line with at least 2·C cells, or with a word longer than C (on
//!   boards of at most nine cells), holds whole puzzles. A word longer than
//!   C is one puzzle by itself (the compact form `23415x768`); the other
//!   words between such words are cut into puzzles of R·C cells. Cells left
//!   over where they do not come out even never make a puzzle: they join
//!   the puzzle before them on the line, or the one after them when they
//!   come first, and make it invalid; only a line with no whole puzzle is
//!   one puzzle of its cells.
//! - Any other line that is not blank is a row of a grid: R of them in a row
//!   make one puzzle, and each must hold C cells. A blank line, a line of
//!   whole puzzles or the end of input ends a grid early.
//!
//! A judge that gives a board's size before it (POJ 2893, POJ 3240) reads
//! the board as its count of cells instead, whatever its lines, with the
//! rest of the line its last cell is on (see `frame`).
//!
//! Where a puzzle ends is decided by the layout alone, and only then are its
//! cells checked, so a wrong character never moves a puzzle's end: a
//! mistake costs exactly the puzzle it is in, and no board that is not in
//! the input is ever read. A bad puzzle is reported at its first fault in
//! reading order (a bad character, a repeated tile, a row of the wrong
//! length), or, when its cells are good but too few or too many, at the line
//! it began on.
//!
//! The rule is written once, in `layout`, over the cells a reader finds.
//! The one [`Reader`] hands out every board as a [`Grid`]; on the 3×3 board
//! it reads with a byte scanner that reads its buffer in place into nine
//! bytes and a bit set per puzzle, on other shapes cell by cell, streaming
//! as well. A bad puzzle is a [`PuzzleError`], and [`frame`] reads the
//! cases of any judge's layout from the reader.

mod board;
mod count;
pub mod frame;
mod grid;
mod layout;
mod reader;
mod scan;

use board::BoardReader;
use grid::GridReader;
pub use reader::Reader;

use crate::board::{describe_tile, Board};
use crate::grid::Grid;
use crate::read::frame::Source;
use crate::shape::{Shape, CELLS};

/// Why the cells read for one puzzle are not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleErrorKind {
    /// A cell that is neither a tile nor a blank, quoted.
    #[error("{text} is not a tile: expected 1-{max} or a blank {blank}")]
    NotATile {
        /// The cell, quoted and escaped.
        text: String,
        /// The largest tile of the shape (boards have at most a million
        /// cells).
        max: u32,
        /// How the input spells the blank: `x` unless a judge's layout
        /// writes another ([`frame::CaseReader::blank`]). Every spelling
        /// is read whichever this is.
        blank: char,
    },
    /// A tile (or the blank) given twice in one puzzle.
    #[error("{} appears twice", describe_tile(*.0, "'"))]
    Repeated(u32),
    /// A puzzle whose cells are good but too few or too many: its grid or
    /// its line ended early, a run of words did not come out even, or in
    /// a counted 3×3 input (one puzzle per line) its line held another
    /// number.
    #[error("expected {expected} tiles, found {found}")]
    TileCount {
        /// Cells of the shape.
        expected: usize,
        /// Cells read.
        found: usize,
    },
    /// A row of a grid that does not hold one tile per column.
    #[error("expected a row of {expected} tiles, found {found}")]
    RowLength {
        /// Columns of the shape.
        expected: usize,
        /// Cells on the line.
        found: usize,
    },
    /// A text that should hold one board (a `--goal`) holds more: `cells`
    /// says how the 3×3 board's message counts it, in tiles.
    #[error(
        "more than {}",
        .cells.map_or("one puzzle".into(), |cells| format!("{cells} tiles"))
    )]
    MoreThanOne {
        /// The board's cells, for the 3×3 message; `None` on other boards.
        cells: Option<usize>,
    },
    /// A text read as one board ([`Grid`]'s `FromStr`) whose layout does
    /// not say its shape ([`shape_of`]).
    #[error(
        "the board's shape is not clear: write its rows on lines of their own, as a nested \
         list, or a square number of tiles"
    )]
    NoShape,
}

/// A bad puzzle and the line it was found on (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct PuzzleError {
    /// The line of the fault, or for a wrong number of tiles the line the
    /// puzzle began on.
    pub line: u64,
    /// What is wrong.
    pub kind: PuzzleErrorKind,
}

/// One puzzle's worth of input: a board (a [`Board`] or a [`Grid`]), or why
/// it is not one.
pub type Item<B> = Result<B, PuzzleError>;

/// A puzzle whose cells are good but `found` of the `expected`.
fn miscounted(expected: usize, found: usize) -> PuzzleErrorKind {
    PuzzleErrorKind::TileCount { expected, found }
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

/// How much of a line a message quotes, and a count line's reader keeps:
/// any `u64` (20 digits), with room to show what else a bad line holds.
pub(crate) const QUOTED: usize = 32;

/// `text` quoted for a message, cut short past [`QUOTED`] bytes or where
/// more followed.
pub(crate) fn quoted(text: &[u8], overlong: bool) -> String {
    quote(
        &text[..text.len().min(QUOTED)],
        overlong || text.len() > QUOTED,
    )
}

/// `text` when it is a run of decimal digits, and nothing else.
pub(crate) fn digits(text: &[u8]) -> Option<&[u8]> {
    (!text.is_empty() && text.iter().all(u8::is_ascii_digit)).then_some(text)
}

/// Reads exactly one 3×3 puzzle from a string, as `--goal` takes it.
///
/// # Example
/// ```
/// use eight::read::parse_board;
/// assert_eq!(parse_board("1 2 3 8 x 4 7 6 5").unwrap().to_string(), "1238x4765");
/// assert!(parse_board("123").is_err());
/// ```
pub fn parse_board(text: &str) -> Result<Board, PuzzleErrorKind> {
    parse_one(BoardReader::new(text.as_bytes()), CELLS, Some(CELLS))
}

/// Reads one board of `shape` from `text` (a `--goal`), by the same rules.
///
/// # Example
/// ```
/// use eight::{read::parse_grid, Shape};
/// let shape = Shape { rows: 2, columns: 3 };
/// assert_eq!(parse_grid("1 2 3 4 5 x", shape).unwrap().blank(), 5);
/// assert_eq!(parse_grid("1 2 3", shape).unwrap_err().to_string(), "expected 6 tiles, found 3");
/// ```
pub fn parse_grid(text: &str, shape: Shape) -> Result<Grid, PuzzleErrorKind> {
    // Lines joined into one, so that a goal written in rows reads too.
    let joined = text.replace('\n', " ");
    match GridReader::new(joined.as_bytes(), shape) {
        Ok(reader) => parse_one(reader, shape.cells(), None),
        Err(_) => Err(miscounted(shape.cells(), 0)),
    }
}

/// The shape of the one board in `text`, where its layout says it: a
/// nested list (`[[1,2],[3,0]]`, one list a row), rows on lines (two or
/// more lines that are not blank, as many cells on each), or a count of
/// cells that is a square (`1 2 3 … 15 x` is 4×4); `None` where it does
/// not, or where a side would be under 2. Cells are split as the readers
/// split them; a line of one word is a row of its characters (`123`, or
/// `12345678x` alone).
///
/// # Example
/// ```
/// use eight::{read::shape_of, Shape};
/// assert_eq!(shape_of("1 2 3\n4 5 x"), Some(Shape { rows: 2, columns: 3 }));
/// assert_eq!(shape_of("[[1,2],[3,0]]"), Some(Shape { rows: 2, columns: 2 }));
/// assert_eq!(shape_of("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"), Some(Shape { rows: 4, columns: 4 }));
/// assert_eq!(shape_of("1 2 3 4 5"), None);
/// ```
pub fn shape_of(text: &str) -> Option<Shape> {
    let separator = |c: char| c.is_whitespace() || matches!(c, ',' | '\u{feff}' | '[' | ']');
    let cells = |row: &str| {
        let mut words = row.split(separator).filter(|word| !word.is_empty());
        match (words.next(), words.clone().count()) {
            (None, _) => 0,
            (Some(word), 0) => word.chars().count(),
            (Some(_), more) => more + 1,
        }
    };
    let shape = |rows: Vec<usize>| {
        let columns = *rows.first()?;
        (rows.len() >= 2 && columns >= 2 && rows.iter().all(|&c| c == columns))
            .then(|| Shape::new(rows.len(), columns))
    };
    let text = text.trim_matches(separator);
    if text.contains('[') {
        return shape(text.split('[').map(cells).filter(|&c| c > 0).collect());
    }
    let lines: Vec<usize> = text.lines().map(cells).filter(|&c| c > 0).collect();
    if lines.len() >= 2 {
        return shape(lines);
    }
    let all = lines.first().copied().unwrap_or(0);
    let side = (2..=all).take_while(|side| side * side <= all).last()?;
    (side * side == all).then(|| Shape::new(side, side))
}

/// One board of the shape its layout gives ([`shape_of`]), read as
/// [`parse`] reads it: `"2 3 4 1 5 x 7 6 8"`, `"23415x768"`, rows on
/// lines, or LeetCode's `[[4,1,2],[5,0,3]]`.
///
/// # Example
/// ```
/// use eight::{Grid, Shape};
/// let grid: Grid = "[[4,1,2],[5,0,3]]".parse().unwrap();
/// assert_eq!(grid.shape(), Shape::new(2, 3));
/// assert_eq!("1 2 3\n4 5 x".parse::<Grid>().unwrap().blank(), 5);
/// assert!("1 2 3 4 5 x".parse::<Grid>().is_err(), "2×3 or 3×2?");
/// ```
impl std::str::FromStr for Grid {
    type Err = PuzzleErrorKind;

    fn from_str(text: &str) -> Result<Grid, PuzzleErrorKind> {
        parse(text, shape_of(text).ok_or(PuzzleErrorKind::NoShape)?)
    }
}

/// One board of `shape` from `text`, read as `eight` reads puzzles of that
/// shape: the 3×3 board by its own rules ([`parse_board`]: its messages,
/// no brackets), every other shape as [`parse_grid`] reads it.
///
/// # Example
/// ```
/// use eight::{read::parse, Shape};
/// assert_eq!(parse("23415x768", Shape::EIGHT).unwrap().blank(), 5);
/// assert!(parse("[[1,2,3],[4,5,6],[7,8,0]]", Shape::EIGHT).is_err());
/// assert_eq!(parse("[[1,2],[3,0]]", Shape::new(2, 2)).unwrap().blank(), 3);
/// ```
pub fn parse(text: &str, shape: Shape) -> Result<Grid, PuzzleErrorKind> {
    match shape == Shape::EIGHT {
        true => parse_board(text).map(|board| Grid::from(&board)),
        false => parse_grid(text, shape),
    }
}

/// The one board of `expected` cells that `source` holds; `more` says how
/// a message counts the board where more follow (see
/// [`PuzzleErrorKind::MoreThanOne`]).
fn parse_one<S: Source>(
    mut source: S,
    expected: usize,
    more: Option<usize>,
) -> Result<S::Board, PuzzleErrorKind> {
    let board = match source.next_item() {
        Ok(Some(item)) => item.map_err(|e| e.kind)?,
        Ok(None) | Err(_) => return Err(miscounted(expected, 0)),
    };
    match source.next_item() {
        Ok(None) => Ok(board),
        _ => Err(PuzzleErrorKind::MoreThanOne { cells: more }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_is_read_where_the_layout_says_it() {
        let cases = [
            ("12345678x", Some((3, 3))),
            ("123\n456\n78x\n", Some((3, 3))),
            ("\u{feff}1 2 3 4 5 6 7 8 x", Some((3, 3))),
            ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 x", Some((4, 4))),
            ("[[4,1,2],[5,0,3]]", Some((2, 3))),
            (" [[1, 2], [3, 0]] ", Some((2, 2))),
            ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", Some((4, 4))),
            ("1 2 3\n4 5\n", None),
            ("1 2 3 4 5 6 7 8", None),
            ("1", None),
            ("", None),
            ("\n\n", None),
        ];
        for (text, shape) in cases {
            let expected = shape.map(|(rows, columns)| Shape::new(rows, columns));
            assert_eq!(shape_of(text), expected, "{text:?}");
        }
    }

    #[test]
    fn a_board_parses_in_every_layout_the_binary_reads() {
        use PuzzleErrorKind::{NoShape, Repeated};
        let start = Grid::new(Shape::EIGHT, vec![2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap();
        let cases = [
            ("2 3 4 1 5 x 7 6 8", Ok(start.clone())),
            ("23415x768\n", Ok(start)),
            (
                "1 2 3\n4 5 6\n7 8 _",
                Ok(Grid::solved(Shape::EIGHT).unwrap()),
            ),
            (
                "[[1,2,3],[4,5,0]]",
                Ok(Grid::solved(Shape::new(2, 3)).unwrap()),
            ),
            ("1 2 3 4 5 x", Err(NoShape)),
            ("1 2 3 4 5 6 7 8 8", Err(Repeated(8))),
            ("", Err(NoShape)),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<Grid>(), want, "{text:?}");
        }
        let fifteen: Grid = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".parse().unwrap();
        assert_eq!(fifteen, Grid::solved(Shape::new(4, 4)).unwrap());
    }
}
