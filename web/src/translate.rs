//! The page's requests in plain Rust types, each one call into the
//! library: boards as [`Grid`]s, answers as move strings, errors as the
//! library's messages. Kept apart from `wasm_bindgen` so that it is tested
//! natively.

use std::io;
use std::ops::ControlFlow;
use std::ops::RangeInclusive;
use std::sync::Arc;

use eight::board::Board;
use eight::compare::{Comparison, Lineup, SearchLayers, Totals};
use eight::generate::{Distances, Draw, GenerateError, Population};
use eight::pdb::Progress;
use eight::read::frame::Framing;
use eight::read::{parse, shape_of};
use eight::search::{SearchListener, SearchProgress};
use eight::{letters, Goal, Grid, Move, Shape, Solution, Strategy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// What became of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first shortest answer in letter order.
    Solved,
    /// A valid answer, not necessarily the fewest moves (the constructive
    /// method, on boards above 16 cells).
    NotFewest,
    /// Parity says the goal cannot be reached.
    Unsolvable,
}

impl Verdict {
    /// The name the page reads.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::NotFewest => "not-fewest",
            Verdict::Unsolvable => "unsolvable",
        }
    }
}

/// An answer: the moves of the blank as `eight` prints them, and what
/// they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `d`, `l`, `r`, `u` moves of the blank; empty when unsolvable.
    pub moves: String,
    /// Whether they are the fewest, or there are none.
    pub verdict: Verdict,
}

/// The engines a page keeps: one [`Strategy`] per goal, as `eight`
/// chooses it, with its tables in memory (a browser has no cache
/// directory).
#[derive(Default)]
pub struct Engines {
    strategies: Vec<(Grid, Strategy)>,
    reporting: Option<Reporting>,
}

/// Where the engines tell how far their work has come: the tables being
/// built, and the searches of the pattern databases (the other engines
/// answer at once).
pub struct Reporting {
    /// Told while tables are built.
    pub building: Progress,
    /// Told a search's bound and nodes, every 1,024 nodes.
    pub searching: SearchListener,
}

impl Engines {
    /// Engines that tell `reporting` how their work goes.
    pub fn reporting(reporting: Reporting) -> Engines {
        Engines {
            reporting: Some(reporting),
            ..Engines::default()
        }
    }

    /// Solves `start` towards `goal`, a board of the same shape.
    pub fn solve(&mut self, start: &Grid, goal: &Grid) -> Result<Answer, String> {
        if start.shape() != goal.shape() {
            return Err(format!(
                "the board is {} and the goal {}",
                start.shape(),
                goal.shape()
            ));
        }
        let mut path = Vec::new();
        let strategy = self.strategy(goal)?;
        let mut moves = Vec::new();
        let solution = strategy
            .solve(start, goal, &mut path, |step| {
                moves.push(step);
                ControlFlow::Continue(())
            })
            .map_err(|error| error.to_string())?;
        let fewest = strategy.shortest();
        Ok(answer(&moves, solution, fewest))
    }

    /// Builds now the tables that solving towards `goal` needs.
    pub fn prepare(&mut self, goal: &Grid) -> Result<(), String> {
        let strategy = self.strategy(goal)?;
        strategy.prepare(goal).map_err(|error| error.to_string())
    }

    /// The engine towards `goal`, made on first use.
    fn strategy(&mut self, goal: &Grid) -> Result<&mut Strategy, String> {
        let at = match self.strategies.iter().position(|(made, _)| made == goal) {
            Some(at) => at,
            None => {
                let mut strategy =
                    Strategy::while_waiting(goal).map_err(|error| error.to_string())?;
                if let Some(reporting) = &self.reporting {
                    strategy.on_progress(Arc::clone(&reporting.building));
                    let listener = Arc::clone(&reporting.searching);
                    strategy.watch(Arc::new(SearchProgress::with_listener(listener)));
                }
                self.strategies.push((goal.clone(), strategy));
                self.strategies.len() - 1
            }
        };
        Ok(&mut self.strategies[at].1)
    }
}

/// The answer of `moves` with the engine's `solution`; `fewest` says
/// whether the engine gives the fewest moves.
fn answer(moves: &[Move], solution: Solution, fewest: bool) -> Answer {
    let verdict = match solution {
        Solution::Solved if fewest => Verdict::Solved,
        Solution::Solved | Solution::NotShortest => Verdict::NotFewest,
        Solution::Unsolvable => Verdict::Unsolvable,
    };
    Answer {
        moves: letters(moves),
        verdict,
    }
}

/// The board of `rows` by `columns` holding `tiles`, checked.
pub fn grid(tiles: Vec<u32>, rows: usize, columns: usize) -> Result<Grid, String> {
    Grid::new(Shape::new(rows, columns), tiles).map_err(|error| error.to_string())
}

/// The solved board of `rows` by `columns`: the tiles in row order, the
/// blank last.
pub fn solved(rows: usize, columns: usize) -> Result<Grid, String> {
    Grid::solved(Shape::new(rows, columns)).map_err(|error| error.to_string())
}

/// The sides of the square boards the page plays.
pub const SIDES: RangeInclusive<usize> = 2..=5;

/// The most moves of a random walk, where no table holds the distances:
/// enough to mix a 5x5 board many times over, and a walk the page takes in
/// a moment.
pub const WALK_MOVES: u32 = 10_000;

/// One board read from `text` as the command line reads it: the 3×3 board
/// as `eight` does, others as `eight --size RxC` does. Its size is the one
/// its layout gives ([`shape_of`]), else `side` by `side`; the page plays
/// square boards of [`SIDES`].
pub fn read(text: &str, side: usize) -> Result<Grid, String> {
    let shape = shape_of(text).unwrap_or(Shape::new(side, side));
    if shape.rows != shape.columns || !SIDES.contains(&shape.rows) {
        return Err(format!(
            "a {shape} board: the page plays square boards from {0}x{0} to {1}x{1}",
            SIDES.start(),
            SIDES.end()
        ));
    }
    parse(text, shape).map_err(|error| error.to_string())
}

/// `grid` after the blank moves by `letter`, if that move stays on the
/// board.
pub fn step(mut grid: Grid, letter: char) -> Option<Grid> {
    let step = Move::from_letter(u8::try_from(letter).ok()?)?;
    grid.apply(step).then_some(grid)
}

/// The letter of the move that undoes the move `letter`, if it is one.
pub fn inverse(letter: char) -> Option<char> {
    let step = Move::from_letter(u8::try_from(letter).ok()?)?;
    Some(char::from(step.inverse().letter()))
}

/// The letter of the blank's move onto `cell`, where the tile there is
/// beside the blank: the move a click on that tile makes.
pub fn move_towards(grid: &Grid, cell: usize) -> Option<char> {
    grid.move_towards(cell)
        .map(|step| char::from(step.letter()))
}

/// A scrambled board, and the command that draws it again, if one does.
#[derive(Debug)]
pub struct Scrambled {
    pub grid: Grid,
    /// `eight gen --distance D --seed S`, where a table holds the
    /// distances; `None` for a random walk.
    pub command: Option<String>,
}

/// A `side` by `side` board at `distance` moves from the solved one (`D` or `A..B`, as
/// `eight gen --distance` takes it, with its messages), drawn from `seed`
/// as `eight gen` draws it where a table holds the distances (up to nine
/// cells); beyond, a random walk of `D` moves, at most [`WALK_MOVES`].
pub fn scramble(side: usize, distance: &str, seed: u64) -> Result<Scrambled, String> {
    let goal = solved(side, side)?;
    let distances: Distances = distance.parse().map_err(|error| format!("{error}"))?;
    let rng = ChaCha8Rng::seed_from_u64(seed);
    let population = Population::Distance(distances);
    // The 3×3 goal as a `Board`, as `eight gen` has it, so that a message
    // spells it as the command line does.
    let drawn = if goal.shape() == Shape::EIGHT {
        Draw::new(&Board::GOAL, population, 1, rng.clone())
    } else {
        Draw::new(&goal, population, 1, rng.clone())
    };
    let (mut drawn, command) = match drawn {
        Err(GenerateError::NoTable { .. }) => {
            let moves = distances.min;
            if distances.max != moves || moves > WALK_MOVES {
                return Err(format!(
                    "a random walk takes one number of moves, from 0 to {WALK_MOVES}"
                ));
            }
            let walks = Draw::walks(&goal, moves, 1, rng).map_err(|error| error.to_string())?;
            (walks, None)
        }
        drawn => {
            let size = match goal.shape() {
                Shape::EIGHT => String::new(),
                shape => format!(" --size {shape}"),
            };
            let command = format!("eight gen{size} --distance {distances} --seed {seed}");
            (drawn.map_err(|error| error.to_string())?, Some(command))
        }
    };
    let (grid, _) = drawn.next().ok_or("nothing was drawn")?;
    Ok(Scrambled { grid, command })
}

/// Whether the page compares boards of `shape`: it sets the algorithms
/// side by side, on the shape the library compares them on.
pub fn compares(shape: Shape) -> bool {
    Lineup::for_shape(shape) == Some(Lineup::Algorithms)
}

/// What `eight compare` makes of one 3×3 board: the totals of its table,
/// and the searches that `eight compare --svg` draws, layer by layer, or
/// why there are none.
pub struct Compared {
    pub totals: Totals,
    pub layers: Result<SearchLayers, String>,
}

/// `eight compare` on one 3×3 board, run once for the totals and the
/// figure.
pub fn compare(start: &Grid) -> Result<Compared, String> {
    let comparison = comparison(start)?;
    let layers = comparison
        .search_layers()
        .map_err(|error| error.to_string())?
        .ok_or_else(|| "an unsolvable board has no search to draw".to_string());
    let totals = comparison.totals().clone();
    Ok(Compared { totals, layers })
}

/// `eight compare` run on one 3×3 board; the page shows its totals, not
/// its text.
fn comparison(start: &Grid) -> Result<Comparison<io::Sink>, String> {
    if !compares(start.shape()) {
        return Err(format!(
            "the algorithms are compared on 3x3 boards, not {}",
            start.shape()
        ));
    }
    let mut comparison =
        Comparison::new(Goal::default(), Framing::Stream(Shape::EIGHT), io::sink());
    let input = start.spelled(" ");
    comparison
        .run(input.as_bytes(), |_, _| {}, |_| {})
        .map_err(|error| error.to_string())?;
    Ok(comparison)
}

#[cfg(test)]
mod tests {
    use super::*;
    use eight::Engine;

    #[test]
    fn reads_every_layout_the_command_line_reads() {
        let three = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        for text in ["12345678x", "1 2 3\n4 5 6\n7 8 x", "1,2,3,4,5,6,7,8,0"] {
            assert_eq!(read(text, 3).unwrap().tiles(), &three, "{text:?}");
        }
        let two = read("[[1,2],[3,0]]", 2).unwrap();
        assert_eq!(two.tiles(), &[1, 2, 3, 0]);
    }

    #[test]
    fn a_boards_size_is_read_from_its_layout() {
        let fifteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x";
        assert_eq!(read(fifteen, 3).unwrap().shape(), Shape::new(4, 4));
        assert_eq!(read("1 2\n3 x", 5).unwrap().shape(), Shape::new(2, 2));
        assert_eq!(read("12345678x", 4).unwrap().shape(), Shape::EIGHT);
        // Where the layout does not say, the size chosen decides.
        assert_eq!(
            read("1 2 3 4 5 6 7 8", 3).unwrap_err(),
            "expected 9 tiles, found 8"
        );
        let message = "the page plays square boards from 2x2 to 5x5";
        assert_eq!(
            read("1 2 3\n4 5 x", 3).unwrap_err(),
            format!("a 2x3 board: {message}")
        );
        let six: Vec<String> = (1..36).map(|t| t.to_string()).collect();
        let six = format!("{} x", six.join(" "));
        assert_eq!(
            read(&six, 5).unwrap_err(),
            format!("a 6x6 board: {message}")
        );
    }

    #[test]
    fn a_bad_board_is_the_command_lines_message() {
        assert_eq!(
            read("1 2 3 4 5 6 7 8 8", 3).unwrap_err(),
            "tile '8' appears twice"
        );
        assert_eq!(
            read("1 2 3 4 5 6 7 8", 3).unwrap_err(),
            "expected 9 tiles, found 8"
        );
        let fifteen = read("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15", 4);
        assert_eq!(fifteen.unwrap_err(), "tile '15' appears twice");
    }

    #[test]
    fn answers_are_the_command_lines() {
        let mut engines = Engines::default();
        let start = read("2 3 4 1 5 x 7 6 8", 3).unwrap();
        let goal = solved(3, 3).unwrap();
        let answer = engines.solve(&start, &goal).unwrap();
        assert_eq!(answer.moves, "dlurullddrurdllurdr");
        assert_eq!(answer.verdict, Verdict::Solved);
        let swapped = read("2 1 3 4 5 6 7 8 x", 3).unwrap();
        let answer = engines.solve(&swapped, &goal).unwrap();
        assert_eq!(answer.verdict, Verdict::Unsolvable);
        assert_eq!(answer.moves, "");
    }

    #[test]
    fn other_sizes_are_solved_as_eight_size_solves_them() {
        let mut engines = Engines::default();
        let start = read("1 2\n0 3", 2).unwrap();
        let answer = engines.solve(&start, &solved(2, 2).unwrap()).unwrap();
        assert_eq!(
            (answer.moves.as_str(), answer.verdict),
            ("r", Verdict::Solved)
        );
        let five = step(solved(5, 5).unwrap(), 'u').unwrap();
        let answer = engines.solve(&five, &solved(5, 5).unwrap()).unwrap();
        assert_eq!(answer.verdict, Verdict::NotFewest);
        assert_eq!(step(five, 'd').unwrap(), solved(5, 5).unwrap());
    }

    #[test]
    fn searches_and_builds_report_as_they_go() {
        use std::sync::Mutex;
        let searched = Arc::new(Mutex::new(Vec::new()));
        let built = Arc::new(Mutex::new(Vec::new()));
        let reporting = Reporting {
            building: {
                let built = Arc::clone(&built);
                Arc::new(move |progress| built.lock().unwrap().push(progress.done))
            },
            searching: {
                let searched = Arc::clone(&searched);
                Arc::new(move |bound, nodes| searched.lock().unwrap().push((bound, nodes)))
            },
        };
        let mut engines = Engines::reporting(reporting);
        // 47 moves, 24,511 nodes with the 5-5-5 tables (`eight --stats`).
        let start = read("3 13 11 7 2 9 5 10 12 14 8 4 6 1 x 15", 4).unwrap();
        let answer = engines.solve(&start, &solved(4, 4).unwrap()).unwrap();
        assert_eq!(answer.verdict, Verdict::Solved);
        let built = built.lock().unwrap();
        assert_eq!(built.last(), Some(&1.0), "{built:?}");
        let searched = searched.lock().unwrap();
        assert!(searched.len() > 2, "{searched:?}");
        assert!(searched
            .windows(2)
            .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1));
        assert_eq!(searched.last().unwrap().0 as usize, answer.moves.len());
    }

    #[test]
    fn a_step_off_the_board_is_none() {
        let goal = solved(3, 3).unwrap();
        assert!(step(goal.clone(), 'r').is_none());
        assert!(step(goal.clone(), 'q').is_none());
        assert_eq!(
            step(goal, 'l').unwrap().tiles(),
            &[1, 2, 3, 4, 5, 6, 7, 0, 8]
        );
    }

    #[test]
    fn scrambles_at_the_distance_asked() {
        let mut engines = Engines::default();
        let goal = solved(3, 3).unwrap();
        for seed in 0..5 {
            let start = scramble(3, "14", seed).unwrap();
            assert_eq!(engines.solve(&start.grid, &goal).unwrap().moves.len(), 14);
            let command = format!("eight gen --distance 14 --seed {seed}");
            assert_eq!(start.command, Some(command));
        }
        let far = scramble(3, "40", 1).unwrap_err();
        assert!(far.contains("31"), "{far}");
        let two = scramble(2, "3..4", 9).unwrap().command;
        assert_eq!(
            two.as_deref(),
            Some("eight gen --size 2x2 --distance 3..4 --seed 9")
        );
        let walk = scramble(4, "10", 1).unwrap();
        assert_eq!(walk.command, None);
        let answer = engines.solve(&walk.grid, &solved(4, 4).unwrap()).unwrap();
        assert!(answer.moves.len() <= 10);
        assert!(scramble(5, &WALK_MOVES.to_string(), 1).is_ok());
    }

    #[test]
    fn a_distance_is_a_whole_number_the_command_line_takes() {
        for side in [3, 4] {
            for text in ["", "1e9", "-1", "4294967296", "3.7", "twenty"] {
                let error = scramble(side, text, 1).unwrap_err();
                let expected = format!("'{text}' is not a distance");
                assert!(error.starts_with(&expected), "{text:?} on {side}: {error}");
            }
        }
        let long = scramble(5, &(WALK_MOVES + 1).to_string(), 1).unwrap_err();
        assert_eq!(
            long,
            "a random walk takes one number of moves, from 0 to 10000"
        );
        assert!(scramble(4, "3..5", 1).unwrap_err().contains("one number"));
    }

    /// The totals are those `eight compare` writes under its table for
    /// the same board, but for the time.
    #[test]
    fn compare_gives_a_row_per_algorithm_as_the_table_writes_them() {
        let start = read("2 3 4 1 5 x 7 6 8", 3).unwrap();
        let totals = compare(&start).unwrap().totals;
        let names: Vec<&str> = totals.rows.iter().map(|row| row.name).collect();
        assert_eq!(names, Engine::COMPARED.map(Engine::name));
        assert!(totals.rows.iter().all(|row| row.moves == 19));
        assert_eq!((totals.puzzles, totals.unsolvable), (1, 0));
        let mut written = Comparison::new(Goal::default(), Framing::default(), Vec::new());
        written
            .run("2 3 4 1 5 x 7 6 8\n".as_bytes(), |_, _| {}, |_| {})
            .unwrap();
        written.finish().unwrap();
        let table = String::from_utf8(written.into_inner()).unwrap();
        let lines = table.lines().rev().take(totals.rows.len());
        for (row, line) in totals.rows.iter().rev().zip(lines) {
            let cells: Vec<&str> = line.split_whitespace().collect();
            let counts = [row.moves, row.expanded, row.generated, row.max_frontier];
            let counts = counts.map(|count| count.to_string());
            assert_eq!(cells[0], row.name, "{table}");
            assert_eq!(cells[1..5], counts, "{table}");
        }
        let unsolvable = read("2 1 3 4 5 6 7 8 x", 3).unwrap();
        let totals = compare(&unsolvable).unwrap().totals;
        assert_eq!((totals.puzzles, totals.unsolvable), (1, 1));
        assert!(compare(&solved(2, 2).unwrap()).is_err());
    }

    #[test]
    fn only_3x3_boards_are_compared() {
        assert!(compares(Shape::EIGHT));
        for side in [2, 4, 5] {
            assert!(!compares(Shape::new(side, side)), "{side}");
        }
    }

    #[test]
    fn a_click_beside_the_blank_moves_it_there_and_a_move_is_undone() {
        // 1 2 3 / x 4 5 / 6 7 8: the blank starts its row.
        let grid = read("1 2 3 x 4 5 6 7 8", 3).unwrap();
        let clicks = [
            (0, Some('u')),
            (4, Some('r')),
            (6, Some('d')),
            (2, None),
            (3, None),
            (8, None),
        ];
        for (cell, letter) in clicks {
            assert_eq!(move_towards(&grid, cell), letter, "{cell}");
        }
        // Every move the blank can make here is undone by its inverse.
        for letter in ['d', 'r', 'u'] {
            let back = inverse(letter).unwrap();
            assert_eq!(inverse(back), Some(letter));
            let moved = step(grid.clone(), letter).unwrap();
            assert_eq!(step(moved, back), Some(grid.clone()), "{letter}");
        }
        assert_eq!(inverse('x'), None);
    }

    #[test]
    fn the_searches_are_the_ones_compare_draws() {
        let start = read("2 3 4 1 5 x 7 6 8", 3).unwrap();
        let layers = comparison(&start)
            .unwrap()
            .search_layers()
            .unwrap()
            .unwrap();
        assert_eq!(layers.breadth_first.len(), 19);
        assert_eq!(compare(&start).unwrap().layers.unwrap(), layers);
        let unsolvable = read("2 1 3 4 5 6 7 8 x", 3).unwrap();
        assert!(compare(&unsolvable)
            .unwrap()
            .layers
            .unwrap_err()
            .contains("unsolvable"));
    }
}
