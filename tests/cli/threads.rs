//! `--threads N`: a batch spread over several threads answers byte for
//! byte as it does on one, in input order, each bad puzzle costing its own
//! line and message; and it still answers each puzzle before the next one
//! is sent.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::messages::{threads_out_of_range, POOL_FAILED};
use crate::util::{eight, run_sized as run, stderr, stdout, tables};

/// `steps` random moves of the blank from the solved board of `rows` by
/// `columns`, written as the tool reads it.
fn walk(rows: usize, columns: usize, steps: usize, rng: &mut ChaCha8Rng) -> String {
    let cells = rows * columns;
    let mut tiles: Vec<usize> = (1..cells).chain([0]).collect();
    let mut blank = cells - 1;
    for _ in 0..steps {
        let (row, column) = (blank / columns, blank % columns);
        let to = match *b"dlru".choose(rng).expect("four letters") {
            b'd' if row + 1 < rows => blank + columns,
            b'u' if row > 0 => blank - columns,
            b'l' if column > 0 => blank - 1,
            b'r' if column + 1 < columns => blank + 1,
            _ => continue,
        };
        tiles.swap(blank, to);
        blank = to;
    }
    let words: Vec<String> = tiles
        .iter()
        .map(|&t| if t == 0 { "x".into() } else { t.to_string() })
        .collect();
    words.join(" ")
}

/// Random boards of the shape with faults among them: a tile out of range,
/// a grid cut short, an unsolvable board, a good board after leftovers.
fn mixed_batch(rows: usize, columns: usize, steps: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells = rows * columns;
    let mut lines = Vec::new();
    for n in 0..40 {
        lines.push(walk(rows, columns, steps, &mut rng));
        match n % 10 {
            3 => lines.push(format!("{} {cells}", walk(rows, columns, 0, &mut rng))),
            5 => lines.push("1 2\n\n".to_string()),
            7 => {
                // Two tiles swapped: unsolvable, answered by parity.
                let mut swapped: Vec<String> = (1..cells).map(|t| t.to_string()).collect();
                swapped.swap(0, 1);
                swapped.push("x".into());
                lines.push(swapped.join(" "));
            }
            _ => {}
        }
    }
    lines.join("\n") + "\n"
}

#[test]
fn any_number_of_threads_gives_the_same_bytes_as_one() {
    let cases: [(usize, usize, usize, &[&str]); 5] = [
        (2, 3, 40, &[]),
        (3, 4, 300, &[]),
        (4, 4, 45, &[]),
        (4, 4, 300, &["--any"]),
        (6, 7, 500, &[]),
    ];
    for (seed, (rows, columns, steps, extra)) in cases.into_iter().enumerate() {
        let input = mixed_batch(rows, columns, steps, seed as u64);
        let size = format!("{rows}x{columns}");
        let shortest = rows * columns <= 16 && extra.is_empty();
        let formats: &[&str] = if shortest {
            &["moves", "count", "json", "steps"]
        } else {
            &["moves", "json", "steps"]
        };
        for format in formats {
            let mut args = vec!["--size", &size, "--format", format];
            args.extend_from_slice(extra);
            let one = run(&[&args[..], &["--threads", "1"]].concat(), &input);
            assert_eq!(one.status.code(), Some(1), "{size} {format}: faults");
            let answers = stdout(&one);
            assert!(answers.contains("invalid") || answers.contains("error"));
            for threads in ["2", "4"] {
                let many = run(&[&args[..], &["--threads", threads]].concat(), &input);
                let what = format!("{size} {extra:?} --format {format} --threads {threads}");
                assert_eq!(stdout(&many), answers, "{what}");
                assert_eq!(stderr(&many), stderr(&one), "{what}");
                assert_eq!(many.status.code(), one.status.code(), "{what}");
            }
        }
    }
}

/// `--node-limit` stops a board where it stops one thread, on any number
/// of threads: Korf's 100 #3 is answered in 59 moves within 640,570 nodes,
/// its last rounds split among the threads. At that count, one fewer and
/// within the round before the last, the answers, the notice and the
/// figures of `--stats` are those of one thread.
#[test]
fn a_node_limit_gives_the_answers_of_one_thread_on_any_number() {
    let goal: Vec<String> = (0..16).map(|tile| tile.to_string()).collect();
    let goal = goal.join(" ");
    let board = "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15\n";
    // Standard error without the times of `--stats`.
    let untimed = |output: &std::process::Output| -> String {
        let lines = stderr(output);
        let lines = lines.lines().map(|line| match line.strip_suffix(" ms") {
            Some(timed) => timed.rsplit_once(", ").map_or(line, |(figures, _)| figures),
            None => line,
        });
        lines.collect::<Vec<_>>().join("\n")
    };
    for (limit, shortest) in [("640570", true), ("640569", false), ("400000", false)] {
        let args = [
            "--size",
            "4x4",
            "--goal",
            &goal,
            "--format",
            "json",
            "--stats",
            "--node-limit",
            limit,
        ];
        let one = run(&[&args[..], &["--threads", "1"]].concat(), board);
        let answer = stdout(&one);
        let found = answer.contains("\"shortest\":true");
        assert_eq!(found, shortest, "--node-limit {limit}: {answer}");
        for threads in ["2", "4"] {
            let many = run(&[&args[..], &["--threads", threads]].concat(), board);
            let what = format!("--node-limit {limit} --threads {threads}");
            assert_eq!(stdout(&many), answer, "{what}");
            assert_eq!(untimed(&many), untimed(&one), "{what}");
        }
    }
}

#[test]
fn the_default_is_every_core_with_the_same_answers() {
    let input = mixed_batch(4, 4, 40, 9);
    let one = run(&["--size", "4", "--threads", "1"], &input);
    let all = run(&["--size", "4"], &input);
    assert_eq!(stdout(&all), stdout(&one));
    assert_eq!(stderr(&all), stderr(&one));
}

#[test]
fn zero_threads_is_a_usage_error() {
    let output = run(&["--size", "4", "--threads", "0"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("'--threads <N>'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn more_threads_than_the_documented_bound_are_a_usage_error() {
    for threads in ["257", "65535"] {
        let output = run(&["--size", "4", "--threads", threads], "");
        assert_eq!(output.status.code(), Some(2), "--threads {threads}");
        assert!(
            stderr(&output).contains(&threads_out_of_range(threads)),
            "{}",
            stderr(&output)
        );
    }
}

/// With too little address space for 256 threads' stacks the pool cannot
/// start: one line says so, naming the cause once, before any input is
/// read.
#[test]
fn a_pool_that_cannot_start_is_one_clear_message() {
    let command = format!(
        "ulimit -v 200000 && exec {} --size 4x4 --threads 256",
        env!("CARGO_BIN_EXE_eight")
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &command])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    let (before, after) = POOL_FAILED;
    assert!(
        message.starts_with(before) && message.ends_with(after),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
    assert_eq!(message.matches("os error").count(), 1, "{message}");
    assert_eq!(stdout(&output), "");
}

/// Like a program driving `eight` through a pipe: one puzzle, wait for its
/// answer, then the next, with the input still open. With the answers held
/// back for a full window of puzzles, the first would never come.
#[test]
fn with_threads_each_answer_comes_before_the_next_puzzle_is_sent() {
    let runs: [&[&str]; 3] = [
        &["--size", "4x4", "--threads", "2"],
        &["--size", "3x4"],
        &["--size", "3x4", "--threads", "1"],
    ];
    for args in runs {
        let mut child = std::process::Command::new(eight().get_program())
            .args(args)
            .env("EIGHT_CACHE_DIR", tables())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (answers, received) = mpsc::channel();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            let _ = answers.send(line);
        });
        let (solved, left) = if args[1] == "4x4" {
            (
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x",
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15",
            )
        } else {
            ("1 2 3 4 5 6 7 8 9 10 11 x", "1 2 3 4 5 6 7 8 9 10 x 11")
        };
        for (puzzle, answer) in [
            (format!("{left}\n"), "r\n"),
            ("1 2 3 4 5 6 7 8 99\n".to_string(), "invalid\n"),
            // Two on a line: the second answer comes without more input.
            (format!("{left} {solved}\n"), "r\n"),
            (String::new(), "\n"),
            (format!("{solved}\n"), "\n"),
        ] {
            stdin.write_all(puzzle.as_bytes()).unwrap();
            stdin.flush().unwrap();
            // A generous bound that only a held-back answer would reach
            // (the first run may build the pattern databases).
            let got = received.recv_timeout(Duration::from_secs(120));
            assert_eq!(got.as_deref(), Ok(answer), "{args:?} after {puzzle:?}");
        }
        drop(stdin);
        child.wait().unwrap();
    }
}

/// Under a pseudo-terminal (`script`), with the puzzles read from a file
/// and two threads, the first answer shows while the hard puzzles after it
/// (20,000 copies of one of Korf's instances, 59 moves) are still being
/// solved. Standard error goes elsewhere: the progress bar of a table
/// build (drawn when loading takes over a second, as on a busy machine)
/// must not stand before the first answer.
#[test]
fn a_terminal_sees_the_first_answer_while_threads_work_on_the_rest() {
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let mut input = String::from("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
    input.push_str(&"14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15\n".repeat(20_000));
    let path = crate::util::scratch("threads-terminal.txt", input);
    let command = format!(
        "EIGHT_CACHE_DIR={} {} --size 4x4 --goal '{goal}' --threads 2 {} 2>/dev/null",
        tables().display(),
        env!("CARGO_BIN_EXE_eight"),
        path.display()
    );
    let mut child = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let terminal = child.stdout.take().unwrap();
    let (sender, first_line) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        BufReader::new(terminal).read_line(&mut line).ok();
        sender.send(line).ok();
    });
    let first = first_line.recv_timeout(Duration::from_secs(60));
    let still_working = matches!(child.try_wait(), Ok(None));
    child.kill().ok();
    child.wait().ok();
    assert_eq!(first.expect("no answer within 60 s").trim_end(), "l");
    assert!(still_working, "the first answer came only at the end");
}
