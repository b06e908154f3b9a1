//! Shared test harness: run the real binary with piped stdin, and an oracle
//! of true distances that owes nothing to the library (its own moves, its own
//! BFS, a hash map instead of Cantor ranks).

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Output;

use assert_cmd::Command;
use rand::seq::SliceRandom;
use rand::Rng;

/// The `eight` binary built for this test run.
pub fn eight() -> Command {
    Command::cargo_bin("eight").expect("the eight binary is built for tests")
}

/// Runs `eight ARGS` with `stdin`, returning its whole output.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Output {
    eight()
        .args(args)
        .write_stdin(stdin.into())
        .output()
        .expect("eight runs")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// A board as nine cells in row order, 0 for the blank.
pub type Cells = [u8; 9];

/// `"12345678x"` (or any blank spelling the tool accepts) as cells.
pub fn cells(text: &str) -> Cells {
    let mut cells = [0; 9];
    let tiles: Vec<u8> = text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    cells.copy_from_slice(&tiles);
    cells
}

/// Cells written compactly with `x` for the blank, as the tool reads them.
pub fn text(cells: &Cells) -> String {
    cells
        .iter()
        .map(|&c| if c == 0 { 'x' } else { char::from(b'0' + c) })
        .collect()
}

/// The board after the blank moves by `letter` (`u d l r`), or `None` when
/// that leaves the board or the letter is not a move.
pub fn step(board: &Cells, letter: u8) -> Option<Cells> {
    let blank = board.iter().position(|&c| c == 0)?;
    let (row, col) = (blank / 3, blank % 3);
    let target = match letter {
        b'u' if row > 0 => blank - 3,
        b'd' if row < 2 => blank + 3,
        b'l' if col > 0 => blank - 1,
        b'r' if col < 2 => blank + 1,
        _ => return None,
    };
    let mut next = *board;
    next.swap(blank, target);
    Some(next)
}

/// Where `moves` take `board`, or `None` if a move is illegal.
pub fn play(board: &Cells, moves: &str) -> Option<Cells> {
    moves.bytes().try_fold(*board, |b, m| step(&b, m))
}

/// Distance to `goal` of every arrangement that can reach it, by a plain BFS.
pub fn distances(goal: &Cells) -> HashMap<Cells, u8> {
    let mut dist = HashMap::with_capacity(181_440);
    dist.insert(*goal, 0u8);
    let mut queue = std::collections::VecDeque::from([*goal]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        for letter in *b"udlr" {
            if let Some(next) = step(&board, letter) {
                dist.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    dist
}

/// All 9! arrangements in lexicographic order.
pub fn all_arrangements() -> Vec<Cells> {
    let mut all = Vec::with_capacity(362_880);
    let mut cells: Cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    loop {
        all.push(cells);
        // Next permutation in lexicographic order.
        let Some(i) = (0..8).rev().find(|&i| cells[i] < cells[i + 1]) else {
            return all;
        };
        let j = (i + 1..9).rev().find(|&j| cells[j] > cells[i]).unwrap();
        cells.swap(i, j);
        cells[i + 1..].reverse();
    }
}

/// A file named `name` with `contents` in Cargo's scratch folder for
/// integration tests; give each test its own name.
pub fn scratch(name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).expect("the scratch folder is writable");
    path
}

/// A uniformly shuffled arrangement.
pub fn random_arrangement(rng: &mut impl Rng) -> Cells {
    let mut cells: Cells = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    cells.shuffle(rng);
    cells
}

/// The shortest path from `start` that, at each board, takes the first
/// letter in `order` whose move gets one closer by `dist`: with `b"dlru"`
/// the lexicographically first shortest solution. `None` when `start`
/// cannot reach the goal `dist` was measured to.
pub fn greedy_path(start: &Cells, dist: &HashMap<Cells, u8>, order: &[u8; 4]) -> Option<String> {
    let mut board = *start;
    let mut left = *dist.get(&board)?;
    let mut path = String::new();
    while left > 0 {
        let (letter, next) = order
            .iter()
            .filter_map(|&letter| Some((letter, step(&board, letter)?)))
            .find(|(_, next)| dist.get(next) == Some(&(left - 1)))
            .expect("a neighbour one move closer");
        path.push(char::from(letter));
        board = next;
        left -= 1;
    }
    Some(path)
}
