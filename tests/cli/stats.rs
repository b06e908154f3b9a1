//! `eight stats`: the counts of every goal against the oracle's own BFS,
//! the JSON record, and the chart's width.

use crate::messages::{not_a_tile_char, usage_error, CONFLICT, NO_ONE_GOAL, STATS_USAGE};
use crate::util::{cells, distances, eight, run, stderr, stdout};
use serde_json::Value;

/// The nine goals with the tiles in order around the blank, and two more
/// with their tiles shuffled.
const GOALS: [&str; 11] = [
    "x12345678",
    "1x2345678",
    "12x345678",
    "123x45678",
    "1234x5678",
    "12345x678",
    "123456x78",
    "1234567x8",
    "12345678x",
    "8 x 6 5 4 7 2 3 1",
    "5 6 4 1 7 8 x 2 3",
];

/// The oracle's count of arrangements at each distance from `goal`.
fn oracle_counts(goal: &str) -> Vec<u64> {
    let mut counts = Vec::new();
    for &d in distances(&cells(goal)).values() {
        let d = usize::from(d);
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    counts
}

fn json(goal: &str) -> Value {
    let output = run(&["stats", "--json", "--goal", goal], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("stats --json prints JSON")
}

#[test]
fn every_goal_has_the_oracles_counts() {
    for goal in GOALS {
        let want = oracle_counts(goal);
        let record = json(goal);
        let counts: Vec<u64> = record["counts"]
            .as_array()
            .expect("counts is an array")
            .iter()
            .map(|n| n.as_u64().expect("counts are whole numbers"))
            .collect();
        assert_eq!(counts, want, "{goal}");
        assert_eq!(record["goal"], cells_text(goal));
        assert_eq!(record["reachable"], 181_440, "{goal}");
        assert_eq!(record["unreachable"], 181_440, "{goal}");
        assert_eq!(record["max_distance"], want.len() - 1, "{goal}");
        assert_eq!(record["at_max_distance"], want[want.len() - 1], "{goal}");
        let moves: u64 = (0..).zip(&want).map(|(d, &n)| d * n).sum();
        let mean = record["mean_distance"]
            .as_f64()
            .expect("the mean is a number");
        assert!(
            (mean - moves as f64 / 181_440.0).abs() < 1e-9,
            "{goal}: {mean}"
        );
    }
}

/// `goal` as the tool writes a board: compact, x for the blank.
fn cells_text(goal: &str) -> String {
    crate::util::text(&cells(goal))
}

#[test]
fn the_chart_shows_the_same_counts_and_the_totals() {
    let goal = "1234x5678";
    let want = oracle_counts(goal);
    let output = eight()
        .args(["stats", "--goal", goal])
        .env_remove("COLUMNS")
        .output()
        .expect("eight runs");
    assert_eq!(output.status.code(), Some(0));
    let chart = stdout(&output);
    let lines: Vec<&str> = chart.lines().collect();
    assert_eq!(lines[0], "arrangements at each distance from 1234x5678");
    let rows = &lines[1..1 + want.len()];
    for (distance, (row, &count)) in rows.iter().zip(&want).enumerate() {
        let mut fields = row.split_whitespace();
        assert_eq!(fields.next(), Some(distance.to_string().as_str()), "{row}");
        assert_eq!(fields.next(), Some(count.to_string().as_str()), "{row}");
        assert!(fields.next().is_some(), "every count has a bar: {row}");
    }
    // Without a terminal or $COLUMNS the line is 80 columns: the largest
    // count gets what the labels (9) and one spare column leave.
    let longest = rows.iter().map(|row| row.matches('█').count()).max();
    assert_eq!(longest, Some(70));
    let max = want.len() - 1;
    assert_eq!(
        lines[1 + want.len()..],
        [
            "total: 181440 arrangements can reach 1234x5678 (the other 181440 cannot)",
            &format!("maximum: {max} moves, for {} arrangements", want[max]),
            "mean: 21.50 moves",
        ]
    );
}

#[test]
fn the_chart_fits_the_width_columns_gives() {
    for columns in [40, 100] {
        let output = eight()
            .args(["stats"])
            .env("COLUMNS", columns.to_string())
            .output()
            .expect("eight runs");
        let chart = stdout(&output);
        let widest = chart
            .lines()
            .skip(1)
            .take(32)
            .map(|row| row.chars().count())
            .max();
        // One column is left spare at the right edge.
        assert_eq!(widest, Some(columns - 1), "COLUMNS={columns}");
    }
}

#[test]
fn a_bad_goal_is_a_usage_error() {
    let output = run(&["stats", "--goal", "1 2 3 4 5 6 7 8 9"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(&not_a_tile_char('9')));
}

#[test]
fn a_judge_preset_counts_from_its_problems_goal() {
    for (judge, goal) in [
        ("luogu1379", "123804765"),
        ("poj1077", "12345678x"),
        ("uva652", "12345678x"),
        ("acwing845", "12345678x"),
    ] {
        let output = run(&["stats", "--json", "--judge", judge], "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{judge}: {}",
            stderr(&output)
        );
        let record: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
        assert_eq!(record, json(goal), "{judge}");
        assert_eq!(record["goal"], cells_text(goal), "{judge}");
        let counts = record["counts"].as_array().expect("counts is an array");
        let want = oracle_counts(goal);
        assert_eq!(counts.len(), want.len(), "{judge}");
        assert!(
            counts
                .iter()
                .zip(&want)
                .all(|(n, &w)| n.as_u64() == Some(w)),
            "{judge}"
        );
    }
    // The chart names the goal it counts from.
    let output = run(&["stats", "--judge", "luogu1379"], "");
    let chart = stdout(&output);
    assert_eq!(
        chart.lines().next(),
        Some("arrangements at each distance from 1238x4765")
    );
}

#[test]
fn hdu3567_has_no_one_goal_so_stats_asks_for_goal() {
    let output = run(&["stats", "--judge", "hdu3567"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), usage_error(STATS_USAGE, NO_ONE_GOAL));
    let output = run(
        &["stats", "--judge", "luogu1379", "--goal", "123804765"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).contains(CONFLICT), "{}", stderr(&output));
}
