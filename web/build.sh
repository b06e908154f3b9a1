#!/usr/bin/env bash
# Builds the page into web/dist: the library compiled to WebAssembly, its
# JavaScript glue from wasm-bindgen, and the static files of web/www.
# Serve web/dist as it is, e.g.
#   python3 -m http.server -d web/dist 8000
# No wasm-opt: Debian 12's binaryen (108) leaves a module whose externref
# table cannot grow, so the page fails to start, for 15% less size.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
target="${CARGO_TARGET_DIR:-$web/../target}"
dist="$web/dist"

cargo build --locked --release --target wasm32-unknown-unknown -p eight-web \
    --manifest-path "$web/Cargo.toml"
rm -rf "$dist"
mkdir -p "$dist/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
    "$target/wasm32-unknown-unknown/release/eight_web.wasm"
cp "$web"/www/* "$dist/"
du -b "$dist/pkg/eight_web_bg.wasm"
