//! The pattern databases through the binary: `eight build-tables` builds
//! and then loads them, solving reads what it saved, `--no-cache` writes
//! nothing, a damaged or unwritable cache costs one line on stderr, and
//! `--pdb` is refused where it does not fit.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::messages;
use crate::util::{eight, stderr, stdout, tables};

/// A fresh cache directory for one test, in Cargo's scratch folder.
fn fresh(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tables-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&dir);
    dir
}

fn run(cache: &Path, args: &[&str], stdin: &str) -> Output {
    eight()
        .args(args)
        .env("EIGHT_CACHE_DIR", cache)
        .write_stdin(stdin)
        .output()
        .expect("eight runs")
}

/// A fresh cache folder named for `name` with the 3x4 default's tables
/// built in it, and the first table's file.
fn built_3x4(name: &str) -> (PathBuf, PathBuf) {
    let dir = fresh(name);
    run(&dir, &["build-tables", "--size", "3x4"], "");
    let file = files(&dir)[0].clone();
    (dir, file)
}

/// The 3x4 default's two tables, by home cells.
const TABLES: [&str; 2] = ["0,4,8,1,5,9", "2,6,10,3,7"];

/// A 3x4 board two moves from the goal, and its answer.
const BOARD: &str = "1 2 3 4 5 6 0 8 9 10 7 11\n";
const ANSWER: &str = "dr\n";

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

fn assert_tables(output: &Output, dir: &Path, origin: &str) {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    let out = stdout(output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], messages::cache_directory(dir));
    assert_eq!(lines.len(), 1 + TABLES.len());
    for (line, cells) in lines[1..].iter().zip(TABLES) {
        assert!(
            line.starts_with(&messages::table_line(origin, cells)),
            "{line}"
        );
    }
}

#[test]
fn build_tables_builds_once_and_solving_reads_what_it_saved() {
    let dir = fresh("build");
    let args = ["build-tables", "--size", "3x4"];
    assert_tables(&run(&dir, &args, ""), &dir, "built");
    let saved = files(&dir);
    assert_eq!(saved.len(), TABLES.len());
    let stamps: Vec<_> = saved
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().modified().unwrap())
        .collect();
    assert_tables(&run(&dir, &args, ""), &dir, "loaded");
    let solved = run(&dir, &["--size", "3x4"], BOARD);
    assert_eq!(stdout(&solved), ANSWER);
    assert_eq!(stderr(&solved), "");
    // Nothing rewritten, no temporary file left.
    assert_eq!(files(&dir), saved);
    for (file, stamp) in saved.iter().zip(stamps) {
        assert_eq!(std::fs::metadata(file).unwrap().modified().unwrap(), stamp);
    }
}

#[test]
fn two_processes_building_the_same_tables_at_once_both_leave_whole_files() {
    let dir = fresh("race");
    let spawn = || {
        // A plain process, so that both run at once.
        std::process::Command::new(env!("CARGO_BIN_EXE_eight"))
            .args(["build-tables", "--size", "3x4"])
            .env("EIGHT_CACHE_DIR", &dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("eight starts")
    };
    let racers = [spawn(), spawn()];
    for racer in racers {
        let output = racer.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stderr(&output), "");
    }
    assert_eq!(files(&dir).len(), TABLES.len());
    let again = run(&dir, &["build-tables", "--size", "3x4"], "");
    assert_tables(&again, &dir, "loaded");
    assert_eq!(stderr(&again), "");
}

#[test]
fn no_cache_reads_and_writes_nothing() {
    let dir = fresh("none");
    let output = run(&dir, &["--size", "3x4", "--no-cache"], BOARD);
    assert_eq!(stdout(&output), ANSWER);
    assert_eq!(stderr(&output), "");
    assert!(!dir.exists());
}

#[test]
fn no_cache_means_the_same_on_every_command() {
    let puzzles = crate::util::scratch("no-cache-puzzles.txt", BOARD);
    let answers = crate::util::scratch("no-cache-answers.txt", ANSWER);
    let (puzzles, answers) = (puzzles.to_str().unwrap(), answers.to_str().unwrap());
    let verify = ["verify", "--size", "3x4", "--optimal", puzzles, answers];
    let compare = ["compare", "--size", "3x4", "--heuristics", "pdb", puzzles];
    let build = ["build-tables", "--size", "3x4"];
    for (name, args) in [
        ("verify", &verify[..]),
        ("compare", &compare[..]),
        ("build", &build[..]),
    ] {
        // Each of them builds and saves tables without the flag...
        let dir = fresh(&format!("kept-{name}"));
        let output = run(&dir, args, "");
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
        assert_eq!(files(&dir).len(), TABLES.len(), "{name}");
        // ...and with it, the same output, no directory and no file.
        let dir = fresh(&format!("none-{name}"));
        let with: Vec<&str> = args.iter().copied().chain(["--no-cache"]).collect();
        let output = run(&dir, &with, "");
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{name}");
        assert!(!dir.exists(), "{name}");
    }
    let dir = fresh("none-build-lines");
    let output = run(&dir, &["build-tables", "--size", "3x4", "--no-cache"], "");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], messages::NO_CACHE_DIRECTORY);
    for (line, cells) in lines[1..].iter().zip(TABLES) {
        assert!(
            line.starts_with(&messages::table_line("built", cells)),
            "{line}"
        );
    }
    // Boards that use no cached tables take the flag and change nothing:
    // each is a board one move from its goal.
    for size in ["3x3", "2x3", "6x5"] {
        let dir = fresh(&format!("none-{size}"));
        let cells: usize = size
            .split('x')
            .map(|n| n.parse::<usize>().unwrap())
            .product();
        let mut tiles: Vec<String> = (1..cells).map(|t| t.to_string()).collect();
        tiles.insert(cells - 2, "x".into());
        let output = run(
            &dir,
            &["--size", size, "--no-cache"],
            &(tiles.join(" ") + "\n"),
        );
        assert_eq!(stdout(&output), "r\n", "{size}");
        assert_eq!(stderr(&output), "", "{size}");
        assert!(!dir.exists(), "{size}");
    }
}

#[test]
fn a_preset_on_the_fifteen_puzzle_takes_no_cache_too() {
    let dir = fresh("preset-none");
    let sample = "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    // The 5-5-5 tables, which build in a second where the default's take
    // fourteen of CPU: what is tested is that nothing is written.
    let output = run(
        &dir,
        &["--judge", "uva10181", "--no-cache", "--pdb", "5-5-5"],
        sample,
    );
    assert_eq!(stdout(&output), "LLLDRDRDR\n");
    assert_eq!(stderr(&output), "");
    assert!(!dir.exists());
    // Without the flag it saves in that directory what it builds. The
    // large tables are copies of the shared cache's (`util::tables`, built
    // once per run), so that only the small ones are left to build.
    let shared = tables();
    let ready = run(&shared, &["build-tables", "--size", "4x4"], "");
    assert_eq!(ready.status.code(), Some(0), "{}", stderr(&ready));
    std::fs::create_dir_all(&dir).unwrap();
    for file in files(&shared) {
        let name = file.file_name().unwrap().to_str().unwrap();
        let large = std::fs::metadata(&file).unwrap().len() > 1 << 20;
        if name.starts_with("pdb-4x4-") && large {
            std::fs::copy(&file, dir.join(name)).unwrap();
        }
    }
    let copied = files(&dir);
    let output = run(&dir, &["--judge", "uva10181"], sample);
    assert_eq!(stdout(&output), "LLLDRDRDR\n");
    assert_eq!(stderr(&output), "");
    let saved: Vec<PathBuf> = files(&dir)
        .into_iter()
        .filter(|file| !copied.contains(file))
        .collect();
    assert!(!saved.is_empty(), "nothing saved in {}", dir.display());
    for file in saved {
        let name = file.file_name().unwrap();
        let whole = std::fs::read(shared.join(name)).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), whole, "{}", file.display());
    }
}

/// Puts a damaged file at a path.
type Make<'a> = dyn Fn(&Path) + 'a;

/// Each damage a cache file can have, made from a whole file, and the
/// words its one-line warning names it by (#16 items 7 and 10).
#[test]
fn every_damage_is_named_in_its_own_words_and_nothing_but_a_file_is_read() {
    let (dir, file) = built_3x4("every-damage");
    let bytes = std::fs::read(&file).unwrap();
    let replace = |make: &Make<'_>| {
        std::fs::remove_file(&file).unwrap();
        make(&file);
    };
    let cases: [(&Make<'_>, &str); 4] = [
        (&|path| std::fs::write(path, b"").unwrap(), "empty"),
        (
            &|path| std::fs::write(path, [&bytes[..], b"x"].concat()).unwrap(),
            "longer than its header says",
        ),
        // Reading either would never end: a device of endless zeros, and
        // a FIFO with no writer, which blocks the open itself.
        (
            &|path| std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            "not a regular file",
        ),
        (
            &|path| {
                let made = std::process::Command::new("mkfifo").arg(path).status();
                assert!(made.unwrap().success(), "mkfifo makes a FIFO");
            },
            "not a regular file",
        ),
    ];
    for (make, damage) in cases {
        replace(make);
        let output = run(&dir, &["--size", "3x4"], BOARD);
        assert_eq!(stdout(&output), ANSWER, "{damage}");
        assert_eq!(stderr(&output), messages::rebuilt(&file, damage));
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "{damage}: rebuilt");
    }
}

#[test]
fn a_damaged_cache_file_is_named_in_one_line_and_rebuilt() {
    let (dir, file) = built_3x4("damaged");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let output = run(&dir, &["--size", "3x4"], BOARD);
    assert_eq!(stdout(&output), ANSWER);
    assert_eq!(
        stderr(&output),
        messages::rebuilt(&file, "shorter than its header says")
    );
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
}

/// `file`'s bytes with its payload replaced by `payload`, the header's
/// length and checksum made to agree with it: a file whole in itself.
fn agreeing(file: &[u8], payload: &[u8]) -> Vec<u8> {
    // Magic, version, key length, key, then the payload's length and CRC.
    let key_len = u32::from_le_bytes(file[12..16].try_into().unwrap()) as usize;
    let mut bytes = file[..16 + key_len].to_vec();
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// A header that agrees with its payload is not enough: a table of the
/// wrong size, or of values its pattern cannot have, is damage too (half a
/// table once made the search read out of bounds, and one of unseen marks
/// made it search on).
#[test]
fn a_cache_file_whose_header_agrees_with_a_wrong_table_is_rebuilt() {
    let (dir, file) = built_3x4("agreeing");
    let whole = std::fs::read(&file).unwrap();
    let size = 12 * 11 * 10 * 9 * 8 * 7;
    let table = &whole[whole.len() - size..];
    let mut marked = table.to_vec();
    *marked.last_mut().unwrap() = 255;
    let cases = [
        (
            table[..size / 2].to_vec(),
            messages::table_size(size / 2, size),
        ),
        (vec![255; size], messages::unreached(size, 0)),
        (marked, messages::unreached(1, 0)),
    ];
    for (payload, damage) in cases {
        std::fs::write(&file, agreeing(&whole, &payload)).unwrap();
        let output = eight()
            .args(["--size", "3x4"])
            .env("EIGHT_CACHE_DIR", &dir)
            .write_stdin(BOARD)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(stdout(&output), ANSWER, "{damage}");
        assert_eq!(stderr(&output), messages::rebuilt(&file, &damage));
        assert_eq!(output.status.code(), Some(0), "{damage}");
        assert_eq!(std::fs::read(&file).unwrap(), whole, "{damage}: rebuilt");
    }
}

#[test]
fn an_unwritable_cache_fails_build_tables_with_one_line_per_table() {
    // A file where the directory should be: unwritable even for root.
    let blocker = fresh("blocked");
    std::fs::write(&blocker, "not a directory").unwrap();
    let dir = blocker.join("cache");
    let output = run(&dir, &["build-tables", "--size", "3x4"], "");
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), TABLES.len(), "{err}");
    assert!(
        err.lines().all(|l| l.starts_with(messages::NOT_SAVED)),
        "{err}"
    );
    // Solving still answers, from tables in memory.
    let solved = run(&dir, &["--size", "3x4"], BOARD);
    assert_eq!(stdout(&solved), ANSWER);
    assert_eq!(solved.status.code(), Some(0));
}

#[test]
fn a_cache_directory_that_is_a_file_is_named_as_one() {
    let file = fresh("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let output = run(&file, &["build-tables", "--size", "3x4"], "");
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), TABLES.len(), "{err}");
    for line in err.lines() {
        assert!(line.starts_with(messages::NOT_SAVED), "{line}");
        assert!(line.ends_with(&messages::not_a_directory(&file)), "{line}");
    }
}

/// A cache directory that is a link in a loop gives the system's reason,
/// as a directory below it does, not mkdir's "File exists".
#[cfg(unix)]
#[test]
fn a_cache_directory_that_is_a_link_in_a_loop_is_named_as_one() {
    let looped = fresh("a-loop");
    std::os::unix::fs::symlink(&looped, &looped).unwrap();
    for dir in [looped.clone(), looped.join("below")] {
        let output = run(&dir, &["build-tables", "--size", "2x5"], "");
        assert_eq!(output.status.code(), Some(1));
        let err = stderr(&output);
        assert!(!err.is_empty(), "{}", dir.display());
        for line in err.lines() {
            assert!(line.starts_with(messages::NOT_SAVED), "{line}");
            assert!(line.ends_with(messages::LINK_LOOP), "{line}");
        }
    }
}

#[test]
fn a_temporary_file_nobody_is_writing_is_removed_by_the_next_run() {
    let dir = fresh("left-behind");
    run(&dir, &["build-tables", "--size", "3x4"], "");
    let saved = files(&dir);
    // Left by a save whose process was killed: its id is free again.
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let left = dir.join(format!(".pdb-3x4-0-4-8-1-5-9.bin.{}.1.tmp", gone.id()));
    std::fs::write(&left, "half a table").unwrap();
    // Being written by a live process, which holds it locked.
    let id = std::process::id();
    let written = dir.join(format!(".pdb-3x4-2-6-10-3-7.bin.{id}.2.tmp"));
    std::fs::write(&written, "half a table").unwrap();
    let writing = std::fs::File::open(&written).unwrap();
    fs4::FileExt::try_lock(&writing).unwrap();
    let output = run(&dir, &["--size", "3x4"], BOARD);
    assert_eq!(stdout(&output), ANSWER);
    assert_eq!(stderr(&output), "");
    assert!(!left.exists());
    assert!(written.exists());
    drop(writing);
    std::fs::remove_file(&written).unwrap();
    assert_eq!(files(&dir), saved);
}

/// How many temporary files `dir` holds.
fn temporaries(dir: &Path) -> usize {
    files(dir)
        .iter()
        .filter(|file| file.extension().is_some_and(|ext| ext == "tmp"))
        .count()
}

/// SIGINT or SIGTERM while a table is saved ends `eight` with the status a
/// shell gives a process the signal ended, and leaves no temporary file.
/// The signal is sent the moment the save's file shows in the directory;
/// a run that finishes first interrupted nothing, and is tried again.
#[test]
fn a_signal_during_a_save_leaves_no_temporary_file() {
    use rustix::process::{kill_process, Pid, Signal};
    const TRIES: usize = 20;
    for (signal, name, status) in [(Signal::INT, "int", 130), (Signal::TERM, "term", 143)] {
        let interrupted = (0..TRIES).any(|attempt| {
            let dir = fresh(&format!("signal-{name}-{attempt}"));
            std::fs::create_dir_all(&dir).unwrap();
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_eight"))
                .args(["build-tables", "--size", "2x5"])
                .env("EIGHT_CACHE_DIR", &dir)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("eight starts");
            let saving = loop {
                if temporaries(&dir) > 0 {
                    break true;
                }
                if child.try_wait().unwrap().is_some() {
                    break false;
                }
            };
            if saving {
                kill_process(Pid::from_child(&child), signal).unwrap();
            }
            let ended = child.wait().unwrap();
            if ended.code() == Some(0) {
                return false;
            }
            assert_eq!(ended.code(), Some(status), "{name}: {ended:?}");
            assert_eq!(temporaries(&dir), 0, "{name}: {:?}", files(&dir));
            true
        });
        assert!(
            interrupted,
            "{name}: no save was under way in {TRIES} tries"
        );
    }
}

#[test]
fn pdb_is_refused_where_it_does_not_fit() {
    let dir = fresh("refused");
    let solve = messages::SOLVE_USAGE;
    let build = messages::BUILD_TABLES_USAGE;
    let cases: [(&[&str], &str, String); 7] = [
        (
            &["--size", "3x4", "--pdb", "7-8"],
            solve,
            messages::pdb_does_not_fit("7-8", &messages::only_four_by_four("7-8", "3x4")),
        ),
        (
            &["--size", "3x4", "--pdb", "5-5-5"],
            solve,
            messages::pdb_does_not_fit("5-5-5", &messages::only_four_by_four("5-5-5", "3x4")),
        ),
        (
            &["--size", "6x5", "--pdb", "7-8"],
            solve,
            messages::pdb_needs_databases("7-8", "6x5"),
        ),
        (
            &["--pdb", "7-8"],
            solve,
            messages::PDB_NEEDS_SIZE.to_string(),
        ),
        (
            &["--judge", "poj3240", "--pdb", "7-8"],
            solve,
            messages::pdb_needs_fixed_size("poj3240"),
        ),
        (
            &["build-tables", "--size", "3x5", "--pdb", "7-8"],
            build,
            messages::pdb_does_not_fit("7-8", &messages::only_four_by_four("7-8", "3x5")),
        ),
        (
            &["build-tables", "--size", "3x3"],
            build,
            messages::no_tables_for("3x3"),
        ),
    ];
    for (args, usage, message) in cases {
        let output = run(&dir, args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            messages::usage_error(usage, &message),
            "{args:?}"
        );
    }
    assert!(!dir.exists());
}

/// `--pdb 5-5-5`, the tables the browser page builds in a second: the
/// answers are the default's, since any admissible tables find the first
/// shortest answer in letter order.
#[test]
fn the_small_partition_gives_the_default_s_answers() {
    let fifteen = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/readme/fifteen.txt"),
    )
    .unwrap();
    let small = run(
        &fresh("small"),
        &["--size", "4x4", "--no-cache", "--pdb", "5-5-5"],
        &fifteen,
    );
    assert_eq!(small.status.code(), Some(0), "{}", stderr(&small));
    let default = run(&tables(), &["--size", "4x4"], &fifteen);
    assert_eq!(stdout(&small), stdout(&default));
    assert_eq!(
        stdout(&small).lines().map(str::len).collect::<Vec<_>>(),
        [57, 55]
    );
}
