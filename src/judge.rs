//! Judge presets: the input framing, goal and output of one online judge's
//! 8-puzzle problem in one name, so that `eight` answers its sample byte for
//! byte.
//!
//! Every preset reads every blank spelling the tokenizer knows (`x`, `X`,
//! `0`, …), so the judge's own blank needs no setting. What differs is
//! whether a count comes first, whether each case brings its goal, which
//! goal applies otherwise, what an answer looks like, how a test file is
//! written, and whether the problem promises solvable cases.
//!
//! Everything `eight` knows about a preset is in this file: the solver, the
//! special judge (`verify`), the generator (`gen`) and the command line ask
//! [`Judge`] rather than naming presets themselves, so a new preset is a
//! variant here, its answers to these methods, and its tests.
//!
//! Presets on boards of other shapes, or of a shape each case gives, are
//! [`SizedJudge`]s: the same facts (framing, blank, move letters, the words
//! for an unsolvable case, the answer, the promises) for the any-size
//! pieces in [`crate::sized`]. [`Preset`] is every name `--judge` takes.

use crate::batch::Options;
use crate::board::{Board, BLANK, CELLS};
use crate::format::Format;
use crate::goal::Goal;
use crate::read::frame::Framing;
pub use crate::read::frame::{Header, SizedFraming};
use crate::shape::Shape;
use crate::solver::Engine;

/// A judge problem whose input and output `eight` reproduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// POJ 1077 "Eight" (also HDU 1043, ZOJ 1217, AcWing 179): puzzles until
    /// the end of input, each answered by its moves or `unsolvable`.
    Poj1077,
    /// UVa 652 "Eight": a count line, then that many puzzles, one per line;
    /// answers as POJ 1077's, with a blank line between them.
    Uva652,
    /// Luogu P1379 "八数码难题": nine digits with `0` for the blank, goal
    /// `123804765`; prints the number of moves.
    Luogu1379,
    /// AcWing 845 "八数码": POJ 1077's input; prints the number of moves, or
    /// `-1`.
    Acwing845,
    /// HDU 3567 "Eight II": a count line, then for each case a start line and
    /// a goal line; prints `Case k: n` and the shortest solution that comes
    /// first in ASCII order.
    Hdu3567,
    /// Aizu ALDS1_13_B "8 Puzzle": one board in three rows, `0` the blank,
    /// always solvable; prints the fewest moves.
    Alds1_13B,
}

/// How a judge's answers are laid out, as its special judge reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnswerFormat {
    /// One line per case: the moves, or `unsolvable` (POJ 1077).
    #[default]
    Moves,
    /// The same lines with blank lines between them (UVa 652).
    SpacedMoves,
    /// One line per case: the number of moves, or `-1` (Luogu P1379,
    /// AcWing 845).
    Count,
    /// `Case k: n`, then the moves on a line of their own (HDU 3567).
    CaseLines,
}

impl AnswerFormat {
    /// What the special judge accepts in this format, for `verify --help`.
    pub const fn accepts(self) -> &'static str {
        match self {
            AnswerFormat::Moves => {
                "one line per puzzle, the moves or \"unsolvable\", as without --judge"
            }
            AnswerFormat::SpacedMoves => {
                "the same answers with blank lines between them. Any number of blank lines is \
                 taken there; a puzzle already at its goal is answered by the first blank line \
                 after the one that separates it"
            }
            AnswerFormat::Count => {
                "one number per line, accepted only when it is the length of a shortest \
                 solution (-1 when there is none)"
            }
            AnswerFormat::CaseLines => {
                "\"Case k: n\" and under it the moves, accepted only when k is the case's \
                 number, n the shortest length and the moves exactly the shortest solution \
                 that comes first in ASCII order, which a rejection shows; \"Case k: \
                 unsolvable\", alone, for a case without a solution"
            }
        }
    }
}

/// How a test file of a problem's input is framed and spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputLayout {
    /// A line with the number of cases comes first.
    pub counted: bool,
    /// A blank line comes before every case.
    pub blank_lines: bool,
    /// What stands for the blank.
    pub blank: char,
    /// What comes between two tiles.
    pub separator: &'static str,
    /// Each board is written as rows, one line each, rather than on one line.
    pub rows: bool,
    /// The input holds exactly one case.
    pub one_case: bool,
}

impl InputLayout {
    /// One puzzle per line, tiles separated by spaces, `x` the blank: POJ
    /// 1077's input, and `eight`'s own.
    pub const TOKENS: InputLayout = InputLayout {
        counted: false,
        blank_lines: false,
        blank: 'x',
        separator: " ",
        rows: false,
        one_case: false,
    };

    /// One puzzle per line, nine characters, `x` the blank.
    pub const COMPACT: InputLayout = InputLayout {
        separator: "",
        ..InputLayout::TOKENS
    };
}

/// Luogu P1379's goal: `1 2 3 / 8 x 4 / 7 6 5`, the tiles round the blank.
const LUOGU_GOAL: [u8; CELLS] = [1, 2, 3, 8, BLANK, 4, 7, 6, 5];

impl Judge {
    /// Every preset, in the order `--help` lists them.
    pub const ALL: [Judge; 6] = [
        Judge::Poj1077,
        Judge::Uva652,
        Judge::Luogu1379,
        Judge::Acwing845,
        Judge::Hdu3567,
        Judge::Alds1_13B,
    ];

    /// The preset's name, as `--judge` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Judge::Poj1077 => "poj1077",
            Judge::Uva652 => "uva652",
            Judge::Luogu1379 => "luogu1379",
            Judge::Acwing845 => "acwing845",
            Judge::Hdu3567 => "hdu3567",
            Judge::Alds1_13B => "alds1_13_b",
        }
    }

    /// The problem as its judge names it, for messages.
    pub const fn problem(self) -> &'static str {
        match self {
            Judge::Poj1077 => "POJ 1077",
            Judge::Uva652 => "UVa 652",
            Judge::Luogu1379 => "Luogu P1379",
            Judge::Acwing845 => "AcWing 845",
            Judge::Hdu3567 => "HDU 3567",
            Judge::Alds1_13B => "Aizu ALDS1_13_B",
        }
    }

    /// The preset in one paragraph, for `--help`: its input and its output.
    pub const fn summary(self) -> &'static str {
        match self {
            Judge::Poj1077 => {
                "POJ 1077 \"Eight\", also HDU 1043, ZOJ 1217 and AcWing 179: puzzles until \
                 the end of input; the moves or \"unsolvable\" (the default behaviour)"
            }
            Judge::Uva652 => {
                "UVa 652 \"Eight\": a count line, then one puzzle per line; answers as \
                 poj1077's with a blank line between them"
            }
            Judge::Luogu1379 => {
                "Luogu P1379: nine digits, 0 the blank, goal 123804765, every case solvable; \
                 the number of moves"
            }
            Judge::Acwing845 => "AcWing 845: POJ 1077 input; the number of moves, or -1",
            Judge::Hdu3567 => {
                "HDU 3567 \"Eight II\": a count line, then a start line and a goal line per \
                 case, every case solvable; \"Case k: n\" and the first shortest solution in \
                 ASCII order (\"Case k: unsolvable\" when there is none)"
            }
            Judge::Alds1_13B => {
                "Aizu ALDS1_13_B \"8 Puzzle\": one board in three rows, 0 the blank, always \
                 solvable; the fewest moves"
            }
        }
    }

    /// Whether the problem's statement promises that every case is
    /// solvable, so that its test data holds no unsolvable puzzle.
    pub const fn promises_solvable(self) -> bool {
        match self {
            Judge::Luogu1379 | Judge::Hdu3567 | Judge::Alds1_13B => true,
            Judge::Poj1077 | Judge::Uva652 | Judge::Acwing845 => false,
        }
    }

    /// How the special judge reads this problem's output.
    pub const fn answers(self) -> AnswerFormat {
        match self {
            Judge::Poj1077 => AnswerFormat::Moves,
            Judge::Uva652 => AnswerFormat::SpacedMoves,
            Judge::Luogu1379 | Judge::Acwing845 | Judge::Alds1_13B => AnswerFormat::Count,
            Judge::Hdu3567 => AnswerFormat::CaseLines,
        }
    }

    /// How a test file of this problem's input is written.
    pub const fn layout(self) -> InputLayout {
        match self {
            Judge::Poj1077 | Judge::Acwing845 => InputLayout::TOKENS,
            Judge::Uva652 => InputLayout {
                counted: true,
                blank_lines: true,
                ..InputLayout::TOKENS
            },
            Judge::Luogu1379 => InputLayout {
                blank: '0',
                ..InputLayout::COMPACT
            },
            Judge::Hdu3567 => InputLayout {
                counted: true,
                blank: 'X',
                ..InputLayout::COMPACT
            },
            Judge::Alds1_13B => InputLayout {
                blank: '0',
                rows: true,
                one_case: true,
                ..InputLayout::TOKENS
            },
        }
    }

    /// The options that reproduce this judge's input and output, searching
    /// with `engine`.
    ///
    /// # Example
    /// ```
    /// use eight::{batch::Batch, judge::Judge, solver::Engine};
    /// let mut batch = Batch::new(Judge::Luogu1379.options(Engine::Auto), Vec::new());
    /// batch.run("283104765\n".as_bytes(), |_, _| {}).unwrap();
    /// assert_eq!(batch.into_inner(), b"4\n");
    /// ```
    pub fn options(self, engine: Engine) -> Options {
        let input = Options {
            engine,
            goal: self.fallback_goal(),
            framing: self.framing(),
            ..Options::default()
        };
        match self {
            Judge::Poj1077 => input,
            Judge::Uva652 => Options {
                blank_lines: true,
                ..input
            },
            Judge::Luogu1379 | Judge::Acwing845 | Judge::Alds1_13B => Options {
                format: Format::Count,
                ..input
            },
            Judge::Hdu3567 => Options {
                format: Format::CaseLines,
                ..input
            },
        }
    }

    /// The goal every case is solved towards, or `None` for HDU 3567, where
    /// each case brings its own.
    ///
    /// # Example
    /// ```
    /// use eight::{board::Board, judge::Judge};
    /// assert_eq!(Judge::Poj1077.goal(), Some(Board::GOAL));
    /// assert_eq!(Judge::Luogu1379.goal().unwrap().to_string(), "1238x4765");
    /// assert_eq!(Judge::Hdu3567.goal(), None);
    /// ```
    pub fn goal(self) -> Option<Board> {
        match self {
            Judge::Poj1077 | Judge::Uva652 | Judge::Acwing845 | Judge::Alds1_13B => {
                Some(Board::GOAL)
            }
            Judge::Luogu1379 => Some(Board::from_permutation(LUOGU_GOAL)),
            Judge::Hdu3567 => None,
        }
    }

    /// The goal a case without one of its own is solved towards: the
    /// judge's [goal](Judge::goal), or for HDU 3567, whose cases all bring
    /// theirs, the usual one, which then never applies.
    pub fn fallback_goal(self) -> Goal {
        Goal::new(self.goal().unwrap_or(Board::GOAL))
    }

    /// How this judge lays out its input.
    pub fn framing(self) -> Framing {
        match self {
            Judge::Uva652 => Framing::Counted,
            Judge::Hdu3567 => Framing::CountedWithGoals,
            Judge::Poj1077 | Judge::Luogu1379 | Judge::Acwing845 | Judge::Alds1_13B => {
                Framing::Stream
            }
        }
    }
}

/// A judge problem on boards other than the 3×3 one, or of a shape each case
/// gives: POJ 2893, POJ 3240, LeetCode 773, UVa 10181 and Aizu ALDS1_13_C.
/// The goal is always the tiles in row order with the blank last, and the
/// blank is written `0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizedJudge {
    /// POJ 2893 "M × N Puzzle": cases of an `M N` line and M rows, ending
    /// with `0 0`; `YES` or `NO`, whether the board is solvable.
    Poj2893,
    /// POJ 3240 "Solution to the n² − 1 Puzzle": `n`, then n² numbers;
    /// any solution in `L R U D`, or `No Answer!`.
    Poj3240,
    /// LeetCode 773 "Sliding Puzzle": one 2×3 board per line as LeetCode
    /// writes it (`[[4,1,2],[5,0,3]]`); the fewest moves, or `-1`.
    Leetcode773,
    /// UVa 10181 "15-Puzzle Problem": a count line, then 4×4 boards; a
    /// solution of at most 50 moves in `L R U D`, or `This puzzle is not
    /// solvable.`.
    Uva10181,
    /// Aizu ALDS1_13_C "15 Puzzle": one 4×4 board, solvable in at most 45
    /// moves; the fewest moves.
    Alds1_13C,
}

/// What a sized judge prints for each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizedAnswer {
    /// Whether the board can be solved, in these words (POJ 2893).
    Solvability {
        /// The word for a solvable board.
        yes: &'static str,
        /// The word for an unsolvable one.
        no: &'static str,
    },
    /// Any solution, or a sentence when there is none.
    Moves {
        /// Moves are written `L R U D`, not `l r u d`.
        upper: bool,
        /// The whole line for a board without a solution.
        unsolvable: &'static str,
        /// The most moves an answer may have; a board whose shortest
        /// solution is longer is answered as unsolvable.
        most: Option<usize>,
    },
    /// The number of moves of a shortest solution, or `-1`.
    Count,
}

impl SizedAnswer {
    /// What the special judge accepts in this format, for `verify --help`.
    pub fn accepts(self) -> String {
        match self {
            SizedAnswer::Solvability { yes, no } => format!(
                "one line per case, {yes} or {no}, accepted when it says rightly whether the \
                 board can be solved"
            ),
            SizedAnswer::Moves {
                upper,
                unsolvable,
                most,
            } => {
                let letters = if upper { "L, R, U, D" } else { "l, r, u, d" };
                let limit = most.map_or(String::new(), |most| format!(" in at most {most} moves"));
                format!(
                    "one line per case: any moves in {letters} that reach the goal{limit}, or \
                     \"{unsolvable}\", accepted when there is no such solution"
                )
            }
            SizedAnswer::Count => "one number per line, accepted only when it is the length of a \
                                   shortest solution (-1 when there is none)"
                .to_string(),
        }
    }
}

/// How a sized judge's test file spells a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// One line per row, numbers separated by spaces, `0` the blank.
    Rows,
    /// LeetCode's `[[4,1,2],[5,0,3]]`, one board per line.
    Brackets,
}

/// What a problem's statement promises of its test data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

impl SizedJudge {
    /// Every sized preset, in the order `--help` lists them.
    pub const ALL: [SizedJudge; 5] = [
        SizedJudge::Poj2893,
        SizedJudge::Poj3240,
        SizedJudge::Leetcode773,
        SizedJudge::Uva10181,
        SizedJudge::Alds1_13C,
    ];

    /// The preset's name, as `--judge` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            SizedJudge::Poj2893 => "poj2893",
            SizedJudge::Poj3240 => "poj3240",
            SizedJudge::Leetcode773 => "leetcode773",
            SizedJudge::Uva10181 => "uva10181",
            SizedJudge::Alds1_13C => "alds1_13_c",
        }
    }

    /// The problem as its judge names it, for messages.
    pub const fn problem(self) -> &'static str {
        match self {
            SizedJudge::Poj2893 => "POJ 2893",
            SizedJudge::Poj3240 => "POJ 3240",
            SizedJudge::Leetcode773 => "LeetCode 773",
            SizedJudge::Uva10181 => "UVa 10181",
            SizedJudge::Alds1_13C => "Aizu ALDS1_13_C",
        }
    }

    /// The preset in one paragraph, for `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            SizedJudge::Poj2893 => {
                "POJ 2893 \"M x N Puzzle\": cases of an \"M N\" line and M rows, 0 the blank, \
                 ending with \"0 0\"; YES or NO, whether each board is solvable"
            }
            SizedJudge::Poj3240 => {
                "POJ 3240 \"Solution to the n^2-1 Puzzle\": n (at most 10), then n^2 numbers, 0 \
                 the blank; any solution in L, R, U, D (the blank's moves), or \"No Answer!\""
            }
            SizedJudge::Leetcode773 => {
                "LeetCode 773 \"Sliding Puzzle\": one 2x3 board per line, [[4,1,2],[5,0,3]]; the \
                 fewest moves, or -1"
            }
            SizedJudge::Uva10181 => {
                "UVa 10181 \"15-Puzzle Problem\": a count line, then 4x4 boards, 0 the blank; a \
                 solution of at most 50 moves in L, R, U, D, or \"This puzzle is not solvable.\""
            }
            SizedJudge::Alds1_13C => {
                "Aizu ALDS1_13_C \"15 Puzzle\": one 4x4 board, 0 the blank, solvable in at most \
                 45 moves; the fewest moves"
            }
        }
    }

    /// How the problem lays out its cases.
    pub const fn framing(self) -> SizedFraming {
        const FOUR: Shape = Shape {
            rows: 4,
            columns: 4,
        };
        match self {
            SizedJudge::Poj2893 => SizedFraming::Headed(Header::RowsColumns { most: 999 }),
            SizedJudge::Poj3240 => SizedFraming::Headed(Header::Side { most: 10 }),
            SizedJudge::Leetcode773 => SizedFraming::Stream(Shape {
                rows: 2,
                columns: 3,
            }),
            SizedJudge::Uva10181 => SizedFraming::Counted(FOUR),
            SizedJudge::Alds1_13C => SizedFraming::Stream(FOUR),
        }
    }

    /// The shape of every board, or `None` when each case gives its own.
    pub const fn shape(self) -> Option<Shape> {
        match self.framing() {
            SizedFraming::Stream(shape) | SizedFraming::Counted(shape) => Some(shape),
            SizedFraming::Headed(_) => None,
        }
    }

    /// What the problem prints for each case.
    pub const fn answer(self) -> SizedAnswer {
        match self {
            SizedJudge::Poj2893 => SizedAnswer::Solvability {
                yes: "YES",
                no: "NO",
            },
            SizedJudge::Poj3240 => SizedAnswer::Moves {
                upper: true,
                unsolvable: "No Answer!",
                most: None,
            },
            SizedJudge::Uva10181 => SizedAnswer::Moves {
                upper: true,
                unsolvable: "This puzzle is not solvable.",
                most: Some(50),
            },
            SizedJudge::Leetcode773 | SizedJudge::Alds1_13C => SizedAnswer::Count,
        }
    }

    /// What the statement promises of the test data.
    pub const fn promise(self) -> Promise {
        let none = Promise {
            solvable: false,
            most_moves: None,
            one_case: false,
            odd_side: false,
        };
        match self {
            SizedJudge::Poj2893 => Promise {
                odd_side: true,
                ..none
            },
            SizedJudge::Poj3240 => Promise {
                one_case: true,
                ..none
            },
            SizedJudge::Leetcode773 => none,
            // Solvable cases within the 50 moves an answer may have, so that
            // "not solvable" is decided by parity alone.
            SizedJudge::Uva10181 => Promise {
                most_moves: Some(50),
                ..none
            },
            SizedJudge::Alds1_13C => Promise {
                solvable: true,
                most_moves: Some(45),
                one_case: true,
                odd_side: false,
            },
        }
    }

    /// How a test file spells each board.
    pub const fn spelling(self) -> Spelling {
        match self {
            SizedJudge::Leetcode773 => Spelling::Brackets,
            _ => Spelling::Rows,
        }
    }
}

/// Every name `--judge` takes: a 3×3 preset or a sized one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// A preset on the 3×3 board.
    Eight(Judge),
    /// A preset on boards of another shape.
    Sized(SizedJudge),
}

impl Preset {
    /// Every preset, the 3×3 ones first, in the order `--help` lists them.
    pub fn all() -> impl Iterator<Item = Preset> {
        let eight = Judge::ALL.into_iter().map(Preset::Eight);
        eight.chain(SizedJudge::ALL.into_iter().map(Preset::Sized))
    }

    /// The preset's name, as `--judge` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Eight(judge) => judge.name(),
            Preset::Sized(judge) => judge.name(),
        }
    }

    /// The preset in one paragraph, for `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            Preset::Eight(judge) => judge.summary(),
            Preset::Sized(judge) => judge.summary(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let names: Vec<&str> = Preset::all().map(Preset::name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
    }

    #[test]
    fn counts_come_only_where_an_exact_engine_answers() {
        // A count must be the fewest moves, which the exact engines give up
        // to 16 cells; the presets that count have a fixed shape that size.
        for judge in SizedJudge::ALL {
            if judge.answer() == SizedAnswer::Count {
                let cells = judge.shape().map(Shape::cells);
                assert!(matches!(cells, Some(6..=16)), "{}", judge.name());
            }
        }
    }
}
