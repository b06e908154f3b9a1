//! A batch split by GNU parallel answers byte for byte as one process does:
//! the way docs/twenty-four.md ("Beyond one machine") runs a batch across
//! hosts. `parallel --pipe -N LINES` hands each job a block of whole lines
//! on stdin, so the batch has one board per line; `--keep-order` prints the
//! jobs' answers in the order of their blocks. `--sshlogin :` is the local
//! host, reached without ssh, so the test needs no other machine.
//!
//! GNU parallel is not on every machine (and Debian's moreutils has another
//! `parallel`): without it the tests print a note and pass, unless `CI` is
//! set (`.ci/run` installs it).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::util::{available, gen, run_sized, scratch, scratch_path, stderr, stdout, tables};

/// `eight ARGS` on `batch` through `parallel --pipe -N lines` on the local
/// host, with `--keep-order` if `keep_order`, checked to have run
/// `boards / lines` jobs (rounded up), each ended with status 0; `name`
/// names the job log.
fn through_parallel(
    name: &str,
    args: &[&str],
    batch: &Path,
    lines: usize,
    keep_order: bool,
) -> Output {
    let order = if keep_order { "kept" } else { "any" };
    let joblog = scratch_path(&format!("{name}-{order}.joblog"));
    let mut parallel = Command::new("parallel");
    // Its own folder for parallel's state and no options from the
    // environment, so that nothing of the user's ~/.parallel counts.
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("parallel-home");
    std::fs::create_dir_all(&home).expect("the scratch folder is writable");
    parallel
        .env("PARALLEL_HOME", &home)
        .env_remove("PARALLEL")
        .env("EIGHT_CACHE_DIR", tables())
        .stdin(File::open(batch).expect("the batch was written"))
        // --will-cite: no citation notice; -q: each argument quoted, as
        // the goal's spaces need.
        .args(["--will-cite", "-q", "--pipe", "--sshlogin", ":"])
        .args(["-N", &lines.to_string(), "--joblog"])
        .arg(&joblog);
    if keep_order {
        parallel.arg("--keep-order");
    }
    let output = parallel
        .arg(env!("CARGO_BIN_EXE_eight"))
        .args(args)
        .output()
        .expect("parallel runs");
    assert!(output.status.success(), "parallel: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "parallel or eight wrote to stderr");
    // A header, then a line per job, its exit status the seventh field.
    let log = std::fs::read_to_string(&joblog).expect("parallel wrote its job log");
    let jobs: Vec<&str> = log.lines().skip(1).collect();
    let boards = std::fs::read_to_string(batch).unwrap().lines().count();
    assert_eq!(jobs.len(), boards.div_ceil(lines), "{log}");
    for job in jobs {
        assert_eq!(job.split('\t').nth(6), Some("0"), "exit status: {log}");
    }
    output
}

/// Solves `batch` with `eight ARGS` in one process, then through parallel
/// in jobs of `lines` boards, with and without `--keep-order`: the first
/// gives the same bytes, the second the same lines in some order. Returns
/// the answers.
fn same_through_parallel(name: &str, args: &[&str], batch: &str, lines: usize) -> Vec<String> {
    let boards = batch.lines().count();
    assert!(boards > 2 * lines, "too few boards for several jobs");
    let one = run_sized(args, batch);
    assert!(one.status.success(), "{}", stderr(&one));
    let answers = stdout(&one);
    assert_eq!(answers.lines().count(), boards, "one answer per board");

    let file = scratch(&format!("{name}.txt"), batch);
    let kept = through_parallel(name, args, &file, lines, true);
    assert_eq!(stdout(&kept), answers, "--keep-order: not the same bytes");

    let unordered = through_parallel(name, args, &file, lines, false);
    let sorted = |text: &str| {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    assert_eq!(
        sorted(&stdout(&unordered)),
        sorted(&answers),
        "not the same answers"
    );
    answers.lines().map(String::from).collect()
}

#[test]
fn a_3x3_batch_split_by_gnu_parallel_is_answered_as_one_process_answers_it() {
    if !available("parallel", "GNU parallel") {
        return;
    }
    let goal = ["--goal", "x 1 2 3 4 5 6 7 8"];
    let solvable = gen(&[&goal[..], &["-n", "300", "--seed", "1"]].concat());
    let unsolvable = gen(&[&goal[..], &["-n", "20", "--unsolvable", "--seed", "2"]].concat());
    let answers = same_through_parallel("parallel-3x3", &goal, &(solvable + &unsolvable), 40);
    // Answers of many lengths, and the unsolvable boards at the end.
    let lengths: std::collections::BTreeSet<usize> = answers.iter().map(String::len).collect();
    assert!(lengths.len() > 10, "{lengths:?}");
    assert!(answers[300..].iter().all(|answer| answer == "unsolvable"));
}

#[test]
fn a_3x4_batch_split_by_gnu_parallel_is_answered_as_one_process_answers_it() {
    if !available("parallel", "GNU parallel") {
        return;
    }
    let args = ["--size", "3x4", "--goal", "x 1 2 3 4 5 6 7 8 9 10 11"];
    let batch = gen(&[&args[..], &["-n", "48", "--seed", "3"]].concat());
    let answers = same_through_parallel("parallel-3x4", &args, &batch, 10);
    assert!(
        answers.iter().all(|answer| answer.len() > 10),
        "{answers:?}"
    );
}
