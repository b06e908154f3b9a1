#!/usr/bin/env bash
# Whole-process figures of the 24-puzzle engine (`--size 5x5 --optimal`) on
# Korf & Felner's instances, and the CPU time projected to all 50.
#
#   bench/korf24.sh [--cache DIR] [--threads N] [--runs R] [TSV] [ID...]
#
# TSV is `id optimal kf_nodes start...` (default:
# ../shared/data/korf50-24-optimal.tsv beside the repository), goal
# 0 1 ... 24 with the blank first. IDs default to the sixteen with the
# fewest nodes in Korf & Felner's count. Each instance is solved as given
# and turned about the main diagonal (the same distance from the goal, but
# a different first answer in letter order), R times each (default 1),
# each a process of its own under /usr/bin/time; the row shows the median
# run by wall time. The tables (4 x 127,512,000 bytes by rank and their
# copies by the spread index, 4 x 25^6 bytes) go to DIR (default:
# a scratch directory, so the first step builds them, minutes on two
# cores; pass the same DIR again to keep them).
#
# Printed: one row per instance and turn (moves, whether they are the
# published optimum, nodes generated, wall and CPU seconds, Korf & Felner's
# nodes), then the projection: the CPU seconds per Korf & Felner node over
# the rows, times their count for all 50 instances.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
tsv=$root/../shared/data/korf50-24-optimal.tsv
cache=
threads=2
runs=1
ids=()
while [ $# -gt 0 ]; do
  case $1 in
    --cache) cache=$2; shift ;;
    --threads) threads=$2; shift ;;
    --runs) runs=$2; shift ;;
    *[!0-9]*) tsv=$1 ;;
    *) ids+=("$1") ;;
  esac
  shift
done
[ ${#ids[@]} -gt 0 ] || ids=(38 40 25 32 44 37 30 13 1 28 36 5 22 16 29 4)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export EIGHT_CACHE_DIR=${cache:-$scratch/cache}

cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin eight
eight=$root/target/release/eight
goal=$(seq -s ' ' 0 24)

echo "== tables (build-tables --size 5x5, cache $EIGHT_CACHE_DIR)"
/usr/bin/time -f 'build-tables: %e s wall, %U s user, %M KB peak' \
  "$eight" build-tables --size 5x5 --goal "$goal"

# The board turned about the main diagonal: the tile on (r, c) goes to
# (c, r), and its label, its home cell, turns with it.
turn() {
  awk '{ for (i = 0; i < 25; i++) { t = $(i + 1); r = int(i / 5); c = i % 5;
           out[c * 5 + r] = (t % 5) * 5 + int(t / 5) }
         s = out[0]; for (i = 1; i < 25; i++) s = s " " out[i]; print s }'
}

echo "== $threads threads, median of $runs run(s) by wall time"
echo "| # | turn | moves | optimal | nodes generated | wall s | CPU s | Korf & Felner's nodes |"
echo "|---|---|---|---|---|---|---|---|"
for id in "${ids[@]}"; do
  row=$(awk -F'\t' -v id="$id" '$1 == id' "$tsv")
  [ -n "$row" ] || { echo "no instance $id in $tsv" >&2; exit 1; }
  optimal=$(cut -f2 <<<"$row")
  kf=$(cut -f3 <<<"$row")
  for turned in given turned; do
    board=$(cut -f4 <<<"$row")
    [ $turned = given ] || board=$(turn <<<"$board")
    printf '%s\n' "$board" >"$scratch/board.txt"
    for ((run = 0; run < runs; run++)); do
      /usr/bin/time -o "$scratch/time" -f '%e %U %S' \
        "$eight" --size 5x5 --optimal --threads "$threads" --stats --goal "$goal" \
        "$scratch/board.txt" >"$scratch/answer" 2>"$scratch/stats"
      moves=$(awk '{ print length($0) }' "$scratch/answer")
      nodes=$(grep -o '[0-9]* generated' "$scratch/stats" | cut -d' ' -f1)
      read -r wall user sys <"$scratch/time"
      echo "$wall $moves $nodes $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')"
    done | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2)' >"$scratch/median"
    read -r wall moves nodes cpu <"$scratch/median"
    ok=$([ "$moves" = "$optimal" ] && echo yes || echo "NO ($optimal)")
    echo "| $id | $turned | $moves | $ok | $nodes | $wall | $cpu | $kf |"
    echo "$cpu $kf" >>"$scratch/sums"
  done
done

all=$(awk -F'\t' '/^[0-9]/ { s += $3 } END { printf "%.0f", s }' "$tsv")
awk -v all="$all" '{ cpu += $1; kf += $2 }
  END { printf "\nprojection: %.3g CPU s per Korf & Felner node over these rows, x %.3g nodes for all 50 = %.0f CPU-hours\n",
          cpu / kf, all, cpu / kf * all / 3600 }' "$scratch/sums"
