//! Every one of the 9! arrangements through the real binary, per engine and
//! per goal: the answer is `unsolvable` exactly when inversion parity says
//! so, and otherwise the canonical answer, the first shortest solution in
//! letter order, exactly as the oracle's own BFS and greedy walk give it.
//!
//! Goals are renamed to one of nine canonical goals, one per blank cell, so
//! a goal for each blank cell covers every table and heuristic an engine can
//! build. Plain BFS and A* are too slow for this; `tests/algorithms.rs`
//! holds them to the same answers on all 9! (A*, through the library) and
//! on samples (BFS).

use crate::util::{all_arrangements, distances, greedy_path, run, stdout, text, Cells};

/// Parity of inversions among the numbered tiles, computed the slow way.
fn odd_permutation(cells: &Cells) -> bool {
    let tiles: Vec<u8> = cells.iter().copied().filter(|&c| c != 0).collect();
    let mut inversions = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            if tiles[i] > tiles[j] {
                inversions += 1;
            }
        }
    }
    inversions % 2 == 1
}

/// Tiles 1 to 8 in row order around a blank at `blank`.
fn goal_with_blank(blank: usize) -> Cells {
    let mut goal = [0; 9];
    let mut tiles = 1..;
    for (cell, tile) in goal.iter_mut().enumerate() {
        if cell != blank {
            *tile = tiles.next().unwrap();
        }
    }
    goal
}

/// Every `every`-th arrangement, each with its expected line towards one
/// goal.
struct Oracle {
    goal: Cells,
    all: Vec<Cells>,
    expected: Vec<String>,
}

impl Oracle {
    fn new(goal: Cells, every: usize) -> Oracle {
        let distance = distances(&goal);
        assert_eq!(distance.len(), 181_440);
        let all: Vec<Cells> = all_arrangements().iter().copied().step_by(every).collect();
        assert_eq!(all.len(), 362_880usize.div_ceil(every));
        let expected = all
            .iter()
            .map(|board| {
                let answer = greedy_path(board, distance, b"dlru");
                // The goal's own parity decides which half reaches it.
                let reachable = odd_permutation(board) == odd_permutation(&goal);
                assert_eq!(answer.is_some(), reachable, "{}", text(board));
                answer.unwrap_or_else(|| "unsolvable".to_string())
            })
            .collect();
        Oracle {
            goal,
            all,
            expected,
        }
    }

    /// Runs `engine` on the oracle's arrangements and checks each line.
    fn check(&self, engine: &str) {
        let goal = text(&self.goal);
        let input: String = self.all.iter().map(|c| text(c) + "\n").collect();
        let output = run(&["--algorithm", engine, "--goal", &goal], input);
        assert!(output.status.success(), "{engine}: {:?}", output.status);
        let out = stdout(&output);
        let answers: Vec<&str> = out.lines().collect();
        let cases = self.all.iter().zip(&self.expected);
        assert_eq!(answers.len(), cases.len(), "{engine}: one line per puzzle");
        for ((board, want), answer) in cases.zip(answers) {
            assert_eq!(answer, want, "{engine}: {} to {goal}", text(board));
        }
    }
}

/// Every engine but plain BFS and A* gets all 9! towards the standard goal.
/// Towards the other eight, whose tables, meetings and bounds fall
/// elsewhere, a spread-out seventh of them: the oracle's own BFS and walk
/// over all 9! for eight more goals would cost more than the engines it
/// checks, and the default `cargo test` has to stay quick.
const SAMPLE: usize = 7;

#[test]
fn every_fast_engine_gives_the_canonical_answer_to_every_arrangement() {
    let oracle = Oracle::new(goal_with_blank(8), 1);
    for engine in ["bibfs", "table", "auto", "idastar"] {
        oracle.check(engine);
    }
}

/// Each canonical goal but the standard one, in two tests that run in
/// parallel.
fn towards_goals_with_the_blank_in(cells: std::ops::Range<usize>) {
    for blank in cells {
        let oracle = Oracle::new(goal_with_blank(blank), SAMPLE);
        for engine in ["bibfs", "table", "auto", "idastar"] {
            oracle.check(engine);
        }
    }
}

#[test]
fn towards_goals_with_the_blank_in_the_first_four_cells() {
    towards_goals_with_the_blank_in(0..4);
}

#[test]
fn towards_goals_with_the_blank_in_the_other_cells() {
    towards_goals_with_the_blank_in(4..8);
}
