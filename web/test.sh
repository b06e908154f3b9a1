#!/usr/bin/env bash
# Builds the page and the `eight` binary, then runs the browser tests:
# Debian's Chromium, headless, driven by Playwright (npm ci in web/ first),
# against the page served from a local port. The answers are checked
# against the binary's.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
target="${CARGO_TARGET_DIR:-$web/../target}"

"$web/build.sh"
cargo build --locked --bin eight --manifest-path "$web/../Cargo.toml"
cargo test --locked -p eight-web --manifest-path "$web/../Cargo.toml"
cd "$web"
EIGHT="${EIGHT:-$target/debug/eight}" node --test tests/
