//! A new game's checks (`CreateError`), the address's allowance and the computer's
//! shares, its rows stored; and a rematch's plan, made of the game before.

use std::collections::BTreeMap;

use camelot_engine::{Level, SeatColour, SERVER_LEVELS};
use camelot_online::protocol::requests::{Created, NewGame};
use camelot_online::protocol::{ErrorCode, GameId, SeatToken, TimeControlError};

use crate::accounts::Account;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::limits::{AddressKey, Cap};
use crate::common::owner::Owner;
use crate::common::tokens;
use crate::games::{
    log_storage, new_game_id, Holder, LiveGame, NewGame as StoredNew, Refusal, RematchPlan, SeatRow,
};
use crate::setup::{holder, Setup};

/// A game that could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error(transparent)]
    Time(#[from] TimeControlError),
    /// An open or computer seat the variant does not have.
    #[error("the variant has no {} seat", .0.title())]
    NoSuchSeat(SeatColour),
    /// A seat both open and the computer's, or the computer's twice.
    #[error("the {} seat is named twice", .0.title())]
    SeatTwice(SeatColour),
    /// A level the server does not play.
    #[error(
        "the server's computer plays at {levels} (not {0})",
        levels = SERVER_LEVELS.map(|l| l.name).join(", ")
    )]
    Level(Level),
    /// Every seat the computer's: a game needs someone to play it.
    #[error("every seat is the computer's: a game needs a person in a seat, or an open one")]
    NobodyPlays,
    /// The address has created its share of games for now.
    #[error("too many games from your address: at most {per_minute} a minute")]
    TooMany { per_minute: u32 },
    /// The address has as many games against the server's computer going on as it may.
    #[error(
        "too many games against the computer from your address: at most {most} at once \
         (finish or resign one first)"
    )]
    ComputerGames { most: usize },
    /// The address has as many games against the computer that nobody has joined yet.
    #[error(
        "too many games against the computer that nobody has joined from your address: \
         at most {most} (join one, or wait until they are forgotten)"
    )]
    UnjoinedComputerGames { most: usize },
    /// A rated game, from a player who is not logged in.
    #[error("log in to play rated")]
    RatedNeedsAccount,
    #[error("a game against the computer is never rated")]
    RatedAgainstComputer,
    /// A rating range for a game that is not rated.
    #[error("only a rated game's seats ask for a rating")]
    RangeUnrated,
    /// A rated game where the creator holds other than one seat.
    #[error("a rated game is between players with accounts: keep one seat yourself and leave the others open for whoever logs in and takes them")]
    RatedHoldsOneSeat,
    #[error("the server could not store the game")]
    Storage(#[source] sqlx::Error),
}

impl From<sqlx::Error> for CreateError {
    fn from(e: sqlx::Error) -> CreateError {
        log_storage(&e);
        CreateError::Storage(e)
    }
}

impl From<CreateError> for ServiceError {
    fn from(e: CreateError) -> ServiceError {
        let (answer, code) = match &e {
            CreateError::Time(_) => (Answer::BadRequest, ErrorCode::BadTimeControl),
            CreateError::NoSuchSeat(_)
            | CreateError::SeatTwice(_)
            | CreateError::Level(_)
            | CreateError::NobodyPlays => (Answer::BadRequest, ErrorCode::NotAllowed),
            CreateError::TooMany { per_minute } => {
                (Answer::too_many(*per_minute), ErrorCode::TooMany)
            }
            // A place is free when a game ends: no time to say.
            CreateError::ComputerGames { .. } | CreateError::UnjoinedComputerGames { .. } => {
                (Answer::TooMany { retry_after: None }, ErrorCode::TooMany)
            }
            CreateError::RatedNeedsAccount => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            CreateError::RatedAgainstComputer
            | CreateError::RatedHoldsOneSeat
            | CreateError::RangeUnrated => (Answer::BadRequest, ErrorCode::NotAllowed),
            CreateError::Storage(_) => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

impl Setup {
    /// Creates a game for `client` (logged in as `creator`, where they are): its id, the
    /// token of each person's seat (in turn order), the open seats and the computer's.
    pub async fn create(
        &self,
        new: &NewGame,
        client: AddressKey,
        creator: Option<&Account>,
    ) -> Result<Created, CreateError> {
        let time = new.time.check().map_err(CreateError::Time)?;
        let rules = new.variant.rules();
        let chosen = new.open.iter().chain(new.computer.iter().map(|c| &c.seat));
        let mut seen = Vec::new();
        for &seat in chosen {
            if rules.seat_with_colour(seat).is_none() {
                return Err(CreateError::NoSuchSeat(seat));
            }
            if seen.contains(&seat) {
                return Err(CreateError::SeatTwice(seat));
            }
            seen.push(seat);
        }
        if let Some(c) = new
            .computer
            .iter()
            .find(|c| !SERVER_LEVELS.contains(&c.level))
        {
            return Err(CreateError::Level(c.level));
        }
        if new.computer.len() >= rules.players() {
            return Err(CreateError::NobodyPlays);
        }
        // A rated game's creator is logged in and holds one seat; every other is open to
        // players who log in to take it (never the computer's).
        let creator = match (new.rated, creator) {
            (false, _) => None,
            (true, None) => return Err(CreateError::RatedNeedsAccount),
            (true, Some(_)) if !new.computer.is_empty() => {
                return Err(CreateError::RatedAgainstComputer)
            }
            (true, Some(_)) if new.open.len() + 1 != rules.players() => {
                return Err(CreateError::RatedHoldsOneSeat)
            }
            (true, Some(a)) => Some(holder(&self.db, a, new.variant).await?),
        };
        if new.rating_range.is_some() && !new.rated {
            return Err(CreateError::RangeUnrated);
        }
        let owner = Owner::Address(client);
        if !new.computer.is_empty() {
            self.computer_share(owner).await?;
        }
        if !self.limits.creations.allow(client) {
            return Err(CreateError::TooMany {
                per_minute: self.limits.creations.limit().unwrap_or(0),
            });
        }
        let id = new_game_id();
        let mut game = LiveGame::new(id.clone(), new.variant, time, now_ms());
        game.rated = new.rated;
        game.rating_range = new.rating_range.filter(|_| new.rated);
        let mut tokens = BTreeMap::new();
        let mut seats = Vec::new();
        for (p, info) in rules.players_in_order().zip(&mut game.seats) {
            let colour = rules.seat_colour(p);
            info.open = new.open.contains(&colour);
            info.computer = new
                .computer
                .iter()
                .find(|c| c.seat == colour)
                .map(|c| c.level);
            let token_hash = if info.open || info.computer.is_some() {
                None
            } else {
                let token = SeatToken::new(tokens::new_token());
                let hash = tokens::hash(token.as_str());
                tokens.insert(colour, token);
                Some(hash)
            };
            // The creator's seat, in a rated game: theirs by their account.
            let held = creator.as_ref().filter(|_| token_hash.is_some());
            info.account = held.cloned();
            info.name = held.and_then(Holder::player_name);
            seats.push(SeatRow {
                token_hash,
                name: info.name.clone(),
                computer: info.computer,
                account: held.map(|h| h.id.clone()),
            });
        }
        let in_turn = |keep: &dyn Fn(SeatColour) -> bool| {
            rules
                .players_in_order()
                .map(|p| rules.seat_colour(p))
                .filter(|&c| keep(c))
                .collect::<Vec<_>>()
        };
        let open = in_turn(&|c| new.open.contains(&c));
        let computer = in_turn(&|c| new.computer.iter().any(|x| x.seat == c))
            .into_iter()
            .filter_map(|c| new.computer.iter().find(|x| x.seat == c).copied())
            .collect();
        let owes = game.computer_to_move().is_some();
        self.db
            .create(&StoredNew { game, seats, owner })
            .await
            .map_err(|e| {
                log_storage(&e);
                CreateError::Storage(e)
            })?;
        if owes {
            self.wake.ring();
        }
        Ok(Created {
            game: id,
            seats: tokens,
            open,
            computer,
        })
    }

    /// Whether `owner` may start another game against the computer: under both of its
    /// caps.
    async fn computer_share(&self, owner: Owner) -> Result<(), CreateError> {
        let (live, unjoined) = self.db.computer_games_of(owner).await.map_err(|e| {
            log_storage(&e);
            CreateError::Storage(e)
        })?;
        let over = |cap: Cap, n: u64| cap.0.filter(|&most| n >= most as u64);
        if let Some(most) = over(self.limits.unjoined_computer_games, unjoined) {
            return Err(CreateError::UnjoinedComputerGames { most });
        }
        if let Some(most) = over(self.limits.computer_games, live) {
            return Err(CreateError::ComputerGames { most });
        }
        Ok(())
    }

    /// What a rematch of game `id` agreed by `client` would be made of: a fresh id, and
    /// its seats as stored. The address pays one game of its allowance now;
    /// [`Setup::rematch_not_agreed`] gives it back if the request did not agree the
    /// rematch after all (an offer that waits for an answer).
    pub async fn rematch_plan(
        &self,
        id: &GameId,
        client: AddressKey,
    ) -> Result<RematchPlan, Refusal> {
        let seat_rows = self.db.seat_rows(id).await.map_err(|e| {
            log_storage(&e);
            Refusal::Storage
        })?;
        let owner = self.db.owner_of(id).await.map_err(|e| {
            log_storage(&e);
            Refusal::Storage
        })?;
        let over_limit = (!self.limits.creations.allow(client))
            .then(|| self.limits.creations.limit().unwrap_or(0));
        Ok(RematchPlan {
            id: new_game_id(),
            seat_rows,
            over_limit,
            owner,
        })
    }

    /// The game a rematch plan took from `client`'s allowance, given back.
    pub fn rematch_not_agreed(&self, plan: &RematchPlan, client: AddressKey) {
        if plan.over_limit.is_none() {
            self.limits.creations.give_back(client);
        }
    }
}
