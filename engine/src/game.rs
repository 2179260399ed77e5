//! A game: the start position, the moves played, undo/redo, the result and draw claims.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::entry::MoveEntry;
use crate::move_text::{Notation, NotationError, NotationErrorKind};
use crate::moves::Move;
use crate::outcome::{EndReason, Outcome};
use crate::piece::Side;
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// A draw a player may claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// The same position, same player to move, for the third time.
    Repetition,
    /// 50 moves by each player with no capture and no goal-castle entry.
    FiftyMoves,
}

impl DrawClaim {
    pub const ALL: [DrawClaim; 2] = [DrawClaim::Repetition, DrawClaim::FiftyMoves];
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawClaim::Repetition => "repetition",
            DrawClaim::FiftyMoves => "50-move",
        })
    }
}

/// A move or claim the game refused; the refused move is handed back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    /// Not a legal move in the current position.
    Illegal(Move),
    NotClaimable(DrawClaim),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::Illegal(_) => f.write_str("not a legal move in this position"),
            PlayError::NotClaimable(c) => write!(f, "a {c} draw cannot be claimed now"),
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
            return Err(PlayError::Illegal(*m));
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
                kind: NotationErrorKind::GameOver(o),
            });
        }
        let m = self.position().parse_move(token)?;
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
    pub fn claimable(&self) -> Vec<DrawClaim> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut claims = Vec::new();
        if self.repetitions() >= 3 {
            claims.push(DrawClaim::Repetition);
        }
        if self.position().quiet() >= self.position().rules().fifty_move_plies {
            claims.push(DrawClaim::FiftyMoves);
        }
        claims
    }

    pub fn claim(&mut self, claim: DrawClaim) -> Result<Outcome, PlayError> {
        if !self.claimable().contains(&claim) {
            return Err(PlayError::NotClaimable(claim));
        }
        let reason = match claim {
            DrawClaim::Repetition => EndReason::Repetition,
            DrawClaim::FiftyMoves => EndReason::FiftyMoves,
        };
        let o = Outcome::draw(reason);
        self.declared = Some(o);
        Ok(o)
    }

    /// The draw that spectator and headless matches apply without a claim: fivefold
    /// repetition, or 150 moves by each player without progress.
    pub fn automatic_draw(&self) -> Option<Outcome> {
        if self.repetitions() >= 5 {
            return Some(Outcome::draw(EndReason::Repetition));
        }
        let p = self.position();
        (p.quiet() >= 3 * p.rules().fifty_move_plies).then(|| Outcome::draw(EndReason::FiftyMoves))
    }

    pub fn resign(&mut self, side: Side) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::win(side.other(), EndReason::Resignation));
        }
    }

    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::draw(EndReason::Agreement));
        }
    }

    /// Ends the game with a result the board does not show (a result read from outside it).
    pub fn declare(&mut self, o: Outcome) {
        self.declared = Some(o);
    }

    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// The moves as played, in the chosen notation.
    pub fn move_texts(&self, notation: Notation) -> Vec<String> {
        self.moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                self.positions[i]
                    .move_text(m, notation)
                    .unwrap_or_else(|| "?".into())
            })
            .collect()
    }

    /// The positions before each move, oldest first (what a search needs to see
    /// repetitions).
    pub fn history(&self) -> &[Position] {
        &self.positions[..self.positions.len() - 1]
    }

    /// Click-by-click move entry in the current position: see [`MoveEntry`].
    pub fn entry(&self, clicks: &[Square]) -> MoveEntry {
        self.position().entry(clicks)
    }
}
