use super::*;

/// Every puzzle of `text` on `shape`: its tiles, or its fault as text.
fn read_all(text: &str, shape: Shape) -> Vec<Result<Vec<u32>, String>> {
    let mut reader = GridReader::new(text.as_bytes(), shape).unwrap();
    let mut all = Vec::new();
    while let Some(puzzle) = reader.next_puzzle().unwrap() {
        all.push(
            puzzle
                .map(|g| g.tiles().to_vec())
                .map_err(|e| e.to_string()),
        );
    }
    all
}

/// A puzzle's tiles, or its fault as text.
type Want<'a> = Result<&'a [u32], &'a str>;

#[test]
fn the_layout_decides_where_each_puzzle_ends() {
    let two_by_three = Shape::new(2, 3);
    let three_by_four = Shape::new(3, 4);
    let cases: &[(Shape, &str, &[Want])] = &[
        (
            two_by_three,
            "[[4,1,2],[5,0,3]]",
            &[Ok(&[4, 1, 2, 5, 0, 3])],
        ),
        (
            two_by_three,
            "412503 123 45x",
            &[Ok(&[4, 1, 2, 5, 0, 3]), Ok(&[1, 2, 3, 4, 5, 0])],
        ),
        (two_by_three, "1 2 3\n4 5 x\n", &[Ok(&[1, 2, 3, 4, 5, 0])]),
        (
            two_by_three,
            "1 2 3\n\n1 2 3 4 5 x",
            &[
                Err("line 1: expected 6 tiles, found 3"),
                Ok(&[1, 2, 3, 4, 5, 0]),
            ],
        ),
        (
            two_by_three,
            "1 2 3 4 5 x 1 2",
            &[Err("line 1: expected 6 tiles, found 8")],
        ),
        (
            three_by_four,
            "1 2 3 4\n5 6 7 8\n9 10 11 x\n",
            &[Ok(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0])],
        ),
        (
            three_by_four,
            "1 2 3 4 5 6 7 8 9 10 11 12",
            &[Err(
                "line 1: '12' is not a tile: expected 1-11 or a blank x",
            )],
        ),
        (
            three_by_four,
            "1 2 3 4\n5 6 7 7\n9 10 11 x 8\n",
            &[Err("line 2: tile '7' appears twice")],
        ),
        (
            three_by_four,
            "1 2 3 4\n5 6 7 8 9\n",
            &[Err("line 2: expected a row of 4 tiles, found 5")],
        ),
        (three_by_four, "\n \n", &[]),
    ];
    for (shape, text, want) in cases {
        let want: Vec<Result<Vec<u32>, String>> = want
            .iter()
            .map(|r| r.map(<[u32]>::to_vec).map_err(str::to_string))
            .collect();
        assert_eq!(read_all(text, *shape), want, "{text:?}");
    }
}

#[test]
fn a_read_may_wait_only_when_no_whole_line_is_left() {
    let shape = Shape::new(2, 3);
    let text = "1 2 3 4 5 x 1 2 3 4 x 5\n1 2 3\n4 5 x\n1 2 3 4";
    let input = io::BufReader::new(text.as_bytes());
    let mut reader = GridReader::new(input, shape).unwrap();
    assert!(reader.needs_read(), "nothing read yet");
    reader.next_puzzle().unwrap();
    assert!(!reader.needs_read(), "the line's second puzzle");
    reader.next_puzzle().unwrap();
    assert!(!reader.needs_read(), "a grid's lines are buffered");
    reader.next_puzzle().unwrap();
    assert!(reader.needs_read(), "the last line has no end yet");
    assert!(reader.next_puzzle().unwrap().unwrap().is_err());
    assert!(reader.next_puzzle().unwrap().is_none());
}
