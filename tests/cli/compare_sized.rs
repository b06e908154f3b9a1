//! `eight compare --size RxC` through the binary: every heuristic's line
//! shows the same length, equal to an exact answer of another engine;
//! Manhattan IDA* agrees with the pattern databases on random 15-puzzles
//! of up to about 40 moves; and the options are checked.

use std::process::Output;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::messages::{self, usage_error, COMPARE_USAGE};
use crate::util::{run_sized as run, stderr, stdout};

/// `steps` random moves of the blank from the solved board, never undoing
/// the previous one, written as the tool reads it.
fn walk(rows: usize, columns: usize, steps: usize, rng: &mut ChaCha8Rng) -> String {
    let cells = rows * columns;
    let mut tiles: Vec<usize> = (1..cells).chain([0]).collect();
    let mut blank = cells - 1;
    let mut last = 0u8;
    let mut taken = 0;
    while taken < steps {
        let (row, column) = (blank / columns, blank % columns);
        let letter = *b"dlru".choose(rng).expect("four letters");
        let to = match letter {
            b'd' if row + 1 < rows && last != b'u' => blank + columns,
            b'u' if row > 0 && last != b'd' => blank - columns,
            b'l' if column > 0 && last != b'r' => blank - 1,
            b'r' if column + 1 < columns && last != b'l' => blank + 1,
            _ => continue,
        };
        tiles.swap(blank, to);
        blank = to;
        last = letter;
        taken += 1;
    }
    let words: Vec<String> = tiles
        .iter()
        .map(|&t| if t == 0 { "x".into() } else { t.to_string() })
        .collect();
    words.join(" ")
}

/// The heuristics' names over the columns, and each puzzle line's cells:
/// its number, then moves, generated and ms per heuristic.
fn table(output: &Output) -> (Vec<String>, Vec<Vec<String>>) {
    let text = stdout(output);
    let mut lines = text.lines();
    let names = lines
        .next()
        .expect("a header")
        .split_whitespace()
        .map(String::from)
        .collect();
    let rows = lines
        .skip(1)
        .take_while(|line| !line.is_empty())
        .map(|line| line.split_whitespace().map(String::from).collect())
        .collect();
    (names, rows)
}

/// Each puzzle's length as every heuristic found it: they must agree.
fn lengths(rows: &[Vec<String>], heuristics: usize) -> Vec<String> {
    rows.iter()
        .map(|row| {
            assert_eq!(row.len(), 1 + 3 * heuristics, "{row:?}");
            let moves: Vec<&String> = row[1..].iter().step_by(3).collect();
            assert!(moves.iter().all(|m| *m == moves[0]), "{row:?}");
            moves[0].clone()
        })
        .collect()
}

#[test]
fn every_heuristic_finds_the_shortest_length_on_each_shape() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for (rows, columns, steps) in [(2, 3, 30), (2, 4, 40), (3, 4, 40), (4, 4, 25)] {
        let size = format!("{rows}x{columns}");
        let mut input: Vec<String> = (0..6)
            .map(|_| walk(rows, columns, steps, &mut rng))
            .collect();
        // An unsolvable board: two tiles swapped.
        let mut swapped: Vec<String> = (1..rows * columns).map(|t| t.to_string()).collect();
        swapped.swap(0, 1);
        swapped.push("x".into());
        input.push(swapped.join(" "));
        let input = input.join("\n") + "\n";
        let output = run(&["compare", "--size", &size], &input);
        assert!(output.status.success(), "{size}: {}", stderr(&output));
        let (names, rows) = table(&output);
        assert_eq!(names, ["manhattan", "conflicts", "pdb", "pdb-noreflect"]);
        let found = lengths(&rows, names.len());
        // The plain solver's exact engine (a table up to nine cells, the
        // pattern databases beyond) gives the same lengths.
        let counts = stdout(&run(&["--size", &size, "--format", "count"], &input));
        let want: Vec<String> = counts
            .lines()
            .map(|c| if c == "-1" { "-".into() } else { c.to_string() })
            .collect();
        assert_eq!(found, want, "{size}");
        let text = stdout(&output);
        assert!(
            text.contains("totals over 7 puzzles, 1 unsolvable:"),
            "{text}"
        );
    }
}

/// Manhattan IDA*, with and without linear conflicts, owes nothing to the
/// pattern databases: on random 15-puzzles of 30 to 40 moves all four
/// rows give the same lengths.
#[test]
fn manhattan_search_agrees_with_the_pattern_databases_on_the_15_puzzle() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let input: Vec<String> = (0..8).map(|_| walk(4, 4, 60, &mut rng)).collect();
    let output = run(&["compare", "--size", "4x4"], &(input.join("\n") + "\n"));
    assert!(output.status.success(), "{}", stderr(&output));
    let (names, rows) = table(&output);
    let found = lengths(&rows, names.len());
    assert!(
        found.iter().all(|m| m != "?"),
        "no search gave up: {found:?}"
    );
    let longest = found.iter().filter_map(|m| m.parse::<u32>().ok()).max();
    assert!(longest >= Some(30), "{found:?}");
}

#[test]
fn the_limit_makes_a_manhattan_search_give_up_and_the_heuristics_can_be_chosen() {
    // Korf's first instance, 57 moves: far beyond 1,000 nodes.
    let korf = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let args = [
        "compare",
        "--size",
        "4",
        "--goal",
        goal,
        "--limit",
        "1000",
        "--heuristics",
        "conflicts,pdb",
    ];
    let output = run(&args, korf);
    assert!(output.status.success(), "{}", stderr(&output));
    let (names, rows) = table(&output);
    assert_eq!(names, ["conflicts", "pdb"]);
    assert_eq!(rows[0][1..3], ["?", "1000"]);
    assert_eq!(rows[0][4], "57");
    let totals = stdout(&output);
    let conflicts = totals
        .lines()
        .find(|l| l.starts_with("conflicts "))
        .unwrap();
    assert!(conflicts.ends_with(" 1"), "one gave up: {conflicts}");
}

#[test]
fn options_that_do_not_fit_are_usage_errors() {
    let cases: [(&[&str], String); 6] = [
        (
            &["compare", "--heuristics", "pdb"],
            messages::HEURISTICS_NEED_SIZE.to_string(),
        ),
        (
            &["compare", "--limit", "10"],
            messages::HEURISTICS_NEED_SIZE.to_string(),
        ),
        (
            &["compare", "--size", "3x4", "--judge", "poj1077"],
            messages::judge_needs_3x3("3x4"),
        ),
        (&["compare", "--size", "6x5"], messages::pdb_shape("6x5")),
        (&["compare", "--size", "8x4"], messages::pdb_shape("8x4")),
        (
            &["compare", "--size", "3x4", "--heuristics", "pdb78"],
            messages::large_partition_on("3x4"),
        ),
    ];
    for (args, message) in cases {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            usage_error(COMPARE_USAGE, &message),
            "{args:?}"
        );
    }
}
