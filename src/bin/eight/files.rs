//! The files named on the command line: a path, or standard input for `-`.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use eight::batch::BatchError;
use eight::pdb::CacheWarning;
use eight::read::PuzzleError;

use crate::exit_codes::ExitCode;
use crate::terminal::notice;

/// Whether `path` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// The inputs `paths` names, in order: standard input (`-`) alone when
/// there are none.
pub fn inputs(paths: &[PathBuf]) -> impl Iterator<Item = &Path> {
    let stdin = paths.is_empty().then_some(Path::new("-"));
    paths.iter().map(PathBuf::as_path).chain(stdin)
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

/// Stops with a usage error when a file that does not exist is named like a
/// subcommand (`eight stat`): subcommands come first, so such a word is
/// read as a file, and "No such file" would hide the typo.
pub fn refuse_subcommand_typos(paths: &[PathBuf]) {
    const SUBCOMMANDS: [&str; 4] = ["verify", "gen", "stats", "compare"];
    for path in paths {
        let Some(word) = path.to_str() else { continue };
        if is_stdin(path) || path.exists() {
            continue;
        }
        if let Some(near) = SUBCOMMANDS.iter().find(|name| is_near(word, name)) {
            usage_error!(
                None,
                "no file or subcommand '{word}'\n\n  tip: a similar subcommand exists: '{near}' \
                 (subcommands come before every option and file)"
            );
        }
    }
}

/// Whether `word` is `name` with a letter or two off: a prefix of it, or at
/// most two edits away.
fn is_near(word: &str, name: &str) -> bool {
    (word.len() >= 2 && name.starts_with(word)) || strsim::levenshtein(word, name) <= 2
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

/// Says on stderr that puzzle number `puzzle` of the input labelled
/// `label` (see [`label`]) is bad, and where.
pub fn bad_puzzle(label: &str, puzzle: u64, error: &PuzzleError) {
    notice!(
        "{label}line {} (puzzle {puzzle}): {}",
        error.line,
        error.kind
    );
}

/// What went wrong with the inputs of a run, short of the output failing.
#[derive(Debug, Default)]
pub struct Trouble {
    /// Some input could not be opened or read.
    pub unreadable: bool,
    /// Some input's judge frame was broken.
    broken_frame: bool,
}

impl Trouble {
    /// The run's exit status, given how many puzzles were invalid.
    pub fn exit_code(&self, invalid: u64) -> ExitCode {
        if self.unreadable {
            ExitCode::Error
        } else {
            ExitCode::failure_if(self.broken_frame || invalid > 0)
        }
    }
}

/// Feeds each puzzle input named in `paths` (standard input when there are
/// none) to `solve`, in order, with a reporter for its bad puzzles (the
/// puzzle's number and its error) and one for cache warnings. Bad
/// puzzles, inputs that cannot be read and broken frames are reported on
/// stderr and the run goes on; only failing output stops it, or a table
/// that did not fit in memory, which every later input would need too.
pub fn solve_each(
    paths: &[PathBuf],
    mut solve: impl FnMut(
        Box<dyn Read>,
        &dyn Fn(u64, &PuzzleError),
        &dyn Fn(&CacheWarning),
    ) -> Result<(), BatchError>,
) -> Result<Trouble, BatchError> {
    let mut trouble = Trouble::default();
    for path in inputs(paths) {
        let label = label(path);
        let report_bad_puzzle = |puzzle, error: &PuzzleError| bad_puzzle(&label, puzzle, error);
        let report_warning = |warning: &CacheWarning| notice!("{warning}");
        let outcome = open(path, PUZZLES)
            .map_err(BatchError::Read)
            .and_then(|input| solve(input, &report_bad_puzzle, &report_warning));
        // The message, and which trouble it is.
        let (message, kind) = match outcome {
            Ok(()) => continue,
            Err(BatchError::Read(error)) => (error.to_string(), &mut trouble.unreadable),
            Err(error @ BatchError::Engine(_)) => (error.to_string(), &mut trouble.unreadable),
            Err(BatchError::Frame(error)) => (error.to_string(), &mut trouble.broken_frame),
            Err(error @ (BatchError::Write(_) | BatchError::Memory(_))) => return Err(error),
        };
        notice!("{label}{message}");
        *kind = true;
    }
    Ok(trouble)
}
