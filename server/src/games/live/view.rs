//! What a client is shown of a live game: the whole game, its clocks, the time left for
//! a move due.

use camelot_online::protocol::{ClockView, GameView, OfferKind, OfferView, SeatView, TimeControl};

use super::*;

impl LiveGame {
    /// What a client sees, as of `now`.
    pub fn view(&self, now: i64, connected: &[bool], away_since: &[Option<i64>]) -> GameView {
        let rules = self.variant.rules();
        GameView {
            id: self.id.clone(),
            variant: self.variant,
            time: self.time,
            seats: rules
                .players_in_order()
                .map(|p| {
                    let i = p.0 as usize;
                    let info = self.seats.get(i).cloned().unwrap_or_default();
                    SeatView {
                        seat: rules.seat_colour(p),
                        name: info.name,
                        open: info.open,
                        // The server's computer is always at the table.
                        connected: info.computer.is_some()
                            || connected.get(i).copied().unwrap_or(false),
                        away_ms: away_since
                            .get(i)
                            .copied()
                            .flatten()
                            .filter(|_| info.computer.is_none())
                            .map(|t| (now - t).max(0) as u64),
                        computer: info.computer,
                        account: info.account.map(|h| h.shown),
                    }
                })
                .collect(),
            moves: self.plies.iter().map(|p| p.named.clone()).collect(),
            movers: self
                .plies
                .iter()
                .map(|p| rules.seat_colour(p.seat))
                .collect(),
            may: self.may(),
            clocks: self.clock_view(now),
            move_due_ms: self.move_due(now),
            offers: [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch]
                .into_iter()
                .filter_map(|k| {
                    self.offers.get(k).map(|by| OfferView {
                        kind: k,
                        by: rules.seat_colour(by),
                    })
                })
                .collect(),
            result: match self.status {
                Status::Live => None,
                Status::Over(end) => Some(end),
            },
            rematch: self.rematch.clone(),
            board: None,
            legal: Vec::new(),
            rated: self.rated,
        }
    }

    /// The clocks as of `now`: the running one with the time since the last move spent.
    pub fn clock_view(&self, now: i64) -> Option<ClockView> {
        let TimeControl::Clock { .. } = self.time else {
            return None;
        };
        let mut remaining = self.clocks.clone();
        // The computer's clock stands while it is to move: it is charged what it thought
        // when it moves.
        let running = (self.is_live() && self.clock_runs() && self.computer_to_move().is_none())
            .then(|| self.to_move().0 as usize);
        if let Some(i) = running {
            remaining[i] -= now - self.last_move_at;
        }
        Some(ClockView {
            remaining_ms: remaining.into_iter().map(|c| c.max(0) as u64).collect(),
            running,
        })
    }

    /// Correspondence: the time left for the move now due.
    pub fn move_due(&self, now: i64) -> Option<u64> {
        match self.time {
            TimeControl::Days { .. } => self.deadline().map(|d| (d - now).max(0) as u64),
            _ => None,
        }
    }
}
