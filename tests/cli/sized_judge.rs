//! The presets on other boards (poj2893, poj3240, leetcode773, uva10181,
//! alds1_13_c) and the 3x3 alds1_13_b, through the real binary: each
//! sample byte for byte, the special judge on right and wrong answers,
//! gen → solve → verify for each, every answer also checked here by this
//! crate's own moves and breadth-first search, and a 999×999 POJ 2893 case.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::messages::{self, at};
use crate::util::run_sized as run;
use crate::util::{bfs, gen, Board};
use crate::util::{stderr, stdout};

/// Every preset's sample: its input and the output its problem prints.
const SAMPLES: [(&str, &str, &str); 6] = [
    (
        "poj2893",
        "3 3\n1 0 3\n4 2 5\n7 8 6\n4 3\n1 2 5\n4 6 9\n11 8 10\n3 7 0\n0 0\n",
        "YES\nNO\n",
    ),
    ("poj3240", "2\n3 1\n2 0\n", "LURD\n"),
    (
        "leetcode773",
        "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n[[3,2,4],[1,5,0]]\n",
        "1\n-1\n5\n14\n",
    ),
    (
        "uva10181",
        "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n",
        "LLLDRDRDR\nThis puzzle is not solvable.\n",
    ),
    ("alds1_13_b", "1 3 0\n4 2 5\n7 8 6\n", "4\n"),
    (
        "alds1_13_c",
        "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n",
        "8\n",
    ),
];

/// A file in the test scratch folder holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the scratch folder is writable");
    path
}

/// `eight verify --judge JUDGE` on `puzzles` and `answers`: its stdout and
/// whether it accepted all.
fn verify(judge: &str, puzzles: &str, answers: &str) -> (String, bool) {
    // Tests run in parallel: every call has files of its own.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let name = format!("sized-judge-{judge}-{call}");
    let puzzles = file(&format!("{name}-puzzles.txt"), puzzles);
    let answers = file(&format!("{name}-answers.txt"), answers);
    let args = [
        "verify",
        "--judge",
        judge,
        puzzles.to_str().unwrap(),
        answers.to_str().unwrap(),
    ];
    let output = run(&args, "");
    (stdout(&output), output.status.success())
}

/// The boards of a sized judge's input written in rows of numbers: every
/// line of numbers, after any count or header lines `skip` says are not
/// board rows, grouped `rows` at a time. Test files from `gen` only.
fn boards(
    text: &str,
    rows: usize,
    columns: usize,
    is_board_line: impl Fn(&str) -> bool,
) -> Vec<Board> {
    let lines: Vec<&str> = text.lines().filter(|line| is_board_line(line)).collect();
    lines
        .chunks(rows)
        .map(|chunk| {
            let tiles: Vec<u32> = chunk
                .iter()
                .flat_map(|line| line.split_whitespace())
                .map(|word| word.parse().expect("a number"))
                .collect();
            assert_eq!(tiles.len(), rows * columns, "{chunk:?}");
            Board {
                rows,
                columns,
                tiles,
            }
        })
        .collect()
}

#[test]
fn every_preset_reproduces_its_sample_byte_for_byte() {
    for (judge, input, want) in SAMPLES {
        let output = run(&["--judge", judge], input);
        assert_eq!(stdout(&output), want, "{judge}");
        assert_eq!(stderr(&output), "", "{judge}");
        assert!(output.status.success(), "{judge}");
        // Eight's own answers pass its special judge.
        let (verdicts, accepted) = verify(judge, input, want);
        assert!(accepted, "{judge}: {verdicts}");
    }
}

#[test]
fn the_special_judges_reject_wrong_answers_and_take_any_right_one() {
    let sample = |name: &str| SAMPLES.iter().find(|(judge, ..)| *judge == name).unwrap().1;
    let cases: &[(&str, &str, String)] = &[
        (
            "poj2893",
            "NO\nNO\n",
            format!("puzzle 1: {}", messages::wrong_verdict("NO", true)),
        ),
        (
            "poj2893",
            "YES\nYES\n",
            format!("puzzle 2: {}", messages::wrong_verdict("YES", false)),
        ),
        (
            "poj3240",
            "LURDLR\n",
            "puzzle 1: accepted: 6 moves, shortest is 4".into(),
        ),
        (
            "poj3240",
            "LUR\n",
            format!("puzzle 1: {}", messages::misses_goal(1)),
        ),
        (
            "poj3240",
            "LURDD\n",
            "puzzle 1: rejected: move 5 'D' leaves the board".into(),
        ),
        (
            "poj3240",
            "lurd\n",
            format!(
                "puzzle 1: {}",
                messages::not_a_letter(1, "'l'", "D, L, R or U")
            ),
        ),
        (
            "leetcode773",
            "1\n-1\n4\n14\n",
            format!("puzzle 3: {}", messages::wrong_count(4, 5)),
        ),
        (
            "uva10181",
            &format!(
                "{}\nThis puzzle is not solvable.\n",
                "LLLDRDRDR".to_owned() + &"LR".repeat(21)
            ),
            format!("puzzle 1: {}", messages::over_limit(51, 50)),
        ),
        (
            "uva10181",
            "LLLDRDRDR\nLURD\n",
            "puzzle 2: rejected: the puzzle is unsolvable, but the answer is not \
             \"This puzzle is not solvable.\""
                .into(),
        ),
        (
            "alds1_13_c",
            "9\n",
            format!("puzzle 1: {}", messages::wrong_count(9, 8)),
        ),
        (
            "alds1_13_b",
            "5\n",
            format!("puzzle 1: {}", messages::wrong_count(5, 4)),
        ),
    ];
    for (judge, answers, want) in cases {
        let (verdicts, accepted) = verify(judge, sample(judge), answers);
        // Any solution passes where the problem takes any: a longer one too.
        let right = want.contains(": accepted");
        assert_eq!(accepted, right, "{judge} {answers:?}: {verdicts}");
        assert!(
            verdicts.lines().any(|line| line == want),
            "{judge} {answers:?}:\n{verdicts}"
        );
    }
}

/// `gen --judge JUDGE ARGS`, solved and judged by the binary; the test
/// file and the answers.
fn round_trip(judge: &str, args: &[&str]) -> (String, String) {
    let input = gen(&[&["--judge", judge], args].concat());
    let solved = run(&["--judge", judge], input.clone());
    assert!(
        solved.status.success(),
        "{judge} {args:?}: {}",
        stderr(&solved)
    );
    let answers = stdout(&solved);
    let (verdicts, accepted) = verify(judge, &input, &answers);
    assert!(
        accepted,
        "{judge} {args:?}:\n{input}\n{answers}\n{verdicts}"
    );
    (input, answers)
}

#[test]
fn gen_solve_and_verify_agree_for_every_preset() {
    // POJ 2893: one line per case, YES exactly for the solvable draws.
    for (size, unsolvable, want) in [
        ("2x3", false, "YES"),
        ("3x5", true, "NO"),
        ("7x4", false, "YES"),
    ] {
        let mut args = vec!["-n", "6", "--seed", "4", "--size", size];
        if unsolvable {
            args.push("--unsolvable");
        }
        let (input, answers) = round_trip("poj2893", &args);
        assert!(input.ends_with("\n0 0\n"), "{input}");
        assert_eq!(answers, format!("{want}\n").repeat(6), "{size}");
    }
    // POJ 3240: replayed here, upper-case letters as the blank moves.
    for (n, seed) in [(2, "1"), (3, "2"), (4, "3"), (6, "4"), (10, "5")] {
        let size = format!("{n}x{n}");
        let (input, answers) = round_trip("poj3240", &["--size", &size, "--seed", seed]);
        let start = &boards(&input, n, n, |line| line.split_whitespace().count() == n)[0];
        let moves = answers.trim_end().to_ascii_lowercase();
        assert!(
            answers.trim_end().bytes().all(|b| b"LRUD".contains(&b)),
            "{answers}"
        );
        assert_eq!(start.play(&moves), Some(Board::solved(n, n)), "{input}");
    }
    // LeetCode 773: every count is this crate's own BFS distance.
    let (input, answers) = round_trip("leetcode773", &["-n", "40", "--seed", "6"]);
    let distance = bfs(&Board::solved(2, 3));
    for (line, count) in input.lines().zip(answers.lines()) {
        let tiles: Vec<u32> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|word| !word.is_empty())
            .map(|word| word.parse().unwrap())
            .collect();
        let board = Board {
            rows: 2,
            columns: 3,
            tiles,
        };
        let want = distance.get(&board).map_or(-1, |&d| d as i64);
        assert_eq!(count, want.to_string(), "{line}");
    }
    // UVa 10181 and Aizu: within their promised lengths.
    let (input, answers) = round_trip("uva10181", &["-n", "4", "--seed", "7"]);
    assert!(input.starts_with("4\n"));
    let starts = boards(&input, 4, 4, |line| line.split_whitespace().count() == 4);
    for (start, moves) in starts.iter().zip(answers.lines()) {
        assert!(moves.len() <= 50, "{moves}");
        assert_eq!(
            start.play(&moves.to_ascii_lowercase()),
            Some(Board::solved(4, 4))
        );
    }
    let (_, answers) = round_trip("uva10181", &["-n", "3", "--seed", "8", "--unsolvable"]);
    assert_eq!(answers, "This puzzle is not solvable.\n".repeat(3));
    let (_, answers) = round_trip("alds1_13_c", &["--seed", "9"]);
    assert!(
        answers.trim_end().parse::<u32>().unwrap() <= 45,
        "{answers}"
    );
    let (input, answers) = round_trip("alds1_13_b", &["--seed", "10"]);
    assert_eq!(input.lines().count(), 3, "{input}");
    let start = &boards(&input, 3, 3, |_| true)[0];
    assert_eq!(answers, format!("{}\n", bfs(&Board::solved(3, 3))[start]));
}

#[test]
fn gen_keeps_each_problem_to_its_promises() {
    let refusals = [
        (vec!["--judge", "poj3240", "-n", "2"], messages::one_case("POJ 3240")),
        (vec!["--judge", "alds1_13_b", "-n", "2"], messages::one_case("Aizu ALDS1_13_B")),
        (
            vec!["--judge", "alds1_13_c", "--unsolvable"],
            "Aizu ALDS1_13_C promises that every case is solvable, so its input holds no unsolvable puzzle".into(),
        ),
        (
            vec!["--judge", "poj2893", "--size", "4x4"],
            "POJ 2893 promises that one side of every board is odd; --size 4x4 does not".into(),
        ),
        (
            vec!["--judge", "poj3240", "--size", "11"],
            "POJ 3240 has square boards of side 2 to 10; --size 11x11 does not".into(),
        ),
        (
            vec!["--judge", "uva10181", "--distance", "5"],
            messages::distance_needs_table(4, 4),
        ),
    ];
    for (args, message) in refusals {
        let output = run(&[&["gen"], &args[..]].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            messages::usage_error(messages::GEN_USAGE, &message),
            "{args:?}"
        );
    }
}

#[test]
fn a_999_by_999_case_is_decided_by_parity() {
    // The solved board with tiles 1 and 2 swapped cannot be solved; with the
    // blank moved one cell left it can.
    let side = 999;
    let cells = side * side;
    let mut swapped: Vec<u32> = (1..cells as u32).chain([0]).collect();
    swapped.swap(0, 1);
    let mut near: Vec<u32> = (1..cells as u32).chain([0]).collect();
    near.swap(cells - 1, cells - 2);
    let mut input = String::with_capacity(16 * cells);
    for tiles in [&swapped, &near] {
        input.push_str("999 999\n");
        for row in tiles.chunks(side) {
            let words: Vec<String> = row.iter().map(u32::to_string).collect();
            input.push_str(&words.join(" "));
            input.push('\n');
        }
    }
    input.push_str("0 0\n");
    let output = run(&["--judge", "poj2893"], input);
    assert_eq!(stdout(&output), "NO\nYES\n");
    assert!(output.status.success());
}

#[test]
fn a_faulty_case_costs_its_own_line_and_a_broken_frame_stops_the_input() {
    let input = "2 2\n1 2\n2 0\n2 3\n1 2 3\n4 0 5\n";
    let output = run(&["--judge", "poj2893"], input);
    assert_eq!(stdout(&output), "invalid\nYES\n");
    assert_eq!(
        stderr(&output),
        messages::notice(&at(3, 1, "tile '2' appears twice"))
            + &messages::notice(&messages::unterminated(6))
    );
    assert_eq!(output.status.code(), Some(1));
    let output = run(
        &["--judge", "uva10181"],
        "2\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n",
    );
    assert_eq!(stdout(&output), "\n");
    assert_eq!(
        stderr(&output),
        messages::notice("line 1: the count is 2 cases but the input ends after 1 case")
    );
    assert_eq!(output.status.code(), Some(1));
}

/// Every arrangement of `0..cells`, in no particular order.
fn arrangements(cells: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for tile in 0..cells {
        all = all
            .into_iter()
            .flat_map(|partial: Vec<u32>| {
                (0..=partial.len()).map(move |at| {
                    let mut next = partial.clone();
                    next.insert(at, tile);
                    next
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_small_board_gets_the_answer_of_this_crates_own_search() {
    // POJ 2893: YES exactly for the boards a BFS from the goal reaches.
    for (rows, columns) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
        let reachable = bfs(&Board::solved(rows, columns));
        let boards = arrangements((rows * columns) as u32);
        let mut input = String::new();
        let mut want = String::new();
        for tiles in &boards {
            input.push_str(&format!("{rows} {columns}\n"));
            for row in tiles.chunks(columns) {
                let words: Vec<String> = row.iter().map(u32::to_string).collect();
                input.push_str(&words.join(" "));
                input.push('\n');
            }
            let board = Board {
                rows,
                columns,
                tiles: tiles.clone(),
            };
            want.push_str(if reachable.contains_key(&board) {
                "YES\n"
            } else {
                "NO\n"
            });
        }
        input.push_str("0 0\n");
        let output = run(&["--judge", "poj2893"], input);
        assert!(stdout(&output) == want, "{rows}x{columns}");
    }
    // LeetCode 773: every 2x3 board's count is its BFS distance, or -1.
    let distance = bfs(&Board::solved(2, 3));
    let mut input = String::new();
    let mut want = String::new();
    for tiles in arrangements(6) {
        input.push_str(&format!(
            "[[{},{},{}],[{},{},{}]]\n",
            tiles[0], tiles[1], tiles[2], tiles[3], tiles[4], tiles[5]
        ));
        let board = Board {
            rows: 2,
            columns: 3,
            tiles,
        };
        let count = distance.get(&board).map_or(-1, |&d| d as i64);
        want.push_str(&format!("{count}\n"));
    }
    let output = run(&["--judge", "leetcode773"], input.clone());
    assert!(stdout(&output) == want);
    let (verdicts, accepted) = verify("leetcode773", &input, &want);
    assert!(accepted, "{verdicts}");
}

/// `--size 3x3` (or `3`) is refused beside a preset on other boards as
/// every other `--size` is, by solving, `verify` and `gen` alike: it used
/// to be taken for the absence of `--size`.
#[test]
fn a_sized_preset_refuses_size_3x3_like_every_other_size() {
    let solve_usage = messages::SOLVE_USAGE;
    let puzzles = file("size-3x3-puzzles.txt", "");
    let puzzles = puzzles.to_str().unwrap();
    for name in [
        "poj2893",
        "poj3240",
        "leetcode773",
        "uva10181",
        "alds1_13_c",
    ] {
        for size in ["3x3", "3"] {
            let output = run(&["--judge", name, "--size", size], "");
            assert_eq!(output.status.code(), Some(2), "{name} --size {size}");
            let want = messages::usage_error(solve_usage, &messages::preset_sets_board(name));
            assert_eq!(stderr(&output), want, "{name} --size {size}");

            let args = ["verify", "--judge", name, "--size", size, puzzles, puzzles];
            let output = run(&args, "");
            assert_eq!(output.status.code(), Some(2), "verify {name} --size {size}");
            let message = messages::verify_preset_sets_board(name);
            let want = messages::usage_error(messages::VERIFY_USAGE, &message);
            assert_eq!(stderr(&output), want, "verify {name} --size {size}");
        }
    }
    // gen draws the boards --size names, so poj2893 and poj3240, whose
    // cases give their own sizes, take 3x3; the others have one size.
    for name in ["leetcode773", "uva10181", "alds1_13_c"] {
        let output = run(&["gen", "--judge", name, "--size", "3x3"], "");
        assert_eq!(output.status.code(), Some(2), "gen {name} --size 3x3");
    }
}

#[test]
fn sized_presets_refuse_the_options_they_fix() {
    let solve_usage = messages::SOLVE_USAGE;
    let cases = [
        (
            vec!["--judge", "poj2893", "--size", "4x3"],
            messages::preset_sets_board("poj2893"),
        ),
        (
            vec!["--judge", "poj3240", "--any"],
            messages::preset_sets_board("poj3240"),
        ),
        (
            vec!["--judge", "uva10181", "--algorithm", "bfs"],
            messages::preset_has_no_3x3_engines("uva10181"),
        ),
        (
            vec!["--judge", "leetcode773", "--algorithm", "astar"],
            messages::preset_has_no_3x3_engines("leetcode773"),
        ),
        (
            vec!["--judge", "alds1_13_c", "--node-limit", "5"],
            messages::preset_refuses_node_limit("alds1_13_c", "the fewest moves"),
        ),
        (
            vec!["--judge", "uva10181", "--node-limit", "5"],
            messages::preset_refuses_node_limit("uva10181", "answers of at most 50 moves"),
        ),
    ];
    for (args, message) in cases {
        let output = run(&args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            messages::usage_error(solve_usage, &message),
            "{args:?}"
        );
    }
    // gen draws LeetCode's boards at an exact distance, checked by the BFS.
    let (input, answers) = round_trip(
        "leetcode773",
        &["-n", "6", "--distance", "20", "--seed", "1"],
    );
    assert_eq!(input.lines().count(), 6);
    assert_eq!(answers, "20\n".repeat(6));
}

/// Every flag of plain solving, each beside every preset: a flag a preset
/// takes keeps the preset's promise (its answers pass its own special
/// judge), and the flags that would break it are refused as usage errors.
/// Each row names the presets that refuse its flag. Two flags are left
/// out for their cost, not their risk: `--no-cache` only moves where the
/// tables are kept (seconds to build a 4x4 set in memory, per run), and
/// `--pdb 7-8` is an exact engine whose tables take minutes to build.
#[test]
fn every_flag_a_preset_takes_keeps_its_promise() {
    const EIGHT: &[&str] = &[
        "poj1077",
        "uva652",
        "luogu1379",
        "acwing845",
        "hdu3567",
        "alds1_13_b",
    ];
    const SIZED: &[&str] = &[
        "poj2893",
        "poj3240",
        "leetcode773",
        "uva10181",
        "alds1_13_c",
    ];
    let all = [EIGHT, SIZED].concat();
    let flags: [(&[&str], Vec<&str>); 12] = [
        // A board given up on gets an answer of any length.
        (&["--node-limit", "5"], vec!["uva10181", "alds1_13_c"]),
        (&["--threads", "1"], vec![]),
        (&["--threads", "3"], vec![]),
        (&["--stats"], vec![]),
        (&["--lexmin"], vec![]),
        (&["--optimal"], vec![]),
        (&["--any"], all.clone()),
        (&["--algorithm", "bfs"], SIZED.to_vec()),
        (&["--size", "4x4"], all.clone()),
        (
            &["--pdb", "7-8"],
            [EIGHT, &["poj2893", "poj3240", "leetcode773"]].concat(),
        ),
        (&["--goal", "123456780"], all.clone()),
        (&["--format", "count"], all.clone()),
    ];
    for preset in eight::judge::Preset::ALL {
        let judge = preset.name;
        assert!(all.contains(&judge), "{judge} is in the table");
        let mut args = vec!["--judge", judge, "--seed", "3"];
        if !preset.promise.one_case {
            args.extend(["-n", "3"]);
        }
        // Boards of each case's own size: large enough to be searched.
        match judge {
            "poj2893" => args.extend(["--size", "3x4"]),
            "poj3240" => args.extend(["--size", "4x4"]),
            _ => {}
        }
        let input = gen(&args);
        let mut judged = std::collections::HashSet::new();
        for (flag, refused_by) in &flags {
            if flag[0] == "--pdb" && !refused_by.contains(&judge) {
                continue;
            }
            let output = run(&[&["--judge", judge], *flag].concat(), input.clone());
            let why = format!("--judge {judge} {flag:?}: {}", stderr(&output));
            if refused_by.contains(&judge) {
                assert_eq!(output.status.code(), Some(2), "{why}");
                assert!(stderr(&output).starts_with("error: "), "{why}");
                assert_eq!(stdout(&output), "", "{why}");
            } else {
                assert_eq!(output.status.code(), Some(0), "{why}");
                // Most flags leave the answers as they were: each new set
                // of answers is judged once.
                let answers = stdout(&output);
                if judged.insert(answers.clone()) {
                    let (verdicts, accepted) = verify(judge, &input, &answers);
                    assert!(accepted, "{why}\n{input}\n{answers}\n{verdicts}");
                }
            }
        }
    }
}

#[test]
fn extra_tiles_make_their_own_puzzle_invalid_on_every_size() {
    let sized = |args: &[&str], input: &str, answers: &str, errors: &[String]| {
        let output = run(args, input);
        assert_eq!(stdout(&output), answers, "{args:?} {input:?}");
        let want: String = errors.iter().map(|e| messages::notice(e)).collect();
        assert_eq!(stderr(&output), want, "{args:?} {input:?}");
        assert_eq!(output.status.code(), Some(1));
    };
    // A tile too many on 4×4, as on 3×3: one invalid answer, then the next.
    sized(
        &["--size", "4x4"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x 1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
        "invalid\nr\n",
        &[at(1, 1, &messages::sized_tile_count(16, 17))],
    );
    sized(
        &[],
        "1 2 3 4 5 6 7 8 x 1\n1 2 3 4 5 6 7 x 8\n",
        "invalid\nr\n",
        &[at(1, 1, &messages::tile_count(10))],
    );
    // Leftovers before or after a compact puzzle join it.
    sized(
        &[],
        "12345678x 1\n1 12345678x\n1234567x8\n",
        "invalid\ninvalid\nr\n",
        &[
            at(1, 1, &messages::tile_count(10)),
            at(2, 2, &messages::tile_count(10)),
        ],
    );
    // A tile of several characters on a board of at most nine cells.
    for (tile, fault) in [
        ("10", messages::appears_twice('1')),
        ("-5", messages::not_a_tile_spelled("'-'", 5, '0')),
        ("a5", messages::not_a_tile_spelled("'a'", 5, '0')),
        (
            "99999999999999999999",
            messages::not_a_tile_spelled("'9'", 5, '0'),
        ),
    ] {
        let input = format!("[[1,2,3],[4,0,{tile}]]\n[[4,1,2],[5,0,3]]\n");
        sized(
            &["--judge", "leetcode773"],
            &input,
            "invalid\n5\n",
            &[at(1, 1, &fault)],
        );
    }
    // A counted preset: the faulty case is invalid, the next one kept.
    let uva = "2\n2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15 7\n\
               13 1 2 4 5 0 3 7 9 6 10 12 15 8 11 14\n";
    let unsolvable = "This puzzle is not solvable.\n";
    sized(
        &["--judge", "uva10181"],
        uva,
        &format!("invalid\n{unsolvable}"),
        &[at(2, 1, &messages::sized_tile_count(16, 17))],
    );
    sized(
        &["--judge", "poj2893"],
        "2 2\n1 2 3 0 1\n2 2\n1 2\n3 0\n0 0\n",
        "invalid\nYES\n",
        &[at(2, 1, &messages::sized_row_length(2, 5))],
    );
    sized(
        &["--judge", "poj3240"],
        "2\n3 1 2 0 1\n2\n3 1\n2 0\n",
        "invalid\nLURD\n",
        &[at(2, 1, &messages::appears_twice('1'))],
    );
}

#[test]
fn poj2893_and_poj3240_keep_their_place_when_rows_are_split_otherwise() {
    let output = run(
        &["--judge", "poj2893"],
        "3 3\n1 0 3 4 2 5\n7 8 6\n2 2\n1 2\n3 0\n0 0\n",
    );
    assert_eq!(stdout(&output), "invalid\nYES\n");
    let fault = at(2, 1, &messages::sized_row_length(3, 6));
    assert_eq!(stderr(&output), messages::notice(&fault));
    assert_eq!(output.status.code(), Some(1));
    // A row short of a number: the board still ends after its rows.
    let output = run(&["--judge", "poj2893"], "2 2\n3 1\n2\n2 2\n3 1\n2 0\n0 0\n");
    assert_eq!(stdout(&output), "invalid\nYES\n");
    let fault = at(3, 1, &messages::sized_row_length(2, 1));
    assert_eq!(stderr(&output), messages::notice(&fault));
    assert_eq!(output.status.code(), Some(1));
    // POJ 3240 gives n² numbers, not n lines of n.
    let output = run(
        &["--judge", "poj3240"],
        "3\n1 2 3 4 5\n6 7 8 0\n2\n3 1\n2 0\n",
    );
    assert_eq!(stdout(&output), "\nLURD\n");
    assert_eq!(stderr(&output), "");
    assert!(output.status.success());
}

#[test]
fn text_after_the_closing_line_is_reported_as_text_after_a_count_is() {
    let output = run(&["--judge", "poj2893"], "2 2\n1 2\n3 0\n0 0\n\n1 2\n");
    assert_eq!(stdout(&output), "YES\n");
    assert_eq!(
        stderr(&output),
        messages::notice(&messages::after_closing(6, 4))
    );
    assert_eq!(output.status.code(), Some(1));
    let output = run(&["--judge", "poj2893"], "0 0\n\n \n");
    assert_eq!(
        (stdout(&output), stderr(&output)),
        (String::new(), String::new())
    );
    assert!(output.status.success());
}

#[test]
fn an_empty_input_is_called_empty_not_line_0() {
    for (judge, expected) in [
        ("uva10181", "the number of cases"),
        ("poj2893", "its closing 0 0"),
        ("uva652", "the number of cases"),
        ("hdu3567", "the number of cases"),
    ] {
        let output = run(&["--judge", judge], "");
        let want = messages::notice(&messages::empty_input(expected));
        assert_eq!(stderr(&output), want, "{judge}");
        assert_eq!(output.status.code(), Some(1), "{judge}");
    }
}

#[test]
fn a_word_that_is_not_a_tile_names_the_blank_as_the_preset_writes_it() {
    // Each preset's input with its last tile replaced by `q`; the message
    // of solving and of verify names the blank the preset writes.
    for (judge, input, blank, max) in [
        ("leetcode773", "[[1,2,3],[4,0,q]]\n", '0', 5),
        (
            "uva10181",
            "1\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 q\n",
            '0',
            15,
        ),
        (
            "alds1_13_c",
            "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 q\n",
            '0',
            15,
        ),
        ("poj3240", "2\n3 1\n2 q\n", '0', 3),
        ("poj2893", "2 2\n1 2\n3 q\n0 0\n", '0', 3),
        ("alds1_13_b", "1 3 0\n4 2 5\n7 8 q\n", '0', 8),
        ("luogu1379", "28310476q\n", '0', 8),
        ("hdu3567", "1\n12X45378q\n12345678X\n", 'X', 8),
        ("poj1077", "1 2 3 4 5 6 7 8 q\n", 'x', 8),
    ] {
        let fault = messages::not_a_tile_spelled("'q'", max, blank);
        let line = input.lines().position(|line| line.contains('q')).unwrap() + 1;
        let output = run(&["--judge", judge], input);
        assert_eq!(
            stderr(&output),
            messages::notice(&at(line as u64, 1, &fault)),
            "{judge}"
        );
        let (verdicts, _) = verify(judge, input, "");
        assert!(verdicts.contains(&fault), "{judge}: {verdicts}");
    }
}
