//! `eight gen --judge`: each preset's test file has its judge's layout,
//! `eight --judge` reads it back, its puzzles are at the distance asked for
//! from the right goal (by the oracle's own BFS), HDU 3567's pairs never
//! repeat, seeds reproduce, and the refusals.

use std::collections::{HashMap, HashSet};

use crate::messages::{
    beyond_the_maximum, promises_solvable, too_many, too_many_pairs, usage_error, CONFLICT,
    GEN_USAGE,
};
use crate::util::{cells, distances, play, run, stderr, stdout, Cells};

const PRESETS: [&str; 5] = ["poj1077", "uva652", "luogu1379", "acwing845", "hdu3567"];

/// Runs `eight gen --judge JUDGE ARGS`, expecting success, and returns the
/// file it wrote.
fn generate(judge: &str, args: &[&str]) -> String {
    let output = run(&[&["gen", "--judge", judge], args].concat(), "");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{judge}: {}",
        stderr(&output)
    );
    assert_eq!(
        stderr(&output),
        "",
        "{judge}: a given seed is not announced"
    );
    stdout(&output)
}

/// The cases of `judge`'s input `text`, each a start and its goal, read by
/// the judge's own layout and nothing looser: a line out of place fails.
fn cases(judge: &str, text: &str) -> Vec<(Cells, Cells)> {
    let lines: Vec<&str> = text.lines().collect();
    let tokens = |line: &str| {
        let bytes = line.as_bytes();
        assert_eq!(bytes.len(), 17, "{judge}: {line:?}");
        assert!(
            bytes.iter().skip(1).step_by(2).all(|&b| b == b' '),
            "{line:?}"
        );
        assert!(bytes.contains(&b'x'), "{judge}: {line:?}");
        cells(line)
    };
    let compact = |line: &str, blank: char| {
        assert_eq!(line.len(), 9, "{judge}: {line:?}");
        assert!(line.contains(blank), "{judge}: {line:?}");
        cells(line)
    };
    let count = |lines: &[&str]| -> usize { lines[0].parse().expect("a count line") };
    let poj_goal = cells("12345678x");
    match judge {
        "poj1077" | "acwing845" => lines.iter().map(|l| (tokens(l), poj_goal)).collect(),
        "luogu1379" => {
            let goal = cells("123804765");
            lines.iter().map(|l| (compact(l, '0'), goal)).collect()
        }
        "uva652" => {
            let n = count(&lines);
            assert_eq!(lines.len(), 1 + 2 * n, "{text:?}");
            let body = &lines[1..];
            assert!(body.iter().step_by(2).all(|l| l.is_empty()), "{text:?}");
            body.iter()
                .skip(1)
                .step_by(2)
                .map(|l| (tokens(l), poj_goal))
                .collect()
        }
        "hdu3567" => {
            let n = count(&lines);
            assert_eq!(lines.len(), 1 + 2 * n, "{text:?}");
            lines[1..]
                .chunks(2)
                .map(|pair| (compact(pair[0], 'X'), compact(pair[1], 'X')))
                .collect()
        }
        _ => unreachable!("{judge}"),
    }
}

/// The shortest distance from each case's start to its goal that
/// `eight --judge JUDGE` prints for `input` (`None` for unsolvable), having
/// checked that it answers every case and that its moves reach the goal.
fn solve(judge: &str, input: &str, cases: &[(Cells, Cells)]) -> Vec<Option<usize>> {
    let output = run(&["--judge", judge], input);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{judge}: {}",
        stderr(&output)
    );
    assert_eq!(stderr(&output), "", "{judge}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let moves = |(start, goal): &(Cells, Cells), line: &str| match line {
        "unsolvable" => None,
        moves => {
            assert_eq!(play(start, moves), Some(*goal), "{judge}: {moves}");
            Some(moves.len())
        }
    };
    let count = |line: &str| match line {
        "-1" | "unsolvable" => None,
        n => Some(n.parse::<usize>().expect("a number of moves")),
    };
    let answers: Vec<Option<usize>> = match judge {
        "poj1077" => {
            assert_eq!(lines.len(), cases.len(), "{text:?}");
            cases.iter().zip(&lines).map(|(c, l)| moves(c, l)).collect()
        }
        "uva652" => {
            assert_eq!(lines.len(), 2 * cases.len() - 1, "{text:?}");
            assert!(lines.iter().skip(1).step_by(2).all(|l| l.is_empty()));
            let answers = lines.iter().step_by(2);
            cases
                .iter()
                .zip(answers)
                .map(|(c, l)| moves(c, l))
                .collect()
        }
        "luogu1379" | "acwing845" => lines.iter().map(|l| count(l)).collect(),
        "hdu3567" => {
            let mut answers = Vec::new();
            for (k, case) in cases.iter().enumerate() {
                let head = lines[2 * k]
                    .strip_prefix(&format!("Case {}: ", k + 1))
                    .expect("a case line");
                let length = count(head);
                assert_eq!(moves(case, lines[2 * k + 1]), length, "{judge}: case {k}");
                answers.push(length);
            }
            assert_eq!(lines.len(), 2 * cases.len(), "{text:?}");
            answers
        }
        _ => unreachable!("{judge}"),
    };
    assert_eq!(answers.len(), cases.len(), "{judge}: {text:?}");
    answers
}

/// The oracle's distances, one BFS per blank cell: every goal is renamed
/// to the tiles in order around its blank, and its start with it.
#[derive(Default)]
struct Oracle {
    by_blank: HashMap<usize, &'static HashMap<Cells, u8>>,
}

impl Oracle {
    fn distance(&mut self, start: &Cells, goal: &Cells) -> Option<u8> {
        let blank = goal.iter().position(|&c| c == 0).expect("a blank");
        let mut name = [0; 9];
        let mut canonical = [0; 9];
        let mut next = 1;
        for (cell, &tile) in goal.iter().enumerate() {
            if cell != blank {
                name[usize::from(tile)] = next;
                canonical[cell] = next;
                next += 1;
            }
        }
        let renamed = start.map(|tile| name[usize::from(tile)]);
        let table = self
            .by_blank
            .entry(blank)
            .or_insert_with(|| distances(&canonical));
        table.get(&renamed).copied()
    }
}

#[test]
fn every_preset_reads_back_its_own_file_with_the_distances_asked_for() {
    let mut oracle = Oracle::default();
    for judge in PRESETS {
        let text = generate(judge, &["-n", "12", "--distance", "17", "--seed", "4"]);
        let cases = cases(judge, &text);
        assert_eq!(cases.len(), 12, "{judge}");
        for (start, goal) in &cases {
            assert_eq!(oracle.distance(start, goal), Some(17), "{judge}");
        }
        assert_eq!(solve(judge, &text, &cases), vec![Some(17); 12], "{judge}");
    }
}

#[test]
fn every_preset_reads_back_a_file_across_every_distance() {
    let mut oracle = Oracle::default();
    for judge in PRESETS {
        let text = generate(judge, &["-n", "40", "--seed", "9"]);
        let cases = cases(judge, &text);
        assert_eq!(cases.len(), 40, "{judge}");
        let want: Vec<Option<usize>> = cases
            .iter()
            .map(|(start, goal)| oracle.distance(start, goal).map(usize::from))
            .collect();
        assert!(want.iter().all(Option::is_some), "{judge}: all solvable");
        assert_eq!(solve(judge, &text, &cases), want, "{judge}");
    }
}

#[test]
fn unsolvable_puzzles_are_measured_to_the_presets_goal() {
    let mut oracle = Oracle::default();
    // Luogu P1379 and HDU 3567 promise solvable cases: see tests/robustness.rs.
    for judge in ["poj1077", "uva652", "acwing845"] {
        let text = generate(judge, &["-n", "10", "--unsolvable", "--seed", "2"]);
        let cases = cases(judge, &text);
        assert_eq!(cases.len(), 10, "{judge}");
        for (start, goal) in &cases {
            assert_eq!(oracle.distance(start, goal), None, "{judge}");
        }
        assert_eq!(solve(judge, &text, &cases), vec![None; 10], "{judge}");
    }
}

#[test]
fn luogu_distances_are_to_its_goal_whose_blank_is_in_the_centre() {
    // The centre's farthest arrangements are 30 moves away, and there are
    // 148 of them: ask for every one.
    let dist = distances(&cells("123804765"));
    let text = generate(
        "luogu1379",
        &["-n", "148", "--distance", "30", "--seed", "1"],
    );
    let puzzles: HashSet<Cells> = cases("luogu1379", &text).iter().map(|c| c.0).collect();
    let want: HashSet<Cells> = dist
        .iter()
        .filter(|&(_, &d)| d == 30)
        .map(|(&p, _)| p)
        .collect();
    assert_eq!(puzzles, want);
    let output = run(&["gen", "--judge", "luogu1379", "--distance", "31"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &beyond_the_maximum(31, 30, "1238x4765"))
    );
}

#[test]
fn hdu3567_goals_come_from_all_arrangements() {
    let text = generate("hdu3567", &["-n", "300", "--seed", "6"]);
    let cases = cases("hdu3567", &text);
    let blanks: HashSet<usize> = cases
        .iter()
        .map(|(_, goal)| goal.iter().position(|&c| c == 0).expect("a blank"))
        .collect();
    assert_eq!(blanks.len(), 9, "every blank cell: {blanks:?}");
    // Half of all goals cannot be reached from 12345678x: some of those are
    // drawn too.
    let from_standard = distances(&cells("12345678x"));
    let reachable = cases
        .iter()
        .filter(|(_, goal)| from_standard.contains_key(goal))
        .count();
    assert!((100..200).contains(&reachable), "{reachable} of 300");
    let goals: HashSet<Cells> = cases.iter().map(|c| c.1).collect();
    assert!(goals.len() > 290, "{} distinct goals", goals.len());
}

#[test]
fn hdu3567_never_repeats_a_pair_even_when_it_takes_them_all() {
    // Only the corners and edges are 31 moves from anything, from 2
    // arrangements each: 8 cells * 8! goals * 2 = 645,120 pairs.
    let output = run(
        &[
            "gen",
            "--judge",
            "hdu3567",
            "-n",
            "645121",
            "--distance",
            "31",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &too_many_pairs(645_121, 31, 645_120))
    );
    let text = generate(
        "hdu3567",
        &["-n", "645120", "--distance", "31", "--seed", "3"],
    );
    let cases = cases("hdu3567", &text);
    let unique: HashSet<(Cells, Cells)> = cases.iter().copied().collect();
    assert_eq!(unique.len(), 645_120);
    let centre = cases.iter().filter(|(_, goal)| goal[4] == 0).count();
    assert_eq!(centre, 0, "nothing is 31 moves from a centre goal");
}

#[test]
fn the_same_seed_gives_the_same_file_and_others_differ() {
    for judge in PRESETS {
        let args = ["-n", "20", "--distance", "10..25", "--seed"];
        let first = generate(judge, &[&args[..], &["12345"]].concat());
        let again = generate(judge, &[&args[..], &["12345"]].concat());
        let other = generate(judge, &[&args[..], &["12346"]].concat());
        assert_eq!(first, again, "{judge}");
        assert_ne!(first, other, "{judge}");
    }
}

#[test]
fn a_seed_means_the_same_hdu3567_cases_in_every_build() {
    // Pinned output, as for plain `gen`: it changes only if ChaCha8,
    // seed_from_u64 or the draw does, and then old seeds stop repeating.
    let text = generate("hdu3567", &["-n", "3", "--distance", "10", "--seed", "1"]);
    assert_eq!(
        text,
        "3\n46283175X\nX46712385\n3478X2651\nX47365182\n8731X4652\n7238X5164\n"
    );
}

#[test]
fn poj1077_writes_what_plain_gen_writes() {
    let args = ["-n", "30", "--distance", "5..25", "--seed", "8"];
    let plain = run(&[&["gen"], &args[..]].concat(), "");
    assert_eq!(generate("poj1077", &args), stdout(&plain));
    assert_eq!(generate("acwing845", &args), stdout(&plain));
}

#[test]
fn no_cases_is_a_count_of_zero_where_the_judge_counts() {
    for (judge, want) in [("poj1077", ""), ("uva652", "0\n"), ("hdu3567", "0\n")] {
        let text = generate(judge, &["-n", "0", "--seed", "1"]);
        assert_eq!(text, want, "{judge}");
        assert_eq!(run(&["--judge", judge], text).status.code(), Some(0));
    }
}

#[test]
fn refusals_are_usage_errors_that_say_why() {
    let output = run(&["gen", "--judge", "hdu3567", "--unsolvable"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &promises_solvable("HDU 3567"))
    );
    let output = run(&["gen", "--judge", "hdu3567", "--distance", "20..32"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &beyond_the_maximum(32, 31, "any goal"))
    );
    let output = run(
        &["gen", "--judge", "uva652", "-n", "3", "--distance", "31"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &too_many(3, "at distance 31 from 12345678x", 2))
    );
    for flags in [
        &["--goal", "123804765"][..],
        &["--style", "compact"],
        &["--style", "tokens"],
    ] {
        let output = run(&[&["gen", "--judge", "luogu1379"], flags].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert_eq!(stdout(&output), "", "{flags:?}");
        assert!(
            stderr(&output).contains(CONFLICT),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
    let output = run(&["gen", "--judge", "hdu"], "");
    assert_eq!(output.status.code(), Some(2));
}
