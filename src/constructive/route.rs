//! How the blank gets where a tile needs it: an L-shaped path when one is
//! clear, else a BFS confined to the box around its ends (see the method
//! in [`super`]).

use std::ops::ControlFlow;

use super::{At, Locks, View, Work};
use crate::moves::Move;

impl<S: FnMut(Move) -> ControlFlow<()>> Work<'_, S> {
    /// Finds a route for the blank to `to` that avoids `avoid` and locked
    /// cells, into `self.route`; `false` when there is none.
    pub(super) fn route_blank(&mut self, view: &View, locks: Locks, avoid: At, to: At) -> bool {
        self.route.clear();
        let from = self.at(view, self.blank);
        if from == to {
            return true;
        }
        let ok = |cell: At| cell != avoid && locks.free(cell);
        // Vertical first, then horizontal first.
        for corner in [(to.0, from.1), (from.0, to.1)] {
            if straight_clear(from, corner, ok) && straight_clear(corner, to, ok) {
                push_straight(from, corner, &mut self.route);
                push_straight(corner, to, &mut self.route);
                return true;
            }
        }
        let boxed = (
            from.0.min(to.0).saturating_sub(1),
            (from.0.max(to.0) + 1).min(view.height - 1),
            from.1.min(to.1).saturating_sub(1),
            (from.1.max(to.1) + 1).min(view.width - 1),
        );
        let whole = (0, view.height - 1, 0, view.width - 1);
        self.bfs(view, locks, avoid, from, to, boxed)
            || self.bfs(view, locks, avoid, from, to, whole)
    }

    /// Breadth-first search for the blank within `(top, bottom, left,
    /// right)` (inclusive), into `self.route`.
    fn bfs(
        &mut self,
        view: &View,
        locks: Locks,
        avoid: At,
        from: At,
        to: At,
        (top, bottom, left, right): (usize, usize, usize, usize),
    ) -> bool {
        let index = |(r, c): At| r * view.width + c;
        self.epoch += 1;
        let epoch = self.epoch;
        self.queue.clear();
        self.queue.push(from);
        self.seen[index(from)] = epoch;
        let mut head = 0;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            if cell == to {
                break;
            }
            for m in Move::ALL {
                let Some(next) = view.step(cell, m) else {
                    continue;
                };
                let inside = (top..=bottom).contains(&next.0) && (left..=right).contains(&next.1);
                if inside && next != avoid && locks.free(next) && self.seen[index(next)] != epoch {
                    self.seen[index(next)] = epoch;
                    self.via[index(next)] = m;
                    self.queue.push(next);
                }
            }
        }
        if self.seen[index(to)] != epoch {
            return false;
        }
        self.route.clear();
        let mut cell = to;
        while cell != from {
            let m = self.via[index(cell)];
            self.route.push(m);
            cell = view.step(cell, m.inverse()).expect("came from there");
        }
        self.route.reverse();
        true
    }
}

/// Whether every cell after `from` up to and including `to` (on one row or
/// one column) passes `ok`.
fn straight_clear(from: At, to: At, ok: impl Fn(At) -> bool) -> bool {
    if from.0 == to.0 {
        let (lo, hi) = (from.1.min(to.1), from.1.max(to.1));
        (lo..=hi).all(|c| c == from.1 || ok((from.0, c)))
    } else {
        let (lo, hi) = (from.0.min(to.0), from.0.max(to.0));
        (lo..=hi).all(|r| r == from.0 || ok((r, from.1)))
    }
}

/// The moves from `from` to `to` along one row or one column.
fn push_straight(from: At, to: At, route: &mut Vec<Move>) {
    let (m, n) = if from.0 < to.0 {
        (Move::Down, to.0 - from.0)
    } else if from.0 > to.0 {
        (Move::Up, from.0 - to.0)
    } else if from.1 < to.1 {
        (Move::Right, to.1 - from.1)
    } else {
        (Move::Left, from.1 - to.1)
    };
    route.extend(std::iter::repeat_n(m, n));
}
