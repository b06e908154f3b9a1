//! The canonical answer: of all shortest solutions, the first in letter
//! order (`d` < `l` < `r` < `u`), which every engine gives so that an
//! answer never depends on the engine or on a puzzle's place in a batch.
//!
//! All shortest solutions have the same length, so the first string is
//! found one letter at a time: from the start, take the smallest letter
//! whose move lands on a state that still lies on a shortest path, and
//! repeat. A search that knows the exact depth `d` from the start of every
//! state it reached up to the goal's depth `L` learns which states those
//! are by marking backwards: the goal lies on a shortest path, and a state
//! at depth `d - 1` does when it neighbours one at depth `d` that does.
//! Those marked at the last step are one: the start.
//!
//! Depths of neighbours always differ by exactly one: every move takes the
//! blank to a cell of the other colour of a chessboard, so the depth's
//! parity is fixed by the blank's cell, and a move changes a depth by at
//! most one. A search that marks states with their depth modulo 3 can
//! therefore tell a neighbour one nearer the start from one further away.

use std::mem;

use crate::moves::Move;
use crate::rank::Rank;
use crate::search::visits::{Stamp, Visits};
use crate::search::Node;

/// The states found to lie on a shortest path, one depth at a time, kept
/// between searches so a batch allocates nothing per puzzle.
#[derive(Default)]
pub(crate) struct Backtrack {
    marked: Vec<Node>,
    spare: Vec<Node>,
}

impl Backtrack {
    /// Forgets the last search's states and hands over the list to fill
    /// with this one's deepest states on a shortest path, all at one depth
    /// and already marked, for [`Backtrack::trace`].
    pub fn ends(&mut self) -> &mut Vec<Node> {
        self.marked.clear();
        &mut self.marked
    }

    /// Marks every state on a shortest path from `root` to the states in
    /// [`Backtrack::ends`], which lie at `depth`, then walks from `root`
    /// through the marks to one of them, appending the moves to `path`.
    /// `kinds(rank, d)` is the mark `rank` holds if it was reached at
    /// exactly depth `d`, and the mark it takes on a shortest path; `None`
    /// where the search knows it was not (its marks alone may not say).
    pub fn trace(
        &mut self,
        visits: &mut Visits,
        root: Node,
        depth: u32,
        path: &mut Vec<Move>,
        kinds: impl Fn(Rank, u32) -> Option<(Stamp, Stamp)>,
    ) -> Node {
        for d in (0..depth).rev() {
            self.spare.clear();
            for node in &self.marked {
                // With no move to skip, every neighbour is looked at.
                for (_, neighbour) in node.as_root().children() {
                    let rank = neighbour.rank;
                    if kinds(rank, d).is_some_and(|(from, to)| visits.promote(rank, from, to)) {
                        self.spare.push(neighbour.as_root());
                    }
                }
            }
            mem::swap(&mut self.marked, &mut self.spare);
        }
        walk(root, depth, path, |rank, d| {
            kinds(rank, d).is_some_and(|(_, to)| visits.mark(rank) == Some(to))
        })
    }
}

/// Walks `steps` moves from `from`, each time by the first move in letter
/// order whose state `on_path(rank, i)` accepts for the `i`-th step, and
/// appends the moves to `path`; returns the state it ends on.
///
/// # Panics
/// When no neighbour is accepted: the marks were not made for this walk.
pub(crate) fn walk(
    from: Node,
    steps: u32,
    path: &mut Vec<Move>,
    mut on_path: impl FnMut(Rank, u32) -> bool,
) -> Node {
    let mut node = from;
    for i in 1..=steps {
        let (step, next) = node
            .children()
            .find(|(_, next)| on_path(next.rank, i))
            .expect("every state on a shortest path has a next one");
        path.push(step);
        node = next;
    }
    node
}
