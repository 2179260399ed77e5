//! What each seat may ask of the game now: the server's rules for offers, resigning and
//! calling a game off, said to clients so that none works them out for itself. Each ask
//! listed is one the game grants (or puts to the other side); each left out it refuses
//! (the tests hold the two to each other).

use camelot_online::protocol::{Ask, OfferKind, SeatAsks};

use super::*;

impl LiveGame {
    /// What `seat` may ask now, in [`Ask::ALL`]'s order.
    pub fn asks(&self, seat: Player) -> Vec<Ask> {
        Ask::ALL
            .into_iter()
            .filter(|&ask| match ask {
                Ask::Abort => self.may_abort(),
                Ask::Resign => self.is_live() && self.check_seated().is_ok(),
                Ask::OfferDraw => self.may_offer(seat, OfferKind::Draw),
                Ask::OfferTakeback => self.may_offer(seat, OfferKind::Takeback),
                Ask::OfferRematch => self.may_offer(seat, OfferKind::Rematch),
            })
            .collect()
    }

    /// Every seat's asks, in turn order.
    pub fn may(&self) -> Vec<SeatAsks> {
        self.variant
            .rules()
            .players_in_order()
            .map(|p| SeatAsks {
                seat: self.seat_colour(p),
                asks: self.asks(p),
            })
            .collect()
    }

    /// Whether [`LiveGame::offer`] would take `seat`'s offer of `kind` (a rematch may still
    /// be refused for its address's allowance of new games, which the game does not know).
    fn may_offer(&self, seat: Player, kind: OfferKind) -> bool {
        if self.check_can_offer(kind).is_err() {
            return false;
        }
        if kind == OfferKind::Takeback && self.last_ply_of(seat).is_none() {
            return false;
        }
        if self
            .offers
            .get(kind)
            .is_some_and(|by| self.same_side(by, seat))
        {
            return false;
        }
        let against_computer = self.computer_side_against(seat).is_some();
        !(kind == OfferKind::Draw && against_computer && self.offers.get(kind).is_none())
    }
}
