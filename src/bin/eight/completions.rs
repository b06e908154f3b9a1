//! `eight --generate WHAT`: shell completions and the man page, made from
//! the command-line definition itself so they can never disagree with it.

use std::io::{self, Write};

use anyhow::Context;
use clap::ValueEnum;

use crate::exit_codes::ExitCode;

/// What `--generate` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Generate {
    /// A bash completion script.
    CompleteBash,
    /// A zsh completion script.
    CompleteZsh,
    /// A fish completion script.
    CompleteFish,
    /// A PowerShell completion script.
    CompletePowershell,
    /// The man page, in roff.
    Man,
}

/// Prints what `what` names for `command` on stdout.
pub fn run(what: Option<Generate>, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    use clap_complete::Shell;
    let shell = match what {
        None => return Ok(ExitCode::Success),
        Some(Generate::Man) => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            io::stdout()
                .lock()
                .write_all(&page)
                .context("cannot write output")?;
            return Ok(ExitCode::Success);
        }
        Some(Generate::CompleteBash) => Shell::Bash,
        Some(Generate::CompleteZsh) => Shell::Zsh,
        Some(Generate::CompleteFish) => Shell::Fish,
        Some(Generate::CompletePowershell) => Shell::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "eight", &mut script);
    io::stdout()
        .lock()
        .write_all(&script)
        .context("cannot write output")?;
    Ok(ExitCode::Success)
}
