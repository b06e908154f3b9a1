//! `--svg FILE` through the binary: `stats` and `compare` draw their
//! pictures into the file and leave stdout as it was; a file that cannot be
//! written is status 2 after the complete output; the pictures parse as
//! SVG, say what they show in their `<title>`, paint without error, draw a
//! bar per distance or per search, mark the searches that gave up at the
//! node limit, and the same input draws the same bytes. The pixels themselves are checked in `draw::chart`'s tests.

use std::collections::BTreeMap;
use std::process::Output;

use serde_json::Value;

use crate::messages::{cannot_write_picture, notice};
use crate::util::{run, run_sized, scratch_path, stderr, stdout};

/// Runs `eight ARGS --svg FILE` on `stdin`, checks that it succeeded, and
/// returns its output and the picture it drew.
fn drawn(args: &[&str], stdin: &str, name: &str) -> (Output, String) {
    let path = scratch_path(name);
    let args = [args, &["--svg", path.to_str().unwrap()]].concat();
    let output = run(&args, stdin);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).expect("the picture was written");
    (output, svg)
}

/// The picture's title and description, after checking that it is an SVG
/// document that opens with them and that resvg paints it.
fn title_and_desc(svg: &str) -> (String, String) {
    let document = roxmltree::Document::parse(svg).expect("the picture is XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let mut children = root.children().filter(|node| node.is_element());
    let mut text = |tag: &str| {
        let node = children.next().expect("the root has children");
        assert_eq!(node.tag_name().name(), tag);
        node.text().expect("it has text").to_string()
    };
    let words = (text("title"), text("desc"));
    let tree = resvg::usvg::Tree::from_str(svg, &Default::default()).expect("usvg reads it");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
    words
}

/// How many filled rectangles the picture has of each fill colour, the
/// white background's aside: the bars, one colour per series.
fn bars_by_fill(svg: &str) -> BTreeMap<String, usize> {
    let document = roxmltree::Document::parse(svg).unwrap();
    let mut bars = BTreeMap::new();
    let rects = document
        .descendants()
        .filter(|node| node.has_tag_name("rect"));
    for fill in rects.filter_map(|rect| rect.attribute("fill")) {
        if fill != "none" && fill != "#FFFFFF" {
            *bars.entry(fill.to_string()).or_insert(0) += 1;
        }
    }
    bars
}

#[test]
fn stats_draws_a_bar_per_distance_and_prints_what_it_prints_without() {
    let cases: [&[&str]; 4] = [
        &["--json"],
        &["--json", "--goal", "1234x5678"],
        &["--json", "--judge", "luogu1379"],
        &["--json", "--size", "2x3"],
    ];
    for (i, args) in cases.into_iter().enumerate() {
        let plain = run(&[&["stats"], args].concat(), "");
        let (output, svg) = drawn(&[&["stats"], args].concat(), "", &format!("stats-{i}.svg"));
        assert_eq!(stdout(&output), stdout(&plain), "{args:?}");
        assert_eq!(stderr(&output), "", "{args:?}");
        let record: Value = serde_json::from_str(&stdout(&output)).unwrap();
        let goal = record["goal"].as_str().unwrap();
        let counts = record["counts"].as_array().unwrap();
        let (title, desc) = title_and_desc(&svg);
        assert_eq!(
            title,
            format!("Arrangements at each distance from the goal {goal}")
        );
        let mean = format!(
            "the mean is {:.2} moves",
            record["mean_distance"].as_f64().unwrap()
        );
        assert!(desc.contains(&mean), "{desc}");
        let bars = bars_by_fill(&svg);
        assert_eq!(
            bars.values().collect::<Vec<_>>(),
            [&counts.len()],
            "{args:?}"
        );
    }
    // The chart for people, too, and 32 distances on 3x3.
    let plain = run(&["stats"], "");
    let (output, svg) = drawn(&["stats"], "", "stats-chart.svg");
    assert_eq!(stdout(&output), stdout(&plain));
    assert_eq!(bars_by_fill(&svg).into_values().collect::<Vec<_>>(), [32]);
    let (_, again) = drawn(&["stats"], "", "stats-again.svg");
    assert_eq!(again, svg, "the same input draws the same bytes");
}

/// A batch of every kind: an invalid puzzle, an unsolvable one, the POJ
/// sample (the first solvable, puzzle 3) and the hardest.
const BATCH: &str = "1 2 3\n2 1 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n8 6 7 2 5 4 3 x 1\n";

/// A comparison's table without its milliseconds, which differ from run
/// to run: the only numbers with a decimal point.
fn untimed(table: &str) -> Vec<Vec<&str>> {
    let timed = |cell: &str| cell.contains('.') && cell.parse::<f64>().is_ok();
    let lines = table.lines().map(|line| line.split_whitespace());
    lines
        .map(|cells| cells.filter(|cell| !timed(cell)).collect())
        .collect()
}

#[test]
fn compare_draws_each_search_s_work_and_the_first_solvable_puzzle_s_layers() {
    let plain = run(&["compare"], BATCH);
    let path = scratch_path("compare.svg");
    let output = run(&["compare", "--svg", path.to_str().unwrap()], BATCH);
    // Status 1 for the invalid puzzle, as without the picture.
    assert_eq!(output.status.code(), plain.status.code());
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), stderr(&plain));
    let table = stdout(&output);
    assert_eq!(untimed(&table), untimed(&stdout(&plain)));
    let svg = std::fs::read_to_string(&path).unwrap();
    let (title, desc) = title_and_desc(&svg);
    assert_eq!(
        title,
        "States expanded by each search over 3 puzzles, and puzzle 3's searches layer by layer"
    );
    // The work is the totals' expanded column, row by row.
    let totals = table.lines().skip_while(|line| !line.starts_with("totals"));
    let work: Vec<String> = totals
        .skip(2)
        .map(|line| {
            let cells: Vec<&str> = line.split_whitespace().collect();
            format!("{} {}", cells[0], cells[2])
        })
        .collect();
    assert!(desc.contains(&work.join(", ")), "{desc}\n{table}");
    // The layers add up to what puzzle 3's line shows bfs and bibfs
    // expanded.
    let line = table
        .lines()
        .find(|line| line.starts_with("     3"))
        .unwrap();
    let cells: Vec<&str> = line.split_whitespace().collect();
    let (bfs, bibfs) = (cells[3], cells[6]);
    let breadth_first = format!("Breadth-first search from the start expanded {bfs} states");
    assert!(desc.contains(&breadth_first), "{desc}\n{table}");
    let sides = desc.split("Bidirectional search expanded ").nth(1).unwrap();
    let from_start: u64 = sides.split(' ').next().unwrap().parse().unwrap();
    let from_goal = sides.split("; and ").nth(1).unwrap();
    let from_goal: u64 = from_goal.split(' ').next().unwrap().parse().unwrap();
    assert_eq!((from_start + from_goal).to_string(), bibfs, "{desc}");
    // A bar per search, and 19 breadth-first layers for the sample.
    let bars = bars_by_fill(&svg);
    assert!(bars.values().any(|&n| n == 5), "{bars:?}");
    assert!(bars.values().any(|&n| n == 19), "{bars:?}");
    // The 3x3 algorithms have no node limit.
    assert!(!svg.contains("gave up"), "{desc}");
    let again = scratch_path("compare-again.svg");
    run(&["compare", "--svg", again.to_str().unwrap()], BATCH);
    assert_eq!(std::fs::read_to_string(again).unwrap(), svg);
}

#[test]
fn compare_on_other_sizes_draws_the_work_alone() {
    let path = scratch_path("compare-2x3.svg");
    let args = ["compare", "--size", "2x3", "--svg", path.to_str().unwrap()];
    let output = run_sized(&args, "4 1 2 5 x 3\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).unwrap();
    let (title, _) = title_and_desc(&svg);
    assert_eq!(title, "States expanded by each search over 1 puzzle");
    assert_eq!(bars_by_fill(&svg).into_values().collect::<Vec<_>>(), [4]);
}

/// `--limit 1000` on Korf's first instance (57 moves): the Manhattan rows
/// give up, having generated exactly the limit's nodes and expanded no
/// more, and the picture says so as the table does, in its words and
/// under their names, their bars light and hatched.
#[test]
fn compare_marks_the_searches_that_gave_up_at_the_limit() {
    let path = scratch_path("compare-gave-up.svg");
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let (heuristics, picture) = ("manhattan,conflicts,pdb", path.to_str().unwrap());
    let args = [
        "compare",
        "--size",
        "4",
        "--goal",
        goal,
        "--limit",
        "1000",
        "--heuristics",
        heuristics,
        "--svg",
        picture,
    ];
    let output = run_sized(&args, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let table = stdout(&output);
    let svg = std::fs::read_to_string(&path).unwrap();
    let (title, desc) = title_and_desc(&svg);
    assert_eq!(title, "States expanded by each search over 1 puzzle");
    // The totals: name, moves, expanded, generated, nodes/s, ms, gave up.
    let totals = table.lines().skip_while(|line| !line.starts_with("totals"));
    let rows: Vec<Vec<&str>> = totals
        .skip(2)
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 3, "{table}");
    for row in &rows {
        let (name, expanded, generated) = (row[0], row[2], row[3]);
        let words = match name {
            "pdb" => {
                assert_eq!(row[6], "0", "{table}");
                format!("pdb {expanded}.")
            }
            _ => {
                assert_eq!((generated, row[6]), ("1000", "1"), "{table}");
                assert!(expanded.parse::<u64>().unwrap() <= 1000, "{table}");
                format!("{name} {expanded} (gave up at 1000 nodes generated)")
            }
        };
        assert!(desc.contains(&words), "{words}: {desc}");
    }
    let document = roxmltree::Document::parse(&svg).unwrap();
    let said = document.descendants().filter(|node| {
        node.has_tag_name("text") && node.text().map(str::trim) == Some("gave up at 1000")
    });
    assert_eq!(said.count(), 2, "{svg}");
    // A solid bar for pdb, a light one under the hatch for each of the
    // others.
    let bars = bars_by_fill(&svg);
    let fills = BTreeMap::from([("#3D6FA6".to_string(), 1), ("#CEDEF0".to_string(), 2)]);
    assert_eq!(bars, fills);
}

#[test]
fn a_picture_that_cannot_be_written_is_status_2_after_the_whole_output() {
    let nowhere = scratch_path("no-such-folder").join("picture.svg");
    let message = notice(&cannot_write_picture(
        &nowhere,
        "No such file or directory (os error 2)",
    ));
    let svg = ["--svg", nowhere.to_str().unwrap()];
    let output = run(&[&["stats", "--size", "2x3"], &svg[..]].concat(), "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), message);
    assert_eq!(
        stdout(&output),
        stdout(&run(&["stats", "--size", "2x3"], ""))
    );
    let puzzles = "2 3 4 1 5 x 7 6 8\n";
    let output = run(&[&["compare"], &svg[..]].concat(), puzzles);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output), message);
    assert_eq!(
        untimed(&stdout(&output)),
        untimed(&stdout(&run(&["compare"], puzzles)))
    );
}
