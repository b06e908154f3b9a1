//! The files named on the command line: a path, or standard input for `-`.

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

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
pub const ANSWERS: &str = "answers (one line per puzzle)";

/// Opens `path` for reading. Standard input read from a terminal gets a
/// hint on stderr first, saying that it waits for `what`, so a person who
/// typed the command alone knows what to do.
pub fn open(path: &Path, what: &str) -> io::Result<Box<dyn Read>> {
    if !is_stdin(path) {
        return Ok(Box::new(File::open(path)?));
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!("eight: reading {what} from the terminal; press Ctrl-D to finish");
    }
    Ok(Box::new(stdin.lock()))
}
