//! `--svg FILE`, the one way every command draws: the picture goes to the
//! file while the usual output still goes to stdout, as hyperfine's
//! `--export-*` flags do. The file is written once the answers are out, so
//! a picture that cannot be written costs no answer; it is then an error
//! with status 2. It is written whole or not at all
//! ([`eight::draw::save`]): a failed write leaves an old FILE as it was.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

/// Where a command's picture goes.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Also draw the output as an SVG picture into FILE (stdout is
    /// unchanged).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
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
