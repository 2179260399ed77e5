//! How a game ends without a move: the seat to move out of time (or, under a first-move
//! limit, never come, when the server calls the game off), and a game called off by a
//! seat before both sides have moved.

use super::*;

impl LiveGame {
    /// The seat to move has let its time run out: it loses, or draws where the other
    /// side has no pieces to win with (docs/rules.md, ruling 13).
    pub fn flag(&mut self, now: i64) -> Option<Change> {
        if self.deadline().is_none_or(|d| now < d) {
            return None;
        }
        if self.first_move_due() {
            // A seat that never came: no game was played.
            self.call_off();
        } else {
            self.time_up();
        }
        Some(Change::Updated)
    }

    /// Whether the move due is a seat's first, under a first-move limit.
    pub(super) fn first_move_due(&self) -> bool {
        self.first_move_ms.is_some() && self.plies.len() < self.seats()
    }

    /// The seat to move loses on time (or draws, by ruling 13).
    pub(super) fn time_up(&mut self) {
        let mover = self.to_move();
        let loser = self.variant.rules().side(mover);
        if let TimeControl::Clock { .. } = self.time {
            self.clocks[mover.0 as usize] = 0;
        }
        let o = if self.game.position().has_winning_material(loser.other()) {
            Outcome::win(loser.other(), EndReason::Time)
        } else {
            Outcome::draw(EndReason::Time)
        };
        self.game.declare(o);
        self.end(o);
    }

    /// Whether the game may be called off now: until both sides have moved, where no
    /// first-move limit leaves that to the server.
    pub fn may_abort(&self) -> bool {
        self.is_live() && self.plies.len() < 2 && self.first_move_ms.is_none()
    }

    /// Until both sides have moved, any seat may call the game off.
    pub fn abort(&mut self) -> Result<Change, Refusal> {
        self.check_live()?;
        if !self.may_abort() {
            return Err(if self.first_move_ms.is_some() {
                Refusal::PairedNotAborted
            } else {
                Refusal::TooLateToAbort
            });
        }
        self.call_off();
        Ok(Change::Updated)
    }

    pub(super) fn call_off(&mut self) {
        self.status = Status::Over(GameEnd::Aborted);
        self.offers = Offers::default();
    }
}
