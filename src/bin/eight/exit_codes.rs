//! The exit statuses every command shares, in one type, so that a status
//! means the same whichever command returns it.

use eight::batch::BatchError;
use eight::pdb::EngineError;
use eight::{GridError, MemoryError};

/// How a run ended, as the shell sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitCode {
    /// Everything read was answered (or, for `verify`, accepted).
    Success = 0,
    /// Some puzzle was invalid, some answer rejected, or a judge input's
    /// frame broken; everything else was still answered.
    Failure = 1,
    /// A usage error, an input that could not be read, an output that
    /// could not be written, or a picture (`--svg`) that could not be drawn
    /// or written.
    Error = 2,
    /// A table or a search's array did not fit in memory; the answers
    /// before it were written. Not 2: the same command may run with more
    /// memory (a higher `ulimit -v`, a larger machine), where a usage error
    /// or an unreadable file would fail again.
    OutOfMemory = 3,
    /// Ended by SIGINT (Ctrl-C): 128 + 2, as a shell reports a process the
    /// signal ended.
    #[cfg(unix)]
    Interrupted = 130,
    /// Ended by SIGTERM: 128 + 15.
    #[cfg(unix)]
    Terminated = 143,
}

impl ExitCode {
    /// [`ExitCode::Failure`] when `failed`, else success.
    pub fn failure_if(failed: bool) -> ExitCode {
        if failed {
            ExitCode::Failure
        } else {
            ExitCode::Success
        }
    }

    /// The status of a run that stopped with `error`: out of memory when
    /// the library's [`MemoryError`] is behind it, else [`ExitCode::Error`].
    pub fn of_error(error: &anyhow::Error) -> ExitCode {
        if error.chain().any(carries_memory_error) {
            ExitCode::OutOfMemory
        } else {
            ExitCode::Error
        }
    }
}

/// Whether `cause` is a [`MemoryError`] or one of the library's errors
/// that carry one: they show it as their own message, so it is not a
/// further cause in the chain.
fn carries_memory_error(cause: &(dyn std::error::Error + 'static)) -> bool {
    cause.is::<MemoryError>()
        || matches!(cause.downcast_ref(), Some(EngineError::Memory(_)))
        || matches!(cause.downcast_ref(), Some(BatchError::Memory(_)))
        || matches!(cause.downcast_ref(), Some(GridError::Memory(_)))
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> std::process::ExitCode {
        std::process::ExitCode::from(code as u8)
    }
}

/// The cause of status 2 that every command shares, as its help footer
/// says it: an output that refused a write (`> /dev/full`). A reader that
/// goes away (`| head -1`) is no error: solving stops with status 0, and
/// `verify`'s status stays its verdict.
macro_rules! unwritable_output_help {
    () => {
        "output that could not be written (a reader that goes away is no error)"
    };
}
pub(crate) use unwritable_output_help;

/// Status 3 as every command's help footer says it.
macro_rules! out_of_memory_help {
    () => {
        "3 when a table or a search's array did not fit in memory"
    };
}
pub(crate) use out_of_memory_help;

/// The help footer of every command: what each status means there, with
/// the causes of status 2 that a command has beside the shared ones
/// (`"a picture that could not be drawn, "`).
macro_rules! exit_status_help {
    ($failure:expr) => {
        $crate::exit_codes::exit_status_help!($failure, "")
    };
    ($failure:expr, $errors:expr) => {
        concat!(
            "Exit status: 0 on success; 1 when ",
            $failure,
            "; 2 for a usage error, a file that could not be read, ",
            $errors,
            "or ",
            $crate::exit_codes::unwritable_output_help!(),
            "; ",
            $crate::exit_codes::out_of_memory_help!(),
            "."
        )
    };
}
pub(crate) use exit_status_help;
