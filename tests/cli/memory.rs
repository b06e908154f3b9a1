//! Runs under a limit on memory (`ulimit -v`), as on a machine without
//! it: a table or a search's array that does not fit ends the run with one
//! line naming it and its size, and status 3, after the answers before it;
//! never with an abort and a backtrace.

#![cfg(target_os = "linux")]

use std::process::Output;
use std::sync::OnceLock;
use std::time::Duration;

use assert_cmd::Command;

use crate::messages::{notice, out_of_memory};
use crate::util::{run_sized, stderr, stdout, tables};

/// Address space for a run, in KiB: some 12 MiB start the binary and its
/// threads, and a 6-tile database on 4×4 needs 29 MiB to be built (the
/// table and 4 bytes a placement beside it), so it never fits.
const TIGHT: u32 = 40_000;

/// Address space for a run that loads the databases of 4×4, in KiB: room
/// for one of their five 5.6 MiB files beside the binary, not for all.
const TOO_TIGHT_TO_LOAD: u32 = 20_000;

/// The 4×4 goal with the blank first, the tiles in order.
const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Two tiles of the goal swapped: no database is needed to say
/// `unsolvable`.
const SWAPPED: &str = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Korf's first instance, which needs the databases.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

/// Runs `eight ARGS` with `stdin` under a limit of `kib` KiB of address
/// space, the pattern databases kept in [`tables`], two threads in every
/// pool, and backtraces asked for, so that a panic or an abort would show
/// one. A run that hangs is stopped after a minute: one did, where rayon
/// could not start its global pool.
fn run_limited(kib: u32, args: &[&str], stdin: &str) -> Output {
    Command::new("sh")
        .args(["-c", "ulimit -v \"$0\" && exec \"$@\"", &kib.to_string()])
        .arg(assert_cmd::cargo::cargo_bin("eight"))
        .args(args)
        .env("EIGHT_CACHE_DIR", tables())
        .env("RAYON_NUM_THREADS", "2")
        .env("RUST_BACKTRACE", "1")
        .timeout(Duration::from_secs(60))
        .write_stdin(stdin)
        .output()
        .expect("sh runs")
}

/// What did not fit in a run that ran out of memory, and its bytes, from
/// its one line of stderr, which says `context` first; the status is 3
/// and nothing else was said.
fn out_of_memory_line(output: &Output, context: &str) -> (String, u64) {
    let stderr = stderr(output);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    for abort in ["backtrace", "panicked", "memory allocation of"] {
        assert!(!stderr.contains(abort), "{stderr}");
    }
    let parsed = stderr
        .strip_prefix(&format!("eight: {context}not enough memory for "))
        .and_then(|rest| rest.strip_suffix(" bytes\n"))
        .and_then(|rest| rest.rsplit_once(": "))
        .and_then(|(what, bytes)| Some((what.to_string(), bytes.parse().ok()?)));
    let (what, bytes) = parsed.unwrap_or_else(|| panic!("not one line of its own: {stderr}"));
    let line = format!("{context}{}", out_of_memory(&what, bytes));
    assert_eq!(stderr, notice(&line));
    (what, bytes)
}

#[test]
fn a_database_that_does_not_fit_ends_the_run_after_the_answers_before_it() {
    // On one thread and on two, where the boards are answered by workers.
    for threads in ["1", "2"] {
        let args = [
            "--size",
            "4x4",
            "--no-cache",
            "--goal",
            GOAL,
            "--threads",
            threads,
        ];
        let output = run_limited(TIGHT, &args, &format!("{SWAPPED}\n{KORF_1}\n{KORF_1}\n"));
        let (what, bytes) = out_of_memory_line(&output, "");
        assert_eq!(stdout(&output), "unsolvable\n", "on {threads} threads");
        // The table itself, or the arrays of the search that builds it.
        let table = what
            .strip_prefix("the search that builds ")
            .unwrap_or(&what);
        assert!(
            table.starts_with("the pattern database of 4x4 cells "),
            "{what}"
        );
        assert!(bytes >= 5_765_760, "{what}: {bytes} bytes");
    }
}

#[test]
fn build_tables_says_which_database_did_not_fit() {
    let output = run_limited(TIGHT, &["build-tables", "--size", "4x4", "--no-cache"], "");
    let (what, _) = out_of_memory_line(&output, "cannot build the tables: ");
    assert!(
        what.contains("the pattern database of 4x4 cells "),
        "{what}"
    );
    assert_eq!(stdout(&output), "");
}

#[test]
fn cached_databases_that_cannot_be_mapped_or_read_fail_as_cleanly() {
    // Two moves from the goal with the blank last, whose databases are
    // built (or found) first without a limit, where every test keeps them.
    let board = "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15\n";
    let ready = run_sized(&["--size", "4x4"], board);
    assert_eq!(stdout(&ready), "rr\n", "{}", stderr(&ready));
    // Mapping a file fails under the limit; reading it whole instead does
    // not fit either, nor does building it again.
    let output = run_limited(TOO_TIGHT_TO_LOAD, &["--size", "4x4"], board);
    let (what, _) = out_of_memory_line(&output, "");
    assert!(
        what.contains("the pattern database of 4x4 cells "),
        "{what}"
    );
    assert_eq!(stdout(&output), "");
    // Nothing was written over: the files still load, with no warning.
    let again = run_sized(&["--size", "4x4"], board);
    assert_eq!((stdout(&again), stderr(&again)), ("rr\n".into(), "".into()));
}

/// The least address space the binary starts in here, within 500 KiB,
/// and 1.5 MiB more, in KiB: room for small allocations, not for a worker
/// thread's 2 MiB stack nor for a table of megabytes.
fn barely() -> u32 {
    static BARELY: OnceLock<u32> = OnceLock::new();
    *BARELY.get_or_init(|| {
        let starts = (4_000..64_000)
            .step_by(500)
            .find(|&kib| run_limited(kib, &["--version"], "").status.success())
            .expect("eight starts in 64 MB");
        starts + 1_500
    })
}

#[test]
fn threads_that_cannot_start_leave_the_tables_to_the_calling_thread() {
    let output = run_limited(
        barely(),
        &["build-tables", "--size", "4x4", "--no-cache"],
        "",
    );
    // rayon's global pool would panic here; the tables' own pool is
    // refused, and their build on this thread does not fit either.
    let (what, bytes) = out_of_memory_line(&output, "cannot build the tables: ");
    assert!(
        what.starts_with("the pattern database of 4x4 cells "),
        "{what}"
    );
    assert_eq!(bytes, 5_765_760);
}

#[test]
fn a_three_by_three_array_that_does_not_fit_ends_the_run_after_the_answers_before_it() {
    // The first puzzle is unsolvable, which parity says without a table
    // or a search.
    let input = "2 1 3 4 5 6 7 8 x\n8 6 7 2 5 4 3 x 1\n";
    for (algorithm, array) in [
        ("table", "the table of every 3x3 answer"),
        ("bfs", "the queue of a 3x3 search"),
    ] {
        let output = run_limited(barely(), &["--algorithm", algorithm], input);
        let (what, bytes) = out_of_memory_line(&output, "");
        assert_eq!(stdout(&output), "unsolvable\n", "{algorithm}");
        assert_eq!(what, array);
        assert!(bytes >= 362_880, "{what}: {bytes} bytes");
    }
}

#[test]
fn gen_and_stats_say_which_table_did_not_fit() {
    let output = run_limited(barely(), &["gen", "--distance", "31", "--seed", "1"], "");
    let (what, _) = out_of_memory_line(&output, "");
    assert_eq!(what, "the table of every 3x3 arrangement");
    assert_eq!(stdout(&output), "");
    // Two bits for each of 3x4's 12!/2 arrangements.
    let output = run_limited(TIGHT, &["stats", "--size", "3x4"], "");
    let context = "cannot count the arrangements: ";
    let line = out_of_memory_line(&output, context);
    assert_eq!(
        line,
        ("the census of every 3x4 arrangement".into(), 59_875_200)
    );
    assert_eq!(stdout(&output), "");
}
