//! The draws' tests: ranges of distances, whole populations, the messages
//! of draws that cannot be made, and each source keeping to its population.

use super::*;
use crate::search::table::DistanceMap;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A 3×3 grid as a board.
fn board(grid: &Grid) -> Board {
    let tiles: Vec<u8> = grid.tiles().iter().map(|&tile| tile as u8).collect();
    Board::from_tiles(&tiles).unwrap()
}

#[test]
fn distances_parse_as_one_number_or_an_inclusive_range() {
    let malformed = |text: &str| {
        format!(
            "'{text}' is not a distance: expected a number like 20 or an inclusive range like 20..25"
        )
    };
    let cases = [
        ("20", "20..20".to_string()),
        ("0", "0..0".to_string()),
        ("20..25", "20..25".to_string()),
        (" 7 .. 7 ", "7..7".to_string()),
        (
            "25..20",
            "25..20 is empty: the first distance is larger than the last".to_string(),
        ),
        ("x", malformed("x")),
        ("20..", malformed("20..")),
        ("-1", malformed("-1")),
        ("1..=3", malformed("1..=3")),
        ("1..2..3", malformed("1..2..3")),
    ];
    for (text, want) in cases {
        let got = match text.parse::<Distances>() {
            Ok(range) => format!("{}..{}", range.min, range.max),
            Err(error) => error.to_string(),
        };
        assert_eq!(got, want, "{text}");
    }
    assert_eq!(Distances { min: 3, max: 5 }.to_string(), "3..5");
    assert_eq!(Distances { min: 3, max: 3 }.to_string(), "3");
}

fn draw(goal: &impl Shown, population: Population, count: u64) -> Result<Vec<Grid>, String> {
    let rng = ChaCha8Rng::seed_from_u64(9);
    Draw::new(goal, population, count, rng)
        .map(|draw| draw.map(|(board, _)| board).collect())
        .map_err(|e| e.to_string())
}

#[test]
fn a_draw_of_a_whole_population_is_a_permutation_of_it() {
    // Distance 5 from the standard goal holds 20 arrangements.
    let five = Population::Distance(Distances { min: 5, max: 5 });
    let drawn = draw(&Board::GOAL, five, 20).unwrap();
    let mut boards: Vec<Board> = drawn.iter().map(board).collect();
    let table = DistanceMap::build(&Board::GOAL).unwrap();
    assert!(boards.iter().all(|b| table.distance(b) == Some(5)));
    boards.sort_by_key(crate::rank::rank);
    boards.dedup();
    assert_eq!(boards.len(), 20);
    assert_eq!(
        draw(&Board::GOAL, five, 21).unwrap_err(),
        "asked for 21 puzzles at distance 5 from 12345678x, but there are only 20"
    );
}

#[test]
fn impossible_draws_say_why() {
    let range = Population::Distance(Distances { min: 30, max: 31 });
    assert_eq!(
        draw(&Board::GOAL, range, 1000).unwrap_err(),
        "asked for 1000 puzzles at distance 30 to 31 from 12345678x, but there are only 223"
    );
    assert_eq!(
        draw(&Board::GOAL, Population::Solvable, u64::MAX).unwrap_err(),
        format!(
            "asked for {} puzzles that can reach 12345678x, but there are only 181440",
            u64::MAX
        )
    );
}

#[test]
fn a_pair_draw_measures_each_start_to_its_own_goal() {
    let near = Population::Distance(Distances { min: 3, max: 4 });
    let rng = ChaCha8Rng::seed_from_u64(5);
    for (start, goal) in Draw::pairs(near, 10, rng).unwrap() {
        let (start, goal) = (board(&start), board(&goal.unwrap()));
        let distance = DistanceMap::build(&goal).unwrap().distance(&start);
        assert!(matches!(distance, Some(3 | 4)), "{start} {goal}");
    }
    let pairs = |population, count| {
        let rng = ChaCha8Rng::seed_from_u64(1);
        Draw::pairs(population, count, rng)
            .err()
            .map(|e| e.to_string())
    };
    let solved = Population::Distance(Distances { min: 0, max: 0 });
    assert_eq!(
        pairs(solved, 362_881).unwrap(),
        "asked for 362881 puzzles at distance 0 from their own goals, \
         but there are only 362880 pairs of puzzle and goal"
    );
    assert_eq!(pairs(Population::Unsolvable, 1), None);
}

#[test]
fn below_stays_in_range_and_reaches_every_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut seen = [0u32; 7];
    for _ in 0..7000 {
        seen[below(&mut rng, 7)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    assert_eq!(below(&mut rng, 1), 0);
}

fn goal(rows: usize, columns: usize) -> Grid {
    Grid::solved(Shape { rows, columns }).unwrap()
}

#[test]
fn a_whole_population_is_drawn_once_each() {
    let two = goal(2, 2);
    let mut all = draw(&two, Population::Solvable, 12).unwrap();
    all.sort_by(|a, b| a.tiles().cmp(b.tiles()));
    all.dedup();
    assert_eq!(all.len(), 12);
    assert!(all.iter().all(|b| solvable(b, &two) == Ok(true)));
    assert_eq!(
        draw(&two, Population::Unsolvable, 13).unwrap_err(),
        "asked for 13 puzzles that cannot reach 1 2 3 x, but there are only 12"
    );
}

#[test]
fn distances_are_exact_where_a_table_exists() {
    let six = goal(2, 3);
    let table = SmallTable::build(&six).unwrap();
    let range = Population::Distance(Distances { min: 20, max: 21 });
    // All seven arrangements at 20 or 21 moves, the farthest of 2x3.
    for board in draw(&six, range, 7).unwrap() {
        assert!(matches!(table.distance(&board), Ok(Some(20 | 21))));
    }
    let beyond = Population::Distance(Distances { min: 22, max: 22 });
    assert_eq!(
        draw(&six, beyond, 1).unwrap_err(),
        "distance 22 is beyond the maximum: no arrangement is more than 21 moves from 1 2 3 4 5 x"
    );
}

#[test]
fn shuffles_keep_to_their_half_and_walks_to_their_reach() {
    for (rows, columns) in [(3, 4), (4, 4), (5, 5), (2, 9)] {
        let goal = goal(rows, columns);
        for (population, want) in [
            (Population::Solvable, true),
            (Population::Unsolvable, false),
        ] {
            for board in draw(&goal, population, 20).unwrap() {
                assert_eq!(solvable(&board, &goal), Ok(want));
            }
        }
    }
    let four = goal(4, 4);
    let rng = ChaCha8Rng::seed_from_u64(2);
    for (board, _) in Draw::walks(&four, 6, 50, rng).unwrap() {
        let lower = crate::constructive::manhattan(&board, &four).unwrap();
        assert!(lower <= 6, "{board:?}");
    }
}
