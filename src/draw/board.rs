//! A solution, drawn: each puzzle's start, the board after each move with
//! the move's letter, and so to the goal, as the figures of a lecture or a
//! textbook show them. Two styles: a still strip of boards in rows of at
//! most ten, and one board that plays the answer in a browser by SMIL
//! animation (no script), ending on the goal.
//!
//! The input is plain data, the answers as [`Answered`] keeps them, so the
//! binary and any other front end draw the same picture from the same
//! answers. Each answer is replayed before it is drawn: moves that leave
//! the board or end elsewhere than the goal are an error, not a picture.
//!
//! Nothing is told by hue alone, for readers who do not see it: the blank
//! is an empty white cell with a dashed outline, far lighter than the
//! tiles, and the tile that has just moved has a thick outline. Every
//! coordinate is a whole number and every time a whole number of
//! milliseconds, so the same answers always give the same bytes.

use svg::node::element::{AnimateTransform, Description, Element, Group, Rectangle, Title};
use svg::node::Value;
use svg::{Document, Node};

use crate::format::{Answered, Moves};
use crate::grid::{Grid, BLANK};
use crate::moves::{letters, Move};
use crate::shape::Shape;
use crate::words::{article, counted};

/// The most moves a still picture draws: 61 boards, seven rows of 3×3
/// boards, a page or a slide at most, and about 60 KB.
pub const STILL_MOVES: usize = 60;

/// The most moves an animated picture plays: at a tenth of a second a
/// move, the shortest that the eye still follows, under two minutes.
pub const ANIMATED_MOVES: usize = 1000;

/// The most puzzles one picture draws; it says how many more there were.
pub const PICTURE_PUZZLES: usize = 16;

/// The most cells of a board a picture draws: 32×32, whose numbers stay
/// legible when the board fills a slide (60 pixels a cell across 1920),
/// and whose still picture of 61 boards stays near 6 MB.
pub const PICTURE_CELLS: usize = 1024;

/// How a picture shows an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Every board side by side, in rows of at most ten, each labelled
    /// with its move: for answers of up to [`STILL_MOVES`] moves.
    Still,
    /// One board that plays the answer and stays on the goal, the moves'
    /// letters below it with the one playing framed: for answers of up to
    /// [`ANIMATED_MOVES`] moves.
    Animated,
}

impl Style {
    /// The most moves an answer drawn in this style may have.
    pub const fn most_moves(self) -> usize {
        match self {
            Style::Still => STILL_MOVES,
            Style::Animated => ANIMATED_MOVES,
        }
    }

    /// The style as an error names it.
    const fn picture(self) -> &'static str {
        match self {
            Style::Still => "a still picture",
            Style::Animated => "an animated picture",
        }
    }
}

/// Why a puzzle's answer cannot be drawn; `puzzle` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// The answer has more moves than the style draws.
    #[error(
        "puzzle {puzzle}: an answer of {length} moves is more than {} draws ({})",
        style.picture(),
        style.most_moves()
    )]
    TooLong {
        /// The puzzle's number.
        puzzle: u64,
        /// Its answer's moves.
        length: u64,
        /// The style asked for.
        style: Style,
    },
    /// The board has more cells than [`PICTURE_CELLS`].
    #[error(
        "puzzle {puzzle}: {} {shape} board has more cells than a picture draws ({PICTURE_CELLS})",
        article(shape.rows)
    )]
    TooLarge {
        /// The puzzle's number.
        puzzle: u64,
        /// Its board's shape.
        shape: Shape,
    },
    /// The moves leave the board, or do not end on the goal, or the start
    /// and the goal differ in shape.
    #[error("puzzle {puzzle}: the moves do not take the start to the goal")]
    NotASolution {
        /// The puzzle's number.
        puzzle: u64,
    },
}

/// Draws the first [`PICTURE_PUZZLES`] of `answers`, in order, a block
/// each, as an SVG document; `puzzles` is how many the run had in all,
/// so that the picture can say how many it did not draw.
///
/// # Example
/// ```
/// use eight::draw::board::{picture, Style};
/// use eight::{format::Answered, read::parse_grid, Move, Shape};
/// let shape = Shape::new(2, 2);
/// let answer = Answered::Solved {
///     start: parse_grid("1 2 x 3", shape).unwrap(),
///     goal: parse_grid("1 2 3 x", shape).unwrap(),
///     moves: vec![Move::Right],
///     length: 1,
///     fewest: true,
/// };
/// let svg = picture(&[answer], 1, Style::Still).unwrap();
/// assert!(svg.contains("<title>eight: the solution of 1 2 x 3 in 1 move</title>"));
/// assert_eq!(svg.matches(r#"class="board""#).count(), 2);
/// ```
pub fn picture(answers: &[Answered], puzzles: u64, style: Style) -> Result<String, DrawError> {
    let drawn = &answers[..answers.len().min(PICTURE_PUZZLES)];
    let not_drawn = puzzles.max(answers.len() as u64) - drawn.len() as u64;
    let (mut width, mut height) = (0, MARGIN);
    let mut blocks = Vec::with_capacity(drawn.len() + 1);
    for (puzzle, answered) in (1..).zip(drawn) {
        let (block, size) = block(puzzle, answered, style)?;
        blocks.push(block.set("transform", translate(MARGIN, height)));
        width = width.max(size.0);
        height += size.1 + GAP;
    }
    let closing = match (drawn.len(), not_drawn) {
        (0, 0) => Some("no puzzles".to_string()),
        (_, 0) => None,
        (shown, more) => Some(format!(
            "and {}, not drawn: a picture draws the first {shown}",
            counted(more, "more puzzle")
        )),
    };
    if let Some(words) = closing {
        let (text, size) = heading(words);
        let closing = Group::new().add(text);
        blocks.push(closing.set("transform", translate(MARGIN, height)));
        width = width.max(size);
        height += HEADING + GAP;
    }
    let (width, height) = (width + 2 * MARGIN, height - GAP + MARGIN);
    let mut document = Document::new()
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0, 0, width, height))
        .add(Title::new(title(answers, puzzles, drawn.len())))
        .add(desc(description(style)))
        .add(svg::node::element::Style::new(CSS));
    for block in blocks {
        document.append(block);
    }
    Ok(document.to_string())
}

/// A cell's side, in the picture's units (pixels at its natural size).
const CELL: i64 = 40;
/// The space between a tile's square and its cell's edge: tiles stand
/// apart, and the thick outline of a moved tile stays in the gap.
const INSET: i64 = 2;
/// The margin around the picture.
const MARGIN: i64 = 16;
/// The space between boards, and between puzzles.
const GAP: i64 = 20;
/// The height of a puzzle's heading line.
const HEADING: i64 = 30;
/// The width of a heading's character, roughly, at its size.
const HEADING_CHAR: i64 = 10;
/// The height of a board's label line, above the board.
const LABEL: i64 = 22;
/// The narrowest a board's place in a still row is, so that its label
/// (`step 60: r, goal`) fits above even a 2×2 board.
const LABEL_WIDTH: i64 = 120;
/// The most boards in a still row.
const ROW_BOARDS: i64 = 10;
/// About how many cells across a still row holds at most, so that a row
/// of large boards still fits a slide with legible numbers.
const ROW_CELLS: i64 = 40;
/// A move letter's place in an animation's list of moves.
const LETTER_WIDTH: i64 = 14;
/// The height of a line of that list.
const LETTER_LINE: i64 = 22;
/// The narrowest the list of moves is: 30 letters a line.
const LETTER_LIST: i64 = 30 * LETTER_WIDTH;

/// The looks, once for the whole picture. Tiles are a grey-blue of
/// lightness 71 (CIE L*) with black numbers (contrast 9:1); the blank is
/// white, lightness 100, with a dashed outline: lightness and line tell
/// them apart, not hue.
const CSS: &str = "text{font-family:sans-serif;fill:#000}\
.heading{font-size:18px;font-weight:bold}\
.label{font-size:14px}\
.board{text-anchor:middle}\
.label,.heading{text-anchor:start}\
.tile{fill:#9db0c4;stroke:#1f2d3d;stroke-width:1.5}\
.moved{stroke-width:5}\
.blank{fill:#fff;stroke:#444;stroke-width:1.5;stroke-dasharray:5 4}\
.frame{fill:none;stroke:#1f2d3d;stroke-width:3}\
.letters{font-family:monospace;font-size:16px;text-anchor:middle}\
.playing{fill:none;stroke:#000;stroke-width:2.5}";

/// The picture's title: what it shows, in one line.
fn title(answers: &[Answered], puzzles: u64, drawn: usize) -> String {
    match answers {
        [] if puzzles == 0 => "eight: no puzzles".to_string(),
        [answered] if puzzles <= 1 => format!("eight: {}", what(answered)),
        _ if drawn as u64 == puzzles => {
            format!("eight: the answers to {}", counted(puzzles, "puzzle"))
        }
        _ => format!("eight: the answers to the first {drawn} of {puzzles} puzzles"),
    }
}

/// What one answer is, for a title: `the solution of 2 3 4 1 5 x 7 6 8
/// in 19 moves`.
fn what(answered: &Answered) -> String {
    match answered {
        Answered::Solved {
            start,
            length,
            fewest,
            ..
        } => format!(
            "the solution of {} in {}{}",
            spelled(start),
            counted(*length, "move"),
            not_fewest(*fewest)
        ),
        Answered::Unsolvable { start, .. } => {
            format!("{} is {}", spelled(start), Moves::PLAIN.unsolvable)
        }
        Answered::Invalid => "an invalid puzzle".to_string(),
    }
}

/// The most cells a title or a description spells out; a larger board is
/// named by its shape, so that a line stays a line.
const SPELLED_CELLS: usize = 25;

/// `grid`'s tiles on one line (`x` for the blank), or `a 10x10 board`.
fn spelled(grid: &Grid) -> String {
    let shape = grid.shape();
    match grid.tiles().len() {
        cells if cells <= SPELLED_CELLS => grid.spelled(" "),
        _ => format!("{} {shape} board", article(shape.rows)),
    }
}

/// `, not necessarily the fewest` where that is so, as `steps` says it.
fn not_fewest(fewest: bool) -> &'static str {
    match fewest {
        true => "",
        false => ", not necessarily the fewest",
    }
}

/// How to read the picture, for those who cannot see it and those who
/// wonder.
fn description(style: Style) -> String {
    let boards = "Each board shows its tiles by number and the blank as an empty white cell \
                  with a dashed outline. A move's letter names the neighbour the blank swaps \
                  with: u up, d down, l left, r right.";
    match style {
        Style::Still => format!(
            "{boards} Each puzzle's boards run from its start, one board after each move, \
             to its goal; the tile that has just moved has a thick outline."
        ),
        Style::Animated => format!(
            "{boards} Each puzzle's board plays its answer, after a second on the start, and \
             stays on the goal; below it, the letters of the moves, the one playing framed."
        ),
    }
}

/// One puzzle's block, from its top left corner, and its width and height.
fn block(puzzle: u64, answered: &Answered, style: Style) -> Result<(Group, (i64, i64)), DrawError> {
    let group = Group::new().set("class", "puzzle");
    let (start, goal) = match answered {
        Answered::Invalid => {
            let (text, width) = heading(format!("puzzle {puzzle}: invalid"));
            return Ok((group.add(text), (width, HEADING)));
        }
        Answered::Solved { start, goal, .. } | Answered::Unsolvable { start, goal } => {
            (start, goal)
        }
    };
    let shape = start.shape();
    if shape.cells() > PICTURE_CELLS {
        return Err(DrawError::TooLarge { puzzle, shape });
    }
    let journey = format!(
        "puzzle {puzzle}: from {} to {}",
        spelled(start),
        spelled(goal)
    );
    let Answered::Solved {
        moves,
        length,
        fewest,
        ..
    } = answered
    else {
        let (text, width) = heading(format!("puzzle {puzzle}: {}", Moves::PLAIN.unsolvable));
        let board = still(start.tiles(), shape, "start".to_string(), None);
        let size = (
            width.max(board_width(shape)),
            HEADING + LABEL + board_height(shape),
        );
        let board = board.set("transform", translate(0, HEADING));
        let journey = desc(format!("{journey}: {}", Moves::PLAIN.unsolvable));
        return Ok((group.add(journey).add(text).add(board), size));
    };
    if *length > style.most_moves() as u64 {
        let length = *length;
        return Err(DrawError::TooLong {
            puzzle,
            length,
            style,
        });
    }
    let slides = (moves.len() as u64 == *length)
        .then(|| slides(start, goal, moves))
        .flatten()
        .ok_or(DrawError::NotASolution { puzzle })?;
    let words = format!(
        "puzzle {puzzle}: {}{}",
        counted(*length, "move"),
        not_fewest(*fewest)
    );
    let (text, width) = heading(words);
    let journey = desc(format!("{journey} by the moves \"{}\"", letters(moves)));
    let (body, size) = match style {
        Style::Still => strip(start, &slides),
        Style::Animated => animation(start, &slides),
    };
    let body = body.set("transform", translate(0, HEADING));
    let size = (width.max(size.0), HEADING + size.1);
    Ok((group.add(journey).add(text).add(body), size))
}

/// One move as the tiles see it: `tile` slides from cell `from` into the
/// blank's cell `to`, by the move `step`.
struct Slide {
    step: Move,
    tile: u32,
    from: usize,
    to: usize,
}

/// The slides of `moves` from `start`, if they stay on the board and end
/// on `goal`.
fn slides(start: &Grid, goal: &Grid, moves: &[Move]) -> Option<Vec<Slide>> {
    if start.shape() != goal.shape() {
        return None;
    }
    let mut board = start.clone();
    let mut slides = Vec::with_capacity(moves.len());
    for &step in moves {
        let to = board.blank();
        if !board.apply(step) {
            return None;
        }
        let (tile, from) = (board.tiles()[to], board.blank());
        slides.push(Slide {
            step,
            tile,
            from,
            to,
        });
    }
    (board == *goal).then_some(slides)
}

/// The still boards of an answer, from the start to the goal, in rows,
/// and their width and height.
fn strip(start: &Grid, slides: &[Slide]) -> (Group, (i64, i64)) {
    let shape = start.shape();
    // Each board's place: the board, or enough for its label.
    let width = board_width(shape).max(LABEL_WIDTH);
    let height = LABEL + board_height(shape);
    let columns = shape.columns as i64;
    let per_row = (ROW_CELLS / columns).clamp(1, ROW_BOARDS);
    let boards = slides.len() as i64 + 1;
    let rows = (boards + per_row - 1) / per_row;
    let place = |index: i64| {
        let (row, column) = (index / per_row, index % per_row);
        translate(column * (width + GAP), row * (height + GAP))
    };
    let last = slides.len();
    let label = |index: usize, slide: Option<&Slide>| {
        let name = match slide {
            None => "start".to_string(),
            Some(slide) => format!("step {index}: {}", char::from(slide.step.letter())),
        };
        match index == last {
            true => format!("{name}, goal"),
            false => name,
        }
    };
    let mut tiles = start.tiles().to_vec();
    let first = still(&tiles, shape, label(0, None), None);
    let mut group = Group::new().add(first.set("transform", place(0)));
    for (index, slide) in (1..).zip(slides) {
        tiles.swap(slide.from, slide.to);
        let board = still(&tiles, shape, label(index, Some(slide)), Some(slide.to));
        group.append(board.set("transform", place(index as i64)));
    }
    let across = per_row.min(boards);
    let size = (across * (width + GAP) - GAP, rows * (height + GAP) - GAP);
    (group, size)
}

/// One still board, `label` above it: `tiles` in row order, the cell
/// `moved` holding the tile that has just moved.
fn still(tiles: &[u32], shape: Shape, label: String, moved: Option<usize>) -> Group {
    let label = text(
        label,
        [("class", "label".into()), ("y", (LABEL - 8).into())],
    );
    let mut group = board_group(shape).add(label);
    for (cell, &tile) in tiles.iter().enumerate() {
        let (x, y) = corner(shape, cell);
        let class = match tile {
            BLANK => "blank",
            _ if moved == Some(cell) => "tile moved",
            _ => "tile",
        };
        group.append(square(class).set("x", x + INSET).set("y", y + INSET));
        if tile != BLANK {
            group.append(number(tile, shape, x, y));
        }
    }
    group.add(frame(shape))
}

/// The group of one board, its numbers sized to fit their cells.
fn board_group(shape: Shape) -> Group {
    Group::new()
        .set("class", "board")
        .set("font-size", font_size(shape))
}

/// The size of the numbers on a board of `shape`: a digit is about 0.6 of
/// the size wide, so the largest number takes at most 80% of its cell,
/// and no more than half a cell high.
fn font_size(shape: Shape) -> i64 {
    let digits = (shape.cells() - 1).to_string().len() as i64;
    (CELL * 4 / (3 * digits)).min(CELL / 2)
}

/// A tile's or the blank's square of class `class`, at the origin.
fn square(class: &str) -> Rectangle {
    Rectangle::new()
        .set("class", class)
        .set("width", CELL - 2 * INSET)
        .set("height", CELL - 2 * INSET)
}

/// A tile's number, centred in the cell of a board of `shape` whose
/// corner is at `x`, `y`. Its baseline is set 0.35 of its size below
/// the centre, where digits centre: not every renderer follows
/// `dominant-baseline`.
fn number(tile: u32, shape: Shape, x: i64, y: i64) -> Element {
    let (x, y) = (x + CELL / 2, y + CELL / 2 + font_size(shape) * 7 / 20);
    text(tile.to_string(), [("x", x.into()), ("y", y.into())])
}

/// A `<text>` of `words` with `attributes`. The svg crate's own `Text`
/// puts its words on a line of their own, and browsers that follow SVG 2
/// read those line breaks as spaces, which would take a place of a list
/// of `x` places; here the words are written tight.
fn text<const N: usize>(words: String, attributes: [(&str, Value); N]) -> Element {
    let mut text = Element::new("text");
    for (name, value) in attributes {
        text.assign(name, value);
    }
    text.append(svg::node::Text::new(words));
    text
}

/// The outline of a board of `shape`, below its label.
fn frame(shape: Shape) -> Rectangle {
    Rectangle::new()
        .set("class", "frame")
        .set("y", LABEL)
        .set("width", board_width(shape))
        .set("height", board_height(shape))
}

/// The top left corner of `cell` on a board of `shape`, below the label.
fn corner(shape: Shape, cell: usize) -> (i64, i64) {
    let (row, column) = (cell / shape.columns, cell % shape.columns);
    (column as i64 * CELL, LABEL + row as i64 * CELL)
}

/// A board's width.
fn board_width(shape: Shape) -> i64 {
    shape.columns as i64 * CELL
}

/// A board's height, its label left out.
fn board_height(shape: Shape) -> i64 {
    shape.rows as i64 * CELL
}

/// A heading line, a puzzle's verdict or the closing note, and about how
/// wide it is.
fn heading(words: String) -> (Element, i64) {
    let width = words.chars().count() as i64 * HEADING_CHAR;
    let attributes = [("class", "heading".into()), ("y", (HEADING - 10).into())];
    (text(words, attributes), width)
}

/// A `<desc>` of `words`.
fn desc(words: String) -> Description {
    Description::new().add(svg::node::Text::new(words))
}

/// `translate(x,y)`.
fn translate(x: i64, y: i64) -> String {
    format!("translate({x},{y})")
}

/// When an animation's moves play, in milliseconds: a second on the
/// start, then one move every `step`, each sliding for the first `slide`
/// of it, then a second on the goal before the animation ends and stays.
struct Timing {
    step: u64,
    slide: u64,
    total: u64,
}

/// The time on the start before the first move, and on the goal after
/// the last, in milliseconds.
const HOLD: u64 = 1000;

impl Timing {
    /// The timing of `moves` moves: half a second a move, faster for long
    /// answers so that they play in about half a minute, but never faster
    /// than a tenth of a second.
    fn of(moves: usize) -> Timing {
        let step = (30_000 / moves.max(1) as u64).clamp(100, 500);
        Timing {
            step,
            slide: step * 3 / 5,
            total: 2 * HOLD + moves as u64 * step,
        }
    }

    /// When move `index` (from 0) starts.
    fn start(&self, index: usize) -> u64 {
        HOLD + index as u64 * self.step
    }

    /// `ms` as a fraction of the whole, for `keyTimes`: to the hundred
    /// thousandth, rounded down, so fractions keep their order.
    fn fraction(&self, ms: u64) -> String {
        let share = ms * 100_000 / self.total;
        match share {
            0 => "0".to_string(),
            100_000 => "1".to_string(),
            _ => format!("0.{share:05}").trim_end_matches('0').to_string(),
        }
    }
}

/// One board that plays `slides` from `start`, the list of their letters
/// below it, and their width and height.
fn animation(start: &Grid, slides: &[Slide]) -> (Group, (i64, i64)) {
    let shape = start.shape();
    let timing = Timing::of(slides.len());
    // Where each tile is, by tile, and when it moved there: a track of
    // (milliseconds, cell) per tile, the blank's at BLANK.
    let mut tracks: Vec<Vec<(u64, usize)>> = vec![Vec::new(); start.tiles().len()];
    for (cell, &tile) in start.tiles().iter().enumerate() {
        tracks[tile as usize].push((0, cell));
    }
    for (index, slide) in slides.iter().enumerate() {
        let (begin, end) = (timing.start(index), timing.start(index) + timing.slide);
        for (tile, from, to) in [
            (slide.tile, slide.from, slide.to),
            (BLANK, slide.to, slide.from),
        ] {
            let track = &mut tracks[tile as usize];
            track.push((begin, from));
            track.push((end, to));
        }
    }
    let label = text(
        "start, then each move".to_string(),
        [("class", "label".into()), ("y", (LABEL - 8).into())],
    );
    let mut board = board_group(shape).add(label);
    // The blank first, so that the tiles slide over its outline.
    let order = std::iter::once(BLANK).chain(1..start.tiles().len() as u32);
    for tile in order {
        board.append(piece(shape, tile, &tracks[tile as usize], &timing));
    }
    let board = board.add(frame(shape));
    let width = board_width(shape).max(LETTER_LIST);
    let height = LABEL + board_height(shape);
    if slides.is_empty() {
        return (Group::new().add(board), (board_width(shape), height));
    }
    let list = moves_list(slides, width, &timing).set("transform", translate(0, height + GAP));
    let lines = (slides.len() as i64 + width / LETTER_WIDTH - 1) / (width / LETTER_WIDTH);
    let size = (width, height + GAP + lines * LETTER_LINE);
    (Group::new().add(board).add(list), size)
}

/// A tile (or the blank, [`BLANK`]) that moves along `track`: its square
/// and number at its first cell, and where it moves an animation of its
/// place that ends, and stays, on its last.
fn piece(shape: Shape, tile: u32, track: &[(u64, usize)], timing: &Timing) -> Group {
    let at = |cell: usize| {
        let (x, y) = corner(shape, cell);
        format!("{x},{y}")
    };
    let mut group = Group::new().set("transform", format!("translate({})", at(track[0].1)));
    group.append(
        match tile {
            BLANK => square("blank"),
            _ => square("tile"),
        }
        .set("x", INSET)
        .set("y", INSET),
    );
    if tile != BLANK {
        group.append(number(tile, shape, 0, 0));
    }
    if let [.., (_, last)] = track[1..] {
        let keys = track.iter().copied().chain([(timing.total, last)]);
        let (times, places): (Vec<String>, Vec<String>) = keys
            .map(|(ms, cell)| (timing.fraction(ms), at(cell)))
            .unzip();
        group.append(
            AnimateTransform::new()
                .set("attributeName", "transform")
                .set("type", "translate")
                .set("values", places.join(";"))
                .set("keyTimes", times.join(";"))
                .set("dur", format!("{}ms", timing.total))
                .set("fill", "freeze"),
        );
    }
    group
}

/// The letters of `slides` in lines across `width`, and a frame that
/// steps from letter to letter as each move plays, and stays on the last.
fn moves_list(slides: &[Slide], width: i64, timing: &Timing) -> Group {
    let per_line = (width / LETTER_WIDTH) as usize;
    let steps: Vec<Move> = slides.iter().map(|slide| slide.step).collect();
    let mut group = Group::new().set("class", "moves");
    for (line, chunk) in steps.chunks(per_line).enumerate() {
        let places: Vec<String> = (0..chunk.len() as i64)
            .map(|at| (at * LETTER_WIDTH + LETTER_WIDTH / 2).to_string())
            .collect();
        let y = line as i64 * LETTER_LINE + LETTER_LINE - 6;
        let attributes = [
            ("class", "letters".into()),
            ("x", places.join(" ").into()),
            ("y", y.into()),
        ];
        group.append(text(letters(chunk), attributes));
    }
    let place = |index: usize| {
        let (line, at) = ((index / per_line) as i64, (index % per_line) as i64);
        format!("{},{}", at * LETTER_WIDTH, line * LETTER_LINE)
    };
    let places: Vec<String> = (0..slides.len()).map(place).collect();
    let begin = format!("{}ms", timing.start(0));
    let mut show = Element::new("set");
    show.assign("attributeName", "opacity");
    show.assign("to", 1);
    show.assign("begin", begin.clone());
    show.assign("fill", "freeze");
    let playing = Rectangle::new()
        .set("class", "playing")
        .set("width", LETTER_WIDTH)
        .set("height", LETTER_LINE)
        .set("opacity", 0)
        .add(show)
        .add(
            AnimateTransform::new()
                .set("attributeName", "transform")
                .set("type", "translate")
                .set("calcMode", "discrete")
                .set("values", places.join(";"))
                .set("begin", begin)
                .set("dur", format!("{}ms", slides.len() as u64 * timing.step))
                .set("fill", "freeze"),
        );
    group.add(playing)
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
