//! The binary as a user meets it: puzzles on stdin or in files, one answer
//! line per puzzle, messages and exit statuses for bad input.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use crate::messages::{
    appears_twice, at, in_file, not_a_tile, not_a_tile_byte, not_a_tile_char, notice, tile_count,
    PREFIX,
};
use crate::util::{cells, eight, play, run, stderr, stdout};

const GOAL: &str = "12345678x";

/// Checks that `answer` is a solution of `puzzle` of exactly `length` moves.
fn assert_solves(puzzle: &str, answer: &str, length: usize) {
    assert_eq!(answer.len(), length, "{puzzle}: {answer}");
    assert_eq!(
        play(&cells(puzzle), answer),
        Some(cells(GOAL)),
        "{puzzle}: {answer}"
    );
}

#[test]
fn the_poj_sample_gets_a_19_move_answer() {
    let output = run(&[], "2  3  4  1  5  x  7  6  8\n");
    assert!(output.status.success());
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 1);
    assert_solves("23415x768", out.trim_end(), 19);
    assert_eq!(stderr(&output), "");
}

#[test]
fn every_layout_of_the_grammar_is_one_puzzle() {
    for input in [
        "2 3 4\n1 5 x\n7 6 8\n",
        "23415x768",
        "2,3,4,1,5,X,7,6,8",
        "234 150 768",
        "2 3 4 1 5 _ 7 6 8\r\n",
        "234\n15#\n768",
    ] {
        let output = run(&[], input);
        assert!(output.status.success(), "{input:?}");
        assert_solves("234150768", stdout(&output).trim_end(), 19);
    }
}

#[test]
fn several_puzzles_are_answered_in_order() {
    let input = "12345678x\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n8 6 7 2 5 4 3 x 1\n";
    let output = run(&[], input);
    assert!(output.status.success());
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], "", "a solved puzzle needs no moves");
    assert_solves("23415x768", lines[1], 19);
    assert_eq!(lines[2], "unsolvable");
    assert_solves("8672543x1", lines[3], 31);
}

#[test]
fn empty_input_gives_no_output_and_success() {
    for input in ["", "\n\n", "   \t\n"] {
        let output = run(&[], input);
        assert!(output.status.success());
        assert_eq!(stdout(&output), "");
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn each_kind_of_bad_puzzle_is_named_and_costs_nothing_else() {
    let input = "1 2 3 4 5 6 7 8 9\n\
                 2 3 4 1 5 x 7 6 8\n\
                 1 2 3 4 4 5 6 7 8\n\
                 12345678x\n\
                 1 2 3 4 5 6 7 8";
    let output = run(&[], input);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0], "invalid");
    assert_solves("23415x768", lines[1], 19);
    assert_eq!(lines[2], "invalid");
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "invalid");
    assert_eq!(
        stderr(&output),
        [
            notice(&at(1, 1, &not_a_tile_char('9'))),
            notice(&at(3, 3, &appears_twice('4'))),
            notice(&at(5, 5, &tile_count(8))),
        ]
        .concat()
    );
}

#[test]
fn a_mistake_costs_exactly_the_puzzle_it_is_in() {
    // Each input, per output line the puzzle answered and the answer's
    // length (`None` for `invalid`), and the messages.
    type Answers<'a> = &'a [Option<(&'a str, usize)>];
    let cases: &[(&str, Answers, String)] = &[
        (
            "1 2 3\n4 5 9\n7 8 x\n1 2 3\n4 5 6\n7 x 8\n",
            &[None, Some(("1234567x8", 1))],
            notice(&at(2, 1, &not_a_tile_char('9'))),
        ),
        (
            "1 2 3 4 5 6 7 8\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 x 8\n",
            &[None, Some(("23415x768", 19)), Some(("1234567x8", 1))],
            notice(&at(1, 1, &tile_count(8))),
        ),
        (
            "1 2 3 4 5 6 7 8 x 1\n1234567x8\n2 3 4 1 5 x 7 6 8\n",
            &[None, Some(("1234567x8", 1)), Some(("23415x768", 19))],
            notice(&at(1, 1, &tile_count(10))),
        ),
        (
            "12345678x 1234567x9 2 3 4 1 5 x 7 6 8\n",
            &[Some((GOAL, 0)), None, Some(("23415x768", 19))],
            notice(&at(1, 2, &not_a_tile_char('9'))),
        ),
    ];
    for (input, want, messages) in cases {
        let output = run(&[], *input);
        assert_eq!(output.status.code(), Some(1), "{input:?}");
        let out = stdout(&output);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), want.len(), "{input:?}: {out}");
        for (line, want) in lines.iter().zip(*want) {
            match want {
                None => assert_eq!(*line, "invalid", "{input:?}"),
                Some((puzzle, length)) => assert_solves(puzzle, line, *length),
            }
        }
        assert_eq!(stderr(&output), *messages, "{input:?}");
    }
}

#[test]
fn text_pasted_from_a_web_page_or_a_windows_editor_reads_as_typed() {
    let bom = "\u{feff}";
    let nbsp = "2\u{a0}3\u{a0}4\u{a0}1\u{a0}5\u{a0}x\u{a0}7\u{a0}6\u{a0}8\u{a0}\r\n";
    for input in [
        format!("{bom}2 3 4 1 5 x 7 6 8\n"),
        format!("{bom}23415x768"),
        nbsp.to_string(),
        format!("{bom}{nbsp}"),
    ] {
        let output = run(&[], input.clone());
        assert!(output.status.success(), "{input:?}: {}", stderr(&output));
        assert_solves("23415x768", stdout(&output).trim_end(), 19);
    }
    // A file that starts with a mark, after one that does not.
    let marked = crate::util::scratch("bom.txt", format!("{bom}1234567x8\n"));
    let output = eight()
        .arg("-")
        .arg(&marked)
        .write_stdin("12345678x\n")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "\nr\n");
    // Judges that count their cases lose none of them to the mark.
    let output = run(
        &["--judge", "uva652"],
        format!("{bom}2\n\n1234567x8\n\n12345678x\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "r\n\n\n");
    let output = run(
        &["--judge", "hdu3567"],
        format!("{bom}2\r\n12X453786\r\n12345678X\r\n564178X23\u{a0}\r\n7568X4123\r\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
}

#[test]
fn bytes_that_are_not_text_are_reported_not_fatal() {
    let input = b"\xff\xfe 1 2 3 4 5 6 7\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\n2 3 4 1 5 x 7 6 8\n\xe2\x82\xac 1 2".to_vec();
    let output = run(&[], input);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[..2], ["invalid", "invalid"]);
    assert_solves("23415x768", lines[2], 19);
    assert_eq!(lines[3], "invalid");
    let err = stderr(&output);
    assert!(err.contains(&at(1, 1, &not_a_tile_byte(0xff))), "{err}");
    assert!(err.contains(&at(2, 2, &not_a_tile("'\\0'"))), "{err}");
    assert!(err.contains(&at(4, 4, &not_a_tile_char('€'))), "{err}");
}

#[test]
fn a_huge_line_without_a_newline_is_streamed() {
    // 32 MB of junk on one line, then a good puzzle on the next.
    let mut input = vec![b'q'; 32 << 20];
    input.extend_from_slice(b"\n2 3 4 1 5 x 7 6 8");
    let output = run(&[], input);
    assert_eq!(output.status.code(), Some(1));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "invalid");
    assert_solves("23415x768", lines[1], 19);
    assert_eq!(stderr(&output), notice(&at(1, 1, &not_a_tile_char('q'))));
}

#[test]
fn files_are_read_in_order_and_a_missing_one_is_reported() {
    let dir = std::env::temp_dir().join(format!("eight-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first = dir.join("first.txt");
    let second = dir.join("second.txt");
    std::fs::write(&first, "12345678x\n1 2 3\n").unwrap();
    std::fs::write(&second, "2 3 4 1 5 x 7 6 8\n").unwrap();
    let missing = dir.join("missing.txt");
    let output = eight()
        .arg(&first)
        .arg(&missing)
        .arg("-")
        .arg(&second)
        .write_stdin("1234567x8")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "an unreadable file wins");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["", "invalid", "r"]);
    assert_solves("23415x768", lines[3], 19);
    let err = stderr(&output);
    assert!(
        err.contains(&notice(&in_file(&first, &at(2, 2, &tile_count(3))))),
        "{err}"
    );
    assert!(
        err.contains(&format!("{PREFIX}{}", in_file(&missing, ""))),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_with_2() {
    let output = run(&["--no-such-flag"], "");
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["--goal", "1234"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(&tile_count(4)));
    let output = run(&["--format", "poem"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn any_goal_and_the_count_format() {
    let output = run(&["--goal", "123804765", "--format", "count"], "283104765\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "4\n");
    let output = run(&["--format", "count"], "2 3 4 1 5 x 7 6 8\n21345678x\n");
    assert_eq!(stdout(&output), "19\n-1\n");
}

#[test]
fn every_engine_gives_shortest_answers() {
    for engine in ["auto", "bibfs", "table"] {
        let output = run(&["--algorithm", engine], "8 6 7 2 5 4 3 x 1\n");
        assert!(output.status.success(), "{engine}");
        assert_solves("8672543x1", stdout(&output).trim_end(), 31);
    }
}

#[test]
fn each_answer_is_written_before_the_next_puzzle_is_read() {
    let program = eight().get_program().to_owned();
    let mut child = std::process::Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (answers, received) = std::sync::mpsc::channel();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        let _ = answers.send(line);
    });
    // Like a person at a terminal: one puzzle, wait for its answer, the next.
    for (puzzle, answer) in [
        ("1234567x8\n", "r\n"),
        ("1 2 3\n4 5 6\n7 x 8\n", "r\n"),
        ("1 2 9 4 5 6 7 8 x\n", "invalid\n"),
        // Two on a line: the second answer comes without more input.
        ("1234567x8 12345678x\n", "r\n"),
        ("", "\n"),
    ] {
        stdin.write_all(puzzle.as_bytes()).unwrap();
        stdin.flush().unwrap();
        // A generous bound that only a held-back answer would ever reach.
        let got = received.recv_timeout(std::time::Duration::from_secs(60));
        assert_eq!(got.as_deref(), Ok(answer), "after {puzzle:?}");
    }
    drop(stdin);
    child.wait().unwrap();
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let program = eight().get_program().to_owned();
    let mut child = std::process::Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Far more answers than any pipe buffer holds; stops once eight exits.
        for _ in 0..200_000 {
            if stdin.write_all(b"2 3 4 1 5 x 7 6 8\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim_end().len(), 19);
    // Dropping the reader closes the pipe.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert_eq!(stderr(&output), "");
}
