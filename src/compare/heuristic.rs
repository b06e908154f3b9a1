//! The rows of `eight compare --size`: IDA* under each estimate, one
//! [`Heuristic`] each, from Manhattan distance to the 7-8 pattern
//! databases.

use crate::cache::CacheWarning;
use crate::grid::Grid;
use crate::pdb::{CacheDir, EngineError, Layout, Partition, PatternSearch, PdbOptions};
use crate::search::manhattan::ManhattanIda;
use crate::search::Search;

/// An estimate that guides IDA* on boards other than 3×3: one row of
/// their comparison.
#[derive(Debug, PartialEq, Eq)]
pub struct Heuristic {
    /// The name on the command line and over the columns.
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    estimate: Estimate,
}

/// How a [`Heuristic`] estimates.
#[derive(Debug, PartialEq, Eq)]
enum Estimate {
    /// Manhattan distance, plus linear conflicts if asked.
    Manhattan { conflicts: bool },
    /// Pattern databases of the default partition or the 7-8 one, read
    /// for the board and, if the flag is set, its reflection about the
    /// diagonal (where the goal allows).
    Pdb(Partition, bool),
}

impl Heuristic {
    /// Every heuristic, in the order of the columns. The first four are
    /// compared unless others are asked for: the 7-8 partition's databases
    /// (577M entries) take minutes to build the first time and exist only
    /// for 4×4.
    pub const ALL: [Heuristic; 6] = [
        Heuristic {
            name: "manhattan",
            summary: "Manhattan distance",
            estimate: Estimate::Manhattan { conflicts: false },
        },
        Heuristic {
            name: "conflicts",
            summary: "Manhattan distance plus linear conflicts",
            estimate: Estimate::Manhattan { conflicts: true },
        },
        Heuristic {
            name: "pdb",
            summary: "the default pattern databases (6-6-3 on 4x4), with the reflection",
            estimate: Estimate::Pdb(Partition::Default, true),
        },
        Heuristic {
            name: "pdb-noreflect",
            summary: "the default pattern databases, without the reflection",
            estimate: Estimate::Pdb(Partition::Default, false),
        },
        Heuristic {
            name: "pdb78",
            summary: "the 7-8 databases (550 MiB), 4x4 only, minutes to build the first time",
            estimate: Estimate::Pdb(Partition::Large, true),
        },
        Heuristic {
            name: "pdb78-noreflect",
            summary: "the 7-8 databases, without the reflection",
            estimate: Estimate::Pdb(Partition::Large, false),
        },
    ];

    /// The heuristics compared unless others are asked for.
    pub fn defaults() -> impl Iterator<Item = &'static Heuristic> {
        Heuristic::ALL[..4].iter()
    }

    /// A search guided by this estimate on boards of `layout`, whose
    /// Manhattan searches give up after generating `limit` nodes and whose
    /// databases are kept in `cache`.
    pub(super) fn searcher(
        &self,
        layout: Layout,
        limit: Option<u64>,
        cache: &CacheDir,
    ) -> Result<Searcher, EngineError> {
        Ok(match &self.estimate {
            Estimate::Manhattan { conflicts } => {
                Searcher::Manhattan(ManhattanIda::new(*conflicts, limit))
            }
            Estimate::Pdb(partition, reflect) => {
                let options = PdbOptions {
                    partition: partition.clone(),
                    reflect: *reflect,
                    cache: cache.clone(),
                    node_limit: None,
                };
                Searcher::Tables(Box::new(PatternSearch::new(layout, options)?))
            }
        })
    }
}

/// The search of one row: IDA* by Manhattan distance, or by pattern
/// databases, which have tables to build first.
pub(super) enum Searcher {
    Manhattan(ManhattanIda),
    Tables(Box<PatternSearch>),
}

impl Searcher {
    /// The search, as every engine answers.
    pub(super) fn search(&mut self) -> &mut dyn Search<Board = Grid> {
        match self {
            Searcher::Manhattan(search) => search,
            Searcher::Tables(search) => &mut **search,
        }
    }

    /// Builds or loads the tables towards `goal` now, where there are
    /// any, and gives the cache's problems met doing so.
    pub(super) fn prepare(&mut self, goal: &Grid) -> Result<Vec<CacheWarning>, EngineError> {
        match self {
            Searcher::Manhattan(_) => Ok(Vec::new()),
            Searcher::Tables(search) => {
                search.prepare_grid(goal)?;
                Ok(search.take_warnings())
            }
        }
    }
}
