//! The presets on other boards at work: answering such a [`Preset`]'s
//! input as its problem does ([`JudgeBatch`]).
//!
//! It reads its cases with [`CaseReader`] and asks the preset, never its
//! name, what a case needs: whether it is solvable (POJ 2893's `YES`/`NO`,
//! by parity in linear time, so a 999×999 board costs one pass), any
//! solution (exact up to 16 cells, constructive beyond), or the fewest
//! moves (the exact engines). The special judge of these presets' answers
//! is [`crate::verify`]'s, which shares its solvers.

use std::io::{self, BufReader, Read, Write};

use crate::batch::{BatchError, Tally as SolveTally};
use crate::cache::CacheWarning;
use crate::format::Format;
use crate::grid::Grid;
use crate::judge::{Frame, Preset, SizedFraming};
use crate::moves::Move;
use crate::pdb::{self, PdbError, Progress};
use crate::read::frame::{CaseError, CaseReader};
use crate::read::PuzzleError;
use crate::sized::batch::{write_invalid, Answerer};
use crate::solver::Strategy;

/// The solver for the goal last asked about, kept while the goal stays.
#[derive(Default)]
pub(crate) struct Solvers {
    /// How the pattern databases are built and kept.
    options: pdb::Options,
    /// Who hears how a database build is going.
    progress: Option<Progress>,
    current: Option<(Grid, Strategy)>,
    path: Vec<Move>,
    warnings: Vec<CacheWarning>,
}

impl Solvers {
    /// The solver for `goal`, built when the goal changes.
    pub(crate) fn solver(&mut self, goal: &Grid) -> Result<&mut Strategy, PdbError> {
        let current = match self.current.take() {
            Some((kept, solver)) if kept == *goal => (kept, solver),
            stale => {
                if let Some((_, mut old)) = stale {
                    self.warnings.extend(old.take_warnings());
                }
                let mut solver = Strategy::with_options(goal, false, self.options.clone())?;
                if let Some(progress) = &self.progress {
                    solver.on_progress(progress.clone());
                }
                (goal.clone(), solver)
            }
        };
        let (_, solver) = self.current.insert(current);
        Ok(solver)
    }

    /// Cache problems met since the last call.
    pub(crate) fn take_warnings(&mut self) -> Vec<CacheWarning> {
        if let Some((_, solver)) = &mut self.current {
            self.warnings.extend(solver.take_warnings());
        }
        std::mem::take(&mut self.warnings)
    }
}

/// The board of `start`'s shape with the tiles in row order, blank last:
/// every sized preset's goal.
pub(crate) fn solved_like(start: &Grid) -> Grid {
    // The start's shape is a board's, so this cannot fail; if it did, the
    // start itself would stand in and every answer be judged against it.
    Grid::solved(start.shape()).unwrap_or_else(|_| start.clone())
}

/// A solver that cannot be built, as an error of the run.
pub(crate) fn solver_error(error: PdbError) -> io::Error {
    io::Error::other(format!("cannot prepare the solver: {error}"))
}

/// Answers the input of a [`Preset`] on other boards as its problem does.
///
/// # Example
/// ```
/// use eight::{judge::Preset, sized::judge::JudgeBatch};
/// let mut batch = JudgeBatch::new(Preset::named("poj3240").unwrap(), Vec::new()).unwrap();
/// batch.run("2\n3 1\n2 0\n".as_bytes(), |_, _| {}, |_| {}).unwrap();
/// assert_eq!(batch.into_inner(), b"LURD\n");
/// ```
pub struct JudgeBatch<W: Write> {
    framing: SizedFraming,
    format: Format,
    out: W,
    solvers: Solvers,
    tally: SolveTally,
}

impl<W: Write> JudgeBatch<W> {
    /// A batch answering as `preset`'s problem, written to `out`; buffer
    /// `out` yourself. `None` for a 3×3 preset.
    pub fn new(preset: &Preset, out: W) -> Option<JudgeBatch<W>> {
        let Frame::Sized(framing) = preset.framing else {
            return None;
        };
        Some(JudgeBatch {
            framing,
            format: preset.format,
            out,
            solvers: Solvers::default(),
            tally: SolveTally::default(),
        })
    }

    /// The same batch with the pattern databases built and kept as
    /// `options` says, `progress` hearing how each build goes.
    pub fn with_tables(mut self, options: pdb::Options, progress: Progress) -> JudgeBatch<W> {
        self.solvers.options = options;
        self.solvers.progress = Some(progress);
        self
    }

    /// Answers every case of `input`. `on_error` hears of each bad board
    /// with its case's number in the whole run (from 1), `on_warning` of
    /// each problem with the pattern databases' cache; a broken frame ends
    /// the input as an error, after the cases before it are answered.
    pub fn run<R: Read>(
        &mut self,
        input: R,
        mut on_error: impl FnMut(u64, &PuzzleError),
        mut on_warning: impl FnMut(&CacheWarning),
    ) -> Result<(), BatchError> {
        let input = BufReader::with_capacity(1 << 16, input);
        let mut cases = CaseReader::grids(input, self.framing)
            .map_err(|error| BatchError::Read(io::Error::other(error)))?;
        loop {
            let case = match cases.next_case() {
                Ok(Some(case)) => case.start,
                Ok(None) => return Ok(()),
                Err(CaseError::Read(error)) => return Err(BatchError::Read(error)),
                Err(CaseError::Frame(error)) => return Err(BatchError::Frame(error)),
            };
            self.tally.puzzles += 1;
            match case {
                Ok(start) => self.answer(&start)?,
                Err(error) => {
                    self.tally.invalid += 1;
                    on_error(self.tally.puzzles, &error);
                    write_invalid(&mut self.out, self.format, &error).map_err(BatchError::Write)?;
                }
            }
            self.solvers
                .take_warnings()
                .iter()
                .for_each(&mut on_warning);
        }
    }

    /// Writes one case's answer.
    fn answer(&mut self, start: &Grid) -> Result<(), BatchError> {
        let goal = solved_like(start);
        let goal = &goal;
        let answer = Answerer {
            goal,
            format: self.format,
            // Only `steps` grids use it, and no preset answers in steps.
            width: 0,
        };
        let mut path = std::mem::take(&mut self.solvers.path);
        let solvers = &mut self.solvers;
        let written = answer.write(
            &mut self.out,
            || {
                solvers
                    .solver(goal)
                    .map_err(|e| BatchError::Read(solver_error(e)))
            },
            &mut path,
            start,
        );
        self.solvers.path = path;
        written
    }

    /// Counts so far.
    pub fn tally(&self) -> SolveTally {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(name: &str, input: &str) -> String {
        let mut batch = JudgeBatch::new(Preset::named(name).unwrap(), Vec::new()).unwrap();
        batch.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
        String::from_utf8(batch.into_inner()).unwrap()
    }

    #[test]
    fn the_small_presets_answer_their_samples() {
        let poj2893 = "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n";
        assert_eq!(answer("poj2893", poj2893), "YES\nNO\n");
        assert_eq!(answer("poj3240", "2\n3 1\n2 0\n"), "LURD\n");
        assert_eq!(answer("poj3240", "2\n2 1\n3 0\n"), "No Answer!\n");
        let leetcode =
            "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[3,2,4],[1,5,0]]\n";
        assert_eq!(answer("leetcode773", leetcode), "1\n-1\n5\n14\n");
    }
}
