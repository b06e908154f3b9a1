//! `--svg FILE`, the one way every command draws: the picture goes to the
//! file while the usual output still goes to stdout, as hyperfine's
//! `--export-*` flags do. The file is written once the answers are out, so
//! a picture that cannot be written costs no answer; it is then an error
//! with status 2. It is written whole or not at all
//! ([`eight::draw::save`]): a failed write leaves an old FILE as it was.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use crate::files;

/// Where a command's picture goes.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Also draw the output as an SVG picture into FILE (stdout is
    /// unchanged).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

impl PictureArgs {
    /// Stops with a usage error of `subcommand` when the picture would be
    /// written over one of the puzzle files `inputs` (standard input for
    /// none or `-`), before anything is read: the picture would replace
    /// the puzzles it was drawn from.
    pub fn refuse_inputs(&self, subcommand: Option<&str>, inputs: &[PathBuf]) {
        let Some(svg) = self.svg.as_deref() else {
            return;
        };
        let Some(picture) = FileId::of_file(svg) else {
            return;
        };
        for input in files::inputs(inputs) {
            if FileId::of_input(input).is_some_and(|id| id == picture) {
                let input = if files::is_stdin(input) {
                    "standard input".to_string()
                } else {
                    input.display().to_string()
                };
                usage_error!(
                    subcommand,
                    "--svg {} is an input: the picture would replace the puzzles read from \
                     {input}",
                    svg.display()
                );
            }
        }
    }
}

/// A file as the system knows it, whatever path names it: on Unix its
/// device and inode, so that a link and a redirected standard input are
/// seen to be the file too.
#[cfg(unix)]
#[derive(PartialEq, Eq)]
struct FileId {
    device: u64,
    inode: u64,
}

#[cfg(unix)]
impl FileId {
    /// The file at `path`, if there is one.
    fn of_file(path: &Path) -> Option<FileId> {
        fs::metadata(path).ok().map(FileId::from)
    }

    /// The file the input `path` reads, standard input's for `-`, if it
    /// is one.
    fn of_input(path: &Path) -> Option<FileId> {
        use std::os::fd::AsFd;
        if !files::is_stdin(path) {
            return FileId::of_file(path);
        }
        let stdin = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
        fs::File::from(stdin).metadata().ok().map(FileId::from)
    }
}

#[cfg(unix)]
impl From<fs::Metadata> for FileId {
    fn from(metadata: fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId {
            device: metadata.dev(),
            inode: metadata.ino(),
        }
    }
}

/// A file as the system knows it, elsewhere than on Unix: its canonical
/// path. What standard input reads is not known there.
#[cfg(not(unix))]
#[derive(PartialEq, Eq)]
struct FileId(PathBuf);

#[cfg(not(unix))]
impl FileId {
    /// The file at `path`, if there is one.
    fn of_file(path: &Path) -> Option<FileId> {
        fs::canonicalize(path).ok().map(FileId)
    }

    /// The file the input `path` reads, if it is a named one.
    fn of_input(path: &Path) -> Option<FileId> {
        if files::is_stdin(path) {
            return None;
        }
        FileId::of_file(path)
    }
}

/// A cause of status 2 in the help footer of the commands that draw.
macro_rules! unwritable_picture_help {
    () => {
        "a --svg picture that could not be written, "
    };
}
pub(crate) use unwritable_picture_help;

/// Writes the picture `svg` to `path`, or says why it could not.
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    eight::draw::save(path, svg)
        .with_context(|| format!("cannot write the picture to {}", path.display()))
}
