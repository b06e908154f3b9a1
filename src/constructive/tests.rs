use rand::{seq::SliceRandom, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

/// A uniformly random board that can reach `goal`.
fn random_solvable(goal: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let mut tiles = goal.tiles().to_vec();
    tiles.shuffle(rng);
    let grid = Grid::new(goal.shape(), tiles.clone()).unwrap();
    if solvable(&grid, goal).unwrap() {
        return grid;
    }
    // Swapping two numbered tiles flips the class.
    let numbered: Vec<usize> = (0..tiles.len()).filter(|&c| tiles[c] != BLANK).collect();
    tiles.swap(numbered[0], numbered[1]);
    Grid::new(goal.shape(), tiles).unwrap()
}

/// A random start and its goal: the solved board in even rounds, else tiles
/// shuffled, blank anywhere.
fn random_case(shape: Shape, round: usize, rng: &mut ChaCha8Rng) -> (Grid, Grid) {
    let solved = Grid::solved(shape).unwrap();
    let goal = if round % 2 == 0 {
        solved
    } else {
        random_solvable(&solved, rng)
    };
    (random_solvable(&goal, rng), goal)
}

/// Replays `moves` on `tiles` with nothing from the crate but the
/// letters' meaning: the blank swaps with the neighbour named.
fn replay(shape: Shape, tiles: &[u32], moves: &[Move]) -> Option<Vec<u32>> {
    let mut tiles = tiles.to_vec();
    let mut blank = tiles.iter().position(|&t| t == 0)?;
    let (rows, columns) = (shape.rows as isize, shape.columns as isize);
    for &m in moves {
        let (dr, dc) = match m.letter() {
            b'd' => (1, 0),
            b'u' => (-1, 0),
            b'l' => (0, -1),
            b'r' => (0, 1),
            _ => unreachable!(),
        };
        let (r, c) = (blank as isize / columns + dr, blank as isize % columns + dc);
        if !(0..rows).contains(&r) || !(0..columns).contains(&c) {
            return None;
        }
        let next = (r * columns + c) as usize;
        tiles.swap(blank, next);
        blank = next;
    }
    Some(tiles)
}

fn check(start: &Grid, goal: &Grid) -> usize {
    let moves = solve_to_vec(start, goal).unwrap().expect("solvable");
    let end = replay(start.shape(), start.tiles(), &moves);
    assert_eq!(end.as_deref(), Some(goal.tiles()), "{start:?} to {goal:?}");
    assert_no_undoing(&moves);
    moves.len()
}

/// No move of `moves` undoes the one before it (`lr`, `rl`, `ud`, `du`).
fn assert_no_undoing(moves: &[Move]) {
    let undone = moves
        .windows(2)
        .position(|pair| pair[1] == pair[0].inverse());
    assert_eq!(undone, None, "{}", crate::moves::letters(moves));
}

#[test]
fn random_boards_of_many_shapes_are_solved_to_random_goals() {
    let mut rng = ChaCha8Rng::seed_from_u64(1077);
    let mut shapes: Vec<(usize, usize)> = (2..=10).map(|c| (2, c)).collect();
    shapes.extend([
        (10, 2),
        (3, 2),
        (4, 2),
        (3, 7),
        (7, 3),
        (4, 4),
        (5, 5),
        (3, 4),
    ]);
    shapes.extend([(4, 3), (6, 9), (9, 6), (10, 10)]);
    let mut longest = 0;
    for (rows, columns) in shapes {
        let shape = Shape::new(rows, columns);
        for round in 0..40 {
            let (start, goal) = random_case(shape, round, &mut rng);
            longest = longest.max(check(&start, &goal));
        }
    }
    assert!(longest > 1000, "the longest answer has {longest} moves");
}

#[test]
fn square_boards_stay_within_five_n_cubed() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for (n, rounds) in [(3, 50), (4, 50), (5, 50), (6, 20), (10, 20), (30, 3)] {
        let shape = Shape::new(n, n);
        for round in 0..rounds {
            let (start, goal) = random_case(shape, round, &mut rng);
            let moves = check(&start, &goal);
            assert!(moves <= 5 * n * n * n, "{n}×{n}: {moves} moves");
        }
    }
}

#[test]
fn every_two_by_three_and_three_by_three_board_is_solved() {
    for (rows, columns) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
        let shape = Shape::new(rows, columns);
        let goal = Grid::solved(shape).unwrap();
        let table = SmallTable::build(&goal).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let start = random_solvable(&goal, &mut rng);
            // A core alone is solved by the table: shortest answers.
            let want = table.distance(&start).unwrap().map(usize::from);
            assert_eq!(Some(check(&start, &goal)), want);
        }
    }
}

#[test]
fn unsolvable_boards_get_no_moves() {
    let goal = Grid::solved(Shape::new(5, 4)).unwrap();
    let mut tiles = goal.tiles().to_vec();
    tiles.swap(0, 1);
    let start = Grid::new(goal.shape(), tiles).unwrap();
    let mut count = 0;
    assert_eq!(solve(&start, &goal, |_| count += 1), Ok(false));
    assert_eq!(count, 0);
    assert_eq!(solve_to_vec(&goal, &goal), Ok(Some(Vec::new())));
}

#[test]
fn a_hundred_by_hundred_board_streams_its_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(100);
    let shape = Shape::new(100, 100);
    let (start, goal) = random_case(shape, 1, &mut rng);
    let mut board = start.clone();
    let mut count = 0u64;
    let mut last: Option<Move> = None;
    assert_eq!(
        solve(&start, &goal, |m| {
            assert!(board.apply(m));
            assert_ne!(
                last.map(Move::inverse),
                Some(m),
                "move {count} undoes the one before"
            );
            last = Some(m);
            count += 1;
        }),
        Ok(true)
    );
    assert_eq!(board, goal);
    let bound = manhattan(&start, &goal).unwrap();
    assert!(count >= bound);
}

#[test]
fn manhattan_counts_numbered_tiles_only() {
    let shape = Shape::new(2, 3);
    let goal = Grid::solved(shape).unwrap();
    let start = Grid::new(shape, vec![0, 2, 3, 1, 4, 5]).unwrap();
    assert_eq!(manhattan(&start, &goal), Ok(3));
}
