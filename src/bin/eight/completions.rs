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
    let mut text = Vec::new();
    let mut complete = |shell| clap_complete::generate(shell, &mut command, "eight", &mut text);
    match what {
        None => return Ok(ExitCode::Success),
        Some(Generate::Man) => clap_mangen::Man::new(command).render(&mut text)?,
        Some(Generate::CompleteBash) => complete(Shell::Bash),
        Some(Generate::CompleteZsh) => complete(Shell::Zsh),
        Some(Generate::CompleteFish) => complete(Shell::Fish),
        Some(Generate::CompletePowershell) => complete(Shell::PowerShell),
    }
    Stdout::print(|out| out.write_all(&text))?;
    Ok(ExitCode::Success)
}
