//! The ratings' queries. A rated game's end is settled by [`settle!`] on the transaction
//! that stores the result: each player's rating in the variant read, the Glicko-2 step
//! taken ([`crate::ratings::glicko`]), the new rating and the change written. A change
//! is keyed by game and account, so that a game settles once however often it is tried.

use std::collections::HashMap;

use camelot_engine::{Side, Variant};
use camelot_online::protocol::accounts::{RatingPoint, VariantRating};
use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::store::{on, places};

/// A rated game that has just ended, as the write storing its end carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedEnding {
    pub game: String,
    pub variant: Variant,
    /// When it ended (unix ms).
    pub at: i64,
    /// The side that won; none for a draw.
    pub winner: Option<Side>,
}

/// Settles `$ending` on the transaction `$tx` of either database (in a function that
/// returns `sqlx::Error`s), its players the accounts of `$seats` (seat, account, as the
/// game stores them): nothing where a seat has no account (such a game is not rated).
macro_rules! settle {
    ($tx:expr, $ending:expr, $seats:expr) => {{
        let ending: &$crate::ratings::RatedEnding = $ending;
        let variant = ending.variant.id();
        let seats: Vec<(i64, Option<String>)> = $seats;
        let accounts: Vec<(i64, String)> = seats
            .into_iter()
            .filter_map(|(seat, account)| Some((seat, account?)))
            .collect();
        let players = ending.variant.rules().players();
        if accounts.len() == players {
            let mut seated = Vec::with_capacity(players);
            for (seat, account) in &accounts {
                let before = sqlx::query(
                    "SELECT rating, deviation, volatility FROM ratings \
                     WHERE account_id = $1 AND variant = $2",
                )
                .bind(account)
                .bind(variant)
                .fetch_optional(&mut *$tx)
                .await?
                .map_or(skillratings::glicko2::Glicko2Rating::new(), |r| {
                    skillratings::glicko2::Glicko2Rating {
                        rating: sqlx::Row::get(&r, "rating"),
                        deviation: sqlx::Row::get(&r, "deviation"),
                        volatility: sqlx::Row::get(&r, "volatility"),
                    }
                });
                let player = camelot_engine::Player(*seat as u8);
                seated.push($crate::ratings::Seated {
                    side: ending.variant.rules().side(player),
                    before,
                });
            }
            let after = $crate::ratings::ratings_after(&seated, ending.winner);
            for (((_, account), was), now) in accounts.iter().zip(&seated).zip(&after) {
                let first_time = sqlx::query(
                    "INSERT INTO rating_changes (game_id, account_id, variant, at, \
                     rating_before, rating, deviation) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                     ON CONFLICT (game_id, account_id) DO NOTHING",
                )
                .bind(&ending.game)
                .bind(account)
                .bind(variant)
                .bind(ending.at)
                .bind(was.before.rating)
                .bind(now.rating)
                .bind(now.deviation)
                .execute(&mut *$tx)
                .await?
                .rows_affected()
                    == 1;
                if first_time {
                    sqlx::query(
                        "INSERT INTO ratings (account_id, variant, rating, deviation, \
                         volatility, games) VALUES ($1, $2, $3, $4, $5, 1) \
                         ON CONFLICT (account_id, variant) DO UPDATE SET \
                         rating = excluded.rating, deviation = excluded.deviation, \
                         volatility = excluded.volatility, games = ratings.games + 1",
                    )
                    .bind(account)
                    .bind(variant)
                    .bind(now.rating)
                    .bind(now.deviation)
                    .bind(now.volatility)
                    .execute(&mut *$tx)
                    .await?;
                }
            }
        }
    }};
}
pub(crate) use settle;

impl crate::store::Db {
    /// The account's rating and deviation in `variant`, if it has played it rated.
    pub async fn rating_in(
        &self,
        account: &str,
        variant: Variant,
    ) -> Result<Option<(f64, f64)>, sqlx::Error> {
        Ok(crate::store::on!(self, read pool => {
            sqlx::query("SELECT rating, deviation FROM ratings WHERE account_id = $1 AND variant = $2")
                .bind(account)
                .bind(variant.id())
                .fetch_optional(pool)
                .await?
                .map(|r| (sqlx::Row::get(&r, "rating"), sqlx::Row::get(&r, "deviation")))
        }))
    }
}

impl crate::store::Db {
    /// The account's rating in each variant it has played rated, in the variants' order.
    pub async fn ratings_of(&self, account: &str) -> Result<Vec<VariantRating>, sqlx::Error> {
        let mut ratings: Vec<VariantRating> = on!(self, read pool => {
            sqlx::query(
                "SELECT variant, rating, deviation, games FROM ratings WHERE account_id = $1",
            )
            .bind(account)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                let deviation: f64 = r.get("deviation");
                Some(VariantRating {
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    rating: r.get("rating"),
                    deviation,
                    games: u32::try_from(r.get::<i32, _>("games")).ok()?,
                    provisional: deviation >= PROVISIONAL_FROM,
                })
            })
            .collect()
        });
        ratings.sort_by_key(|r| Variant::ALL.iter().position(|&v| v == r.variant));
        Ok(ratings)
    }

    /// The account's rating after each rated game, oldest first.
    pub async fn history_of(&self, account: &str) -> Result<Vec<RatingPoint>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT variant, at, rating FROM rating_changes WHERE account_id = $1 \
                 ORDER BY at, game_id",
            )
            .bind(account)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some(RatingPoint {
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    at: r.get("at"),
                    rating: r.get("rating"),
                })
            })
            .collect()
        }))
    }

    /// The rating and deviation of each of the accounts `ids` in each variant it has
    /// played rated.
    pub async fn ratings_of_accounts(
        &self,
        ids: &[String],
    ) -> Result<HashMap<(String, Variant), (f64, f64)>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(500) {
            let sql = format!(
                "SELECT account_id, variant, rating, deviation FROM ratings \
                 WHERE account_id IN ({})",
                places(1, chunk.len())
            );
            on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for id in chunk {
                    q = q.bind(id);
                }
                for row in q.fetch_all(pool).await? {
                    if let Ok(variant) = row.get::<&str, _>("variant").parse() {
                        out.insert(
                            (row.get("account_id"), variant),
                            (row.get("rating"), row.get("deviation")),
                        );
                    }
                }
            });
        }
        Ok(out)
    }

    /// Sets the account's rating in `variant` as if it had played `games` rated games:
    /// for the tests of the rooms that show ratings.
    #[cfg(test)]
    pub async fn set_rating(
        &self,
        account: &str,
        variant: Variant,
        (rating, deviation): (f64, f64),
        games: i32,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, 0.06, $5)",
            )
            .bind(account)
            .bind(variant.id())
            .bind(rating)
            .bind(deviation)
            .bind(games)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// What game `game` did to each of its rated players' ratings, by account: the
    /// rating before, and the rating and deviation after.
    pub async fn changes_of_game(
        &self,
        game: &GameId,
    ) -> Result<HashMap<String, (f64, f64, f64)>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT account_id, rating_before, rating, deviation FROM rating_changes \
                 WHERE game_id = $1",
            )
            .bind(game.as_str())
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| {
                (
                    r.get("account_id"),
                    (r.get("rating_before"), r.get("rating"), r.get("deviation")),
                )
            })
            .collect()
        }))
    }

    /// The settled ratings of each variant, best first: at least `min_games` rated
    /// games and a deviation under [`PROVISIONAL_FROM`]; the accounts' ids, for their
    /// names to be asked of the accounts.
    pub async fn settled_ratings(&self, min_games: u32) -> Result<Vec<SettledRating>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT variant, account_id, rating, deviation, games FROM ratings \
                 WHERE games >= $1 AND deviation < $2 ORDER BY variant, rating DESC, account_id",
            )
            .bind(min_games as i32)
            .bind(PROVISIONAL_FROM)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some(SettledRating {
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    account: r.get("account_id"),
                    rating: r.get("rating"),
                    deviation: r.get("deviation"),
                    games: u32::try_from(r.get::<i32, _>("games")).ok()?,
                })
            })
            .collect()
        }))
    }

    /// How much each of `games` changed the account's rating (rounded), for the games
    /// that were rated.
    pub async fn changes_in(
        &self,
        account: &str,
        games: &[GameId],
    ) -> Result<HashMap<GameId, i32>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in games.chunks(500) {
            let sql = format!(
                "SELECT game_id, rating_before, rating FROM rating_changes \
                 WHERE account_id = $1 AND game_id IN ({})",
                places(2, chunk.len())
            );
            on!(self, read pool => {
                let mut q = sqlx::query(&sql).bind(account);
                for g in chunk {
                    q = q.bind(g.as_str());
                }
                for r in q.fetch_all(pool).await? {
                    if let Ok(game) = GameId::parse(r.get("game_id")) {
                        let (after, before): (f64, f64) = (r.get("rating"), r.get("rating_before"));
                        out.insert(game, (after - before).round() as i32);
                    }
                }
            });
        }
        Ok(out)
    }
}

impl crate::store::Db {
    /// The rating (and deviation) each account had before each of `games` that was
    /// rated for it, by game and account.
    pub async fn ratings_before(
        &self,
        games: &[GameId],
    ) -> Result<HashMap<(GameId, String), (f64, f64)>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in games.chunks(500) {
            let sql = format!(
                "SELECT game_id, account_id, rating_before, deviation FROM rating_changes \
                 WHERE game_id IN ({})",
                places(1, chunk.len())
            );
            on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for g in chunk {
                    q = q.bind(g.as_str());
                }
                for r in q.fetch_all(pool).await? {
                    if let Ok(game) = GameId::parse(r.get("game_id")) {
                        let before = (r.get("rating_before"), r.get("deviation"));
                        out.insert((game, r.get("account_id")), before);
                    }
                }
            });
        }
        Ok(out)
    }
}

/// A settled rating of an account in a variant (see [`crate::store::Db::settled_ratings`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SettledRating {
    pub variant: Variant,
    pub account: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// A seat's account as everyone sees it: its name, and its rating (rounded; provisional
/// while its deviation is [`PROVISIONAL_FROM`] or more; 1500, provisional, before a
/// first rated game).
pub fn shown(
    name: Option<camelot_online::protocol::accounts::AccountName>,
    rating: Option<(f64, f64)>,
    change: Option<f64>,
) -> camelot_online::protocol::accounts::SeatAccount {
    // A player yet to play rated has Glicko-2's starting rating, provisional.
    let (r, d) = rating.unwrap_or((1500.0, 350.0));
    camelot_online::protocol::accounts::SeatAccount {
        name,
        rating: Some(r.round() as i32),
        provisional: d >= PROVISIONAL_FROM,
        change: change.map(|c| c.round() as i32),
    }
}

/// The deviation from which a rating is provisional, shown with a "?" (lichess's bound).
pub const PROVISIONAL_FROM: f64 = 110.0;
