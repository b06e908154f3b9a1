//! Pictures as SVG documents: a solution's boards (`board`), and the
//! charts of the state space and of the searches (`chart`), the figures
//! people who teach and write about sliding puzzles draw by hand.
//!
//! Each picture is made from plain data (a board and its moves, counts per
//! distance) into a `String`, so that the binary only chooses where the
//! bytes go and other front ends can reuse them. The same data always
//! gives the same bytes: no timestamps, no random ids. [`save`] writes one
//! to a file as the cache writes a table, whole or not at all.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use crate::cache;

pub mod board;
pub mod chart;

/// Writes `picture` to the file at `path` whole: into a new file beside
/// it, renamed over `path` once every byte is written and synced, so that
/// a write that fails (a full disk) leaves the file that was there as it
/// was. Through a symbolic link, the file it names is replaced, not the
/// link. What is not a file (a FIFO, a terminal, `/dev/stdout` on a
/// pipe) takes the bytes as they come: it holds nothing to keep, and
/// nothing can be renamed over it.
///
/// # Example
/// ```
/// let path = std::env::temp_dir().join(format!("eight-save-{}.svg", std::process::id()));
/// eight::draw::save(&path, "<svg/>").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "<svg/>");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn save(path: &Path, picture: &str) -> io::Result<()> {
    let target = match fs::metadata(path) {
        Ok(found) if !found.is_file() => return fs::write(path, picture),
        Ok(_) => fs::canonicalize(path)?,
        Err(error) if error.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
        Err(error) => return Err(error),
    };
    cache::replace(&target, |file| file.write_all(picture.as_bytes()))
}
