//! The `eight` library in the browser: this crate only translates between
//! JavaScript and the library. Boards cross as arrays of tiles (row order,
//! 0 the blank) with their rows and columns; moves and answers cross as the
//! letters the command line prints; a comparison's totals cross as a plain
//! object, which the worker posts to the page as it is; errors cross as the
//! library's own messages. Reading, solving, scrambling and comparing are
//! the library's (`eight::read`, `eight::Strategy`, `eight::generate`,
//! `eight::compare`), and so are the rules of play (the solved board, which
//! tile a click moves, the move that undoes another, which boards are
//! compared) and the figure of the searches (`eight::draw`), so the page
//! gives the answers and the pictures the command line gives.
//!
//! `translate` holds the translation in plain Rust, testable natively;
//! the `#[wasm_bindgen]` items here only turn its `String` errors into
//! JavaScript errors, and its progress into calls of two functions that
//! the page's worker defines.

mod translate;

use std::sync::Arc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use eight::compare::{RowWork, SearchLayers, Totals};

use translate::{Answer, Engines, Reporting};

#[wasm_bindgen]
extern "C" {
    /// `globalThis.eightBuilding(table, tables, done)`: table `table` of
    /// `tables` being built is `done` (0 to 1) of the way.
    #[wasm_bindgen(js_namespace = globalThis, js_name = eightBuilding)]
    fn building(table: usize, tables: usize, done: f64);

    /// `globalThis.eightSearching(bound, nodes)`: the search's round and
    /// the nodes it has generated so far.
    #[wasm_bindgen(js_namespace = globalThis, js_name = eightSearching)]
    fn searching(bound: u32, nodes: f64);
}

/// The engines of one page, kept between calls so that tables are built
/// once: the 3×3 solver, and one engine per goal of other boards. Made in
/// the page's worker, which defines `eightBuilding` and `eightSearching`,
/// the functions told how tables and searches go.
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
        let reporting = Reporting {
            building: Arc::new(|progress| building(progress.table, progress.tables, progress.done)),
            searching: Arc::new(|bound, nodes| searching(bound, nodes as f64)),
        };
        Puzzles {
            engines: Engines::reporting(reporting),
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

/// A square board as JavaScript sees it.
#[wasm_bindgen(getter_with_clone)]
pub struct Board {
    /// The tiles in row order, 0 the blank.
    pub tiles: Vec<u32>,
    /// Its rows, and its columns.
    pub side: usize,
}

impl From<eight::Grid> for Board {
    fn from(grid: eight::Grid) -> Board {
        Board {
            side: grid.shape().rows,
            tiles: grid.tiles().to_vec(),
        }
    }
}

/// Reads one board from `text`, in any layout the command line reads, of
/// the size its layout gives (rows on lines, a nested list, a square
/// count of tiles), else `side` by `side`; the error is the command line's
/// message (`'8' appears twice`, `expected 9 tiles, found 8`).
#[wasm_bindgen]
pub fn read(text: &str, side: usize) -> Result<Board, JsError> {
    Ok(translate::read(text, side).map_err(error)?.into())
}

/// The board after the blank moves one step (`d`, `l`, `r` or `u`), or
/// nothing where that step would leave the board.
#[wasm_bindgen]
pub fn step(tiles: Vec<u32>, rows: usize, columns: usize, letter: char) -> Option<Vec<u32>> {
    let grid = translate::grid(tiles, rows, columns).ok()?;
    translate::step(grid, letter).map(|grid| grid.tiles().to_vec())
}

/// The board of `rows` by `columns` solved: the tiles in row order, the
/// blank last.
#[wasm_bindgen]
pub fn solved(rows: usize, columns: usize) -> Result<Vec<u32>, JsError> {
    Ok(translate::solved(rows, columns)
        .map_err(error)?
        .tiles()
        .to_vec())
}

/// The move (`d`, `l`, `r` or `u`) that undoes the move `letter`; nothing
/// for a letter that is not a move.
#[wasm_bindgen]
pub fn inverse(letter: char) -> Option<char> {
    translate::inverse(letter)
}

/// The blank's move onto `cell` (row order, from 0), which slides the tile
/// clicked there into the blank; nothing where that tile is not beside the
/// blank.
#[wasm_bindgen]
pub fn move_towards(tiles: Vec<u32>, rows: usize, columns: usize, cell: usize) -> Option<char> {
    let grid = translate::grid(tiles, rows, columns).ok()?;
    translate::move_towards(&grid, cell)
}

/// A scrambled board, and the command line that draws it again.
#[wasm_bindgen(getter_with_clone)]
pub struct Scrambled {
    /// The board's tiles, 0 the blank.
    pub tiles: Vec<u32>,
    /// `eight gen --distance D --seed S`, on boards of up to nine cells;
    /// none for a random walk.
    pub command: Option<String>,
}

/// A `side` by `side` board drawn from `seed` at `distance` moves from the
/// solved arrangement (`D` or `A..B`, as the command line takes it, with
/// its messages), as `eight gen --distance D --seed S` draws it, on boards
/// of up to nine cells; on larger ones, where no table holds the
/// distances, a random walk of `D` moves, at most 10,000.
#[wasm_bindgen]
pub fn scramble(side: usize, distance: &str, seed: u64) -> Result<Scrambled, JsError> {
    let scrambled = translate::scramble(side, distance, seed).map_err(error)?;
    Ok(Scrambled {
        tiles: scrambled.grid.tiles().to_vec(),
        command: scrambled.command,
    })
}

/// Whether Compare runs on boards of `rows` by `columns`: the algorithms
/// are compared on the 3×3 board alone.
#[wasm_bindgen]
pub fn compares(rows: usize, columns: usize) -> bool {
    translate::compares(eight::Shape::new(rows, columns))
}

/// `eight compare` on this board (one [`compares`] takes), run once: its
/// totals and its searches layer by layer.
#[wasm_bindgen]
pub fn compare(tiles: Vec<u32>, rows: usize, columns: usize) -> Result<Compared, JsError> {
    let start = translate::grid(tiles, rows, columns).map_err(error)?;
    translate::compare(&start).map(Compared).map_err(error)
}

/// What `eight compare` made of one 3×3 board.
#[wasm_bindgen]
pub struct Compared(translate::Compared);

#[wasm_bindgen]
impl Compared {
    /// The totals that close `eight compare`'s table, as a plain object
    /// that a worker can post: `{ puzzles, unsolvable, rows }`, one row per
    /// algorithm in the table's order, each `{ name, moves, expanded,
    /// generated, max_frontier, ms, gave_up }` (counts as numbers, exact
    /// below 2^53; `gave_up` null, or `{ puzzles, limit }`).
    pub fn totals(&self) -> Result<Object, JsValue> {
        totals(&self.0.totals)
    }

    /// The states breadth-first search expanded at each depth, and those
    /// of the two sides of bidirectional search, for [`search_picture`];
    /// an error saying why where there are none.
    pub fn layers(&self) -> Result<Layers, JsError> {
        let layers = self.0.layers.clone().map_err(error)?;
        Ok(Layers {
            puzzle: layers.puzzle,
            start: layers.start,
            goal: layers.goal,
            moves: layers.moves,
            breadth_first: layers.breadth_first,
            from_start: layers.from_start,
            from_goal: layers.from_goal,
        })
    }
}

/// [`eight::compare::SearchLayers`] as JavaScript sees it.
#[wasm_bindgen(getter_with_clone)]
pub struct Layers {
    /// The puzzle's number in the run.
    pub puzzle: u64,
    /// Its start, compact.
    pub start: String,
    /// Its goal, compact.
    pub goal: String,
    /// The length of its shortest solution.
    pub moves: usize,
    /// States expanded by breadth-first search at each depth.
    pub breadth_first: Vec<u64>,
    /// The bidirectional side from the start, by depth.
    pub from_start: Vec<u64>,
    /// The bidirectional side from the goal, by depth.
    pub from_goal: Vec<u64>,
}

/// The figure `eight compare --svg` draws of a board's searches, from the
/// fields of [`Layers`], as an SVG document. Drawn on the page's own
/// thread from what the worker posted: plotters measures the text with
/// the page's canvas, which a worker has not.
#[wasm_bindgen]
pub fn search_picture(
    puzzle: u64,
    start: String,
    goal: String,
    moves: usize,
    breadth_first: Vec<u64>,
    from_start: Vec<u64>,
    from_goal: Vec<u64>,
) -> String {
    eight::draw::chart::search(&SearchLayers {
        puzzle,
        start,
        goal,
        moves,
        breadth_first,
        from_start,
        from_goal,
    })
}

/// [`Totals`] as a plain object, as [`Compared::totals`] lays it out.
fn totals(totals: &Totals) -> Result<Object, JsValue> {
    let rows: Array = totals.rows.iter().map(row).collect::<Result<_, _>>()?;
    object(&[
        ("puzzles", count(totals.puzzles)),
        ("unsolvable", count(totals.unsolvable)),
        ("rows", rows.into()),
    ])
}

/// One [`RowWork`] as a plain object, its time in milliseconds.
fn row(work: &RowWork) -> Result<JsValue, JsValue> {
    let gave_up = match work.gave_up {
        Some(gave_up) => object(&[
            ("puzzles", count(gave_up.puzzles)),
            ("limit", count(gave_up.limit)),
        ])?
        .into(),
        None => JsValue::NULL,
    };
    let row = object(&[
        ("name", work.name.into()),
        ("moves", count(work.moves)),
        ("expanded", count(work.expanded)),
        ("generated", count(work.generated)),
        ("max_frontier", count(work.max_frontier)),
        ("ms", (work.elapsed.as_secs_f64() * 1e3).into()),
        ("gave_up", gave_up),
    ])?;
    Ok(row.into())
}

/// A count as a JavaScript number, exact below 2^53.
fn count(count: u64) -> JsValue {
    JsValue::from(count as f64)
}

/// A plain object of these fields.
fn object(fields: &[(&str, JsValue)]) -> Result<Object, JsValue> {
    let object = Object::new();
    for (name, value) in fields {
        Reflect::set(&object, &JsValue::from_str(name), value)?;
    }
    Ok(object)
}

/// A library message as a JavaScript error.
fn error(message: String) -> JsError {
    JsError::new(&message)
}
