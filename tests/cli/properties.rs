//! Property tests: the reader on generated layouts and on arbitrary bytes,
//! and the engines on random walks away from random goals.

use eight::board::Board;
use eight::read::{PuzzleError, Reader};

/// Every item of `input`, read as 3×3 boards by the one reader.
fn boards(input: impl std::io::BufRead) -> Vec<Result<Board, PuzzleError>> {
    let mut reader = Reader::new(input, eight::Shape::EIGHT).unwrap();
    let mut items = Vec::new();
    while let Some(item) = reader.next_puzzle().unwrap() {
        let tiles = |grid: eight::Grid| grid.tiles().iter().map(|&t| t as u8).collect::<Vec<_>>();
        items.push(item.map(|grid| Board::from_tiles(&tiles(grid)).unwrap()));
    }
    items
}
use eight::Goal;
use eight::Move;
use eight::{Engine, Solution, Solver3x3};
use proptest::prelude::*;
use proptest::sample::select;

/// A permutation of the nine cells (0 the blank).
fn arrangement() -> impl Strategy<Value = Vec<u8>> {
    Just((0..9u8).collect::<Vec<_>>()).prop_shuffle()
}

proptest! {
    #[test]
    fn any_spelling_of_a_board_reads_back_as_that_board(
        tiles in arrangement(),
        gaps in proptest::collection::vec(select(vec!["", " ", "  ", ",", ", ", "\t", "\u{a0}", "\u{3000}"]), 8),
        line_breaks in select(vec![None, Some("\n"), Some("\r\n"), Some(" \n")]),
        compact in any::<bool>(),
        mark in select(vec!["", "\u{feff}"]),
        blank in select(vec!['x', 'X', '0', '_', '#']),
    ) {
        let mut text = mark.to_string();
        for (i, &tile) in tiles.iter().enumerate() {
            text.push(if tile == 0 { blank } else { char::from(b'0' + tile) });
            let end_of_row = i % 3 == 2;
            let gap = match line_breaks {
                // A grid: rows on their own lines, tiles in a row spaced or not.
                Some(line_break) if end_of_row => line_break,
                _ if compact => "",
                // Words no longer than a row, so the line is one run.
                _ if end_of_row && gaps[i.min(7)].is_empty() => " ",
                _ => gaps[i.min(7)],
            };
            text.push_str(gap);
        }
        let items: Vec<_> = boards(text.as_bytes()).into_iter().collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(items, vec![Board::from_tiles(&tiles).unwrap()], "{:?}", text);
    }

    #[test]
    fn a_mistake_costs_its_puzzle_and_no_other(
        puzzles in proptest::collection::vec((arrangement(), 0..5usize, 0..9usize), 1..8),
        layout in 0..5usize,
    ) {
        // Fault 0 is none; then a character that is no tile, a missing
        // tile, an extra tile (a repeat), a repeated tile, each at `at`.
        let mut text = String::new();
        let mut want = Vec::new();
        for (tiles, fault, at) in &puzzles {
            let mut cells: Vec<char> = tiles.iter().map(|&t| if t == 0 { 'x' } else { char::from(b'0' + t) }).collect();
            let mut rows = vec![3, 3, 3];
            match fault {
                1 => cells[*at] = '9',
                2 => { cells.remove(*at); rows[at / 3] -= 1; }
                3 => { cells.insert(*at, cells[(at + 1) % 9]); rows[at / 3] += 1; }
                4 => cells[*at] = cells[(at + 1) % 9],
                _ => {}
            }
            want.push(if *fault == 0 { Some(Board::from_tiles(tiles).unwrap()) } else { None });
            let spaced = |cells: &[char]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
            match layout {
                0 => text += &format!("{}\n", spaced(&cells)),
                1 => text += &format!("{}\n", cells.iter().collect::<String>()),
                2 => text += &format!("{} ", cells.iter().collect::<String>()),
                _ => {
                    let mut rest = &cells[..];
                    for row in rows {
                        text += &format!("{}\n", spaced(&rest[..row]));
                        rest = &rest[row..];
                    }
                    if layout == 4 {
                        text.push('\n');
                    }
                }
            }
        }
        let got: Vec<_> = boards(text.as_bytes()).into_iter().map(|item| item.ok()).collect();
        prop_assert_eq!(got, want, "{:?}", text);
    }

    #[test]
    fn reads_of_any_size_give_the_same_items(
        pieces in proptest::collection::vec(select(vec![
            "1", "2", "3", "x", "9", "é", " ", "\u{a0}", "\u{feff}", ",", "\n", "\n\n", "\r\n",
            "12345678x", "1 2 3", "4 5 6 7 8 x", "\u{e2}",
        ]), 0..60),
        capacity in 1..16usize,
    ) {
        let text: String = pieces.concat();
        let read = |capacity| {
            boards(std::io::BufReader::with_capacity(capacity, text.as_bytes()))
        };
        prop_assert_eq!(read(capacity), read(text.len().max(1)));
    }

    #[test]
    fn arbitrary_bytes_never_break_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        for error in boards(bytes.as_slice()).into_iter().filter_map(Result::err) {
            prop_assert!(error.line >= 1 && error.line <= newlines + 1);
        }
    }

    #[test]
    fn a_random_walk_is_never_shorter_than_the_answer(
        goal_tiles in arrangement(),
        walk in proptest::collection::vec(select(Move::ALL.to_vec()), 0..60),
    ) {
        let goal = Goal::new(Board::from_tiles(&goal_tiles).unwrap());
        // Moves off the board are skipped; the rest make a walk of `walked` moves.
        let (start, walked) = walk.iter().fold((*goal.board(), 0), |(b, n), &m| match b.apply(m) {
            Some(next) => (next, n + 1),
            None => (b, n),
        });
        let mut lengths = Vec::new();
        SOLVERS.with_borrow_mut(|solvers| {
            for solver in solvers {
                let mut path = Vec::new();
                let verdict = solver.solve(&start, &goal, &mut path);
                prop_assert_eq!(verdict, Ok(Solution::Solved));
                prop_assert_eq!(start.apply_all(&path), Ok(*goal.board()));
                prop_assert!(path.len() <= walked);
                lengths.push(path.len());
            }
            Ok(())
        })?;
        prop_assert!(lengths.iter().all(|&l| l == lengths[0]), "{:?}", lengths);
    }
}

thread_local! {
    /// One solver per engine for all the random walks. A solver keeps what
    /// it builds per canonical goal, one for each of the nine blank cells,
    /// so the table engine builds each table once, not once per walk (a
    /// fresh solver per walk spent 5 of the test's 6 s building the same
    /// nine tables again and again).
    static SOLVERS: std::cell::RefCell<Vec<Solver3x3>> = std::cell::RefCell::new(
        [
            Engine::Bidirectional,
            Engine::Table,
            Engine::BreadthFirst,
            Engine::AStar,
            Engine::IdaStar,
        ]
        .map(Solver3x3::new)
        .into(),
    );
}
