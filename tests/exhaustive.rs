//! Every one of the 9! arrangements through the real binary, once per
//! engine: the answer is `unsolvable` exactly when inversion parity says so,
//! and otherwise a move string that reaches the goal in exactly as many
//! moves as the oracle's own BFS says is shortest.

mod util;

use util::{all_arrangements, distances, play, run, stdout, text, Cells};

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

fn check_engine(engine: &str) {
    let goal: Cells = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let oracle = distances(&goal);
    assert_eq!(oracle.len(), 181_440);
    let all = all_arrangements();
    assert_eq!(all.len(), 362_880);
    let input: String = all.iter().map(|c| text(c) + "\n").collect();
    let output = run(&["--algorithm", engine], input);
    assert!(output.status.success(), "{engine}: {:?}", output.status);
    let out = stdout(&output);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), all.len(), "{engine}: one line per puzzle");
    for (board, answer) in all.iter().zip(answers) {
        match oracle.get(board) {
            None => {
                assert_eq!(answer, "unsolvable", "{engine}: {}", text(board));
                assert!(odd_permutation(board), "{engine}: {}", text(board));
            }
            Some(&distance) => {
                assert!(!odd_permutation(board), "{engine}: {}", text(board));
                assert_eq!(
                    answer.len(),
                    usize::from(distance),
                    "{engine}: {}",
                    text(board)
                );
                assert_eq!(play(board, answer), Some(goal), "{engine}: {}", text(board));
            }
        }
    }
}

#[test]
fn the_table_engine_answers_every_arrangement_optimally() {
    check_engine("table");
}

#[test]
fn the_bidirectional_engine_answers_every_arrangement_optimally() {
    check_engine("bibfs");
}

#[test]
fn the_automatic_choice_answers_every_arrangement_optimally() {
    check_engine("auto");
}
