//! Every arrangement of every board of up to eight cells (2×2, 2×3, 3×2,
//! 2×4, 4×2) through the real binary, and every arrangement of 3×3 and 2×4
//! through the pattern-database engine: each exact answer must be the
//! canonical one, the first shortest solution in letter order, exactly as
//! the oracle's own BFS and greedy walk give it, and `unsolvable` exactly
//! where the oracle's BFS never arrives. Constructive answers (`--any`)
//! must replay to the goal by the oracle's own moves, on 3×3 too.
//!
//! Solvability alone is checked against brute-force reachability on every
//! board of these shapes beside the code (`src/solvability.rs`).

use std::collections::HashMap;

use eight::letters;
use eight::pdb::CacheDir;
use eight::pdb::{Layout, PatternSearch, PdbOptions};
use eight::Grid;
use eight::Shape;

use crate::util::{bfs, greedy_path, run, size, stderr, stdout, Board, Memo};

/// The shapes small enough for every arrangement through the binary.
const SMALL: [(usize, usize); 5] = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)];

/// Every arrangement of a goal's shape, the oracle's line for each (the
/// canonical answer, or `unsolvable`), and the distances to the goal.
type Oracle = (Vec<Board>, Vec<String>, HashMap<Board, usize>);

/// The oracle of `goal`, made once per test process: the tests below ask
/// for the same goals, and on 3×3 each took over a second to make.
fn oracle(goal: &Board) -> &'static Oracle {
    static ORACLES: Memo<Board, Oracle> = Memo::new();
    ORACLES.get(goal, || {
        let distance = bfs(goal);
        let all = Board::every(goal.rows, goal.columns);
        assert_eq!(distance.len() * 2, all.len(), "{goal:?}");
        let expected = all
            .iter()
            .map(|board| {
                greedy_path(board, &distance, b"dlru").unwrap_or_else(|| "unsolvable".to_string())
            })
            .collect();
        (all, expected, distance)
    })
}

/// `eight --size RxC --goal GOAL ARGS` on every board, one answer line each.
fn answers(goal: &Board, all: &[Board], args: &[&str]) -> Vec<String> {
    let input: String = all.iter().map(|b| b.text() + "\n").collect();
    let size = size(goal);
    let goal_text = goal.text();
    let mut line = vec!["--size", &size, "--goal", &goal_text];
    line.extend(args);
    let output = run(&line, input);
    assert!(output.status.success(), "{line:?}: {}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(lines.len(), all.len(), "{line:?}: one line per board");
    lines
}

fn goals(rows: usize, columns: usize) -> [Board; 2] {
    [Board::solved(rows, columns), Board::reversed(rows, columns)]
}

#[test]
fn every_small_board_gets_the_canonical_answer() {
    for (rows, columns) in SMALL {
        for goal in goals(rows, columns) {
            let (all, expected, _) = oracle(&goal);
            let got = answers(&goal, all, &[]);
            for ((board, want), answer) in all.iter().zip(expected).zip(&got) {
                assert_eq!(answer, want, "{} to {}", board.text(), goal.text());
            }
        }
    }
}

#[test]
fn every_constructive_answer_on_small_boards_replays_to_the_goal() {
    for (rows, columns) in SMALL {
        for goal in goals(rows, columns) {
            let (all, _, distance) = oracle(&goal);
            let got = answers(&goal, all, &["--any"]);
            for (board, answer) in all.iter().zip(&got) {
                if distance.contains_key(board) {
                    let end = board.play(answer);
                    assert_eq!(end.as_ref(), Some(&goal), "{}: {answer}", board.text());
                } else {
                    assert_eq!(answer, "unsolvable", "{}", board.text());
                }
            }
        }
    }
}

/// The library's view of an oracle board.
fn grid(board: &Board) -> Grid {
    let shape = Shape {
        rows: board.rows,
        columns: board.columns,
    };
    Grid::new(shape, board.tiles.clone()).expect("the oracle's boards are valid")
}

#[test]
fn every_constructive_answer_on_3x3_replays_to_the_goal() {
    // `--any` is refused on 3×3, whose engines are all exact, so the
    // constructive method is called through the library.
    for goal in goals(3, 3) {
        let (all, _, distance) = oracle(&goal);
        let target = grid(&goal);
        for board in all {
            let answer = eight::constructive::solve_to_vec(&grid(board), &target)
                .expect("boards of one shape");
            match answer {
                Some(moves) => {
                    let end = board.play(&letters(&moves));
                    assert_eq!(end.as_ref(), Some(&goal), "{}", board.text());
                }
                None => assert!(!distance.contains_key(board), "{}", board.text()),
            }
        }
    }
}

/// The pattern-database engine on every board of the goal's shape whose
/// index is a multiple of `stride`.
fn pdb_agrees_with_the_oracle(goal: &Board, stride: usize) {
    let shape = Shape {
        rows: goal.rows,
        columns: goal.columns,
    };
    let options = PdbOptions {
        cache: CacheDir::MemoryOnly,
        ..PdbOptions::default()
    };
    let mut solver = PatternSearch::new(Layout::new(shape).expect("6 to 16 cells"), options)
        .expect("the default partition fits");
    let (all, expected, _) = oracle(goal);
    let bytes = |board: &Board| -> Vec<u8> { board.tiles.iter().map(|&t| t as u8).collect() };
    let target = bytes(goal);
    let mut path = Vec::new();
    for (board, want) in all.iter().zip(expected).step_by(stride) {
        let solved = solver
            .solve(&bytes(board), &target, &mut path)
            .expect("valid boards");
        let got = match solved {
            Some(_) => letters(&path),
            None => "unsolvable".to_string(),
        };
        assert_eq!(&got, want, "{} to {}", board.text(), goal.text());
    }
}

#[test]
fn the_database_engine_gives_the_canonical_answer_on_every_2x4_board() {
    for (rows, columns) in [(2, 4), (4, 2), (2, 3), (3, 2)] {
        for goal in goals(rows, columns) {
            pdb_agrees_with_the_oracle(&goal, 1);
        }
    }
}

#[test]
fn the_database_engine_gives_the_canonical_answer_on_every_3x3_board() {
    for goal in goals(3, 3) {
        pdb_agrees_with_the_oracle(&goal, 1);
    }
}
