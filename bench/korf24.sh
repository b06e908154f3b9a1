#!/usr/bin/env bash
# Whole-process figures of the 24-puzzle engine (`--size 5x5 --optimal`) on
# Korf & Felner's instances, the 12 easiest by their published node counts.
#
#   bench/korf24.sh [--cache DIR] [--threads N] [TSV] [ID...]
#
# TSV is `id optimal kf_nodes start...` (default:
# ../shared/data/korf50-24-optimal.tsv beside the repository), goal
# 0 1 ... 24 with the blank first. The tables (4 x 127,512,000 bytes) go to
# DIR (default: a scratch directory, so the first step builds them, minutes
# on two cores; pass the same DIR again to keep them). Measured:
#   1. `eight build-tables --size 5x5`, with /usr/bin/time -v (time, peak
#      memory), or the load when DIR already holds them;
#   2. per instance, `cargo run --release --example korf24`: length against
#      the published optimum, nodes generated against Korf & Felner's, time;
#   3. per instance, the whole process `eight --size 5x5 --optimal`, with
#      /usr/bin/time -v.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tsv=$root/../shared/data/korf50-24-optimal.tsv
cache=
threads=2
ids=()
while [ $# -gt 0 ]; do
  case $1 in
    --cache) cache=$2; shift ;;
    --threads) threads=$2; shift ;;
    *[!0-9]*) tsv=$1 ;;
    *) ids+=("$1") ;;
  esac
  shift
done
[ ${#ids[@]} -gt 0 ] || ids=(38 40 25 32 44 37 30 13 1 28 36 5)
if [ -z "$cache" ]; then
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' EXIT
fi
export EIGHT_CACHE_DIR=$cache

cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin eight --example korf24
eight=$root/target/release/eight
goal=$(seq -s ' ' 0 24)

echo "== tables (build-tables --size 5x5, cache $cache)"
/usr/bin/time -f 'build-tables: %e s wall, %U s user, %M KB peak' \
  "$eight" build-tables --size 5x5 --goal "$goal"

echo "== nodes and time per instance (example korf24, $threads threads)"
"$root/target/release/examples/korf24" --threads "$threads" "$tsv" "${ids[@]}" 2>/dev/null

echo "== whole process per instance (eight --size 5x5 --optimal --threads $threads)"
for id in "${ids[@]}"; do
  board=$(awk -F'\t' -v id="$id" '$1 == id { print $4 }' "$tsv")
  printf '%s\n' "$board" >"$cache/instance.txt"
  /usr/bin/time -f "#$id: %e s wall, %U s user, %M KB peak" \
    "$eight" --size 5x5 --optimal --threads "$threads" --goal "$goal" "$cache/instance.txt" \
    | awk '{ print "  " length($0) " moves" }'
done
