//! The documents' examples, run: every ```console block of README.md and
//! of each docs/*.md is a trycmd case, so the documents cannot drift from
//! the binary.
//!
//! trycmd runs no shell, so the blocks have no pipes or redirections: each
//! example reads its puzzles from a file, shown first with `cat`. Those
//! files live in `tests/readme/`. trycmd runs a Markdown case in the folder
//! named like it with `.in` (`README.in/` beside `README.md`), so the test
//! links every document into a scratch folder, each beside a copy of
//! `tests/readme/` named for it, rather than keep those folders in the
//! repository. A copy, not a link: the examples that draw write their
//! pictures there.
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

/// README.md and every Markdown file of docs/, sorted.
fn documents(root: &Path) -> Vec<PathBuf> {
    let docs = std::fs::read_dir(root.join("docs")).expect("docs/ is readable");
    let mut documents: Vec<PathBuf> = docs
        .map(|entry| entry.expect("docs/ lists its files").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    documents.sort();
    documents.insert(0, root.join("README.md"));
    documents
}

#[test]
#[cfg(unix)]
fn every_console_block_of_the_documents_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let case = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&case);
    std::fs::create_dir_all(&case).expect("the scratch folder is writable");
    let link = |target: &Path, name: &str| {
        std::os::unix::fs::symlink(target, case.join(name)).expect("a link in the scratch folder");
    };
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("eight", Path::new(env!("CARGO_BIN_EXE_eight")))
        .register_bin("cat", on_path("cat"))
        // Without a terminal, `eight stats` draws its chart $COLUMNS wide.
        .env("COLUMNS", "80")
        // The 4x4 examples keep their pattern databases where the other
        // tests of other sizes keep theirs (named for the cache's format),
        // not in the user's cache.
        .env("EIGHT_CACHE_DIR", crate::util::tables().to_string_lossy());
    for document in documents(root) {
        let stem = document.file_stem().expect("a document has a name");
        let stem = stem.to_str().expect("a document's name is UTF-8");
        link(&document, &format!("{stem}.md"));
        copy_files(&root.join("tests/readme"), &case.join(format!("{stem}.in")));
        cases.case(case.join(format!("{stem}.md")));
    }
}

/// Copies the files of the folder `from` into a new folder `to`.
fn copy_files(from: &Path, to: &Path) {
    std::fs::create_dir(to).expect("the scratch folder is writable");
    for entry in std::fs::read_dir(from).expect("tests/readme/ is readable") {
        let path = entry.expect("tests/readme/ lists its files").path();
        let name = path.file_name().expect("a file has a name");
        std::fs::copy(&path, to.join(name)).expect("a copy in the scratch folder");
    }
}
