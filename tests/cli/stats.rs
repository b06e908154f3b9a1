//! `eight stats`: the counts of every goal against the oracle's own BFS,
//! on 3×3 and on every other board of up to ten cells (`--size`), the
//! published maxima up to twelve cells, the JSON record, and the chart's
//! width.

use std::collections::HashMap;

use crate::messages::{
    self, judge_needs_3x3, not_a_tile_char, usage_error, CONFLICT, NO_ONE_GOAL, STATS_USAGE,
};
use crate::util::{bfs, cells, distances, eight, run, size, stderr, stdout, Board};
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

/// How many boards lie at each distance, from a map of distances.
fn histogram<K>(distances: &HashMap<K, usize>) -> Vec<u64> {
    let mut counts = Vec::new();
    for &d in distances.values() {
        if counts.len() <= d {
            counts.resize(d + 1, 0);
        }
        counts[d] += 1;
    }
    counts
}

/// `eight stats --json --size RxC [--goal GOAL]`, parsed.
fn sized_json(goal: &Board, give_goal: bool) -> Value {
    let mut args = vec![
        "stats".to_string(),
        "--json".into(),
        "--size".into(),
        size(goal),
    ];
    if give_goal {
        args.extend(["--goal".to_string(), goal.text()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run(&args, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("stats --json prints JSON")
}

fn counts_of(record: &Value) -> Vec<u64> {
    record["counts"]
        .as_array()
        .expect("counts is an array")
        .iter()
        .map(|n| n.as_u64().expect("counts are whole numbers"))
        .collect()
}

/// The longest shortest solutions with the blank in a corner, as published
/// (the 2×6 and 3×4 values from complete enumerations; see docs/stats.md).
const PUBLISHED_MAXIMA: [((usize, usize), u64); 12] = [
    ((2, 2), 6),
    ((2, 3), 21),
    ((3, 2), 21),
    ((2, 4), 36),
    ((4, 2), 36),
    ((3, 3), 31),
    ((2, 5), 55),
    ((5, 2), 55),
    ((2, 6), 80),
    ((6, 2), 80),
    ((3, 4), 53),
    ((4, 3), 53),
];

fn published_maximum(rows: usize, columns: usize) -> u64 {
    PUBLISHED_MAXIMA
        .iter()
        .find(|(shape, _)| *shape == (rows, columns))
        .map(|&(_, max)| max)
        .expect("a published shape")
}

/// `stats --size` on each shape against the oracle's BFS, towards the
/// solved board and towards a goal with the blank elsewhere and the tiles
/// reversed; with the blank in the corner the maximum is the published one.
fn check_against_the_oracle(shapes: &[(usize, usize)]) {
    for &(rows, columns) in shapes {
        let cells = rows * columns;
        let arrangements: u64 = (1..=cells as u64).product();
        for (goal, given) in [
            (Board::solved(rows, columns), false),
            (Board::reversed(rows, columns), true),
        ] {
            let want = histogram(&bfs(&goal));
            let record = sized_json(&goal, given);
            assert_eq!(counts_of(&record), want, "{goal:?}");
            assert_eq!(record["reachable"], arrangements / 2, "{goal:?}");
            assert_eq!(record["unreachable"], arrangements / 2, "{goal:?}");
            assert_eq!(record["max_distance"], want.len() - 1, "{goal:?}");
            if !given {
                assert_eq!(
                    record["max_distance"],
                    published_maximum(rows, columns),
                    "{rows}x{columns}"
                );
            }
        }
    }
}

#[test]
fn every_size_up_to_nine_cells_has_the_oracles_counts() {
    check_against_the_oracle(&[(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]);
}

/// The oracle's BFS over 2×5's 1.8 million boards takes seconds, so the
/// default run checks only the published maximum there.
#[test]
fn ten_cells_reach_the_published_maximum() {
    check_published_and_transposed(2, 5);
}

/// The counts of `rows`×`columns` and of its transpose are the same (the
/// transpose maps moves onto moves, and the corner onto the corner), and
/// their maximum is the published one.
fn check_published_and_transposed(rows: usize, columns: usize) {
    let record = sized_json(&Board::solved(rows, columns), false);
    let counts = counts_of(&record);
    let arrangements: u64 = (1..=(rows * columns) as u64).product();
    assert_eq!(counts.iter().sum::<u64>(), arrangements / 2);
    assert_eq!(
        record["max_distance"],
        published_maximum(rows, columns),
        "{rows}x{columns}"
    );
    let transposed = counts_of(&sized_json(&Board::solved(columns, rows), false));
    assert_eq!(transposed, counts, "{columns}x{rows}");
}

/// Ten cells against the oracle, and twelve cells (some 15 s of CPU each)
/// against the published maxima and their transposes:
/// `cargo test --test cli -- --ignored ten_and_twelve_cells`.
#[test]
#[ignore]
fn ten_and_twelve_cells_in_full() {
    check_against_the_oracle(&[(2, 5), (5, 2)]);
    check_published_and_transposed(2, 6);
    check_published_and_transposed(3, 4);
}

#[test]
fn a_sized_chart_writes_its_goal_with_spaces() {
    let output = eight()
        .args(["stats", "--size", "2x5", "--goal", "x 1 2 3 4 5 6 7 8 9"])
        .env_remove("COLUMNS")
        .output()
        .expect("eight runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let chart = stdout(&output);
    let lines: Vec<&str> = chart.lines().collect();
    assert_eq!(
        lines[0],
        "arrangements at each distance from x 1 2 3 4 5 6 7 8 9"
    );
    assert_eq!(
        lines[lines.len() - 3],
        "total: 1814400 arrangements can reach x 1 2 3 4 5 6 7 8 9 (the other 1814400 cannot)"
    );
    let rows = &lines[1..lines.len() - 3];
    assert!(rows.iter().all(|row| row.chars().count() < 80), "{chart}");
}

#[test]
fn size_3x3_is_the_plain_census() {
    for args in [&["stats"][..], &["stats", "--json", "--goal", "1234x5678"]] {
        let plain = run(args, "");
        let sized = run(&[args, &["--size", "3x3"]].concat(), "");
        assert_eq!(stdout(&sized), stdout(&plain), "{args:?}");
    }
}

#[test]
fn sizes_stats_cannot_count_are_refused() {
    for (value, size, cells) in [
        ("4x4", "4x4", 16),
        ("3x5", "3x5", 15),
        ("2x7", "2x7", 14),
        ("1000", "1000x1000", 1_000_000),
    ] {
        let output = run(&["stats", "--size", value], "");
        assert_eq!(output.status.code(), Some(2), "{value}");
        assert_eq!(stdout(&output), "");
        let message = messages::stats_too_many_cells(size, cells);
        assert_eq!(
            stderr(&output),
            usage_error(STATS_USAGE, &message),
            "{value}"
        );
    }
    let output = run(&["stats", "--size", "2x3", "--judge", "poj1077"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        usage_error(STATS_USAGE, &judge_needs_3x3("2x3"))
    );
    let output = run(&["stats", "--size", "2x3", "--goal", "1 2 3 9 4 x"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        messages::bad_goal("1 2 3 9 4 x", &messages::not_a_sized_tile("'9'", 5))
    );
}
