//! Judge presets: the input framing, goal and output of one online judge's
//! sliding-puzzle problem in one name, so that `eight` answers its sample
//! byte for byte.
//!
//! Every preset is one row of [`Preset::ALL`]: its name, its problem, its
//! help paragraph, how its input is framed, its goal, how its answers are
//! written (a [`Format`], which the special judge reads back), how `gen`
//! spells its test files, and what its statement promises. The solver, the
//! special judge (`verify`), the generator (`gen`) and the command line read
//! the row rather than naming presets themselves, so a new preset is a row
//! here and its sample test.
//!
//! Every 3×3 preset reads every blank spelling the tokenizer knows (`x`,
//! `X`, `0`, …), so the judge's own blank needs no setting. On boards of
//! other shapes, or of a shape each case gives, the blank is `0` and the
//! goal is the tiles in row order with the blank last.

use crate::board::{Board, BLANK, BLANK_CHAR, CELLS};
use crate::format::{Format, Moves};
use crate::goal::Goal;
pub use crate::read::frame::{Framing, Header};
use crate::shape::Shape;

/// A judge problem whose input and output `eight` reproduces: one row of
/// [`Preset::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The preset's name, as `--judge` spells it.
    pub name: &'static str,
    /// The problem as its judge names it, for messages.
    pub problem: &'static str,
    /// The preset in one paragraph, for `--help`: its input and its output.
    pub summary: &'static str,
    /// How the input lays out its cases, and on which boards.
    pub framing: Framing,
    /// The 3×3 goal when it is not the solved board (Luogu P1379's).
    pub goal: Option<[u8; CELLS]>,
    /// How an answer is written, and so what the special judge accepts.
    pub format: Format,
    /// How `gen` writes a test file of the input.
    pub spelling: Spelling,
    /// What the statement promises of the test data.
    pub promise: Promise,
}

/// How a test file spells each board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// Tile by tile, as [`Tiles`] says.
    Tiles(Tiles),
    /// LeetCode's `[[4,1,2],[5,0,3]]`, one board per line.
    Brackets,
}

/// How a board is written tile by tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// What stands for the blank.
    pub blank: char,
    /// What comes between two tiles.
    pub separator: &'static str,
    /// Each row on a line of its own, rather than the board on one line.
    pub rows: bool,
    /// A blank line comes before every case (UVa 652).
    pub blank_lines: bool,
}

impl Tiles {
    /// One puzzle per line, tiles separated by spaces, `x` the blank: POJ
    /// 1077's input, and `eight`'s own.
    pub const TOKENS: Tiles = Tiles {
        blank: BLANK_CHAR,
        separator: " ",
        rows: false,
        blank_lines: false,
    };

    /// One puzzle per line, one character per tile, `x` the blank.
    pub const COMPACT: Tiles = Tiles {
        separator: "",
        ..Tiles::TOKENS
    };

    /// One line per row, numbers separated by spaces, `0` the blank.
    pub const ROWS: Tiles = Tiles {
        blank: '0',
        rows: true,
        ..Tiles::TOKENS
    };
}

/// What a problem's statement promises of its test data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promise {
    /// Every case is solvable.
    pub solvable: bool,
    /// Every solvable case is solved in at most this many moves.
    pub most_moves: Option<u32>,
    /// The input holds exactly one case.
    pub one_case: bool,
    /// At least one side of every board is odd (POJ 2893).
    pub odd_side: bool,
}

impl Promise {
    /// Nothing promised.
    const NONE: Promise = Promise {
        solvable: false,
        most_moves: None,
        one_case: false,
        odd_side: false,
    };

    /// Every case solvable, and nothing else promised.
    const SOLVABLE: Promise = Promise {
        solvable: true,
        ..Promise::NONE
    };
}

/// The 4×4 board of the 15-puzzle.
const FOUR: Shape = Shape::new(4, 4);

impl Preset {
    /// Every preset, in the order `--help` lists them: the 3×3 ones first.
    pub const ALL: [Preset; 11] = [
        Preset {
            name: "poj1077",
            problem: "POJ 1077",
            summary: "POJ 1077 \"Eight\", also HDU 1043, ZOJ 1217 and AcWing 179: puzzles until \
                      the end of input; the moves or \"unsolvable\" (the default behaviour)",
            framing: Framing::Stream(Shape::EIGHT),
            goal: None,
            format: Format::MOVES,
            spelling: Spelling::Tiles(Tiles::TOKENS),
            promise: Promise::NONE,
        },
        Preset {
            name: "uva652",
            problem: "UVa 652",
            summary: "UVa 652 \"Eight\": a count line, then one puzzle per line; answers as \
                      poj1077's with a blank line between them",
            framing: Framing::Counted(Shape::EIGHT),
            goal: None,
            format: Format::Moves(Moves::SPACED),
            spelling: Spelling::Tiles(Tiles {
                blank_lines: true,
                ..Tiles::TOKENS
            }),
            promise: Promise::NONE,
        },
        Preset {
            name: "luogu1379",
            problem: "Luogu P1379",
            summary: "Luogu P1379: nine digits, 0 the blank, goal 123804765, every case solvable; \
                      the number of moves",
            framing: Framing::Stream(Shape::EIGHT),
            // The tiles round the blank: `1 2 3 / 8 x 4 / 7 6 5`.
            goal: Some([1, 2, 3, 8, BLANK, 4, 7, 6, 5]),
            format: Format::Count,
            spelling: Spelling::Tiles(Tiles {
                blank: '0',
                ..Tiles::COMPACT
            }),
            promise: Promise::SOLVABLE,
        },
        Preset {
            name: "acwing845",
            problem: "AcWing 845",
            summary: "AcWing 845: POJ 1077 input; the number of moves, or -1",
            framing: Framing::Stream(Shape::EIGHT),
            goal: None,
            format: Format::Count,
            spelling: Spelling::Tiles(Tiles::TOKENS),
            promise: Promise::NONE,
        },
        Preset {
            name: "hdu3567",
            problem: "HDU 3567",
            summary: "HDU 3567 \"Eight II\": a count line, then a start line and a goal line per \
                      case, every case solvable; \"Case k: n\" and the first shortest solution in \
                      ASCII order (\"Case k: unsolvable\" when there is none)",
            framing: Framing::CountedWithGoals(Shape::EIGHT),
            goal: None,
            format: Format::CaseLines,
            spelling: Spelling::Tiles(Tiles {
                blank: 'X',
                ..Tiles::COMPACT
            }),
            promise: Promise::SOLVABLE,
        },
        Preset {
            name: "alds1_13_b",
            problem: "Aizu ALDS1_13_B",
            summary: "Aizu ALDS1_13_B \"8 Puzzle\": one board in three rows, 0 the blank, always \
                      solvable; the fewest moves",
            framing: Framing::Stream(Shape::EIGHT),
            goal: None,
            format: Format::Count,
            spelling: Spelling::Tiles(Tiles::ROWS),
            promise: Promise {
                one_case: true,
                ..Promise::SOLVABLE
            },
        },
        Preset {
            name: "poj2893",
            problem: "POJ 2893",
            summary: "POJ 2893 \"M x N Puzzle\": cases of an \"M N\" line and M rows, 0 the blank, \
                      ending with \"0 0\"; YES or NO, whether each board is solvable",
            framing: Framing::Headed(Header::RowsColumns),
            goal: None,
            format: Format::Solvability {
                yes: "YES",
                no: "NO",
            },
            spelling: Spelling::Tiles(Tiles::ROWS),
            promise: Promise {
                odd_side: true,
                ..Promise::NONE
            },
        },
        Preset {
            name: "poj3240",
            problem: "POJ 3240",
            summary: "POJ 3240 \"Solution to the n^2-1 Puzzle\": n (at most 10), then n^2 numbers, \
                      0 the blank; any solution in L, R, U, D (the blank's moves), or \"No Answer!\"",
            framing: Framing::Headed(Header::Side),
            goal: None,
            format: Format::Moves(Moves {
                upper: true,
                unsolvable: "No Answer!",
                ..Moves::PLAIN
            }),
            spelling: Spelling::Tiles(Tiles::ROWS),
            promise: Promise {
                one_case: true,
                ..Promise::NONE
            },
        },
        Preset {
            name: "leetcode773",
            problem: "LeetCode 773",
            summary: "LeetCode 773 \"Sliding Puzzle\": one 2x3 board per line, [[4,1,2],[5,0,3]]; \
                      the fewest moves, or -1",
            framing: Framing::Stream(Shape::new(2, 3)),
            goal: None,
            format: Format::Count,
            spelling: Spelling::Brackets,
            promise: Promise::NONE,
        },
        Preset {
            name: "uva10181",
            problem: "UVa 10181",
            summary: "UVa 10181 \"15-Puzzle Problem\": a count line, then 4x4 boards, 0 the blank; \
                      a solution of at most 50 moves in L, R, U, D, or \"This puzzle is not \
                      solvable.\"",
            framing: Framing::Counted(FOUR),
            goal: None,
            format: Format::Moves(Moves {
                upper: true,
                unsolvable: "This puzzle is not solvable.",
                most: Some(50),
                ..Moves::PLAIN
            }),
            spelling: Spelling::Tiles(Tiles::ROWS),
            // Solvable cases within the 50 moves an answer may have, so that
            // "not solvable" is decided by parity alone.
            promise: Promise {
                most_moves: Some(50),
                ..Promise::NONE
            },
        },
        Preset {
            name: "alds1_13_c",
            problem: "Aizu ALDS1_13_C",
            summary: "Aizu ALDS1_13_C \"15 Puzzle\": one 4x4 board, 0 the blank, solvable in at \
                      most 45 moves; the fewest moves",
            framing: Framing::Stream(FOUR),
            goal: None,
            format: Format::Count,
            spelling: Spelling::Tiles(Tiles::ROWS),
            promise: Promise {
                solvable: true,
                most_moves: Some(45),
                one_case: true,
                odd_side: false,
            },
        },
    ];

    /// The preset `--judge` calls `name`.
    ///
    /// # Example
    /// ```
    /// use eight::judge::Preset;
    /// assert_eq!(Preset::named("uva652").unwrap().problem, "UVa 652");
    /// assert!(Preset::named("uva653").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static Preset> {
        Preset::ALL.iter().find(|preset| preset.name == name)
    }

    /// Whether the preset's boards are the 3×3 one.
    pub const fn is_eight(&self) -> bool {
        matches!(
            self.shape(),
            Some(Shape {
                rows: 3,
                columns: 3
            })
        )
    }

    /// The shape of every board, or `None` when each case gives its own.
    pub const fn shape(&self) -> Option<Shape> {
        match self.framing {
            Framing::Stream(shape) | Framing::Counted(shape) | Framing::CountedWithGoals(shape) => {
                Some(shape)
            }
            Framing::Headed(_) => None,
        }
    }

    /// The goal every 3×3 case is solved towards, or `None` for HDU 3567,
    /// where each case brings its own, and for boards of other shapes.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, judge::Preset};
    /// let goal = |name| Preset::named(name).unwrap().goal();
    /// assert_eq!(goal("poj1077"), Some(Board::GOAL));
    /// assert_eq!(goal("luogu1379").unwrap().to_string(), "1238x4765");
    /// assert_eq!(goal("hdu3567"), None);
    /// ```
    pub fn goal(&self) -> Option<Board> {
        match self.framing {
            Framing::Stream(_) | Framing::Counted(_) if self.is_eight() => {
                Some(self.goal.map_or(Board::GOAL, Board::from_permutation))
            }
            _ => None,
        }
    }

    /// The goal a 3×3 case without one of its own is solved towards: the
    /// preset's [goal](Preset::goal), or for HDU 3567, whose cases all bring
    /// theirs, the usual one, which then never applies.
    pub fn fallback_goal(&self) -> Goal {
        Goal::new(self.goal().unwrap_or(Board::GOAL))
    }

    /// How the preset's input spells the blank, for messages.
    pub fn blank(&self) -> char {
        match self.spelling {
            Spelling::Tiles(tiles) => tiles.blank,
            Spelling::Brackets => '0',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Preset::ALL.iter().map(|preset| preset.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Preset::ALL.len(), "{names:?}");
    }

    #[test]
    fn counts_come_only_where_an_exact_engine_answers() {
        // A count must be the fewest moves, which the exact engines give up
        // to 16 cells; the presets that count have a fixed shape that size.
        for preset in Preset::ALL {
            if preset.format == Format::Count {
                let cells = preset.shape().map(Shape::cells);
                assert!(matches!(cells, Some(6..=16)), "{}", preset.name);
            }
        }
    }
}
