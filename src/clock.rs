//! The clock that times table builds and answers: the standard one, but in
//! a browser, which has no `std::time::Instant` (it panics on wasm32),
//! web-time's, which reads the page's clock.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub(crate) use web_time::Instant;
