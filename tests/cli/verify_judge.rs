//! `eight verify --judge`: every preset accepts the answers `eight --judge`
//! gives, with the lengths the oracle knows; each rejection has its exact
//! message; broken frames and refused flags; and HDU 3567's one right
//! answer against the oracle's own first shortest path in letter order.

use std::collections::HashMap;
use std::process::Output;

use crate::messages::{
    self, at, claimed_unsolvable, count_exceeded, count_for_unsolvable, count_short,
    ends_elsewhere, in_file, invalid_puzzle, no_goal_line, not_a_case_line, not_a_count,
    not_a_move, not_a_number, not_first, not_optimal, notice, off_the_board, shortest, summary,
    verdict, wrong_case, wrong_count, JUDGE_OR_GOAL, NO_ANSWER, NO_MOVES_LINE, UNSOLVABLE,
};
use crate::util::{
    cells, distances, eight, greedy_path, random_arrangement, run, scratch, stderr, stdout, text,
    Cells,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Runs `eight verify --judge JUDGE PUZZLES ANSWERS FLAGS` on two scratch
/// files.
fn verify(judge: &str, name: &str, puzzles: &str, answers: &str, flags: &[&str]) -> Output {
    let puzzles = scratch(&format!("verify-judge-{name}-puzzles"), puzzles);
    let answers = scratch(&format!("verify-judge-{name}-answers"), answers);
    eight()
        .args(["verify", "--judge", judge])
        .arg(&puzzles)
        .arg(&answers)
        .args(flags)
        .output()
        .expect("eight runs")
}

/// Solves `puzzles` with `eight --judge JUDGE`, expecting success.
fn solve(judge: &str, puzzles: &str) -> String {
    let output = run(&["--judge", judge], puzzles);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
}

/// `eight gen ARGS`, one compact puzzle per line.
fn generate(args: &[&str]) -> Vec<String> {
    let output = run(&[&["gen", "--style", "compact"], args].concat(), "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output).lines().map(String::from).collect()
}

/// Random puzzles solvable towards `goal`, unsolvable ones, and the goal
/// itself.
fn mixed_puzzles(goal: &str, seed: u64) -> Vec<String> {
    let seed = seed.to_string();
    let mut puzzles = generate(&["-n", "12", "--goal", goal, "--seed", &seed]);
    puzzles.extend(generate(&[
        "-n",
        "3",
        "--distance",
        "0..3",
        "--goal",
        goal,
        "--seed",
        &seed,
    ]));
    puzzles.extend(generate(&[
        "-n",
        "3",
        "--unsolvable",
        "--goal",
        goal,
        "--seed",
        &seed,
    ]));
    puzzles.push(goal.to_string());
    puzzles
}

/// The verdict every puzzle should get when answered right: its length by
/// the oracle, or unsolvable.
fn expected_verdicts(puzzles: &[String], goal: &str) -> String {
    let dist = distances(&cells(goal));
    let mut want = String::new();
    for (number, puzzle) in (1..).zip(puzzles) {
        let text = match dist.get(&cells(puzzle)) {
            Some(&d) => shortest(usize::from(d)),
            None => UNSOLVABLE.to_string(),
        };
        want += &verdict(number, &text);
    }
    want + &summary(puzzles.len(), 0, 0, 0)
}

#[test]
fn every_line_per_puzzle_preset_accepts_the_solvers_answers() {
    for (judge, goal) in [
        ("poj1077", "12345678x"),
        ("acwing845", "12345678x"),
        ("luogu1379", "1238x4765"),
    ] {
        let puzzles = mixed_puzzles(goal, 7);
        // Luogu writes its blank as 0; every preset reads any spelling.
        let input: String = puzzles.iter().map(|p| p.replace('x', "0") + "\n").collect();
        let answers = solve(judge, &input);
        let output = verify(judge, judge, &input, &answers, &[]);
        assert_eq!(
            stdout(&output),
            expected_verdicts(&puzzles, goal),
            "{judge}"
        );
        assert_eq!(stderr(&output), "", "{judge}");
        assert_eq!(output.status.code(), Some(0), "{judge}");
    }
}

#[test]
fn every_preset_accepts_the_solvers_answers_to_a_generated_test_file() {
    for judge in ["poj1077", "uva652", "luogu1379", "acwing845", "hdu3567"] {
        let output = run(&["gen", "--judge", judge, "-n", "40", "--seed", "11"], "");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let puzzles = stdout(&output);
        let answers = solve(judge, &puzzles);
        let output = verify(
            judge,
            &format!("gen-{judge}"),
            &puzzles,
            &answers,
            &["--quiet"],
        );
        assert_eq!(stdout(&output), summary(40, 0, 0, 0), "{judge}");
        assert_eq!(output.status.code(), Some(0), "{judge}");
    }
}

#[test]
fn a_byte_order_mark_before_the_answers_is_ignored_in_every_layout() {
    // The solver's answers with a mark in front, as an editor saves them:
    // moves, UVa 652's spaced moves, counts, HDU 3567's case lines and
    // POJ 2893's YES/NO, each with a mark before the puzzles too.
    let layouts: [(&[&str], &str, usize); 6] = [
        (&[], "2 3 4 1 5 x 7 6 8\n12345678x\n", 2),
        (&["--size", "2x3"], "1 2 3 4 x 5\n4 1 2 5 x 3\n", 2),
        (&["--judge", "uva652"], "2\n\n12345678x\n\n1234567x8\n", 2),
        (&["--judge", "acwing845"], "2 3 4 1 5 x 7 6 8\n", 1),
        (
            &["--judge", "hdu3567"],
            "2\n12345678x\n1234567x8\n12345678x\n12345678x\n",
            2,
        ),
        (
            &["--judge", "poj2893"],
            "2 2\n1 2\n0 3\n2 2\n2 1\n3 0\n0 0\n",
            2,
        ),
    ];
    for (flags, puzzles, cases) in layouts {
        let answers = stdout(&run(flags, puzzles));
        for (mark_puzzles, mark_answers) in [("", "\u{feff}"), ("\u{feff}", "\u{feff}")] {
            let name = format!("bom-{}-{}", flags.join(""), mark_puzzles.len());
            let puzzles = scratch(
                &format!("{name}-puzzles"),
                format!("{mark_puzzles}{puzzles}"),
            );
            let answers = scratch(
                &format!("{name}-answers"),
                format!("{mark_answers}{answers}"),
            );
            let output = eight()
                .arg("verify")
                .args(flags)
                .arg("--quiet")
                .arg(&puzzles)
                .arg(&answers)
                .output()
                .expect("eight runs");
            assert_eq!(stdout(&output), summary(cases, 0, 0, 0), "{name}");
            assert_eq!(stderr(&output), "", "{name}");
            assert_eq!(output.status.code(), Some(0), "{name}");
        }
    }
}

#[test]
fn uva652_accepts_the_solvers_answers_and_any_blank_lines_between() {
    let puzzles = mixed_puzzles("12345678x", 8);
    let mut input = format!("{}\n", puzzles.len());
    for puzzle in &puzzles {
        input += &format!("\n{puzzle}\n");
    }
    let answers = solve("uva652", &input);
    assert!(answers.contains("\n\n"), "{answers}");
    let want = expected_verdicts(&puzzles, "12345678x");
    // As the solver wrote them, then with blank lines to spare between
    // the answers, before the first and after the last.
    let spaced = format!("\n\n{}\n\n", answers.replace("\n\n", "\n\n\n\n"));
    for (name, answers) in [("as-written", answers.clone()), ("spaced", spaced)] {
        let output = verify("uva652", name, &input, &answers, &["--optimal"]);
        assert_eq!(stdout(&output), want, "{name}");
        assert_eq!(output.status.code(), Some(0), "{name}");
    }
}

#[test]
fn uva652_reports_a_missing_answer() {
    let input = "3\n\n1 2 3 4 5 6 7 x 8\n\n1 2 3 4 5 6 x 7 8\n\n2 1 3 4 5 6 7 8 x\n";
    let output = verify("uva652", "missing", input, "r\n\n\n\nrr\n\n\n", &[]);
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(1)),
            verdict(2, &shortest(2)),
            verdict(3, NO_ANSWER),
            summary(2, 1, 0, 0),
        ]
        .concat()
    );
    assert_eq!(output.status.code(), Some(1));
    // A puzzle at its goal is answered by a blank line of its own: without
    // it, the next answer stands in its place.
    let input = "2\n12345678x\n1234567x8\n";
    let output = verify("uva652", "at-goal", input, "r\n", &[]);
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &off_the_board(1, 'r')),
            verdict(2, NO_ANSWER),
            summary(0, 2, 0, 0),
        ]
        .concat()
    );
}

#[test]
fn counts_are_accepted_only_when_they_are_the_shortest() {
    let puzzles = "2 3 4 1 5 x 7 6 8\n".repeat(6) + "2 1 3 4 5 6 7 8 x\n";
    let answers = "19\n18\n-1\nnineteen\n\n 19 \n19\n";
    let output = verify("acwing845", "counts", &puzzles, answers, &[]);
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(19)),
            verdict(2, &wrong_count(18, 19)),
            verdict(3, &claimed_unsolvable(19)),
            verdict(4, &not_a_number("'nineteen'")),
            verdict(5, &not_a_number("an empty line")),
            verdict(6, &shortest(19)),
            verdict(7, &count_for_unsolvable(19)),
            summary(2, 5, 0, 0),
        ]
        .concat()
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn luogu1379_counts_towards_its_own_goal_and_optimal_changes_nothing() {
    // 4 moves from 123804765; from the usual goal it is unsolvable.
    let answers = "4\n";
    for flags in [&[][..], &["--optimal"]] {
        let output = verify("luogu1379", "luogu", "283104765\n", answers, flags);
        assert_eq!(
            stdout(&output),
            verdict(1, &shortest(4)) + &summary(1, 0, 0, 0),
            "{flags:?}"
        );
    }
    let output = verify("acwing845", "not-luogu", "283104765\n", answers, &[]);
    assert_eq!(
        stdout(&output),
        verdict(1, &count_for_unsolvable(4)) + &summary(0, 1, 0, 0)
    );
}

#[test]
fn every_hdu3567_rejection_names_what_is_wrong() {
    // Case k's start is 1234x8765, six moves from the goal by druldr (the
    // first in letter order) or rdlurd; the last case is unsolvable.
    let two_ways = "1234x8765\n12345678x\n";
    let answers_and_verdicts = [
        ("Case 1: 6\ndruldr\n", shortest(6)),
        ("Case 2: 6\nrdlurd\n", not_first("druldr")),
        ("Case 2: 6\ndruldr\n", wrong_case(2, 3)),
        ("case 4: 6\n", not_a_case_line(4, "case 4: 6")),
        ("Case 5: 8\ndruldrlr\n", wrong_count(8, 6)),
        ("Case 6: unsolvable\n", claimed_unsolvable(6)),
        (
            "Case 7: 6\ndruldl\n",
            ends_elsewhere("123456x78", "12345678x"),
        ),
        ("Case 8: 6\ndruldrr\n", off_the_board(7, 'r')),
        ("Case 9: 6\ndrul-dr\n", not_a_move(5, '-')),
        ("Case 10: 6\ndruldrlr\n", not_optimal(8, 6)),
    ];
    let mut puzzles = format!("{}\n", answers_and_verdicts.len() + 2);
    let mut answers = String::new();
    let mut want = String::new();
    for (number, (answer, text)) in (1..).zip(answers_and_verdicts) {
        puzzles += two_ways;
        answers += answer;
        want += &verdict(number, &text);
    }
    puzzles += "21345678x\n12345678x\n";
    answers += "Case 11: 3\nlll\n";
    want += &verdict(11, &count_for_unsolvable(3));
    puzzles += two_ways;
    answers += "Case 12: 6\n";
    want += &verdict(12, NO_MOVES_LINE);
    want += &summary(1, 11, 0, 0);
    let output = verify("hdu3567", "hdu-rejections", &puzzles, &answers, &[]);
    assert_eq!(stdout(&output), want);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn hdu3567_accepts_its_sample_and_knows_unsolvable_and_invalid_cases() {
    let puzzles =
        "4\n12X453786\n12345678X\n564178X23\n7568X4123\n21345678x\n12345678x\n1 2 9\n12345678x\n";
    let answers = solve_expecting_invalid(puzzles);
    assert_eq!(
        answers,
        "Case 1: 2\ndd\nCase 2: 8\nurrulldr\nCase 3: unsolvable\nCase 4: invalid\n"
    );
    let output = verify("hdu3567", "hdu-sample", puzzles, &answers, &[]);
    // HDU 3567 writes the blank as `X`.
    let hdu_not_a_tile = crate::messages::not_a_tile_spelled("'9'", 8, 'X');
    assert_eq!(
        stdout(&output),
        [
            verdict(1, &shortest(2)),
            verdict(2, &shortest(8)),
            verdict(3, UNSOLVABLE),
            verdict(4, &invalid_puzzle(8, &hdu_not_a_tile)),
            summary(3, 0, 1, 0),
        ]
        .concat()
    );
    let want = format!(
        "verify-judge-hdu-sample-puzzles: {}\n",
        at(8, 4, &hdu_not_a_tile)
    );
    assert!(stderr(&output).ends_with(&want), "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(1));
}

/// `eight --judge hdu3567` on input with an invalid case: exit 1.
fn solve_expecting_invalid(puzzles: &str) -> String {
    let output = run(&["--judge", "hdu3567"], puzzles);
    assert_eq!(output.status.code(), Some(1));
    stdout(&output)
}

#[test]
fn a_broken_frame_is_reported_after_the_verdicts_before_it() {
    let cases = [
        (
            "uva652",
            "3\n\n1234567x8\n\n123456x78\n",
            "r\n\nrr\n\nextra\n",
            [
                verdict(1, &shortest(1)),
                verdict(2, &shortest(2)),
                summary(2, 0, 0, 0),
            ]
            .concat(),
            count_short(1, 3, 2),
        ),
        (
            "uva652",
            "1\n1234567x8\n123456x78\n",
            "r\n",
            verdict(1, &shortest(1)) + &summary(1, 0, 0, 0),
            count_exceeded(3, 1, 1),
        ),
        (
            "hdu3567",
            "2\n12X453786\n12345678X\n564178X23\n",
            "Case 1: 2\ndd\n",
            verdict(1, &shortest(2)) + &summary(1, 0, 0, 0),
            no_goal_line(4, 2),
        ),
        (
            "hdu3567",
            "12X453786\n12345678X\n",
            "Case 1: 2\ndd\n",
            summary(0, 0, 0, 0),
            not_a_count(1, "'12X453786'"),
        ),
    ];
    for (number, (judge, puzzles, answers, want_out, want_err)) in cases.into_iter().enumerate() {
        let name = format!("broken-{number}");
        let output = verify(judge, &name, puzzles, answers, &[]);
        assert_eq!(stdout(&output), want_out, "{judge} {puzzles:?}");
        let label = scratch(&format!("verify-judge-{name}-puzzles"), puzzles);
        assert_eq!(
            stderr(&output),
            notice(&in_file(&label, &want_err)),
            "{judge} {puzzles:?}"
        );
        assert_eq!(output.status.code(), Some(1), "{judge} {puzzles:?}");
    }
}

#[test]
fn a_judge_replaces_the_goal_so_the_two_cannot_be_given() {
    let puzzles = scratch("verify-judge-conflict-puzzles", "283104765\n");
    let output = eight()
        .args(["verify", "--judge", "luogu1379", "--goal", "123804765"])
        .arg(&puzzles)
        .arg(&puzzles)
        .output()
        .expect("eight runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains(JUDGE_OR_GOAL),
        "{}",
        stderr(&output)
    );
    let output = run(&["verify", "--judge", "codeforces", "-", "answers"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn help_says_what_each_judge_accepts() {
    let help = stdout(&run(&["verify", "--help"], ""));
    for words in [
        "answers as poj1077's with a blank line between them",
        "Luogu P1379: nine digits, 0 the blank, goal 123804765, every case solvable; the number of moves",
        "acwing845: AcWing 845: POJ 1077 input; the number of moves, or -1",
        "\"Case k: n\" and the first shortest solution in ASCII order",
        "--optimal is implied",
    ] {
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(words), "{words:?} missing from:\n{help}");
    }
}

#[test]
fn hdu3567_wants_the_oracles_first_path_over_hundreds_of_random_cases() {
    // A few goals, with the blank in a corner, on an edge and in the middle.
    let goals: Vec<Cells> = ["12345678x", "x12345678", "1238x4765", "1x2345678"]
        .map(cells)
        .to_vec();
    let oracles: Vec<&HashMap<Cells, u8>> = goals.iter().map(distances).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x8_0077);
    let cases = 300;
    let mut puzzles = format!("{cases}\n");
    let mut first = String::new();
    let mut last = String::new();
    let mut not_first = String::new();
    let mut unsolvable = 0;
    let mut differ = 0;
    for case in 1..=cases {
        let which = (rng.next_u64() % goals.len() as u64) as usize;
        let (goal, dist) = (&goals[which], &oracles[which]);
        let start = random_arrangement(&mut rng);
        puzzles += &format!("{}\n{}\n", text(&start), text(goal));
        if !dist.contains_key(&start) {
            unsolvable += 1;
            first += &format!("Case {case}: unsolvable\n");
            last += &format!("Case {case}: unsolvable\n");
            not_first += &verdict(case, UNSOLVABLE);
            continue;
        }
        let lexmin = greedy_path(&start, dist, b"dlru").expect("solvable");
        let lexmax = greedy_path(&start, dist, b"urld").expect("solvable");
        assert_eq!(lexmin.len(), lexmax.len());
        first += &format!("Case {case}: {}\n{lexmin}\n", lexmin.len());
        last += &format!("Case {case}: {}\n{lexmax}\n", lexmax.len());
        let text = if lexmax == lexmin {
            shortest(lexmin.len())
        } else {
            differ += 1;
            messages::not_first(&lexmin)
        };
        not_first += &verdict(case, &text);
    }
    // Enough of each kind for the run to mean something.
    assert!(unsolvable > 100 && differ > 50, "{unsolvable} {differ}");

    // The solver's own answers are the oracle's, byte for byte.
    assert_eq!(solve("hdu3567", &puzzles), first);
    let output = verify("hdu3567", "random-first", &puzzles, &first, &["--quiet"]);
    assert_eq!(stdout(&output), summary(cases, 0, 0, 0));
    assert_eq!(output.status.code(), Some(0));

    // The last shortest path in letter order is rejected wherever it is not
    // also the first, naming the oracle's first.
    let output = verify("hdu3567", "random-last", &puzzles, &last, &[]);
    not_first += &summary(cases - differ, differ, 0, 0);
    assert_eq!(stdout(&output), not_first);
    assert_eq!(output.status.code(), Some(1));
}
