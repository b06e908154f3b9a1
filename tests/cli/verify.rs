//! `eight verify`: one test per kind of verdict, the report around them,
//! and the judge against the solver on every arrangement.

use std::process::Output;

use crate::messages::{
    at, claimed_unsolvable, ends_elsewhere, extra_answers, invalid_puzzle, longer, not_a_move,
    not_a_tile_char, not_optimal, off_the_board, shortest, summary, usage_error, verdict,
    BOTH_STDIN, NOT_UNSOLVABLE, NO_ANSWER, PREFIX, UNSOLVABLE, VERIFY_USAGE,
};
use crate::util::{all_arrangements, eight, run, scratch, stderr, stdout, text};

/// Runs `eight verify PUZZLES ANSWERS FLAGS` on two scratch files.
fn verify(name: &str, puzzles: &str, answers: &str, flags: &[&str]) -> Output {
    let puzzles = scratch(&format!("verify-{name}-puzzles"), puzzles);
    let answers = scratch(&format!("verify-{name}-answers"), answers);
    eight()
        .arg("verify")
        .arg(&puzzles)
        .arg(&answers)
        .args(flags)
        .output()
        .expect("eight runs")
}

/// The verdict line of a one-puzzle run, with its exit code.
fn one_verdict(name: &str, puzzle: &str, answer: &str, flags: &[&str]) -> (String, i32) {
    let output = verify(name, puzzle, answer, flags);
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "a verdict and a summary: {out}");
    (lines[0].to_string(), output.status.code().unwrap_or(-1))
}

/// The verdict line of puzzle 1, without its newline.
fn first(text: &str) -> String {
    verdict(1, text).trim_end().to_string()
}

/// The POJ 1077 sample and a shortest answer to it.
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";
const SAMPLE_ANSWER: &str = "ullddrurdllurdruldr\n";

#[test]
fn a_shortest_answer_is_accepted_as_shortest() {
    let (line, code) = one_verdict("shortest", SAMPLE, SAMPLE_ANSWER, &["--optimal"]);
    assert_eq!(line, first(&shortest(19)));
    assert_eq!(code, 0);
}

#[test]
fn a_longer_answer_is_accepted_unless_optimal() {
    // The sample's answer after a detour: left and back right.
    let detour = "lrullddrurdllurdruldr\n";
    let (line, code) = one_verdict("detour", SAMPLE, detour, &[]);
    assert_eq!(line, first(&longer(21, 19)));
    assert_eq!(code, 0);
    let (line, code) = one_verdict("detour-optimal", SAMPLE, detour, &["--optimal"]);
    assert_eq!(line, first(&not_optimal(21, 19)));
    assert_eq!(code, 1);
}

#[test]
fn a_true_unsolvable_is_accepted() {
    let (line, code) = one_verdict("unsolvable", "21345678x\n", "unsolvable\r\n", &[]);
    assert_eq!(line, first(UNSOLVABLE));
    assert_eq!(code, 0);
}

#[test]
fn a_letter_that_is_no_move_is_named_with_its_position() {
    let (line, code) = one_verdict("letter", SAMPLE, "ulLddrurdllurdruldr\n", &[]);
    assert_eq!(line, first(&not_a_move(3, 'L')));
    assert_eq!(code, 1);
}

#[test]
fn a_move_off_the_board_is_named_with_its_position() {
    // The blank starts in the middle of the right column: two ups leave.
    let (line, code) = one_verdict("edge", SAMPLE, "uu\n", &[]);
    assert_eq!(line, first(&off_the_board(2, 'u')));
    assert_eq!(code, 1);
}

#[test]
fn moves_that_end_elsewhere_say_where() {
    let (line, code) = one_verdict("elsewhere", SAMPLE, "ull\n", &[]);
    assert_eq!(line, first(&ends_elsewhere("x23154768", "12345678x")));
    assert_eq!(code, 1);
}

#[test]
fn unsolvable_claimed_for_a_solvable_puzzle_says_how_short_it_is() {
    let (line, code) = one_verdict("claimed", SAMPLE, "unsolvable\n", &[]);
    assert_eq!(line, first(&claimed_unsolvable(19)));
    assert_eq!(code, 1);
}

#[test]
fn moves_for_an_unsolvable_puzzle_are_rejected() {
    for (name, answer) in [("moves", "lu\n"), ("empty", "\n")] {
        let (line, code) = one_verdict(name, "21345678x\n", answer, &[]);
        assert_eq!(line, first(NOT_UNSOLVABLE));
        assert_eq!(code, 1);
    }
}

#[test]
fn a_missing_answer_line_is_rejected() {
    let output = verify("missing", "12345x786\n12345x786\n", "d\n", &[]);
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(1)),
            verdict(2, NO_ANSWER),
            summary(1, 1, 0, 0)
        ]
        .concat()
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn an_invalid_puzzle_gets_its_own_verdict_and_a_message() {
    let output = verify(
        "invalid",
        "12345x786\n1 2 9\n1234567x8\n",
        "d\ninvalid\nr\n",
        &[],
    );
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(1)),
            verdict(2, &invalid_puzzle(2, &not_a_tile_char('9'))),
            verdict(3, &shortest(1)),
            summary(2, 0, 1, 0),
        ]
        .concat()
    );
    let message = stderr(&output);
    let want = format!(
        "verify-invalid-puzzles: {}\n",
        at(2, 2, &not_a_tile_char('9'))
    );
    assert!(message.ends_with(&want), "{message}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn answer_lines_beyond_the_last_puzzle_are_reported() {
    let output = verify("extra", "12345x786\n", "d\nd\n\n", &[]);
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(1)),
            extra_answers(2, 2),
            summary(1, 0, 0, 2),
        ]
        .concat()
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn quiet_prints_the_summary_alone() {
    let output = verify(
        "quiet",
        "12345x786\n12345x786\n1 2 9\n",
        "d\nu\ninvalid\nd\n",
        &["--quiet"],
    );
    assert_eq!(stdout(&output), summary(1, 1, 1, 1));
    assert!(stderr(&output).contains(&at(3, 3, &not_a_tile_char('9'))));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn either_input_can_be_standard_input_but_not_both() {
    let answers = scratch("verify-stdin-answers", SAMPLE_ANSWER);
    let answers = answers.to_str().unwrap();
    let output = run(&["verify", "-", answers], SAMPLE);
    assert_eq!(
        stdout(&output),
        verdict(1, &shortest(19)) + &summary(1, 0, 0, 0)
    );
    assert_eq!(output.status.code(), Some(0));

    let puzzles = scratch("verify-stdin-puzzles", SAMPLE);
    let output = run(&["verify", puzzles.to_str().unwrap(), "-"], SAMPLE_ANSWER);
    assert_eq!(output.status.code(), Some(0));

    let output = run(&["verify", "-", "-"], SAMPLE);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), usage_error(VERIFY_USAGE, BOTH_STDIN));
}

#[test]
fn unreadable_files_and_bad_usage_exit_with_2() {
    let puzzles = scratch("verify-unreadable-puzzles", SAMPLE);
    let puzzles = puzzles.to_str().unwrap();
    let output = run(&["verify", puzzles, "no/such/answers"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with(&format!("{PREFIX}no/such/answers: ")),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "");

    let scratch_dir = env!("CARGO_TARGET_TMPDIR");
    let output = run(&["verify", puzzles, scratch_dir], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with(&format!("{PREFIX}cannot read the answers: ")));

    let output = run(&["verify", puzzles], "");
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["verify", puzzles, puzzles, "--goal", "123"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn answers_are_judged_against_the_given_goal() {
    let goal = ["--goal", "x 1 2 3 4 5 6 7 8", "--optimal"];
    let (line, code) = one_verdict("goal", "1 x 2 3 4 5 6 7 8\n", "l\n", &goal);
    assert_eq!(line, first(&shortest(1)));
    assert_eq!(code, 0);
    let (line, code) = one_verdict("goal-default", "1 x 2 3 4 5 6 7 8\n", "l\n", &[]);
    assert_eq!(line, first(&ends_elsewhere("x12345678", "12345678x")));
    assert_eq!(code, 1);
}

#[test]
fn the_judge_accepts_every_answer_the_solver_gives() {
    let puzzles: String = all_arrangements()
        .iter()
        .map(|cells| text(cells) + "\n")
        .collect();
    let solved = run(&[], puzzles.clone());
    assert_eq!(solved.status.code(), Some(0));
    let answers = stdout(&solved);
    let puzzle_file = scratch("verify-all-puzzles", &puzzles);
    let puzzle_file = puzzle_file.to_str().unwrap();

    let output = run(
        &["verify", "--optimal", "--quiet", puzzle_file, "-"],
        answers.clone(),
    );
    assert_eq!(stdout(&output), summary(362_880, 0, 0, 0));
    assert_eq!(output.status.code(), Some(0));

    // The same answers with a detour (the last move undone and redone)
    // still reach the goal: accepted, but not where only shortest counts.
    let detoured: String = answers
        .lines()
        .map(|line| match line.bytes().last() {
            Some(last @ (b'u' | b'd' | b'l' | b'r')) => {
                let undo = match last {
                    b'u' => 'd',
                    b'd' => 'u',
                    b'l' => 'r',
                    _ => 'l',
                };
                format!("{line}{undo}{}\n", char::from(last))
            }
            _ => format!("{line}\n"),
        })
        .collect();
    let output = run(&["verify", "--quiet", puzzle_file, "-"], detoured.clone());
    assert_eq!(stdout(&output), summary(362_880, 0, 0, 0));
    let output = run(
        &["verify", "--optimal", "--quiet", puzzle_file, "-"],
        detoured,
    );
    // Every solvable puzzle but the goal itself now has a detour.
    assert_eq!(stdout(&output), summary(181_441, 181_439, 0, 0));
    assert_eq!(output.status.code(), Some(1));
}
