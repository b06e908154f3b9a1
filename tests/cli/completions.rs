//! `eight --generate`: the completion scripts parse in their shells and the
//! man page renders without a warning.
//!
//! zsh is not on every machine: without it the zsh test prints a note and
//! passes, unless `CI` is set, where a missing program is a failure
//! (`.ci/run` installs it).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::util::{available, run, scratch, stderr, stdout};

/// What `eight --generate WHAT` prints, checked to have succeeded quietly.
fn generate(what: &str) -> String {
    let output = run(&["--generate", what], "");
    assert!(output.status.success(), "{what}: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "{what}");
    let text = stdout(&output);
    assert!(!text.is_empty(), "{what} printed nothing");
    text
}

/// Runs `program ARGS` with `input` on stdin.
fn pipe(program: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{program} runs: {error}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    drop(stdin);
    child.wait_with_output().expect("the program ends")
}

/// Checks that `shell -n` (read the script, run nothing) accepts `script`
/// without a word on stderr.
fn parses(shell: &str, script: &str) {
    let output = pipe(shell, &["-n"], script);
    assert!(output.status.success(), "{shell} -n: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "{shell} -n");
}

#[test]
fn the_bash_script_parses() {
    let script = generate("complete-bash");
    assert!(script.contains("complete -F"), "{script}");
    parses("bash", &script);
}

#[test]
fn the_zsh_script_parses() {
    let script = generate("complete-zsh");
    assert!(script.starts_with("#compdef eight"), "{script}");
    if available("zsh", "zsh") {
        parses("zsh", &script);
    }
}

#[test]
fn the_fish_and_powershell_scripts_name_the_binary() {
    assert!(generate("complete-fish").contains("complete -c eight"));
    assert!(generate("complete-powershell").contains("'eight'"));
}

#[test]
fn the_man_page_renders_without_warnings() {
    let page = generate("man");
    assert!(page.contains(".TH eight 1"), "{page}");
    if available("groff", "groff") {
        // -ww: every warning; -z: format, print nothing.
        let output = pipe("groff", &["-man", "-Tutf8", "-ww", "-z"], &page);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stderr(&output), "", "groff warns");
    }
    // man itself, where it is installed, as a user would read the page.
    let file = scratch("eight.1", &page);
    let man = Command::new("man")
        .arg("-l")
        .arg(&file)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output();
    if let Ok(output) = man {
        assert!(output.status.success(), "man -l: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "man -l warns");
        assert!(stdout(&output).contains("eight"));
    }
}
