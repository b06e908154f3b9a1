//! The README's examples, run: every ```console block of README.md is a
//! trycmd case, so the README cannot drift from the binary.
//!
//! trycmd runs no shell, so the blocks have no pipes or redirections: each
//! example reads its puzzles from a file, shown first with `cat`. Those
//! files live in `tests/readme/`. trycmd runs a Markdown case in the folder
//! named like it with `.in` (`README.in/` beside `README.md`), so the test
//! links both into a scratch folder rather than keep that folder at the
//! root of the repository.

use std::path::{Path, PathBuf};

/// `program` as found on `PATH`.
fn on_path(program: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("{program} is on PATH"))
}

#[test]
#[cfg(unix)]
fn every_console_block_of_the_readme_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let case = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&case);
    std::fs::create_dir_all(&case).expect("the scratch folder is writable");
    let link = |target: &Path, name: &str| {
        std::os::unix::fs::symlink(target, case.join(name)).expect("a link in the scratch folder");
    };
    link(&root.join("README.md"), "README.md");
    link(&root.join("tests/readme"), "README.in");
    trycmd::TestCases::new()
        .register_bin("eight", Path::new(env!("CARGO_BIN_EXE_eight")))
        .register_bin("cat", on_path("cat"))
        // Without a terminal, `eight stats` draws its chart $COLUMNS wide.
        .env("COLUMNS", "80")
        // The 4x4 examples keep their pattern databases where the other
        // tests of other sizes keep theirs (named for the cache's format),
        // not in the user's cache.
        .env("EIGHT_CACHE_DIR", crate::util::tables().to_string_lossy())
        .case(case.join("README.md"));
}
