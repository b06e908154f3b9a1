//! The batch loop for boards of another shape: puzzles in, one answer per
//! puzzle out, in order, each answer written as its moves come so that a
//! 1000×1000 board's billion moves are never held in memory.
//!
//! The formats are the 3×3 ones ([`Format`]) with two differences that
//! come from answers that may not be the fewest moves: `steps` ends with
//! `N moves, not necessarily the fewest` for those, and `json` has a
//! `"shortest"` field and writes `"moves"` before `"length"` (the length
//! is known only once the moves are out).

use std::io::{self, BufReader, Read, Write};

use crate::batch::{BatchError, Tally};
use crate::cache::CacheWarning;
use crate::format::Format;
use crate::grid::{Grid, BLANK};
use crate::moves::Move;
use crate::sized::engine::{SizedSolver, Verdict};
use crate::sized::read::{SizedError, SizedReader};

/// Solves streams of puzzles of one shape towards one goal.
pub struct SizedBatch<W: Write> {
    goal: Grid,
    format: Format,
    solver: SizedSolver,
    out: W,
    path: Vec<Move>,
    tally: Tally,
    /// Digits of the largest tile: the width of a cell in `steps` grids.
    width: usize,
}

impl<W: Write> SizedBatch<W> {
    /// A batch answering towards `goal` with `solver` (built for it) in
    /// `format`, written to `out`; buffer `out` yourself.
    ///
    /// # Example
    /// ```
    /// use eight::{format::Format, shape::Shape, sized::{batch::SizedBatch, engine::SizedSolver}};
    /// use eight::grid::Grid;
    /// let goal = Grid::solved(Shape { rows: 2, columns: 3 }).unwrap();
    /// let solver = SizedSolver::new(&goal, false).unwrap();
    /// let mut batch = SizedBatch::new(goal, solver, Format::Count, Vec::new());
    /// batch.run("[[4,1,2],[5,0,3]]\n1 2 3 5 4 x".as_bytes(), |_, _| {}, |_| {}).unwrap();
    /// assert_eq!(batch.into_inner(), b"5\n-1\n");
    /// ```
    pub fn new(goal: Grid, solver: SizedSolver, format: Format, out: W) -> SizedBatch<W> {
        let width = (goal.tiles().len() - 1).to_string().len();
        SizedBatch {
            goal,
            format,
            solver,
            out,
            path: Vec::new(),
            tally: Tally::default(),
            width,
        }
    }

    /// Answers every puzzle in `input`. `on_error` hears of each bad board
    /// with the number of its puzzle in the whole run (from 1);
    /// `on_warning` of each problem with the pattern databases' cache.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &SizedError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let input = BufReader::with_capacity(1 << 16, input);
        let mut reader =
            SizedReader::new(input, self.goal.shape()).expect("the goal's shape was checked");
        while let Some(puzzle) = reader.next_puzzle().map_err(BatchError::Read)? {
            self.tally.puzzles += 1;
            if self.format == Format::Steps && self.tally.puzzles > 1 {
                self.out.write_all(b"\n").map_err(BatchError::Write)?;
            }
            match puzzle {
                Ok(start) => self.answer(&start).map_err(BatchError::Write)?,
                Err(error) => {
                    self.tally.invalid += 1;
                    on_error(self.tally.puzzles, &error);
                    self.invalid(&error).map_err(BatchError::Write)?;
                }
            }
            self.solver.take_warnings().iter().for_each(&mut on_warning);
        }
        Ok(())
    }

    /// Writes one puzzle's answer, its moves as they come.
    fn answer(&mut self, start: &Grid) -> io::Result<()> {
        let SizedBatch {
            goal,
            format,
            solver,
            out,
            path,
            width,
            ..
        } = self;
        let shortest = solver.shortest();
        // A sink cannot fail: it keeps the first write error for later.
        let mut failed: Option<io::Error> = None;
        let mut keep = |outcome: io::Result<()>| {
            if let (Err(error), None) = (outcome, &failed) {
                failed = Some(error);
            }
        };
        let mut moves = 0u64;
        match format {
            Format::Json => {
                write!(out, "{{\"puzzle\":\"")?;
                write_tiles(out, start, " ")?;
                write!(out, "\",\"goal\":\"")?;
                write_tiles(out, goal, " ")?;
                write!(out, "\",")?;
                let mut opened = false;
                let verdict = solver.solve(start, goal, path, |step| {
                    if !opened {
                        opened = true;
                        keep(write!(
                            out,
                            "\"solvable\":true,\"shortest\":{shortest},\"moves\":\""
                        ));
                    }
                    moves += 1;
                    keep(out.write_all(&[step.letter()]));
                });
                match verdict {
                    Verdict::Unsolvable => write!(
                        out,
                        "\"solvable\":false,\"shortest\":{shortest},\"moves\":null,\"length\":null}}"
                    )?,
                    Verdict::Solved if !opened => write!(
                        out,
                        "\"solvable\":true,\"shortest\":{shortest},\"moves\":\"\",\"length\":0}}"
                    )?,
                    Verdict::Solved => write!(out, "\",\"length\":{moves}}}")?,
                }
            }
            Format::Steps => {
                writeln!(out, "start")?;
                write_grid(out, start, *width)?;
                let mut board = start.clone();
                let verdict = solver.solve(start, goal, path, |step| {
                    moves += 1;
                    board.apply(step);
                    keep(writeln!(out, "step {moves}: {}", char::from(step.letter())));
                    keep(write_grid(out, &board, *width));
                });
                match (verdict, moves, shortest) {
                    (Verdict::Unsolvable, _, _) => write!(out, "unsolvable")?,
                    (_, 1, true) => write!(out, "1 move")?,
                    (_, 1, false) => write!(out, "1 move, not necessarily the fewest")?,
                    (_, n, true) => write!(out, "{n} moves")?,
                    (_, n, false) => write!(out, "{n} moves, not necessarily the fewest")?,
                }
            }
            Format::Count => {
                let verdict = solver.solve(start, goal, path, |_| moves += 1);
                match verdict {
                    Verdict::Unsolvable => write!(out, "-1")?,
                    Verdict::Solved => write!(out, "{moves}")?,
                }
            }
            Format::Moves | Format::CaseLines => {
                let verdict = solver.solve(start, goal, path, |step| {
                    keep(out.write_all(&[step.letter()]))
                });
                if verdict == Verdict::Unsolvable {
                    write!(out, "unsolvable")?;
                }
            }
        }
        if let Some(error) = failed {
            return Err(error);
        }
        writeln!(out)
    }

    /// Holds the place of a puzzle that could not be read.
    fn invalid(&mut self, error: &SizedError) -> io::Result<()> {
        match self.format {
            Format::Json => {
                let text = serde_json::to_string(&error.kind.to_string())?;
                writeln!(self.out, "{{\"line\":{},\"error\":{text}}}", error.line)
            }
            _ => writeln!(self.out, "invalid"),
        }
    }

    /// Counts so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The output, for callers that collect it.
    pub fn into_inner(self) -> W {
        self.out
    }
}

/// The tiles in row order, `x` for the blank, `separator` between them.
pub(crate) fn write_tiles(out: &mut impl Write, grid: &Grid, separator: &str) -> io::Result<()> {
    for (cell, &tile) in grid.tiles().iter().enumerate() {
        if cell > 0 {
            out.write_all(separator.as_bytes())?;
        }
        if tile == BLANK {
            out.write_all(b"x")?;
        } else {
            write!(out, "{tile}")?;
        }
    }
    Ok(())
}

/// `grid` as rows indented by two spaces, each cell right-aligned to
/// `width`, the blank written `x`.
fn write_grid(out: &mut impl Write, grid: &Grid, width: usize) -> io::Result<()> {
    for row in grid.tiles().chunks(grid.shape().columns) {
        out.write_all(b"  ")?;
        for (column, &tile) in row.iter().enumerate() {
            if column > 0 {
                out.write_all(b" ")?;
            }
            if tile == BLANK {
                write!(out, "{:>width$}", "x")?;
            } else {
                write!(out, "{tile:>width$}")?;
            }
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}
