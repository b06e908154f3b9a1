//! Shared test harness: run the real binary with piped stdin, and an oracle
//! of true distances that owes nothing to the library (its own moves, its own
//! BFS, a hash map instead of Cantor ranks).

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::process::Output;
use std::sync::{Mutex, OnceLock};

use assert_cmd::Command;
use rand::seq::{IndexedRandom, SliceRandom};
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

/// Where the tests keep the pattern databases of other sizes, one folder
/// for all of them (named for the cache's format), so that each table is
/// built once per test run, not once per test module.
pub fn tables() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tables-v{}", eight::pdb::FORMAT_VERSION))
}

/// Runs `eight ARGS` with `stdin`, the pattern databases kept in
/// [`tables`].
pub fn run_sized(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    eight()
        .args(args)
        .env("EIGHT_CACHE_DIR", tables())
        .write_stdin(stdin.as_ref().to_vec())
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

/// Distance to `goal` of every arrangement that can reach it, by a plain
/// BFS made once per test process for each goal (many tests ask for the
/// same few goals).
pub fn distances(goal: &Cells) -> &'static HashMap<Cells, u8> {
    static DISTANCES: Memo<Cells, HashMap<Cells, u8>> = Memo::new();
    DISTANCES.get(goal, || bfs_cells(goal))
}

/// The BFS of [`distances`].
fn bfs_cells(goal: &Cells) -> HashMap<Cells, u8> {
    let mut dist = HashMap::with_capacity(181_440);
    dist.insert(*goal, 0u8);
    let mut queue = VecDeque::from([*goal]);
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

/// All 9! arrangements in lexicographic order, listed once per test
/// process.
pub fn all_arrangements() -> &'static [Cells] {
    static ALL: Memo<(), Vec<Cells>> = Memo::new();
    ALL.get(&(), || {
        Board::every(3, 3)
            .iter()
            .map(|board| {
                let mut cells: Cells = [0; 9];
                for (cell, &tile) in cells.iter_mut().zip(&board.tiles) {
                    *cell = tile as u8;
                }
                cells
            })
            .collect()
    })
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

/// A state the oracle can move: a 3×3 [`Cells`] or a [`Board`] of any
/// shape.
pub trait Moves: Clone + Eq + std::hash::Hash {
    /// The state after the blank moves by `letter`, if it stays on.
    fn after(&self, letter: u8) -> Option<Self>;
}

impl Moves for Cells {
    fn after(&self, letter: u8) -> Option<Cells> {
        step(self, letter)
    }
}

impl Moves for Board {
    fn after(&self, letter: u8) -> Option<Board> {
        self.step(letter)
    }
}

/// The shortest path from `start` that, at each board, takes the first
/// letter in `order` whose move gets one closer by `dist`: with `b"dlru"`
/// the lexicographically first shortest solution. `None` when `start`
/// cannot reach the goal `dist` was measured to.
pub fn greedy_path<S: Moves, D: Copy + Into<usize>>(
    start: &S,
    dist: &HashMap<S, D>,
    order: &[u8; 4],
) -> Option<String> {
    let mut board = start.clone();
    let mut left: usize = (*dist.get(&board)?).into();
    let mut path = String::new();
    while left > 0 {
        let (letter, next) = order
            .iter()
            .filter_map(|&letter| Some((letter, board.after(letter)?)))
            .find(|(_, next)| dist.get(next).map(|&d| d.into()) == Some(left - 1))
            .expect("a neighbour one move closer");
        path.push(char::from(letter));
        board = next;
        left -= 1;
    }
    Some(path)
}

/// A board of any shape: its rows, its columns, its tiles in row order (0
/// the blank).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: usize,
    pub columns: usize,
    pub tiles: Vec<u32>,
}

impl Board {
    pub fn solved(rows: usize, columns: usize) -> Board {
        let cells = rows * columns;
        let tiles = (1..cells as u32).chain([0]).collect();
        Board {
            rows,
            columns,
            tiles,
        }
    }

    /// The board after the blank moves by `letter`, if it stays on.
    pub fn step(&self, letter: u8) -> Option<Board> {
        let blank = self.tiles.iter().position(|&t| t == 0)?;
        let (row, column) = (blank / self.columns, blank % self.columns);
        let to = match letter {
            b'd' if row + 1 < self.rows => blank + self.columns,
            b'u' if row > 0 => blank - self.columns,
            b'l' if column > 0 => blank - 1,
            b'r' if column + 1 < self.columns => blank + 1,
            _ => return None,
        };
        let mut next = self.clone();
        next.tiles.swap(blank, to);
        Some(next)
    }

    /// Where `moves` take the board, or `None` at an illegal move.
    pub fn play(&self, moves: &str) -> Option<Board> {
        moves.bytes().try_fold(self.clone(), |b, m| b.step(m))
    }

    /// `steps` random moves from this board.
    pub fn walk(&self, steps: usize, rng: &mut impl Rng) -> Board {
        let mut board = self.clone();
        for _ in 0..steps {
            let letter = *b"dlru".choose(rng).expect("four letters");
            if let Some(next) = board.step(letter) {
                board = next;
            }
        }
        board
    }

    /// The tiles as the tool reads them, `x` for the blank.
    pub fn text(&self) -> String {
        let words: Vec<String> = self
            .tiles
            .iter()
            .map(|&t| if t == 0 { "x".into() } else { t.to_string() })
            .collect();
        words.join(" ")
    }
}

/// Distances to `goal` of every board that reaches it.
pub fn bfs(goal: &Board) -> HashMap<Board, usize> {
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        for letter in *b"dlru" {
            if let Some(next) = board.step(letter) {
                dist.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    dist
}

/// `2x3`, as `--size` takes it.
pub fn size(board: &Board) -> String {
    format!("{}x{}", board.rows, board.columns)
}

impl Board {
    /// Every arrangement of a `rows`×`columns` board, in lexicographic
    /// order of the tiles.
    pub fn every(rows: usize, columns: usize) -> Vec<Board> {
        let cells = rows * columns;
        let mut tiles: Vec<u32> = (0..cells as u32).collect();
        let mut all = Vec::new();
        loop {
            all.push(Board {
                rows,
                columns,
                tiles: tiles.clone(),
            });
            let Some(i) = (0..cells - 1).rev().find(|&i| tiles[i] < tiles[i + 1]) else {
                return all;
            };
            let j = (i + 1..cells).rev().find(|&j| tiles[j] > tiles[i]).unwrap();
            tiles.swap(i, j);
            tiles[i + 1..].reverse();
        }
    }

    /// The goal with the blank in the second cell and the tiles reversed
    /// around it: another blank cell, another order.
    pub fn reversed(rows: usize, columns: usize) -> Board {
        let mut tiles: Vec<u32> = (1..(rows * columns) as u32).rev().collect();
        tiles.insert(1, 0);
        Board {
            rows,
            columns,
            tiles,
        }
    }
}

/// Values made once per test process and shared by every test that asks
/// for the same key: an oracle that several tests need is built once in a
/// `cargo test` run (each test is a process of its own under nextest).
/// Two tests asking for one key at once wait for one making; different
/// keys are made at the same time. A value lives as long as the process,
/// so it is lent for good.
pub struct Memo<K, V: 'static>(Mutex<Vec<(K, &'static OnceLock<V>)>>);

impl<K: PartialEq + Clone, V> Memo<K, V> {
    pub const fn new() -> Self {
        Memo(Mutex::new(Vec::new()))
    }

    /// The value for `key`, from `make` the first time it is asked for.
    pub fn get(&self, key: &K, make: impl FnOnce() -> V) -> &'static V {
        let cell = {
            let mut made = self.0.lock().unwrap_or_else(|e| e.into_inner());
            match made.iter().find(|(k, _)| k == key) {
                Some(&(_, cell)) => cell,
                None => {
                    let cell: &'static OnceLock<V> = Box::leak(Box::default());
                    made.push((key.clone(), cell));
                    cell
                }
            }
        };
        cell.get_or_init(make)
    }
}

/// A path named `name` in Cargo's scratch folder, with no file there yet:
/// where a test has the binary write a picture.
pub fn scratch_path(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The boards `eight gen ARGS` prints, one a line; it must succeed. (It
/// reads no tables: `run` and [`run_sized`] are the same to it.)
pub fn gen(args: &[&str]) -> String {
    let output = run(&[&["gen"], args].concat(), "");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// Whether `program` runs and its `--version` names it `banner` (GNU
/// parallel's does; moreutils' `parallel`, of the same name, does not). A
/// missing one fails under CI, where `.ci/run` installs it; elsewhere it is
/// noted on stderr and the check that needs it is skipped.
pub fn available(program: &str, banner: &str) -> bool {
    let found = std::process::Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).contains(banner));
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{banner} is not installed, and CI is set: .ci/run installs it"
        );
        eprintln!("note: {banner} is not installed, so its check is skipped");
    }
    found
}
