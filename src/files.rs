//! The files named on the command line: a path, or standard input for `-`.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use eight::batch::BatchError;
use eight::input::InputError;

use crate::terminal::notice;
use crate::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};

/// Whether `path` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// `puzzles.txt: `, or nothing for standard input: the prefix of a message
/// about something read from `path`.
pub fn label(path: &Path) -> String {
    if is_stdin(path) {
        String::new()
    } else {
        format!("{}: ", path.display())
    }
}

/// What a puzzle input holds, for the terminal hint of [`open`].
pub const PUZZLES: &str = "puzzles (nine tiles each, x for the blank)";

/// What an answer input holds, for the terminal hint of [`open`].
pub const ANSWERS: &str = "answers (one per puzzle)";

/// Opens `path` for reading. Standard input read from a terminal gets a
/// hint on stderr first, saying that it waits for `what`, so a person who
/// typed the command alone knows what to do.
pub fn open(path: &Path, what: &str) -> io::Result<Box<dyn Read>> {
    if !is_stdin(path) {
        return Ok(Box::new(File::open(path)?));
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        notice!("reading {what} from the terminal; press Ctrl-D to finish");
    }
    Ok(Box::new(stdin.lock()))
}

/// What went wrong with the inputs of a run, short of the output failing.
#[derive(Debug, Default)]
pub struct Trouble {
    /// Some input could not be opened or read.
    unreadable: bool,
    /// Some input's judge frame was broken.
    broken_frame: bool,
}

impl Trouble {
    /// The run's exit status, given how many puzzles were invalid.
    pub fn exit_code(&self, invalid: u64) -> u8 {
        if self.unreadable {
            EXIT_ERROR
        } else if self.broken_frame || invalid > 0 {
            EXIT_INVALID
        } else {
            EXIT_OK
        }
    }
}

/// Feeds each puzzle input named in `paths` (standard input when there are
/// none) to `solve`, in order, with a reporter for its bad puzzles. Bad
/// puzzles, inputs that cannot be read and broken frames are reported on
/// stderr and the run goes on; only failing output stops it.
pub fn solve_each(
    paths: &[PathBuf],
    mut solve: impl FnMut(Box<dyn Read>, &dyn Fn(u64, &InputError)) -> Result<(), BatchError>,
) -> Result<Trouble, BatchError> {
    let stdin = [PathBuf::from("-")];
    let paths = if paths.is_empty() { &stdin[..] } else { paths };
    let mut trouble = Trouble::default();
    for path in paths {
        let label = label(path);
        let report_bad_puzzle = |puzzle: u64, error: &InputError| {
            notice!(
                "{label}line {} (puzzle {puzzle}): {}",
                error.line,
                error.kind
            );
        };
        let outcome = open(path, PUZZLES)
            .map_err(BatchError::Read)
            .and_then(|input| solve(input, &report_bad_puzzle));
        match outcome {
            Ok(()) => {}
            Err(BatchError::Read(error)) => {
                notice!("{label}{error}");
                trouble.unreadable = true;
            }
            Err(BatchError::Frame(error)) => {
                notice!("{label}{error}");
                trouble.broken_frame = true;
            }
            Err(error @ BatchError::Write(_)) => return Err(error),
        }
    }
    Ok(trouble)
}
