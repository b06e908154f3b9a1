//! `--svg FILE`, the one way every command draws: the picture goes to the
//! file while the usual output still goes to stdout, as hyperfine's
//! `--export-*` flags do. The file is written once the answers are out, so
//! a picture that cannot be written costs no answer; it is then an error
//! with status 2.

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

/// Writes the picture `svg` to `path`, or says why it could not.
pub fn write(path: &Path, svg: &str) -> anyhow::Result<()> {
    std::fs::write(path, svg)
        .with_context(|| format!("cannot write the picture to {}", path.display()))
}
