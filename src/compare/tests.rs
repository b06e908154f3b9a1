//! The comparison's tests: aligned columns, totals, unsolvable and invalid
//! puzzles, and the goal column of cases with goals of their own.

use super::*;

fn compare(input: &str) -> (String, Tally) {
    compare_framed(input, Framing::Stream)
}

fn compare_framed(input: &str, framing: Framing) -> (String, Tally) {
    let mut comparison = Comparison::new(Goal::default(), framing, Vec::new());
    let mut errors = Vec::new();
    comparison
        .run(input.as_bytes(), |puzzle, _| errors.push(puzzle), |_| {})
        .unwrap();
    comparison.finish().unwrap();
    let summary = comparison.tally();
    assert_eq!(errors.len() as u64, summary.invalid);
    (String::from_utf8(comparison.into_inner()).unwrap(), summary)
}

#[test]
fn every_algorithm_gets_aligned_columns_and_a_total() {
    let (table, summary) = compare("2 3 4 1 5 x 7 6 8\n8 6 7 2 5 4 3 x 1\n12345678x\n");
    assert_eq!(summary.puzzles, 3);
    let lines: Vec<&str> = table.lines().collect();
    for engine in Engine::COMPARED {
        assert!(lines[0].contains(engine.name()), "{}", lines[0]);
    }
    // Header and rows line up: every line of the main table ends at
    // the same column.
    assert!(
        lines[1..5].iter().all(|l| l.len() == lines[1].len()),
        "{table}"
    );
    for (row, moves) in lines[2..5].iter().zip(["19", "31", "0"]) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        // number, start, then moves, expanded, ms per algorithm
        assert_eq!(cells.len(), 2 + 3 * Engine::COMPARED.len(), "{row}");
        for group in cells[2..].chunks(3) {
            assert_eq!(group[0], moves, "{row}");
        }
    }
    assert_eq!(lines[5], "");
    assert_eq!(lines[6], "totals over 3 puzzles:");
    let totals = &lines[7..];
    assert_eq!(totals.len(), 1 + Engine::COMPARED.len());
    for (line, engine) in totals[1..].iter().zip(Engine::COMPARED) {
        assert!(line.starts_with(engine.name()), "{line}");
        assert_eq!(line.split_whitespace().nth(1), Some("50"), "{line}");
        assert_eq!(line.len(), totals[0].len(), "{table}");
    }
}

#[test]
fn unsolvable_and_invalid_puzzles_are_counted_apart() {
    let (table, summary) = compare("21345678x\n1 2 3\n");
    assert_eq!(summary.puzzles, 2);
    assert_eq!(summary.invalid, 1);
    let row = table.lines().nth(2).unwrap();
    assert!(row.starts_with("     1  21345678x"), "{row}");
    assert_eq!(row.split_whitespace().filter(|&c| c == "-").count(), 5);
    assert!(
        table.contains("totals over 1 puzzle, 1 unsolvable:"),
        "{table}"
    );
}

#[test]
fn cases_with_their_own_goals_get_a_goal_column() {
    let hdu = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    let (table, summary) = compare_framed(hdu, Framing::CountedWithGoals);
    assert_eq!(summary.puzzles, 2);
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[1].starts_with("puzzle  start      goal   "),
        "{table}"
    );
    assert_eq!(lines[0].find("bfs"), lines[1].find("moves"), "{table}");
    for (row, (start, goal, moves)) in lines[2..4].iter().zip([
        ("12x453786", "12345678x", "2"),
        ("564178x23", "7568x4123", "8"),
    ]) {
        assert_eq!(row.len(), lines[1].len(), "{table}");
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1..3], [start, goal], "{row}");
        assert!(cells[3..].chunks(3).all(|group| group[0] == moves), "{row}");
    }
    // Without per-case goals there is no goal column.
    let (table, _) = compare("12345678x\n");
    assert!(!table.contains("goal"), "{table}");
}
