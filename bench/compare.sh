#!/usr/bin/env bash
# Whole-process timings of `eight` beside the reference peers, in one run.
#
#   bench/compare.sh [PEERS_DIR]     (PEERS_DIR defaults to ../shared/peers)
#
# Builds eight and the peers, then times with hyperfine (Debian's package):
#   1. one hardest puzzle (31 moves): eight against the seed's C++ bidirectional BFS;
#   2. all 9! = 362,880 arrangements: eight against the pathfinding-crate A* peer;
#   3. HDU 3567 cases, each with its own goal: 200 (the problem's limit) and 10,000
#      (eight alone: no peer reads them);
# and reports peak memory with /usr/bin/time -v for one puzzle, for all 9!,
# for ten million puzzles and for the HDU cases. Each timing ends with the
# medians (and, for a pair, their ratio): quote those; the machine is shared.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
peers_src=${1:-$root/../shared/peers}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }

"$peers_src/build.sh" "$work/peers" >/dev/null
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin eight --example arrangements
eight=$root/target/release/eight

echo "8 6 7 2 5 4 3 x 1" >"$work/hardest.txt"
"$root/target/release/examples/arrangements" >"$work/all.txt"
for _ in $(seq 28); do cat "$work/all.txt"; done >"$work/ten-million.txt" # 10,160,640 puzzles
# Starts and goals both solvable towards 12345678x, so every pair is solvable.
"$eight" gen -n 10000 --seed 1 --style compact >"$work/starts.txt" 2>/dev/null
"$eight" gen -n 10000 --seed 2 --style compact >"$work/goals.txt" 2>/dev/null
{ echo 10000; paste -d '\n' "$work/starts.txt" "$work/goals.txt"; } >"$work/hdu3567.txt"
{ echo 200; sed -n '2,401p' "$work/hdu3567.txt"; } >"$work/hdu3567-200.txt"

# Medians from a hyperfine JSON export, and the ratio of the first two.
medians() {
  python3 - "$1" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
for r in results:
    print(f"median {r['median'] * 1000:9.1f} ms  {r['command']}")
if len(results) == 2:
    print(f"ratio of medians: {results[1]['median'] / results[0]['median']:.1f}x")
PY
}

echo "== one hardest puzzle: eight vs seed000 (C++ bidirectional BFS)"
hyperfine --warmup 5 --runs 40 --export-json "$work/hardest.json" \
  "$eight < $work/hardest.txt" \
  "$work/peers/seed000 < $work/hardest.txt"
medians "$work/hardest.json"

echo "== all 9! arrangements: eight vs pf8 astar (pathfinding crate, A*)"
hyperfine --warmup 2 --runs 20 --export-json "$work/all-eight.json" "$eight < $work/all.txt"
hyperfine --runs 2 --export-json "$work/all-pf8.json" "$work/peers/pf8 astar < $work/all.txt"
python3 - "$work/all-eight.json" "$work/all-pf8.json" <<'PY'
import json, sys
eight, pf8 = (json.load(open(path))["results"][0]["median"] for path in sys.argv[1:])
print(f"median {eight * 1000:9.1f} ms  eight\nmedian {pf8 * 1000:9.1f} ms  pf8 astar")
print(f"ratio of medians: {pf8 / eight:.0f}x")
PY

echo "== 200 hdu3567 cases, each with its own goal"
hyperfine --warmup 3 --runs 30 --export-json "$work/hdu-200.json" "$eight --judge hdu3567 $work/hdu3567-200.txt"
medians "$work/hdu-200.json"

echo "== 10,000 hdu3567 cases, each with its own goal"
hyperfine --warmup 2 --runs 20 --export-json "$work/hdu.json" "$eight --judge hdu3567 $work/hdu3567.txt"
medians "$work/hdu.json"

peak() { # peak resident memory of one run, in MiB
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident/ { printf "%.1f MiB\n", $6 / 1024 }'
}
echo "== peak memory"
echo "one puzzle:      $(peak "$eight" "$work/hardest.txt")"
echo "all 9!:          $(peak "$eight" "$work/all.txt")"
echo "ten million:     $(peak "$eight" "$work/ten-million.txt")"
echo "hdu3567 200:     $(peak "$eight" --judge hdu3567 "$work/hdu3567-200.txt")"
echo "hdu3567 10,000:  $(peak "$eight" --judge hdu3567 "$work/hdu3567.txt")"
