//! The comparison's tests: aligned columns, totals, unsolvable and invalid
//! puzzles, and the goal column of cases with goals of their own.

use super::*;

fn compare(input: &str) -> (String, Tally) {
    compare_framed(input, Framing::Stream(crate::shape::Shape::EIGHT))
}

fn compare_framed(input: &str, framing: Framing) -> (String, Tally) {
    let comparison = finished(input, framing);
    let summary = comparison.tally();
    (String::from_utf8(comparison.into_inner()).unwrap(), summary)
}

/// The comparison of `input`, run and finished.
fn finished(input: &str, framing: Framing) -> Comparison<Vec<u8>> {
    let mut comparison = Comparison::new(Goal::default(), framing, Vec::new());
    let mut errors = Vec::new();
    comparison
        .run(input.as_bytes(), |puzzle, _| errors.push(puzzle), |_| {})
        .unwrap();
    comparison.finish().unwrap();
    assert_eq!(errors.len() as u64, comparison.tally().invalid);
    comparison
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
    let (table, summary) =
        compare_framed(hdu, Framing::CountedWithGoals(crate::shape::Shape::EIGHT));
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

/// The search layers are those of the first puzzle that has a solution,
/// towards its own goal where the case brings one, and each search's add
/// up to the states its line shows expanded; the rows' totals are the
/// table's.
#[test]
fn the_search_layers_add_up_to_the_work_on_the_puzzle_s_line() {
    let stream = "1 2 3\n21345678x\n8 6 7 2 5 4 3 x 1\n2 3 4 1 5 x 7 6 8\n";
    let goals = "2\n564178X23\n7568X4123\n12X453786\n12345678X\n";
    let cases = [
        (
            stream,
            Framing::Stream(crate::shape::Shape::EIGHT),
            (3, "8672543x1", "12345678x", 31),
        ),
        (
            goals,
            Framing::CountedWithGoals(crate::shape::Shape::EIGHT),
            (1, "564178x23", "7568x4123", 8),
        ),
    ];
    for (input, framing, (puzzle, start, goal, moves)) in cases {
        let comparison = finished(input, framing);
        let layers = comparison.search_layers().unwrap().unwrap();
        let work = comparison.totals().rows.clone();
        let table = String::from_utf8(comparison.into_inner()).unwrap();
        assert_eq!(layers.puzzle, puzzle, "{table}");
        assert_eq!((layers.start.as_str(), layers.goal.as_str()), (start, goal));
        assert_eq!(layers.moves, moves, "{table}");
        assert_eq!(layers.breadth_first.len(), moves);
        assert_eq!(layers.from_start.len() + layers.from_goal.len(), moves);
        // The puzzle's line: its number, its boards, then moves, expanded
        // and milliseconds for bfs and bibfs first.
        let line = table
            .lines()
            .find(|line| line.split_whitespace().next() == Some(&puzzle.to_string()));
        let cells: Vec<&str> = line.unwrap().split_whitespace().collect();
        let rows = &cells[cells.len() - 3 * Engine::COMPARED.len()..];
        let groups: Vec<&[&str]> = rows.chunks(3).collect();
        let bfs: u64 = layers.breadth_first.iter().sum();
        let bibfs: u64 = layers.from_start.iter().chain(&layers.from_goal).sum();
        assert_eq!(groups[0][1], bfs.to_string(), "{table}");
        assert_eq!(groups[1][1], bibfs.to_string(), "{table}");
        // The totals: one line per row, its expanded the third column.
        let totals = table.lines().rev().take(work.len()).collect::<Vec<_>>();
        for (row, line) in work.iter().zip(totals.iter().rev()) {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let expanded = row.expanded.to_string();
            assert_eq!((cells[0], cells[2]), (row.name, expanded.as_str()));
            assert_eq!(row.gave_up, None, "the 3x3 algorithms have no limit");
        }
    }
}

#[test]
fn no_search_layers_without_a_solvable_puzzle_or_with_heuristics() {
    let comparison = finished(
        "21345678x\n1 2 3\n",
        Framing::Stream(crate::shape::Shape::EIGHT),
    );
    assert_eq!(comparison.search_layers().unwrap(), None);
    let goal = Grid::solved(crate::shape::Shape {
        rows: 2,
        columns: 3,
    })
    .unwrap();
    let heuristics: Vec<_> = Heuristic::defaults().collect();
    let cache = CacheDir::MemoryOnly;
    let mut sized = Comparison::heuristics(goal, &heuristics, None, cache, Vec::new()).unwrap();
    sized
        .run("4 1 2 5 0 3".as_bytes(), |_, _| {}, |_| {})
        .unwrap();
    assert_eq!(sized.search_layers().unwrap(), None);
    assert_eq!(sized.totals().rows.len(), heuristics.len());
}

/// A search that gives up is told from an unsolvable board by parity, not
/// by its nodes: under a limit of no nodes at all, Manhattan distance gives
/// up on a reachable board, and only the board with two tiles swapped is
/// unsolvable. The picture hears of it with the limit.
#[test]
fn a_search_given_up_before_any_node_is_not_unsolvable() {
    let goal = Grid::solved(crate::shape::Shape::new(2, 3)).unwrap();
    let manhattan = [&Heuristic::ALL[0]];
    let cache = CacheDir::MemoryOnly;
    let mut comparison =
        Comparison::heuristics(goal, &manhattan, Some(0), cache, Vec::new()).unwrap();
    let input = "4 1 2 5 0 3\n2 1 3 4 5 0\n";
    comparison.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
    comparison.finish().unwrap();
    let gave_up = Some(GaveUp {
        puzzles: 1,
        limit: 0,
    });
    let totals = comparison.totals();
    assert_eq!((totals.puzzles, totals.unsolvable), (2, 1));
    let manhattan = &totals.rows[0];
    assert_eq!((manhattan.name, manhattan.expanded), ("manhattan", 0));
    assert_eq!(manhattan.gave_up, gave_up);
    let table = String::from_utf8(comparison.into_inner()).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    let moves = |line: &str| line.split_whitespace().nth(1).map(str::to_string);
    assert_eq!(moves(lines[2]).as_deref(), Some("?"), "{table}");
    assert_eq!(moves(lines[3]).as_deref(), Some("-"), "{table}");
    assert!(
        table.contains("totals over 2 puzzles, 1 unsolvable:"),
        "{table}"
    );
    let totals = lines.last().unwrap();
    assert!(
        totals.starts_with("manhattan") && totals.ends_with(" 1"),
        "{table}"
    );
}

/// The totals the table closes with are the data a caller gets, cell for
/// cell but the time, on the algorithms and on the heuristics.
#[test]
fn the_totals_written_are_the_totals_handed_over() {
    let goal = Grid::solved(crate::shape::Shape::new(2, 3)).unwrap();
    let heuristics: Vec<_> = Heuristic::defaults().collect();
    let mut sized =
        Comparison::heuristics(goal, &heuristics, Some(3), CacheDir::MemoryOnly, Vec::new())
            .unwrap();
    let input = "4 1 2 5 0 3\n2 1 3 4 5 0\n";
    sized.run(input.as_bytes(), |_, _| {}, |_| {}).unwrap();
    sized.finish().unwrap();
    let eight = finished(
        "2 3 4 1 5 x 7 6 8\n21345678x\n8 6 7 2 5 4 3 x 1\n",
        Framing::Stream(crate::shape::Shape::EIGHT),
    );
    for (totals, table, count) in [
        (eight.totals().clone(), eight.into_inner(), 4),
        (sized.totals().clone(), sized.into_inner(), 3),
    ] {
        let table = String::from_utf8(table).unwrap();
        let lines: Vec<&str> = table.lines().rev().take(totals.rows.len()).collect();
        for (row, line) in totals.rows.iter().zip(lines.into_iter().rev()) {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let shown = [row.moves, row.expanded, row.generated, row.max_frontier];
            let shown: Vec<String> = shown[..count].iter().map(u64::to_string).collect();
            assert_eq!(cells[0], row.name, "{table}");
            assert_eq!(cells[1..=count], shown, "{table}");
        }
        let over = format!(
            "totals over {} puzzles, {} unsolvable:",
            totals.puzzles, totals.unsolvable
        );
        assert!(table.contains(&over), "{table}");
    }
}
