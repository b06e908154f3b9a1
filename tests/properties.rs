//! Property tests: the reader on generated layouts and on arbitrary bytes,
//! and the engines on random walks away from random goals.

use eight::board::Board;
use eight::goal::Goal;
use eight::input::PuzzleReader;
use eight::moves::Move;
use eight::solver::{Engine, Solver, Verdict};
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
        separators in proptest::collection::vec(select(vec!["", " ", "  ", ",", ", ", "\n", "\t", "\r\n"]), 9),
        blank in select(vec!['x', 'X', '0', '_', '#']),
    ) {
        let mut text = String::new();
        for (&tile, separator) in tiles.iter().zip(&separators) {
            text.push(if tile == 0 { blank } else { char::from(b'0' + tile) });
            text.push_str(separator);
        }
        let items: Vec<_> = PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(items, vec![Ok(Board::from_tiles(&tiles).unwrap())]);
    }

    #[test]
    fn arbitrary_bytes_never_break_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        for item in PuzzleReader::new(bytes.as_slice()) {
            if let Err(error) = item.unwrap() {
                prop_assert!(error.line >= 1 && error.line <= newlines + 1);
            }
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
        let engines = [
            Engine::Bidirectional,
            Engine::Table,
            Engine::BreadthFirst,
            Engine::AStar,
            Engine::IdaStar,
        ];
        for engine in engines {
            let mut path = Vec::new();
            let verdict = Solver::new(engine).solve(&start, &goal, &mut path);
            prop_assert_eq!(verdict, Verdict::Solved);
            prop_assert_eq!(start.apply_all(&path), Ok(*goal.board()));
            prop_assert!(path.len() <= walked);
            lengths.push(path.len());
        }
        prop_assert!(lengths.iter().all(|&l| l == lengths[0]), "{:?}", lengths);
    }
}
