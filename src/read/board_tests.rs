use super::*;
use crate::read::parse_board;

/// Every item of `text`, a board as its tiles and a bad one as its
/// message, after checking that reads of any size give the same items.
fn read(text: &[u8], one_per_line: bool) -> Vec<Result<String, String>> {
    let read_with = |capacity| {
        let reader = BoardReader::new(io::BufReader::with_capacity(capacity, text));
        let reader = if one_per_line {
            reader.one_per_line()
        } else {
            reader
        };
        reader
            .map(|item| match item {
                Ok(board) => Ok(board.to_string()),
                Err(ReadError::Bad(e)) => Err(e.to_string()),
                Err(ReadError::Io(e)) => panic!("{e}"),
            })
            .collect::<Vec<_>>()
    };
    let whole = read_with(text.len().max(1));
    for capacity in [1, 3, 7, 10, 64] {
        assert_eq!(read_with(capacity), whole, "buffer of {capacity}: {text:?}");
    }
    whole
}

fn read_all(text: &[u8]) -> Vec<Result<String, String>> {
    read(text, false)
}

/// `"ok"` for a board and anything else for a message, as a test writes
/// them.
fn items(want: &[&str]) -> Vec<Result<String, String>> {
    want.iter()
        .map(|s| match s.strip_prefix("line ") {
            Some(_) => Err(s.to_string()),
            None => Ok(s.to_string()),
        })
        .collect()
}

#[test]
fn the_grammar_accepts_every_documented_layout_and_ends_grids_early() {
    let good = "234x15768";
    let cases: &[(&str, &[&str])] = &[
        ("2  3  4  x  1  5  7  6  8", &[good]),
        ("234x15768", &[good]),
        ("2,3,4,x,1,5,7,6,8\n", &[good]),
        ("2 3 4\nX 1 5\n7 6 8\n", &[good]),
        ("234\nx15\n768", &[good]),
        ("234 015 768", &[good]),
        ("2 3 4 _ 1 5 7 6 8\r\n234#15768", &[good, good]),
        ("234x15768 234x15768", &[good, good]),
        ("234x15768 2 3 4 x 1 5 7 6 8 234x15768", &[good, good, good]),
        ("2 3 4 x 1 5 7 6 8 2 3 4 x 1 5 7 6 8", &[good, good]),
        (
            "2 3 4\nx 1 5\n7 6 8\n\n\n2 3 4\nx 1 5\n7 6 8",
            &[good, good],
        ),
        ("", &[]),
        ("\n\n  \n", &[]),
        // Unicode spaces and a byte-order mark separate like a space.
        ("\u{feff}2 3 4 x 1 5 7 6 8\n", &[good]),
        ("\u{feff}234x15768", &[good]),
        (
            "2\u{a0}3\u{a0}4\u{a0}x\u{a0}1\u{a0}5\u{a0}7\u{a0}6\u{a0}8",
            &[good],
        ),
        (
            "2\u{2002}3\u{2009}4\u{200a}x\u{202f}1\u{205f}5\u{3000}7\u{85}6\u{2028}8\u{2029}",
            &[good],
        ),
        ("234\u{a0}\nx15\u{3000}\n\u{1680}768", &[good]),
        // A grid ends early at a blank line, a longer line or the end.
        (
            "1 2 3\n4 5 6\n\n1 2 3\n4 5 6\n7 8 x\n",
            &["line 1: expected 9 tiles, found 6", "12345678x"],
        ),
        (
            "1 2 3\n4 5 6\n12345678x\n",
            &["line 1: expected 9 tiles, found 6", "12345678x"],
        ),
        (
            "1 2 3\n4 5 6\n1 2 3 4 5 6 7 8 x\n",
            &["line 1: expected 9 tiles, found 6", "12345678x"],
        ),
        (
            "12345678x\n1 2 3\n",
            &["12345678x", "line 2: expected 9 tiles, found 3"],
        ),
        // The first fault in reading order wins over the count.
        ("1 1 2\n\n", &["line 1: tile '1' appears twice"]),
    ];
    for (text, want) in cases {
        assert_eq!(read_all(text.as_bytes()), items(want), "{text:?}");
    }
}

/// Each layout people use, with each kind of mistake in the middle
/// puzzle: the mistake costs that puzzle and nothing else.
#[test]
fn a_mistake_costs_exactly_its_puzzle_in_every_layout() {
    let (a, b) = ("23415x768", "12345678x");
    // The faulty puzzle on one line, spaced and compact, with its error.
    let faults = [
        (
            "1 2 3 4 9 6 7 8 x",
            "'9' is not a tile: expected 1-8 or a blank x",
        ),
        ("1 2 3 4 5 6 7 8", "expected 9 tiles, found 8"),
        ("1 2 3 4 5 6 7 8 x 1", "expected 9 tiles, found 10"),
        ("1 2 3 4 5 5 7 8 x", "tile '5' appears twice"),
    ];
    for (spaced, error) in faults {
        let compact = spaced.replace(' ', "");
        let text = format!("2 3 4 1 5 x 7 6 8\n{spaced}\n1 2 3 4 5 6 7 8 x\n");
        let want = [a, &format!("line 2: {error}"), b];
        assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
        let text = format!("23415x768\n{compact}\n12345678x\n");
        assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
        let text = format!("23415x768 {compact} 12345678x\n12345678x 23415x768\n");
        let want = [a, &format!("line 1: {error}"), b, b, a];
        assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
    }
    // The faulty puzzle as a grid, with the line of its fault.
    let grids = [
        (
            "1 2 3\n4 9 6\n7 8 x",
            2,
            "'9' is not a tile: expected 1-8 or a blank x",
        ),
        ("1 2 3\n4 6\n7 8 x", 2, "expected a row of 3 tiles, found 2"),
        (
            "1 2 3\n4 5 6 1\n7 8 x",
            2,
            "expected a row of 3 tiles, found 4",
        ),
        ("1 2 3\n4 5 5\n7 8 x", 2, "tile '5' appears twice"),
        ("123\n45\n78x", 2, "expected a row of 3 tiles, found 2"),
        (
            "1 2 3\n4 5 6\n7 8 x 1",
            3,
            "expected a row of 3 tiles, found 4",
        ),
    ];
    for (grid, row, error) in grids {
        let text = format!("2 3 4\n1 5 x\n7 6 8\n{grid}\n1 2 3\n4 5 6\n7 8 x\n");
        let want = [a, &format!("line {}: {error}", 3 + row), b];
        assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
        let text = format!("2 3 4\n1 5 x\n7 6 8\n\n{grid}\n\n1 2 3\n4 5 6\n7 8 x\n");
        let want = [a, &format!("line {}: {error}", 4 + row), b];
        assert_eq!(read_all(text.as_bytes()), items(&want), "{text:?}");
    }
}

#[test]
fn a_wrong_character_never_moves_where_a_puzzle_ends() {
    let cases: &[(&[u8], &[&str])] = &[
        // A multi-byte character is one cell, so the row still has three.
        (
            "1 2 3\n4 é 6\n7 8 x\n1234567x8\n".as_bytes(),
            &[
                "line 2: 'é' is not a tile: expected 1-8 or a blank x",
                "1234567x8",
            ],
        ),
        (
            b"1 2 3 4 \xff 6 7 8 x\n1234567x8\n",
            &[
                "line 1: byte 0xff is not a tile: expected 1-8 or a blank x",
                "1234567x8",
            ],
        ),
        // A sequence broken off is one bad character; the byte after it
        // is read as itself.
        (
            b"1 2 3 4 \xe2\x82 6 7 8 x\n1234567x8\n",
            &[
                "line 1: byte 0xe2 is not a tile: expected 1-8 or a blank x",
                "1234567x8",
            ],
        ),
        (
            b"1234\x0078x\n\x00\x00\x00\n",
            &[
                "line 1: '\\0' is not a tile: expected 1-8 or a blank x",
                "line 2: '\\0' is not a tile: expected 1-8 or a blank x",
            ],
        ),
        (
            b"12345678\xc3",
            &["line 1: byte 0xc3 is not a tile: expected 1-8 or a blank x"],
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read_all(text), items(want), "{text:?}");
    }
}

#[test]
fn the_shortcut_for_a_whole_line_starts_only_at_a_line_start() {
    // Buffers of 10 bytes (one of the sizes `read` tries): the second holds
    // what looks like a line of one puzzle, but the line began in the first.
    for (text, one_per_line) in [
        (&b"123456781212345678x\n"[..], false),
        (b"1 2 3 4 5 12345678x\n", true),
    ] {
        let got: Vec<_> = read(text, one_per_line).iter().map(Result::is_ok).collect();
        assert_eq!(got, [false], "{text:?}");
    }
}

#[test]
fn the_shortcut_for_a_spaced_line_takes_only_a_good_puzzle() {
    // Each line is 18 bytes, the shortcut's own length, and all but the
    // first must go the general way, which `read` also checks against
    // buffers too small for any shortcut.
    let text = b"2 3 4 1 5 x 7 6 8\n2 3 4 1 5 5 7 6 8\n2 3 4 1 5 x 7 6 9\n2 3 4 1 5\tx 7 6 8\n2 3 4 1 5 x 7 6 8 \n";
    for one_per_line in [false, true] {
        let got = read(text, one_per_line);
        assert_eq!(got.len(), 5, "{got:?}");
        assert!(
            got[0].is_ok() && got[3].is_ok() && got[4].is_ok(),
            "{got:?}"
        );
        assert!(got[1].is_err() && got[2].is_err(), "{got:?}");
    }
}

#[test]
fn a_long_line_is_read_in_small_pieces() {
    let mut text = Vec::new();
    for _ in 0..1000 {
        text.extend_from_slice(b"234x15768 ");
    }
    let reader = io::BufReader::with_capacity(7, text.as_slice());
    let boards: Vec<Board> = BoardReader::new(reader).map(|item| item.unwrap()).collect();
    assert_eq!(boards.len(), 1000);
    assert!(boards.iter().all(|b| b.to_string() == "234x15768"));
}

#[test]
fn one_per_line_mode_makes_each_line_a_puzzle() {
    let text = b"12345678x\n\n1 2 3\n1 2 3 4 5 6 7 8 x 1\n2 2\n x 1 2 3 4 5 6 7 8 \r\n1 2 9\n\xef\xbb\xbf1234";
    let want = items(&[
        "12345678x",
        "line 3: expected 9 tiles, found 3",
        "line 4: expected 9 tiles, found 10",
        "line 5: tile '2' appears twice",
        "x12345678",
        "line 7: '9' is not a tile: expected 1-8 or a blank x",
        "line 8: expected 9 tiles, found 4",
    ]);
    assert_eq!(read(text, true), want);
}

#[test]
fn a_line_is_used_up_with_its_puzzle() {
    for text in [
        "2 3 4 1 5 x 7 6 8 \r\n",
        "23415x768\u{a0}\n",
        "2 3 4\n1 5 x\n7 6 8\n\n",
    ] {
        let mut reader = BoardReader::new(text.as_bytes());
        assert!(reader.needs_read());
        assert!(reader.next_puzzle().is_ok());
        assert!(reader.needs_read(), "the newline was left behind: {text:?}");
    }
    let mut reader = BoardReader::new("1 2 9 3 4 5 6 7 8\n12345678x".as_bytes());
    assert!(reader.next_puzzle().is_err());
    assert!(!reader.needs_read(), "the next puzzle is buffered already");
    assert!(reader.next_puzzle().is_ok());
}

#[test]
fn parse_board_wants_exactly_one_board() {
    assert_eq!(parse_board("123804765").unwrap().to_string(), "1238x4765");
    let cases = [
        ("12345678x 1", "expected 9 tiles, found 10"),
        ("12345678x 12345678x", "more than 9 tiles"),
        ("12345678x1", "expected 9 tiles, found 10"),
        ("1234", "expected 9 tiles, found 4"),
        ("", "expected 9 tiles, found 0"),
    ];
    for (text, error) in cases {
        assert_eq!(
            parse_board(text).unwrap_err().to_string(),
            error,
            "{text:?}"
        );
    }
}
