//! The games' lists, for the rooms that show them: the open seats of live games, and
//! the games an account sits in. They name accounts by id: their names and ratings are
//! the accounts' and the ratings' rooms' to tell.

use camelot_engine::{Player, Variant};
use camelot_online::protocol::accounts::{PlayedGame, Score};
use camelot_online::protocol::requests::OpenSeat;
use camelot_online::protocol::{GameEnd, GameId};
use sqlx::Row;

use crate::games::rows::{ending, time_of};
use crate::store::{on, Db};

/// An open seat of a live game, and the account of its game's first seated player (the
/// creator, where they were logged in).
#[derive(Clone, Debug)]
pub struct ListedSeat {
    /// The seat, its `creator` not yet filled in.
    pub seat: OpenSeat,
    pub creator: Option<String>,
}

/// The condition that a game (`table` names the games' table or its alias in the query)
/// comes after the game `param` (a query parameter, `$1`; `NULL` for none) in the lists'
/// order, newest first: created before it, or at the same time with a smaller id. A
/// cursor names one place in that order.
pub fn listed_after(table: &str, param: &str) -> String {
    format!(
        "({param} IS NULL OR {table}.created_at < (SELECT created_at FROM games WHERE id = {param}) \
         OR ({table}.created_at = (SELECT created_at FROM games WHERE id = {param}) \
         AND {table}.id < {param}))"
    )
}

impl Db {
    /// The open seats of live games, newest first (at most 200).
    /// The open seats of the live games created before `before` (all, without it),
    /// newest game first and a game's seats in turn order, at most `limit`.
    pub async fn open_seats(
        &self,
        before: Option<&GameId>,
        limit: u32,
    ) -> Result<Vec<ListedSeat>, sqlx::Error> {
        // The order of the list of games (creation, then id): a cursor names a game.
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT s.game_id, s.seat, g.variant, g.time_kind, g.time_a, g.time_b, g.rated, \
                 g.rating_range, \
                 h.account_id AS creator \
                 FROM seats s JOIN games g ON g.id = s.game_id \
                 LEFT JOIN seats h ON h.game_id = g.id AND h.seat = (SELECT MIN(seat) FROM \
                 seats WHERE game_id = g.id AND account_id IS NOT NULL) \
                 WHERE s.token_hash = '' AND s.computer IS NULL AND g.status = 'live' \
                 AND {} \
                 ORDER BY g.created_at DESC, g.id DESC, s.seat LIMIT $2",
                listed_after("g", "$1")
            ))
            .bind(before.map(GameId::as_str))
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                let variant: Variant = r.get::<&str, _>("variant").parse().ok()?;
                let seat = Player(u8::try_from(r.get::<i64, _>("seat")).ok()?);
                if seat.0 as usize >= variant.rules().players() {
                    return None;
                }
                let seat = OpenSeat {
                    game: GameId::parse(r.get("game_id")).ok()?,
                    seat: variant.rules().seat_colour(seat),
                    variant,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                    rated: r.get::<i32, _>("rated") != 0,
                    creator: None,
                    rating_range: r
                        .get::<Option<i32>, _>("rating_range")
                        .and_then(|r| u32::try_from(r).ok()),
                };
                Some(ListedSeat {
                    seat,
                    creator: r.get("creator"),
                })
            })
            .collect()
        }))
    }

    /// The account's finished games created before game `before` (all, without it),
    /// newest first, at most `shown`; their rating changes are the ratings room's.
    pub async fn finished_games_of(
        &self,
        account: &str,
        before: Option<&GameId>,
        shown: i64,
    ) -> Result<Vec<PlayedGame>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 MIN(s.seat) AS seat FROM games g \
                 JOIN seats s ON s.game_id = g.id \
                 WHERE s.account_id = $1 AND g.status = 'over' \
                 AND {} \
                 GROUP BY g.id, g.variant, g.created_at, g.result, g.reason, g.rated \
                 ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
                listed_after("g", "$3")
            ))
            .bind(account)
            .bind(shown)
            .bind(before.map(GameId::as_str))
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                let variant: Variant = r.get::<&str, _>("variant").parse().ok()?;
                let player = Player(u8::try_from(r.get::<i64, _>("seat")).ok()?);
                let end = ending(r.get("result"), r.get("reason"));
                let score = match end? {
                    GameEnd::Aborted => None,
                    GameEnd::Decided(o) => Some(match o.winner {
                        None => Score::Drew,
                        Some(w) if w == variant.rules().side(player) => Score::Won,
                        Some(_) => Score::Lost,
                    }),
                };
                Some(PlayedGame {
                    game: GameId::parse(r.get("id")).ok()?,
                    variant,
                    at: r.get("created_at"),
                    seat: variant.rules().seat_colour(player),
                    score,
                    rated: r.get::<i32, _>("rated") != 0,
                    change: None,
                })
            })
            .collect()
        }))
    }

    /// The live games the account has a seat in, newest first.
    pub async fn live_games_of(&self, account: &str) -> Result<Vec<GameId>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT DISTINCT g.id, g.created_at FROM games g JOIN seats s ON s.game_id = g.id \
                 WHERE s.account_id = $1 AND g.status = 'live' \
                 ORDER BY g.created_at DESC, g.id DESC LIMIT 50",
            )
            .bind(account)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| GameId::parse(r.get("id")).ok())
            .collect()
        }))
    }
}
