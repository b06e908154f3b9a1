#!/usr/bin/env bash
# Whole-process figures of the 15-puzzle engine on Korf's 100 random instances.
#
#   bench/fifteen.sh [--large] [--peer DIR] [KORF100]
#
# KORF100 is the instances file, one board a line, the goal 0 1 ... 15 with the
# blank first (default: ../shared/data/korf100.txt beside the repository).
# The tables go to a scratch cache directory of their own, so the figures do
# not depend on what the user's cache holds. Measured, with hyperfine and
# /usr/bin/time -v:
#   1. `eight build-tables` with an empty cache (build) and a full one (load);
#   2. all 100 instances with the tables cached: time, and peak memory;
#   3. with --large, the same for `--pdb 7-8` (minutes and about 2 GB to build).
# Nodes per instance come from `cargo run --release --example korf100`.
#
# --peer DIR compares with MichaelKim/15puzzle (C++, 6-6-3 and walking
# distance), which is not part of this repository: DIR is a checkout of
# https://github.com/MichaelKim/15puzzle; it is built there with its own
# Makefile if bin/puzzle is missing, and its databases must be built once as
# its README says. Its goal has the blank last, so the instances are turned
# half a turn (tile t becomes 16 - t; optimal lengths are unchanged).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
large=0
peer=
korf=$root/../shared/data/korf100.txt
while [ $# -gt 0 ]; do
  case $1 in
    --large) large=1 ;;
    --peer) peer=$2; shift ;;
    *) korf=$1 ;;
  esac
  shift
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine; }
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin eight --example korf100
eight=$root/target/release/eight
export EIGHT_CACHE_DIR=$work/cache
goal="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
solve=("$eight" --size 4x4 --goal "$goal")

# Peak memory and wall time of one command, from /usr/bin/time -v.
peak() {
  /usr/bin/time -v "$@" 2>"$work/time.txt" >/dev/null
  grep -E 'Elapsed|Maximum resident' "$work/time.txt"
}

run_partition() {
  local pdb=$1
  echo "== --pdb $pdb: tables built, then loaded"
  rm -rf "$EIGHT_CACHE_DIR"
  peak "$eight" build-tables --goal "$goal" --pdb "$pdb"
  "$eight" build-tables --goal "$goal" --pdb "$pdb"
  hyperfine --warmup 1 --runs 10 "$eight build-tables --goal '$goal' --pdb $pdb"
  echo "== --pdb $pdb: Korf's 100, tables cached"
  hyperfine --warmup 1 --runs 5 "${solve[*]@Q} --pdb $pdb $korf"
  peak "${solve[@]}" --pdb "$pdb" "$korf"
  "${solve[@]}" --pdb "$pdb" --format count "$korf" | awk '{ s += $1 } END { print NR " instances, " s " moves in all" }'
  if [ "$pdb" = default ]; then
    "$root/target/release/examples/korf100" "$korf" | tail -2
  else
    "$root/target/release/examples/korf100" "$korf" --large | tail -2
  fi
}

run_partition default
[ "$large" = 1 ] && run_partition 7-8

if [ -n "$peer" ]; then
  echo "== MichaelKim/15puzzle on the same 100 (turned half a turn)"
  [ -x "$peer/bin/puzzle" ] || make -C "$peer" puzzle
  {
    echo "4 4 $(grep -c . "$korf")"
    while read -r line; do
      [ -n "$line" ] || continue
      echo
      # Reverse the 16 numbers and relabel t as 16 - t (the blank stays 0).
      echo "$line" | tr ' ' '\n' | tac | awk '{ printf "%s%s", ($1 == 0 ? 0 : 16 - $1), (NR % 4 ? " " : "\n") }'
    done <"$korf"
  } >"$work/korf100-reg.txt"
  (cd "$peer" && hyperfine --runs 3 "./bin/puzzle -d databases/663-reg -b $work/korf100-reg.txt")
fi
