//! The players' queries: a player's ratings and the live games they sit in.

use camelot_engine::Variant;
use camelot_online::protocol::accounts::VariantRating;
use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::ratings::store::PROVISIONAL_FROM;
use crate::store::{on, Db};

impl Db {
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
