//! Click-by-click entry of a move: given the squares clicked so far (the piece's square,
//! then landings), which landings may come next, whether the move is complete, and which
//! legal moves the clicks can still become. A front end draws the offered landings and
//! plays the move once it is complete or the only one left.

use serde::{Deserialize, Serialize};

use crate::moves::Move;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;

/// How the piece gets to a square offered during move entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntryStep {
    Plain,
    Canter,
    Jump,
    /// A move between the two squares of the goal castle.
    CastleMove,
    Tree,
}

/// Where a partly entered move stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    /// False if the clicks are not a path of any legal move.
    pub valid: bool,
    /// Landing squares that keep the move on a path to a legal move, and how.
    pub next: Vec<(Square, EntryStep)>,
    /// The clicks so far make this legal move (it may also go on: see `next`).
    pub complete: Option<Move>,
    /// Every legal move the clicks can still become; one alone can be completed at once.
    pub candidates: Vec<Move>,
}

/// The state of a path being replayed on the board.
#[derive(Clone)]
struct Walk {
    board: Position,
    at: Square,
    captured: SquareSet,
    jumped: bool,
    cantered: bool,
    steps: usize,
}

/// Given the squares clicked so far (the piece's square first, then landings), which
/// landings may come next and whether the move is complete. In River Camelot's setup,
/// one click on a square plants a tree.
pub(crate) fn entry(pos: &Position, clicks: &[Square]) -> MoveEntry {
    let legal = pos.legal_moves().to_vec();
    let mut e = MoveEntry::default();
    let Some(&from) = clicks.first() else {
        e.valid = true;
        return e;
    };
    if pos.in_setup() {
        if let Some(m) = legal.iter().find(|m| m.to == from && clicks.len() == 1) {
            e.valid = true;
            e.complete = Some(*m);
            e.candidates = vec![*m];
        }
        return e;
    }
    let from_moves: Vec<Move> = legal.iter().copied().filter(|m| m.from == from).collect();
    if from_moves.is_empty() {
        return e;
    }
    let Some(piece) = pos.piece_at(from) else {
        return e;
    };
    let knight = piece.kind == PieceKind::Knight;
    let mut board = pos.clone();
    board.remove(from);
    let mut walk = Walk {
        board,
        at: from,
        captured: SquareSet::EMPTY,
        jumped: false,
        cantered: false,
        steps: 0,
    };
    // A canter changes nothing, so landing again where the path has been is never
    // needed: such clicks are refused and such squares not offered.
    let mut landed = SquareSet::EMPTY;
    landed.insert(from);
    for &to in &clicks[1..] {
        match step(pos, &walk, to, knight) {
            Some((_, EntryStep::Canter)) if landed.contains(to) => return e,
            Some((w, _)) => walk = w,
            None => return e,
        }
        landed.insert(to);
    }
    e.valid = true;
    if walk.steps > 0 {
        e.complete = from_moves
            .iter()
            .find(|m| m.to == walk.at && m.captured == walk.captured)
            .copied();
    }
    if walk.steps == 0 || !(walk.steps == 1 && !walk.jumped && !walk.cantered) {
        let mut all = Vec::new();
        for to in candidate_landings(pos, &walk) {
            if let Some((w, kind)) = step(pos, &walk, to, knight) {
                if kind == EntryStep::Canter && landed.contains(to) {
                    continue;
                }
                let mut found = Vec::new();
                let mut visited = landed;
                visited.insert(w.at);
                reach(pos, &w, knight, &from_moves, &mut visited, &mut found);
                if !found.is_empty() {
                    e.next.push((to, kind));
                    all.extend(found);
                }
            }
        }
        if let Some(m) = e.complete {
            all.push(m);
        }
        all.sort_by_key(|m| (m.to, m.captured.0));
        all.dedup();
        e.candidates = all;
    } else if let Some(m) = e.complete {
        e.candidates = vec![m];
    }
    e
}

fn candidate_landings(pos: &Position, walk: &Walk) -> Vec<Square> {
    let g = pos.geometry();
    let mut out = Vec::new();
    for d in 0..8 {
        let n = g.step(walk.at.0, d);
        if n == crate::board::NONE {
            continue;
        }
        if walk.steps == 0 {
            out.push(Square(n));
        }
        let l = g.step(n, d);
        if l != crate::board::NONE {
            out.push(Square(l));
        }
    }
    out
}

/// One step of a path: a plain step (first only) or a leap. Checks the geometry and the
/// board, not the move's legality (that is the legal-move list's job).
fn step(pos: &Position, w: &Walk, to: Square, knight: bool) -> Option<(Walk, EntryStep)> {
    let g = pos.geometry();
    let r = pos.rules();
    let me = pos.turn();
    if !w.board.is_empty_square(to) || (w.steps > 0 && r.goal[me.0 as usize].contains(w.at)) {
        return None;
    }
    let mut next = w.clone();
    next.at = to;
    next.steps += 1;
    if w.steps == 0 && g.neighbours(w.at).any(|n| n == to) {
        let in_goal = r.goal[me.0 as usize].contains(w.at);
        return Some((
            next,
            if in_goal {
                EntryStep::CastleMove
            } else {
                EntryStep::Plain
            },
        ));
    }
    let d = (0..8).find(|&d| {
        let over = g.step(w.at.0, d);
        over != crate::board::NONE && g.step(over, d) == to.0
    })?;
    let over = Square(g.step(w.at.0, d));
    let pc = w.board.piece_at(over)?;
    if r.side(pc.owner) == r.side(me) {
        if w.jumped || r.no_entry[me.0 as usize].contains(to) {
            return None;
        }
        next.cantered = true;
        Some((next, EntryStep::Canter))
    } else {
        if w.cantered && !knight {
            return None;
        }
        next.jumped = true;
        next.captured.insert(over);
        next.board.remove(over);
        Some((next, EntryStep::Jump))
    }
}

/// Collects the legal moves reachable by extending the walk.
fn reach(
    pos: &Position,
    w: &Walk,
    knight: bool,
    targets: &[Move],
    visited: &mut SquareSet,
    found: &mut Vec<Move>,
) {
    if let Some(m) = targets
        .iter()
        .find(|m| m.to == w.at && m.captured == w.captured)
    {
        if !found.contains(m) {
            found.push(*m);
        }
    }
    if w.steps == 1 && !w.jumped && !w.cantered {
        return; // a plain move ends at once
    }
    for to in candidate_landings(pos, w) {
        if let Some((next, kind)) = step(pos, w, to, knight) {
            if kind == EntryStep::Plain || kind == EntryStep::CastleMove {
                continue;
            }
            if kind == EntryStep::Canter {
                if visited.contains(to) {
                    continue;
                }
                visited.insert(to);
            }
            reach(pos, &next, knight, targets, visited, found);
        }
    }
}

impl Position {
    /// Click-by-click move entry from this position: see [`MoveEntry`].
    pub fn entry(&self, clicks: &[Square]) -> MoveEntry {
        entry(self, clicks)
    }
}
