//! `eight compare` through the binary: every algorithm appears, all agree
//! with the oracle on every length, the columns line up, judge inputs are
//! read with their preset's framing and goals, bad input and broken frames
//! are reported as plain solving reports them, and plain solving still works
//! beside the subcommand.

use std::collections::HashMap;

use crate::messages::{
    at, count_short, not_a_count, not_a_tile_char, notice, JUDGE_OR_GOAL, PREFIX,
};
use crate::util::{cells, distances, eight, run, stderr, stdout, text, Cells};

const ALGORITHMS: [&str; 5] = ["bfs", "bibfs", "table", "astar", "idastar"];

/// Puzzles of every kind: the sample, the hardest, an easy one, the goal
/// itself and an unsolvable one.
const PUZZLES: &str = "\
2 3 4 1 5 x 7 6 8
8 6 7 2 5 4 3 x 1
1 2 3 4 5 6 7 x 8
1 2 3 4 5 6 7 8 x
2 1 3 4 5 6 7 8 x
";

/// The rows of the main table: puzzle number, start, and per algorithm its
/// moves, expanded states and milliseconds.
fn rows(table: &str) -> Vec<Vec<&str>> {
    table
        .lines()
        .skip(2)
        .take_while(|line| !line.is_empty())
        .map(|line| line.split_whitespace().collect())
        .collect()
}

/// Checks every row's moves columns against the oracle's distance.
fn check_lengths(table: &str, oracle: &HashMap<Cells, u8>) {
    for row in rows(table) {
        assert_eq!(row.len(), 2 + 3 * ALGORITHMS.len(), "{row:?}");
        let expected = match oracle.get(&cells(row[1])) {
            Some(distance) => distance.to_string(),
            None => "-".to_string(),
        };
        for (group, algorithm) in row[2..].chunks(3).zip(ALGORITHMS) {
            assert_eq!(group[0], expected, "{algorithm} on {}", row[1]);
        }
    }
}

#[test]
fn compare_lists_every_algorithm_and_they_agree_with_the_oracle() {
    let output = run(&["compare"], PUZZLES);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    let lines: Vec<&str> = table.lines().collect();
    let names: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(names, ALGORITHMS);
    assert_eq!(rows(&table).len(), 5);
    check_lengths(&table, distances(&cells("12345678x")));
    // The header and every row end in the same column.
    for line in &lines[1..7] {
        assert_eq!(line.len(), lines[1].len(), "{table}");
    }
    // Totals: one line per algorithm, all with the same total of moves.
    let totals_at = lines.iter().position(|l| l.starts_with("totals")).unwrap();
    assert_eq!(lines[totals_at], "totals over 5 puzzles, 1 unsolvable:");
    let totals = &lines[totals_at + 2..];
    assert_eq!(totals.len(), ALGORITHMS.len());
    for (line, algorithm) in totals.iter().zip(ALGORITHMS) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[..2], [algorithm, "51"], "{line}");
        assert_eq!(line.len(), lines[totals_at + 1].len(), "{table}");
    }
}

#[test]
fn compare_shows_why_search_direction_and_heuristics_pay_off() {
    let output = run(&["compare"], "8 6 7 2 5 4 3 x 1\n");
    let table = stdout(&output);
    let row = &rows(&table)[0];
    let expanded = |algorithm: &str| -> u64 {
        let index = ALGORITHMS.iter().position(|&a| a == algorithm).unwrap();
        row[2 + 3 * index + 1].parse().unwrap()
    };
    assert!(expanded("bibfs") * 10 < expanded("bfs"), "{table}");
    assert!(expanded("astar") * 10 < expanded("bfs"), "{table}");
    assert!(expanded("idastar") * 10 < expanded("bfs"), "{table}");
    // The table's first puzzle builds it: one expansion per reachable state.
    assert_eq!(expanded("table"), 181_440);
}

#[test]
fn compare_takes_a_goal_and_files() {
    let dir = std::env::temp_dir().join(format!("eight-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, PUZZLES).unwrap();
    let goal = "1238x4765";
    let output = eight()
        .args(["compare", "--goal", goal])
        .arg(&file)
        .arg("-")
        .write_stdin("5 6 4 1 7 8 x 2 3\n")
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert_eq!(rows(&table).len(), 6);
    check_lengths(&table, distances(&cells(goal)));
}

#[test]
fn compare_reports_bad_puzzles_and_missing_files() {
    let output = run(&["compare"], "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 9\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), notice(&at(2, 2, &not_a_tile_char('9'))));
    assert_eq!(rows(&stdout(&output)).len(), 1);
    assert!(stdout(&output).contains("totals over 1 puzzle:"));

    let output = run(&["compare", "no-such-file.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with(&format!("{PREFIX}no-such-file.txt: ")),
        "{}",
        stderr(&output)
    );
}

#[test]
fn plain_solving_still_reads_stdin_and_files_beside_the_subcommand() {
    let output = run(&[], "2 3 4 1 5 x 7 6 8\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output).trim_end().len(), 19);
    // A file that happens to be called like the subcommand is reached by
    // its path.
    let dir = std::env::temp_dir().join(format!("eight-subcommand-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("compare"), text(&cells("123456x78"))).unwrap();
    let output = eight().current_dir(&dir).arg("./compare").output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "rr\n");
    // Solving options do not mix with the subcommand's.
    let output = run(&["compare", "--algorithm", "astar"], "");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn compare_reads_a_judge_input_with_its_framing_and_goal() {
    // UVa 652: a count line, then one puzzle per line, blank lines between.
    let uva = format!("5\n\n{}", PUZZLES.replace('\n', "\n\n"));
    let output = run(&["compare", "--judge", "uva652"], uva);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(rows(&stdout(&output)).len(), 5);
    check_lengths(&stdout(&output), distances(&cells("12345678x")));

    // Luogu P1379 solves towards its own goal.
    let output = run(
        &["compare", "--judge", "luogu1379"],
        "283104765\n123804765\n876543210\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(rows(&stdout(&output)).len(), 3);
    check_lengths(&stdout(&output), distances(&cells("123804765")));
}

#[test]
fn compare_shows_each_hdu3567_case_with_its_own_goal() {
    let goals = ["12345678x", "7568x4123", "x12345678"];
    let starts = ["12x453786", "564178x23", "8672543x1"];
    let mut input = format!("{}\n", goals.len());
    for (start, goal) in starts.iter().zip(goals) {
        input += &format!("{start}\n{goal}\n");
    }
    let output = run(&["compare", "--judge", "hdu3567"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert!(
        table.lines().nth(1).unwrap().contains("  goal  "),
        "{table}"
    );
    let rows = rows(&table);
    assert_eq!(rows.len(), goals.len());
    for ((row, start), goal) in rows.iter().zip(starts).zip(goals) {
        assert_eq!(row[1..3], [start, goal], "{row:?}");
        let expected = match distances(&cells(goal)).get(&cells(start)) {
            Some(distance) => distance.to_string(),
            None => "-".to_string(),
        };
        for (group, algorithm) in row[3..].chunks(3).zip(ALGORITHMS) {
            assert_eq!(group[0], expected, "{algorithm} on {start} to {goal}");
        }
    }
}

#[test]
fn compare_reports_a_broken_frame_after_the_cases_before_it() {
    let output = run(
        &["compare", "--judge", "hdu3567"],
        "3\n12X453786\n12345678X\n564178X23\n7568X4123\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), notice(&count_short(1, 3, 2)));
    assert_eq!(rows(&stdout(&output)).len(), 2);
    assert!(stdout(&output).contains("totals over 2 puzzles:"));

    let output = run(&["compare", "--judge", "uva652"], "two\n12345678x\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), notice(&not_a_count(1, "'two'")));
    assert!(rows(&stdout(&output)).is_empty());
}

#[test]
fn compare_takes_a_judge_or_a_goal_but_not_both() {
    let output = run(
        &["compare", "--judge", "luogu1379", "--goal", "123804765"],
        "283104765\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains(JUDGE_OR_GOAL),
        "{}",
        stderr(&output)
    );
}
