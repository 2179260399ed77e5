//! The games' lists, for the rooms that show them: the open seats of live games, and
//! the games an account sits in. They name accounts by id: their names and ratings are
//! the accounts' and the ratings' rooms' to tell.

use std::collections::HashMap;

use camelot_engine::{Level, Player, Variant};
use camelot_online::protocol::accounts::{PlayedGame, Score};
use camelot_online::protocol::history::GamesFilter;
use camelot_online::protocol::requests::OpenSeat;
use camelot_online::protocol::{GameEnd, GameId, PlayerName};
use sqlx::Row;

use crate::games::rows::{ending, time_of};
use crate::store::{on, places, Db};

/// An open seat of a live game, and the account of its game's first seated player (the
/// creator, where they were logged in).
#[derive(Clone, Debug)]
pub struct ListedSeat {
    /// The seat, its `creator` not yet filled in.
    pub seat: OpenSeat,
    pub creator: Option<String>,
}

/// Who held a seat of a game: a guest's name, the computer, or an account (by id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldSeat {
    pub player: Player,
    pub name: Option<PlayerName>,
    pub computer: Option<Level>,
    pub account: Option<String>,
}

/// A finished game's row `$r` (of either database) as its player's list shows it
/// (`seat`: the player's first).
macro_rules! played_game {
    ($r:expr) => {{
        let r = $r;
        (|| {
            let variant: Variant = r.get::<&str, _>("variant").parse().ok()?;
            let player = Player(u8::try_from(r.get::<i64, _>("seat")).ok()?);
            // None for a game called off, or one going on.
            let score = match ending(r.get("result"), r.get("reason")) {
                None | Some(GameEnd::Aborted) => None,
                Some(GameEnd::Decided(o)) => Some(match o.winner {
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
                time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                others: Vec::new(),
            })
        })()
    }};
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

    /// The account's finished games created before game `before` (all, without it) of
    /// `variant` and rated or not where given, newest first, at most `shown`: each as its
    /// player's list shows it, but for the rating's change and the other seats, which are
    /// other rooms' to tell.
    pub async fn finished_games_of(
        &self,
        account: &str,
        before: Option<&GameId>,
        shown: i64,
        filter: &GamesFilter,
    ) -> Result<Vec<PlayedGame>, sqlx::Error> {
        let mut only = String::new();
        if filter.variant.is_some() {
            only.push_str(" AND g.variant = $4");
        }
        if filter.rated.is_some() {
            only.push_str(" AND g.rated = $5");
        }
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 g.time_kind, g.time_a, g.time_b, MIN(s.seat) AS seat FROM games g \
                 JOIN seats s ON s.game_id = g.id \
                 WHERE s.account_id = $1 AND g.status = 'over' \
                 AND {}{only} \
                 GROUP BY g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 g.time_kind, g.time_a, g.time_b \
                 ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
                listed_after("g", "$3")
            ))
            .bind(account)
            .bind(shown)
            .bind(before.map(GameId::as_str))
            .bind(filter.variant.map(|v| v.id()))
            .bind(filter.rated.map(i32::from))
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| played_game!(r))
            .collect()
        }))
    }

    /// The live games the account has a seat in, newest first (at most 50), as its
    /// player's list shows them.
    pub async fn live_listed_of(&self, account: &str) -> Result<Vec<PlayedGame>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 g.time_kind, g.time_a, g.time_b, MIN(s.seat) AS seat FROM games g \
                 JOIN seats s ON s.game_id = g.id \
                 WHERE s.account_id = $1 AND g.status = 'live' \
                 GROUP BY g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 g.time_kind, g.time_a, g.time_b \
                 ORDER BY g.created_at DESC, g.id DESC LIMIT 50",
            )
            .bind(account)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| played_game!(r))
            .collect()
        }))
    }

    /// The seats of each of `games`, in turn order: who held each.
    pub async fn seats_of(
        &self,
        games: &[GameId],
    ) -> Result<HashMap<GameId, Vec<HeldSeat>>, sqlx::Error> {
        let mut out: HashMap<GameId, Vec<HeldSeat>> = HashMap::new();
        for chunk in games.chunks(500) {
            let sql = format!(
                "SELECT game_id, seat, name, computer, account_id FROM seats \
                 WHERE game_id IN ({}) ORDER BY game_id, seat",
                places(1, chunk.len())
            );
            type Row = (String, i64, Option<String>, Option<String>, Option<String>);
            let rows: Vec<Row> = on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for g in chunk {
                    q = q.bind(g.as_str());
                }
                q.fetch_all(pool)
                    .await?
                    .iter()
                    .map(|r| {
                        let (name, computer) = (r.get("name"), r.get("computer"));
                        (r.get("game_id"), r.get("seat"), name, computer, r.get("account_id"))
                    })
                    .collect()
            });
            for (game, seat, name, computer, account) in rows {
                let (Ok(game), Ok(seat)) = (GameId::parse(&game), u8::try_from(seat)) else {
                    continue;
                };
                out.entry(game).or_default().push(HeldSeat {
                    player: Player(seat),
                    name: name.and_then(|n| PlayerName::parse(&n).ok()),
                    computer: computer.as_deref().and_then(Level::by_name),
                    account,
                });
            }
        }
        Ok(out)
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
