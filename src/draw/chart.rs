//! The charts: the state space seen from one goal (how many arrangements
//! lie at each distance), the work of each search `eight compare` sets side
//! by side, and the figure every explanation of bidirectional search draws,
//! plain breadth-first search's layers beside the two smaller frontiers
//! that meet in the middle, here as the searches themselves counted them
//! ([`SearchLayers`]).
//!
//! plotters draws them with its SVG backend and writes no `<title>`, so
//! `titled` adds one, with a `<desc>` that gives the numbers in words for
//! screen readers. No font is built in: the viewer sets the text, and the
//! bars carry the meaning without it. The searches' colours differ in
//! lightness, not only in hue (breadth-first mid-tone, the start's side
//! dark, the goal's side light, all outlined), and each panel and side is
//! named in words, so the figures read in greyscale too. A search that
//! gave up at its node limit expanded fewer states than it needed, so its
//! bar would read as cheap: it is drawn light and hatched instead of solid,
//! and says under its name where it gave up.

use std::fmt::Display;

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::coord::Shift;
use plotters::element::{EmptyElement, PathElement, Rectangle, Text};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use svg::node::element::{Description, Title};
use svg::Node;

use crate::compare::{GaveUp, RowWork, SearchLayers};
use crate::words::counted;

/// A point on the page, in pixels.
type Pixels = (i32, i32);

/// Where a chart is drawn: an SVG document growing in a `String`.
type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// A chart drawn there, with `X` across and `Y` up.
type Chart<'a, X, Y> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>;

/// What drawing returns. The backend only appends to a `String`, so it
/// never fails; the `Result` is plotters' signature.
type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// Every chart's width, and the heights of the distance chart, of one
/// panel of layers or of work, and of the search figure's caption.
const WIDTH: u32 = 800;
const DISTANCES_HEIGHT: u32 = 480;
const PANEL_HEIGHT: u32 = 300;
const CAPTION_HEIGHT: u32 = 40;

/// The search figure: its caption over two panels.
const SEARCH_HEIGHT: u32 = CAPTION_HEIGHT + 2 * PANEL_HEIGHT;

/// The bars of counts (distances, work): a mid-dark blue.
const BARS: RGBColor = RGBColor(61, 111, 166);
/// The bar of a search that gave up: a light blue, outlined and hatched
/// in the bars' colour.
const GAVE_UP: RGBColor = RGBColor(206, 222, 240);
/// Breadth-first search's layers: a mid-tone orange.
const BREADTH_FIRST: RGBColor = RGBColor(214, 140, 69);
/// The bidirectional side from the start: dark.
const FROM_START: RGBColor = RGBColor(31, 59, 99);
/// The bidirectional side from the goal: light.
const FROM_GOAL: RGBColor = RGBColor(166, 203, 235);
/// The marks drawn over bars: the mean, where the sides meet.
const MARK: RGBColor = RGBColor(178, 34, 34);
/// The grid behind the bars.
const GRID: RGBColor = RGBColor(225, 225, 225);

/// A bar's width, in units between neighbouring bars: the rest is the gap
/// that tells one bar from the next.
const BAR_WIDTH: f64 = 0.8;

/// A count above zero is drawn at least this many pixels tall, as the
/// terminal chart draws a sliver: one arrangement among millions is still
/// there.
const MIN_BAR_PIXELS: f64 = 2.0;

/// Pixels between the lines of a hatch, along a bar's bottom and sides.
const HATCH_SPACING: i32 = 6;

/// Where log-scale bars start: below 1, so a count of one still shows.
const LOG_BASE: f64 = 0.5;

/// Room above the tallest bar for its label: a factor on a linear scale,
/// and on a log scale, where it is a fraction of a decade.
const HEADROOM: f64 = 1.12;
const LOG_HEADROOM: f64 = 4.0;

/// At most this many numbers along an axis of distances, and up one of
/// counts.
const MAX_X_LABELS: usize = 16;
const MAX_Y_LABELS: usize = 10;

/// Pixels between a label and what it names, and from one line of labels
/// to the next.
const LABEL_GAP: i32 = 4;
const LABEL_LINE: i32 = 16;

/// Pixels around a chart, beside its axis up for its numbers and name,
/// and under its axis across for its numbers or names and its name; the
/// work chart adds a line there for each line of the words under a name
/// past the first.
const MARGIN: u32 = 12;
const Y_LABEL_AREA: u32 = 88;
const X_LABEL_AREA: u32 = 44;

/// How far under the plotting area plotters writes the numbers or names
/// along the axis across: the axis, a tick of 5 pixels and a gap of 5.
const NAMES_DROP: i32 = 11;

/// The caption's text and that of labels, axis names and numbers.
fn caption_font() -> TextStyle<'static> {
    ("sans-serif", 22).into_font().into()
}

fn label_font() -> TextStyle<'static> {
    ("sans-serif", 14).into_font().into()
}

/// The arrangements at each distance from `goal`, `counts[d]` needing `d`
/// moves, as a bar chart with the `mean` distance dashed across it and the
/// last bar, the longest distance, labelled. `goal` is named in the title.
///
/// # Example
/// ```
/// use eight::{board::Board, census::Census, draw::chart, Grid};
/// let census = Census::of(&Grid::from(&Board::GOAL), |_| {}).unwrap();
/// let svg = chart::distances(&census.goal, &census.counts, census.mean_distance);
/// assert!(svg.contains("<title>Arrangements at each distance from the goal 12345678x</title>"));
/// ```
pub fn distances(goal: &str, counts: &[u64], mean: f64) -> String {
    let title = format!("Arrangements at each distance from the goal {goal}");
    let reachable: u64 = counts.iter().sum();
    let longest = counts.len().saturating_sub(1);
    let at_longest = counts.last().copied().unwrap_or(0);
    let desc = format!(
        "A bar chart of the {reachable} arrangements that can reach {goal}, by the fewest \
         moves each needs, from 0 to {longest}: {}. The farthest need {longest} moves \
         ({}); the mean is {mean:.2} moves, marked by a dashed line.",
        listed(counts),
        counted(at_longest, "arrangement"),
    );
    let chart = document(DISTANCES_HEIGHT, |root| {
        distance_bars(root, &title, counts, mean)
    });
    titled(&chart, &title, &desc)
}

/// The searches of one puzzle layer by layer: the states breadth-first
/// search expanded at each depth from the start in one panel, and below
/// it, on the same axes, the bidirectional search's side from the start
/// and its side from the goal (placed by their distance from the start),
/// with the empty layer between them, where they meet, marked.
///
/// # Example
/// ```
/// use eight::{compare::Comparison, draw::chart, read::frame::Framing, Goal};
/// let mut comparison = Comparison::new(Goal::default(), Framing::default(), Vec::new());
/// comparison.run("2 3 4 1 5 x 7 6 8".as_bytes(), |_, _| {}, |_| {}).unwrap();
/// let layers = comparison.search_layers().unwrap().unwrap();
/// let svg = chart::search(&layers);
/// assert!(svg.contains("<title>Puzzle 1, 23415x768 to 12345678x in 19 moves"));
/// ```
pub fn search(layers: &SearchLayers) -> String {
    let chart = document(SEARCH_HEIGHT, |root| search_panels(root, layers));
    titled(&chart, &search_caption(layers), &search_words(layers))
}

/// `eight compare`'s picture: the states each row expanded over
/// `puzzles`, one bar each on a log scale, and below, where there are
/// `layers`, their puzzle's searches as [`search`] draws them. The bar of
/// a row that gave up is light and hatched, and says under the row's name
/// at what limit it gave up (and on how many puzzles, of several).
///
/// # Example
/// ```
/// use eight::compare::{GaveUp, RowWork};
/// use eight::draw::chart;
/// let pdb = RowWork { name: "pdb", expanded: 57_784, ..RowWork::default() };
/// let gave_up = Some(GaveUp { puzzles: 1, limit: 1_000 });
/// let manhattan = RowWork { name: "manhattan", expanded: 521, gave_up, ..RowWork::default() };
/// let svg = chart::comparison(&[manhattan, pdb], 1, None);
/// assert!(svg.contains("<title>States expanded by each search over 1 puzzle</title>"));
/// assert!(svg.contains("manhattan 521 (gave up at 1000 nodes generated), pdb 57784."));
/// assert!(svg.contains(">\ngave up at 1000\n</text>"));
/// ```
pub fn comparison(rows: &[RowWork], puzzles: u64, layers: Option<&SearchLayers>) -> String {
    let over = counted(puzzles, "puzzle");
    let work = rows.iter().map(|row| row_words(row, puzzles));
    let mut title = format!("States expanded by each search over {over}");
    let mut desc = format!(
        "A bar chart, on a log scale, of the states each search expanded over {over}: {}.",
        listed(work)
    );
    if rows.iter().any(|row| row.gave_up.is_some()) {
        desc += " A search that gave up would have expanded more: its bar is light and hatched.";
    }
    if let Some(layers) = layers {
        title += &format!(", and puzzle {}'s searches layer by layer", layers.puzzle);
        desc += &format!(" Below it: {}", search_words(layers));
    }
    let height = PANEL_HEIGHT + layers.map_or(0, |_| SEARCH_HEIGHT);
    let chart = document(height, |root| {
        let (upper, lower) = root.split_vertically(PANEL_HEIGHT);
        work_bars(&upper, rows, puzzles)?;
        layers.map_or(Ok(()), |layers| search_panels(&lower, layers))
    });
    titled(&chart, &title, &desc)
}

/// The SVG document `paint` draws on a white area `height` pixels tall.
fn document(height: u32, paint: impl FnOnce(&Area) -> Drawn) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)
            .and_then(|()| paint(&root))
            .and_then(|()| root.present())
            .expect("drawing into a String cannot fail");
    }
    svg
}

/// `svg`, as plotters wrote it, with a `<title>` saying what it shows and a
/// `<desc>` giving its numbers in words, first inside the root element,
/// where viewers show the one and screen readers read both. The `svg`
/// crate writes them and escapes their text. plotters opens the document
/// with the root tag, none of whose attributes holds a `>`.
fn titled(svg: &str, title: &str, desc: &str) -> String {
    let root_end = svg.find('>').map_or(0, |end| end + 1);
    let (root, rest) = svg.split_at(root_end);
    let title = Title::new(title);
    let mut description = Description::new();
    description.append(svg::node::Text::new(desc));
    format!("{root}\n{title}\n{description}{rest}")
}

/// `items` separated by commas.
fn listed<T: Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    items.join(", ")
}

/// How wide `text` is in the labels' font, as plotters estimates it.
fn text_pixels(text: &str) -> u32 {
    label_font()
        .font
        .box_size(text)
        .map_or(0, |(width, _)| width)
}

/// `phrases` joined by spaces into as few lines as keep each within
/// `pixels` of [`text_pixels`], in order; a phrase wider than that has a
/// line of its own.
fn lines_within(phrases: &[String], pixels: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for phrase in phrases {
        match lines.last_mut() {
            Some(line) if text_pixels(&format!("{line} {phrase}")) <= pixels => {
                line.push(' ');
                line.push_str(phrase);
            }
            _ => lines.push(phrase.clone()),
        }
    }
    lines
}

/// A number on an axis, to the unit.
fn whole(value: &f64) -> String {
    format!("{value:.0}")
}

/// The bar at `x` (a distance or a depth) from `bottom` to `top`.
fn bar(x: usize, bottom: f64, top: f64, style: ShapeStyle) -> Rectangle<(f64, f64)> {
    let x = x as f64;
    let half = BAR_WIDTH / 2.0;
    Rectangle::new([(x - half, bottom), (x + half, top)], style)
}

/// Writes `text` on `chart` with its `anchor` at the point `at`, moved by
/// `offset` pixels.
fn label<X: Ranged, Y: Ranged>(
    chart: &mut Chart<X, Y>,
    text: String,
    at: (X::ValueType, Y::ValueType),
    offset: Pixels,
    anchor: (HPos, VPos),
) -> Drawn {
    let style = label_font().pos(Pos::new(anchor.0, anchor.1));
    chart.draw_series([EmptyElement::at(at) + Text::new(text, offset, style)])?;
    Ok(())
}

/// A chart on `area` under `caption` (in `font`), with `x` across and `y`
/// up, and room beside its axes for their numbers and names, `below`
/// pixels of it under the axis across.
fn chart_on<'a, X: AsRangedCoord, Y: AsRangedCoord>(
    area: &Area<'a>,
    caption: &str,
    font: TextStyle,
    below: u32,
    x: X,
    y: Y,
) -> Result<Chart<'a, X::CoordDescType, Y::CoordDescType>, DrawingAreaErrorKind<std::io::Error>> {
    ChartBuilder::on(area)
        .caption(caption, font)
        .margin(MARGIN)
        .x_label_area_size(below)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(x, y)
}

/// The axes every chart shares, ready for its own numbers and names: light
/// horizontal lines at the numbers up the side, none across, and whole
/// numbers in the labels' font.
fn axes<'a, 'b, X, Y>(chart: &'b mut Chart<'a, X, Y>) -> MeshStyle<'a, 'b, X, Y, SVGBackend<'a>>
where
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .bold_line_style(GRID)
        .light_line_style(WHITE)
        .y_label_formatter(&whole)
        .label_style(label_font())
        .axis_desc_style(label_font());
    mesh
}

/// The distance chart: bars of `counts` on a linear scale, the mean
/// dashed, the last bar labelled.
fn distance_bars(root: &Area, title: &str, counts: &[u64], mean: f64) -> Drawn {
    let longest = counts.len().saturating_sub(1);
    let largest = counts.iter().copied().max().unwrap_or(0).max(1);
    let top = largest as f64 * HEADROOM;
    let x = -0.5..longest as f64 + 0.5;
    let mut chart = chart_on(root, title, caption_font(), X_LABEL_AREA, x, 0.0..top)?;
    axes(&mut chart)
        .x_labels(counts.len().min(MAX_X_LABELS))
        // No more numbers than whole ones: no step of a half shown as 0, 1, 1.
        .y_labels((largest as usize + 1).min(MAX_Y_LABELS))
        .x_label_formatter(&whole)
        .x_desc("moves from the goal")
        .y_desc("arrangements")
        .draw()?;
    // The mean behind the bars: it shows between and above them.
    let dashes = [(mean, 0.0), (mean, top)];
    chart.draw_series(DashedLineSeries::new(dashes, 6, 4, MARK.stroke_width(2)))?;
    let pixels = f64::from(chart.plotting_area().dim_in_pixel().1);
    let sliver = top * MIN_BAR_PIXELS / pixels;
    let shown = |count: u64| (count as f64).max(sliver);
    let bars = counts.iter().enumerate().filter(|(_, &count)| count > 0);
    chart.draw_series(
        bars.map(|(distance, &count)| bar(distance, 0.0, shown(count), BARS.filled())),
    )?;
    let mean_label = format!("mean {mean:.2}");
    label(
        &mut chart,
        mean_label,
        (mean, top),
        (LABEL_GAP, 0),
        (HPos::Left, VPos::Top),
    )?;
    if let Some(&at_longest) = counts.last() {
        // Right-aligned to the last bar, raised over the bars it spans.
        let text = format!("max {longest} moves: {at_longest}");
        let bar_pixels = f64::from(chart.plotting_area().dim_in_pixel().0) / counts.len() as f64;
        // One bar more: the viewer's font may be wider than the estimate.
        let spanned = (f64::from(text_pixels(&text)) / bar_pixels).ceil() as usize + 1;
        let under = counts.iter().rev().take(spanned).max().copied();
        let at = (longest as f64 + BAR_WIDTH / 2.0, shown(under.unwrap_or(0)));
        label(
            &mut chart,
            text,
            at,
            (0, -LABEL_GAP),
            (HPos::Right, VPos::Bottom),
        )?;
    }
    Ok(())
}

/// The bars of one series of layers: where each stands, counted in moves
/// from the start, how many states it holds, its fill, and, when it shares
/// a panel, its name and the side of the panel that names it.
struct Layers<'a> {
    bars: Vec<(usize, u64)>,
    fill: RGBColor,
    name: Option<(&'a str, HPos)>,
}

impl Layers<'_> {
    /// The bars of `counts`, entry `d` at `place(d)`.
    fn placed(counts: &[u64], place: impl Fn(usize) -> usize) -> Vec<(usize, u64)> {
        counts
            .iter()
            .enumerate()
            .map(|(d, &count)| (place(d), count))
            .collect()
    }
}

/// The title of the search figure: which puzzle.
fn search_caption(layers: &SearchLayers) -> String {
    let SearchLayers {
        puzzle,
        start,
        goal,
        moves,
        ..
    } = layers;
    let moves = counted(*moves as u64, "move");
    format!("Puzzle {puzzle}, {start} to {goal} in {moves}: states expanded at each depth")
}

/// The states a search expanded over all its layers.
fn total(layers: &[u64]) -> u64 {
    layers.iter().sum()
}

/// The search figure in words.
fn search_words(layers: &SearchLayers) -> String {
    let (from_start, from_goal) = (&layers.from_start, &layers.from_goal);
    format!(
        "{}. Breadth-first search from the start expanded {} states, by depth: {}. \
         Bidirectional search expanded {} from the start, by depth: {}; and {} from the \
         goal, by depth from the goal: {}; the two sides meet {} moves from the start.",
        search_caption(layers),
        total(&layers.breadth_first),
        listed(&layers.breadth_first),
        total(from_start),
        listed(from_start),
        total(from_goal),
        listed(from_goal),
        from_start.len(),
    )
}

/// The search figure: its caption, then breadth-first search's layers
/// over the bidirectional search's two sides, on the same scales.
fn search_panels(area: &Area, layers: &SearchLayers) -> Drawn {
    let area = area.titled(&search_caption(layers), caption_font())?;
    let (upper, lower) = area.split_vertically(PANEL_HEIGHT);
    let counts = layers.breadth_first.iter();
    let largest = counts
        .chain(&layers.from_start)
        .chain(&layers.from_goal)
        .max();
    let top = largest.map_or(1.0, |&count| count.max(1) as f64) * LOG_HEADROOM;
    let moves = layers.moves;
    let breadth_first = Layers {
        bars: Layers::placed(&layers.breadth_first, |depth| depth),
        fill: BREADTH_FIRST,
        name: None,
    };
    let caption = format!(
        "Breadth-first search: {} states expanded",
        total(&layers.breadth_first)
    );
    layer_panel(&upper, &caption, moves, top, &[breadth_first], None)?;
    let from_start = Layers {
        bars: Layers::placed(&layers.from_start, |depth| depth),
        fill: FROM_START,
        name: Some(("from the start (dark)", HPos::Left)),
    };
    let from_goal = Layers {
        bars: Layers::placed(&layers.from_goal, |depth| moves - depth),
        fill: FROM_GOAL,
        name: Some(("from the goal (light)", HPos::Right)),
    };
    let caption = format!(
        "Bidirectional search: {} expanded from the start (dark), {} from the goal (light)",
        total(&layers.from_start),
        total(&layers.from_goal)
    );
    // The layer between the sides: reached by one, expanded by neither.
    let meeting = (moves > 0).then_some(layers.from_start.len());
    layer_panel(
        &lower,
        &caption,
        moves,
        top,
        &[from_start, from_goal],
        meeting,
    )
}

/// One panel of layers: `series` on an axis of `moves` moves from the
/// start and a log scale up to `top`, the `meeting` layer dashed.
fn layer_panel(
    area: &Area,
    caption: &str,
    moves: usize,
    top: f64,
    series: &[Layers],
    meeting: Option<usize>,
) -> Drawn {
    let (x, y) = (-0.5..moves as f64 + 0.5, (LOG_BASE..top).log_scale());
    let mut chart = chart_on(area, caption, label_font(), X_LABEL_AREA, x, y)?;
    axes(&mut chart)
        .x_labels((moves + 1).min(MAX_X_LABELS))
        .x_label_formatter(&whole)
        .x_desc("moves from the start")
        .y_desc("states expanded (log)")
        .draw()?;
    for layers in series {
        let bars = layers.bars.iter().filter(|(_, count)| *count > 0);
        let bar_of = |&(x, count): &(usize, u64), style| bar(x, LOG_BASE, count as f64, style);
        chart.draw_series(bars.clone().map(|at| bar_of(at, layers.fill.filled())))?;
        chart.draw_series(bars.map(|at| bar_of(at, BLACK.into())))?;
        // The series' name in the top corner on its side of the panel.
        if let Some((name, side)) = layers.name {
            let x = if matches!(side, HPos::Right) {
                moves as f64 + 0.5
            } else {
                -0.5
            };
            label(
                &mut chart,
                name.to_string(),
                (x, top),
                (0, 0),
                (side, VPos::Top),
            )?;
        }
    }
    if let Some(layer) = meeting {
        let dashes = [(layer as f64, LOG_BASE), (layer as f64, top)];
        chart.draw_series(DashedLineSeries::new(dashes, 6, 4, MARK.stroke_width(2)))?;
        // A line below the series' names, which take the top corners.
        let (anchor, offset) = ((HPos::Left, VPos::Top), (LABEL_GAP, LABEL_LINE));
        let at = (layer as f64, top);
        label(&mut chart, "the sides meet".to_string(), at, offset, anchor)?;
    }
    Ok(())
}

/// A row of the work chart in words: its name and states expanded, and
/// where it gave up, of `puzzles`.
fn row_words(row: &RowWork, puzzles: u64) -> String {
    let RowWork { name, expanded, .. } = row;
    let Some(GaveUp {
        puzzles: given_up,
        limit,
    }) = row.gave_up
    else {
        return format!("{name} {expanded}");
    };
    let on = match puzzles {
        1 => String::new(),
        _ => format!(" on {given_up} of the {puzzles} puzzles"),
    };
    format!("{name} {expanded} (gave up at {limit} nodes generated{on})")
}

/// What the bar of a row that gave up says under its name, in phrases
/// that may each start a line: where, and on how many of `puzzles`.
fn gave_up_phrases(gave_up: &GaveUp, puzzles: u64) -> Vec<String> {
    let mut phrases = vec!["gave up".to_string(), format!("at {}", gave_up.limit)];
    if puzzles > 1 {
        phrases.push(format!("on {} of {puzzles}", gave_up.puzzles));
    }
    phrases
}

/// The work chart: one bar per row, its states expanded over `puzzles` on
/// a log scale, each labelled with its count; the bars of rows that gave
/// up light and hatched, with where they gave up under their names.
fn work_bars(area: &Area, rows: &[RowWork], puzzles: u64) -> Drawn {
    let largest = rows.iter().map(|row| row.expanded).max().unwrap_or(0);
    let top = largest.max(1) as f64 * LOG_HEADROOM;
    let names = |at: &f64| {
        let row = rows.get(at.round() as usize).filter(|_| at.fract() == 0.0);
        row.map_or(String::new(), |row| row.name.to_string())
    };
    // A name's words no wider than the room between neighbouring names.
    let (width, _) = area.dim_in_pixel();
    let room = (width - 2 * MARGIN - Y_LABEL_AREA) / rows.len().max(1) as u32;
    let under_names: Vec<Vec<String>> = rows
        .iter()
        .map(|row| match &row.gave_up {
            Some(gave_up) => lines_within(&gave_up_phrases(gave_up, puzzles), room),
            None => Vec::new(),
        })
        .collect();
    let lines = under_names.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let below = X_LABEL_AREA + LABEL_LINE as u32 * lines.saturating_sub(1);
    let over = counted(puzzles, "puzzle");
    let caption = format!("States expanded by each search over {over} (log scale)");
    let (x, y) = (-0.5..rows.len() as f64 - 0.5, (LOG_BASE..top).log_scale());
    let mut chart = chart_on(area, &caption, label_font(), below, x, y)?;
    axes(&mut chart)
        .x_labels(rows.len())
        .x_label_formatter(&names)
        .y_desc("states expanded")
        .draw()?;
    let bars = rows.iter().enumerate().filter(|(_, row)| row.expanded > 0);
    let (solid, hatched): (Vec<_>, Vec<_>) = bars.partition(|(_, row)| row.gave_up.is_none());
    let bar_of =
        |(x, row): &(usize, &RowWork), style| bar(*x, LOG_BASE, row.expanded as f64, style);
    chart.draw_series(solid.iter().map(|at| bar_of(at, BARS.filled())))?;
    chart.draw_series(hatched.iter().map(|at| bar_of(at, GAVE_UP.filled())))?;
    for &(x, row) in &hatched {
        hatch(&mut chart, x, row.expanded as f64)?;
    }
    chart.draw_series(hatched.iter().map(|at| bar_of(at, BARS.into())))?;
    for (x, row) in rows.iter().enumerate() {
        let at = (x as f64, (row.expanded as f64).max(LOG_BASE));
        let (count, anchor) = (row.expanded.to_string(), (HPos::Center, VPos::Bottom));
        label(&mut chart, count, at, (0, -LABEL_GAP), anchor)?;
    }
    // Under the names, a line each.
    for (x, lines) in under_names.into_iter().enumerate() {
        for (line, text) in (1..).zip(lines) {
            let offset = (0, NAMES_DROP + line * LABEL_LINE);
            let anchor = (HPos::Center, VPos::Top);
            label(&mut chart, text, (x as f64, LOG_BASE), offset, anchor)?;
        }
    }
    Ok(())
}

/// Thin diagonal lines across the bar at `x` that stands from the bottom
/// to `top`, [`HATCH_SPACING`] pixels apart along its bottom and left
/// side: drawn in pixels, so the log scale does not bend them.
fn hatch<X, Y>(chart: &mut Chart<X, Y>, x: usize, top: f64) -> Drawn
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let corner = (x as f64 - BAR_WIDTH / 2.0, LOG_BASE);
    let (left, bottom) = chart.backend_coord(&corner);
    let (right, high) = chart.backend_coord(&(x as f64 + BAR_WIDTH / 2.0, top));
    let (width, height) = (right - left, bottom - high);
    // The line `d` pixels along: the points whose distance right of the
    // corner and up from it add up to `d`, from the bottom or right side
    // to the left side or top; up is negative in pixels.
    let along = (HATCH_SPACING..width + height).step_by(HATCH_SPACING as usize);
    let lines = along.map(|d| {
        let from = if d <= width {
            (d, 0)
        } else {
            (width, width - d)
        };
        let to = if d <= height {
            (0, -d)
        } else {
            (d - height, -height)
        };
        EmptyElement::at(corner) + PathElement::new(vec![from, to], BARS.stroke_width(1))
    });
    chart.draw_series(lines)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use resvg::tiny_skia::{Pixmap, Transform};
    use resvg::usvg;

    use super::*;
    use crate::board::Board;
    use crate::census::Census;
    use crate::compare::Comparison;
    use crate::goal::Goal;
    use crate::grid::Grid;
    use crate::read::frame::Framing;
    use crate::shape::Shape;

    fn census(goal: &Grid) -> Census {
        Census::of(goal, |_| {}).unwrap()
    }

    fn distance_chart(census: &Census) -> String {
        distances(&census.goal, &census.counts, census.mean_distance)
    }

    /// The layers of the POJ sample's searches, as `eight compare` finds
    /// them, and the rows' work.
    fn sample() -> (SearchLayers, Vec<RowWork>) {
        let mut comparison = Comparison::new(
            Goal::default(),
            Framing::Stream(crate::shape::Shape::EIGHT),
            Vec::new(),
        );
        let input = "2 3 4 1 5 x 7 6 8".as_bytes();
        comparison.run(input, |_, _| {}, |_| {}).unwrap();
        (
            comparison.search_layers().unwrap().unwrap(),
            comparison.totals().rows.clone(),
        )
    }

    /// A row of the work chart that `gave_up`, or did not.
    fn row(name: &'static str, expanded: u64, gave_up: Option<GaveUp>) -> RowWork {
        RowWork {
            name,
            expanded,
            gave_up,
            ..RowWork::default()
        }
    }

    /// Every text the document writes, in order, trimmed.
    fn texts(svg: &str) -> Vec<String> {
        let document = roxmltree::Document::parse(svg).expect("the picture is XML");
        let texts = document
            .descendants()
            .filter(|node| node.has_tag_name("text"));
        let text = |node: roxmltree::Node| node.text().unwrap_or("").trim().to_string();
        texts.map(text).collect()
    }

    /// The document's title and description, after checking that it parses
    /// and that they come first in its root.
    fn title_and_desc(svg: &str) -> (String, String) {
        let document = roxmltree::Document::parse(svg).expect("the picture is XML");
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let mut children = root.children().filter(|node| node.is_element());
        let mut text = |tag: &str| {
            let node = children.next().unwrap();
            assert_eq!(node.tag_name().name(), tag, "{svg:.300}");
            node.text().unwrap().to_string()
        };
        (text("title"), text("desc"))
    }

    /// The picture as resvg paints it, without fonts and so without text.
    fn render(svg: &str) -> Pixmap {
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap();
        let size = tree.size().to_int_size();
        let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
        resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
        pixmap
    }

    /// Whether the pixel at `x`, `y` is `colour`, opaque.
    fn is(pixmap: &Pixmap, (x, y): (u32, u32), colour: RGBColor) -> bool {
        pixmap.pixel(x, y).is_some_and(|pixel| {
            let rgba = (pixel.red(), pixel.green(), pixel.blue(), pixel.alpha());
            rgba == (colour.0, colour.1, colour.2, 255)
        })
    }

    /// The bars of `colour`, left to right: the column at each one's
    /// centre and its height in pixels. They are found along the lowest row
    /// that holds the colour, where every bar of it stands.
    fn bars(pixmap: &Pixmap, colour: RGBColor) -> Vec<(u32, u32)> {
        let (width, height) = (pixmap.width(), pixmap.height());
        let holds = |y| (0..width).any(|x| is(pixmap, (x, y), colour));
        let Some(bottom) = (0..height).rev().find(|&y| holds(y)) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        let mut x = 0;
        while x < width {
            if !is(pixmap, (x, bottom), colour) {
                x += 1;
                continue;
            }
            let left = x;
            while x < width && is(pixmap, (x, bottom), colour) {
                x += 1;
            }
            let centre = (left + x) / 2;
            let tall = (0..=bottom)
                .rev()
                .take_while(|&y| is(pixmap, (centre, y), colour));
            found.push((centre, tall.count() as u32));
        }
        found
    }

    /// Whether taller bars stand for larger counts, never the reverse.
    fn ordered_as(heights: &[(u32, u32)], counts: &[u64]) -> bool {
        let pairs = || heights.iter().zip(counts);
        pairs().all(|((_, h1), c1)| pairs().all(|((_, h2), c2)| c1 >= c2 || h1 <= h2))
    }

    #[test]
    fn the_distance_chart_draws_a_bar_per_distance_to_scale_and_the_mean() {
        let eight = census(&Grid::from(&Board::GOAL));
        let six = census(
            &Grid::solved(Shape {
                rows: 2,
                columns: 3,
            })
            .unwrap(),
        );
        for census in [&eight, &six] {
            let svg = distance_chart(census);
            let (title, desc) = title_and_desc(&svg);
            let goal = &census.goal;
            assert_eq!(
                title,
                format!("Arrangements at each distance from the goal {goal}")
            );
            assert!(desc.contains(&listed(&census.counts)), "{desc}");
            let pixmap = render(&svg);
            let heights = bars(&pixmap, BARS);
            assert_eq!(heights.len(), census.counts.len(), "{goal}");
            assert!(ordered_as(&heights, &census.counts), "{heights:?}");
            // To scale: each bar as tall, to a pixel or two, as its share
            // of the tallest, and the smallest still a sliver.
            let largest = *census.counts.iter().max().unwrap() as f64;
            let tallest = f64::from(heights.iter().map(|&(_, h)| h).max().unwrap());
            for (&(_, height), &count) in heights.iter().zip(&census.counts) {
                let expected = (count as f64 / largest * tallest).max(MIN_BAR_PIXELS);
                assert!(
                    (f64::from(height) - expected).abs() <= 2.0,
                    "{count}: {height}"
                );
            }
            // The mean's dashes stand between the bars of the distances
            // around it.
            let mean = census.mean_distance;
            let column = (0..pixmap.width())
                .find(|&x| (0..pixmap.height()).any(|y| is(&pixmap, (x, y), MARK)))
                .unwrap();
            let (below, above) = (mean.floor() as usize, mean.ceil() as usize);
            assert!(
                heights[below].0 < column && column < heights[above].0,
                "{mean}"
            );
        }
        assert_eq!(bars(&render(&distance_chart(&eight)), BARS).len(), 32);
    }

    #[test]
    fn the_search_figure_has_a_bar_per_layer_of_each_search() {
        let (layers, _) = sample();
        let svg = search(&layers);
        let (title, desc) = title_and_desc(&svg);
        assert!(title.starts_with("Puzzle 1, 23415x768 to 12345678x in 19 moves"));
        assert!(desc.contains(&listed(&layers.breadth_first)), "{desc}");
        let pixmap = render(&svg);
        let breadth_first = bars(&pixmap, BREADTH_FIRST);
        let (from_start, from_goal) = (bars(&pixmap, FROM_START), bars(&pixmap, FROM_GOAL));
        assert_eq!(breadth_first.len(), 19);
        assert_eq!(from_start.len(), layers.from_start.len());
        assert_eq!(from_goal.len(), layers.from_goal.len());
        assert!(ordered_as(&breadth_first, &layers.breadth_first));
        assert!(ordered_as(&from_start, &layers.from_start));
        // The goal's side runs from the goal back towards the start.
        let from_goal: Vec<_> = from_goal.into_iter().rev().collect();
        assert!(ordered_as(&from_goal, &layers.from_goal));
        // Each side stands at its depths from the start, with the meeting
        // layer empty between them: the start's side under the first
        // breadth-first layers, the goal's side from one past the last.
        for (side, depth) in from_start.iter().zip(0..) {
            assert_eq!(side.0, breadth_first[depth].0);
        }
        let meeting = breadth_first[layers.from_start.len()].0;
        assert!(from_goal.iter().all(|&(x, _)| x > meeting), "{from_goal:?}");
        let step = breadth_first[1].0 - breadth_first[0].0;
        let goal = breadth_first[18].0 + step;
        assert!(from_goal[0].0.abs_diff(goal) <= 1, "{from_goal:?}");
    }

    #[test]
    fn the_comparison_draws_each_row_s_work_over_the_searches() {
        let (layers, rows) = sample();
        let svg = comparison(&rows, 1, Some(&layers));
        let (title, desc) = title_and_desc(&svg);
        assert_eq!(
            title,
            "States expanded by each search over 1 puzzle, and puzzle 1's searches layer by layer"
        );
        assert!(desc.contains("bfs 21935, bibfs 712"), "{desc}");
        let pixmap = render(&svg);
        let work = bars(&pixmap, BARS);
        assert_eq!(work.len(), rows.len());
        let expanded: Vec<u64> = rows.iter().map(|row| row.expanded).collect();
        assert!(ordered_as(&work, &expanded), "{work:?}");
        assert_eq!(
            bars(&pixmap, BREADTH_FIRST).len(),
            layers.breadth_first.len()
        );
        assert_eq!(bars(&pixmap, FROM_START).len(), layers.from_start.len());
        assert_eq!(bars(&pixmap, FROM_GOAL).len(), layers.from_goal.len());
        // Without layers, the work alone.
        let alone = render(&comparison(&rows, 1, None));
        assert_eq!(bars(&alone, BARS).len(), rows.len());
        assert!(bars(&alone, BREADTH_FIRST).is_empty());
    }

    /// Korf's first instance under `--limit 1000`: the two Manhattan rows
    /// gave up, the pattern databases did not.
    #[test]
    fn the_bars_of_searches_that_gave_up_are_hatched_and_say_where() {
        let gave_up = Some(GaveUp {
            puzzles: 1,
            limit: 1000,
        });
        let rows = [
            row("manhattan", 521, gave_up),
            row("conflicts", 547, gave_up),
            row("pdb", 57_784, None),
        ];
        let svg = comparison(&rows, 1, None);
        let (_, desc) = title_and_desc(&svg);
        let work = "manhattan 521 (gave up at 1000 nodes generated), conflicts 547 (gave up at \
                    1000 nodes generated), pdb 57784.";
        assert!(desc.contains(work), "{desc}");
        assert!(desc.ends_with("its bar is light and hatched."), "{desc}");
        // Under the names, once for each row that gave up.
        let texts = texts(&svg);
        let said = texts.iter().filter(|text| *text == "gave up at 1000");
        assert_eq!(said.count(), 2, "{texts:?}");
        // One solid bar (the hatch's lines meet the bottom in the bars'
        // colour too, a pixel high); the light ones broken by the hatch
        // into many stripes, all left of it.
        let pixmap = render(&svg);
        let solid: Vec<_> = bars(&pixmap, BARS)
            .into_iter()
            .filter(|&(_, height)| height > 1)
            .collect();
        assert_eq!(solid.len(), 1, "{solid:?}");
        let stripes = bars(&pixmap, GAVE_UP);
        assert!(stripes.len() >= 2 * 10, "{stripes:?}");
        assert!(stripes.iter().all(|&(x, _)| x < solid[0].0), "{stripes:?}");
        // Without the limit, the same counts are three solid bars.
        let solved = rows.map(|solved| RowWork {
            gave_up: None,
            ..solved
        });
        let svg = comparison(&solved, 1, None);
        assert_eq!(bars(&render(&svg), BARS).len(), 3);
        assert!(!svg.contains("gave up"));
    }

    /// Words too wide for the room under a name start new lines at a
    /// phrase, and several puzzles are counted.
    #[test]
    fn where_a_search_gave_up_fits_under_its_name() {
        let wide: Vec<String> = ["gave up", "at 100000000", "on 12 of 100"]
            .map(String::from)
            .into();
        assert_eq!(
            lines_within(&wide, 1000),
            ["gave up at 100000000 on 12 of 100"]
        );
        let two = text_pixels("gave up at 100000000");
        assert_eq!(
            lines_within(&wide, two),
            ["gave up at 100000000", "on 12 of 100"]
        );
        assert_eq!(lines_within(&wide, 1), wide);
        let gave_up = GaveUp {
            puzzles: 12,
            limit: 100_000_000,
        };
        assert_eq!(gave_up_phrases(&gave_up, 100), wide);
        assert_eq!(gave_up_phrases(&gave_up, 1), wide[..2]);
        // Six rows of the default limit, on two puzzles: each line within
        // the room between neighbouring names.
        let gave_up = Some(GaveUp {
            puzzles: 1,
            limit: 100_000_000,
        });
        let rows = [
            row("manhattan", 50_811_621, gave_up),
            row("conflicts", 49_000_000, gave_up),
            row("pdb", 57_785, None),
            row("pdb-noreflect", 271_213, None),
            row("pdb78", 8_000, None),
            row("pdb78-noreflect", 20_000, None),
        ];
        let svg = comparison(&rows, 2, None);
        let (_, desc) = title_and_desc(&svg);
        let words =
            "manhattan 50811621 (gave up at 100000000 nodes generated on 1 of the 2 puzzles)";
        assert!(desc.contains(words), "{desc}");
        let texts = texts(&svg);
        let room = (WIDTH - 2 * MARGIN - Y_LABEL_AREA) / 6;
        for line in ["gave up", "at 100000000", "on 1 of 2"] {
            let lines = texts.iter().filter(|text| *text == line);
            assert_eq!(lines.count(), 2, "{line}: {texts:?}");
            assert!(text_pixels(line) <= room, "{line}");
        }
    }

    #[test]
    fn the_same_data_gives_the_same_bytes() {
        let eight = census(&Grid::from(&Board::canonical(4)));
        assert_eq!(distance_chart(&eight), distance_chart(&eight));
        let (layers, rows) = sample();
        assert_eq!(search(&layers), search(&layers));
        assert_eq!(
            comparison(&rows, 1, Some(&layers)),
            comparison(&rows, 1, Some(&layers))
        );
    }

    /// Titles are text, escaped; nothing to draw is a chart without bars.
    #[test]
    fn odd_names_and_empty_data_still_make_documents() {
        let svg = distances("<a & b>", &[], 0.0);
        assert_eq!(
            title_and_desc(&svg).0,
            "Arrangements at each distance from the goal <a & b>"
        );
        assert!(bars(&render(&svg), BARS).is_empty());
        let svg = comparison(&[row("\"q\"", 0, None)], 0, None);
        assert!(title_and_desc(&svg).1.contains("\"q\" 0"));
        assert!(bars(&render(&svg), BARS).is_empty());
        let goal = SearchLayers {
            puzzle: 1,
            start: "12345678x".into(),
            goal: "12345678x".into(),
            moves: 0,
            breadth_first: Vec::new(),
            from_start: Vec::new(),
            from_goal: Vec::new(),
        };
        assert!(bars(&render(&search(&goal)), FROM_START).is_empty());
    }
}
