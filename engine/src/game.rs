//! A game: the start position, the moves played, undo/redo, the result and draw claims,
//! and click-by-click entry of multi-leap moves.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::cellset::CellSet;
use crate::moves::Move;
use crate::notation::{self, NotationError};
use crate::outcome::{Outcome, Reason};
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// A draw a player may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Claim {
    /// The same position, same player to move, for the third time.
    Repetition,
    /// 50 moves by each player with no capture and no goal-castle entry.
    FiftyMoves,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    Illegal(String),
    NotClaimable(Claim),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::Illegal(m) => write!(f, "illegal move: {m}"),
            PlayError::NotClaimable(c) => write!(f, "a {c:?} draw cannot be claimed now"),
        }
    }
}

impl std::error::Error for PlayError {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// An end the board does not show: a claim, a resignation, an agreement.
    declared: Option<Outcome>,
}

impl Game {
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            declared: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position before ply `i` (0 is the start).
    pub fn position_at(&self, i: usize) -> &Position {
        &self.positions[i]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The result: declared (claim, resignation, agreement) or decided by the rules.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| self.position().outcome())
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let legal = self.position().legal_moves();
        let Some(m) = legal.iter().find(|x| *x == m).copied() else {
            return Err(PlayError::Illegal(
                "not a legal move in this position".into(),
            ));
        };
        self.push(m);
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, m: Move) {
        let next = self.position().after(&m);
        self.positions.push(next);
        self.moves.push(m);
    }

    /// Reads and plays a move in WCF or numbered notation.
    pub fn play_notation(&mut self, token: &str) -> Result<Move, NotationError> {
        if let Some(o) = self.outcome() {
            return Err(NotationError {
                token: token.into(),
                message: format!("the game is over: {o}"),
            });
        }
        let m = notation::parse_move(self.position(), token)?;
        self.push(m);
        self.redo.clear();
        Ok(m)
    }

    /// Takes back the last move (and any claim or resignation); it can be redone.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let m = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(m);
        Some(m)
    }

    pub fn redo(&mut self) -> Option<Move> {
        let m = self.redo.pop()?;
        self.push(m);
        Some(m)
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many times the current position has stood on the board, now included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .rev()
            .take(now.quiet() as usize + 1)
            .filter(|p| p.hash() == now.hash() && p.repeats(now))
            .count()
    }

    /// The draws the player to move may claim now.
    pub fn claimable(&self) -> Vec<Claim> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut claims = Vec::new();
        if self.repetitions() >= 3 {
            claims.push(Claim::Repetition);
        }
        if self.position().quiet() >= self.position().rules().fifty_move_plies {
            claims.push(Claim::FiftyMoves);
        }
        claims
    }

    pub fn claim(&mut self, claim: Claim) -> Result<Outcome, PlayError> {
        if !self.claimable().contains(&claim) {
            return Err(PlayError::NotClaimable(claim));
        }
        let reason = match claim {
            Claim::Repetition => Reason::Repetition,
            Claim::FiftyMoves => Reason::FiftyMoves,
        };
        let o = Outcome::draw(reason);
        self.declared = Some(o);
        Ok(o)
    }

    /// The draw that spectator and headless matches apply without a claim: fivefold
    /// repetition, or 150 moves by each player without progress.
    pub fn automatic_draw(&self) -> Option<Outcome> {
        if self.repetitions() >= 5 {
            return Some(Outcome::draw(Reason::Repetition));
        }
        let p = self.position();
        (p.quiet() >= 3 * p.rules().fifty_move_plies).then(|| Outcome::draw(Reason::FiftyMoves))
    }

    pub fn resign(&mut self, team: u8) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::win(1 - team, Reason::Resignation));
        }
    }

    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::draw(Reason::Agreement));
        }
    }

    /// Ends the game with a result the board does not show (a record's `Result` tag).
    pub fn declare(&mut self, o: Outcome) {
        self.declared = Some(o);
    }

    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// The moves in WCF notation, as played.
    pub fn move_texts(&self, style: notation::Style) -> Vec<String> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                notation::format_move(&self.positions[i], m, style).unwrap_or_else(|| "?".into())
            })
            .collect()
    }

    /// Click-by-click move entry: see [`entry`].
    pub fn entry(&self, clicks: &[Square]) -> Entry {
        entry(self.position(), clicks)
    }
}

/// How the piece gets to a square offered during move entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepKind {
    Plain,
    Canter,
    Jump,
    /// A move between the two squares of the goal castle.
    CastleMove,
    Tree,
}

/// Where a partly entered move stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// False if the clicks are not a path of any legal move.
    pub valid: bool,
    /// Landing squares that keep the move on a path to a legal move, and how.
    pub next: Vec<(Square, StepKind)>,
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
    captured: CellSet,
    jumped: bool,
    cantered: bool,
    steps: usize,
}

/// Given the squares clicked so far (the piece's square first, then landings), which
/// landings may come next and whether the move is complete. In River Camelot's setup,
/// one click on a square plants a tree.
pub fn entry(pos: &Position, clicks: &[Square]) -> Entry {
    let legal = pos.legal_moves().to_vec();
    let mut e = Entry::default();
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
    let knight = piece.kind == Kind::Knight;
    let mut board = pos.clone();
    board.remove(from);
    let mut walk = Walk {
        board,
        at: from,
        captured: CellSet::EMPTY,
        jumped: false,
        cantered: false,
        steps: 0,
    };
    // A canter changes nothing, so landing again where the path has been is never
    // needed: such clicks are refused and such squares not offered.
    let mut landed = CellSet::EMPTY;
    landed.insert(from);
    for &to in &clicks[1..] {
        match step(pos, &walk, to, knight) {
            Some((_, StepKind::Canter)) if landed.contains(to) => return e,
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
                if kind == StepKind::Canter && landed.contains(to) {
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
fn step(pos: &Position, w: &Walk, to: Square, knight: bool) -> Option<(Walk, StepKind)> {
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
                StepKind::CastleMove
            } else {
                StepKind::Plain
            },
        ));
    }
    let d = (0..8).find(|&d| {
        let over = g.step(w.at.0, d);
        over != crate::board::NONE && g.step(over, d) == to.0
    })?;
    let over = Square(g.step(w.at.0, d));
    let pc = w.board.piece_at(over)?;
    if r.team(pc.owner) == r.team(me) {
        if w.jumped || r.no_entry[me.0 as usize].contains(to) {
            return None;
        }
        next.cantered = true;
        Some((next, StepKind::Canter))
    } else {
        if w.cantered && !knight {
            return None;
        }
        next.jumped = true;
        next.captured.insert(over);
        next.board.remove(over);
        Some((next, StepKind::Jump))
    }
}

/// Collects the legal moves reachable by extending the walk.
fn reach(
    pos: &Position,
    w: &Walk,
    knight: bool,
    targets: &[Move],
    visited: &mut CellSet,
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
            if kind == StepKind::Plain || kind == StepKind::CastleMove {
                continue;
            }
            if kind == StepKind::Canter {
                if visited.contains(to) {
                    continue;
                }
                visited.insert(to);
            }
            reach(pos, &next, knight, targets, visited, found);
        }
    }
}
