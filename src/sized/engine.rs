//! Which solver answers a board of a shape other than 3×3, chosen once per
//! run: exact tables up to nine cells, pattern databases up to sixteen,
//! the constructive method beyond (or whenever speed is asked for).

use std::sync::Arc;

use crate::cache::CacheWarning;
use crate::constructive;
use crate::grid::Grid;
use crate::moves::Move;
use crate::pdb::layout::MAX_CELLS as PDB_CELLS;
use crate::pdb::{Layout, Options, PdbError, Progress, Solver15};
use crate::shape::Shape;
use crate::small::{SmallTable, MAX_CELLS as SMALL_CELLS};

/// One run's solver for one shape and goal.
///
/// A clone shares the tables (the small table, the pattern databases) and
/// has scratch of its own: one per worker thread of a batch.
#[derive(Clone)]
pub enum SizedSolver {
    /// Boards of at most nine cells: every distance in a table.
    Small(Arc<SmallTable>),
    /// Boards of 10 to 16 cells: IDA* with pattern databases.
    Pdb {
        /// The engine, its databases kept between puzzles.
        solver: Box<Solver15>,
        /// The goal as the engine reads it.
        goal: Vec<u8>,
        /// The start as the engine reads it, reused.
        start: Vec<u8>,
    },
    /// Any board: a valid answer, not necessarily the fewest moves.
    Constructive,
}

/// What a solver made of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal cannot be reached.
    Unsolvable,
    /// The moves were handed over.
    Solved,
}

impl SizedSolver {
    /// The solver for boards of the goal's shape: `fast` takes the
    /// constructive method whatever the size.
    pub fn new(goal: &Grid, fast: bool) -> Result<SizedSolver, PdbError> {
        SizedSolver::with_options(goal, fast, Options::default())
    }

    /// [`SizedSolver::new`] with the pattern databases' options (which
    /// partition, where tables are kept) for boards of 10 to 16 cells.
    pub fn with_options(
        goal: &Grid,
        fast: bool,
        options: Options,
    ) -> Result<SizedSolver, PdbError> {
        let shape = goal.shape();
        if fast || shape.cells() > PDB_CELLS {
            return Ok(SizedSolver::Constructive);
        }
        if shape.cells() <= SMALL_CELLS {
            let table = SmallTable::build(goal).map_err(|_| PdbError::Shape {
                rows: shape.rows,
                columns: shape.columns,
            })?;
            return Ok(SizedSolver::Small(Arc::new(table)));
        }
        let solver = Solver15::new(Layout::new(shape)?, options)?;
        Ok(SizedSolver::Pdb {
            solver: Box::new(solver),
            goal: goal.tiles().iter().map(|&t| t as u8).collect(),
            start: Vec::with_capacity(shape.cells()),
        })
    }

    /// Builds or loads now whatever tables solving towards the goal will
    /// need (the pattern databases), so that clones made afterwards share
    /// them instead of each building its own.
    pub fn prepare(&mut self) -> Result<(), PdbError> {
        match self {
            SizedSolver::Pdb { solver, goal, .. } => solver.prepare(goal),
            _ => Ok(()),
        }
    }

    /// Whether the answers are the fewest moves (and the first such in
    /// letter order), as the 3×3 engines' are.
    pub fn shortest(&self) -> bool {
        !matches!(self, SizedSolver::Constructive)
    }

    /// Whether this choice gives the fewest moves on `shape`, before any
    /// solver is built: for refusing `--format count` at start-up.
    pub fn gives_shortest(shape: Shape, fast: bool) -> bool {
        !fast && shape.cells() <= PDB_CELLS
    }

    /// Solves `start` to `goal` (the goal this solver was built for),
    /// handing each move to `sink` in order; `path` is scratch for the
    /// exact solvers. Unsolvable boards cost O(cells) and no search.
    pub fn solve(
        &mut self,
        start: &Grid,
        goal: &Grid,
        path: &mut Vec<Move>,
        mut sink: impl FnMut(Move),
    ) -> Verdict {
        // Each engine decides solvability itself, by parity before any
        // search; both boards were checked against the shape when read, so
        // an error cannot arise and is taken as no answer.
        path.clear();
        let solved = match self {
            SizedSolver::Small(table) => table.solve_into(start, path).unwrap_or(false),
            SizedSolver::Pdb {
                solver,
                goal,
                start: cells,
            } => {
                cells.clear();
                cells.extend(start.tiles().iter().map(|&t| t as u8));
                matches!(solver.solve(cells, goal, path), Ok(Some(_)))
            }
            SizedSolver::Constructive => {
                return match constructive::solve(start, goal, &mut sink) {
                    Ok(true) => Verdict::Solved,
                    _ => Verdict::Unsolvable,
                };
            }
        };
        if !solved {
            return Verdict::Unsolvable;
        }
        path.iter().for_each(|&step| sink(step));
        Verdict::Solved
    }

    /// Calls `progress` while pattern databases are built (see
    /// [`Solver15::on_progress`]); other solvers build none.
    pub fn on_progress(&mut self, progress: Progress) {
        if let SizedSolver::Pdb { solver, .. } = self {
            solver.on_progress(progress);
        }
    }

    /// Cache problems met since the last call (pattern databases only).
    pub fn take_warnings(&mut self) -> Vec<CacheWarning> {
        match self {
            SizedSolver::Pdb { solver, .. } => solver.take_warnings(),
            _ => Vec::new(),
        }
    }
}
