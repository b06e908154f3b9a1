//! What searches on other sizes say: `--stats` lines per board, whatever
//! the engine and the threads, and the live line of a long search on a
//! terminal (and nowhere else).

use std::io::Read;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use crate::util::{run_sized as run, stderr, stdout, tables};

/// The stats lines of `output`, each with its time cut off (it differs
/// from run to run), after checking that it ends in one.
fn untimed(output: &std::process::Output) -> Vec<String> {
    let text = stderr(output);
    let lines = text.lines().map(|line| {
        let (head, time) = line.rsplit_once(", ").expect("a stats line has fields");
        let ms = time.strip_suffix(" ms").expect("a stats line ends in ms");
        assert!(ms.parse::<f64>().is_ok(), "{line}");
        head.to_string()
    });
    lines.collect()
}

#[test]
fn stats_on_other_sizes_say_each_engine_s_work() {
    // The table on 2x3, the pattern databases on 4x4, the constructive
    // method beyond 16 cells and with --any.
    let output = run(&["--size", "2x3", "--stats"], "4 1 2 5 x 3\n1 2 3 5 4 x\n");
    assert_eq!(stdout(&output), "lurrd\nunsolvable\n");
    assert_eq!(
        untimed(&output),
        ["puzzle 1: table: 5 moves", "puzzle 2: table: unsolvable"]
    );
    let output = run(&["--size", "2x3", "--any", "--stats"], "1 2 3 4 5 x\n");
    assert_eq!(untimed(&output), ["puzzle 1: constructive: 0 moves"]);
    let output = run(&["--size", "2x3", "--stats"], "1 2 3 4 x 5\n");
    assert_eq!(untimed(&output), ["puzzle 1: table: 1 move"]);

    // uva10181's sample, then an unsolvable board: no search at all.
    let input = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15\n\
                 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    let output = run(&["--size", "4x4", "--stats"], input);
    assert_eq!(stdout(&output), "llldrdrdr\nunsolvable\n");
    let mut lines = untimed(&output);
    let tables = lines.remove(0);
    assert!(tables.starts_with("tables: "), "{tables}");
    let search = lines[0]
        .strip_prefix("puzzle 1: pdb: 9 moves, estimate ")
        .unwrap_or_else(|| panic!("{lines:?}"));
    let figures: Vec<u64> = search
        .split(", ")
        .map(|field| {
            let number = field.trim_start_matches("iterations ");
            number.split(' ').next().unwrap().parse().unwrap()
        })
        .collect();
    let [estimate, iterations, expanded, generated] = figures[..] else {
        panic!("{lines:?}");
    };
    // The bound starts at the estimate and rises each round, to 9.
    assert!(estimate <= 9, "{lines:?}");
    assert!((1..=10 - estimate).contains(&iterations), "{lines:?}");
    assert!(expanded >= 9 && generated > expanded, "{lines:?}");
    assert_eq!(lines[1], "puzzle 2: pdb: unsolvable");

    // A sized preset takes --stats too.
    let output = run(
        &["--judge", "leetcode773", "--stats"],
        "[[4,1,2],[5,0,3]]\n",
    );
    assert_eq!(untimed(&output), ["puzzle 1: table: 5 moves"]);
}

#[test]
fn stats_come_in_input_order_with_threads_as_on_one() {
    let board = "2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15\n";
    let unsolvable = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    let input = format!("{board}{unsolvable}{}", board.repeat(199));
    let one = run(&["--size", "4x4", "--stats", "--threads", "1"], &input);
    let two = run(&["--size", "4x4", "--stats", "--threads", "2"], &input);
    assert_eq!(stdout(&one), stdout(&two));
    let (mut one, mut two) = (untimed(&one), untimed(&two));
    // The tables' line comes first: the first run may have built them.
    assert!(one.remove(0).starts_with("tables: "), "{one:?}");
    assert_eq!(two.remove(0), "tables: 6 loaded, 0 built");
    assert_eq!(one.len(), 201, "one stats line a board: {one:?}");
    assert_eq!(one, two);
    assert_eq!(one[1], "puzzle 2: pdb: unsolvable");
    assert!(one[200].starts_with("puzzle 201: pdb: 9 moves"), "{one:?}");
}

/// The pattern databases a run obtains are timed on a line of their own,
/// before the first board's, whose time they are not part of: built into
/// an empty cache, then loaded from it, on one thread and on two.
#[test]
fn the_tables_of_a_run_have_a_stats_line_of_their_own() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stats-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let input = "1 2 3 4 5 6 0 7 9 10 11 8\n1 2 3 4 5 6 7 8 9 10 11 0\n";
    for (threads, want) in [("1", "0 loaded, 2 built"), ("2", "2 loaded, 0 built")] {
        let output = crate::util::eight()
            .args(["--size", "3x4", "--stats", "--threads", threads])
            .env("EIGHT_CACHE_DIR", &dir)
            .write_stdin(input)
            .output()
            .expect("eight runs");
        assert_eq!(stdout(&output), "rd\n\n");
        assert_eq!(
            untimed(&output),
            [
                format!("tables: {want}"),
                "puzzle 1: pdb: 2 moves, estimate 2, iterations 1, 2 expanded, 4 generated".into(),
                "puzzle 2: pdb: 0 moves, estimate 0, iterations 1, 0 expanded, 0 generated".into(),
            ],
            "--threads {threads}"
        );
    }
}

/// An 80-move 4x4 board (Brüngger et al. 1999, towards `0 1 ... 15`):
/// the default tables search it for minutes, so any run of it is a
/// search past a second, and the tests stop it.
const FAR: &str = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0\n";

/// The command line that solves [`FAR`] from `file`, for a shell.
fn far_command(file: &std::path::Path) -> String {
    format!(
        "env EIGHT_CACHE_DIR={} {} --size 4x4 --goal '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15' {}",
        tables().display(),
        env!("CARGO_BIN_EXE_eight"),
        file.display()
    )
}

/// A search past a second shows its live line on a terminal (here a
/// pseudo-terminal, `script`, which gets stdout and stderr both); a run of
/// the same search begun before it, with stderr a file, writes nothing
/// there in that time.
#[test]
fn a_long_search_shows_a_live_line_on_a_terminal_only() {
    let file = crate::util::scratch("live-line.txt", FAR);
    let quiet_err = crate::util::scratch("live-line-stderr.txt", "");
    let mut quiet = std::process::Command::new("sh")
        .args([
            "-c",
            &format!("exec {} 2>{}", far_command(&file), quiet_err.display()),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("sh runs");
    let mut child = std::process::Command::new("script")
        .args(["-qfec", &far_command(&file), "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let mut terminal = child.stdout.take().unwrap();
    let (sender, seen) = mpsc::channel();
    std::thread::spawn(move || {
        let mut shown = Vec::new();
        let mut chunk = [0; 4096];
        while let Ok(read @ 1..) = terminal.read(&mut chunk) {
            shown.extend_from_slice(&chunk[..read]);
            let text = String::from_utf8_lossy(&shown);
            if let Some(at) = text.find("eight: search bound ") {
                let line = text[at..].split('\r').next().unwrap_or("").to_string();
                if line.contains("seconds") || line.contains("second ") {
                    sender.send(line).ok();
                    return;
                }
            }
        }
    });
    // Generous: the first run of the suite may build the tables.
    let line = seen.recv_timeout(Duration::from_secs(180));
    child.kill().ok();
    child.wait().ok();
    quiet.kill().ok();
    quiet.wait().ok();
    let line = line.expect("no live line within 180 s");
    assert!(
        line.contains(" nodes, ") && line.contains(" nodes/s, "),
        "{line:?}"
    );
    let quiet_said = std::fs::read_to_string(&quiet_err).unwrap();
    assert_eq!(quiet_said, "", "stderr not a terminal");
}

/// A search that ends takes its live line with it: after the board's
/// `--stats` line the line is not drawn again. The search of [`FAR`] runs
/// well past a second, then gives up at the node limit.
#[test]
fn the_live_line_is_not_drawn_again_after_its_board_s_stats_line() {
    let file = crate::util::scratch("live-line-ends.txt", FAR);
    let command = format!(
        "{} --stats --threads 1 --node-limit 60000000",
        far_command(&file)
    );
    let output = std::process::Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("script (util-linux) runs");
    let shown = String::from_utf8_lossy(&output.stdout);
    let (during, after) = shown
        .rsplit_once("puzzle 1: pdb: ")
        .unwrap_or_else(|| panic!("a stats line: {shown:?}"));
    assert!(during.contains("eight: search bound "), "{shown:?}");
    assert!(!after.contains("search bound"), "{after:?}");
}
