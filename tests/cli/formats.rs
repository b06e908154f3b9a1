//! Every output format, `--lexmin` and the HDU 3567 preset checked against
//! the harness's independent BFS over seeded random puzzles and goals.

use std::collections::HashMap;

use crate::messages::appears_twice;
use crate::util::{
    distances, greedy_path, play, random_arrangement, run, stderr, stdout, step, text, Cells,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Fixed so that a failure can be replayed; the assertion messages name the
/// puzzle and goal at fault.
const SEED: u64 = 0x1077_0652_1379_3567;
/// Random goals per test; each costs one oracle BFS.
const GOALS: usize = 3;
/// Random puzzles per goal, about half of them unsolvable.
const PUZZLES: usize = 150;

/// A goal, the oracle's distances to it, and puzzles to solve towards it:
/// random ones, the goal itself and a neighbour of it.
struct Fixture {
    goal: Cells,
    distance: &'static HashMap<Cells, u8>,
    puzzles: Vec<Cells>,
}

impl Fixture {
    /// The puzzles, one per line, as `eight` reads them.
    fn input(&self) -> String {
        self.puzzles.iter().map(|p| text(p) + "\n").collect()
    }

    /// The oracle's lexicographically first shortest solution: from each
    /// board, the smallest letter whose move gets one closer.
    fn lexmin(&self, puzzle: &Cells) -> Option<String> {
        greedy_path(puzzle, self.distance, b"dlru")
    }
}

fn fixtures() -> Vec<Fixture> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    (0..GOALS)
        .map(|_| {
            let goal = random_arrangement(&mut rng);
            let mut puzzles: Vec<Cells> =
                (0..PUZZLES).map(|_| random_arrangement(&mut rng)).collect();
            puzzles.push(goal);
            puzzles.extend(b"udlr".iter().find_map(|&letter| step(&goal, letter)));
            Fixture {
                distance: distances(&goal),
                goal,
                puzzles,
            }
        })
        .collect()
}

/// Runs `eight --goal GOAL ARGS` on the fixture's puzzles; its stdout.
fn answers(fixture: &Fixture, args: &[&str]) -> String {
    let goal = text(&fixture.goal);
    let output = run(
        &[&["--goal", goal.as_str()], args].concat(),
        fixture.input(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn count_is_the_oracle_distance_or_minus_one() {
    for fixture in fixtures() {
        let out = answers(&fixture, &["--format", "count"]);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), fixture.puzzles.len());
        for (puzzle, line) in fixture.puzzles.iter().zip(got) {
            let want = fixture
                .distance
                .get(puzzle)
                .map_or("-1".to_string(), |d| d.to_string());
            assert_eq!(line, want, "{} to {}", text(puzzle), text(&fixture.goal));
        }
    }
}

#[test]
fn moves_are_shortest_and_lexmin_moves_are_the_first_shortest() {
    for fixture in fixtures() {
        let plain = answers(&fixture, &[]);
        let lexmin = answers(&fixture, &["--lexmin"]);
        assert_eq!(plain.lines().count(), fixture.puzzles.len());
        assert_eq!(lexmin.lines().count(), fixture.puzzles.len());
        let rows = plain.lines().zip(lexmin.lines());
        for (puzzle, (plain, lexmin)) in fixture.puzzles.iter().zip(rows) {
            let case = format!("{} to {}", text(puzzle), text(&fixture.goal));
            match fixture.distance.get(puzzle) {
                None => assert_eq!((plain, lexmin), ("unsolvable", "unsolvable"), "{case}"),
                Some(&d) => {
                    assert_eq!(plain.len(), usize::from(d), "{case}");
                    assert_eq!(play(puzzle, plain), Some(fixture.goal), "{case}");
                    assert_eq!(Some(lexmin.to_string()), fixture.lexmin(puzzle), "{case}");
                }
            }
        }
    }
}

/// What `--format steps` should print for `puzzle` played by `moves`,
/// written here from the documented layout, without the trailing newline.
fn steps_paragraph(puzzle: &Cells, moves: Option<&str>) -> String {
    let grid = |board: &Cells| -> String {
        text(board)
            .as_bytes()
            .chunks(3)
            .map(|row| {
                let tiles: String = row.iter().map(|&c| format!(" {}", char::from(c))).collect();
                format!(" {tiles}\n")
            })
            .collect()
    };
    let mut want = format!("start\n{}", grid(puzzle));
    let Some(moves) = moves else {
        return want + "unsolvable";
    };
    let mut board = *puzzle;
    for (number, letter) in moves.bytes().enumerate() {
        board = step(&board, letter).expect("a legal move");
        want += &format!(
            "step {}: {}\n{}",
            number + 1,
            char::from(letter),
            grid(&board)
        );
    }
    let plural = if moves.len() == 1 { "" } else { "s" };
    want + &format!("{} move{plural}", moves.len())
}

#[test]
fn steps_show_every_board_of_a_shortest_solution() {
    for fixture in fixtures() {
        let out = answers(&fixture, &["--format", "steps"]);
        let paragraphs: Vec<&str> = out
            .strip_suffix('\n')
            .expect("ends with a newline")
            .split("\n\n")
            .collect();
        assert_eq!(paragraphs.len(), fixture.puzzles.len());
        for (puzzle, paragraph) in fixture.puzzles.iter().zip(paragraphs) {
            let case = format!("{} to {}", text(puzzle), text(&fixture.goal));
            // The moves as the labels give them, then the whole paragraph
            // checked against the layout they imply.
            let moves: String = paragraph
                .lines()
                .filter_map(|line| line.strip_prefix("step "))
                .filter_map(|label| label.split(": ").nth(1))
                .collect();
            match fixture.distance.get(puzzle) {
                None => assert_eq!(paragraph, steps_paragraph(puzzle, None), "{case}"),
                Some(&d) => {
                    assert_eq!(moves.len(), usize::from(d), "{case}");
                    assert_eq!(play(puzzle, &moves), Some(fixture.goal), "{case}");
                    assert_eq!(paragraph, steps_paragraph(puzzle, Some(&moves)), "{case}");
                }
            }
        }
    }
}

#[test]
fn json_lines_parse_back_to_the_oracle_answers() {
    for fixture in fixtures() {
        let out = answers(&fixture, &["--format", "json"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), fixture.puzzles.len());
        for (puzzle, line) in fixture.puzzles.iter().zip(lines) {
            let case = format!("{} to {}", text(puzzle), text(&fixture.goal));
            let object: serde_json::Map<String, Value> =
                serde_json::from_str(line).expect("a JSON object per line");
            let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
            keys.sort_unstable();
            let want_keys = ["goal", "length", "moves", "puzzle", "solvable"];
            assert_eq!(keys, want_keys, "{case}: {line}");
            assert_eq!(object["puzzle"], text(puzzle), "{case}");
            assert_eq!(object["goal"], text(&fixture.goal), "{case}");
            match fixture.distance.get(puzzle) {
                None => {
                    assert_eq!(object["solvable"], false, "{case}");
                    assert_eq!(object["length"], Value::Null, "{case}");
                    assert_eq!(object["moves"], Value::Null, "{case}");
                }
                Some(&d) => {
                    assert_eq!(object["solvable"], true, "{case}");
                    assert_eq!(object["length"], d, "{case}");
                    let moves = object["moves"].as_str().expect("moves are a string");
                    assert_eq!(moves.len(), usize::from(d), "{case}");
                    assert_eq!(play(puzzle, moves), Some(fixture.goal), "{case}");
                }
            }
        }
    }
}

#[test]
fn json_gives_an_invalid_puzzle_its_line_and_error() {
    let output = run(&["--format", "json"], "1 2 3\n4 5 6\n7 8 x\n\n1 2 2\n");
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["length"], 0);
    assert_eq!(lines[0]["moves"], "");
    assert_eq!(
        lines[1],
        serde_json::json!({"line": 5, "error": appears_twice('2')})
    );
}

#[test]
fn hdu3567_answers_each_case_towards_its_own_goal() {
    let fixtures = fixtures();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ 3567);
    let cases: Vec<(&Fixture, Cells)> = (0..300)
        .map(|i| (&fixtures[i % GOALS], random_arrangement(&mut rng)))
        .collect();
    // HDU 3567 writes the blank as X.
    let upper = |cells: &Cells| text(cells).replace('x', "X");
    let mut input = format!("{}\n", cases.len());
    for (fixture, start) in &cases {
        input += &format!("{}\n{}\n", upper(start), upper(&fixture.goal));
    }
    let output = run(&["--judge", "hdu3567"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut want = String::new();
    for (k, (fixture, start)) in (1..).zip(&cases) {
        want += &match fixture.lexmin(start) {
            Some(moves) => format!("Case {k}: {}\n{moves}\n", moves.len()),
            None => format!("Case {k}: unsolvable\n"),
        };
    }
    assert_eq!(stdout(&output), want);
}
