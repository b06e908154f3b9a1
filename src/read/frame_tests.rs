use super::*;
use crate::judge::Preset;
use crate::shape::Shape;

/// The framing of the preset `--judge` calls `name`.
fn framing(name: &str) -> Framing {
    match Preset::named(name) {
        Some(preset) if !preset.is_eight() => preset.framing,
        _ => panic!("{name} is not a preset on other boards"),
    }
}

/// Every case `cases` reads as `start` or `start goal` (a board as `show`
/// gives it, a bad one as its error), and the frame error that ended it, if
/// any.
fn read_cases<S: Source>(mut cases: CaseReader<S>, show: fn(&S::Board) -> String) -> Vec<String> {
    let show = |item: &Item<S::Board>| item.as_ref().map_or_else(ToString::to_string, show);
    let mut seen = Vec::new();
    loop {
        match cases.next_case() {
            Ok(Some(Case { start, goal: None })) => seen.push(show(&start)),
            Ok(Some(Case {
                start,
                goal: Some(goal),
            })) => seen.push(format!("{} {}", show(&start), show(&goal))),
            Ok(None) => return seen,
            Err(CaseError::Frame(error)) => {
                seen.push(format!("frame: {error}"));
                assert!(cases.next_case().unwrap().is_none());
                return seen;
            }
            Err(CaseError::Read(error)) => panic!("{error}"),
        }
    }
}

/// Every 3×3 case of `text`, as [`read_cases`] shows it.
fn read_all(text: &str, framing: Framing) -> Vec<String> {
    let cases = CaseReader::new(text.as_bytes(), framing).unwrap();
    read_cases(cases, |grid| grid.board().expect("a 3×3 board").to_string())
}

/// Every case of `text` on other boards, its tiles as [`read_cases`] shows
/// them.
fn read_grids(text: &str, framing: Framing) -> Vec<String> {
    let cases = CaseReader::new(text.as_bytes(), framing).unwrap();
    read_cases(cases, |board| format!("{:?}", board.tiles()))
}

#[test]
fn counted_inputs_are_read_case_by_case() {
    let uva = "2\n\n2 3 4 1 5 x 7 6 8\n\n12345678x\n";
    let hdu = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";
    let cases: &[(&str, Framing, &[&str])] = &[
        (
            uva,
            Framing::Counted(Shape::EIGHT),
            &["23415x768", "12345678x"],
        ),
        (
            " 1 \r\n\r\n12345678x\r\n",
            Framing::Counted(Shape::EIGHT),
            &["12345678x"],
        ),
        // A byte-order mark before the count is read as a space.
        (
            "\u{feff}1\n12345678x\n",
            Framing::Counted(Shape::EIGHT),
            &["12345678x"],
        ),
        (
            "\u{feff}1\n12X453786\n12345678X\n",
            Framing::CountedWithGoals(Shape::EIGHT),
            &["12x453786 12345678x"],
        ),
        ("\n\n0\n\n", Framing::Counted(Shape::EIGHT), &[]),
        (
            hdu,
            Framing::CountedWithGoals(Shape::EIGHT),
            &["12x453786 12345678x", "564178x23 7568x4123"],
        ),
        // Without a count the puzzles may be laid out as grids too.
        (
            "2 3 4\n1 5 x\n7 6 8",
            Framing::Stream(Shape::EIGHT),
            &["23415x768"],
        ),
    ];
    for (text, framing, want) in cases {
        assert_eq!(read_all(text, *framing), *want, "{text:?}");
    }
}

#[test]
fn a_bad_board_spoils_its_line_only() {
    let text = "3\n1 2 3\n12345678x 1\n1 2 9 4 5 6 7 8 x\n";
    let want = [
        "line 2: expected 9 tiles, found 3",
        "line 3: expected 9 tiles, found 10",
        "line 4: '9' is not a tile: expected 1-8 or a blank x",
    ];
    assert_eq!(read_all(text, Framing::Counted(Shape::EIGHT)), want);
    let text = "1\n12X4\n12345678X\n";
    let want = ["line 2: expected 9 tiles, found 4 12345678x"];
    assert_eq!(
        read_all(text, Framing::CountedWithGoals(Shape::EIGHT)),
        want
    );
}

#[test]
fn broken_frames_name_their_line() {
    let not_a_count = "frame: line 1: expected the number of cases, found";
    let cases: &[(&str, Framing, &[&str])] = &[
        (
            "",
            Framing::Counted(Shape::EIGHT),
            &["frame: the input is empty: expected the number of cases"],
        ),
        (
            "\n \n",
            Framing::Counted(Shape::EIGHT),
            &["frame: line 3: expected the number of cases, found the end of input"],
        ),
        ("abc\n12345678x\n", Framing::Counted(Shape::EIGHT), &[&format!("{not_a_count} 'abc'")]),
        ("-1\n", Framing::Counted(Shape::EIGHT), &[&format!("{not_a_count} '-1'")]),
        ("+1\n", Framing::Counted(Shape::EIGHT), &[&format!("{not_a_count} '+1'")]),
        ("1 2\n", Framing::Counted(Shape::EIGHT), &[&format!("{not_a_count} '1 2'")]),
        (
            "18446744073709551616\n",
            Framing::Counted(Shape::EIGHT),
            &[&format!("{not_a_count} '18446744073709551616'")],
        ),
        (
            "12345678x\n",
            Framing::CountedWithGoals(Shape::EIGHT),
            &[&format!("{not_a_count} '12345678x'")],
        ),
        (
            "3\n12345678x\n",
            Framing::Counted(Shape::EIGHT),
            &[
                "12345678x",
                "frame: line 1: the count is 3 cases but the input ends after 1 case",
            ],
        ),
        (
            "18446744073709551615\n",
            Framing::Counted(Shape::EIGHT),
            &["frame: line 1: the count is 18446744073709551615 cases but the input ends after 0 cases"],
        ),
        (
            "1\n12345678x\n12345678x\n",
            Framing::Counted(Shape::EIGHT),
            &["12345678x", "frame: line 3: more input than the 1 case counted on line 1"],
        ),
        (
            "\n0\n\n\nbad\n",
            Framing::Counted(Shape::EIGHT),
            &["frame: line 5: more input than the 0 cases counted on line 2"],
        ),
        (
            "2\n12X453786\n12345678X\n564178X23\n",
            Framing::CountedWithGoals(Shape::EIGHT),
            &[
                "12x453786 12345678x",
                "frame: line 4: case 2 has no goal line after its start",
            ],
        ),
    ];
    for (text, framing, want) in cases {
        assert_eq!(read_all(text, *framing), *want, "{text:?}");
    }
}

#[test]
fn a_count_line_may_be_long_but_only_with_blanks() {
    let padded = format!("1{}\n12345678x\n", " ".repeat(1000));
    assert_eq!(
        read_all(&padded, Framing::Counted(Shape::EIGHT)),
        ["12345678x"]
    );
    let long = format!("1{}\n", "2".repeat(40));
    let got = read_all(&long, Framing::Counted(Shape::EIGHT));
    let shown = format!("1{}", "2".repeat(31));
    assert_eq!(
        got,
        [format!(
            "frame: line 1: expected the number of cases, found '{shown}'…"
        )]
    );
}

#[test]
fn every_framing_reads_its_cases_and_names_a_broken_line() {
    let poj2893 = framing("poj2893");
    let poj3240 = framing("poj3240");
    let uva = framing("uva10181");
    let four = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";
    let solved = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]";
    let cases: Vec<(String, Framing, Vec<&str>)> = vec![
        (
            "2 2\n1 2\n3 0\n2 3\n1 2 3\n4 5 0\n\n0 0\n\n".into(),
            poj2893,
            vec!["[1, 2, 3, 0]", "[1, 2, 3, 4, 5, 0]"],
        ),
        (
            "2 2\n1 2\n3 0\n0 0\n\n2 2\n".into(),
            poj2893,
            vec![
                "[1, 2, 3, 0]",
                "frame: line 6: more input after the closing 0 0 on line 4",
            ],
        ),
        (
            "".into(),
            poj2893,
            vec!["frame: the input is empty: expected its closing 0 0"],
        ),
        (
            "3\n1 2 3 4 5\n6 7 8 0\n2\n3 1\n2 0\n".into(),
            poj3240,
            vec!["[1, 2, 3, 4, 5, 6, 7, 8, 0]", "[3, 1, 2, 0]"],
        ),
        (
            "2\n3 1 2 0 9\n2\n3 1\n2 0\n".into(),
            poj3240,
            vec!["line 2: '9' is not a tile: expected 1-3 or a blank x", "[3, 1, 2, 0]"],
        ),
        (
            "".into(),
            uva,
            vec!["frame: the input is empty: expected the number of cases"],
        ),
        (
            format!("2\n{}\n{four}", four.replace('\n', " ").replace(" 0 ", " 0 7 ")),
            uva,
            vec!["line 2: expected 16 tiles, found 17", solved],
        ),
        (
            "2 2\n1 2\n3 0\n".into(),
            poj2893,
            vec![
                "[1, 2, 3, 0]",
                "frame: line 3: the input ends without its closing 0 0",
            ],
        ),
        (
            "2 2\n1 2\n3 3\n2 2\n1 2\n3 0\n0 0\n".into(),
            poj2893,
            vec!["line 3: tile '3' appears twice", "[1, 2, 3, 0]"],
        ),
        (
            "1 5\n1 2 3 4 0\n".into(),
            poj2893,
            vec!["frame: line 1: expected the rows and columns of a board, each from 2 to 999, or 0 0, found '1 5'"],
        ),
        (
            "3 3\n".into(),
            poj2893,
            vec!["frame: line 1: the input ends before the board this line announces"],
        ),
        ("2\n3 1\n2 0\n".into(), poj3240, vec!["[3, 1, 2, 0]"]),
        (
            "11\n".into(),
            poj3240,
            vec!["frame: line 1: expected the side of a board, from 2 to 10, found '11'"],
        ),
        (format!("2\n{four}\n{four}"), uva, vec![solved, solved]),
        (
            format!("2\n{four}"),
            uva,
            vec![
                solved,
                "frame: line 1: the count is 2 cases but the input ends after 1 case",
            ],
        ),
        (
            format!("1\n{four}{four}"),
            uva,
            vec![
                solved,
                "frame: line 6: more input than the 1 case counted on line 1",
            ],
        ),
        (
            "four\n".into(),
            uva,
            vec!["frame: line 1: expected the number of cases, found 'four'"],
        ),
    ];
    for (text, framing, want) in cases {
        assert_eq!(read_grids(&text, framing), want, "{text:?}");
    }
    // A row of POJ 2893 that is not one costs its board only: the case
    // after it is found. Rows split otherwise make a board of its count of
    // numbers, and invalid.
    let bad = [
        ("1 0 3 4 2 5\n7 8 6\n", 2, 6),
        ("1 0 3\n4 2 5\n7 8 6 1\n", 4, 4),
        ("1 0 3\n4 2\n\n", 3, 2),
    ];
    for (rows, line, found) in bad {
        let text = format!("3 3\n{rows}2 2\n1 2\n3 0\n0 0\n");
        let error = format!("line {line}: expected a row of 3 tiles, found {found}");
        let want = [error.as_str(), "[1, 2, 3, 0]"];
        assert_eq!(read_grids(&text, poj2893), want, "{text:?}");
    }
}
