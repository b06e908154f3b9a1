//! What a search on a board of another size says while it runs: the live
//! line on a terminal.
//!
//! The library only publishes figures ([`SearchProgress`]); the wording is
//! the binary's.

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use eight::search::SearchProgress;
use indicatif::{HumanCount, HumanDuration};

use crate::terminal;

/// How often the live line is redrawn.
const TICK: Duration = Duration::from_millis(200);

/// The live line of a long search: while it lives, a thread looks at the
/// searches in flight every [`TICK`] and, once the one that began first
/// has run for [`terminal::QUIET_FOR`], shows its bound, its nodes, their
/// rate and its time on stderr; the line goes when no search runs that
/// long, and when this is dropped.
///
/// With several boards searched at once (`--threads`), the line follows
/// the one that began first: the answers come in input order, so that is
/// the one the next answer waits for; the line says how many run.
///
/// It holds the sender whose drop stops the watcher, and the watcher.
pub struct LiveLine(Option<(mpsc::Sender<()>, JoinHandle<()>)>);

impl LiveLine {
    /// The line and what the searches publish to, when stderr is a
    /// terminal; none otherwise, and the searches then publish nothing.
    pub fn on_terminal() -> Option<(LiveLine, Arc<SearchProgress>)> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let progress = Arc::new(SearchProgress::default());
        let (stop, stopped) = mpsc::channel::<()>();
        let watched = Arc::clone(&progress);
        let watcher = std::thread::Builder::new()
            .name("eight-live-line".to_string())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    match watched.longest() {
                        Some(search) if search.elapsed >= terminal::QUIET_FOR => {
                            terminal::draw_live_line(live_text(&search))
                        }
                        _ => terminal::clear_live_line(),
                    }
                }
                terminal::clear_live_line();
            })
            // Without a thread, no line: the answers are the same.
            .ok()?;
        Some((LiveLine(Some((stop, watcher))), progress))
    }
}

impl Drop for LiveLine {
    fn drop(&mut self) {
        if let Some((stop, watcher)) = self.0.take() {
            drop(stop);
            let _ = watcher.join();
        }
    }
}

/// `bound 52, 1,234,567 nodes, 45,678 nodes/s, 12 seconds`, and how many
/// boards are searched at once when more than one.
fn live_text(search: &eight::search::SearchSnapshot) -> String {
    let rate = search.generated as f64 / search.elapsed.as_secs_f64().max(1e-3);
    let mut text = format!(
        "search bound {}, {} nodes, {} nodes/s, {}",
        search.bound,
        HumanCount(search.generated),
        HumanCount(rate as u64),
        HumanDuration(search.elapsed)
    );
    if search.searches > 1 {
        text.push_str(&format!(
            " (the first of {} boards searched at once)",
            search.searches
        ));
    }
    text
}
