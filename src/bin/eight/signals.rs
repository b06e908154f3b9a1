//! Ending on SIGINT (Ctrl-C) or SIGTERM with the status a shell gives a
//! process the signal ended, 130 or 143, and no half-written table left
//! in the cache: the temporary files of the saves under way are removed
//! first ([`eight::pdb::abandon_saves`]). Left to its default, the signal
//! ended the process where it stood, and a save's file (127 MB on 5x5)
//! stayed behind until the next run in that directory swept it.
//!
//! A signal the process was started ignoring (`nohup`, a script's
//! background job, `trap '' INT`) stays ignored: Linux lists those in
//! /proc/self/status, read before any handler is set. SIGHUP is left
//! alone, so that `nohup` keeps its meaning where that list cannot be
//! read.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::exit_codes::ExitCode;

/// From now on, SIGINT and SIGTERM abandon the saves under way and end the
/// process, from a thread of their own.
pub fn handle() {
    let ignored = ignored();
    let signals: Vec<i32> = [SIGINT, SIGTERM]
        .into_iter()
        .filter(|&signal| ignored & 1 << (signal - 1) == 0)
        .collect();
    // The handler is set by its own thread, so that where no thread can
    // start (a tight `ulimit -v`) none is set and the signals keep their
    // default action: the next run sweeps what a save leaves. A small
    // stack: the thread only waits and removes files.
    let _ = std::thread::Builder::new()
        .name("eight-signals".to_string())
        .stack_size(256 << 10)
        .spawn(move || {
            // Where no handler can be set, the default action stays too.
            let Ok(mut signals) = Signals::new(signals) else {
                return;
            };
            if let Some(signal) = signals.forever().next() {
                eight::pdb::abandon_saves();
                let code = match signal {
                    SIGINT => ExitCode::Interrupted,
                    _ => ExitCode::Terminated,
                };
                std::process::exit(code as i32);
            }
        });
}

/// The signals this process was started ignoring, bit `n - 1` for signal
/// `n`; none where Linux's list cannot be read.
fn ignored() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0)
}
