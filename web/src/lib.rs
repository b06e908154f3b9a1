//! The `eight` library in the browser: this crate only translates between
//! JavaScript and the library. Boards cross as arrays of tiles (row order,
//! 0 the blank) with their rows and columns; answers cross as the same
//! move strings the command line prints; errors cross as the library's own
//! messages. Reading, solving, scrambling and comparing are the library's
//! (`eight::read`, `eight::Solver` and `eight::Strategy`,
//! `eight::generate`, `eight::compare`), and so is the figure of the
//! searches (`eight::draw`), so the page gives the answers and the
//! pictures the command line gives.
//!
//! `translate` holds the translation in plain Rust, testable natively;
//! the `#[wasm_bindgen]` items here only turn its `String` errors into
//! JavaScript errors.

mod translate;

use wasm_bindgen::prelude::*;

use translate::{Answer, Engines};

/// The engines of one page, kept between calls so that tables are built
/// once: the 3×3 solver, and one engine per goal of other boards.
#[wasm_bindgen]
pub struct Puzzles {
    engines: Engines,
}

/// One answer as JavaScript sees it.
#[wasm_bindgen(getter_with_clone)]
pub struct Solved {
    /// The moves of the blank, `d`, `l`, `r`, `u`, as `eight` prints them;
    /// empty when the board is unsolvable or already the goal.
    pub moves: String,
    /// `solved`, `not-fewest` (a valid answer, not necessarily the fewest
    /// moves: boards above 16 cells) or `unsolvable`.
    pub verdict: String,
}

impl From<Answer> for Solved {
    fn from(answer: Answer) -> Solved {
        Solved {
            moves: answer.moves,
            verdict: answer.verdict.name().to_string(),
        }
    }
}

#[wasm_bindgen]
impl Puzzles {
    /// Engines with nothing built yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Puzzles {
        Puzzles {
            engines: Engines::default(),
        }
    }

    /// Solves `tiles` towards `goal`, or towards the board's solved
    /// arrangement (tiles in row order, the blank last) when `goal` is
    /// absent: the first shortest answer in letter order up to 16 cells, a
    /// constructive one above.
    pub fn solve(
        &mut self,
        tiles: Vec<u32>,
        rows: usize,
        columns: usize,
        goal: Option<Vec<u32>>,
    ) -> Result<Solved, JsError> {
        let start = translate::grid(tiles, rows, columns).map_err(error)?;
        let goal = match goal {
            Some(goal) => translate::grid(goal, rows, columns).map_err(error)?,
            None => translate::solved(rows, columns).map_err(error)?,
        };
        Ok(self.engines.solve(&start, &goal).map_err(error)?.into())
    }

    /// Builds now whatever tables boards of this size need towards their
    /// solved arrangement (or `goal`), so that a caller can time it apart
    /// from the searches.
    pub fn prepare(
        &mut self,
        rows: usize,
        columns: usize,
        goal: Option<Vec<u32>>,
    ) -> Result<(), JsError> {
        let goal = match goal {
            Some(goal) => translate::grid(goal, rows, columns).map_err(error)?,
            None => translate::solved(rows, columns).map_err(error)?,
        };
        self.engines.prepare(&goal).map_err(error)
    }
}

impl Default for Puzzles {
    fn default() -> Puzzles {
        Puzzles::new()
    }
}

/// Reads one board of `rows` by `columns` from `text`, in any layout the
/// command line reads; the error is its message (`'8' appears twice`,
/// `expected 9 tiles, found 8`).
#[wasm_bindgen]
pub fn read(text: &str, rows: usize, columns: usize) -> Result<Vec<u32>, JsError> {
    let grid = translate::read(text, rows, columns).map_err(error)?;
    Ok(grid.tiles().to_vec())
}

/// The board after the blank moves one step (`d`, `l`, `r` or `u`), or
/// nothing where that step would leave the board.
#[wasm_bindgen]
pub fn step(tiles: Vec<u32>, rows: usize, columns: usize, letter: char) -> Option<Vec<u32>> {
    let grid = translate::grid(tiles, rows, columns).ok()?;
    translate::step(grid, letter).map(|grid| grid.tiles().to_vec())
}

/// A board drawn from `seed` at `distance` moves from the solved
/// arrangement, as `eight gen --distance D --seed S` draws it, on boards of
/// up to nine cells; on larger ones, where no table holds the distances, a
/// random walk of `distance` moves.
#[wasm_bindgen]
pub fn scramble(
    rows: usize,
    columns: usize,
    distance: u32,
    seed: u64,
) -> Result<Vec<u32>, JsError> {
    let grid = translate::scramble(rows, columns, distance, seed).map_err(error)?;
    Ok(grid.tiles().to_vec())
}

/// `eight compare` on this 3×3 board, run once: its table and the figure
/// of its searches.
#[wasm_bindgen]
pub fn compare(tiles: Vec<u32>) -> Result<Compared, JsError> {
    let start = translate::grid(tiles, 3, 3).map_err(error)?;
    translate::compare(&start).map(Compared).map_err(error)
}

/// What `eight compare` made of one 3×3 board.
#[wasm_bindgen]
pub struct Compared(translate::Compared);

#[wasm_bindgen]
impl Compared {
    /// The table `eight compare` writes: one row per algorithm, with its
    /// moves, states expanded and generated, and time.
    #[wasm_bindgen(getter)]
    pub fn table(&self) -> String {
        self.0.table.clone()
    }

    /// The figure `eight compare --svg` draws of the board's searches: the
    /// states breadth-first search expanded at each depth, above those of
    /// the two sides of bidirectional search, as an SVG document; an error
    /// saying why where there is none.
    pub fn picture(&self) -> Result<String, JsError> {
        self.0.picture.clone().map_err(error)
    }
}

/// A library message as a JavaScript error.
fn error(message: String) -> JsError {
    JsError::new(&message)
}
