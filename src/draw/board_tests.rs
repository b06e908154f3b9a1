//! What a person would see in the pictures: the boards and their letters
//! in order, tiles and the blank where they are, an animation that ends
//! on the goal, and the bounds.

use resvg::tiny_skia::{Pixmap, Transform};
use roxmltree::{Document as Xml, Node as XmlNode};

use super::*;
use crate::board::Board;
use crate::goal::Goal;
use crate::read::parse_board;
use crate::solver::{Engine, Solver3x3};

/// The POJ 1077 sample, 19 moves.
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8";
/// A 3×3 board 31 moves from the goal, the farthest there is.
const FARTHEST: &str = "8 6 7 2 5 4 3 x 1";

/// The answer to a 3×3 puzzle, as the solver gives it.
fn solved(tiles: &str) -> Answered {
    let start = parse_board(tiles).unwrap();
    let mut path = Vec::new();
    Solver3x3::new(Engine::Auto)
        .solve(&start, &Goal::default(), &mut path)
        .unwrap();
    Answered::Solved {
        start: Grid::from(&start),
        goal: Grid::from(&Board::GOAL),
        length: path.len() as u64,
        moves: path,
        fewest: true,
    }
}

/// An answer of `cycles` times round the 2×2 board (`uldr`), from the
/// solved board to wherever that leads: a valid answer of any length.
fn round_and_round(cycles: usize) -> Answered {
    let start = Grid::solved(Shape::new(2, 2)).unwrap();
    let moves = [Move::Up, Move::Left, Move::Down, Move::Right].repeat(cycles);
    let mut goal = start.clone();
    for &step in &moves {
        assert!(goal.apply(step));
    }
    Answered::Solved {
        start,
        goal,
        length: moves.len() as u64,
        moves,
        fewest: false,
    }
}

/// Elements of `class` (one of the classes each has) under `node`.
fn of_class<'a, 'b>(node: XmlNode<'a, 'b>, class: &str) -> Vec<XmlNode<'a, 'b>> {
    node.descendants()
        .filter(|node| {
            node.attribute("class")
                .is_some_and(|classes| classes.split(' ').any(|name| name == class))
        })
        .collect()
}

/// The text of an element, its children's text joined.
fn words(node: XmlNode) -> String {
    node.descendants()
        .filter(|node| node.is_text())
        .filter_map(|node| node.text())
        .collect()
}

#[test]
fn a_still_picture_has_the_start_and_a_board_after_each_move_with_its_letter() {
    let svg = picture(&[solved(SAMPLE)], 1, Style::Still).unwrap();
    let xml = Xml::parse(&svg).unwrap();
    let title = xml.descendants().find(|node| node.has_tag_name("title"));
    assert_eq!(
        title.map(words).as_deref(),
        Some("eight: the solution of 2 3 4 1 5 x 7 6 8 in 19 moves")
    );
    let boards = of_class(xml.root(), "board");
    assert_eq!(boards.len(), 20);
    let labels: Vec<String> = boards
        .iter()
        .map(|board| words(of_class(*board, "label")[0]))
        .collect();
    assert_eq!(labels[0], "start");
    assert_eq!(labels[19], "step 19: r, goal");
    let letters: String = labels[1..]
        .iter()
        .enumerate()
        .map(|(index, label)| {
            let (number, letter) = label.split_once(": ").unwrap();
            assert_eq!(number, format!("step {}", index + 1));
            letter.chars().next().unwrap()
        })
        .collect();
    assert_eq!(letters, "dlurullddrurdllurdr");
    // Every board but the start marks the tile that moved, and only it.
    let moved: Vec<usize> = boards
        .iter()
        .map(|board| of_class(*board, "moved").len())
        .collect();
    assert_eq!(moved[0], 0);
    assert!(moved[1..].iter().all(|&count| count == 1));
}

/// `svg` rendered to pixels at its natural size.
fn render(svg: &str) -> Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The colour at `x`, `y`, as red, green, blue and alpha.
fn colour(pixmap: &Pixmap, x: i64, y: i64) -> [u8; 4] {
    let pixel = pixmap.pixel(x as u32, y as u32).unwrap();
    [pixel.red(), pixel.green(), pixel.blue(), pixel.alpha()]
}

const WHITE: [u8; 4] = [255; 4];

#[test]
fn the_rendered_boards_show_the_tiles_the_blank_and_the_moved_tile_where_they_are() {
    let svg = picture(&[solved(SAMPLE)], 1, Style::Still).unwrap();
    let pixmap = render(&svg);
    // The first board's top left corner, below the heading and its label;
    // the second board is one place to its right.
    let (left, top) = (MARGIN, MARGIN + HEADING + LABEL);
    let next = LABEL_WIDTH + GAP;
    // A point in a cell's square, away from its number.
    let inside = |board: i64, cell: i64| {
        let (x, y) = (left + board * next + cell % 3 * CELL, top + cell / 3 * CELL);
        colour(&pixmap, x + CELL / 4, y + CELL / 4)
    };
    // A point just inside a cell's square, on a thick outline only.
    let edge = |board: i64, cell: i64| {
        let (x, y) = (left + board * next + cell % 3 * CELL, top + cell / 3 * CELL);
        colour(&pixmap, x + INSET + 1, y + CELL / 4)
    };
    let tile = inside(0, 0);
    assert_ne!(tile, WHITE);
    assert_eq!(tile[3], 255, "a tile is opaque");
    for cell in 0..9 {
        // The start, 2 3 4 / 1 5 x / 7 6 8: the blank at cell 5.
        let want = if cell == 5 { WHITE } else { tile };
        assert_eq!(inside(0, cell), want, "the start's cell {cell}");
        // After `d`, 8 has moved up into cell 5 and the blank is at 8.
        let want = if cell == 8 { WHITE } else { tile };
        assert_eq!(inside(1, cell), want, "step 1's cell {cell}");
    }
    // The tile that moved has a thick outline, the others none there.
    let outline = edge(1, 5);
    assert_eq!(edge(1, 4), tile);
    assert_ne!(outline, tile);
    let lightness = |[r, g, b, _]: [u8; 4]| u32::from(r) + u32::from(g) + u32::from(b);
    assert!(lightness(outline) < lightness(tile) / 2, "{outline:?}");
    // And the blank differs from the tiles in lightness, not only hue.
    assert!(lightness(tile) < lightness(WHITE) * 4 / 5);
}

/// Where each tile (0 for the blank) ends in an animated `svg`'s first
/// board: its animation's last value, or where it stands if it has none;
/// and it checks each animation's timing on the way.
fn final_places(svg: &str) -> Vec<(u32, String)> {
    let xml = Xml::parse(svg).unwrap();
    let board = of_class(xml.root(), "board")[0];
    let pieces = board
        .children()
        .filter(|node| node.has_tag_name("g") && node.attribute("transform").is_some());
    let mut places = Vec::new();
    for piece in pieces {
        let tile = piece
            .children()
            .find(|node| node.has_tag_name("text"))
            .map_or(0, |text| words(text).parse().unwrap());
        let standing = piece.attribute("transform").unwrap();
        let standing = standing
            .strip_prefix("translate(")
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap()
            .to_string();
        let animation = piece
            .children()
            .find(|node| node.has_tag_name("animateTransform"));
        let place = match animation {
            None => standing,
            Some(animation) => {
                assert_eq!(animation.attribute("fill"), Some("freeze"));
                let values: Vec<&str> = animation.attribute("values").unwrap().split(';').collect();
                let times: Vec<f64> = animation
                    .attribute("keyTimes")
                    .unwrap()
                    .split(';')
                    .map(|time| time.parse().unwrap())
                    .collect();
                assert_eq!(values.len(), times.len());
                assert_eq!(values[0], standing);
                assert_eq!((times[0], times[times.len() - 1]), (0.0, 1.0));
                assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "{times:?}");
                values[values.len() - 1].to_string()
            }
        };
        places.push((tile, place));
    }
    places.sort();
    places
}

#[test]
fn the_animation_ends_on_the_goal_and_frames_each_letter_in_turn() {
    for tiles in [SAMPLE, FARTHEST] {
        let answer = solved(tiles);
        let svg = picture(std::slice::from_ref(&answer), 1, Style::Animated).unwrap();
        let places = final_places(&svg);
        let goal = Grid::from(&Board::GOAL);
        let mut want: Vec<(u32, String)> = goal
            .tiles()
            .iter()
            .enumerate()
            .map(|(cell, &tile)| {
                let (x, y) = corner(Shape::EIGHT, cell);
                (tile, format!("{x},{y}"))
            })
            .collect();
        want.sort();
        assert_eq!(places, want, "{tiles}");
        // The letters in order, and a frame that visits each in turn.
        let Answered::Solved { moves, .. } = &answer else {
            unreachable!()
        };
        let xml = Xml::parse(&svg).unwrap();
        let shown: String = of_class(xml.root(), "letters")
            .into_iter()
            .map(words)
            .collect();
        assert_eq!(shown, letters(moves));
        let playing = of_class(xml.root(), "playing")[0];
        let steps = playing
            .children()
            .find(|node| node.has_tag_name("animateTransform"))
            .unwrap();
        let visits = steps.attribute("values").unwrap().split(';').count();
        assert_eq!(visits, moves.len());
    }
}

#[test]
fn the_same_answers_give_the_same_bytes() {
    let answers = [solved(SAMPLE), solved(FARTHEST), Answered::Invalid];
    for style in [Style::Still, Style::Animated] {
        let first = picture(&answers, 3, style).unwrap();
        assert_eq!(picture(&answers, 3, style).unwrap(), first);
    }
}

#[test]
fn a_31_move_picture_stays_under_50_kb() {
    for style in [Style::Still, Style::Animated] {
        let svg = picture(&[solved(FARTHEST)], 1, style).unwrap();
        assert!(svg.len() < 50_000, "{style:?}: {} bytes", svg.len());
    }
}

#[test]
fn each_bound_has_its_error() {
    let cases = [
        (round_and_round(15), Style::Still, None),
        (
            round_and_round(15).with_move(Move::Up),
            Style::Still,
            Some("puzzle 1: an answer of 61 moves is more than a still picture draws (60)"),
        ),
        (round_and_round(250), Style::Animated, None),
        (
            round_and_round(250).with_move(Move::Up),
            Style::Animated,
            Some("puzzle 1: an answer of 1001 moves is more than an animated picture draws (1000)"),
        ),
    ];
    for (answer, style, want) in cases {
        let drawn = picture(&[answer], 1, style).map(drop);
        let error = drawn.err().map(|error| error.to_string());
        assert_eq!(error.as_deref(), want);
    }
    let large = Grid::solved(Shape::new(33, 32)).unwrap();
    let too_large = Answered::Unsolvable {
        start: large.clone(),
        goal: large,
    };
    let error = picture(&[Answered::Invalid, too_large], 2, Style::Still).unwrap_err();
    let want = "puzzle 2: a 33x32 board has more cells than a picture draws (1024)";
    assert_eq!(error.to_string(), want);
    let large = Grid::solved(Shape::new(8, 130)).unwrap();
    let too_large = Answered::Unsolvable {
        start: large.clone(),
        goal: large,
    };
    let error = picture(&[too_large], 1, Style::Still).unwrap_err();
    let want = "puzzle 1: an 8x130 board has more cells than a picture draws (1024)";
    assert_eq!(error.to_string(), want);
    assert!(picture(&[Answered::Invalid], 20, Style::Still).is_ok());
}

impl Answered {
    /// This answer with `step` more, its goal moved along.
    fn with_move(self, step: Move) -> Answered {
        let Answered::Solved {
            start,
            mut goal,
            mut moves,
            fewest,
            ..
        } = self
        else {
            panic!("a solved answer")
        };
        assert!(goal.apply(step));
        moves.push(step);
        let length = moves.len() as u64;
        Answered::Solved {
            start,
            goal,
            moves,
            length,
            fewest,
        }
    }
}

#[test]
fn moves_that_do_not_solve_are_refused() {
    let Answered::Solved {
        start, goal, moves, ..
    } = round_and_round(1)
    else {
        unreachable!()
    };
    let answer = |moves: &[Move], length: u64, goal: &Grid| Answered::Solved {
        start: start.clone(),
        goal: goal.clone(),
        moves: moves.to_vec(),
        length,
        fewest: true,
    };
    let wrong_goal = Grid::solved(Shape::new(2, 2)).unwrap();
    let other_shape = Grid::solved(Shape::new(2, 3)).unwrap();
    let refused = [
        answer(&moves, 4, &wrong_goal),
        answer(&moves[..3], 4, &goal),
        answer(&[Move::Down], 1, &goal),
        answer(&moves, 4, &other_shape),
    ];
    for answer in refused {
        let error = picture(&[answer], 1, Style::Still).unwrap_err();
        assert_eq!(error, DrawError::NotASolution { puzzle: 1 });
    }
    let error = DrawError::NotASolution { puzzle: 3 }.to_string();
    assert_eq!(
        error,
        "puzzle 3: the moves do not take the start to the goal"
    );
}

#[test]
fn unsolvable_and_invalid_puzzles_say_so_and_a_batch_says_what_it_left_out() {
    let unsolvable = Answered::Unsolvable {
        start: Grid::from(&parse_board("2 1 3 4 5 6 7 8 x").unwrap()),
        goal: Grid::from(&Board::GOAL),
    };
    let mut answers = vec![solved(SAMPLE), unsolvable, Answered::Invalid];
    answers.extend((0..17).map(|_| solved(FARTHEST)));
    let svg = picture(&answers, 25, Style::Still).unwrap();
    let xml = Xml::parse(&svg).unwrap();
    let headings: Vec<String> = of_class(xml.root(), "heading")
        .into_iter()
        .map(words)
        .collect();
    assert_eq!(headings.len(), PICTURE_PUZZLES + 1);
    assert_eq!(
        headings[..3],
        [
            "puzzle 1: 19 moves",
            "puzzle 2: unsolvable",
            "puzzle 3: invalid"
        ]
    );
    assert_eq!(headings[15], "puzzle 16: 31 moves");
    assert_eq!(
        headings[16],
        "and 9 more puzzles, not drawn: a picture draws the first 16"
    );
    let puzzles = of_class(xml.root(), "puzzle");
    assert_eq!(puzzles.len(), PICTURE_PUZZLES);
    // The unsolvable board is drawn, the invalid puzzle has none.
    assert_eq!(of_class(puzzles[1], "board").len(), 1);
    assert_eq!(of_class(puzzles[2], "board").len(), 0);
    let title = xml.descendants().find(|node| node.has_tag_name("title"));
    let want = "eight: the answers to the first 16 of 25 puzzles";
    assert_eq!(title.map(words).as_deref(), Some(want));
    render(&svg);
}

#[test]
fn numbers_fit_their_cells_on_every_size() {
    for (rows, columns, size) in [
        (2, 2, 20),
        (3, 3, 20),
        (10, 10, 20),
        (10, 11, 17),
        (32, 32, 13),
    ] {
        let shape = Shape::new(rows, columns);
        assert_eq!(font_size(shape), size, "{shape}");
        // A digit is about 0.6 of the size wide.
        let digits = (shape.cells() - 1).to_string().len() as i64;
        assert!(digits * size * 6 <= CELL * 8, "{shape}");
    }
    let large = Grid::solved(Shape::new(32, 32)).unwrap();
    let answer = Answered::Solved {
        start: large.clone(),
        goal: large,
        moves: Vec::new(),
        length: 0,
        fewest: true,
    };
    let svg = picture(&[answer], 1, Style::Animated).unwrap();
    assert!(svg.contains(">1023</text>"));
}
