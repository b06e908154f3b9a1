//! Solvability of a board of any shape, to any goal, in O(n): so an
//! unsolvable 1000×1000 board is refused at once, and so the any-size
//! solvers ([`crate::small`], [`crate::constructive`]) never start on one.
//!
//! # The invariant
//! Let σ be the permutation of cells that sends each cell of the start to the
//! cell where its tile (or the blank) stands in the goal; the start is the
//! goal exactly when σ is the identity. A move swaps the blank with a
//! neighbour, so it composes σ with one transposition and flips σ's parity;
//! it also moves the blank one step, so it flips the parity of the blank's
//! taxicab distance to its goal cell. Their sum mod 2 never changes, and at
//! the goal both are even. So a board can reach a goal only if
//!
//! > parity(σ) ≡ |Δrow| + |Δcolumn| of the blank (mod 2).
//!
//! The converse holds on every rectangle with both sides at least 2: moves
//! reach exactly half of all arrangements (Johnson & Story 1879 for 4×4;
//! Wilson 1974 for any 2-connected graph other than a cycle — the 2×2 board
//! is a 4-cycle, whose 12 reachable arrangements are still half of 4!). The
//! tests check the equivalence against brute force on every board of 2×2,
//! 2×3, 3×2, 2×4, 4×2 and 3×3.
//!
//! The parity is counted by cycles, `(cells − cycles) mod 2`, which is one
//! pass over the cells instead of an O(n²) inversion count; this is the
//! same quantity [`crate::parity`] gets from inversions on the 3×3 board.

use crate::grid::{Grid, GridError};

/// Whether `goal` can be reached from `start` by sliding the blank.
///
/// O(cells) time and 8 bytes of scratch per cell.
///
/// # Example
/// ```
/// use eight::{solvable, Grid, Shape};
/// let shape = Shape { rows: 2, columns: 3 };
/// let goal = Grid::new(shape, vec![1, 2, 3, 4, 5, 0]).unwrap();
/// let near = Grid::new(shape, vec![1, 2, 3, 4, 0, 5]).unwrap();
/// let swapped = Grid::new(shape, vec![1, 2, 3, 5, 4, 0]).unwrap();
/// assert_eq!(solvable(&near, &goal), Ok(true));
/// assert_eq!(solvable(&swapped, &goal), Ok(false));
/// ```
pub fn solvable(start: &Grid, goal: &Grid) -> Result<bool, GridError> {
    if start.shape() != goal.shape() {
        return Err(GridError::ShapeMismatch(start.shape(), goal.shape()));
    }
    let taxicab = start.shape().taxicab(start.blank(), goal.blank());
    Ok(odd_permutation(start, goal) == (taxicab % 2 == 1))
}

/// Boards of at most this many cells, all that an exact engine solves, are
/// checked with scratch on the stack: the special judge asks once per case,
/// and two allocations per ask cost it 13% more instructions on the 9! 3×3
/// arrangements (callgrind).
const STACK_CELLS: usize = 25;

/// Whether the permutation of cells taking `start` to `goal` (the blank
/// included) is odd. Both must have the same shape.
fn odd_permutation(start: &Grid, goal: &Grid) -> bool {
    let cells = start.tiles().len();
    if cells <= STACK_CELLS {
        let mut scratch = [[0u32; STACK_CELLS]; 2];
        let [goal_cell, next] = &mut scratch;
        return odd_permutation_in(start, goal, &mut goal_cell[..cells], &mut next[..cells]);
    }
    odd_permutation_in(start, goal, &mut vec![0; cells], &mut vec![0; cells])
}

/// [`odd_permutation`] with scratch of one entry per cell in `goal_cell`
/// and `next`.
fn odd_permutation_in(start: &Grid, goal: &Grid, goal_cell: &mut [u32], next: &mut [u32]) -> bool {
    // `goal_cell[tile]`: where the tile stands in the goal.
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u32;
    }
    // `next[cell]`: where the tile in `cell` belongs; walking it visits a
    // cycle, and each visited entry is overwritten with `DONE` so the walk
    // touches one array, not three (on 10^6 cells every step is a cache
    // miss).
    const DONE: u32 = u32::MAX;
    for (entry, &tile) in next.iter_mut().zip(start.tiles()) {
        *entry = goal_cell[tile as usize];
    }
    let cells = next.len();
    let mut cycles = 0;
    for first in 0..cells {
        if next[first] == DONE {
            continue;
        }
        cycles += 1;
        let mut cell = first;
        while next[cell] != DONE {
            let to = next[cell];
            next[cell] = DONE;
            cell = to as usize;
        }
    }
    (cells - cycles) % 2 == 1
}

#[cfg(test)]
mod tests {
    use rand::{seq::SliceRandom, Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::moves::Move;
    use crate::shape::Shape;
    use crate::small::tests::{every_board, plain_bfs, reversed, SHAPES};

    /// Goals with the blank in different cells and the tiles in different
    /// orders: the solved board, its reverse, and two shuffled ones.
    fn goals(shape: Shape, rng: &mut ChaCha8Rng) -> Vec<Grid> {
        let mut list = vec![Grid::solved(shape).unwrap(), reversed(shape, 0)];
        list.extend([shuffled(shape, rng), shuffled(shape, rng)]);
        list
    }

    /// The solved board of `shape`, its tiles and blank shuffled.
    fn shuffled(shape: Shape, rng: &mut ChaCha8Rng) -> Grid {
        let mut tiles = Grid::solved(shape).unwrap().tiles().to_vec();
        tiles.shuffle(rng);
        Grid::new(shape, tiles).unwrap()
    }

    #[test]
    fn the_invariant_agrees_with_brute_force_on_every_small_board() {
        let mut rng = ChaCha8Rng::seed_from_u64(1077);
        for (rows, columns) in SHAPES {
            let shape = Shape::new(rows, columns);
            let boards = every_board(shape);
            let factorial: usize = (1..=shape.cells()).product();
            assert_eq!(boards.len(), factorial);
            for goal in goals(shape, &mut rng) {
                // Every arrangement the goal reaches, by plain BFS.
                let reached = plain_bfs(&goal, None);
                assert_eq!(reached.len(), factorial / 2, "{shape:?}");
                for start in &boards {
                    let want = reached.contains_key(start.tiles());
                    assert_eq!(solvable(start, &goal), Ok(want), "{start:?} to {goal:?}");
                }
            }
        }
    }

    #[test]
    fn random_walks_stay_solvable_and_one_swap_breaks_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (rows, columns) in [(50, 50), (7, 3), (3, 7), (1000, 2), (2, 1000)] {
            let shape = Shape::new(rows, columns);
            let goal = shuffled(shape, &mut rng);
            for steps in [0, 1, 2, 101, 10_000] {
                // The board `steps` random moves away from `goal`.
                let mut start = goal.clone();
                for _ in 0..steps {
                    start.apply(Move::from_index(rng.next_u64() as usize));
                }
                assert_eq!(solvable(&start, &goal), Ok(true));
                assert_eq!(solvable(&goal, &start), Ok(true));
                // Swap two numbered tiles: one transposition, blank unmoved.
                let mut tiles = start.tiles().to_vec();
                let numbered: Vec<usize> = (0..tiles.len()).filter(|&c| tiles[c] != 0).collect();
                let a = numbered[rng.next_u64() as usize % numbered.len()];
                let b = *numbered.iter().find(|&&c| c != a).unwrap();
                tiles.swap(a, b);
                let broken = Grid::new(shape, tiles).unwrap();
                assert_eq!(solvable(&broken, &goal), Ok(false));
            }
        }
    }

    #[test]
    fn boards_of_different_shapes_are_an_error() {
        let a = Grid::solved(Shape::new(2, 3)).unwrap();
        let b = Grid::solved(Shape::new(3, 2)).unwrap();
        assert_eq!(
            solvable(&a, &b),
            Err(GridError::ShapeMismatch(Shape::new(2, 3), Shape::new(3, 2)))
        );
    }
}
