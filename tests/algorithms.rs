//! Every search algorithm against the oracle's own BFS: A* and IDA* over
//! all 9! arrangements through the library, all six engines over a seeded
//! random sample (plain BFS is too slow for all 9!), a smaller sample
//! through the binary with `--algorithm`, and the shape of `--stats`.
//!
//! An answer is right when it is `unsolvable` exactly where the oracle
//! cannot reach the goal, and otherwise a move string that the harness's
//! own `play` takes to the goal in exactly the oracle's distance.

mod util;

use std::collections::HashMap;

use eight::board::Board;
use eight::goal::Goal;
use eight::moves::letters;
use eight::solver::{Engine, Solver, Verdict};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use util::{all_arrangements, cells, distances, play, run, stderr, stdout, text, Cells};

const GOAL: &str = "12345678x";
/// A goal with the blank in the middle, so the heuristic tables are built
/// for a canonical goal other than the default one.
const CENTRED_GOAL: &str = "1238x4765";

/// Seed of the random samples; change it to test other puzzles.
const SEED: u64 = 1077;

/// `count` distinct arrangements drawn with `seed`.
fn sample(seed: u64, count: usize) -> Vec<Cells> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    all_arrangements()
        .sample(&mut rng, count)
        .copied()
        .collect()
}

/// Checks one answer, given as move letters or `None` for unsolvable.
fn check(
    who: &str,
    oracle: &HashMap<Cells, u8>,
    goal: &Cells,
    board: &Cells,
    answer: Option<&str>,
) {
    let board_text = text(board);
    match (oracle.get(board), answer) {
        (None, None) => {}
        (Some(&distance), Some(moves)) => {
            assert_eq!(
                moves.len(),
                usize::from(distance),
                "{who}: {board_text}: {moves} is not shortest"
            );
            assert_eq!(
                play(board, moves),
                Some(*goal),
                "{who}: {board_text}: {moves} does not reach the goal"
            );
        }
        (distance, answer) => {
            panic!("{who}: {board_text}: answered {answer:?}, oracle says {distance:?}")
        }
    }
}

/// Solves every board in `boards` with `engine` through the library and
/// checks each answer against the oracle.
fn check_engine(engine: Engine, goal_text: &str, boards: &[Cells]) {
    let goal_cells = cells(goal_text);
    let oracle = distances(&goal_cells);
    let goal = Goal::new(Board::from_tiles(&goal_cells).unwrap());
    let mut solver = Solver::new(engine, false);
    let mut path = Vec::new();
    let who = format!("{} to {goal_text}", engine.name());
    for board in boards {
        let start = Board::from_tiles(board).unwrap();
        let moves = match solver.solve(&start, &goal, &mut path) {
            Verdict::Solved => Some(letters(&path)),
            Verdict::Unsolvable => None,
        };
        check(&who, &oracle, &goal_cells, board, moves.as_deref());
    }
}

#[test]
fn astar_answers_every_arrangement_optimally() {
    check_engine(Engine::AStar, GOAL, &all_arrangements());
}

#[test]
fn idastar_answers_every_arrangement_optimally() {
    check_engine(Engine::IdaStar, GOAL, &all_arrangements());
}

#[test]
fn every_engine_answers_a_random_sample_optimally() {
    let boards = sample(SEED, 1500);
    for engine in [
        Engine::Auto,
        Engine::Bidirectional,
        Engine::Table,
        Engine::BreadthFirst,
        Engine::AStar,
        Engine::IdaStar,
    ] {
        check_engine(engine, GOAL, &boards);
    }
}

#[test]
fn the_new_engines_answer_towards_another_goal_optimally() {
    let boards = sample(SEED + 1, 600);
    for engine in [Engine::BreadthFirst, Engine::AStar, Engine::IdaStar] {
        check_engine(engine, CENTRED_GOAL, &boards);
    }
}

/// Runs the binary with `args` on `boards`, one per line, and checks each
/// answer line.
fn check_binary(args: &[&str], goal_text: &str, boards: &[Cells]) {
    let goal = cells(goal_text);
    let oracle = distances(&goal);
    let input: String = boards.iter().map(|b| text(b) + "\n").collect();
    let output = run(args, input);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    let out = stdout(&output);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), boards.len(), "{args:?}: one line per puzzle");
    let who = args.join(" ");
    for (board, &answer) in boards.iter().zip(&answers) {
        let moves = Some(answer).filter(|&a| a != "unsolvable");
        check(&who, &oracle, &goal, board, moves);
    }
}

#[test]
fn the_binary_answers_with_each_algorithm_optimally() {
    let boards = sample(SEED + 2, 300);
    for algorithm in ["bfs", "astar", "idastar", "bibfs", "table", "auto"] {
        check_binary(&["--algorithm", algorithm], GOAL, &boards);
    }
    for algorithm in ["bfs", "astar", "idastar"] {
        let args = ["--algorithm", algorithm, "--goal", CENTRED_GOAL];
        check_binary(&args, CENTRED_GOAL, &boards[..100]);
    }
}

/// A `--stats` line taken apart.
#[derive(Debug, PartialEq)]
struct StatsLine {
    puzzle: u64,
    algorithm: String,
    /// `None` for `unsolvable`.
    moves: Option<usize>,
    expanded: u64,
    generated: u64,
    max_frontier: u64,
}

/// Parses `puzzle N: NAME: M moves, E expanded, G generated, max frontier
/// F, T ms`, insisting on every word and on three decimals of time.
fn parse_stats(line: &str) -> StatsLine {
    try_parse_stats(line).unwrap_or_else(|| panic!("not a stats line: {line:?}"))
}

fn try_parse_stats(line: &str) -> Option<StatsLine> {
    let (puzzle, rest) = line.strip_prefix("puzzle ")?.split_once(": ")?;
    let (algorithm, rest) = rest.split_once(": ")?;
    let fields: Vec<&str> = rest.split(", ").collect();
    let [outcome, expanded, generated, frontier, time] = fields[..] else {
        return None;
    };
    let number = |text: &str, suffix: &str| text.strip_suffix(suffix)?.parse::<u64>().ok();
    let (whole, decimals) = time.strip_suffix(" ms")?.split_once('.')?;
    whole.parse::<u64>().ok()?;
    if decimals.len() != 3 || !decimals.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(StatsLine {
        puzzle: puzzle.parse().ok()?,
        algorithm: algorithm.to_string(),
        moves: match outcome {
            "unsolvable" => None,
            _ => Some(number(outcome, " moves")? as usize),
        },
        expanded: number(expanded, " expanded")?,
        generated: number(generated, " generated")?,
        max_frontier: number(frontier.strip_prefix("max frontier ")?, "")?,
    })
}

/// Runs `eight --stats ARGS` on three puzzles, a bad one and an unsolvable
/// one; returns the answers and the parsed stats lines.
fn stats_run(args: &[&str]) -> (Vec<String>, Vec<StatsLine>) {
    let input = "2 3 4 1 5 x 7 6 8\n8 6 7 2 5 4 3 x 1\n1 2 3 4 5 6 7 8 9\n21345678x\n12345678x\n";
    let output = run(&[&["--stats"], args].concat(), input);
    assert_eq!(
        output.status.code(),
        Some(1),
        "the bad puzzle sets the status"
    );
    let answers = stdout(&output).lines().map(String::from).collect();
    let mut stats = Vec::new();
    for line in stderr(&output).lines() {
        if line.starts_with("eight: ") {
            assert!(line.contains("(puzzle 3)"), "{line}");
        } else {
            stats.push(parse_stats(line));
        }
    }
    (answers, stats)
}

#[test]
fn stats_print_one_line_per_answered_puzzle() {
    for algorithm in ["bfs", "bibfs", "astar", "idastar"] {
        let (answers, stats) = stats_run(&["--algorithm", algorithm]);
        assert_eq!(answers.len(), 5);
        let numbers: Vec<u64> = stats.iter().map(|s| s.puzzle).collect();
        assert_eq!(
            numbers,
            [1, 2, 4, 5],
            "{algorithm}: no line for the bad puzzle"
        );
        for line in &stats {
            assert_eq!(line.algorithm, algorithm);
            assert!(line.expanded <= line.generated, "{line:?}");
        }
        let moves: Vec<Option<usize>> = stats.iter().map(|s| s.moves).collect();
        assert_eq!(moves, [Some(19), Some(31), None, Some(0)], "{algorithm}");
        assert_eq!(answers[0].len(), 19);
        // Searches did work on the solvable puzzles, none on the others.
        assert!(stats[0].expanded > 0 && stats[1].expanded > stats[0].expanded);
        assert_eq!((stats[2].expanded, stats[2].generated), (0, 0));
        assert_eq!(stats[3].expanded, 0);
    }
}

#[test]
fn stats_show_each_algorithm_s_own_kind_of_work() {
    // IDA* holds one path: its frontier is the solution's length.
    let (_, idastar) = stats_run(&["--algorithm", "idastar"]);
    assert_eq!(idastar[1].max_frontier, 31);
    // The table reports its build on the puzzle that built it, then no work.
    let (_, table) = stats_run(&["--algorithm", "table"]);
    assert_eq!(table[0].algorithm, "table");
    assert_eq!(table[0].expanded, 181_440);
    assert_eq!((table[1].expanded, table[1].generated), (0, 0));
    // Auto names the engine it chose; a few puzzles are searched.
    let (_, auto) = stats_run(&["--algorithm", "auto"]);
    assert!(
        auto.iter().all(|line| line.algorithm == "bibfs"),
        "{auto:?}"
    );
    // --lexmin answers from the table whatever the algorithm.
    let (_, lexmin) = stats_run(&["--algorithm", "astar", "--lexmin"]);
    assert!(
        lexmin.iter().all(|line| line.algorithm == "table"),
        "{lexmin:?}"
    );
    // A* expands far fewer states than plain BFS on the 31-move puzzle.
    let (_, astar) = stats_run(&["--algorithm", "astar"]);
    let (_, bfs) = stats_run(&["--algorithm", "bfs"]);
    assert!(
        astar[1].expanded * 10 < bfs[1].expanded,
        "{astar:?} {bfs:?}"
    );
}

#[test]
fn without_stats_nothing_is_printed_to_stderr() {
    let output = run(&["--algorithm", "astar"], "2 3 4 1 5 x 7 6 8\n");
    assert!(output.status.success());
    assert_eq!(stderr(&output), "");
    assert_eq!(stdout(&output).trim_end().len(), 19);
}
