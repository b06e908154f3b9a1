//! The temporary files a save writes before renaming them into place, so
//! that none outlives the save: not when the save fails, not when its
//! process ends on a signal, and not past the next run when its process
//! was killed outright.
//!
//! A save names its file `.NAME.PID.NANOS.tmp`, beside NAME, and holds it
//! locked (`flock`, or `LockFileEx` on Windows) until it is renamed. The
//! system lets go of a process's locks however the process ends, killed,
//! crashed or with the machine, so a file of that name that can be locked
//! is one nobody is writing, and each load or save in a directory first
//! removes those ([`sweep`]). A process id alone would be fooled by its
//! reuse and by another machine or container sharing the directory; a
//! lock is not. A file from a version of `eight` that took no lock is
//! taken for left behind, even while that version writes it: its save
//! then fails with a warning and the table stays in memory.
//!
//! [`abandon_saves`] removes the files this process is writing, for a
//! process about to end on a signal.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

#[cfg(not(target_arch = "wasm32"))]
use fs4::FileExt;

/// WebAssembly in a browser has no files: the page keeps its tables in
/// memory (`CacheDir::MemoryOnly`), so no save or sweep runs
/// there, and a lock is simply not to be had.
#[cfg(target_arch = "wasm32")]
struct FileExt;

#[cfg(target_arch = "wasm32")]
impl FileExt {
    fn lock(_: &fs::File) -> io::Result<()> {
        Err(io::ErrorKind::Unsupported.into())
    }

    fn try_lock(_: &fs::File) -> io::Result<()> {
        Err(io::ErrorKind::Unsupported.into())
    }
}

/// The temporary files this process is writing, and whether it is ending.
struct Saves {
    ending: bool,
    temps: Vec<PathBuf>,
}

static SAVES: Mutex<Saves> = Mutex::new(Saves {
    ending: false,
    temps: Vec::new(),
});

/// [`SAVES`], whatever a thread that panicked holding it left: a list of
/// paths is never half changed.
fn saves() -> MutexGuard<'static, Saves> {
    SAVES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The error of a save begun or finished after [`abandon_saves`].
fn ending() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "the process is ending")
}

/// A temporary file being written for `target`, removed unless it is
/// renamed there.
pub(super) struct Temp {
    /// The file, open for writing and locked.
    pub(super) file: fs::File,
    path: PathBuf,
    target: PathBuf,
    renamed: bool,
}

impl Temp {
    /// A new temporary file beside `target`, locked, and known to
    /// [`abandon_saves`] from the moment it exists.
    pub(super) fn beside(target: &Path) -> io::Result<Temp> {
        let dir = target.parent().unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("table");
        loop {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let path = dir.join(format!(".{name}.{}.{nanos}.tmp", std::process::id()));
            let mut saves = saves();
            if saves.ending {
                return Err(ending());
            }
            // A new file, never one that exists: a file of the cache may be
            // mapped by another process, and is never written in place.
            let file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)?;
            saves.temps.push(path.clone());
            drop(saves);
            let temp = Temp {
                file,
                path,
                target: target.to_path_buf(),
                renamed: false,
            };
            // Waits only while a sweep in another process holds the file,
            // one that found it before this lock and has removed it then:
            // another name is tried. Where locks are not to be had, a sweep
            // cannot lock the file either, and leaves it alone.
            let _ = FileExt::lock(&temp.file);
            if temp.path.exists() {
                return Ok(temp);
            }
        }
    }

    /// Renames the file over its target, unless the process is ending.
    pub(super) fn rename(mut self) -> io::Result<()> {
        let saves = saves();
        if saves.ending {
            return Err(ending());
        }
        fs::rename(&self.path, &self.target)?;
        self.renamed = true;
        Ok(())
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let mut saves = saves();
        saves.temps.retain(|temp| *temp != self.path);
        if !self.renamed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Removes the temporary files of the saves this process has under way and
/// makes every later save fail, for a process about to end on a signal: the
/// cache is left with whole tables only. The caller then exits; a save's
/// thread may still write into its removed file until then.
pub fn abandon_saves() {
    let mut saves = saves();
    saves.ending = true;
    for temp in saves.temps.drain(..) {
        let _ = fs::remove_file(temp);
    }
}

/// Removes the temporary files in `dir` that saves left behind: those of
/// [`Temp`]'s naming that are regular files and take a lock, so that no
/// process is writing them. This process's own are left alone, whatever a
/// lock says (some network file systems lock per process, not per file).
pub fn sweep(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let writer = name.to_str().and_then(writer);
        // Not opened unless a regular file: opening a FIFO waits for a
        // reader.
        let regular = entry.file_type().is_ok_and(|kind| kind.is_file());
        if !regular || writer.is_none_or(|pid| pid == std::process::id()) {
            continue;
        }
        let path = entry.path();
        // Opened for writing: NFS grants an exclusive lock only then.
        let left = fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .is_ok_and(|file| FileExt::try_lock(&file).is_ok());
        if left {
            let _ = fs::remove_file(&path);
        }
    }
}

/// The id of the process that named a temporary file `name`
/// (`.NAME.PID.NANOS.tmp`), `None` for a name of any other kind.
fn writer(name: &str) -> Option<u32> {
    let middle = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut fields = middle.rsplitn(3, '.');
    let _nanos: u32 = fields.next()?.parse().ok()?;
    let pid = fields.next()?.parse().ok()?;
    fields.next().filter(|name| !name.is_empty()).map(|_| pid)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory of this process for one test.
    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("eight-temp-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_temporary_files_name_gives_its_writer_and_no_other_name_does() {
        let dir = fresh("names");
        let temp = Temp::beside(&dir.join("pdb-4x4-0-1.bin")).unwrap();
        let name = temp.path.file_name().unwrap().to_str().unwrap();
        assert_eq!(writer(name), Some(std::process::id()));
        assert_eq!(writer(".pdb-5x5-0-1.bin.77.123.tmp"), Some(77));
        for other in [
            "pdb-5x5-0-1.bin",
            ".pdb-5x5-0-1.bin.77.123",
            "pdb-5x5-0-1.bin.77.123.tmp",
            ".pdb.bin.x.123.tmp",
            "..77.123.tmp",
            ".77.123.tmp",
        ] {
            assert_eq!(writer(other), None, "{other}");
        }
        drop(temp);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_sweep_removes_only_the_temporary_files_nobody_is_writing() {
        let dir = fresh("sweep");
        let plant = |name: &str| {
            fs::write(dir.join(name), b"half a table").unwrap();
            dir.join(name)
        };
        // Left by a process that is gone: no lock is held on it.
        let left = plant(".pdb-4x4-0-1.bin.4194303.1.tmp");
        // Being written by another process, which holds it locked.
        let written = plant(".pdb-4x4-0-2.bin.4194302.1.tmp");
        let writing = fs::File::open(&written).unwrap();
        FileExt::try_lock(&writing).unwrap();
        // This process's own, and names of other kinds.
        let own = Temp::beside(&dir.join("pdb-4x4-0-3.bin")).unwrap();
        let others = [plant("pdb-4x4-0-1.bin"), plant(".hidden.tmp")];
        sweep(&dir);
        assert!(!left.exists());
        assert!(written.exists() && own.path.exists());
        assert!(others.iter().all(|other| other.exists()));
        drop(writing);
        sweep(&dir);
        assert!(!written.exists() && own.path.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
