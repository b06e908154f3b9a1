//! The promise that a faulty board costs exactly its own answer, as a
//! property: on every preset and on every plain size from 2x2 to 5x5,
//! random faults in random places (an extra or a missing tile, a long or
//! signed token, a row split at another place, a count that is wrong)
//! never change the answers to the good boards around them. Each input is
//! answered whole, then each of its cases alone, and the answers must be
//! the same, case by case; a good board must be answered, a faulty one
//! called invalid.
//!
//! A fault the layout cannot see is left out where it cannot be seen:
//! POJ 3240 gives a board as n² numbers with no lines that count, so a
//! missing number takes the first number of the next case (docs/judges.md
//! says so).

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use eight::batch::{Batch, Options};
use eight::judge::Preset;
use eight::pdb::{self, CacheDir};
use eight::read::frame::Framing;
use eight::{Engine, Grid, Shape};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::util::{tables, Board};

/// How a target lays out its cases.
#[derive(Clone, Copy, PartialEq)]
enum Frame {
    /// Boards one after another.
    Stream,
    /// A count line, then the cases.
    Counted,
    /// POJ 2893's `R C` line before each board, `0 0` at the end.
    RowsColumns,
    /// POJ 3240's `n` line before each n×n board.
    Side,
}

/// How a board's tiles are written.
#[derive(Clone, Copy, PartialEq)]
enum Spell {
    /// Words on lines: the board on one line or in rows, as `rows` says.
    Words { blank: &'static str, rows: Rows },
    /// One character per tile, the board on one line.
    Compact { blank: &'static str },
    /// LeetCode's `[[1,2,3],[4,0,5]]`.
    Brackets,
}

/// Whether a board in words is written in rows.
#[derive(Clone, Copy, PartialEq)]
enum Rows {
    Always,
    Sometimes,
    /// One board per line (UVa 652).
    Never,
}

/// One preset, or plain solving of one size.
struct Target {
    name: String,
    options: Options,
    frame: Frame,
    spell: Spell,
    /// The board of every case; `None` for a shape each case gives.
    shape: Option<Shape>,
    /// Each case brings its goal on the next line (HDU 3567).
    goals: bool,
    /// A blank line before each case (UVa 652).
    blank_lines: bool,
    /// How answers are laid out in the output.
    answers: Answers,
    /// A missing tile is a fault the layout can see.
    sees_missing: bool,
}

/// How the output separates the answers of cases.
#[derive(Clone, Copy, PartialEq)]
enum Answers {
    /// One line each.
    Lines,
    /// One line each, a blank line between two (UVa 652).
    Spaced,
    /// `Case N: …`, then maybe a line of moves (HDU 3567).
    Numbered,
}

/// A writer whose bytes stay readable while the batch keeps it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What was done to a case's board.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    None,
    /// A fault every layout sees: the board must be called invalid.
    Seen,
    /// A row split at another place: a fault where lines are rows, a
    /// good board where they are not; either way its own answer only.
    Relaid,
}

/// One case as text: its lines (a header first where the frame has one),
/// and what was done to its board.
struct Case {
    lines: Vec<String>,
    fault: Fault,
}

fn targets() -> Vec<Target> {
    let mut targets = Vec::new();
    for rows in 2..=5 {
        for columns in 2..=5 {
            let shape = Shape { rows, columns };
            let options = Options {
                framing: Framing::Stream(shape),
                goal: Some(Grid::solved(shape).unwrap()),
                tables: kept_tables(),
                ..Options::default()
            };
            targets.push(Target {
                name: format!("--size {rows}x{columns}"),
                options,
                frame: Frame::Stream,
                spell: Spell::Words {
                    blank: "x",
                    rows: Rows::Sometimes,
                },
                shape: Some(shape),
                goals: false,
                blank_lines: false,
                answers: Answers::Lines,
                sees_missing: true,
            });
        }
    }
    let words = |blank, rows| Spell::Words { blank, rows };
    let four = Shape {
        rows: 4,
        columns: 4,
    };
    let eight = Some(Shape::EIGHT);
    // Every preset's layout, as its problem states it; a new preset must
    // be added here.
    let layout = |name: &str| match name {
        "poj1077" | "acwing845" => (Frame::Stream, words("x", Rows::Sometimes), eight),
        "uva652" => (Frame::Counted, words("x", Rows::Never), eight),
        "luogu1379" => (Frame::Stream, Spell::Compact { blank: "0" }, eight),
        "hdu3567" => (Frame::Counted, Spell::Compact { blank: "X" }, eight),
        "alds1_13_b" => (Frame::Stream, words("0", Rows::Always), eight),
        "poj2893" => (Frame::RowsColumns, words("0", Rows::Always), None),
        "poj3240" => (Frame::Side, words("0", Rows::Always), None),
        "leetcode773" => (
            Frame::Stream,
            Spell::Brackets,
            Some(Shape {
                rows: 2,
                columns: 3,
            }),
        ),
        "uva10181" => (Frame::Counted, words("0", Rows::Always), Some(four)),
        "alds1_13_c" => (Frame::Stream, words("0", Rows::Always), Some(four)),
        other => panic!("no layout for the preset {other}"),
    };
    for preset in &Preset::ALL {
        let name = preset.name;
        let (frame, spell, shape) = layout(name);
        let mut options = preset.options(Engine::Auto);
        options.tables = kept_tables();
        targets.push(Target {
            name: format!("--judge {name}"),
            options,
            frame,
            spell,
            shape,
            goals: name == "hdu3567",
            blank_lines: name == "uva652",
            answers: match name {
                "uva652" => Answers::Spaced,
                "hdu3567" => Answers::Numbered,
                _ => Answers::Lines,
            },
            sees_missing: frame != Frame::Side,
        });
    }
    targets
}

/// The tests' table cache, shared with the other tests.
fn kept_tables() -> pdb::PdbOptions {
    pdb::PdbOptions {
        cache: CacheDir::At(tables()),
        ..pdb::PdbOptions::default()
    }
}

/// A board for a case: any arrangement where search is instant (up to 9
/// cells, and above 16 where answers are constructive), else a short walk
/// from the goal, sometimes made unsolvable by swapping two tiles.
fn board(shape: Shape, rng: &mut impl Rng) -> Board {
    let solved = Board::solved(shape.rows, shape.columns);
    let cells = shape.cells();
    if cells <= 9 || cells > 16 {
        let mut board = solved;
        board.tiles.shuffle(rng);
        return board;
    }
    let mut board = solved.walk(rng.random_range(0..24), rng);
    if rng.random_bool(0.2) {
        let tiles: Vec<usize> = (0..cells).filter(|&cell| board.tiles[cell] != 0).collect();
        board.tiles.swap(tiles[0], tiles[1]);
    }
    board
}

/// The board's tiles as the target spells them, in rows.
fn spelled(target: &Target, board: &Board) -> Vec<Vec<String>> {
    let blank = match target.spell {
        Spell::Words { blank, .. } | Spell::Compact { blank } => blank,
        Spell::Brackets => "0",
    };
    board
        .tiles
        .chunks(board.columns)
        .map(|row| {
            let word = |&tile: &u32| {
                if tile == 0 {
                    blank.to_string()
                } else {
                    tile.to_string()
                }
            };
            row.iter().map(word).collect()
        })
        .collect()
}

/// Spoils one of the board's words, or its rows, in place.
fn spoil(target: &Target, rows: &mut [Vec<String>], one_line: bool, rng: &mut impl Rng) -> Fault {
    let columns = rows[0].len();
    let cells = rows.len() * columns;
    let row = rng.random_range(0..rows.len());
    let at = rng.random_range(0..rows[row].len());
    let compact = matches!(target.spell, Spell::Compact { .. });
    // A board on one line with fewer than 2·C tiles is a row of a grid by
    // the layout rule (docs/input-output.md): a 2-row board one tile short.
    let sees_missing = target.sees_missing && !(one_line && cells - 1 < 2 * columns);
    let kinds: &[u8] = match (sees_missing, compact) {
        (true, true) => b"EML",
        (false, true) => b"EL",
        (true, false) => b"EMLS",
        (false, false) => b"ELS",
    };
    match kinds.choose(rng).unwrap() {
        b'E' => {
            // A repeat, or a number past the last tile.
            let extra = match rng.random_bool(0.5) {
                true => rows[row][at].clone(),
                false => cells.to_string(),
            };
            rows[row].insert(at, extra);
            Fault::Seen
        }
        b'M' => {
            rows[row].remove(at);
            Fault::Seen
        }
        b'L' => {
            let words = ["99999999999999999999", "-5", "a5", "1.5", "+"];
            // Up to 9 cells a word longer than a row is a compact puzzle
            // of its own (docs/input-output.md): in rows, only shorter
            // words are a fault inside the row.
            let fits = |word: &&str| cells > 9 || one_line || word.len() <= columns;
            let words: Vec<&str> = words.into_iter().filter(fits).collect();
            rows[row][at] = words.choose(rng).unwrap().to_string();
            Fault::Seen
        }
        _ => {
            // The last word of a row moved to the start of the next.
            if row + 1 == rows.len() {
                return Fault::None;
            }
            let word = rows[row].pop().unwrap();
            rows[row + 1].insert(0, word);
            Fault::Relaid
        }
    }
}

/// The lines of one board: in rows, or on one line.
fn lay_out(target: &Target, rows: Vec<Vec<String>>, one_line: bool) -> Vec<String> {
    match target.spell {
        Spell::Compact { .. } => vec![rows.concat().concat()],
        Spell::Brackets => {
            let rows: Vec<String> = rows
                .iter()
                .map(|row| format!("[{}]", row.join(",")))
                .collect();
            vec![format!("[{}]", rows.join(","))]
        }
        Spell::Words { .. } if one_line => vec![rows.concat().join(" ")],
        Spell::Words { .. } => rows.iter().map(|row| row.join(" ")).collect(),
    }
}

fn case(target: &Target, rng: &mut impl Rng) -> Case {
    let shape = target.shape.unwrap_or_else(|| {
        let side = rng.random_range(2..=5);
        match target.frame {
            Frame::Side => Shape {
                rows: side,
                columns: side,
            },
            _ => Shape {
                rows: side,
                columns: rng.random_range(2..=5),
            },
        }
    });
    let mut lines = match target.frame {
        Frame::RowsColumns => vec![format!("{} {}", shape.rows, shape.columns)],
        Frame::Side => vec![shape.rows.to_string()],
        Frame::Stream | Frame::Counted => Vec::new(),
    };
    if target.blank_lines {
        lines.insert(0, String::new());
    }
    let mut rows = spelled(target, &board(shape, rng));
    let one_line = match target.spell {
        Spell::Words {
            rows: Rows::Sometimes,
            ..
        } => rng.random_bool(0.5),
        Spell::Words {
            rows: Rows::Always, ..
        } => false,
        Spell::Words { .. } | Spell::Compact { .. } | Spell::Brackets => true,
    };
    let fault = match rng.random_bool(0.4) {
        true => spoil(target, &mut rows, one_line, rng),
        false => Fault::None,
    };
    lines.extend(lay_out(target, rows, one_line));
    if target.goals {
        lines.extend(lay_out(target, spelled(target, &board(shape, rng)), true));
    }
    Case { lines, fault }
}

/// The input of `cases` as the target frames it, its count off by `skew`.
fn input(target: &Target, cases: &[&Case], skew: i64) -> String {
    let mut text = String::new();
    if target.frame == Frame::Counted {
        text += &format!("{}\n", cases.len() as i64 + skew);
    }
    for case in cases {
        for line in &case.lines {
            text += line;
            text.push('\n');
        }
    }
    if target.frame == Frame::RowsColumns {
        text += "0 0\n";
    }
    text
}

/// Answers `input` on the target's batch: each case's answer, and the
/// puzzles called invalid (numbered from 1 within this input).
fn answer(
    batch: &mut Batch<Shared>,
    out: &Shared,
    target: &Target,
    input: &str,
) -> (Vec<String>, Vec<u64>) {
    out.0.borrow_mut().clear();
    let first = batch.tally().puzzles;
    let mut invalid = Vec::new();
    // A broken frame ends the input after the answers before it.
    let _ = batch.run(
        input.as_bytes(),
        |number, _| invalid.push(number - first),
        |_| {},
    );
    let text = String::from_utf8(out.0.borrow().clone()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    if target.answers == Answers::Spaced && first > 0 && batch.tally().puzzles > first {
        // The blank line that parts this input's first answer from the
        // answers of the inputs before it on the same batch.
        lines.remove(0);
    }
    let answers = match target.answers {
        Answers::Lines => lines.iter().map(|line| line.to_string()).collect(),
        Answers::Spaced => lines
            .iter()
            .step_by(2)
            .map(|line| line.to_string())
            .collect(),
        Answers::Numbered => {
            let mut answers: Vec<String> = Vec::new();
            for line in lines {
                match line.strip_prefix("Case ") {
                    Some(rest) => answers.push(rest.split_once(": ").unwrap().1.to_string()),
                    None => *answers.last_mut().unwrap() += &format!("\n{line}"),
                }
            }
            answers
        }
    };
    (answers, invalid)
}

#[test]
fn a_fault_anywhere_costs_its_own_answer_and_no_other_on_every_size_and_preset() {
    for target in targets() {
        let out = Shared::default();
        let batch = RefCell::new(Batch::new(target.options.clone(), out.clone()).unwrap());
        let mut runner = TestRunner::new(Config {
            cases: std::env::var("FAULT_CASES").map_or(12, |n| n.parse().unwrap()),
            failure_persistence: None,
            ..Config::default()
        });
        let outcome = runner.run(&(any::<u64>(), 1..6usize), |(seed, count)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let cases: Vec<Case> = (0..count).map(|_| case(&target, &mut rng)).collect();
            let counted = target.frame == Frame::Counted;
            let skew = match rng.random_range(0..6) {
                0 if counted => -1,
                1 if counted => 1,
                _ => 0,
            };
            let all: Vec<&Case> = cases.iter().collect();
            let text = input(&target, &all, skew);
            let (whole, _) = answer(&mut batch.borrow_mut(), &out, &target, &text);
            // A count one short leaves the last case out of the frame.
            let framed = if skew < 0 { count - 1 } else { count };
            let mut alone = Vec::new();
            for (number, case) in cases.iter().take(framed).enumerate() {
                let (answers, invalid) = answer(
                    &mut batch.borrow_mut(),
                    &out,
                    &target,
                    &input(&target, &[case], 0),
                );
                let place = format!("case {} of {text:?}, alone", number + 1);
                prop_assert_eq!(answers.len(), 1, "{}", place);
                match case.fault {
                    Fault::Seen => prop_assert_eq!(&invalid, &[1], "{}", place),
                    Fault::None => prop_assert!(invalid.is_empty(), "{}", place),
                    Fault::Relaid => {}
                }
                alone.extend(answers);
            }
            prop_assert_eq!(whole, alone, "{:?}", text);
            Ok(())
        });
        if let Err(failure) = outcome {
            panic!("{}: {failure}", target.name);
        }
    }
}
