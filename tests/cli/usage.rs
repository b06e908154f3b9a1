//! The command line as users of fd and ripgrep expect it: usage errors in
//! clap's style with a hint, negative numbers as invalid values, a typo of
//! a subcommand caught, and no empty table when nothing could be read.

use crate::messages::{usage_error, SOLVE_USAGE};
use crate::util::{eight, run, scratch, stderr, stdout};

#[test]
fn a_word_close_to_a_subcommand_gets_a_hint_not_no_such_file() {
    for (word, near) in [("stat", "stats"), ("verfy", "verify"), ("gen", "gen")] {
        // After an option, a subcommand's name is read as a file name.
        let output = run(&["--algorithm", "bfs", word], "");
        assert_eq!(output.status.code(), Some(2), "{word}");
        assert_eq!(stdout(&output), "", "{word}");
        let message = format!(
            "no file or subcommand '{word}'\n\n  tip: a similar subcommand exists: '{near}' \
             (subcommands come before every option and file)"
        );
        assert_eq!(
            stderr(&output),
            usage_error(SOLVE_USAGE, &message),
            "{word}"
        );
    }
}

#[test]
fn a_file_named_like_a_subcommand_is_still_solved() {
    let path = scratch("stats", "12345678x\n");
    let output = eight()
        .current_dir(path.parent().unwrap())
        .args(["--algorithm", "bfs", "stats"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "\n");
}

#[test]
fn a_negative_count_is_an_invalid_value() {
    let output = run(&["gen", "-n", "-1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: invalid value '-1' for '--count <N>'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn compare_with_nothing_readable_prints_only_the_error() {
    let output = run(&["compare", "no-such-file.txt"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).contains("no-such-file.txt"));
}

#[test]
fn every_help_ends_with_the_exit_statuses_a_failed_write_and_memory_included() {
    for command in [
        &["--help"][..],
        &["verify", "--help"],
        &["gen", "--help"],
        &["stats", "--help"],
        &["compare", "--help"],
        &["build-tables", "--help"],
    ] {
        let help = stdout(&run(command, ""));
        let last = help.trim_end().rsplit("\n\n").next().unwrap();
        assert!(last.starts_with("Exit status: 0"), "{command:?}:\n{help}");
        // Every command's table lists a failed write and a table that did
        // not fit in memory, each with one wording.
        let last = last.split_whitespace().collect::<Vec<_>>().join(" ");
        let unwritable = "2 for a usage error";
        assert!(last.contains(unwritable), "{command:?}:\n{help}");
        let unwritable =
            "or output that could not be written (a reader that goes away is no error)";
        assert!(last.contains(unwritable), "{command:?}:\n{help}");
        let out_of_memory = "; 3 when a table or a search's array did not fit in memory.";
        assert!(last.ends_with(out_of_memory), "{command:?}:\n{help}");
    }
    let help = stdout(&run(&["--help"], ""));
    assert!(help.contains("Examples:\n  echo 2 3 4 1 5 x 7 6 8 | eight"));
}
