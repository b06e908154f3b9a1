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
//! file and two processes building the same table both leave a whole one;
//! one that a save never finished is removed by the next run that loads or
//! saves tables in that directory ([`sweep`], once before them).
//! A directory that cannot be written leaves the table in memory, with a
//! warning: the library never prints.
//!
//! Loading opens only a regular file, reads its header, checks the file's
//! size against it, then maps the file into memory and makes one checksum
//! pass over the mapping ([`TableBytes`]): no copy is made, and processes
//! that load the same table share one copy in the page cache. Where the
//! platform cannot map the file, the rest is read at once instead.
//!
//! A header that agrees with itself is not enough: a payload of the wrong
//! size for its key, or of values no table of its key can hold, would make
//! the search read out of bounds or never end. So the caller says what it
//! expects ([`Expect`]): the payload's length, checked against the header
//! before anything is mapped, and a test of its bytes, fed each stretch of
//! the payload as the checksum reads it (one pass over the bytes, not two).
//! A table is trusted only once its header, size, checksum and that test
//! pass; the cache itself knows nothing of what the bytes mean.

use std::cmp::Ordering;
use std::fs;
use std::io::{self, Read, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};

use temp::Temp;
pub use temp::{abandon_saves, sweep};

mod temp;

/// The environment variable that names the cache directory, over the
/// platform's default.
pub const CACHE_DIR_VAR: &str = "EIGHT_CACHE_DIR";

/// The file format's version; a file of any other is rebuilt.
/// Version 2: the 8-tile tables track the blank (version 1's did not, and
/// gave weaker estimates under the same key).
pub const FORMAT_VERSION: u32 = 2;

const MAGIC: &[u8; 8] = b"EIGHTPDB";

/// Where tables are kept. The library writes nothing unless told where:
/// the default is memory only, and the binary names [`CacheDir::User`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CacheDir {
    /// `$EIGHT_CACHE_DIR` if set, else the user's cache directory
    /// (`$XDG_CACHE_HOME/eight` or `~/.cache/eight` on Linux).
    User,
    /// This directory.
    At(PathBuf),
    /// Nowhere: every table is built in memory for this process only.
    #[default]
    MemoryOnly,
}

impl CacheDir {
    /// The directory this stands for, if any.
    pub fn resolve(&self) -> Option<PathBuf> {
        match self {
            CacheDir::At(path) => Some(path.clone()),
            CacheDir::MemoryOnly => None,
            CacheDir::User => match std::env::var_os(CACHE_DIR_VAR) {
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
    /// The header promises a payload of another length than its key
    /// implies.
    #[error("a table of {found} bytes, where its key implies {expected}")]
    Size {
        /// The length the key implies.
        expected: u64,
        /// The length the header gives.
        found: u64,
    },
    /// The payload's bytes cannot be the table its key names: the caller's
    /// reason.
    #[error("its table cannot be right: {0}")]
    Implausible(String),
}

/// What a caller knows of a table before it is read: the payload's length
/// its key implies, and a test of its bytes that [`load_or_build`] runs in
/// the checksum's pass over them.
pub trait Expect {
    /// The payload's length, in bytes.
    fn size(&self) -> u64;
    /// Takes in the payload's next bytes: called in order, over each byte
    /// once, and only for a payload of [`Expect::size`] bytes.
    fn scan(&mut self, bytes: &[u8]);
    /// Once the whole payload is scanned: why it cannot be the table, if
    /// it cannot.
    fn verdict(&self) -> Result<(), String>;
}

/// The stretch of payload checksummed and then scanned at a time: small
/// enough to stay in the processor's cache between the two, so the scan
/// reads no byte from memory twice.
const STRETCH: usize = 1 << 16;

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

/// The tables one engine obtained at once, before a board needed them,
/// for `--stats`: how many were loaded and built, and the wall time it
/// took, which no board's time includes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablesReport {
    /// Tables read from the cache.
    pub loaded: usize,
    /// Tables built, and saved where the cache allows.
    pub built: usize,
    /// Wall time to obtain them all.
    pub elapsed: std::time::Duration,
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
/// `build` when there is none that is whole and passes `expect`; a new
/// table is saved. Warnings go to `warn`; a build that fails is the error.
pub fn load_or_build<E>(
    dir: Option<&Path>,
    name: &str,
    key: &str,
    expect: &mut dyn Expect,
    build: impl FnOnce() -> Result<Vec<u8>, E>,
    warn: &mut dyn FnMut(CacheWarning),
) -> Result<(TableBytes, Origin), E> {
    let Some(dir) = dir else {
        return Ok((TableBytes::Owned(build()?), Origin::Built));
    };
    let path = dir.join(name);
    match read(&path, key, expect) {
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

/// The header and payload of a table, whole.
#[cfg(test)]
pub fn encode(key: &str, payload: &[u8]) -> Vec<u8> {
    let mut bytes = header_bytes(key, payload);
    bytes.extend_from_slice(payload);
    bytes
}

/// The header of a table: what [`encode`] puts before its payload.
fn header_bytes(key: &str, payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(32 + key.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&(key.len() as u32).to_le_bytes());
    bytes.extend_from_slice(key.as_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    bytes
}

/// The checked table in the file at `path`, `None` if it cannot be read.
/// Only a regular file is opened, and only once its header's promised
/// length matches the file's and `expect`'s, so a FIFO, a device or a huge
/// stray file costs a warning, not a hang or an allocation without bound.
/// The file is mapped, or read where it cannot be.
fn read(path: &Path, key: &str, expect: &mut dyn Expect) -> Option<Result<TableBytes, Damage>> {
    let metadata = fs::metadata(path).ok()?;
    if !metadata.is_file() {
        return Some(Err(Damage::NotAFile));
    }
    let mut file = fs::File::open(path).ok()?;
    let mut head = Vec::new();
    (&mut file)
        .take(header_bytes(key, &[]).len() as u64)
        .read_to_end(&mut head)
        .ok()?;
    let promised = match header(&head, key, expect.size(), metadata.len()) {
        Ok((_, promised, _)) => promised,
        Err(damage) => return Some(Err(damage)),
    };
    // The mapping is checked whole again: it is what will be read.
    if let Some(map) = map(&file) {
        return Some(check(&map, key, expect).map(|at| TableBytes::Mapped { map, at }));
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
    Some(decode(bytes, key, expect).map(TableBytes::Owned))
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
    #[cfg(target_os = "linux")]
    return unsafe { memmap2::MmapOptions::new().map(file) }
        .ok()
        .inspect(in_huge_pages);
    #[cfg(not(target_os = "linux"))]
    unsafe { memmap2::MmapOptions::new().populate().map(file) }.ok()
}

/// Asks for `map` in 2 MiB pages, then faults it in. The search reads its
/// tables at random, so in 4 KiB pages nearly every read also misses the
/// TLB (the 24-puzzle searches about a sixth longer). The kernel maps a
/// file's cached pages 2 MiB at a time only where it read them in as
/// such blocks, which it does for a mapping that asked, also when it reads
/// back pages it had dropped. Either request may be refused (no
/// transparent huge pages, an older kernel): the checksum faults every
/// page in anyway.
#[cfg(target_os = "linux")]
fn in_huge_pages(map: &memmap2::Mmap) {
    let _ = map.advise(memmap2::Advice::HugePage);
    let _ = map.advise(memmap2::Advice::PopulateRead);
}

/// The header at the start of `bytes`, if it is whole, of this version and
/// key, and promises a payload of `size` bytes in a file of `actual`:
/// where the payload starts, the file's whole length and the payload's
/// checksum.
fn header(bytes: &[u8], key: &str, size: u64, actual: u64) -> Result<(usize, u64, u32), Damage> {
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
    if len != size {
        return Err(Damage::Size {
            expected: size,
            found: len,
        });
    }
    let crc = field_u32(take(4)?);
    let promised = at as u64 + len;
    match actual.cmp(&promised) {
        Ordering::Less => Err(Damage::Short),
        Ordering::Greater => Err(Damage::Long),
        Ordering::Equal => Ok((at, promised, crc)),
    }
}

/// Where the payload of a file's bytes starts, if its header is whole, of
/// this version and key, its checksum matches and `expect` passes it.
fn check(bytes: &[u8], key: &str, expect: &mut dyn Expect) -> Result<usize, Damage> {
    let (at, _, crc) = header(bytes, key, expect.size(), bytes.len() as u64)?;
    let mut checksum = crc32fast::Hasher::new();
    for stretch in bytes[at..].chunks(STRETCH) {
        checksum.update(stretch);
        expect.scan(stretch);
    }
    if checksum.finalize() != crc {
        return Err(Damage::Checksum);
    }
    expect.verdict().map_err(Damage::Implausible)?;
    Ok(at)
}

/// The payload of a file's bytes, if [`check`] passes. Takes the bytes so
/// that the payload is cut out of them without a second allocation.
pub fn decode(mut bytes: Vec<u8>, key: &str, expect: &mut dyn Expect) -> Result<Vec<u8>, Damage> {
    let at = check(&bytes, key, expect)?;
    // The header is moved out in place: `split_off` would copy the
    // payload, twice the memory for a moment on the largest tables.
    bytes.drain(..at);
    Ok(bytes)
}

/// Saves the table in the file at `path` whole ([`replace`]), in `dir`,
/// made first if need be.
fn save(dir: &Path, path: &Path, key: &str, payload: &[u8]) -> io::Result<()> {
    fs::create_dir_all(dir).map_err(|error| {
        // mkdir's own word for anything in the way is "File exists": what
        // is there says more.
        if error.kind() != io::ErrorKind::AlreadyExists {
            return error;
        }
        match fs::metadata(dir) {
            Ok(metadata) if metadata.is_dir() => error,
            Ok(_) => io::Error::new(
                io::ErrorKind::NotADirectory,
                format!("{} is not a directory", dir.display()),
            ),
            // A link in a loop ("Too many levels of symbolic links") or to
            // nothing.
            Err(followed) => followed,
        }
    })?;
    replace(path, |file| {
        // The header, then the table itself: no copy of a table of 127 MB.
        file.write_all(&header_bytes(key, payload))?;
        file.write_all(payload)
    })
}

/// Writes the file at `target` whole: `write` fills a new temporary file
/// beside it, which is synced and then renamed over `target`. Until the
/// rename `target` is untouched, and a write that fails leaves no
/// temporary file behind; a file already there, perhaps mapped by a
/// reader, is replaced, never changed. Tables and pictures are saved so.
pub(crate) fn replace(
    target: &Path,
    write: impl FnOnce(&mut fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let mut temp = Temp::beside(target)?;
    write(&mut temp.file)?;
    temp.file.sync_all()?;
    temp.rename()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Expects a payload of `size` bytes without the byte `never`, and
    /// keeps what it was shown.
    struct Bytes {
        size: u64,
        never: Option<u8>,
        scanned: Vec<u8>,
    }

    fn expect(size: usize) -> Bytes {
        Bytes {
            size: size as u64,
            never: None,
            scanned: Vec::new(),
        }
    }

    impl Expect for Bytes {
        fn size(&self) -> u64 {
            self.size
        }

        fn scan(&mut self, bytes: &[u8]) {
            self.scanned.extend_from_slice(bytes);
        }

        fn verdict(&self) -> Result<(), String> {
            match self.never {
                Some(never) if self.scanned.contains(&never) => Err(format!("holds {never}")),
                _ => Ok(()),
            }
        }
    }

    /// [`decode`] of `bytes` expecting `size` bytes.
    fn decoded(bytes: &[u8], key: &str, size: usize) -> Result<Vec<u8>, Damage> {
        decode(bytes.to_vec(), key, &mut expect(size))
    }

    #[test]
    fn a_table_round_trips_and_every_damage_is_named() {
        let payload: Vec<u8> = (0..200u8).collect();
        let bytes = encode("k", &payload);
        let decode = |bytes: &[u8], key| decoded(bytes, key, 200);
        assert_eq!(decode(&bytes, "k"), Ok(payload.clone()));
        assert_eq!(decode(&bytes, "other"), Err(Damage::Foreign));
        assert_eq!(decode(&bytes[..bytes.len() - 1], "k"), Err(Damage::Short));
        let mut appended = bytes.clone();
        appended.push(0);
        assert_eq!(decode(&appended, "k"), Err(Damage::Long));
        assert_eq!(decode(&[], "k"), Err(Damage::Empty));
        assert_eq!(decode(&bytes[..5], "k"), Err(Damage::Foreign));
        assert_eq!(decode(&bytes[..10], "k"), Err(Damage::Short));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(decode(&flipped, "k"), Err(Damage::Checksum));
        let mut old = bytes.clone();
        old[8] = 7;
        assert_eq!(decode(&old, "k"), Err(Damage::Version(7)));
        assert_eq!(decode(b"hello", "k"), Err(Damage::Foreign));
    }

    #[test]
    fn a_payload_is_trusted_only_at_the_size_and_with_the_bytes_its_caller_expects() {
        // Whole, its checksum right, but half the table its key implies.
        let half = encode("k", &[1; 100]);
        let size = Damage::Size {
            expected: 200,
            found: 100,
        };
        assert_eq!(decoded(&half, "k", 200), Err(size));
        // The right size, but a byte the caller knows its table never holds.
        let mut refusing = expect(200);
        refusing.never = Some(255);
        let unseen = encode("k", &[255; 200]);
        assert_eq!(
            decode(unseen, "k", &mut refusing),
            Err(Damage::Implausible("holds 255".into()))
        );
        // The test sees every byte once, in order, however many stretches
        // the checksum reads them in.
        let payload: Vec<u8> = (0..=255u8).cycle().take(3 * STRETCH + 7).collect();
        let mut seeing = expect(payload.len());
        assert_eq!(
            decode(encode("k", &payload), "k", &mut seeing),
            Ok(payload.clone())
        );
        assert_eq!(seeing.scanned, payload);
    }

    /// A fresh directory of this process for one test.
    fn fresh(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("eight-cache-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// `load_or_build` in `dir` of a table of `size` bytes under key `k`
    /// (`build` builds it), and its warnings.
    fn load(dir: &Path, size: usize, build: Vec<u8>) -> (TableBytes, Origin, Vec<CacheWarning>) {
        let mut warnings = Vec::new();
        let built = || Ok::<_, ()>(build);
        let (table, origin) = load_or_build(
            Some(dir),
            "t.bin",
            "k",
            &mut expect(size),
            built,
            &mut |w| warnings.push(w),
        )
        .unwrap();
        (table, origin, warnings)
    }

    #[test]
    fn a_saved_table_is_mapped_and_stays_whole_while_it_is_replaced() {
        let dir = fresh("replaced");
        let first: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
        let (built, origin, warnings) = load(&dir, 10_000, first.clone());
        assert!(matches!(built, TableBytes::Owned(_)));
        assert_eq!((origin, warnings), (Origin::Built, vec![]));
        let (loaded, origin, warnings) = load(&dir, 10_000, vec![]);
        assert!(matches!(loaded, TableBytes::Mapped { .. }), "{loaded:?}");
        assert_eq!((origin, warnings), (Origin::Loaded, vec![]));
        assert_eq!(*loaded, first[..]);
        // Another process rebuilding the table renames a new file over it:
        // the mapped one is left as it was.
        let second = vec![7u8; 10_000];
        save(&dir, &dir.join("t.bin"), "k", &second).unwrap();
        assert_eq!(*loaded, first[..]);
        assert_eq!(*load(&dir, 10_000, vec![]).0, second[..]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_mapped_file_with_a_flipped_byte_or_of_another_size_is_rebuilt() {
        let dir = fresh("flipped");
        let payload = vec![3u8; 10_000];
        load(&dir, 10_000, payload.clone());
        let path = dir.join("t.bin");
        let mut bytes = fs::read(&path).unwrap();
        bytes[5_000] ^= 1;
        fs::write(&path, bytes).unwrap();
        let (table, origin, warnings) = load(&dir, 10_000, payload.clone());
        assert_eq!(*table, payload[..]);
        assert_eq!(origin, Origin::Built);
        let rebuilt = |damage| {
            vec![CacheWarning::Rebuilt {
                path: path.clone(),
                damage,
            }]
        };
        assert_eq!(warnings, rebuilt(Damage::Checksum));
        assert!(matches!(
            load(&dir, 10_000, vec![]).0,
            TableBytes::Mapped { .. }
        ));
        // A key that now implies another size.
        let (table, origin, warnings) = load(&dir, 20_000, vec![4; 20_000]);
        assert_eq!((*table).len(), 20_000);
        assert_eq!(origin, Origin::Built);
        let size = Damage::Size {
            expected: 20_000,
            found: 10_000,
        };
        assert_eq!(warnings, rebuilt(size));
        fs::remove_dir_all(&dir).unwrap();
    }
}
