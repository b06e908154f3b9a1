//! `eight gen`: every puzzle at the distance asked for (by the oracle's own
//! BFS), no repeats, seeds that reproduce, and the refusals.

use std::collections::{HashMap, HashSet};

use crate::messages::{self, beyond_the_maximum, too_many, usage_error, GEN_USAGE, PREFIX};
use crate::util::{cells, distances, run, stderr, stdout, Cells};

/// Runs `eight gen ARGS`, expecting success, and reads back its puzzles.
fn generate(args: &[&str]) -> Vec<Cells> {
    let mut full = vec!["gen"];
    full.extend_from_slice(args);
    let output = run(&full, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output).lines().map(cells).collect()
}

/// How many arrangements lie at each distance in `dist`.
fn histogram(dist: &HashMap<Cells, u8>) -> Vec<usize> {
    let mut counts = Vec::new();
    for &d in dist.values() {
        let d = usize::from(d);
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    counts
}

#[test]
fn every_puzzle_is_at_the_distance_asked_for() {
    let dist = distances(&cells("12345678x"));
    let counts = histogram(dist);
    for distance in [0, 1, 2, 5, 13, 20, 24, 29, 30, 31] {
        let n = counts[distance].min(40);
        let puzzles = generate(&[
            "-n",
            &n.to_string(),
            "--distance",
            &distance.to_string(),
            "--seed",
            "11",
        ]);
        assert_eq!(puzzles.len(), n);
        for puzzle in &puzzles {
            assert_eq!(dist.get(puzzle), Some(&(distance as u8)), "{puzzle:?}");
        }
    }
}

#[test]
fn a_range_keeps_to_its_ends_both_included() {
    let dist = distances(&cells("12345678x"));
    // Distances 3 to 5 hold 8 + 16 + 20 arrangements: ask for all of them.
    let puzzles = generate(&["-n", "44", "--distance", "3..5", "--seed", "2"]);
    let mut seen: Vec<u8> = puzzles.iter().map(|p| dist[p]).collect();
    seen.sort();
    let mut want = vec![3; 8];
    want.extend([4; 16]);
    want.extend([5; 20]);
    assert_eq!(seen, want);
}

#[test]
fn distances_are_measured_to_the_given_goal() {
    for goal in ["1234x5678", "8 x 6 5 4 7 2 3 1"] {
        let dist = distances(&cells(goal));
        let puzzles = generate(&["-n", "30", "--distance", "17", "--goal", goal]);
        assert_eq!(puzzles.len(), 30);
        assert!(puzzles.iter().all(|p| dist.get(p) == Some(&17)), "{goal}");
    }
}

#[test]
fn no_puzzle_is_printed_twice_in_one_run() {
    let dist = distances(&cells("12345678x"));
    // All 20 at distance 5: a repeat would leave one of them out.
    let puzzles = generate(&["-n", "20", "--distance", "5"]);
    let unique: HashSet<Cells> = puzzles.iter().copied().collect();
    let all: HashSet<Cells> = dist
        .iter()
        .filter(|&(_, &d)| d == 5)
        .map(|(&p, _)| p)
        .collect();
    assert_eq!(unique, all);
    assert_eq!(puzzles.len(), 20);

    let many = generate(&["-n", "5000", "--seed", "3"]);
    let unique: HashSet<Cells> = many.iter().copied().collect();
    assert_eq!(unique.len(), 5000);
    assert!(many.iter().all(|p| dist.contains_key(p)), "all solvable");
}

#[test]
fn unsolvable_puzzles_cannot_reach_the_goal() {
    let goal = "x 1 2 3 4 5 6 7 8";
    let dist = distances(&cells(goal));
    let puzzles = generate(&["-n", "300", "--unsolvable", "--goal", goal]);
    assert_eq!(puzzles.len(), 300);
    assert!(puzzles.iter().all(|p| !dist.contains_key(p)));
    let unique: HashSet<Cells> = puzzles.iter().copied().collect();
    assert_eq!(unique.len(), 300);
}

#[test]
fn the_same_seed_gives_the_same_puzzles_and_others_differ() {
    let with_seed = |seed| {
        run(
            &["gen", "-n", "50", "--distance", "10..25", "--seed", seed],
            "",
        )
    };
    let first = with_seed("12345");
    let again = with_seed("12345");
    let other = with_seed("12346");
    assert_eq!(stdout(&first), stdout(&again));
    assert_ne!(stdout(&first), stdout(&other));
    assert_eq!(stdout(&first).lines().count(), 50);
    // A seed that was given is not announced.
    assert_eq!(stderr(&first), "");
}

#[test]
fn a_seed_means_the_same_puzzles_in_every_build() {
    // Pinned output: ChaCha8, seed_from_u64 and the draw are all portable,
    // so this holds on every platform; it changes only if one of them does,
    // and then old seeds no longer repeat old runs.
    let output = run(&["gen", "-n", "3", "--seed", "1", "--style", "compact"], "");
    assert_eq!(stdout(&output), "x83412657\n123654x87\n275x18634\n");
}

#[test]
fn without_a_seed_the_fresh_one_is_reported_and_repeats_the_run() {
    let output = run(&["gen", "-n", "5"], "");
    let message = stderr(&output);
    let seed = message
        .strip_prefix(&format!("{PREFIX}seed "))
        .and_then(|rest| rest.split_once(' '))
        .map(|(seed, _)| seed.to_string())
        .unwrap_or_else(|| panic!("no seed in {message:?}"));
    assert_eq!(message, messages::seed(&seed));
    let repeat = run(&["gen", "-n", "5", "--seed", &seed], "");
    assert_eq!(stdout(&repeat), stdout(&output));
}

#[test]
fn the_styles_write_the_same_puzzles_in_the_input_grammar() {
    let tokens = run(&["gen", "-n", "3", "--seed", "8"], "");
    let compact = run(&["gen", "-n", "3", "--seed", "8", "--style", "compact"], "");
    let tokens = stdout(&tokens);
    let compact = stdout(&compact);
    for (spaced, dense) in tokens.lines().zip(compact.lines()) {
        assert_eq!(spaced.len(), 17, "{spaced}");
        assert_eq!(dense.len(), 9, "{dense}");
        assert_eq!(spaced.replace(' ', ""), dense);
    }
    // The solver reads both back.
    assert_eq!(run(&[], tokens).status.code(), Some(0));
    assert_eq!(run(&[], compact).status.code(), Some(0));
}

#[test]
fn more_puzzles_than_exist_is_refused_with_the_count() {
    let output = run(&["gen", "-n", "3", "--distance", "31"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &too_many(3, "at distance 31 from 12345678x", 2))
    );
    assert_eq!(stdout(&output), "");
    let output = run(&["gen", "-n", "181441", "--unsolvable"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(
            GEN_USAGE,
            &too_many(181_441, "that cannot reach 12345678x", 181_440)
        )
    );
}

#[test]
fn a_distance_beyond_the_farthest_is_refused_with_the_maximum() {
    let output = run(&["gen", "--distance", "32"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &beyond_the_maximum(32, 31, "12345678x"))
    );
    // With the blank in the centre nothing is more than 30 moves away.
    let centre = distances(&cells("1234x5678"));
    assert_eq!(centre.values().max(), Some(&30));
    let output = run(&["gen", "--distance", "20..31", "--goal", "1234x5678"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(GEN_USAGE, &beyond_the_maximum(31, 30, "1234x5678"))
    );
}

#[test]
fn malformed_requests_are_usage_errors() {
    for args in [
        &["gen", "--distance", "5..3"][..],
        &["gen", "--distance", "far"],
        &["gen", "--distance", "5", "--unsolvable"],
        &["gen", "-n", "-1"],
        &["gen", "--seed", "x"],
        &["gen", "--style", "grid"],
        &["gen", "--goal", "1234"],
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
    }
}

/// Boards of 10 to 16 cells are remembered so that none comes twice, so a
/// run draws at most a million of them, as hdu3567's pairs: more is
/// refused before any is drawn, where it used to take memory without
/// bound (-n 2000000 on 4x4 took 300 MB).
#[test]
fn gen_on_ten_to_sixteen_cells_refuses_more_than_a_million_at_once() {
    for size in ["4x4", "2x5", "3x5"] {
        let count = "1000001";
        let output = run(&["gen", "--size", size, "-n", count, "--seed", "1"], "");
        assert_eq!(output.status.code(), Some(2), "--size {size} -n {count}");
        assert_eq!(stdout(&output), "", "--size {size} -n {count}");
        let message = messages::too_many_remembered(count.parse().unwrap());
        assert_eq!(stderr(&output), usage_error(GEN_USAGE, &message));
    }
}
