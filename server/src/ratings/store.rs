//! The ratings' queries. A rated game's end is settled by [`settle!`] on the transaction
//! that stores the result: each player's rating in the variant read, the Glicko-2 step
//! taken ([`crate::ratings::glicko`]), the new rating and the change written. A change
//! is keyed by game and account, so that a game settles once however often it is tried.

use camelot_engine::{Side, Variant};

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
/// returns `sqlx::Error`s): nothing where a seat has no account (such a game is not
/// rated).
macro_rules! settle {
    ($tx:expr, $ending:expr) => {{
        let ending: &$crate::ratings::store::RatedEnding = $ending;
        let variant = ending.variant.id();
        let seats: Vec<(i64, Option<String>)> =
            sqlx::query("SELECT seat, account_id FROM seats WHERE game_id = $1 ORDER BY seat")
                .bind(&ending.game)
                .fetch_all(&mut *$tx)
                .await?
                .iter()
                .map(|r| (sqlx::Row::get(r, "seat"), sqlx::Row::get(r, "account_id")))
                .collect();
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
                seated.push($crate::ratings::glicko::Seated {
                    side: ending.variant.rules().side(player),
                    before,
                });
            }
            let after = $crate::ratings::glicko::settle(&seated, ending.winner);
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
