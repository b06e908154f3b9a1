//! [`Reader`]: the one reader of puzzles, on every shape, handing out each
//! board as a [`Grid`].
//!
//! On the 3×3 board it reads with the byte scanner (`scan`), which reads its
//! buffer in place into nine bytes and a bit set per puzzle and has the 3×3
//! board's own words: its messages count tiles, a square bracket is not a
//! separator, and a counted input holds one puzzle per line. Every other
//! shape, and the 3×3 boards of an input whose cases give their shape, are
//! read cell by cell by [`GridReader`].

use std::io::{self, BufRead};

use crate::grid::{Grid, GridError};
use crate::read::board::BoardReader;
use crate::read::frame::{CaseError, Header, Source};
use crate::read::{GridReader, Item};
use crate::shape::Shape;

/// Reads puzzles of one shape from a stream, one after another.
///
/// # Example
/// ```
/// use eight::{read::Reader, Shape};
/// let mut reader = Reader::new("2 3 4 1 5 x 7 6 8\n1 2 9".as_bytes(), Shape::EIGHT).unwrap();
/// assert_eq!(reader.next_puzzle().unwrap().unwrap().unwrap().blank(), 5);
/// let error = reader.next_puzzle().unwrap().unwrap().unwrap_err();
/// assert_eq!(error.to_string(), "line 2: '9' is not a tile: expected 1-8 or a blank x");
/// assert!(reader.next_puzzle().unwrap().is_none());
///
/// let shape = Shape { rows: 2, columns: 3 };
/// let mut reader = Reader::new("[[4,1,2],[5,0,3]]\n".as_bytes(), shape).unwrap();
/// assert_eq!(reader.next_puzzle().unwrap().unwrap().unwrap().tiles(), &[4, 1, 2, 5, 0, 3]);
/// ```
pub struct Reader<R>(Inner<R>);

// One per input, made once and never moved in a loop: its size is free.
#[allow(clippy::large_enum_variant)]
enum Inner<R> {
    /// The 3×3 byte scanner.
    Eight(BoardReader<R>),
    /// Any shape, cell by cell.
    Grid(GridReader<R>),
}

impl<R: BufRead> Reader<R> {
    /// A reader of puzzles of `shape` from `input`; give it a large buffer,
    /// it reads in place.
    pub fn new(input: R, shape: Shape) -> Result<Reader<R>, GridError> {
        Ok(match shape == Shape::EIGHT {
            true => Reader(Inner::Eight(BoardReader::new(input))),
            false => Reader(Inner::Grid(GridReader::new(input, shape)?)),
        })
    }

    /// A reader for inputs that count their cases: on the 3×3 board every
    /// line that is not blank is one puzzle, as its judges lay them out;
    /// boards of other shapes are laid out freely.
    pub(crate) fn counted(input: R, shape: Shape) -> Result<Reader<R>, GridError> {
        Ok(match Reader::new(input, shape)?.0 {
            Inner::Eight(boards) => Reader(Inner::Eight(boards.one_per_line())),
            grids => Reader(grids),
        })
    }

    /// A reader whose boards each follow a header giving their shape, read
    /// as that many cells (see [`GridReader`]).
    pub(crate) fn headed(input: R, header: Header) -> Result<Reader<R>, GridError> {
        let mut reader = GridReader::new(input, Shape::EIGHT)?;
        // A header gives the board's size, so the board is its count of
        // numbers (POJ 3240's "n² numbers"); POJ 2893's are its rows.
        reader.by_count(header == Header::RowsColumns);
        Ok(Reader(Inner::Grid(reader)))
    }

    /// The next puzzle or bad puzzle, `None` at the end of input; an `Err`
    /// only when the input cannot be read.
    pub fn next_puzzle(&mut self) -> io::Result<Option<Item<Grid>>> {
        match &mut self.0 {
            Inner::Eight(boards) => {
                let item = boards.next_item()?;
                Ok(item.map(|item| item.map(|board| Grid::from(&board))))
            }
            Inner::Grid(grids) => grids.next_puzzle(),
        }
    }

    /// How many puzzles at least have arrived and wait in the buffer, as
    /// far as the 3×3 scanner's count of lines says (a puzzle takes at
    /// most its three rows' lines); 0 on other shapes, which do not count.
    pub(crate) fn puzzles_buffered(&self) -> u64 {
        match &self.0 {
            Inner::Eight(boards) => boards.lines_buffered() / 3,
            Inner::Grid(_) => 0,
        }
    }
}

impl<R: io::Read> Reader<io::BufReader<R>> {
    /// Whether the next puzzle needs a read that may have to wait for
    /// input. A caller flushes its answers then, so that a person typing
    /// puzzles sees each answer before typing the next.
    pub fn needs_read(&self) -> bool {
        match &self.0 {
            Inner::Eight(boards) => boards.needs_read(),
            Inner::Grid(grids) => grids.needs_read(),
        }
    }
}

impl<R: BufRead> Source for Reader<R> {
    type Board = Grid;
    type Header = Header;

    fn next_item(&mut self) -> io::Result<Option<Item<Grid>>> {
        self.next_puzzle()
    }

    fn item_line(&self) -> u64 {
        match &self.0 {
            Inner::Eight(boards) => boards.item_line(),
            Inner::Grid(grids) => grids.item_line(),
        }
    }

    fn read_count(&mut self) -> Result<(u64, u64), CaseError> {
        match &mut self.0 {
            Inner::Eight(boards) => boards.read_count(),
            Inner::Grid(grids) => grids.read_count(),
        }
    }

    fn read_header(&mut self, header: Header) -> Result<Option<u64>, CaseError> {
        match &mut self.0 {
            // A headed input is read by the grid reader alone.
            Inner::Eight(_) => Ok(None),
            Inner::Grid(grids) => grids.read_header(header),
        }
    }
}
