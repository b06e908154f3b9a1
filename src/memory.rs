//! Arrays whose size grows with the board are allocated fallibly, so that a
//! table or a search's array that does not fit ends the run with an error
//! naming it, not an abort with a backtrace.
//!
//! `vec!` and `Vec::push` abort the process when the allocator says no,
//! which it does on a machine without the memory or under a limit on the
//! address space (`ulimit -v`): a pattern database of six tiles on 25 cells
//! is 127 MB, and its build needs five times that. Such arrays are made by
//! these helpers instead, which return a [`MemoryError`]. What is bounded
//! by one board or line (a path, a board, a message) still aborts, as do a
//! few lists that the code bounds: the 3×3 searches' frontiers, which grow
//! as they search (at most 2.9 MB each), and `gen`'s record of the boards
//! drawn (at most a million).

use std::fmt::Display;

/// A table or a search's array that did not fit in memory: what it was
/// for, and the bytes asked for. Boxed, so that a `Result` of an answer
/// stays two words and comes back in registers: the 3×3 batch gets one per
/// puzzle.
///
/// # Example
/// ```
/// let error = eight::MemoryError::new("the pattern database of 5x5 cells 1,2,3,6,7,8", 127_512_000);
/// assert_eq!(error.bytes(), 127_512_000);
/// assert_eq!(
///     error.to_string(),
///     "not enough memory for the pattern database of 5x5 cells 1,2,3,6,7,8: 127512000 bytes"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not enough memory for {}: {} bytes", .0.what, .0.bytes)]
pub struct MemoryError(Box<Unfit>);

/// What a [`MemoryError`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unfit {
    what: String,
    bytes: usize,
}

impl MemoryError {
    /// `bytes` for `what` did not fit.
    pub fn new(what: impl Display, bytes: usize) -> MemoryError {
        MemoryError(Box::new(Unfit {
            what: what.to_string(),
            bytes,
        }))
    }

    /// What the memory was for: `the pattern database of 4x4 cells 1,2,3`.
    pub fn what(&self) -> &str {
        &self.0.what
    }

    /// How many bytes were asked for.
    pub fn bytes(&self) -> usize {
        self.0.bytes
    }

    /// The error for `items` items of `T` that did not fit.
    fn of<T>(what: impl Display, items: usize) -> MemoryError {
        MemoryError::new(what, items.saturating_mul(size_of::<T>()))
    }
}

/// `len` copies of `value`, or the error naming `what`.
pub(crate) fn filled<T: Clone>(
    len: usize,
    value: T,
    what: impl Display,
) -> Result<Vec<T>, MemoryError> {
    let mut vec = with_capacity(len, what)?;
    vec.resize(len, value);
    Ok(vec)
}

/// An empty vector with room for exactly `len` items, or the error naming
/// `what`.
pub(crate) fn with_capacity<T>(len: usize, what: impl Display) -> Result<Vec<T>, MemoryError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| MemoryError::of::<T>(what, len))?;
    Ok(vec)
}

/// `item` pushed onto `vec`, which grows as `Vec::push` grows it (to
/// twice its capacity when full), or the error naming `what` with the size
/// it would have grown to.
pub(crate) fn push<T>(vec: &mut Vec<T>, item: T, what: impl Display) -> Result<(), MemoryError> {
    if vec.len() == vec.capacity() {
        grow(vec, what)?;
    }
    vec.push(item);
    Ok(())
}

/// Room in the full `vec` for one more item, by doubling it; `vec` is
/// left as it was where that does not fit.
fn grow<T>(vec: &mut Vec<T>, what: impl Display) -> Result<(), MemoryError> {
    vec.try_reserve(1).map_err(|_| {
        let doubled = vec.capacity().saturating_mul(2).max(1);
        MemoryError::of::<T>(what, doubled)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// More bytes than any address space holds: every allocator refuses.
    const TOO_MANY: usize = usize::MAX / 4;

    #[test]
    fn what_fits_is_allocated_and_filled() {
        assert_eq!(filled(3, 7u8, "three").unwrap(), [7, 7, 7]);
        let vec: Vec<u64> = with_capacity(5, "five").unwrap();
        assert!(vec.is_empty() && vec.capacity() >= 5);
        let mut vec = Vec::new();
        for item in 0..100u32 {
            push(&mut vec, item, "more").unwrap();
        }
        assert!(vec.iter().copied().eq(0..100));
    }

    #[test]
    fn what_does_not_fit_is_named_with_its_bytes() {
        let error = filled(TOO_MANY, 0u8, "a table").unwrap_err();
        assert_eq!(error.what(), "a table");
        assert_eq!(error.bytes(), TOO_MANY);
        // The size in bytes, not in items.
        let error = with_capacity::<u32>(TOO_MANY / 4, "marks").unwrap_err();
        assert_eq!(error.bytes(), TOO_MANY / 4 * 4);
        // Past the largest size there is, the count saturates.
        let error = with_capacity::<u64>(usize::MAX, "huge").unwrap_err();
        assert_eq!(error.bytes(), usize::MAX);
    }

    #[test]
    fn a_vector_that_cannot_grow_is_left_as_it_was() {
        // One item of a petabyte: more than any address space holds.
        let mut vec: Vec<[u8; 1 << 50]> = Vec::new();
        let error = grow(&mut vec, format_args!("the layer {}", 4)).unwrap_err();
        assert_eq!(error.what(), "the layer 4");
        assert_eq!(error.bytes(), 1 << 50);
        assert_eq!(vec.capacity(), 0);
    }
}
