//! `eight --generate WHAT`: shell completions and the man page, made from
//! the command-line definition itself so they can never disagree with it.

use std::io::Write;

use clap::ValueEnum;

use crate::exit_codes::ExitCode;
use crate::terminal::Stdout;

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
        Some(Generate::Man) => None,
        Some(Generate::CompleteBash) => Some(Shell::Bash),
        Some(Generate::CompleteZsh) => Some(Shell::Zsh),
        Some(Generate::CompleteFish) => Some(Shell::Fish),
        Some(Generate::CompletePowershell) => Some(Shell::PowerShell),
    };
    let mut text = Vec::new();
    match shell {
        Some(shell) => clap_complete::generate(shell, &mut command, "eight", &mut text),
        None => clap_mangen::Man::new(command).render(&mut text)?,
    }
    Stdout::print(|out| out.write_all(&text))?;
    Ok(ExitCode::Success)
}
