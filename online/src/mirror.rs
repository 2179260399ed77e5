//! A client's copy of a game on the server: the engine's `Game` replayed from the
//! server's moves, with the seats, clocks, offers and result. The server's game is the
//! truth; the mirror follows it message by message, and a message it cannot follow (a
//! gap in the plies) asks for the whole game again.

use std::time::{Duration, Instant};

use camelot_engine::{Game, NamedMove, NotationError, Player, SeatColour, Variant};

use crate::protocol::{
    asks_of, Ask, ClockView, GameEnd, GameId, GameView, OfferView, OutOfTurn, SeatAsks, SeatView,
    ServerMessage, TimeControl,
};

/// What a message did to the mirror.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    /// The whole game was (re)read.
    Whole,
    /// Ply `ply` was played.
    Moved { ply: usize },
    /// Seats, offers or clocks changed.
    Details,
    /// The game ended.
    Ended,
    /// Nothing that concerns the game (an ack, a pong, an error).
    Nothing,
}

#[derive(Clone, Debug)]
pub struct Mirror {
    pub id: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    pub game: Game,
    /// The seat this client plays, if it is not watching.
    pub you: Option<Player>,
    pub seats: Vec<SeatView>,
    pub clocks: Option<ClockView>,
    /// When `clocks` (and `move_due_ms`) were read: the running clock has run since.
    pub clocks_read: Instant,
    pub move_due_ms: Option<u64>,
    pub offers: Vec<OfferView>,
    pub result: Option<GameEnd>,
    /// The game agreed on as the rematch, once there is one.
    pub rematch: Option<GameId>,
    /// What each seat may ask now, as the server last said.
    pub may: Vec<SeatAsks>,
}

impl Mirror {
    /// The mirror of a whole game as the server sent it.
    pub fn from_state(you: Option<SeatColour>, view: &GameView) -> Result<Mirror, MirrorError> {
        let variant = view.variant;
        let mut game = Game::new(variant);
        for (ply, m) in view.moves.iter().enumerate() {
            play(&mut game, ply, m)?;
        }
        let rules = variant.rules();
        let you = match you {
            Some(colour) => Some(
                rules
                    .seat_with_colour(colour)
                    .ok_or(MirrorError::NoSuchSeat(colour))?,
            ),
            None => None,
        };
        Ok(Mirror {
            id: view.id.clone(),
            variant,
            time: view.time,
            game,
            you,
            seats: view.seats.clone(),
            clocks: view.clocks.clone(),
            clocks_read: Instant::now(),
            move_due_ms: view.move_due_ms,
            offers: view.offers.clone(),
            result: view.result,
            rematch: view.rematch.clone(),
            may: view.may.clone(),
        })
    }

    /// Follows one message; an `Err` means the mirror is out of step and needs the whole
    /// game again.
    pub fn apply(&mut self, m: &ServerMessage) -> Result<Update, MirrorError> {
        let update = self.follow(m)?;
        if !m.may().is_empty() && update != Update::Nothing {
            self.may = m.may().to_vec();
        }
        Ok(update)
    }

    fn follow(&mut self, m: &ServerMessage) -> Result<Update, MirrorError> {
        match m {
            ServerMessage::State { you, game, .. } => {
                *self = Mirror::from_state(*you, game)?;
                Ok(Update::Whole)
            }
            ServerMessage::Moved {
                ply,
                mv,
                clocks,
                move_due_ms,
                ..
            } => self.moved(*ply as usize, mv, clocks, *move_due_ms),
            ServerMessage::Offered { kind, by, .. } => {
                self.offers.retain(|o| o.kind != *kind);
                self.offers.push(OfferView {
                    kind: *kind,
                    by: *by,
                });
                Ok(Update::Details)
            }
            ServerMessage::Declined { kind, .. } => {
                self.offers.retain(|o| o.kind != *kind);
                Ok(Update::Details)
            }
            ServerMessage::Ended { result, .. } => {
                self.result = Some(*result);
                self.offers.clear();
                let now = self.remaining();
                if let Some(c) = &mut self.clocks {
                    c.remaining_ms = now;
                    c.running = None;
                    self.clocks_read = Instant::now();
                }
                Ok(Update::Ended)
            }
            ServerMessage::Presence {
                seat,
                connected,
                name,
            } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.connected = *connected;
                    s.away_ms = (!connected).then_some(0);
                    if name.is_some() {
                        s.name = name.clone();
                    }
                }
                Ok(Update::Details)
            }
            ServerMessage::Seated { seat, name } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.open = false;
                    s.name = name.clone();
                }
                Ok(Update::Details)
            }
            ServerMessage::Rematch { game, .. } => {
                self.rematch = Some(game.clone());
                self.offers.clear();
                self.may.iter_mut().for_each(|s| s.asks.clear());
                Ok(Update::Details)
            }
            _ => Ok(Update::Nothing),
        }
    }

    fn moved(
        &mut self,
        ply: usize,
        mv: &NamedMove,
        clocks: &Option<ClockView>,
        move_due_ms: Option<u64>,
    ) -> Result<Update, MirrorError> {
        if ply < self.game.ply() {
            // Heard already (a reconnection's state came first).
            return Ok(Update::Nothing);
        }
        if ply > self.game.ply() {
            return Err(MirrorError::Gap {
                ply,
                have: self.game.ply(),
            });
        }
        play(&mut self.game, ply, mv)?;
        if clocks.is_some() {
            self.clocks = clocks.clone();
        }
        self.move_due_ms = move_due_ms;
        self.clocks_read = Instant::now();
        self.offers.clear();
        Ok(Update::Moved { ply })
    }

    fn seat_mut(&mut self, seat: SeatColour) -> Option<&mut SeatView> {
        self.seats.iter_mut().find(|s| s.seat == seat)
    }

    /// Whether any of `seats` may ask `ask` now.
    pub fn may(&self, seats: &[Player], ask: Ask) -> bool {
        let rules = self.variant.rules();
        seats
            .iter()
            .any(|&p| asks_of(&self.may, rules.seat_colour(p)).contains(&ask))
    }

    /// What the seat's player is called here: the name they gave, the server's computer
    /// and its level, or the seat's colour.
    pub fn seat_label(&self, seat: SeatColour) -> String {
        let view = self.seats.iter().find(|s| s.seat == seat);
        match (
            view.and_then(|s| s.name.as_ref()),
            view.and_then(|s| s.computer),
        ) {
            (Some(name), _) => format!("{name} ({})", seat.title()),
            (None, Some(level)) => format!("Computer, {level} ({})", seat.title()),
            (None, None) => seat.title().to_string(),
        }
    }

    /// The server has said the game is over (with its result).
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The seat to move.
    pub fn to_move(&self) -> Player {
        self.game.position().turn()
    }

    /// Whether this client's seat is to move: the game goes on and the seat is the
    /// mover's. The result of a move that ended the game arrives just after the move, so
    /// the engine is asked too: whether the board ended it, or the draws a server applies
    /// by itself (fivefold repetition, 150 moves without progress).
    pub fn my_turn(&self) -> bool {
        !self.is_over()
            && !self.game.is_over()
            && self.game.automatic_draw().is_none()
            && self.you == Some(self.to_move())
    }

    /// Why this client's seat may not move now, if it may not: the game is over, or
    /// another seat is to move (a watcher's seat is none).
    pub fn out_of_turn(&self) -> Option<OutOfTurn> {
        if let Some(end) = self.result {
            return Some(OutOfTurn::GameOver(end));
        }
        let rules = self.variant.rules();
        let to_move = self.to_move();
        match self.you {
            Some(you) if you != to_move => Some(OutOfTurn::NotYourTurn {
                to_move: rules.seat_colour(to_move),
                seat: rules.seat_colour(you),
            }),
            _ => None,
        }
    }

    /// Every seat's clock now (ms), counting the running one down since it was read.
    pub fn remaining(&self) -> Vec<u64> {
        let Some(c) = &self.clocks else {
            return Vec::new();
        };
        let spent = self.clocks_read.elapsed().as_millis() as u64;
        c.remaining_ms
            .iter()
            .enumerate()
            .map(|(i, &ms)| {
                if c.running == Some(i) {
                    ms.saturating_sub(spent)
                } else {
                    ms
                }
            })
            .collect()
    }

    /// Correspondence: the time left for the move now due.
    pub fn move_due(&self) -> Option<Duration> {
        self.move_due_ms
            .map(|ms| Duration::from_millis(ms).saturating_sub(self.clocks_read.elapsed()))
    }

    /// `1-0 (resignation)`, as the last line of a finished game.
    pub fn result_text(&self) -> Option<String> {
        self.result.map(|r| r.to_string())
    }
}

/// Plays the server's ply `ply`, read by the position it is played in.
fn play(game: &mut Game, ply: usize, named: &NamedMove) -> Result<(), MirrorError> {
    let replay = |error| MirrorError::Replay { ply, error };
    let m = game.position().read_named(named).map_err(replay)?;
    game.play(&m).map_err(|_| MirrorError::NotPlayable { ply })
}

/// A server's game that this client's copy cannot follow.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MirrorError {
    /// The server seated this client in a seat the variant does not have.
    #[error("the server seated us as {}", .0.title())]
    NoSuchSeat(SeatColour),
    /// The server's ply does not replay on the engine here.
    #[error("the server's ply {ply} does not replay: {error}")]
    Replay { ply: usize, error: NotationError },
    /// The server's ply names a legal move the game here will not take (it is over).
    #[error("the server's ply {ply} comes after the game here is over")]
    NotPlayable { ply: usize },
    /// A ply arrived out of order: the copy needs the whole game again.
    #[error("ply {ply} arrived while this copy is at ply {have}")]
    Gap { ply: usize, have: usize },
}
