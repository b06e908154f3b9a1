use super::*;
use crate::pdb::layout::Steps;

/// A build's progress, heard and let go on.
fn keep_going(_: f64) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// Visits the placements one abstract move from `index`, calling `reach`
/// with each one's rank: the blank-free abstraction's moves, for tests.
fn expand(index: usize, k: usize, n: usize, steps: &Steps, mut reach: impl FnMut(usize)) {
    let mut cells = [0u8; 16];
    let cells = &mut cells[..k];
    unrank(index, n, cells);
    let occupied = cells.iter().fold(0u32, |set, &c| set | 1 << c);
    let swapped = for_each_swap(cells, n, steps, !occupied, |_, child, _, _| {
        reach(child);
        Ok::<(), Infallible>(())
    });
    let Ok(()) = swapped;
}

/// The blank-free abstraction by a plain queue, kept to test that
/// [`AbstractPuzzle::with_blank`] never gives less.
fn by_queue(table: &mut [u8], k: usize, n: usize, steps: &Steps) {
    let start = table.iter().position(|&d| d == 0).unwrap_or(0) as u32;
    let mut queue = Vec::with_capacity(table.len());
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        let index = queue[head] as usize;
        head += 1;
        let next = table[index] + 1;
        expand(index, k, n, steps, |child| {
            if table[child] == UNSEEN {
                table[child] = next;
                queue.push(child as u32);
            }
        });
    }
}

#[test]
fn rank_and_unrank_are_inverse_and_dense() {
    let (n, k) = (9, 4);
    let size = placements(n, k);
    assert_eq!(size, 9 * 8 * 7 * 6);
    let mut cells = [0u8; 4];
    for index in 0..size {
        unrank(index, n, &mut cells);
        assert_eq!(rank(&cells, n), index);
    }
}

#[test]
fn tracking_the_blank_never_gives_less_than_ignoring_it() {
    let layout = Layout::sized(3, 4);
    let homes = [1, 2, 5, 6];
    let strong = build(
        layout,
        &homes,
        goal_region(layout, &homes, 0),
        "a table",
        &mut keep_going,
    )
    .unwrap();
    let mut weak = vec![UNSEEN; strong.len()];
    weak[rank(&homes, 12)] = 0;
    by_queue(&mut weak, 4, 12, &layout.steps());
    assert!(strong.iter().all(|&d| d != UNSEEN));
    assert!(strong.iter().zip(&weak).all(|(s, w)| s >= w));
    assert!(strong.iter().zip(&weak).any(|(s, w)| s > w));
    // The blank-free table is consistent: one move, one step.
    for index in (0..weak.len()).step_by(7) {
        expand(index, 4, 12, &layout.steps(), |child| {
            assert!(weak[child].abs_diff(weak[index]) <= 1);
        });
    }
}

#[test]
fn both_blank_tracking_searches_give_the_same_depths() {
    // At most eight free cells, as the layered search needs.
    for (rows, columns, homes) in [
        (3, 4, &[1, 2, 5, 6, 9][..]),
        (4, 3, &[0, 3, 4, 11][..]),
        (2, 5, &[0, 1, 5, 6][..]),
        (3, 3, &[4][..]),
        (3, 3, &[1, 3][..]),
    ] {
        let layout = Layout::sized(rows, columns);
        let n = layout.cells();
        let fresh = || vec![UNSEEN; placements(n, homes.len())];
        for blank in (0..n).filter(|&c| !homes.contains(&(c as u8))) {
            let puzzle = AbstractPuzzle::new(layout, homes, goal_region(layout, homes, blank));
            let (mut listed, mut layered) = (fresh(), fresh());
            puzzle
                .with_blank(&mut listed, "work", &mut keep_going)
                .unwrap();
            puzzle
                .with_blank_by_layers(&mut layered, "work", &mut keep_going)
                .unwrap();
            assert!(listed.iter().all(|&d| d != UNSEEN));
            assert_eq!(listed, layered, "{layout} {homes:?} blank {blank}");
        }
    }
}

/// The abstract puzzle's distances by a search of the test's own: a
/// 0-1 breadth-first search over (placement, blank cell) from the goal
/// placement with the blank on `goal_blank` alone, one step per swap
/// of the blank with a pattern tile, none for the others; each
/// placement keeps its best blank cell.
fn abstract_distances(layout: Layout, homes: &[u8], goal_blank: u8) -> Vec<u8> {
    use std::collections::{HashMap, VecDeque};
    let (n, k) = (layout.cells(), homes.len());
    let (rows, columns) = (layout.rows() as i32, layout.columns() as i32);
    let mut best = vec![UNSEEN; placements(n, k)];
    let mut seen: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut queue = VecDeque::from([(homes.to_vec(), goal_blank, 0u8)]);
    while let Some((cells, blank, cost)) = queue.pop_front() {
        if seen.contains_key(&(cells.clone(), blank)) {
            continue;
        }
        seen.insert((cells.clone(), blank), cost);
        let index = rank(&cells, n);
        best[index] = best[index].min(cost);
        let (row, column) = (i32::from(blank) / columns, i32::from(blank) % columns);
        for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (r, c) = (row + dr, column + dc);
            if !(0..rows).contains(&r) || !(0..columns).contains(&c) {
                continue;
            }
            let to = (r * columns + c) as u8;
            let mut next = cells.clone();
            match cells.iter().position(|&cell| cell == to) {
                Some(tile) => {
                    next[tile] = blank;
                    queue.push_back((next, to, cost + 1));
                }
                None => queue.push_front((next, to, cost)),
            }
        }
    }
    best
}

#[test]
fn tables_are_the_abstract_distances_to_the_goal_blank() {
    // [1, 3] on 3×3 and [1, 4] on 3×4 wall the corner 0 in: its own
    // region, apart from the other free cells.
    for (rows, columns, homes) in [
        (3, 3, &[1, 3][..]),
        (3, 4, &[1, 4][..]),
        (3, 4, &[1, 2, 5, 6][..]),
        (3, 3, &[0, 4, 8][..]),
    ] {
        let layout = Layout::sized(rows, columns);
        for blank in (0..layout.cells() as u8).filter(|c| !homes.contains(c)) {
            let region = goal_region(layout, homes, usize::from(blank));
            let table = build(layout, homes, region, "a table", &mut keep_going).unwrap();
            let expected = abstract_distances(layout, homes, blank);
            assert_eq!(table, expected, "{layout} {homes:?} blank {blank}");
        }
    }
    // Walled in, the corner's table is stronger than the other
    // region's, so each goal blank needs its own.
    let layout = Layout::sized(3, 3);
    let corner = goal_region(layout, &[1, 3], 0);
    assert_eq!(corner, 1);
    let rest = goal_region(layout, &[1, 3], 8);
    assert_eq!(rest, free_at_home(layout, &[1, 3]) & !1);
    let strong = build(layout, &[1, 3], corner, "a table", &mut keep_going).unwrap();
    let weak = build(layout, &[1, 3], rest | corner, "a table", &mut keep_going).unwrap();
    assert!(strong.iter().zip(&weak).all(|(s, w)| s >= w));
    assert!(strong.iter().zip(&weak).any(|(s, w)| s > w));
}

#[test]
fn spread_tables_hold_the_dense_entries() {
    let (n, k) = (9, 3);
    let dense: Vec<u8> = (0..placements(n, k)).map(|i| (i % 251) as u8).collect();
    let spread = spread(&dense, n, k).unwrap();
    assert_eq!(spread.len(), 9 * 9 * 9);
    let mut cells = [0u8; 3];
    for (index, &entry) in dense.iter().enumerate() {
        unrank(index, n, &mut cells);
        let sparse: usize = cells.iter().rev().fold(0, |s, &c| s * n + usize::from(c));
        assert_eq!(spread[sparse], entry);
    }
    assert_eq!(Spread::of(16, 6, true), Spread::InMemory);
    assert_eq!(Spread::of(25, 6, true), Spread::Cached);
    assert_eq!(Spread::of(16, 7, true), Spread::Never);
    assert_eq!(Spread::of(25, 7, true), Spread::Never);
    assert_eq!(Spread::of(25, 6, false), Spread::Never);
}

#[test]
fn a_lone_tile_costs_its_manhattan_distance() {
    let layout = Layout::sized(3, 4);
    let table = build(
        layout,
        &[6],
        goal_region(layout, &[6], 0),
        "a table",
        &mut keep_going,
    )
    .unwrap();
    // One tile alone moves by its taxicab distance to its home, cell 6.
    for cell in 0..12u8 {
        let (row, column) = (usize::from(cell) / 4, usize::from(cell) % 4);
        assert_eq!(
            usize::from(table[rank(&[cell], 12)]),
            row.abs_diff(1) + column.abs_diff(2)
        );
    }
}

#[test]
fn a_build_stops_when_its_progress_breaks() {
    let layout = Layout::sized(3, 4);
    let homes = [1, 2, 5, 6];
    let region = goal_region(layout, &homes, 0);
    let mut layers = 0;
    let mut stop_at_third = |_| {
        layers += 1;
        match layers {
            3 => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    };
    let stopped = build(layout, &homes, region, "a table", &mut stop_at_third);
    assert_eq!(stopped, Err(Unbuilt::Stopped));
    assert_eq!(layers, 3);
}
