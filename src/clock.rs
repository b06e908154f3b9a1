//! The clock that times table builds and searches. Native builds read the
//! standard one; WebAssembly in a browser has none (`std::time::Instant`
//! panics on wasm32-unknown-unknown), so there the page's
//! `performance.now()` stands in, by `web-time`, with the same type.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub(crate) use web_time::Instant;
