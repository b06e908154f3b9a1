//! `--svg` on plain solving, through the binary: the answers on stdout are
//! the same with a picture as without, the picture is a valid document of
//! those answers, and a picture that cannot be drawn or written is an
//! error once every answer is out.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use roxmltree::{Document, Node};

use crate::messages::{
    cannot_write_picture, not_drawn, notice, picture_not_written, svg_over_input,
    too_long_to_animate, too_long_to_draw_still, usage_error, ANIMATE_NEEDS_SVG, COMPARE_USAGE,
    JUDGE_OR_SVG, SOLVE_USAGE, SVG_WITH_COUNT,
};
use crate::util::{eight, run, scratch, scratch_path, stderr, stdout, Board};

/// Where a test's picture goes: a path of its own, no file there yet.
fn picture_path(name: &str) -> PathBuf {
    scratch_path(&format!("picture-{name}.svg"))
}

/// Runs `eight ARGS --svg PATH` with `stdin`.
fn run_drawing(args: &[&str], path: &Path, stdin: &str) -> Output {
    eight()
        .args(args)
        .arg("--svg")
        .arg(path)
        .write_stdin(stdin)
        .output()
        .expect("eight runs")
}

/// The picture at `path`, which must be there.
fn picture(path: &Path) -> String {
    std::fs::read_to_string(path).expect("the picture is written")
}

/// Elements of `class` under `node`.
fn of_class<'a, 'b>(node: Node<'a, 'b>, class: &str) -> Vec<Node<'a, 'b>> {
    node.descendants()
        .filter(|node| {
            node.attribute("class")
                .is_some_and(|c| c.split(' ').any(|c| c == class))
        })
        .collect()
}

/// The text under `node`.
fn words(node: Node) -> String {
    node.descendants()
        .filter(|node| node.is_text())
        .filter_map(|node| node.text())
        .collect()
}

/// A still board's tiles in row order, `x` for the blank, as drawn: each
/// cell's square, and after a tile's square its number.
fn tiles(board: Node) -> String {
    let mut cells = Vec::new();
    for node in board.children().filter(Node::is_element) {
        match (node.tag_name().name(), node.attribute("class")) {
            ("rect", Some("blank")) => cells.push("x".to_string()),
            ("text", None) => cells.push(words(node)),
            _ => {}
        }
    }
    cells.join(" ")
}

const PUZZLES: &str = "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n1 2 3 9\n12345678x\n";

#[test]
fn stdout_is_the_same_with_a_picture_as_without() {
    let boards_2x3: String = ["4 1 2 5 0 3\n", "1 2 3 5 4 x\n", "x 1 2 3 4 5\n"]
        .concat()
        .repeat(10);
    let cases: [(&[&str], &str, usize); 6] = [
        (&[], PUZZLES, 4),
        (&["--format", "steps"], PUZZLES, 4),
        (&["--format", "json", "--threads", "1"], PUZZLES, 4),
        (&["--goal", "1 2 3 8 x 4 7 6 5"], "2 8 3 1 6 4 7 x 5\n", 1),
        (&["--size", "2x3", "--threads", "2"], &boards_2x3, 16),
        (
            &["--size", "4", "--any"],
            "5 1 2 3 9 6 7 4 13 10 11 8 x 14 15 12\n",
            1,
        ),
    ];
    for (args, input, drawn) in cases {
        let plain = run(args, input);
        for animate in [&[][..], &["--animate"]] {
            let path = picture_path("same-stdout");
            let drawing = run_drawing(&[args, animate].concat(), &path, input);
            let case = format!("{args:?} {animate:?}");
            assert_eq!(stdout(&drawing), stdout(&plain), "{case}");
            assert_eq!(drawing.status.code(), plain.status.code(), "{case}");
            let svg = picture(&path);
            let xml = Document::parse(&svg).expect("the picture is XML");
            assert_eq!(of_class(xml.root(), "puzzle").len(), drawn, "{case}");
        }
    }
}

#[test]
fn the_still_picture_shows_every_board_from_the_start_to_the_goal() {
    let path = picture_path("goal");
    let goal = "1 2 3 8 x 4 7 6 5";
    let output = run_drawing(&["--goal", goal], &path, "2 8 3 1 6 4 7 x 5\n");
    assert_eq!(output.status.code(), Some(0));
    let moves = stdout(&output).trim_end().to_string();
    let svg = picture(&path);
    let xml = Document::parse(&svg).unwrap();
    let title = xml.descendants().find(|node| node.has_tag_name("title"));
    let want = format!(
        "eight: the solution of 2 8 3 1 6 4 7 x 5 in {} moves",
        moves.len()
    );
    assert_eq!(title.map(words), Some(want));
    let boards = of_class(xml.root(), "board");
    assert_eq!(boards.len(), moves.len() + 1);
    assert_eq!(tiles(boards[0]), "2 8 3 1 6 4 7 x 5");
    assert_eq!(tiles(boards[moves.len()]), goal);
    let letters: String = boards[1..]
        .iter()
        .map(|board| {
            let label = words(of_class(*board, "label")[0]);
            label.split(": ").nth(1).unwrap().chars().next().unwrap()
        })
        .collect();
    assert_eq!(letters, moves);
}

/// A board too large to spell out is named by its shape, with the article
/// it is read with: `an 8x8 board`, `a 6x6 board`.
#[test]
fn a_board_named_by_its_shape_takes_its_article() {
    for (rows, article) in [(8, "an"), (6, "a")] {
        let path = picture_path("named-board");
        let start = Board::solved(rows, rows).play("ll").unwrap();
        let size = format!("{rows}x{rows}");
        let output = run_drawing(&["--size", &size], &path, &format!("{}\n", start.text()));
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert_eq!(stdout(&output), "rr\n");
        let svg = picture(&path);
        let xml = Document::parse(&svg).unwrap();
        let named = format!("{article} {size} board");
        let title = xml.descendants().find(|node| node.has_tag_name("title"));
        // Boards of over 25 cells get the constructive answer.
        let want = format!("eight: the solution of {named} in 2 moves, not necessarily the fewest");
        assert_eq!(title.map(words), Some(want));
        let puzzle = of_class(xml.root(), "puzzle")[0];
        let journey = puzzle.children().find(|node| node.has_tag_name("desc"));
        let want = format!("puzzle 1: from {named} to {named} by the moves \"rr\"");
        assert_eq!(journey.map(words), Some(want));
    }
}

#[test]
fn unsolvable_and_invalid_puzzles_are_drawn_with_their_words() {
    let path = picture_path("words");
    let output = run_drawing(&[], &path, PUZZLES);
    assert_eq!(output.status.code(), Some(1), "an invalid puzzle");
    let svg = picture(&path);
    let xml = Document::parse(&svg).unwrap();
    let headings: Vec<String> = of_class(xml.root(), "heading")
        .into_iter()
        .map(words)
        .collect();
    let want = [
        "puzzle 1: 19 moves",
        "puzzle 2: unsolvable",
        "puzzle 3: invalid",
        "puzzle 4: 0 moves",
    ];
    assert_eq!(headings, want);
    let puzzles = of_class(xml.root(), "puzzle");
    assert_eq!(tiles(of_class(puzzles[1], "board")[0]), "2 1 3 4 5 6 7 8 x");
    assert!(of_class(puzzles[2], "board").is_empty());
}

#[test]
fn a_picture_that_cannot_be_written_is_an_error_after_every_answer() {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-folder");
    let path = folder.join("picture.svg");
    let output = run_drawing(&[], &path, PUZZLES);
    assert_eq!(output.status.code(), Some(2));
    let plain = run(&[], PUZZLES);
    assert_eq!(stdout(&output), stdout(&plain));
    let why = "No such file or directory (os error 2)";
    let want = stderr(&plain) + &notice(&cannot_write_picture(&path, why));
    assert_eq!(stderr(&output), want);
}

/// A fresh folder named `name` in Cargo's scratch folder, for a test that
/// looks at every file beside its picture.
fn fresh_folder(name: &str) -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("the scratch folder is writable");
    folder
}

/// A write that fails part way, as on a full disk, leaves the picture that
/// was there whole and nothing beside it. The tests run as root, whom no
/// permission stops, so the write is made to fail by a limit on the size
/// of the files the run writes (`ulimit -f`, 1 KiB at most), with SIGXFSZ
/// ignored so that the write fails with EFBIG rather than ending the run.
#[cfg(unix)]
#[test]
fn a_picture_that_fails_part_way_leaves_the_old_one_whole() {
    let folder = fresh_folder("picture-part-way");
    let path = folder.join("old.svg");
    let written = run_drawing(&[], &path, "2 3 4 1 5 x 7 6 8\n");
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    let old = std::fs::read(&path).unwrap();
    let puzzle = "8 6 7 2 5 4 3 x 1\n";
    let output = assert_cmd::Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\""])
        .arg(assert_cmd::cargo::cargo_bin("eight"))
        .arg("--svg")
        .arg(&path)
        .write_stdin(puzzle)
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stdout(&output), stdout(&run(&[], puzzle)));
    let why = "File too large (os error 27)";
    assert_eq!(stderr(&output), notice(&cannot_write_picture(&path, why)));
    assert!(
        std::fs::read(&path).unwrap() == old,
        "the old picture is whole"
    );
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|f| f.unwrap().path())
        .collect();
    assert_eq!(files, [path], "no temporary file is left");
}

#[test]
fn a_batch_longer_than_a_picture_draws_the_first_sixteen_and_says_so() {
    for (puzzles, more) in [(20, "4 more puzzles"), (17, "1 more puzzle")] {
        let path = picture_path("batch");
        let input = "2 3 4 1 5 x 7 6 8\n".repeat(puzzles);
        let output = run_drawing(&[], &path, &input);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stdout(&output), "dlurullddrurdllurdr\n".repeat(puzzles));
        assert_eq!(stderr(&output), notice(&not_drawn(puzzles as u64)));
        let svg = picture(&path);
        let xml = Document::parse(&svg).unwrap();
        assert_eq!(of_class(xml.root(), "puzzle").len(), 16);
        let headings = of_class(xml.root(), "heading");
        let closing = words(headings[headings.len() - 1]);
        let want = format!("and {more}, not drawn: a picture draws the first 16");
        assert_eq!(closing, want);
    }
}

#[test]
fn an_answer_longer_than_a_picture_draws_is_an_error_naming_its_puzzle() {
    let reversed = |side: u32| {
        let tiles: Vec<String> = (1..side * side)
            .rev()
            .map(|tile| tile.to_string())
            .collect();
        format!("{} x\n", tiles.join(" "))
    };
    let solved = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x\n";
    let input = format!("{solved}{}", reversed(5));
    let path = picture_path("too-long");
    let output = run_drawing(&["--size", "5"], &path, &input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stdout(&output),
        stdout(&run(&["--size", "5"], input.as_str()))
    );
    let length = stdout(&output).lines().nth(1).unwrap().len();
    assert!((61..=1000).contains(&length), "{length} moves");
    assert_eq!(stderr(&output), notice(&too_long_to_draw_still(2, length)));
    assert!(!path.exists(), "no picture");
    // Animated, the same answer is drawn.
    let output = run_drawing(&["--size", "5", "--animate"], &path, &input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    Document::parse(&picture(&path)).unwrap();
    // And one too long even for that is the error.
    let path = picture_path("too-long-animated");
    let output = run_drawing(&["--size", "9", "--animate"], &path, &reversed(9));
    let length = stdout(&output).trim_end().len();
    assert!(length > 1000, "{length} moves");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), notice(&too_long_to_animate(1, length)));
    assert!(!path.exists(), "no picture");
}

/// A reader that goes away is no error, but the picture that comes after
/// the output is then never written, and one line says so.
#[test]
fn a_picture_not_written_since_the_reader_went_away_is_told() {
    let input = "2 3 4 1 5 x 7 6 8\n";
    for args in [&[][..], &["compare"], &["stats", "--size", "2x3"]] {
        let path = picture_path("reader-gone");
        // Shut before the run starts, so its first write fails with EPIPE.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("eight"))
            .args(args)
            .arg("--svg")
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(writer)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        // A run that stopped first has closed its end: no error either.
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let want = notice(&picture_not_written(&path));
        assert_eq!(stderr(&output), want, "{args:?}");
        assert!(!path.exists(), "{args:?}: no picture");
    }
}

#[test]
fn a_picture_over_an_input_is_refused_before_anything_is_read() {
    let input = scratch("picture-over-input.txt", PUZZLES);
    let refused = |args: &[&str], svg: &Path, input: &Path, usage: &str, named: &str| {
        let output = eight()
            .args(args)
            .arg("--svg")
            .arg(svg)
            .arg(input)
            .output()
            .expect("eight runs");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?} {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
        let want = usage_error(usage, &svg_over_input(svg, named));
        assert_eq!(stderr(&output), want);
        assert_eq!(std::fs::read_to_string(input).unwrap(), PUZZLES);
    };
    let named = input.display().to_string();
    refused(&[], &input, &input, SOLVE_USAGE, &named);
    refused(&["compare"], &input, &input, COMPARE_USAGE, &named);
    // Through a link, and on standard input, where the shell's `< FILE`
    // put it.
    #[cfg(unix)]
    {
        let link = scratch_path("picture-over-input-link.txt");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        refused(&[], &link, &input, SOLVE_USAGE, &named);
        let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("eight"))
            .arg("--svg")
            .arg(&input)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .expect("eight runs");
        assert_eq!(output.status.code(), Some(2));
        let want = usage_error(SOLVE_USAGE, &svg_over_input(&input, "standard input"));
        assert_eq!(stderr(&output), want);
        assert_eq!(std::fs::read_to_string(&input).unwrap(), PUZZLES);
    }
}

#[test]
fn what_a_picture_cannot_show_is_refused_before_anything_runs() {
    let output = run(&["--animate"], PUZZLES);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(ANIMATE_NEEDS_SVG),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "");
    let path = picture_path("refused");
    let output = run_drawing(&["--format", "count"], &path, PUZZLES);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), usage_error(SOLVE_USAGE, SVG_WITH_COUNT));
    let output = run_drawing(&["--judge", "poj1077"], &path, PUZZLES);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(JUDGE_OR_SVG),
        "{}",
        stderr(&output)
    );
    assert!(!path.exists(), "no picture");
}

/// The pictures the documents show: the document, the picture kept in the
/// repository, and the arguments of the command in its console block that
/// makes it, run in `tests/readme/` (where `FILE` is the picture's name).
const DOCUMENTED: &[(&str, &str, &[&str])] = &[
    (
        "README.md",
        "docs/images/poj.svg",
        &["--svg", "FILE", "sample.txt"],
    ),
    (
        "docs/pictures.md",
        "docs/images/poj.svg",
        &["--svg", "FILE", "sample.txt"],
    ),
    (
        "docs/pictures.md",
        "docs/images/poj-animated.svg",
        &["--svg", "FILE", "--animate", "sample.txt"],
    ),
    (
        "docs/pictures.md",
        "docs/images/distances.svg",
        &["stats", "--svg", "FILE"],
    ),
    (
        "docs/pictures.md",
        "docs/images/compare.svg",
        &["compare", "--svg", "FILE", "sample.txt"],
    ),
];

#[test]
fn every_picture_the_documents_show_is_what_its_command_makes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for &(document, image, args) in DOCUMENTED {
        let name = Path::new(image).file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(root.join(document)).unwrap();
        let shown = args.join(" ").replace("FILE", name);
        assert!(
            text.contains(&format!("$ eight {shown}\n")),
            "{document} runs `eight {shown}`"
        );
        let link = image
            .strip_prefix("docs/")
            .filter(|_| document.starts_with("docs/"));
        assert!(
            text.contains(&format!("]({})", link.unwrap_or(image))),
            "{document} shows {image}"
        );
        let path = picture_path(name.trim_end_matches(".svg"));
        let args: Vec<&std::ffi::OsStr> = args
            .iter()
            .map(|&arg| match arg {
                "FILE" => path.as_os_str(),
                arg => arg.as_ref(),
            })
            .collect();
        let output = eight()
            .args(&args)
            .current_dir(root.join("tests/readme"))
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "eight {shown}: {}",
            stderr(&output)
        );
        assert!(
            picture(&path) == std::fs::read_to_string(root.join(image)).unwrap(),
            "{image} is no longer what `eight {shown}` draws: run it in tests/readme/ and copy \
             the picture over"
        );
    }
}
