//! `--judge` presets through the real binary: every judge's sample byte for
//! byte, the framing of counted inputs, what a broken frame does, and which
//! flags a preset refuses.

use crate::messages::{
    at, count_exceeded, count_short, empty_input, in_file, no_goal_line, not_a_count, notice,
    tile_count, CONFLICT,
};
use crate::util::{cells, eight, play, run, scratch, stderr, stdout};

/// POJ 1077's sample puzzle, 19 moves from the goal.
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

#[test]
fn every_preset_reproduces_its_judge_sample() {
    let hdu_in = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    let cases = [
        ("luogu1379", "283104765\n", "4\n"),
        ("acwing845", "2  3  4  1  5  x  7  6  8\n", "19\n"),
        ("hdu3567", hdu_in, "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n"),
    ];
    for (judge, input, want) in cases {
        let output = run(&["--judge", judge], input);
        assert_eq!(stdout(&output), want, "{judge}");
        assert_eq!(stderr(&output), "", "{judge}");
        assert!(output.status.success(), "{judge}");
    }
}

#[test]
fn poj_and_uva_samples_get_one_shortest_solution() {
    // Both judges take any shortest solution, so the sample's own string
    // (ullddrurdllurdruldr) is one right answer of several.
    let uva_in = format!("1\n\n{SAMPLE}\n");
    for (judge, input) in [("poj1077", format!("{SAMPLE}\n")), ("uva652", uva_in)] {
        let output = run(&["--judge", judge], input);
        assert!(output.status.success(), "{judge}");
        let text = stdout(&output);
        let moves = text.strip_suffix('\n').expect("one line");
        assert!(!moves.contains('\n'), "{judge}: {text:?}");
        assert_eq!(moves.len(), 19, "{judge}: {text:?}");
        assert_eq!(play(&cells(SAMPLE), moves), Some(cells("12345678x")));
    }
}

#[test]
fn poj1077_is_the_default_behaviour() {
    let input =
        format!("{SAMPLE}\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n1 2 9\n8 6 7 2 5 4 3 x 1\n");
    let plain = run(&[], input.clone());
    let preset = run(&["--judge", "poj1077"], input);
    assert_eq!(preset.stdout, plain.stdout);
    assert_eq!(preset.stderr, plain.stderr);
    assert_eq!(preset.status.code(), Some(1));
    assert_eq!(plain.status.code(), Some(1));
}

#[test]
fn uva652_separates_answers_by_one_blank_line() {
    let input = "3\n\n1 2 3 4 5 6 7 8 x\n\n2 1 3 4 5 6 7 8 x\n\n1 2 3 4 5 6 7 x 8\n";
    let output = run(&["--judge", "uva652"], input);
    assert_eq!(stdout(&output), "\n\nunsolvable\n\nr\n");
    assert!(output.status.success());
}

#[test]
fn hdu3567_numbers_every_case_whatever_its_answer() {
    let input = "3\n12345678X\n12345678X\n12345678X\n21345678X\n1234X\n12345678X\n";
    let output = run(&["--judge", "hdu3567"], input);
    assert_eq!(
        stdout(&output),
        "Case 1: 0\n\nCase 2: unsolvable\nCase 3: invalid\n"
    );
    assert_eq!(stderr(&output), notice(&at(6, 3, &tile_count(5))));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn luogu1379_solves_towards_its_own_goal() {
    let output = run(
        &["--judge", "luogu1379"],
        "123804765\n123084765\n213804765\n",
    );
    assert_eq!(stdout(&output), "0\n1\n-1\n");
}

#[test]
fn a_broken_frame_is_an_error_naming_the_line_after_the_cases_before_it() {
    let cases: &[(&str, &str, &str, String)] = &[
        (
            "uva652",
            "",
            "",
            notice(&empty_input("the number of cases")),
        ),
        (
            "uva652",
            &format!("one\n\n{SAMPLE}\n"),
            "",
            notice(&not_a_count(1, "'one'")),
        ),
        (
            "hdu3567",
            &format!("{SAMPLE}\n"),
            "",
            notice(&not_a_count(1, &format!("'{SAMPLE}'"))),
        ),
        (
            "uva652",
            "3\n\n12345678x\n\n1234567x8\n",
            "\n\nr\n",
            notice(&count_short(1, 3, 2)),
        ),
        (
            "uva652",
            "1\n\n1234567x8\n\n12345678x\n",
            "r\n",
            notice(&count_exceeded(5, 1, 1)),
        ),
        (
            "hdu3567",
            "2\n12X453786\n12345678X\n564178X23\n",
            "Case 1: 2\ndd\n",
            notice(&no_goal_line(4, 2)),
        ),
        (
            "hdu3567",
            "1\n12X453786\n12345678X\n564178X23\n7568X4123\n",
            "Case 1: 2\ndd\n",
            notice(&count_exceeded(4, 1, 1)),
        ),
    ];
    for (judge, input, want_out, want_err) in cases {
        let output = run(&["--judge", judge], *input);
        assert_eq!(stdout(&output), *want_out, "{judge} {input:?}");
        assert_eq!(stderr(&output), *want_err, "{judge} {input:?}");
        assert_eq!(output.status.code(), Some(1), "{judge} {input:?}");
    }
}

#[test]
fn a_huge_count_with_few_cases_ends_at_once() {
    let output = run(&["--judge", "uva652"], "18446744073709551615\n12345678x\n");
    assert_eq!(stdout(&output), "\n");
    assert_eq!(stderr(&output), notice(&count_short(1, u64::MAX, 1)));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn each_file_is_a_frame_of_its_own() {
    let broken = scratch("judge-broken", "2\n12X453786\n12345678X\n");
    let good = scratch("judge-good", "1\n564178X23\n7568X4123\n");
    let output = eight()
        .arg("--judge")
        .arg("hdu3567")
        .arg(&broken)
        .arg(&good)
        .output()
        .expect("eight runs");
    let _ = std::fs::remove_file(&broken);
    let _ = std::fs::remove_file(&good);
    assert_eq!(stdout(&output), "Case 1: 2\ndd\nCase 1: 8\nurrulldr\n");
    let want = notice(&in_file(&broken, &count_short(1, 2, 1)));
    assert_eq!(stderr(&output), want);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_preset_refuses_the_flags_it_fixes_but_takes_an_algorithm() {
    for flags in [&["--goal", "123804765"][..], &["--format", "count"]] {
        let output = run(
            &[&["--judge", "acwing845"], flags].concat(),
            format!("{SAMPLE}\n"),
        );
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert!(stdout(&output).is_empty(), "{flags:?}");
        assert!(
            stderr(&output).contains(CONFLICT),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
    // --lexmin changes nothing, so a preset takes it too.
    let output = run(&["--judge", "acwing845", "--lexmin"], format!("{SAMPLE}\n"));
    assert_eq!(stdout(&output), "19\n");
    let input = "1\n564178X23\n7568X4123\n";
    for algorithm in ["auto", "bibfs", "table"] {
        let output = run(&["--judge", "hdu3567", "--algorithm", algorithm], input);
        assert_eq!(stdout(&output), "Case 1: 8\nurrulldr\n", "{algorithm}");
    }
}

#[test]
fn help_lists_every_preset() {
    let output = run(&["--help"], "");
    let help = stdout(&output);
    for judge in ["poj1077", "uva652", "luogu1379", "acwing845", "hdu3567"] {
        assert!(help.contains(judge), "{judge} missing from --help");
    }
}
