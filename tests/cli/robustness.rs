//! Whatever fails around it, `eight` never aborts and never loses an answer
//! or its exit status: a stderr that cannot be written, a reader that goes
//! away, a `$COLUMNS` that lies, a count too large to remember.

use std::ffi::OsStr;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use crate::messages::{
    notice, promises_solvable, summary, too_many_cases, usage_error, CANNOT_WRITE_FULL, GEN_USAGE,
};
use crate::util::{run, scratch, stderr, stdout, tables};

/// The binary, as a plain process for the tests that wire its streams.
fn eight_process() -> Command {
    Command::new(env!("CARGO_BIN_EXE_eight"))
}

/// A stream that refuses every write with ENOSPC.
fn full_device() -> File {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists")
}

/// A bad puzzle first, then many good ones: more answers than one buffer.
fn bad_then_many() -> String {
    let mut input = String::from("1 2 9\n2 3 4 1 5 x 7 6 8\n");
    input.push_str(&"12345678x\n".repeat(5000));
    input
}

#[test]
fn a_full_stderr_costs_no_answer_and_not_the_exit_status() {
    let path = scratch("robust-full-stderr.txt", bad_then_many());
    let output = eight_process()
        .arg(&path)
        .stderr(full_device())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5002);
    assert_eq!(lines[0], "invalid");
    assert_eq!(lines[1].len(), 19);
}

#[test]
fn gen_and_verify_survive_a_full_stderr() {
    let output = eight_process()
        .args(["gen", "-n", "3"])
        .stderr(full_device())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 3);

    let puzzles = scratch("robust-verify-puzzles.txt", "1 2 9\n12345678x\n");
    let answers = scratch("robust-verify-answers.txt", "\n\n");
    let output = eight_process()
        .arg("verify")
        .args([&puzzles, &answers])
        .stderr(full_device())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.ends_with(&summary(1, 0, 1, 0)), "{out}");
}

/// Runs `eight ARGS` with stdout on `/dev/full`, and checks that it exits
/// with status 2 after one line on stderr that says so, as every command
/// does; skipped where there is no `/dev/full`.
fn assert_full_stdout_fails<S: AsRef<OsStr> + std::fmt::Debug>(args: &[S]) {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full on this system");
        return;
    }
    let output = eight_process()
        .args(args)
        .env("EIGHT_CACHE_DIR", tables())
        .stdin(Stdio::null())
        .stdout(full_device())
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr, notice(CANNOT_WRITE_FULL), "{args:?}");
    assert_eq!(output.status.code(), Some(2), "{args:?}");
}

#[test]
fn solving_into_a_full_stdout_exits_2_with_one_line() {
    let puzzles = scratch("robust-full-stdout.txt", "2 3 4 1 5 x 7 6 8\n");
    assert_full_stdout_fails(&[&puzzles]);
    let puzzles = scratch("robust-full-stdout-2x3.txt", "4 1 2 5 x 3\n");
    assert_full_stdout_fails(&[OsStr::new("--size=2x3"), puzzles.as_os_str()]);
}

#[test]
fn verify_into_a_full_stdout_exits_2_not_its_verdict() {
    let verify = OsStr::new("verify");
    let puzzles = scratch("robust-full-verify.txt", "2 3 4 1 5 x 7 6 8\n");
    // Accepted and rejected alike: the status is not the verdict.
    for (name, answers) in [("accepted", "ullddrurdllurdruldr\n"), ("rejected", "u\n")] {
        let answers = scratch(&format!("robust-full-verify-{name}.txt"), answers);
        let args = [verify, puzzles.as_os_str(), answers.as_os_str()];
        assert_full_stdout_fails(&args);
        assert_full_stdout_fails(&[&args[..], &[OsStr::new("--quiet")]].concat());
    }
    // More verdicts than one buffer holds: the write fails while judging.
    let puzzles = scratch("robust-full-verify-many.txt", "12345678x\n".repeat(20_000));
    let answers = scratch("robust-full-verify-many-answers.txt", "\n".repeat(20_000));
    assert_full_stdout_fails(&[verify, puzzles.as_os_str(), answers.as_os_str()]);
}

#[test]
fn gen_into_a_full_stdout_exits_2_with_one_line() {
    assert_full_stdout_fails(&["gen", "-n", "3", "--seed", "1"]);
    assert_full_stdout_fails(&["gen", "--judge", "hdu3567", "-n", "3", "--seed", "1"]);
}

#[test]
fn stats_into_a_full_stdout_exits_2_with_one_line() {
    assert_full_stdout_fails(&["stats", "--size", "2x3"]);
    assert_full_stdout_fails(&["stats", "--size", "2x3", "--json"]);
}

#[test]
fn compare_into_a_full_stdout_exits_2_with_one_line() {
    let puzzles = scratch("robust-full-compare.txt", "2 3 4 1 5 x 7 6 8\n");
    assert_full_stdout_fails(&[OsStr::new("compare"), puzzles.as_os_str()]);
}

#[test]
fn build_tables_into_a_full_stdout_exits_2_with_one_line() {
    assert_full_stdout_fails(&["build-tables", "--size", "3x4"]);
}

#[test]
fn help_version_and_generate_into_a_full_stdout_exit_2_with_one_line() {
    for args in [
        &["--help"][..],
        &["verify", "--help"],
        &["--version"],
        &["--generate", "man"],
        &["--generate", "complete-bash"],
    ] {
        assert_full_stdout_fails(args);
    }
}

/// Starts `command` with stdin piped and the pipe on `closed` (stdout or
/// stderr) already shut, so every write there fails with EPIPE; `input`
/// goes in only once it is shut, so no write can come first.
fn with_closed_pipe(mut command: Command, closed_stdout: bool, input: &[u8]) -> Child {
    command.stdin(Stdio::piped());
    if closed_stdout {
        command.stdout(Stdio::piped()).stderr(Stdio::null());
    } else {
        command.stdout(Stdio::null()).stderr(Stdio::piped());
    }
    let mut child = command.spawn().unwrap();
    drop(child.stdout.take());
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child
}

#[test]
fn stats_to_a_closed_stderr_keeps_the_exit_status() {
    let mut command = eight_process();
    command.arg("--stats");
    let mut child = with_closed_pipe(command, false, bad_then_many().as_bytes());
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn a_closed_pipe_does_not_turn_a_rejection_into_a_pass() {
    let answers = scratch("robust-closed-answers.txt", "\nu\n");
    let mut command = eight_process();
    command.args(["verify", "-"]).arg(&answers);
    let mut child = with_closed_pipe(command, true, b"12345678x\n12345678x\n");
    assert_eq!(child.wait().unwrap().code(), Some(1));

    let answers = scratch("robust-closed-accepted.txt", "\n\n");
    let mut command = eight_process();
    command.args(["verify", "-"]).arg(&answers);
    let mut child = with_closed_pipe(command, true, b"12345678x\n12345678x\n");
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn the_chart_width_is_bounded_whatever_columns_says() {
    for columns in ["18446744073709551615", "1000000000", "1001"] {
        let output = crate::util::eight()
            .arg("stats")
            .env("COLUMNS", columns)
            .output()
            .unwrap();
        assert!(output.status.success(), "COLUMNS={columns}");
        let widest = stdout(&output).lines().map(|l| l.chars().count()).max();
        assert_eq!(widest, Some(999), "COLUMNS={columns}");
    }
}

#[test]
fn a_count_too_large_to_remember_is_refused_at_once() {
    let output = run(&["gen", "--judge", "hdu3567", "-n", "1000000000"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &too_many_cases(1_000_000_000))
    );
}

/// When stdout is a terminal, each answer shows as soon as it is ready,
/// even with the puzzles read from a file: run under a pseudo-terminal
/// (`script`), the first answer arrives while the slow puzzles after it
/// are still being solved. Written in blocks, it would come only after the
/// first 64 KB of input were solved: 6,500 plain BFS searches of the
/// hardest puzzle, a minute's work.
#[test]
fn a_terminal_sees_each_answer_as_it_is_ready() {
    let mut input = String::from("1 2 3 4 5 6 7 x 8\n");
    input.push_str(&"867254301\n".repeat(20_000));
    let path = scratch("robust-terminal.txt", input);
    let command = format!(
        "{} --algorithm bfs {}",
        env!("CARGO_BIN_EXE_eight"),
        path.display()
    );
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let terminal = child.stdout.take().unwrap();
    let (sender, first_line) = mpsc::channel();
    thread::spawn(move || {
        let mut line = String::new();
        BufReader::new(terminal).read_line(&mut line).ok();
        sender.send(line).ok();
    });
    let first = first_line.recv_timeout(Duration::from_secs(20));
    child.kill().ok();
    child.wait().ok();
    assert_eq!(
        first.expect("no answer within 20 s").trim_end(),
        "r",
        "the first answer"
    );
}

#[test]
fn luogu1379_promises_solvable_puzzles_so_gen_refuses_unsolvable_ones() {
    let output = run(&["gen", "--judge", "luogu1379", "--unsolvable"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &promises_solvable("Luogu P1379"))
    );
}

/// The 1000×1000 board with its tiles transposed, the blank in its
/// corner: solvable (an even number of swaps), and its constructive answer
/// is some 10^9 moves, gigabytes of letters and minutes of work, so a run
/// that went on to its end after its output failed would not end within
/// the wait of [`exits_within_a_minute`].
fn transposed_thousand() -> String {
    let side = 1000;
    let mut board = String::with_capacity(7 * side * side);
    for row in 0..side {
        for column in 0..side {
            let tile = column * side + row + 1;
            match tile {
                _ if tile == side * side => board.push('x'),
                _ => board.push_str(&tile.to_string()),
            }
            board.push(' ');
        }
    }
    board.push('\n');
    board
}

/// The status `child` exits with, and its stderr, once it has exited;
/// the test fails if it is still running after a minute, which only a run
/// that goes on working after its output failed can take.
fn exits_within_a_minute(child: Child) -> (Option<i32>, String) {
    let (sender, exited) = mpsc::channel();
    let id = child.id();
    thread::spawn(move || sender.send(child.wait_with_output()).ok());
    match exited.recv_timeout(Duration::from_secs(60)) {
        Ok(output) => {
            let output = output.unwrap();
            let stderr = String::from_utf8(output.stderr).unwrap();
            (output.status.code(), stderr)
        }
        Err(_) => {
            Command::new("kill").arg(id.to_string()).status().ok();
            panic!("eight still ran a minute after its output failed");
        }
    }
}

#[test]
fn a_reader_that_goes_away_stops_a_long_answer_at_once() {
    let path = scratch("robust-gone-reader.txt", transposed_thousand());
    let mut child = eight_process()
        .args(["--size", "1000x1000", "--any"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `| head -c 10`: ten bytes read, then the pipe is shut.
    let mut first = [0; 10];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let (status, stderr) = exits_within_a_minute(child);
    assert!(first.iter().all(u8::is_ascii_lowercase), "{first:?}");
    // A reader that went away is not an error.
    assert_eq!((status, stderr.as_str()), (Some(0), ""));
}

#[test]
fn a_full_disk_stops_a_long_answer_at_once() {
    let path = scratch("robust-full-long.txt", transposed_thousand());
    let child = eight_process()
        .args(["--size", "1000x1000", "--any"])
        .arg(&path)
        .stdout(full_device())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (status, stderr) = exits_within_a_minute(child);
    assert_eq!(status, Some(2));
    assert_eq!(stderr, notice(CANNOT_WRITE_FULL));
}
