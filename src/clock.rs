//! The clock that times table builds and answers: the standard one, but in
//! a browser, which has no `std::time::Instant` (it panics on wasm32),
//! web-time's, which reads the page's clock.
//!
//! A type of its own, not a re-export, so that clippy's `disallowed-types`
//! (clippy.toml) can refuse `std::time::Instant` everywhere else in the
//! library.

use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::disallowed_types)] // the one place that may
type Inner = std::time::Instant;
#[cfg(target_arch = "wasm32")]
type Inner = web_time::Instant;

/// A moment, read from the platform's monotonic clock.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Instant(Inner);

impl Instant {
    /// Now.
    pub(crate) fn now() -> Instant {
        Instant(Inner::now())
    }

    /// The time since this moment.
    pub(crate) fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}
