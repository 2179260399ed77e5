//! One game as the server keeps it, and what may happen to it: moves judged by the
//! engine, clocks, offers, claims, resignation, aborting, flag fall. Nothing here reads
//! or writes the database: each operation works on a copy and says what changed
//! ([`Change`]), which the hub stores before it takes the copy for the truth. Once a
//! game is over its players may agree on a rematch: a new game, every player one seat
//! on, each keeping the token that opened this one.

use camelot_engine::{
    DrawClaim, EndReason, Game, Level, Move, NamedMove, Outcome, PlayError, Player, SeatColour,
    Variant,
};
use camelot_online::protocol::accounts::{AccountKind, SeatAccount};
use camelot_online::protocol::{GameEnd, GameId, OfferKind, PlayerName, TimeControl};

use crate::common::owner::Owner;

/// Milliseconds in a day.
pub const DAY_MS: i64 = 86_400_000;
/// The time between the moves of a game the computer plays alone: slow enough to follow
/// a move (the page's animation and its sound), quick enough not to bore.
pub const SHOWN_PACE_MS: i64 = 2_500;

/// A stored ply: the move as the engine plays it and as it is named to clients (its
/// notation is what the database keeps).
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    pub mv: Move,
    pub named: NamedMove,
    pub seat: Player,
    /// Unix time of the move (ms).
    pub at: i64,
    /// Every seat's clock after the move (ms), where the game has a clock.
    pub clocks_after: Vec<i64>,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Status {
    Live,
    Over(GameEnd),
}

/// The offers that stand: who made each.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Offers {
    pub draw: Option<Player>,
    pub takeback: Option<Player>,
    /// Once the game is over.
    pub rematch: Option<Player>,
}

impl Offers {
    pub fn get(&self, kind: OfferKind) -> Option<Player> {
        match kind {
            OfferKind::Draw => self.draw,
            OfferKind::Takeback => self.takeback,
            OfferKind::Rematch => self.rematch,
        }
    }

    fn set(&mut self, kind: OfferKind, by: Option<Player>) {
        match kind {
            OfferKind::Draw => self.draw = by,
            OfferKind::Takeback => self.takeback = by,
            OfferKind::Rematch => self.rematch = by,
        }
    }
}

/// What an operation changed, for the database.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A ply was added (and the game may have ended with it).
    Moved,
    /// Offers, or the game's status, changed; no ply.
    Updated,
    /// Plies from `keep` on were taken back.
    TakenBack { keep: usize },
    /// A rematch was agreed: this game now names the new one, which is stored with it.
    Rematch(Box<NewGame>),
}

/// One seat beside its token (which only the database holds, and only as a hash).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatInfo {
    pub name: Option<PlayerName>,
    /// Nobody holds the seat yet: anyone may take it.
    pub open: bool,
    /// The server's computer plays the seat, at this level.
    pub computer: Option<Level>,
    /// The account of the seat's player, where they were logged in.
    pub account: Option<Holder>,
}

/// A seat's player by their account, as the server keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    /// The account's id: never shown.
    pub id: String,
    pub kind: AccountKind,
    pub rated_with_people: bool,
    /// What everyone sees.
    pub shown: SeatAccount,
}

impl Holder {
    /// The name the seat is shown under: the account's (its names are players' names).
    pub fn player_name(&self) -> Option<PlayerName> {
        self.shown
            .name
            .as_ref()
            .and_then(|n| PlayerName::parse(n.as_str()).ok())
    }
}

/// A seat's row in the database: its token's hash (none for an open seat or the
/// computer's), its name, and the computer's level where it plays the seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    pub token_hash: Option<String>,
    pub name: Option<PlayerName>,
    pub computer: Option<Level>,
    /// The id of the account that holds the seat.
    pub account: Option<String>,
}

/// A game about to be stored for the first time, with its seats in turn order and
/// whose it is.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub game: LiveGame,
    pub seats: Vec<SeatRow>,
    pub owner: Owner,
}

impl PartialEq for NewGame {
    fn eq(&self, other: &NewGame) -> bool {
        self.game.id == other.game.id && self.seats == other.seats && self.owner == other.owner
    }
}

#[derive(Clone, Debug)]
pub struct LiveGame {
    pub id: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    pub created_at: i64,
    pub game: Game,
    pub plies: Vec<Ply>,
    pub status: Status,
    /// Every seat's clock (ms) as of `last_move_at`.
    pub clocks: Vec<i64>,
    /// Unix ms of the last ply (the game's creation before the first).
    pub last_move_at: i64,
    pub offers: Offers,
    /// Names, and the seats still open, in turn order.
    pub seats: Vec<SeatInfo>,
    /// Whether a seat's player has ever joined (a game nobody joins is forgotten).
    pub joined: bool,
    /// The game agreed on as the rematch.
    pub rematch: Option<GameId>,
    /// The result changes the players' ratings.
    pub rated: bool,
    /// A rated game's open seats are for ratings at most this far from the creator's.
    pub rating_range: Option<u32>,
    /// Each seat's first move is due this long (ms) after the move before (the game's
    /// start for the first), or the server calls the game off, and nobody else may: a
    /// tournament's game, whose players were paired without being asked.
    pub first_move_ms: Option<i64>,
}

impl LiveGame {
    pub fn new(id: GameId, variant: Variant, time: TimeControl, now: i64) -> LiveGame {
        let seats = variant.rules().players();
        LiveGame {
            id,
            variant,
            time,
            created_at: now,
            game: Game::new(variant),
            plies: Vec::new(),
            status: Status::Live,
            clocks: vec![initial_clock(time); seats],
            last_move_at: now,
            offers: Offers::default(),
            seats: vec![SeatInfo::default(); seats],
            joined: false,
            rematch: None,
            rated: false,
            rating_range: None,
            first_move_ms: None,
        }
    }

    pub fn seats(&self) -> usize {
        self.variant.rules().players()
    }

    pub fn seat_colour(&self, p: Player) -> SeatColour {
        self.variant.rules().seat_colour(p)
    }

    pub fn is_live(&self) -> bool {
        self.status == Status::Live
    }

    fn to_move(&self) -> Player {
        self.game.position().turn()
    }

    /// Whether the clock runs on the move now due: not in the first round, where every
    /// seat makes its first move untimed (nobody loses on time before the others came).
    fn clock_runs(&self) -> bool {
        matches!(self.time, TimeControl::Clock { .. }) && self.plies.len() >= self.seats()
    }

    /// When the seat to move runs out of time (unix ms), if it can: never while the
    /// computer is to move. Its clock does not run while its turn waits for a search: it
    /// is charged the time it thought, from when it took the turn
    /// ([`LiveGame::play_thought`]), so the server's own load never loses it a game on
    /// time.
    pub fn deadline(&self) -> Option<i64> {
        if !self.is_live() {
            return None;
        }
        match self.time {
            TimeControl::Clock { .. } if self.computer_to_move().is_some() => None,
            _ if self.first_move_due() => self.first_move_ms.map(|ms| self.last_move_at + ms),
            TimeControl::Clock { .. } if self.clock_runs() => {
                Some(self.last_move_at + self.clocks[self.to_move().0 as usize])
            }
            TimeControl::Days { days } => Some(self.last_move_at + days as i64 * DAY_MS),
            _ => None,
        }
    }

    /// Nothing is offered or resigned against a seat nobody has taken yet: the game has
    /// no opponent to agree or to win.
    fn check_seated(&self) -> Result<(), Refusal> {
        match self.seats.iter().any(|s| s.open) {
            true => Err(Refusal::SeatOpen),
            false => Ok(()),
        }
    }

    fn check_live(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Live => Ok(()),
            Status::Over(end) => Err(Refusal::GameOver(end)),
        }
    }

    /// Draws and takebacks are offered while the game goes on, a rematch once it is over
    /// and until one is agreed.
    fn check_can_offer(&self, kind: OfferKind) -> Result<(), Refusal> {
        match kind {
            OfferKind::Draw | OfferKind::Takeback => {
                self.check_live()?;
                self.check_seated()
            }
            OfferKind::Rematch => match (&self.status, &self.rematch) {
                (Status::Live, _) => Err(Refusal::NotOverYet),
                (_, Some(game)) => Err(Refusal::RematchAgreed(game.clone())),
                // Aborted before it began: there is no game to play again.
                (Status::Over(GameEnd::Aborted), None) => Err(Refusal::AbortedHasNoRematch),
                (Status::Over(_), None) => Ok(()),
            },
        }
    }

    fn end(&mut self, outcome: Outcome) {
        self.status = Status::Over(GameEnd::Decided(outcome));
        self.offers = Offers::default();
    }

    /// Seat `seat` plays `named` as ply `ply`. Judged by the engine: the seat must be the
    /// one to move, the ply the next, the move legal. A mover whose time has run out
    /// loses on time instead (and the move is refused).
    pub fn play(
        &mut self,
        seat: Player,
        ply: u32,
        named: &NamedMove,
        now: i64,
    ) -> Result<Change, Refusal> {
        self.play_thought(seat, ply, named, now, self.last_move_at)
    }

    /// [`LiveGame::play`], the mover's clock charged only from `since` (the computer's
    /// time from when its search took the turn, not the time the turn waited for one). A
    /// computer whose thought outran its clock loses on time, as a person would.
    pub fn play_thought(
        &mut self,
        seat: Player,
        ply: u32,
        named: &NamedMove,
        now: i64,
        since: i64,
    ) -> Result<Change, Refusal> {
        self.check_live()?;
        if self.deadline().is_some_and(|d| now >= d) {
            return Err(Refusal::TimeUp);
        }
        if seat != self.to_move() {
            return Err(Refusal::NotYourTurn {
                to_move: self.seat_colour(self.to_move()),
                seat: self.seat_colour(seat),
            });
        }
        if ply as usize != self.plies.len() {
            return Err(Refusal::WrongPly {
                sent: ply,
                at: self.plies.len(),
            });
        }
        let pos = self.game.position();
        let mv = pos.read_named(named).map_err(Refusal::IllegalMove)?;
        let named = pos.name_move(&mv).expect("a legal move has a name");
        if self.time_spent(now, since) > self.clocks[seat.0 as usize] && self.clock_runs() {
            // Only the computer's thought can outrun its clock here: a person's deadline
            // was checked above.
            self.time_up();
            return Ok(Change::Updated);
        }
        // The position read the move as legal: only an end the board does not show
        // could refuse it now.
        if let Err(PlayError::GameOver(o)) = self.game.play(&mv) {
            return Err(Refusal::GameOver(GameEnd::Decided(o)));
        }
        self.spend_time(seat, now, since);
        self.plies.push(Ply {
            mv,
            named,
            seat,
            at: now,
            clocks_after: self.clocks.clone(),
        });
        self.last_move_at = now;
        // A move answers any offer that stood.
        self.offers = Offers::default();
        if let Some(o) = self.game.outcome().or_else(|| self.game.automatic_draw()) {
            self.game.declare(o);
            self.end(o);
        }
        Ok(Change::Moved)
    }

    /// The time a move made at `now` spent, counted from `since` or the last move,
    /// whichever is later.
    fn time_spent(&self, now: i64, since: i64) -> i64 {
        now - since.max(self.last_move_at)
    }

    /// The mover's clock after a move made at `now`, its time counted from `since`: the
    /// time spent taken off, the increment added.
    fn spend_time(&mut self, seat: Player, now: i64, since: i64) {
        if let TimeControl::Clock { increment, .. } = self.time {
            if self.clock_runs() {
                let spent = self.time_spent(now, since);
                let c = &mut self.clocks[seat.0 as usize];
                *c = *c - spent + increment as i64 * 1000;
            }
        }
    }

    pub fn resign(&mut self, seat: Player) -> Result<Change, Refusal> {
        self.check_live()?;
        self.check_seated()?;
        self.game.resign(self.variant.rules().side(seat));
        let o = self.game.outcome().expect("a resigned game is over");
        self.end(o);
        Ok(Change::Updated)
    }

    pub fn claim(&mut self, seat: Player, claim: DrawClaim) -> Result<Change, Refusal> {
        self.check_live()?;
        if seat != self.to_move() {
            return Err(Refusal::ClaimNotYours);
        }
        let o = self.game.claim(claim).map_err(Refusal::Claim)?;
        self.end(o);
        Ok(Change::Updated)
    }

    pub fn offer(
        &mut self,
        seat: Player,
        kind: OfferKind,
        agreed: &Agreement,
    ) -> Result<Change, Refusal> {
        self.check_can_offer(kind)?;
        if kind == OfferKind::Takeback && self.last_ply_of(seat).is_none() {
            return Err(Refusal::NothingToTakeBack);
        }
        if let Some(by) = self.offers.get(kind) {
            if self.same_side(by, seat) {
                return Err(Refusal::OfferStands);
            }
            // The other side offered the same: that is agreement.
            return self.accept(seat, kind, agreed);
        }
        // The computer answers at once: it plays on rather than agree a draw, and
        // grants a takeback or a rematch.
        if let Some(computer) = self.computer_side_against(seat) {
            if kind == OfferKind::Draw {
                return Err(Refusal::ComputerPlaysOn);
            }
            self.offers.set(kind, Some(seat));
            return self.accept(computer, kind, agreed);
        }
        self.offers.set(kind, Some(seat));
        Ok(Change::Updated)
    }

    /// A seat of the other side than `seat`'s, where the computer plays every seat of
    /// that side.
    fn computer_side_against(&self, seat: Player) -> Option<Player> {
        let rules = self.variant.rules();
        let others: Vec<Player> = rules
            .players_in_order()
            .filter(|&p| !self.same_side(p, seat))
            .collect();
        let all_computer = others.iter().all(|p| {
            self.seats
                .get(p.0 as usize)
                .is_some_and(|s| s.computer.is_some())
        });
        all_computer.then(|| others.first().copied()).flatten()
    }

    /// A game every seat of which is the computer's: the server's TV, shown to watchers.
    pub fn is_shown(&self) -> bool {
        self.seats.iter().all(|s| s.computer.is_some())
    }

    /// When the computer's turn falls due: at once where a person waits for it, at a
    /// watcher's pace in a game of the computer's alone.
    pub fn computer_due_at(&self) -> i64 {
        if self.is_shown() {
            self.last_move_at + SHOWN_PACE_MS
        } else {
            self.last_move_at
        }
    }

    /// The computer seat to move and its level, while the game goes on.
    pub fn computer_to_move(&self) -> Option<(Player, Level)> {
        if !self.is_live() {
            return None;
        }
        let p = self.to_move();
        let level = self.seats.get(p.0 as usize)?.computer?;
        Some((p, level))
    }

    pub fn decline(&mut self, seat: Player, kind: OfferKind) -> Result<Change, Refusal> {
        self.check_can_offer(kind)?;
        match self.offers.get(kind) {
            Some(by) if !self.same_side(by, seat) => {
                self.offers.set(kind, None);
                Ok(Change::Updated)
            }
            _ => Err(Refusal::NoOfferToDecline),
        }
    }

    /// Seat `seat` accepts the other side's offer; `agreed` is what acceptance needs from
    /// outside the game (the time now, and for a rematch the new game's id and this
    /// game's seats as stored).
    pub fn accept(
        &mut self,
        seat: Player,
        kind: OfferKind,
        agreed: &Agreement,
    ) -> Result<Change, Refusal> {
        self.check_can_offer(kind)?;
        let by = match self.offers.get(kind) {
            Some(by) if !self.same_side(by, seat) => by,
            _ => return Err(Refusal::NoOfferToAccept),
        };
        match kind {
            OfferKind::Draw => {
                self.game.agree_draw();
                let o = self.game.outcome().expect("an agreed game is over");
                self.end(o);
                Ok(Change::Updated)
            }
            OfferKind::Takeback => {
                let keep = self.last_ply_of(by).expect("checked when offered");
                self.take_back_to(keep, agreed.now);
                Ok(Change::TakenBack { keep })
            }
            OfferKind::Rematch => {
                let plan = agreed.rematch.as_ref().ok_or(Refusal::Storage)?;
                // A rematch is a new game: the address that agrees it pays for it.
                if let Some(per_minute) = plan.over_limit {
                    return Err(Refusal::TooManyGames { per_minute });
                }
                let next = self.rematch_game(plan, agreed.now);
                self.rematch = Some(next.game.id.clone());
                self.offers = Offers::default();
                Ok(Change::Rematch(Box::new(next)))
            }
        }
    }

    fn same_side(&self, a: Player, b: Player) -> bool {
        let r = self.variant.rules();
        r.side(a) == r.side(b)
    }

    fn last_ply_of(&self, seat: Player) -> Option<usize> {
        self.plies.iter().rposition(|p| p.seat == seat)
    }

    /// Keeps the first `keep` plies: the clocks go back to where they stood then, and the
    /// mover's clock (or correspondence deadline) starts again `now`: the time the
    /// other side took to agree is nobody's.
    pub fn take_back_to(&mut self, keep: usize, now: i64) {
        self.plies.truncate(keep);
        let mut game = Game::new(self.variant);
        for p in &self.plies {
            game.play(&p.mv).expect("the plies kept were played");
        }
        self.game = game;
        self.clocks = self.plies.last().map_or_else(
            || vec![initial_clock(self.time); self.seats()],
            |p| p.clocks_after.clone(),
        );
        self.last_move_at = now;
        self.offers = Offers::default();
    }
}

/// A seat's clock at the start: the game's minutes, and the first move's increment
/// credited ahead (so that a clock of no minutes, `0+5`, is five seconds a move).
pub fn initial_clock(time: TimeControl) -> i64 {
    match time {
        TimeControl::Clock { minutes, increment } => {
            minutes as i64 * 60_000 + increment as i64 * 1000
        }
        _ => 0,
    }
}

mod asks;
mod ends;
mod refusal;
mod rematch;
mod view;

pub use refusal::Refusal;
pub use rematch::{Agreement, RematchPlan};

#[cfg(test)]
mod tests;
