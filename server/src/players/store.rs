//! The players' queries: a player's ratings and the live games they sit in.

use camelot_engine::{Player, Variant};
use camelot_online::protocol::accounts::{
    AccountName, Leader, Leaders, PlayedGame, RatingPoint, Score, VariantLeaders, VariantRating,
};
use camelot_online::protocol::{GameEnd, GameId};
use sqlx::Row;

use crate::games::rows::ending;
use crate::ratings::store::PROVISIONAL_FROM;
use crate::store::{listed_after, on, Db};

/// How many finished games a page of a player's games lists.
pub const GAMES_SHOWN: i64 = 20;

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

    /// The account's finished games, newest first (the latest [`GAMES_SHOWN`]).
    /// The account's finished games created before game `before` (all, without it),
    /// newest first, at most [`GAMES_SHOWN`].
    pub async fn finished_games_of(
        &self,
        account: &str,
        before: Option<&GameId>,
    ) -> Result<Vec<PlayedGame>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 MIN(s.seat) AS seat, c.rating_before, c.rating FROM games g \
                 JOIN seats s ON s.game_id = g.id \
                 LEFT JOIN rating_changes c ON c.game_id = g.id AND c.account_id = s.account_id \
                 WHERE s.account_id = $1 AND g.status = 'over' \
                 AND {} \
                 GROUP BY g.id, g.variant, g.created_at, g.result, g.reason, g.rated, \
                 c.rating_before, c.rating \
                 ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
                listed_after("g", "$3")
            ))
            .bind(account)
            .bind(GAMES_SHOWN)
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
                let change = r
                    .get::<Option<f64>, _>("rating")
                    .zip(r.get::<Option<f64>, _>("rating_before"))
                    .map(|(a, b)| (a - b).round() as i32);
                Some(PlayedGame {
                    game: GameId::parse(r.get("id")).ok()?,
                    variant,
                    at: r.get("created_at"),
                    seat: variant.rules().seat_colour(player),
                    score,
                    rated: r.get::<i32, _>("rated") != 0,
                    change,
                })
            })
            .collect()
        }))
    }

    /// The best players of each variant: at least [`Leaders::MIN_GAMES`] rated games, a
    /// rating not provisional, an account not closed.
    pub async fn leaders(&self) -> Result<Leaders, sqlx::Error> {
        let rows: Vec<(String, Leader)> = on!(self, read pool => {
            sqlx::query(
                "SELECT r.variant, a.name, r.rating, r.deviation, r.games FROM ratings r \
                 JOIN accounts a ON a.id = r.account_id \
                 WHERE a.closed_at IS NULL AND r.games >= $1 AND r.deviation < $2 \
                 ORDER BY r.variant, r.rating DESC",
            )
            .bind(Leaders::MIN_GAMES as i32)
            .bind(PROVISIONAL_FROM)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some((
                    r.get::<String, _>("variant"),
                    Leader {
                        name: AccountName::parse(r.get("name")).ok()?,
                        rating: r.get("rating"),
                        deviation: r.get("deviation"),
                        games: u32::try_from(r.get::<i32, _>("games")).ok()?,
                    },
                ))
            })
            .collect()
        });
        let variants = Variant::ALL
            .iter()
            .filter_map(|&variant| {
                let players: Vec<Leader> = rows
                    .iter()
                    .filter(|(v, _)| v == variant.id())
                    .map(|(_, l)| l.clone())
                    .take(Leaders::MOST)
                    .collect();
                (!players.is_empty()).then_some(VariantLeaders { variant, players })
            })
            .collect();
        Ok(Leaders { variants })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_best_players_are_settled_ratings_of_five_games_or_more() {
        let dir = std::env::temp_dir().join(format!("camelot-db-leaders-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite://{}", dir.join("server.db").display()))
            .await
            .unwrap();
        let Db::Sqlite { write, .. } = &db else {
            unreachable!()
        };
        // (name, variant, rating, deviation, games, closed)
        for (i, (name, variant, rating, deviation, games, closed)) in [
            ("Arthur", "camelot", 1700.0, 80.0, 12, false),
            ("Lancelot", "camelot", 1800.0, 90.0, 30, false),
            ("Gawain", "camelot", 1900.0, 150.0, 30, false),
            ("Kay", "camelot", 2000.0, 60.0, 4, false),
            ("Mordred", "camelot", 2100.0, 60.0, 40, true),
            ("Bors", "camette", 1600.0, 100.0, 5, false),
        ]
        .into_iter()
        .enumerate()
        {
            sqlx::query(
                "INSERT INTO accounts (id, name, name_key, password_hash, kind, created_at, \
                 closed_at) VALUES ($1, $2, $3, 'h', 'person', 0, $4)",
            )
            .bind(format!("a{i}"))
            .bind(name)
            .bind(name.to_lowercase())
            .bind(closed.then_some(1_i64))
            .execute(write)
            .await
            .unwrap();
            sqlx::query(
                "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games) \
                 VALUES ($1, $2, $3, $4, 0.06, $5)",
            )
            .bind(format!("a{i}"))
            .bind(variant)
            .bind(rating)
            .bind(deviation)
            .bind(games)
            .execute(write)
            .await
            .unwrap();
        }
        let leaders = db.leaders().await.unwrap();
        let shown: Vec<(Variant, Vec<&str>)> = leaders
            .variants
            .iter()
            .map(|v| {
                (
                    v.variant,
                    v.players.iter().map(|p| p.name.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                (Variant::Camelot, vec!["Lancelot", "Arthur"]),
                (Variant::Camette, vec!["Bors"]),
            ]
        );
    }
}
