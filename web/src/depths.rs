//! The place kept for the figure of states per depth: how many states
//! breadth-first search from the start meets at each depth, and how many
//! each frontier of bidirectional search holds at each of its depths.
//!
//! Not wired yet: the counts come from `eight::search` (`BreadthFirst`,
//! `Bidirectional`), which does not report them yet; that is being added
//! on another branch. Until it lands, [`layers`] says so, and the page's
//! "States per depth" section shows that message instead of counts: none
//! are made up here. Wiring it is filling [`Depths`] from the library's
//! layer counts in [`layers`]; the page already draws whatever it holds.

use eight::Grid;
use wasm_bindgen::prelude::*;

/// States per depth of the searches from one 3×3 board.
#[wasm_bindgen(getter_with_clone)]
pub struct Depths {
    /// Breadth-first search from the start: states first met at depth 0, 1, ….
    pub breadth_first: Vec<u64>,
    /// Bidirectional search, the frontier grown from the start, per depth.
    pub from_start: Vec<u64>,
    /// Bidirectional search, the frontier grown from the goal, per depth.
    pub from_goal: Vec<u64>,
}

/// The counts for `start`, once the library reports them.
pub(crate) fn layers(_start: &Grid) -> Result<Depths, String> {
    Err("States per depth are not available yet: the library does not report them.".into())
}
