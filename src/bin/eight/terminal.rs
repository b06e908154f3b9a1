//! The binary's two streams as a person or a pipe sees them: messages on
//! stderr that can never cost an answer, and answers on stdout written the
//! way the reader at the other end wants them; the bar on stderr that
//! a person watches while pattern databases are built, and the live line
//! of a long search, which every other write to the terminal steps
//! around.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, LineWriter, StdoutLock, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::Context;
use eight::pdb::{BuildProgress, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Writes `eight: MESSAGE` on stderr.
///
/// `eprintln!` panics when stderr cannot be written (`2>/dev/full`, a
/// closed pipe), and the release profile aborts on a panic, which would lose
/// the answers still buffered for stdout. A message is worth less than an
/// answer or the exit status, so a failed write is dropped.
macro_rules! notice {
    ($($arg:tt)*) => {
        $crate::terminal::message(format_args!("eight: {}", format_args!($($arg)*)))
    };
}
pub(crate) use notice;

/// Writes one line on stderr, dropping it if stderr cannot be written (see
/// [`notice!`]).
pub fn message(line: fmt::Arguments) {
    around_live_line(|| {
        let _ = writeln!(io::stderr().lock(), "{line}");
    });
}

/// The live line of a long search, while it is drawn (see `searching`).
static LIVE_LINE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Locks `mutex` even when poisoned: a bar or a line is only drawn state.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `write` with the live line, if one is drawn, taken off the
/// terminal, so that no answer or message is written into it. It is not
/// drawn again here: what it showed may be the search this answer or
/// `--stats` line ends, and the watcher draws it anew at its next tick
/// if a long search still runs.
fn around_live_line<T>(write: impl FnOnce() -> T) -> T {
    clear_live_line();
    write()
}

/// Draws `text` as the live line on stderr, or updates it; a spinner
/// before it turns at each update.
pub fn draw_live_line(text: String) {
    let mut line = lock(&LIVE_LINE);
    let line = line.get_or_insert_with(|| bar(None, "{spinner} eight: {msg}"));
    line.set_message(text);
    line.tick();
}

/// A bar on stderr of `length` steps (`None` for a spinner), drawn by
/// `template` in the one look of every bar and line here: bars of `=>`,
/// and a spinner turning through `|/-\`.
pub fn bar(length: Option<u64>, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(length, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> ").tick_chars("|/-\\ "));
    }
    bar
}

/// Takes the live line off the terminal, if one is drawn.
pub fn clear_live_line() {
    if let Some(line) = lock(&LIVE_LINE).take() {
        line.finish_and_clear();
    }
}

/// Standard output, locked once for the whole run.
///
/// A person watching a terminal sees each line as soon as it is written,
/// in step with the messages on stderr; a pipe or a file gets large blocks,
/// because there the speed of a batch is the speed of its writes.
pub enum Stdout {
    /// A terminal: flushed at each newline.
    Terminal(LineWriter<StdoutLock<'static>>),
    /// A pipe or a file: flushed when the buffer fills, or when the input
    /// has to be waited for.
    Block(BufWriter<StdoutLock<'static>>),
}

impl Stdout {
    /// Standard output, written as what it is connected to wants.
    pub fn open() -> Stdout {
        let stdout = io::stdout();
        if stdout.is_terminal() {
            Stdout::Terminal(LineWriter::new(stdout.lock()))
        } else {
            Stdout::Block(BufWriter::with_capacity(1 << 16, stdout.lock()))
        }
    }

    /// Writes a command's output with `write` and flushes it; a failure
    /// is "cannot write output".
    pub fn print(write: impl FnOnce(&mut Stdout) -> io::Result<()>) -> anyhow::Result<()> {
        let mut out = Stdout::open();
        write(&mut out)
            .and_then(|()| out.flush())
            .context("cannot write output")
    }
}

/// On a terminal, every write steps around the live line of a search.
impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stdout::Terminal(out) => around_live_line(|| out.write(buf)),
            Stdout::Block(out) => out.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stdout::Terminal(out) => around_live_line(|| out.write_all(buf)),
            Stdout::Block(out) => out.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stdout::Terminal(out) => around_live_line(|| out.flush()),
            Stdout::Block(out) => out.flush(),
        }
    }
}

/// Columns a chart may fill: the terminal's own width when stdout is one,
/// else `$COLUMNS`, else 80; never more than [`MAX_COLUMNS`], whatever
/// `$COLUMNS` claims.
pub fn columns() -> usize {
    let from_terminal = terminal_size::terminal_size_of(io::stdout())
        .map(|(terminal_size::Width(width), _)| usize::from(width));
    let from_env = || {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|columns| columns.trim().parse::<usize>().ok())
    };
    from_terminal
        .or_else(from_env)
        .unwrap_or(DEFAULT_COLUMNS)
        .min(MAX_COLUMNS)
}

/// The width of a line when nothing says what the terminal holds.
const DEFAULT_COLUMNS: usize = 80;

/// No real terminal is wider; a larger `$COLUMNS` is a mistake, and trusting
/// it would draw gigabytes of bar.
pub const MAX_COLUMNS: usize = 1000;

/// A writer whose reader may leave early without changing the outcome.
///
/// The special judge's exit status is its verdict: `eight verify … | head -1`
/// must still fail when a later answer is rejected. Once the pipe is closed,
/// the rest of the output is dropped and the judging goes on; any other
/// write error is still an error.
pub struct ReaderMayLeave<W> {
    inner: W,
    gone: bool,
}

impl<W: Write> ReaderMayLeave<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> ReaderMayLeave<W> {
        ReaderMayLeave { inner, gone: false }
    }

    /// Runs `write` on the inner writer unless its reader has gone, and
    /// notes when it goes.
    fn unless_gone<T>(
        &mut self,
        unread: T,
        write: impl FnOnce(&mut W) -> io::Result<T>,
    ) -> io::Result<T> {
        if self.gone {
            return Ok(unread);
        }
        match write(&mut self.inner) {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.gone = true;
                Ok(unread)
            }
            outcome => outcome,
        }
    }
}

impl<W: Write> Write for ReaderMayLeave<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.unless_gone(buf.len(), |inner| inner.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.unless_gone((), Write::flush)
    }
}

/// How long a build or a search runs before its bar or line shows.
pub const QUIET_FOR: Duration = Duration::from_secs(1);

/// A progress bar on stderr for the databases being built or loaded,
/// shown once they have taken a second, and only when stderr is a
/// terminal; it is cleared when every table is done. It says "building"
/// once any table reports a fraction below 1 (see [`BuildProgress::done`]),
/// and "loading" before.
pub fn build_progress_bar() -> Progress {
    #[derive(Default)]
    struct State {
        began: Option<Instant>,
        done: Vec<f64>,
        building: bool,
        bar: Option<ProgressBar>,
    }
    let terminal = std::io::stderr().is_terminal();
    let state = Mutex::new(State::default());
    Arc::new(move |progress: BuildProgress| {
        if !terminal {
            return;
        }
        let mut state = lock(&state);
        let began = *state.began.get_or_insert_with(Instant::now);
        state.done.resize(progress.tables, 0.0);
        if let Some(slot) = state.done.get_mut(progress.table) {
            *slot = progress.done;
        }
        state.building |= progress.done < 1.0;
        let done = state.done.iter().sum::<f64>() / progress.tables.max(1) as f64;
        if state.bar.is_none() && began.elapsed() >= QUIET_FOR && done < 1.0 {
            let template = "eight: {msg} tables [{bar:30}] {percent}%, {elapsed}";
            state.bar = Some(bar(Some(1000), template));
        }
        if let Some(bar) = &state.bar {
            bar.set_message(if state.building {
                "building"
            } else {
                "loading"
            });
            bar.set_position((done * 1000.0) as u64);
            if done >= 1.0 {
                bar.finish_and_clear();
            }
        }
    })
}
