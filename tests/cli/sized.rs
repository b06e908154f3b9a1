//! `eight --size RxC`: boards of other shapes through the real binary, each
//! answer replayed by this file's own moves, the exact ones checked against
//! a breadth-first search of its own, and every fault of the reader costing
//! one line.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::messages::{self, at};
use crate::util::{bfs, run_sized as run, size, stderr, stdout, Board};

#[test]
fn leetcode_773_examples() {
    let input = "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[3,2,4],[1,5,0]]\n";
    for goal in [None, Some("1 2 3 4 5 0"), Some("[[1,2,3],[4,5,0]]")] {
        let mut args = vec!["--size", "2x3", "--format", "count"];
        args.extend(goal.iter().flat_map(|goal| ["--goal", goal]));
        let output = run(&args, input);
        assert_eq!(stdout(&output), "1\n-1\n5\n14\n", "goal {goal:?}");
        assert!(output.status.success());
    }
}

#[test]
fn uva_10181_sample_on_4x4() {
    let input = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    let output = run(&["--size", "4x4"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let answer = stdout(&output);
    let moves = answer.trim_end();
    assert_eq!(moves.len(), 9);
    assert_eq!(moves, "llldrdrdr");
    let start = Board {
        rows: 4,
        columns: 4,
        tiles: vec![2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15],
    };
    assert_eq!(start.play(moves), Some(Board::solved(4, 4)));
}

#[test]
fn exact_answers_on_small_shapes_are_the_fewest_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for (rows, columns) in [(2, 2), (2, 4), (3, 2)] {
        let goal = Board::solved(rows, columns);
        let dist = bfs(&goal);
        let starts: Vec<Board> = (0..20).map(|_| goal.walk(60, &mut rng)).collect();
        let input: String = starts.iter().map(|b| b.text() + "\n").collect();
        let output = run(&["--size", &size(&goal)], input);
        let answers = stdout(&output);
        for (start, moves) in starts.iter().zip(answers.lines()) {
            assert_eq!(start.play(moves), Some(goal.clone()), "{start:?}: {moves}");
            assert_eq!(moves.len(), dist[start], "{start:?}");
        }
        assert_eq!(answers.lines().count(), starts.len());
    }
}

#[test]
fn pattern_database_answers_replay_and_match_their_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for (rows, columns) in [(3, 4), (2, 5)] {
        let goal = Board::solved(rows, columns);
        let starts: Vec<Board> = (0..3).map(|_| goal.walk(200, &mut rng)).collect();
        let input: String = starts.iter().map(|b| b.text() + "\n").collect();
        let moves = stdout(&run(&["--size", &size(&goal)], input.clone()));
        let counts = stdout(&run(&["--size", &size(&goal), "--format", "count"], input));
        for ((start, moves), count) in starts.iter().zip(moves.lines()).zip(counts.lines()) {
            assert_eq!(start.play(moves), Some(goal.clone()), "{start:?}: {moves}");
            assert_eq!(moves.len().to_string(), count);
        }
    }
}

#[test]
fn constructive_answers_on_large_boards_replay_to_the_goal() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for (rows, columns) in [(5, 5), (10, 10), (4, 7)] {
        let goal = Board::solved(rows, columns);
        let starts: Vec<Board> = (0..3).map(|_| goal.walk(5000, &mut rng)).collect();
        let input: String = starts.iter().map(|b| b.text() + "\n").collect();
        let output = run(&["--size", &size(&goal)], input);
        let answers = stdout(&output);
        assert_eq!(answers.lines().count(), starts.len());
        for (start, moves) in starts.iter().zip(answers.lines()) {
            assert_eq!(start.play(moves), Some(goal.clone()), "{start:?}: {moves}");
        }
    }
}

#[test]
fn any_asks_for_the_constructive_method_on_small_boards_too() {
    let goal = Board::solved(3, 4);
    let start = goal.walk(300, &mut ChaCha8Rng::seed_from_u64(34));
    let output = run(&["--size", "3x4", "--any"], start.text());
    assert_eq!(start.play(stdout(&output).trim_end()), Some(goal));
}

#[test]
fn a_goal_of_another_size_is_read_like_a_puzzle() {
    let goal = Board {
        rows: 2,
        columns: 3,
        tiles: vec![0, 1, 2, 3, 4, 5],
    };
    let start = goal.walk(40, &mut ChaCha8Rng::seed_from_u64(7));
    let output = run(&["--size", "2x3", "--goal", "x 1 2\n3 4 5"], start.text());
    assert_eq!(start.play(stdout(&output).trim_end()), Some(goal));
}

#[test]
fn steps_and_json_say_whether_the_answer_is_the_fewest() {
    let output = run(&["--size", "2x2", "--format", "steps"], "1 2 x 3\n");
    assert_eq!(
        stdout(&output),
        "start\n  1 2\n  x 3\nstep 1: r\n  1 2\n  3 x\n1 move\n"
    );
    let start = Board::solved(5, 5).walk(100, &mut ChaCha8Rng::seed_from_u64(5));
    let output = run(&["--size", "5", "--format", "steps"], start.text());
    let steps = stdout(&output);
    let moves = steps.lines().filter(|l| l.starts_with("step ")).count();
    assert!(steps.ends_with(&format!("{}\n", messages::not_fewest(moves))));
    assert!(
        steps.contains("\n  11 12 13 14 15\n"),
        "cells aligned to the widest tile"
    );
    let output = run(&["--size", "2x2", "--format", "json"], "1 2 x 3\n2 1 x 3\n");
    assert_eq!(
        stdout(&output),
        concat!(
            r#"{"puzzle":"1 2 x 3","goal":"1 2 3 x","solvable":true,"shortest":true,"moves":"r","length":1}"#,
            "\n",
            r#"{"puzzle":"2 1 x 3","goal":"1 2 3 x","solvable":false,"shortest":true,"moves":null,"length":null}"#,
            "\n"
        )
    );
    let output = run(&["--size", "5", "--format", "json"], start.text());
    assert!(stdout(&output).contains(r#""shortest":false,"moves":""#));
}

#[test]
fn each_bad_puzzle_costs_one_line() {
    let input = concat!(
        "1 2 3 4 x 5 6 7 8 9 10 11 12 13 14 17\n", // 1: not a tile
        "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 1\n", // 2: repeated (line 5)
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x\n",    // 3: one short
        "1 2 3 4\n5 6 7\n9 10 11 12\n13 14 15 x\n", // 4: a short row
        "1 2 3 4\n5 6 7 8\n\n",                    // 5: a grid cut by a blank line
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n", // 6: good
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x 1 2 3 4 5 6 7 8 9\n", // 7: leftovers
    );
    let output = run(&["--size", "4x4"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "invalid\ninvalid\ninvalid\ninvalid\ninvalid\nr\ninvalid\n"
    );
    let faults = [
        at(1, 1, &messages::not_a_sized_tile("'17'", 15)),
        at(5, 2, "tile '1' appears twice"),
        at(6, 3, &messages::sized_tile_count(16, 15)),
        at(8, 4, &messages::sized_row_length(4, 3)),
        at(11, 5, &messages::sized_tile_count(16, 8)),
        at(15, 7, &messages::sized_tile_count(16, 25)),
    ];
    let want: String = faults.iter().map(|f| messages::notice(f)).collect();
    assert_eq!(stderr(&output), want);
}

#[test]
fn small_boards_also_read_the_compact_form() {
    let output = run(
        &["--size", "2x3", "--format", "count"],
        "412503\n412 503\n41250a\n",
    );
    assert_eq!(stdout(&output), "5\n5\ninvalid\n");
    let fault = at(3, 3, &messages::not_a_sized_tile("'a'", 5));
    assert_eq!(stderr(&output), messages::notice(&fault));
}

#[test]
fn bad_sizes_are_usage_errors_naming_the_value() {
    for (value, why) in [
        ("1x5", messages::SIZE_TOO_SMALL),
        ("0x0", messages::SIZE_TOO_SMALL),
        ("3x", messages::SIZE_UNREADABLE),
        ("1001x2", messages::SIZE_TOO_LARGE),
    ] {
        let output = run(&["--size", value], "");
        assert_eq!(output.status.code(), Some(2), "{value}");
        assert_eq!(stderr(&output), messages::bad_size(value, why));
    }
}

#[test]
fn options_that_cannot_hold_on_other_sizes_are_refused() {
    let usage = messages::SOLVE_USAGE;
    let cases: [(&[&str], String); 7] = [
        (
            &["--size", "5x5", "--format", "count"],
            messages::count_needs_shortest("--size 5x5 (more than 16 cells) without --optimal"),
        ),
        (
            &["--size", "2x3", "--any", "--format", "count"],
            messages::count_needs_shortest("--any"),
        ),
        (
            &["--size", "4", "--judge", "poj1077"],
            messages::judge_needs_3x3("4x4"),
        ),
        (&["--any"], messages::ANY_NEEDS_SIZE.to_string()),
        (
            &["--size", "6x5", "--optimal"],
            messages::optimal_too_large("6x5"),
        ),
        (
            &["--size", "4x4", "--node-limit", "9", "--format", "count"],
            messages::count_needs_shortest("--node-limit"),
        ),
        (&["--size", "2x3", "--goal", "1 2 3 9 4 x"], String::new()),
    ];
    for (args, message) in cases {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let want = if message.is_empty() {
            messages::bad_goal("1 2 3 9 4 x", &messages::not_a_sized_tile("'9'", 5))
        } else {
            messages::usage_error(usage, &message)
        };
        assert_eq!(stderr(&output), want, "{args:?}");
    }
}

#[test]
fn a_board_past_the_node_limit_gets_a_valid_answer_marked_and_counted() {
    // UVa 10181's sample, 9 moves; the second board, one move, is the
    // second node generated (after the board its move `l` makes), within
    // the limit.
    let input = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n\
                 1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    for threads in ["1", "2"] {
        let limited = ["--size", "4x4", "--node-limit", "2", "--threads", threads];
        let output = run(&limited, input);
        assert!(output.status.success(), "{}", stderr(&output));
        let answers = stdout(&output);
        let answers: Vec<&str> = answers.lines().collect();
        let start = Board {
            rows: 4,
            columns: 4,
            tiles: vec![2, 3, 4, 0, 1, 5, 7, 8, 9, 6, 10, 12, 13, 14, 11, 15],
        };
        assert_eq!(start.play(answers[0]), Some(Board::solved(4, 4)));
        assert_eq!(answers[1], "r");
        assert_eq!(stderr(&output), messages::passed_node_limit(1, 2));
        // `steps` and `json` say which answer may not be the fewest.
        let steps = run(&[&limited[..], &["--format", "steps"]].concat(), input);
        let steps = stdout(&steps);
        assert_eq!(steps.matches(", not necessarily the fewest").count(), 1);
        assert!(steps.contains("\n1 move\n"), "{steps}");
        let json = stdout(&run(&[&limited[..], &["--format", "json"]].concat(), input));
        let shortest: Vec<bool> = json
            .lines()
            .map(|line| line.contains("\"shortest\":true"))
            .collect();
        assert_eq!(shortest, [false, true]);
    }
    // Without the limit, and with --optimal (which changes nothing on 16
    // cells or fewer), the fewest moves and no notice.
    for args in [&["--size", "4x4"][..], &["--size", "4x4", "--optimal"]] {
        let output = run(args, input);
        assert_eq!(stdout(&output), "llldrdrdr\nr\n");
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn a_3x3_size_is_the_3x3_solver() {
    let input = "2 3 4 1 5 x 7 6 8\n";
    assert_eq!(
        run(&["--size", "3x3"], input).stdout,
        run(&[], input).stdout
    );
    assert_eq!(run(&["--size", "3"], input).stdout, run(&[], input).stdout);
}

#[test]
fn memory_stays_flat_however_long_a_line_is() {
    // 40 MB on one line under a 32 MB address space: the reader must not
    // hold the line, as the 3×3 reader does not. One thread, so that the
    // limit does not depend on the machine's cores.
    let eight = env!("CARGO_BIN_EXE_eight");
    for size in ["4x4", "2x3"] {
        let mut line = vec![b'1'; 40 << 20];
        line.extend_from_slice(b" 1 2 3\n4 5 x\n");
        let output = std::process::Command::new("sh")
            .args(["-c", "ulimit -v 32768 && exec \"$0\" \"$@\""])
            .arg(eight)
            .args(["--size", size, "--threads", "1"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().expect("stdin is piped");
                let writer = std::thread::spawn(move || {
                    use std::io::Write;
                    // The child may stop reading early if it fails.
                    let _ = stdin.write_all(&line);
                });
                let output = child.wait_with_output();
                writer.join().expect("the writer ends");
                output
            })
            .expect("eight runs under sh");
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{size}: {err}");
        assert!(
            err.starts_with("eight: line 1 (puzzle 1): "),
            "{size}: {err}"
        );
        assert!(!err.contains("memory"), "{size}: {err}");
    }
}
