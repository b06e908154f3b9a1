//! Every search algorithm against the oracle's own BFS: A* over all 9!
//! arrangements through the library (IDA* gets them through the binary in
//! `tests/exhaustive.rs`), all six engines over a seeded
//! random sample (plain BFS is too slow for all 9!), a smaller sample
//! through the binary with `--algorithm`, and the shape of `--stats`.
//!
//! An answer is right when it is `unsolvable` exactly where the oracle
//! cannot reach the goal, and otherwise the canonical answer: the first
//! shortest solution in letter order, which the oracle finds by walking
//! from the puzzle, at each board taking the first letter that gets one
//! move closer by its own distances. Every engine, in every batch, gives
//! that same answer.

use std::collections::HashMap;

use crate::messages::PREFIX;
use crate::util::{
    all_arrangements, cells, distances, greedy_path, run, stderr, stdout, text, Cells,
};
use eight::board::Board;
use eight::letters;
use eight::Goal;
use eight::{Engine, Solution, Solver3x3};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

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
    let expected = greedy_path(board, oracle, b"dlru");
    assert_eq!(
        answer,
        expected.as_deref(),
        "{who}: {} to {}",
        text(board),
        text(goal)
    );
}

/// Solves every board in `boards` with `engine` through the library and
/// checks each answer against the oracle.
fn check_engine(engine: Engine, goal_text: &str, boards: &[Cells]) {
    let goal_cells = cells(goal_text);
    let oracle = distances(&goal_cells);
    let goal = Goal::new(Board::from_tiles(&goal_cells).unwrap());
    let mut solver = Solver3x3::new(engine);
    let mut path = Vec::new();
    let who = format!("{} to {goal_text}", engine.name());
    for board in boards {
        let start = Board::from_tiles(board).unwrap();
        let moves = match solver.solve(&start, &goal, &mut path).unwrap() {
            Solution::Solved => Some(letters(&path)),
            Solution::Unsolvable => None,
            Solution::NotShortest => panic!("{who}: the 3x3 engines have no node limit"),
        };
        check(&who, oracle, &goal_cells, board, moves.as_deref());
    }
}

#[test]
fn astar_gives_the_canonical_answer_to_every_arrangement() {
    // A* on 9! boards is nearly all of the time: a share of them for each
    // core, at once, each share with a solver of its own.
    let all = all_arrangements();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for boards in all.chunks(all.len().div_ceil(cores)) {
            scope.spawn(move || check_engine(Engine::AStar, GOAL, boards));
        }
    });
}

#[test]
fn every_engine_answers_a_random_sample_optimally() {
    let boards = sample(SEED, 1500);
    for engine in Engine::ALL {
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
        check(&who, oracle, &goal, board, moves);
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
            "1 move" => Some(1),
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
        if line.starts_with(PREFIX) {
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
fn stats_count_one_move_in_the_singular() {
    for algorithm in ["table", "bibfs", "astar"] {
        let output = run(&["--stats", "--algorithm", algorithm], "1234567x8\n");
        assert_eq!(stdout(&output), "r\n");
        let line = stderr(&output);
        let head = format!("puzzle 1: {algorithm}: 1 move, ");
        assert!(line.starts_with(&head), "{line}");
        assert_eq!(parse_stats(line.trim_end()).moves, Some(1));
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
    // --lexmin changes nothing: the algorithm asked for answers.
    let (_, lexmin) = stats_run(&["--algorithm", "astar", "--lexmin"]);
    assert!(
        lexmin.iter().all(|line| line.algorithm == "astar"),
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

/// The hardest puzzle, alone and after 2,000 others: auto has switched from
/// searching to the table by then, and the answer must not change with it,
/// nor with the algorithm asked for.
#[test]
fn the_answer_does_not_depend_on_the_batch_or_the_algorithm() {
    const HARDEST: &str = "8 6 7 2 5 4 3 x 1\n";
    let alone = run(&[], HARDEST);
    assert!(alone.status.success());
    let alone = stdout(&alone);
    assert_eq!(alone.trim_end().len(), 31);
    let others: String = sample(SEED + 3, 2000)
        .iter()
        .map(|b| text(b) + "\n")
        .collect();
    let output = run(&["--stats"], others + HARDEST);
    assert!(output.status.success());
    let last_line = stdout(&output).lines().last().unwrap().to_string() + "\n";
    assert_eq!(last_line, alone, "after 2,000 others");
    let last_stats = parse_stats(stderr(&output).lines().last().unwrap());
    assert_eq!(last_stats.algorithm, "table", "auto has switched by then");
    for algorithm in ["bibfs", "table", "bfs", "astar", "idastar"] {
        let output = run(&["--algorithm", algorithm], HARDEST);
        assert_eq!(stdout(&output), alone, "{algorithm}");
    }
}

/// HDU 3567 asks for the first shortest answer in letter order, which every
/// engine gives: `--algorithm` is honoured there, not replaced by the table.
#[test]
fn the_hdu3567_preset_searches_with_the_algorithm_asked_for() {
    let input = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    let expected = "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n";
    for algorithm in ["auto", "bibfs", "table", "bfs", "astar", "idastar"] {
        let output = run(
            &["--judge", "hdu3567", "--algorithm", algorithm, "--stats"],
            input,
        );
        assert!(output.status.success(), "{algorithm}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{algorithm}");
        let stats: Vec<StatsLine> = stderr(&output).lines().map(parse_stats).collect();
        assert_eq!(stats.len(), 2, "{algorithm}");
        let chosen = if algorithm == "auto" {
            "bibfs"
        } else {
            algorithm
        };
        for line in stats {
            assert_eq!(line.algorithm, chosen);
        }
    }
}
