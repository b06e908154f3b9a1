//! Tables kept on disk between runs, so that pattern databases that take
//! seconds or minutes to build are read back in a fraction of that.
//!
//! A file is a header and a payload: the magic `EIGHTPDB`, a format
//! version, the key the caller stored it under (so a file renamed or
//! written by something else is not taken for another table), the payload's
//! length and its CRC-32. Anything that does not match, a short file, a
//! flipped byte, another version, is reported as a [`CacheWarning`] and the
//! table is rebuilt and written again. Writes go to a temporary file in the
//! same directory and are renamed into place, so a reader never sees half a
//! file and two processes building the same table both leave a whole one.
//! A directory that cannot be written leaves the table in memory, with a
//! warning: the library never prints.
//!
//! Loading opens only a regular file, reads its header, checks the file's
//! size against it, then maps the file into memory and makes one checksum
//! pass over the mapping ([`TableBytes`]): no copy is made, and processes
//! that load the same table share one copy in the page cache. Where the
//! platform cannot map the file, the rest is read at once instead. Either
//! way a table is trusted only once its header, size and checksum match.

use std::cmp::Ordering;
use std::fs;
use std::io::{self, Read, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// The environment variable that names the cache directory, over the
/// platform's default.
pub const CACHE_DIR_VAR: &str = "EIGHT_CACHE_DIR";

/// The file format's version; a file of any other is rebuilt.
/// Version 2: the 8-tile tables track the blank (version 1's did not, and
/// gave weaker estimates under the same key).
pub const FORMAT_VERSION: u32 = 2;

const MAGIC: &[u8; 8] = b"EIGHTPDB";

/// Where tables are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CacheDir {
    /// `$EIGHT_CACHE_DIR` if set, else the user's cache directory
    /// (`$XDG_CACHE_HOME/eight` or `~/.cache/eight` on Linux).
    #[default]
    Default,
    /// This directory.
    At(PathBuf),
    /// Nowhere: every table is built in memory for this process only.
    MemoryOnly,
}

impl CacheDir {
    /// The directory this stands for, if any.
    pub fn resolve(&self) -> Option<PathBuf> {
        match self {
            CacheDir::At(path) => Some(path.clone()),
            CacheDir::MemoryOnly => None,
            CacheDir::Default => match std::env::var_os(CACHE_DIR_VAR) {
                Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
                _ => directories::ProjectDirs::from("", "", "eight")
                    .map(|dirs| dirs.cache_dir().to_path_buf()),
            },
        }
    }
}

/// Why a cached file was not used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// Not a regular file (a FIFO, a device, a directory): never opened,
    /// since reading one may block or never end.
    #[error("not a regular file")]
    NotAFile,
    /// A file of no bytes at all.
    #[error("empty")]
    Empty,
    /// Shorter than its header says.
    #[error("shorter than its header says")]
    Short,
    /// Longer than its header says.
    #[error("longer than its header says")]
    Long,
    /// Does not start with the magic or holds another key.
    #[error("not a table of this key")]
    Foreign,
    /// Written by another version of the format.
    #[error("format version {0}, expected {FORMAT_VERSION}")]
    Version(u32),
    /// The payload's checksum does not match.
    #[error("checksum mismatch")]
    Checksum,
}

/// Something the caller may want to tell the user, one line each.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CacheWarning {
    /// A cached file was damaged or foreign; the table was rebuilt.
    #[error("cache file {}: {damage}; rebuilt it", .path.display())]
    Rebuilt {
        /// The file.
        path: PathBuf,
        /// What was wrong with it.
        damage: Damage,
    },
    /// The table could not be saved; it is kept in memory only.
    #[error("cannot save cache file {} ({error}); keeping the table in memory", .path.display())]
    NotSaved {
        /// The file it was meant for.
        path: PathBuf,
        /// The error, as text.
        error: String,
    },
}

/// How a table was obtained, for measuring load against build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from a cached file.
    Loaded,
    /// Built by the caller's function.
    Built,
}

/// A table's bytes: built or read into memory, or mapped from its cached
/// file (past the header). Both read as the payload, `&[u8]`.
#[derive(Debug)]
pub enum TableBytes {
    /// Built by this process, or read where mapping failed.
    Owned(Vec<u8>),
    /// A cached file mapped whole, checked; the payload starts at `at`.
    Mapped {
        /// The file's mapping.
        map: memmap2::Mmap,
        /// The header's length.
        at: usize,
    },
}

impl Deref for TableBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            TableBytes::Owned(bytes) => bytes,
            TableBytes::Mapped { map, at } => &map[*at..],
        }
    }
}

/// The table stored under `key` in `dir`, file name `name`, or the result of
/// `build` when there is none that is whole; a new table is saved. Warnings
/// go to `warn`; a build that fails is the error.
pub fn load_or_build<E>(
    dir: Option<&Path>,
    name: &str,
    key: &str,
    build: impl FnOnce() -> Result<Vec<u8>, E>,
    warn: &mut dyn FnMut(CacheWarning),
) -> Result<(TableBytes, Origin), E> {
    let Some(dir) = dir else {
        return Ok((TableBytes::Owned(build()?), Origin::Built));
    };
    let path = dir.join(name);
    match read(&path, key) {
        Some(Ok(table)) => return Ok((table, Origin::Loaded)),
        Some(Err(damage)) => warn(CacheWarning::Rebuilt {
            path: path.clone(),
            damage,
        }),
        // Absent is the normal first run; an unreadable file is rebuilt and
        // the save below says whether it can be replaced.
        None => {}
    }
    let payload = build()?;
    if let Err(error) = save(dir, &path, key, &payload) {
        warn(CacheWarning::NotSaved {
            path,
            error: error.to_string(),
        });
    }
    Ok((TableBytes::Owned(payload), Origin::Built))
}

/// The header and payload of a table.
pub fn encode(key: &str, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(payload.len() + 32 + key.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(key.len() as u32).to_le_bytes());
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// The checked table in the file at `path`, `None` if it cannot be read.
/// Only a regular file is opened, and only once its header's promised
/// length matches the file's, so a FIFO, a device or a huge stray file
/// costs a warning, not a hang or an allocation without bound. The file is
/// mapped, or read where it cannot be.
fn read(path: &Path, key: &str) -> Option<Result<TableBytes, Damage>> {
    let metadata = fs::metadata(path).ok()?;
    if !metadata.is_file() {
        return Some(Err(Damage::NotAFile));
    }
    let mut file = fs::File::open(path).ok()?;
    let mut head = Vec::new();
    (&mut file)
        .take(encode(key, &[]).len() as u64)
        .read_to_end(&mut head)
        .ok()?;
    let promised = match header(&head, key, metadata.len()) {
        Ok((_, promised, _)) => promised,
        Err(damage) => return Some(Err(damage)),
    };
    // The mapping is checked whole again: it is what will be read.
    if let Some(map) = map(&file) {
        return Some(check(&map, key).map(|at| TableBytes::Mapped { map, at }));
    }
    // A file that cannot be mapped (under `ulimit -v`, say) may not fit in
    // memory either: then it is taken as unreadable, and the rebuild, which
    // needs at least as much, says what did not fit.
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(usize::try_from(promised).ok()?)
        .ok()?;
    bytes.extend_from_slice(&head);
    file.read_to_end(&mut bytes).ok()?;
    Some(decode(bytes, key).map(TableBytes::Owned))
}

/// The whole of `file` mapped read-only into memory, `None` where the
/// platform cannot map it (the caller reads it instead). Its pages are
/// faulted in at once, since the checksum reads every one of them.
#[allow(unsafe_code)]
fn map(file: &fs::File) -> Option<memmap2::Mmap> {
    // SAFETY: a mapping is handed out as a `&[u8]`, which safe code takes
    // to never change. That holds only while nobody changes the file
    // itself: if another process wrote into it in place, the bytes would
    // change under the search (after the checksum passed), and if it
    // truncated it, reading the lost pages would kill this process with
    // SIGBUS. `eight` never does either: it never opens a cache file for
    // writing; `save` writes a new temporary file and renames it over
    // the old name, which leaves the old file, the one mapped, whole and
    // unchanged until the last mapping of it goes (two processes
    // rebuilding a table at once do just that). What is left is someone
    // else writing into the file in place while an `eight` runs (`dd
    // conv=notrunc`, `truncate`), which no check can see coming; the
    // cache is `eight`'s own directory, and other tools never write there.
    let map = unsafe { memmap2::MmapOptions::new().populate().map(file) };
    map.ok()
}

/// The header at the start of `bytes`, if it is whole, of this version and
/// key, and promises a file of `actual` bytes: where the payload starts,
/// the file's whole length and the payload's checksum.
fn header(bytes: &[u8], key: &str, actual: u64) -> Result<(usize, u64, u32), Damage> {
    if bytes.is_empty() {
        return Err(Damage::Empty);
    }
    let mut at = 0;
    let mut take = |len: usize| -> Result<&[u8], Damage> {
        let field = bytes.get(at..at + len).ok_or(Damage::Short)?;
        at += len;
        Ok(field)
    };
    let field_u32 = |f: &[u8]| u32::from_le_bytes(f.try_into().unwrap_or_default());
    if take(MAGIC.len()).map_err(|_| Damage::Foreign)? != MAGIC {
        return Err(Damage::Foreign);
    }
    let version = field_u32(take(4)?);
    if version != FORMAT_VERSION {
        return Err(Damage::Version(version));
    }
    let key_len = field_u32(take(4)?) as usize;
    if take(key_len)? != key.as_bytes() {
        return Err(Damage::Foreign);
    }
    let len = u64::from_le_bytes(take(8)?.try_into().unwrap_or_default());
    let crc = field_u32(take(4)?);
    let promised = at as u64 + len;
    match actual.cmp(&promised) {
        Ordering::Less => Err(Damage::Short),
        Ordering::Greater => Err(Damage::Long),
        Ordering::Equal => Ok((at, promised, crc)),
    }
}

/// Where the payload of a file's bytes starts, if its header is whole, of
/// this version and key, and its checksum matches.
fn check(bytes: &[u8], key: &str) -> Result<usize, Damage> {
    let (at, _, crc) = header(bytes, key, bytes.len() as u64)?;
    if crc32fast::hash(&bytes[at..]) != crc {
        return Err(Damage::Checksum);
    }
    Ok(at)
}

/// The payload of a file's bytes, if [`check`] passes. Takes the bytes so
/// that the payload is cut out of them without a second allocation.
pub fn decode(mut bytes: Vec<u8>, key: &str) -> Result<Vec<u8>, Damage> {
    let at = check(&bytes, key)?;
    // The header is moved out in place: `split_off` would copy the
    // payload, twice the memory for a moment on the largest tables.
    bytes.drain(..at);
    Ok(bytes)
}

/// Writes the table to a new temporary file beside `path` and renames it
/// into place, so the file at `path` is always whole and a file already
/// there, perhaps mapped by a reader, is replaced, never changed.
fn save(dir: &Path, path: &Path, key: &str, payload: &[u8]) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let temp = dir.join(format!(
        ".{}.{}.{nanos}.tmp",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("table"),
        std::process::id()
    ));
    let result = (|| {
        // A new file, never one that exists: a file of the cache may be
        // mapped by another process, and is never written in place.
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(&encode(key, payload))?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_round_trips_and_every_damage_is_named() {
        let payload: Vec<u8> = (0..200u8).collect();
        let bytes = encode("k", &payload);
        assert_eq!(decode(bytes.clone(), "k"), Ok(payload.clone()));
        assert_eq!(decode(bytes.clone(), "other"), Err(Damage::Foreign));
        assert_eq!(
            decode(bytes[..bytes.len() - 1].to_vec(), "k"),
            Err(Damage::Short)
        );
        let mut appended = bytes.clone();
        appended.push(0);
        assert_eq!(decode(appended, "k"), Err(Damage::Long));
        assert_eq!(decode(Vec::new(), "k"), Err(Damage::Empty));
        assert_eq!(decode(bytes[..5].to_vec(), "k"), Err(Damage::Foreign));
        assert_eq!(decode(bytes[..10].to_vec(), "k"), Err(Damage::Short));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(decode(flipped, "k"), Err(Damage::Checksum));
        let mut old = bytes.clone();
        old[8] = 7;
        assert_eq!(decode(old, "k"), Err(Damage::Version(7)));
        assert_eq!(decode(b"hello".to_vec(), "k"), Err(Damage::Foreign));
    }

    /// A fresh directory of this process for one test.
    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("eight-cache-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// `load_or_build` of `build` under key `k`, and its warnings.
    fn load(dir: &Path, build: Vec<u8>) -> (TableBytes, Origin, Vec<CacheWarning>) {
        let mut warnings = Vec::new();
        let built = || Ok::<_, ()>(build);
        let (table, origin) =
            load_or_build(Some(dir), "t.bin", "k", built, &mut |w| warnings.push(w)).unwrap();
        (table, origin, warnings)
    }

    #[test]
    fn a_saved_table_is_mapped_and_stays_whole_while_it_is_replaced() {
        let dir = fresh("replaced");
        let first: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        let (built, origin, warnings) = load(&dir, first.clone());
        assert!(matches!(built, TableBytes::Owned(_)));
        assert_eq!((origin, warnings), (Origin::Built, vec![]));
        let (loaded, origin, warnings) = load(&dir, vec![]);
        assert!(matches!(loaded, TableBytes::Mapped { .. }), "{loaded:?}");
        assert_eq!((origin, warnings), (Origin::Loaded, vec![]));
        assert_eq!(*loaded, first[..]);
        // Another process rebuilding the table renames a new file over it:
        // the mapped one is left as it was.
        let second = vec![7u8; 5_000];
        save(&dir, &dir.join("t.bin"), "k", &second).unwrap();
        assert_eq!(*loaded, first[..]);
        assert_eq!(*load(&dir, vec![]).0, second[..]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_mapped_file_with_a_flipped_byte_is_rebuilt() {
        let dir = fresh("flipped");
        let payload = vec![3u8; 10_000];
        load(&dir, payload.clone());
        let path = dir.join("t.bin");
        let mut bytes = fs::read(&path).unwrap();
        bytes[5_000] ^= 1;
        fs::write(&path, bytes).unwrap();
        let (table, origin, warnings) = load(&dir, payload.clone());
        assert_eq!(*table, payload[..]);
        assert_eq!(origin, Origin::Built);
        assert_eq!(
            warnings,
            vec![CacheWarning::Rebuilt {
                path: path.clone(),
                damage: Damage::Checksum
            }]
        );
        assert!(matches!(load(&dir, vec![]).0, TableBytes::Mapped { .. }));
        fs::remove_dir_all(&dir).unwrap();
    }
}
