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

use crate::batch::Options;
use crate::board::{Board, BLANK, CELLS};
use crate::format::Format;
use crate::frame::Framing;
use crate::goal::Goal;
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
}

impl InputLayout {
    /// One puzzle per line, tiles separated by spaces, `x` the blank: POJ
    /// 1077's input, and `eight`'s own.
    pub const TOKENS: InputLayout = InputLayout {
        counted: false,
        blank_lines: false,
        blank: 'x',
        separator: " ",
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
    pub const ALL: [Judge; 5] = [
        Judge::Poj1077,
        Judge::Uva652,
        Judge::Luogu1379,
        Judge::Acwing845,
        Judge::Hdu3567,
    ];

    /// The preset's name, as `--judge` spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Judge::Poj1077 => "poj1077",
            Judge::Uva652 => "uva652",
            Judge::Luogu1379 => "luogu1379",
            Judge::Acwing845 => "acwing845",
            Judge::Hdu3567 => "hdu3567",
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
        }
    }

    /// Whether the problem's statement promises that every case is
    /// solvable, so that its test data holds no unsolvable puzzle.
    pub const fn promises_solvable(self) -> bool {
        match self {
            Judge::Luogu1379 | Judge::Hdu3567 => true,
            Judge::Poj1077 | Judge::Uva652 | Judge::Acwing845 => false,
        }
    }

    /// How the special judge reads this problem's output.
    pub const fn answers(self) -> AnswerFormat {
        match self {
            Judge::Poj1077 => AnswerFormat::Moves,
            Judge::Uva652 => AnswerFormat::SpacedMoves,
            Judge::Luogu1379 | Judge::Acwing845 => AnswerFormat::Count,
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
            Judge::Luogu1379 | Judge::Acwing845 => Options {
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
            Judge::Poj1077 | Judge::Uva652 | Judge::Acwing845 => Some(Board::GOAL),
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
            Judge::Poj1077 | Judge::Luogu1379 | Judge::Acwing845 => Framing::Stream,
        }
    }
}
