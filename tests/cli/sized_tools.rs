//! `gen --size` and `verify --size` through the real binary: boards of many
//! shapes drawn, read back by the solver and judged, every answer replayed
//! by this crate's own moves, distances checked by its own BFS.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::messages::{self, at};
use crate::util::run_sized as run;
use crate::util::{bfs, gen, Board};
use crate::util::{stderr, stdout};

/// The boards of `gen --size` output: one per line, `x` the blank.
fn read_boards(text: &str, rows: usize, columns: usize) -> Vec<Board> {
    text.lines()
        .map(|line| Board {
            rows,
            columns,
            tiles: line
                .split_whitespace()
                .map(|word| {
                    if word == "x" {
                        0
                    } else {
                        word.parse().unwrap()
                    }
                })
                .collect(),
        })
        .collect()
}

/// A file in the test scratch folder holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the scratch folder is writable");
    path
}

/// `verify --size SIZE EXTRA PUZZLES ANSWERS`, with the puzzles' file.
fn verify_files(
    size: &str,
    extra: &[&str],
    puzzles: &str,
    answers: &str,
) -> (std::process::Output, PathBuf) {
    // Tests run in parallel: every call has files of its own.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let tag = format!("sized-tools-{size}-{call}");
    let puzzles = file(&format!("{tag}-p.txt"), puzzles);
    let answers = file(&format!("{tag}-a.txt"), answers);
    let paths = [puzzles.to_str().unwrap(), answers.to_str().unwrap()];
    let output = run(
        &[&["verify", "--size", size], extra, &paths[..]].concat(),
        "",
    );
    (output, puzzles)
}

/// `verify --size SIZE EXTRA PUZZLES ANSWERS`.
fn verify(size: &str, extra: &[&str], puzzles: &str, answers: &str) -> std::process::Output {
    verify_files(size, extra, puzzles, answers).0
}

#[test]
fn generated_boards_of_many_shapes_read_back_solve_and_verify() {
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 4),
        (2, 5),
        (5, 5),
        (3, 7),
        (12, 12),
    ];
    for (rows, columns) in shapes {
        let size = format!("{rows}x{columns}");
        let text = gen(&["--size", &size, "-n", "8", "--seed", "11"]);
        let starts = read_boards(&text, rows, columns);
        assert_eq!(starts.len(), 8, "{size}");
        let distinct: HashSet<&Board> = starts.iter().collect();
        assert_eq!(distinct.len(), 8, "{size}: no board twice");
        let solved = run(&["--size", &size], text.clone());
        assert!(solved.status.success(), "{size}: {}", stderr(&solved));
        let answers = stdout(&solved);
        for (start, moves) in starts.iter().zip(answers.lines()) {
            assert_eq!(
                start.play(moves),
                Some(Board::solved(rows, columns)),
                "{size}"
            );
        }
        let judged = verify(&size, &[], &text, &answers);
        assert!(judged.status.success(), "{size}: {}", stdout(&judged));
        assert!(stdout(&judged).ends_with("8 accepted, 0 rejected\n"));
    }
}

#[test]
fn unsolvable_draws_are_all_unsolvable() {
    for (rows, columns) in [(2, 3), (4, 4), (6, 5)] {
        let size = format!("{rows}x{columns}");
        let text = gen(&["--size", &size, "-n", "6", "--seed", "3", "--unsolvable"]);
        let output = run(&["--size", &size], text.clone());
        assert_eq!(stdout(&output), "unsolvable\n".repeat(6), "{size}");
        let judged = verify(&size, &[], &text, &"unsolvable\n".repeat(6));
        assert!(judged.status.success(), "{size}: {}", stdout(&judged));
    }
    // On 2x3 the test's own BFS confirms it: no drawn board reaches the goal.
    let reachable = bfs(&Board::solved(2, 3));
    let text = gen(&["--size", "2x3", "-n", "360", "--seed", "5", "--unsolvable"]);
    let boards = read_boards(&text, 2, 3);
    assert_eq!(
        boards.iter().collect::<HashSet<_>>().len(),
        360,
        "all 6!/2 of them"
    );
    assert!(boards.iter().all(|board| !reachable.contains_key(board)));
}

#[test]
fn distances_are_exact_on_small_shapes_and_refused_above_nine_cells() {
    for (rows, columns, distance) in [(2, 2, "2..4"), (2, 3, "10..12"), (2, 4, "20"), (4, 2, "15")]
    {
        let size = format!("{rows}x{columns}");
        let text = gen(&[
            "--size",
            &size,
            "-n",
            "5",
            "--seed",
            "2",
            "--distance",
            distance,
        ]);
        let truth = bfs(&Board::solved(rows, columns));
        let (min, max) = match distance.split_once("..") {
            Some((min, max)) => (min.parse().unwrap(), max.parse().unwrap()),
            None => (distance.parse().unwrap(), distance.parse().unwrap()),
        };
        for board in read_boards(&text, rows, columns) {
            let d = truth[&board];
            assert!((min..=max).contains(&d), "{size} {board:?} at {d}");
        }
    }
    for (rows, columns) in [(3, 4), (8, 2)] {
        let size = format!("{rows}x{columns}");
        let output = run(&["gen", "--size", &size, "--distance", "5"], "");
        assert_eq!(output.status.code(), Some(2));
        let why = messages::distance_needs_table(rows, columns);
        assert_eq!(
            stderr(&output),
            messages::usage_error(messages::GEN_USAGE, &why)
        );
    }
}

#[test]
fn verify_size_judges_moves_and_names_bad_lines() {
    let puzzles = "1 2 3 4 x 5\n1 2 3 4 x 9\n1 2 3 5 4 x\n1 2 3 4 x 5\n";
    let answers = "r\nr\nr\nrlr\n";
    let (output, path) = verify_files("2x3", &[], puzzles, answers);
    assert_eq!(
        stdout(&output),
        "puzzle 1: accepted: 1 move, shortest\n\
         puzzle 2: invalid puzzle: line 2: '9' is not a tile: expected 1-5 or a blank x\n\
         puzzle 3: rejected: the puzzle is unsolvable, but the answer is not \"unsolvable\"\n\
         puzzle 4: accepted: 3 moves, shortest is 1\n\
         2 accepted, 1 rejected, 1 invalid\n"
    );
    let fault = at(2, 2, &messages::not_a_sized_tile("'9'", 5));
    assert_eq!(
        stderr(&output),
        messages::notice(&messages::in_file(&path, &fault))
    );
    assert_eq!(output.status.code(), Some(1));
    let optimal = verify("2x3", &["--optimal"], "1 2 3 4 x 5\n", "rlr\n");
    assert!(stdout(&optimal).contains("rejected: 3 moves, but the shortest is 1"));
    assert_eq!(optimal.status.code(), Some(1));
    // Above 16 cells only legality counts, and --optimal is refused.
    let tiles: Vec<String> = (1..25).map(|tile| tile.to_string()).collect();
    let near = tiles.join(" ").replace("24", "x 24");
    let output = verify("5x5", &[], &near, "r\n");
    assert!(output.status.success(), "{}", stdout(&output));
    assert!(stdout(&output).starts_with("puzzle 1: accepted: 1 move\n"));
    let refused = verify("5x5", &["--optimal"], "", "");
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn a_large_boards_long_answer_is_judged_not_cut_off() {
    // About 2.6 million moves: more than the 1 MiB a 3x3 answer line may
    // hold, well within what a 100x100 board's may.
    let text = gen(&["--size", "100x100", "--seed", "12"]);
    let solved = run(&["--size", "100x100"], text.clone());
    let answers = stdout(&solved);
    assert!(answers.len() > 1 << 20, "{}", answers.len());
    let judged = verify("100x100", &[], &text, &answers);
    assert!(judged.status.success(), "{}", stdout(&judged));
    let wrong = answers.replacen('d', "u", 1);
    let judged = verify("100x100", &[], &text, &wrong);
    assert_eq!(judged.status.code(), Some(1), "{}", stdout(&judged));
}
