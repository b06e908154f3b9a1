//! A valid answer for a board of any size: the classic human method, in
//! O(moves) time and O(cells) memory, for boards far beyond any search.
//!
//! # The method
//! 1. **One goal.** The goal's blank is first walked to the bottom-right
//!    corner (right, then down), giving a *parked goal*; tiles are renamed
//!    so the parked goal reads `1, 2, …` in row order. The board is solved
//!    to that, then the answer ends with the walk undone (up, then left).
//!    So every goal costs at most `rows + columns − 2` extra moves.
//! 2. **Peel lines.** While the unsolved region is larger than 3×3, its top
//!    row is solved if it is at least as tall as it is wide, else its left
//!    column. A column is a row of the transposed region: the code works in
//!    a `View` that maps its rows and columns (and moves) onto the board,
//!    so one routine solves both. A line's tiles but the last two are moved
//!    home one by one; the last two go to a 3×2 window at the line's end
//!    and are finished there by a tiny BFS over where those two tiles and
//!    the blank stand. That is the classic two-at-once step, and it is also
//!    what solves 2×N and N×2 boards, whose lines are two tiles long.
//! 3. **Finish the core.** What is left is 2×2, 2×3, 3×2 or 3×3, solved
//!    exactly by a [`SmallTable`] (built once per core shape).
//!
//! A tile travels one cell at a time: the blank is brought to the cell
//! ahead of it without crossing it or a solved cell, then swaps with it. Of
//! the cells that bring the tile nearer, the one the blank reaches sooner is
//! taken, so tiles move diagonally in staircases (3 moves a cell) where a
//! straight line would cost 5. The blank goes by an L-shaped path when one
//! is clear, else by a BFS confined to the box around its ends.
//!
//! Moves are handed to a sink one at a time, so a 1000×1000 board (about
//! 10^9 moves) never holds its answer in memory. On their way a move that
//! undoes the one before it is dropped with that one (`Unwound`): the
//! routes are planned one tile at a time, and where one ends going right
//! the next may begin going left. So no answer holds `lr`, `rl`, `ud` or
//! `du`, and none is longer for it.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::contract::Search;
use crate::grid::{Grid, GridError, BLANK};
use crate::moves::{neighbour, Move};
use crate::shape::Shape;
use crate::small::SmallTable;
use crate::solvability::solvable;

mod route;

/// Solves `start` to `goal`, handing each move to `sink` in order: `false`,
/// with no move handed, when the goal cannot be reached.
///
/// The answer is valid, not shortest. Time is linear in its length (plus
/// O(cells)), memory O(cells), and once per process the table that
/// finishes the core (3.6 MB on 3×3): [`GridError::Memory`] where it does
/// not fit, before any move is handed.
///
/// # Example
/// ```
/// use eight::{constructive::solve, Grid, Shape};
/// let shape = Shape { rows: 4, columns: 4 };
/// let goal = Grid::solved(shape).unwrap();
/// let mut board = Grid::new(shape, vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12]).unwrap();
/// let mut moves = Vec::new();
/// assert_eq!(solve(&board, &goal, |step| moves.push(step)), Ok(true));
/// assert!(moves.iter().all(|&step| board.apply(step)));
/// assert_eq!(board, goal);
/// ```
pub fn solve(start: &Grid, goal: &Grid, mut sink: impl FnMut(Move)) -> Result<bool, GridError> {
    solve_while(start, goal, |step| {
        sink(step);
        ControlFlow::Continue(())
    })
}

/// [`solve`] with a sink that may stop the method: once it breaks, the
/// work ends with the tile being moved (the moves still made meanwhile
/// are handed over too, for the sink to drop), so a reader that went away
/// costs no more than one tile's moves. Whether the goal can be reached
/// is returned all the same.
pub fn solve_while(
    start: &Grid,
    goal: &Grid,
    mut sink: impl FnMut(Move) -> ControlFlow<()>,
) -> Result<bool, GridError> {
    if !solvable(start, goal)? {
        return Ok(false);
    }
    let shape = start.shape();
    let (row, column) = (goal.blank() / shape.columns, goal.blank() % shape.columns);
    let parking: Vec<Move> = std::iter::repeat_n(Move::Right, shape.columns - 1 - column)
        .chain(std::iter::repeat_n(Move::Down, shape.rows - 1 - row))
        .collect();
    let mut parked = goal.clone();
    for &step in &parking {
        parked.apply(step);
    }
    // `name[tile]`: 1 + the cell the tile has in the parked goal.
    let mut name = vec![BLANK; shape.cells()];
    for (cell, &tile) in parked.tiles().iter().enumerate() {
        if tile != BLANK {
            name[tile as usize] = cell as u32 + 1;
        }
    }
    let tiles = start.tiles().iter().map(|&t| name[t as usize]).collect();
    // Before any move, so that a table that does not fit hands over none.
    let core = core_table(shape)?;
    let mut unwound = Unwound::new(&mut sink);
    let mut hand = |step| unwound.push(step);
    if Work::new(shape, tiles, core, &mut hand).run().is_continue() {
        for step in parking.iter().rev().map(|step| step.inverse()) {
            if hand(step).is_break() {
                break;
            }
        }
    }
    unwound.finish();
    Ok(true)
}

/// The moves on their way to a sink, with each move that undoes the one
/// before it dropped together with that one.
///
/// A pair can only cancel against moves not yet handed over, so the moves
/// wait here, and the oldest half goes on whenever [`UNWOUND_HOLD`] wait.
/// What the method undoes at once is the end of one route against the
/// start of the next: at most 7 moves in a row on random boards from 4×4
/// to 200×200 (a count of the pops in a row, 2026-12-07), so nothing it
/// undoes has gone on yet.
struct Unwound<'s, S: FnMut(Move) -> ControlFlow<()>> {
    sink: &'s mut S,
    waiting: Vec<Move>,
    /// What the sink said last: once it breaks, it is handed nothing more.
    flow: ControlFlow<()>,
}

/// How many moves [`Unwound`] holds back at most: 64 KiB, far more than
/// one route.
const UNWOUND_HOLD: usize = 1 << 16;

impl<'s, S: FnMut(Move) -> ControlFlow<()>> Unwound<'s, S> {
    fn new(sink: &'s mut S) -> Self {
        Unwound {
            sink,
            waiting: Vec::new(),
            flow: ControlFlow::Continue(()),
        }
    }

    /// Takes the method's next move; breaks once the sink has.
    fn push(&mut self, step: Move) -> ControlFlow<()> {
        if self.waiting.last() == Some(&step.inverse()) {
            self.waiting.pop();
        } else {
            self.waiting.push(step);
            if self.waiting.len() >= UNWOUND_HOLD {
                self.hand_over(UNWOUND_HOLD / 2);
            }
        }
        self.flow
    }

    /// Hands the oldest `count` moves waiting to the sink.
    fn hand_over(&mut self, count: usize) {
        for step in self.waiting.drain(..count) {
            if self.flow.is_continue() {
                self.flow = (self.sink)(step);
            }
        }
    }

    /// Hands over every move still waiting.
    fn finish(mut self) {
        self.hand_over(self.waiting.len());
    }
}

/// [`solve`] collecting the moves: `None` when the goal cannot be reached.
pub fn solve_to_vec(start: &Grid, goal: &Grid) -> Result<Option<Vec<Move>>, GridError> {
    let mut moves = Vec::new();
    Ok(solve(start, goal, |step| moves.push(step))?.then_some(moves))
}

/// The method as one of the engines, for the run that chose it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Constructive;

impl Search for Constructive {
    type Board = Grid;

    /// [`solve`] into `path`; boards that do not fit each other (the
    /// readers rule that out), or a core's table that does not fit in
    /// memory, are taken as no answer ([`solve`] tells them apart).
    fn solve(&mut self, start: &Grid, goal: &Grid, path: &mut Vec<Move>) -> bool {
        path.clear();
        solve(start, goal, |step| path.push(step)).unwrap_or(false)
    }

    /// [`solve`] itself: the moves go to `sink` as they are found, and
    /// `path` is left alone.
    fn stream(
        &mut self,
        start: &Grid,
        goal: &Grid,
        _path: &mut Vec<Move>,
        sink: &mut impl FnMut(Move) -> ControlFlow<()>,
    ) -> bool {
        solve_while(start, goal, sink).unwrap_or(false)
    }

    fn shortest(&self) -> bool {
        false
    }
}

/// The sum over numbered tiles of their taxicab distance to their goal
/// cells: a lower bound on any answer's length, the yardstick the method's
/// move counts are measured against.
pub fn manhattan(start: &Grid, goal: &Grid) -> Result<u64, GridError> {
    if start.shape() != goal.shape() {
        return Err(GridError::ShapeMismatch(start.shape(), goal.shape()));
    }
    let mut goal_cell = vec![0usize; goal.tiles().len()];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell;
    }
    let tiles = start.tiles().iter().enumerate();
    Ok(tiles
        .filter(|&(_, &tile)| tile != BLANK)
        .map(|(cell, &tile)| start.shape().taxicab(cell, goal_cell[tile as usize]) as u64)
        .sum())
}

/// The table that finishes the core of a board of `shape`, each built on
/// first use; [`GridError::Memory`] where it does not fit (3.6 MB on
/// 3×3). Lines are peeled off while a side is longer than three (see
/// `Work::run`), so the core is at most three each way.
fn core_table(shape: Shape) -> Result<&'static SmallTable, GridError> {
    static TABLES: [OnceLock<SmallTable>; 4] = [const { OnceLock::new() }; 4];
    let core = Shape::new(shape.rows.min(3), shape.columns.min(3));
    let slot = &TABLES[(core.rows - 2) * 2 + (core.columns - 2)];
    if let Some(table) = slot.get() {
        return Ok(table);
    }
    let goal = Grid::solved(core).expect("a core is at least 2×2");
    let table = SmallTable::build(&goal)?;
    Ok(slot.get_or_init(|| table))
}

/// A rectangle of the board seen with its own rows and columns, possibly
/// transposed, so that solving its top row solves the board's left column
/// when `transposed`.
#[derive(Clone, Copy, Debug)]
struct View {
    /// The board cell of the view's (0, 0).
    top: usize,
    left: usize,
    transposed: bool,
    /// The view's own rows and columns.
    height: usize,
    width: usize,
}

/// A cell in a view's own coordinates.
type At = (usize, usize);

/// Which cells of a view a tile or the blank may not enter: its top row's
/// cells left of `prefix` (already solved) and one `pinned` cell.
#[derive(Clone, Copy)]
struct Locks {
    prefix: usize,
    pinned: Option<At>,
}

impl View {
    /// The cell's view coordinates one step away, if inside the view.
    fn step(&self, (r, c): At, m: Move) -> Option<At> {
        match m {
            Move::Down => (r + 1 < self.height).then_some((r + 1, c)),
            Move::Left => (c > 0).then(|| (r, c - 1)),
            Move::Right => (c + 1 < self.width).then_some((r, c + 1)),
            Move::Up => (r > 0).then(|| (r - 1, c)),
        }
    }

    /// Whether a cell is in the window where a line's last two tiles are
    /// finished: the top [`WINDOW_ROWS`] rows, last two columns.
    fn in_window(&self, (r, c): At) -> bool {
        r < WINDOW_ROWS && c >= self.width - 2
    }

    /// A view move as the board sees it.
    fn board_move(&self, m: Move) -> Move {
        match (self.transposed, m) {
            (false, m) => m,
            (true, Move::Down) => Move::Right,
            (true, Move::Right) => Move::Down,
            (true, Move::Left) => Move::Up,
            (true, Move::Up) => Move::Left,
        }
    }
}

impl Locks {
    fn free(&self, (r, c): At) -> bool {
        !(r == 0 && c < self.prefix) && self.pinned != Some((r, c))
    }
}

/// The rows of the window where a line's last two tiles are finished.
const WINDOW_ROWS: usize = 3;

/// The board being solved, renamed so that tile `t` belongs in cell `t − 1`
/// and the blank in the last cell, with the scratch the blank's routing
/// reuses.
struct Work<'s, S: FnMut(Move) -> ControlFlow<()>> {
    shape: Shape,
    tiles: Vec<u32>,
    /// The table that finishes the core.
    core: &'static SmallTable,
    /// `cell_of[tile]`: where the tile stands now.
    cell_of: Vec<u32>,
    blank: usize,
    sink: &'s mut S,
    /// Breaks once the sink breaks: the work then ends at the next tile.
    stopped: ControlFlow<()>,
    /// BFS scratch over view cells (`row * width + column`): `seen[i] ==
    /// epoch` marks a cell reached in the current search, `via[i]` the move
    /// that reached it.
    seen: Vec<u32>,
    via: Vec<Move>,
    epoch: u32,
    queue: Vec<At>,
    /// The last route found, in view moves.
    route: Vec<Move>,
}

impl<'s, S: FnMut(Move) -> ControlFlow<()>> Work<'s, S> {
    fn new(shape: Shape, tiles: Vec<u32>, core: &'static SmallTable, sink: &'s mut S) -> Self {
        let cells = tiles.len();
        let mut cell_of = vec![0u32; cells];
        for (cell, &tile) in tiles.iter().enumerate() {
            cell_of[tile as usize] = cell as u32;
        }
        Work {
            shape,
            blank: cell_of[BLANK as usize] as usize,
            tiles,
            core,
            cell_of,
            sink,
            stopped: ControlFlow::Continue(()),
            seen: vec![0; cells],
            via: vec![Move::Down; cells],
            epoch: 0,
            queue: Vec::new(),
            route: Vec::new(),
        }
    }

    /// Solves the board; breaks if the sink stopped it.
    fn run(&mut self) -> ControlFlow<()> {
        // The unsolved region, which ends as the core.
        let mut region = View {
            top: 0,
            left: 0,
            transposed: false,
            height: self.shape.rows,
            width: self.shape.columns,
        };
        while region.height > 3 || region.width > 3 {
            self.stopped?;
            // A column of the region is a row of its transpose.
            if region.height < region.width {
                let column = View {
                    transposed: true,
                    height: region.width,
                    width: region.height,
                    ..region
                };
                self.solve_line(&column);
                region.left += 1;
                region.width -= 1;
            } else {
                self.solve_line(&region);
                region.top += 1;
                region.height -= 1;
            }
        }
        self.solve_core(&region);
        self.stopped
    }

    /// The board cell at view coordinates.
    fn cell(&self, view: &View, (r, c): At) -> usize {
        let (row, column) = if view.transposed { (c, r) } else { (r, c) };
        (view.top + row) * self.shape.columns + view.left + column
    }

    /// The view coordinates of a board cell inside the view.
    fn at(&self, view: &View, cell: usize) -> At {
        let (row, column) = (
            cell / self.shape.columns - view.top,
            cell % self.shape.columns - view.left,
        );
        if view.transposed {
            (column, row)
        } else {
            (row, column)
        }
    }

    /// The tile that belongs at view coordinates.
    fn tile_for(&self, view: &View, at: At) -> u32 {
        self.cell(view, at) as u32 + 1
    }

    fn where_is(&self, view: &View, tile: u32) -> At {
        self.at(view, self.cell_of[tile as usize] as usize)
    }

    /// Moves the blank one step in view terms and hands the move on.
    fn step(&mut self, view: &View, m: Move) {
        let m = view.board_move(m);
        let target = neighbour(self.shape, self.blank, m).expect("routes stay on the board");
        let tile = self.tiles[target];
        self.tiles.swap(self.blank, target);
        self.cell_of[tile as usize] = self.blank as u32;
        self.cell_of[BLANK as usize] = target as u32;
        self.blank = target;
        if (self.sink)(m).is_break() {
            self.stopped = ControlFlow::Break(());
        }
    }

    fn follow_route(&mut self, view: &View) {
        for i in 0..self.route.len() {
            self.step(view, self.route[i]);
        }
    }

    /// Solves the view's top row (the view is at least 3 tall): all but the
    /// last two tiles one by one, then the last two together.
    fn solve_line(&mut self, view: &View) {
        let w = view.width;
        for c in 0..w - 2 {
            if self.stopped.is_break() {
                return;
            }
            let tile = self.tile_for(view, (0, c));
            let locks = Locks {
                prefix: c,
                pinned: None,
            };
            self.place(view, locks, tile, (0, c), false);
        }
        let (a, b) = (
            self.tile_for(view, (0, w - 2)),
            self.tile_for(view, (0, w - 1)),
        );
        if self.where_is(view, a) == (0, w - 2) && self.where_is(view, b) == (0, w - 1) {
            return;
        }
        // The window's cells below the corner, the nearest to `from` first
        // (always one: at most one of the four is `except`).
        let nearest = |from: At, except: Option<At>| {
            [(1, w - 2), (1, w - 1), (2, w - 2), (2, w - 1)]
                .into_iter()
                .filter(|&cell| Some(cell) != except)
                .min_by_key(|&(r, c)| from.0.abs_diff(r) + from.1.abs_diff(c))
                .unwrap_or((2, w - 1))
        };
        // `a` waits in the corner; `b` then comes into the window below
        // it. The window's top-left cell is a dead end once `a` is in the
        // corner, so `b` is never sent there, only left there if it is.
        let mut locks = Locks {
            prefix: w - 2,
            pinned: None,
        };
        self.place(view, locks, a, (0, w - 1), false);
        locks.pinned = Some((0, w - 1));
        let at_b = self.where_is(view, b);
        if !view.in_window(at_b) {
            self.place(view, locks, b, nearest(at_b, None), true);
        }
        let at_b = self.where_is(view, b);
        let blank = self.at(view, self.blank);
        if !view.in_window(blank) {
            let found = self.route_blank(view, locks, at_b, nearest(blank, Some(at_b)));
            debug_assert!(found, "the window is reachable");
            self.follow_route(view);
        }
        self.finish_in_window(view, a, b);
    }

    /// Brings `tile` to `to`, one cell at a time, without entering a locked
    /// cell; with `stop_in_window`, stops as soon as it enters the window.
    fn place(&mut self, view: &View, locks: Locks, tile: u32, to: At, stop_in_window: bool) {
        loop {
            let p = self.where_is(view, tile);
            if p == to || (stop_in_window && view.in_window(p)) {
                return;
            }
            let vertical = if to.0 < p.0 { Move::Up } else { Move::Down };
            let horizontal = if to.1 < p.1 { Move::Left } else { Move::Right };
            let mut best: Option<(usize, Move)> = None;
            for (m, needed) in [(vertical, to.0 != p.0), (horizontal, to.1 != p.1)] {
                let Some(next) = view.step(p, m).filter(|&n| needed && locks.free(n)) else {
                    continue;
                };
                if self.route_blank(view, locks, p, next)
                    && best.is_none_or(|(cost, _)| self.route.len() < cost)
                {
                    best = Some((self.route.len(), m));
                }
            }
            let (_, m) = best.expect("a tile always has a way nearer its cell");
            let next = view.step(p, m).expect("checked above");
            self.route_blank(view, locks, p, next);
            self.follow_route(view);
            // The blank is ahead of the tile: swapping moves the tile on.
            self.step(view, m.inverse());
        }
    }

    /// With `a`, `b` and the blank all in the window, puts `a` and `b` home
    /// by the shortest sequence of moves inside it, found by a BFS over the
    /// 6·5·4 places of those three (the other tiles in the window are free
    /// to move: none is solved).
    fn finish_in_window(&mut self, view: &View, a: u32, b: u32) {
        let left = view.width - 2;
        let slot = |(r, c): At| (r * 2 + c - left) as u8;
        let at = |slot: u8| (usize::from(slot) / 2, usize::from(slot % 2) + left);
        let key =
            |blank: u8, a: u8, b: u8| usize::from(blank) * 36 + usize::from(a) * 6 + usize::from(b);
        let start = (
            slot(self.at(view, self.blank)),
            slot(self.where_is(view, a)),
            slot(self.where_is(view, b)),
        );
        // `came[state]`: the move into it and the state before, by key.
        let mut came: [Option<(Move, usize)>; 216] = [None; 216];
        let mut states = vec![start];
        let first = key(start.0, start.1, start.2);
        came[first] = Some((Move::Down, first));
        let mut head = 0;
        let mut goal = None;
        while let Some(&(blank, pa, pb)) = states.get(head) {
            head += 1;
            if pa == 0 && pb == 1 {
                goal = Some(key(blank, pa, pb));
                break;
            }
            for m in Move::ALL {
                let Some(next) = view.step(at(blank), m) else {
                    continue;
                };
                if !view.in_window(next) {
                    continue;
                }
                let next = slot(next);
                let moved = |p: u8| if p == next { blank } else { p };
                let (na, nb) = (moved(pa), moved(pb));
                let k = key(next, na, nb);
                if came[k].is_none() {
                    came[k] = Some((m, key(blank, pa, pb)));
                    states.push((next, na, nb));
                }
            }
        }
        let mut k = goal.expect("every placing of two tiles in a 3×2 window is reachable");
        self.route.clear();
        while k != first {
            let (m, before) = came[k].expect("on the BFS tree");
            self.route.push(m);
            k = before;
        }
        self.route.reverse();
        self.follow_route(view);
    }

    /// Solves the core `view` (never transposed) by table.
    fn solve_core(&mut self, view: &View) {
        let shape = Shape::new(view.height, view.width);
        let at = |k: usize| (k / shape.columns, k % shape.columns);
        let tiles = (0..shape.cells())
            .map(|k| match self.tiles[self.cell(view, at(k))] {
                BLANK => BLANK,
                // The tile's home, as an index into the core, plus one.
                tile => {
                    let (r, c) = self.at(view, tile as usize - 1);
                    (r * shape.columns + c + 1) as u32
                }
            })
            .collect();
        let core = Grid::new(shape, tiles).expect("the core holds exactly its own tiles");
        let moves = self
            .core
            .solve(&core)
            .expect("the core has the table's shape")
            .expect("a solvable board leaves a solvable core");
        for m in moves {
            self.step(view, m);
        }
    }
}

#[cfg(test)]
mod tests;
