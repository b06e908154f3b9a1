//! Every message's wording, pinned once. Tests build their expectations
//! from these functions, so a change of wording is one edit here, and a
//! wording that drifts in the binary fails every test that meets it.

/// What every message of `eight` on stderr starts with.
pub const PREFIX: &str = "eight: ";

/// `1 move`, `19 moves`: `n` of `noun`, spelled here apart from the
/// library, so that a plural it gets wrong is seen.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    let plural = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{plural}")
}

/// `a` or `an` before a board's side of `rows` (at most 1000), as it is
/// read aloud: `an 8x8 board`, `an 11x4`, `an 80x2`, `a 1x8`.
fn article(rows: usize) -> &'static str {
    let an = rows.to_string().starts_with('8') || rows == 11 || rows == 18;
    if an {
        "an"
    } else {
        "a"
    }
}

/// A line of stderr: `eight: ` and the message.
pub fn notice(message: &str) -> String {
    format!("{PREFIX}{message}\n")
}

/// A usage error that `eight` finds itself, printed as clap prints its own:
/// `error: `, the message, the usage line of `eight SUBCOMMAND` and the
/// hint. `usage` is what follows `Usage: eight`, e.g. `gen [OPTIONS]`.
pub fn usage_error(usage: &str, message: &str) -> String {
    format!("error: {message}\n\nUsage: eight {usage}\n\nFor more information, try '--help'.\n")
}

/// The one line every command prints when its stdout refuses a write with
/// ENOSPC (`> /dev/full`), before it exits with status 2.
pub const CANNOT_WRITE_FULL: &str = "cannot write output: No space left on device (os error 28)";

/// The usage lines of plain solving.
pub const SOLVE_USAGE: &str = "[OPTIONS] [FILE]...\n       eight <COMMAND>";
/// The usage line of `eight gen`.
pub const GEN_USAGE: &str = "gen [OPTIONS]";
/// The usage line of `eight stats`.
pub const STATS_USAGE: &str = "stats [OPTIONS]";
/// The usage line of `eight verify`.
pub const VERIFY_USAGE: &str = "verify [OPTIONS] <PUZZLES> <ANSWERS>";

/// clap's words for two flags that exclude each other.
pub const CONFLICT: &str = "cannot be used with";

/// clap's conflict of `--judge` with `--goal`.
pub const JUDGE_OR_GOAL: &str = "'--judge <NAME>' cannot be used with '--goal <TILES>'";

// The reader's faults, each named with the place of the puzzle.

/// Where a fault is: `line L (puzzle P): FAULT`.
pub fn at(line: u64, puzzle: u64, fault: &str) -> String {
    format!("line {line} (puzzle {puzzle}): {fault}")
}

/// A character that is not a tile (`'9'`, `'\0'`, `'€'`).
pub fn not_a_tile(shown: &str) -> String {
    format!("{shown} is not a tile: expected 1-8 or a blank x")
}

/// [`not_a_tile`] for a printable character.
pub fn not_a_tile_char(tile: char) -> String {
    not_a_tile(&format!("'{tile}'"))
}

/// A byte that is not UTF-8.
pub fn not_a_tile_byte(byte: u8) -> String {
    not_a_tile(&format!("byte {byte:#04x}"))
}

/// A tile given twice.
pub fn appears_twice(tile: char) -> String {
    format!("tile '{tile}' appears twice")
}

/// A puzzle of the wrong size.
pub fn tile_count(found: usize) -> String {
    format!("expected 9 tiles, found {found}")
}

// The frames of counted judge inputs.

/// A count line that is no count: `found` is `'text'` or `the end of input`.
pub fn not_a_count(line: u64, found: &str) -> String {
    format!("line {line}: expected the number of cases, found {found}")
}

/// Fewer cases than counted.
pub fn count_short(line: u64, count: u64, found: u64) -> String {
    format!(
        "line {line}: the count is {} but the input ends after {}",
        counted(count, "case"),
        counted(found, "case")
    )
}

/// More input than counted.
pub fn count_exceeded(line: u64, count: u64, count_line: u64) -> String {
    format!(
        "line {line}: more input than the {} counted on line {count_line}",
        counted(count, "case")
    )
}

/// An HDU 3567 start without its goal.
pub fn no_goal_line(line: u64, case: u64) -> String {
    format!("line {line}: case {case} has no goal line after its start")
}

// Verdicts of `eight verify`.

/// One verdict line.
pub fn verdict(puzzle: usize, verdict: &str) -> String {
    format!("puzzle {puzzle}: {verdict}\n")
}

/// An answer of the shortest length.
pub fn shortest(length: usize) -> String {
    format!("accepted: {}, shortest", counted(length as u64, "move"))
}

/// A longer answer, accepted without `--optimal`.
pub fn longer(length: usize, shortest: usize) -> String {
    format!(
        "accepted: {}, shortest is {shortest}",
        counted(length as u64, "move")
    )
}

/// A longer answer under `--optimal`.
pub fn not_optimal(length: usize, shortest: usize) -> String {
    format!("rejected: {length} moves, but the shortest is {shortest}")
}

/// A true `unsolvable`.
pub const UNSOLVABLE: &str = "accepted: unsolvable";

/// A character that is no move.
pub fn not_a_move(position: usize, letter: char) -> String {
    format!("rejected: character {position} '{letter}' is not a move (d, l, r or u)")
}

/// A move off the board.
pub fn off_the_board(position: usize, letter: char) -> String {
    format!("rejected: move {position} '{letter}' leaves the board")
}

/// Moves that end elsewhere.
pub fn ends_elsewhere(end: &str, goal: &str) -> String {
    format!("rejected: the moves end at {end}, not at the goal {goal}")
}

/// `unsolvable` for a solvable puzzle.
pub fn claimed_unsolvable(shortest: usize) -> String {
    format!("rejected: claimed unsolvable, but it is solved in {shortest} moves")
}

/// Moves for an unsolvable puzzle.
pub const NOT_UNSOLVABLE: &str =
    "rejected: the puzzle is unsolvable, but the answer is not \"unsolvable\"";

/// No answer for a puzzle.
pub const NO_ANSWER: &str = "rejected: no answer line";

/// An invalid puzzle's verdict.
pub fn invalid_puzzle(line: u64, fault: &str) -> String {
    format!("invalid puzzle: line {line}: {fault}")
}

/// Answer lines left over.
pub fn extra_answers(count: usize, from: usize) -> String {
    format!("answers: {count} lines beyond the last puzzle, from line {from}\n")
}

/// The summary line; `invalid` and `extra` are shown when not zero.
pub fn summary(accepted: usize, rejected: usize, invalid: usize, extra: usize) -> String {
    let mut line = format!("{accepted} accepted, {rejected} rejected");
    if invalid > 0 {
        line += &format!(", {invalid} invalid");
    }
    if extra > 0 {
        line += &format!(", {}", counted(extra as u64, "extra line"));
    }
    line + "\n"
}

/// A count that is not the shortest.
pub fn wrong_count(count: usize, shortest: usize) -> String {
    format!("rejected: {count}, but the shortest is {shortest}")
}

/// A count for an unsolvable puzzle.
pub fn count_for_unsolvable(count: usize) -> String {
    format!("rejected: {count}, but the puzzle is unsolvable")
}

/// A count line that is no number: `found` is `'text'` or `an empty line`.
pub fn not_a_number(found: &str) -> String {
    format!("rejected: expected a number of moves or -1, found {found}")
}

/// A shortest HDU 3567 answer that is not the first in letter order.
pub fn not_first(first: &str) -> String {
    format!("rejected: a shortest solution, but not the first in ASCII order, which is {first}")
}

/// An HDU 3567 case line with the wrong number.
pub fn wrong_case(says: usize, is: usize) -> String {
    format!("rejected: the case line says Case {says}, but this is case {is}")
}

/// An HDU 3567 case line that is not one.
pub fn not_a_case_line(case: usize, found: &str) -> String {
    format!("rejected: expected \"Case {case}: n\", found '{found}'")
}

/// An HDU 3567 case line without its moves.
pub const NO_MOVES_LINE: &str = "rejected: no moves line after the case line";

/// `verify` given standard input twice.
pub const BOTH_STDIN: &str = "PUZZLES and ANSWERS cannot both be standard input (-)";

// Refusals of `eight gen` and `eight stats`.

/// More puzzles than exist; `which` says which (`at distance 31 from
/// 12345678x`, `that cannot reach 12345678x`).
pub fn too_many(asked: u64, which: &str, available: u64) -> String {
    format!("asked for {asked} puzzles {which}, but there are only {available}")
}

/// More HDU 3567 pairs than exist at a distance.
pub fn too_many_pairs(asked: u64, distance: u64, available: u64) -> String {
    format!(
        "asked for {asked} puzzles at distance {distance} from their own goals, \
         but there are only {available} pairs of puzzle and goal"
    )
}

/// A distance no arrangement has; `goal` is a board or `any goal`.
pub fn beyond_the_maximum(distance: u64, max: u64, goal: &str) -> String {
    format!(
        "distance {distance} is beyond the maximum: no arrangement is more than {max} moves \
         from {goal}"
    )
}

/// `--unsolvable` for a judge that promises solvable cases.
pub fn promises_solvable(problem: &str) -> String {
    format!(
        "{problem} promises that every case is solvable, so its input holds no unsolvable puzzle"
    )
}

/// More HDU 3567 cases than one run remembers.
pub fn too_many_cases(asked: u64) -> String {
    format!(
        "asked for {asked} cases with goals of their own, but one run draws at most 1000000: \
         every pair is remembered so that none comes twice"
    )
}

/// `stats --judge hdu3567`.
pub const NO_ONE_GOAL: &str = "--judge hdu3567 gives each case its own goal, so there is no one \
                               goal to count from: pass the goal with --goal instead";

/// The seed `gen` announces when none was given.
pub fn seed(seed: &str) -> String {
    notice(&format!("seed {seed} (repeat with --seed {seed})"))
}

/// A message about a named file: `FILE: MESSAGE`.
pub fn in_file(file: &std::path::Path, message: &str) -> String {
    format!("{}: {message}", file.display())
}

// Boards of other sizes (`--size`).

/// A cell that is not a tile of a board whose largest tile is `max`.
pub fn not_a_sized_tile(shown: &str, max: usize) -> String {
    not_a_tile_spelled(shown, max, 'x')
}

/// [`not_a_sized_tile`] in a preset whose input writes the blank as `blank`.
pub fn not_a_tile_spelled(shown: &str, max: usize, blank: char) -> String {
    format!("{shown} is not a tile: expected 1-{max} or a blank {blank}")
}

/// A puzzle of another size with good cells but the wrong number of them.
pub fn sized_tile_count(expected: usize, found: usize) -> String {
    format!("expected {expected} tiles, found {found}")
}

/// A row of a grid of another size with the wrong number of cells.
pub fn sized_row_length(expected: usize, found: usize) -> String {
    format!("expected a row of {expected} tiles, found {found}")
}

/// clap's refusal of a `--size` it cannot read, naming the value.
pub fn bad_size(value: &str, why: &str) -> String {
    format!("error: invalid value '{value}' for '--size <RxC>': {why}\n\nFor more information, try '--help'.\n")
}

/// Why `--size 1x5` is refused.
pub const SIZE_TOO_SMALL: &str = "both sides need at least 2 cells";
/// Why `--size 1001x2` is refused.
pub const SIZE_TOO_LARGE: &str = "at most 1000 rows and 1000 columns";
/// Why `--size 3x` is refused.
pub const SIZE_UNREADABLE: &str = "expected RxC, rows by columns (\"4x4\", \"2x3\"), or N for NxN";

/// A `--goal` that is not a board of the size, refused as clap refuses a
/// value.
pub fn bad_goal(value: &str, why: &str) -> String {
    format!("error: invalid value '{value}' for '--goal <TILES>': {why}\n\nFor more information, try '--help'.\n")
}

/// `--format count` refused where answers may not be the fewest: `why` is
/// `--any` or `--size RxC (more than 16 cells)`.
pub fn count_needs_shortest(why: &str) -> String {
    format!(
        "--format count needs the fewest moves, and answers with {why} may not be the fewest; \
         use --format moves"
    )
}

/// `--optimal` on a board larger than the databases take.
pub fn optimal_too_large(size: &str) -> String {
    format!(
        "--optimal finds the fewest moves on boards of up to 25 cells, not --size {size}; leave \
         it out for a valid answer"
    )
}

/// The notice at the end of a run where `boards` boards passed
/// `--node-limit limit`.
pub fn passed_node_limit(boards: u64, limit: u64) -> String {
    let (s, them) = if boards == 1 {
        ("", "it")
    } else {
        ("s", "each")
    };
    notice(&format!(
        "{boards} board{s} passed --node-limit {limit} before the fewest moves were found; {them} \
         is answered by a valid move string that may not be the fewest"
    ))
}

/// `--judge` with a size other than 3x3.
pub fn judge_needs_3x3(size: &str) -> String {
    format!("--judge reads 3x3 puzzles; it cannot be used with --size {size}")
}

/// `--any` on the 3x3 board.
pub const ANY_NEEDS_SIZE: &str = "--any needs a --size other than 3x3";

/// The closing line of a `steps` answer that may not be the fewest moves.
pub fn not_fewest(moves: usize) -> String {
    format!("{moves} moves, not necessarily the fewest")
}

// The sized presets, `verify --size` and `gen --size`.

/// `--distance` on a board with no table of every arrangement.
pub fn distance_needs_table(rows: usize, columns: usize) -> String {
    format!(
        "--distance needs a table of every arrangement, which exists only for boards of at most \
         nine cells; {} {rows}x{columns} board has {}",
        article(rows),
        rows * columns
    )
}

/// A one-case problem asked for more cases.
pub fn one_case(problem: &str) -> String {
    format!("{problem}'s input holds exactly one case, so -n must be 1")
}

/// POJ 2893's input ending without its `0 0`.
pub fn unterminated(line: u64) -> String {
    format!("line {line}: the input ends without its closing 0 0")
}

/// Input past POJ 2893's closing `0 0`.
pub fn after_closing(line: u64, closing_line: u64) -> String {
    format!("line {line}: more input after the closing 0 0 on line {closing_line}")
}

/// An input with nothing in it, where `expected` should come first.
pub fn empty_input(expected: &str) -> String {
    format!("the input is empty: expected {expected}")
}

/// A YES/NO answer that is the wrong one.
pub fn wrong_verdict(claimed: &str, solvable: bool) -> String {
    let truth = if solvable {
        "is solvable"
    } else {
        "is unsolvable"
    };
    format!("rejected: {claimed}, but the board {truth}")
}

/// Moves ending elsewhere than the goal on a board of any size.
pub fn misses_goal(misplaced: usize) -> String {
    let tiles = if misplaced == 1 { "tile" } else { "tiles" };
    format!("rejected: the moves end with {misplaced} {tiles} out of place, not at the goal")
}

/// A move letter a judge does not take: `letters` is `D, L, R or U` or
/// `d, l, r or u`.
pub fn not_a_letter(position: usize, shown: &str, letters: &str) -> String {
    format!("rejected: character {position} {shown} is not a move ({letters})")
}

/// More moves than the problem allows.
pub fn over_limit(length: usize, most: usize) -> String {
    format!("rejected: {length} moves, but at most {most} are allowed")
}

/// A sized preset given `--size` or `--any`, which it sets itself.
pub fn preset_sets_board(name: &str) -> String {
    format!("--judge {name} sets the board itself; it cannot be used with --size or --any")
}

/// A preset that promises an answer's length, given `--node-limit`.
pub fn preset_refuses_node_limit(name: &str, promise: &str) -> String {
    format!(
        "--judge {name} promises {promise}, and a board given up on at --node-limit would not \
         keep that promise; leave --node-limit out"
    )
}

/// A sized preset given `--algorithm`.
pub fn preset_has_no_3x3_engines(name: &str) -> String {
    format!("--algorithm is about the 3x3 engines; it cannot be used with --judge {name}")
}

/// `stats --size` on a board with more cells than it can visit.
pub fn stats_too_many_cells(size: &str, cells: usize) -> String {
    format!(
        "--size {size} has {cells} cells; stats visits every arrangement, which it can do for \
         boards of at most 12 cells"
    )
}

// The pattern databases: `--pdb`, `--no-cache`, `eight build-tables`.

/// The usage line of `eight build-tables`.
pub const BUILD_TABLES_USAGE: &str = "build-tables [OPTIONS]";

/// `--pdb NAME` on a board it does not fit: `why` is the engine's reason.
pub fn pdb_does_not_fit(name: &str, why: &str) -> String {
    format!("--pdb {name}: {why}")
}

/// Why the 7-8 partition does not fit a board of `size`.
pub fn only_four_by_four(partition: &str, size: &str) -> String {
    format!("the {partition} partition is for 4x4 boards, not {size}")
}

/// `--pdb NAME` on a board no database answers.
pub fn pdb_needs_databases(name: &str, size: &str) -> String {
    format!(
        "--pdb {name} cannot be used with --size {size}: only boards of 10 to 25 cells use \
         pattern databases"
    )
}

/// `--pdb NAME` with a preset whose cases come in any size.
pub fn pdb_needs_fixed_size(judge: &str) -> String {
    format!(
        "--pdb names the databases of one board size, and --judge {judge} reads boards of any size"
    )
}

/// `--pdb` on the 3x3 board.
pub const PDB_NEEDS_SIZE: &str =
    "--pdb names the databases of boards of 10 to 25 cells; it needs a --size such as 4x4";

/// The first line of `eight build-tables --no-cache`.
pub const NO_CACHE_DIRECTORY: &str = "cache directory: none (--no-cache), so nothing is saved";

/// `eight build-tables` on a size that uses no databases.
pub fn no_tables_for(size: &str) -> String {
    format!("--size {size}: only boards of 10 to 25 cells use pattern databases")
}

/// The first line of `eight build-tables`.
pub fn cache_directory(dir: &std::path::Path) -> String {
    format!("cache directory: {}", dir.display())
}

/// A line of `eight build-tables`: `built` or `loaded`, then the cells.
pub fn table_line(origin: &str, cells: &str) -> String {
    format!("{origin} the table of cells {cells} (")
}

/// The warning for a damaged cache file (`damage` as `empty`), which is
/// rebuilt.
pub fn rebuilt(file: &std::path::Path, damage: &str) -> String {
    notice(&format!(
        "cache file {}: {damage}; rebuilt it",
        file.display()
    ))
}

/// The start of the warning for a table that cannot be saved.
pub const NOT_SAVED: &str = "eight: cannot save cache file ";

/// Why a table cannot be saved when the cache directory is a symbolic link
/// in a loop, or lies below one.
pub const LINK_LOOP: &str =
    "(Too many levels of symbolic links (os error 40)); keeping the table in memory";

/// Why a table cannot be saved when the cache directory is a file.
pub fn not_a_directory(dir: &std::path::Path) -> String {
    format!(
        "({} is not a directory); keeping the table in memory",
        dir.display()
    )
}

/// The damage of a cache file whose header promises a table of another
/// size than its key implies.
pub fn table_size(found: usize, expected: usize) -> String {
    format!("a table of {found} bytes, where its key implies {expected}")
}

/// The damage of a cache file whose table has `found` entries marked
/// unreached, where its pattern leaves `expected` placements out of reach.
pub fn unreached(found: usize, expected: usize) -> String {
    format!(
        "its table cannot be right: {}, where its pattern leaves {} out of reach",
        counted(found as u64, "unreached mark"),
        counted(expected as u64, "placement")
    )
}

// `eight compare --size`.

/// The usage line of `eight compare`.
pub const COMPARE_USAGE: &str = "compare [OPTIONS] [FILE]...";

/// `compare --heuristics` or `--limit` without `--size`.
pub const HEURISTICS_NEED_SIZE: &str =
    "--heuristics and --limit are for comparing heuristics on other sizes; give --size RxC";

/// A shape the pattern databases do not take, e.g. `5x5`.
pub fn pdb_shape(size: &str) -> String {
    let (rows, columns) = size.split_once('x').expect("RxC");
    let rows = rows.parse().expect("a number of rows");
    format!(
        "{} {rows}x{columns} board is not one of 6 to 25 cells with both sides at least 2",
        article(rows)
    )
}

/// The 7-8 partition asked for on another shape than 4x4.
pub fn large_partition_on(size: &str) -> String {
    format!("bad partition: the 7-8 partition is for 4x4 boards, not {size}")
}

/// clap's words for a `--threads` beyond the bound.
pub fn threads_out_of_range(value: &str) -> String {
    format!("invalid value '{value}' for '--threads <N>': {value} is not in 1..=256")
}

/// The one line for a thread pool that could not be started: what comes
/// before its cause, and after.
pub const POOL_FAILED: (&str, &str) = (
    "eight: cannot start 256 worker threads: ",
    "; try fewer with --threads\n",
);

/// `verify` with a sized preset and a `--size`, which it sets itself.
pub fn verify_preset_sets_board(name: &str) -> String {
    format!("--judge {name} sets the board itself; it cannot be used with --size")
}

/// `gen` asked for more boards of 10 to 16 cells than one run remembers.
pub fn too_many_remembered(asked: u64) -> String {
    format!(
        "asked for {asked} puzzles, but one run draws at most 1000000 boards of 10 to 16 cells: \
         every board is remembered so that none comes twice"
    )
}

/// A table or a search's array that did not fit in memory, and how many
/// bytes it asked for: the one line of a run that ends with status 3.
pub fn out_of_memory(what: &str, bytes: u64) -> String {
    format!("not enough memory for {what}: {bytes} bytes")
}

// The pictures (`--svg`).

/// A still picture asked of an answer longer than it draws, where
/// `--animate` would draw it.
pub fn too_long_to_draw_still(puzzle: u64, length: usize) -> String {
    format!(
        "cannot draw the picture: puzzle {puzzle}: an answer of {length} moves is more than a \
         still picture draws (60); --animate draws up to 1000"
    )
}

/// An animated picture asked of an answer longer than it plays.
pub fn too_long_to_animate(puzzle: u64, length: usize) -> String {
    format!(
        "cannot draw the picture: puzzle {puzzle}: an answer of {length} moves is more than an \
         animated picture draws (1000)"
    )
}

/// A batch with more puzzles than a picture draws.
pub fn not_drawn(puzzles: u64) -> String {
    format!(
        "the picture draws the first 16 of {puzzles} puzzles, leaving out {}",
        counted(puzzles - 16, "puzzle")
    )
}

/// A picture that could not be written to `path`, and why.
pub fn cannot_write_picture(path: &std::path::Path, why: &str) -> String {
    format!("cannot write the picture to {}: {why}", path.display())
}

/// A picture never written to `path`, since stdout's reader went away
/// before the output was done (status 0, as for any reader that goes).
pub fn picture_not_written(path: &std::path::Path) -> String {
    format!(
        "the picture was not written to {}: the reader of the output went away first",
        path.display()
    )
}

/// `--svg` naming a file that the run reads puzzles from; `input` is the
/// input as the message names it, its path or `standard input`.
pub fn svg_over_input(svg: &std::path::Path, input: &str) -> String {
    format!(
        "--svg {} is an input: the picture would replace the puzzles read from {input}",
        svg.display()
    )
}

/// `--svg` beside `--format count`.
pub const SVG_WITH_COUNT: &str = "--svg draws each answer's moves, and --format count writes \
                                  none; use --format moves, steps or json";

/// clap's conflict of `--judge` with `--svg`.
pub const JUDGE_OR_SVG: &str = "'--judge <NAME>' cannot be used with '--svg <FILE>'";

/// clap's words for `--animate` without `--svg`.
pub const ANIMATE_NEEDS_SVG: &str = "the following required arguments were not provided:\n  \
                                     --svg <FILE>";
