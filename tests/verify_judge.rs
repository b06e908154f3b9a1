//! `eight verify --judge`: every preset accepts the answers `eight --judge`
//! gives, with the lengths the oracle knows; each rejection has its exact
//! message; broken frames and refused flags; and HDU 3567's one right
//! answer against the oracle's own first shortest path in letter order.

mod util;

use std::collections::HashMap;
use std::process::Output;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use util::{
    cells, distances, eight, greedy_path, random_arrangement, run, scratch, stderr, stdout, text,
    Cells,
};

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
        let verdict = match dist.get(&cells(puzzle)) {
            Some(1) => "accepted: 1 move, shortest".to_string(),
            Some(d) => format!("accepted: {d} moves, shortest"),
            None => "accepted: unsolvable".to_string(),
        };
        want += &format!("puzzle {number}: {verdict}\n");
    }
    want + &format!("{} accepted, 0 rejected\n", puzzles.len())
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
        assert_eq!(stdout(&output), "40 accepted, 0 rejected\n", "{judge}");
        assert_eq!(output.status.code(), Some(0), "{judge}");
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
        "puzzle 1: accepted: 1 move, shortest\n\
         puzzle 2: accepted: 2 moves, shortest\n\
         puzzle 3: rejected: no answer line\n\
         2 accepted, 1 rejected\n"
    );
    assert_eq!(output.status.code(), Some(1));
    // A puzzle at its goal is answered by a blank line of its own: without
    // it, the next answer stands in its place.
    let input = "2\n12345678x\n1234567x8\n";
    let output = verify("uva652", "at-goal", input, "r\n", &[]);
    assert_eq!(
        stdout(&output),
        "puzzle 1: rejected: move 1 'r' leaves the board\n\
         puzzle 2: rejected: no answer line\n\
         0 accepted, 2 rejected\n"
    );
}

#[test]
fn counts_are_accepted_only_when_they_are_the_shortest() {
    let puzzles = "2 3 4 1 5 x 7 6 8\n".repeat(6) + "2 1 3 4 5 6 7 8 x\n";
    let answers = "19\n18\n-1\nnineteen\n\n 19 \n19\n";
    let output = verify("acwing845", "counts", &puzzles, answers, &[]);
    assert_eq!(
        stdout(&output),
        "puzzle 1: accepted: 19 moves, shortest\n\
         puzzle 2: rejected: 18, but the shortest is 19\n\
         puzzle 3: rejected: claimed unsolvable, but it is solved in 19 moves\n\
         puzzle 4: rejected: expected a number of moves or -1, found 'nineteen'\n\
         puzzle 5: rejected: expected a number of moves or -1, found an empty line\n\
         puzzle 6: accepted: 19 moves, shortest\n\
         puzzle 7: rejected: 19, but the puzzle is unsolvable\n\
         2 accepted, 5 rejected\n"
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
            "puzzle 1: accepted: 4 moves, shortest\n1 accepted, 0 rejected\n",
            "{flags:?}"
        );
    }
    let output = verify("acwing845", "not-luogu", "283104765\n", answers, &[]);
    assert_eq!(
        stdout(&output),
        "puzzle 1: rejected: 4, but the puzzle is unsolvable\n0 accepted, 1 rejected\n"
    );
}

#[test]
fn every_hdu3567_rejection_names_what_is_wrong() {
    // Case k's start is 1234x8765, six moves from the goal by druldr (the
    // first in letter order) or rdlurd; the last case is unsolvable.
    let two_ways = "1234x8765\n12345678x\n";
    let answers_and_verdicts = [
        ("Case 1: 6\ndruldr\n", "accepted: 6 moves, shortest"),
        (
            "Case 2: 6\nrdlurd\n",
            "rejected: a shortest solution, but not the first in ASCII order, which is druldr",
        ),
        (
            "Case 2: 6\ndruldr\n",
            "rejected: the case line says Case 2, but this is case 3",
        ),
        (
            "case 4: 6\n",
            "rejected: expected \"Case 4: n\", found 'case 4: 6'",
        ),
        (
            "Case 5: 8\ndruldrlr\n",
            "rejected: 8, but the shortest is 6",
        ),
        (
            "Case 6: unsolvable\n",
            "rejected: claimed unsolvable, but it is solved in 6 moves",
        ),
        (
            "Case 7: 6\ndruldl\n",
            "rejected: the moves end at 123456x78, not at the goal 12345678x",
        ),
        (
            "Case 8: 6\ndruldrr\n",
            "rejected: move 7 'r' leaves the board",
        ),
        (
            "Case 9: 6\ndrul-dr\n",
            "rejected: character 5 '-' is not a move (d, l, r or u)",
        ),
        (
            "Case 10: 6\ndruldrlr\n",
            "rejected: 8 moves, but the shortest is 6",
        ),
    ];
    let mut puzzles = format!("{}\n", answers_and_verdicts.len() + 2);
    let mut answers = String::new();
    let mut want = String::new();
    for (number, (answer, verdict)) in (1..).zip(answers_and_verdicts) {
        puzzles += two_ways;
        answers += answer;
        want += &format!("puzzle {number}: {verdict}\n");
    }
    puzzles += "21345678x\n12345678x\n";
    answers += "Case 11: 3\nlll\n";
    want += "puzzle 11: rejected: 3, but the puzzle is unsolvable\n";
    puzzles += two_ways;
    answers += "Case 12: 6\n";
    want += "puzzle 12: rejected: no moves line after the case line\n";
    want += "1 accepted, 11 rejected\n";
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
    assert_eq!(
        stdout(&output),
        "puzzle 1: accepted: 2 moves, shortest\n\
         puzzle 2: accepted: 8 moves, shortest\n\
         puzzle 3: accepted: unsolvable\n\
         puzzle 4: invalid puzzle: line 8: '9' is not a tile: expected 1-8 or a blank x\n\
         3 accepted, 0 rejected, 1 invalid\n"
    );
    assert!(
        stderr(&output).ends_with(
            "verify-judge-hdu-sample-puzzles: line 8 (puzzle 4): '9' is not a tile: expected 1-8 or a blank x\n"
        ),
        "{}",
        stderr(&output)
    );
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
            "puzzle 1: accepted: 1 move, shortest\n\
             puzzle 2: accepted: 2 moves, shortest\n\
             2 accepted, 0 rejected\n",
            "line 1: the count is 3 cases but the input ends after 2 cases",
        ),
        (
            "uva652",
            "1\n1234567x8\n123456x78\n",
            "r\n",
            "puzzle 1: accepted: 1 move, shortest\n1 accepted, 0 rejected\n",
            "line 3: more input than the 1 case counted on line 1",
        ),
        (
            "hdu3567",
            "2\n12X453786\n12345678X\n564178X23\n",
            "Case 1: 2\ndd\n",
            "puzzle 1: accepted: 2 moves, shortest\n1 accepted, 0 rejected\n",
            "line 4: case 2 has no goal line after its start",
        ),
        (
            "hdu3567",
            "12X453786\n12345678X\n",
            "Case 1: 2\ndd\n",
            "0 accepted, 0 rejected\n",
            "line 1: expected the number of cases, found '12X453786'",
        ),
    ];
    for (number, (judge, puzzles, answers, want_out, want_err)) in cases.into_iter().enumerate() {
        let name = format!("broken-{number}");
        let output = verify(judge, &name, puzzles, answers, &[]);
        assert_eq!(stdout(&output), want_out, "{judge} {puzzles:?}");
        let label = scratch(&format!("verify-judge-{name}-puzzles"), puzzles);
        assert_eq!(
            stderr(&output),
            format!("eight: {}: {want_err}\n", label.display()),
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
        stderr(&output).contains("'--judge <NAME>' cannot be used with '--goal <TILES>'"),
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
        "uva652: the same answers with blank lines between them",
        "luogu1379, acwing845: one number per line",
        "hdu3567: \"Case k: n\"",
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
    let oracles: Vec<HashMap<Cells, u8>> = goals.iter().map(distances).collect();
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
            not_first += &format!("puzzle {case}: accepted: unsolvable\n");
            continue;
        }
        let lexmin = greedy_path(&start, dist, b"dlru").expect("solvable");
        let lexmax = greedy_path(&start, dist, b"urld").expect("solvable");
        assert_eq!(lexmin.len(), lexmax.len());
        first += &format!("Case {case}: {}\n{lexmin}\n", lexmin.len());
        last += &format!("Case {case}: {}\n{lexmax}\n", lexmax.len());
        let verdict = if lexmax == lexmin {
            format!("accepted: {} moves, shortest", lexmin.len())
        } else {
            differ += 1;
            format!(
                "rejected: a shortest solution, but not the first in ASCII order, which is {lexmin}"
            )
        };
        not_first += &format!("puzzle {case}: {verdict}\n");
    }
    // Enough of each kind for the run to mean something.
    assert!(unsolvable > 100 && differ > 50, "{unsolvable} {differ}");

    // The solver's own answers are the oracle's, byte for byte.
    assert_eq!(solve("hdu3567", &puzzles), first);
    let output = verify("hdu3567", "random-first", &puzzles, &first, &["--quiet"]);
    assert_eq!(stdout(&output), format!("{cases} accepted, 0 rejected\n"));
    assert_eq!(output.status.code(), Some(0));

    // The last shortest path in letter order is rejected wherever it is not
    // also the first, naming the oracle's first.
    let output = verify("hdu3567", "random-last", &puzzles, &last, &[]);
    not_first += &format!("{} accepted, {differ} rejected\n", cases - differ);
    assert_eq!(stdout(&output), not_first);
    assert_eq!(output.status.code(), Some(1));
}
