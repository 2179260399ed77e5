//! The seats' queries: the open seats of live games, and one taken.

use camelot_engine::{Player, Variant};
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::requests::OpenSeat;
use camelot_online::protocol::{GameId, PlayerName};
use sqlx::Row;

use crate::games::rows::time_of;
use crate::ratings::store::shown;
use crate::store::{listed_after, notify_others, on, Db};

impl Db {
    /// Gives an open seat of a live game the token that hashes to `hash`; `false` if the
    /// seat is not open (taken, never open, or the game over or unknown).
    pub async fn take_seat(
        &self,
        id: &GameId,
        seat: Player,
        hash: &str,
        name: Option<&PlayerName>,
        account: Option<&str>,
    ) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let taken = sqlx::query(
                "UPDATE seats SET token_hash = $1, name = $2, account_id = $5 \
                 WHERE game_id = $3 AND seat = $4 AND token_hash = '' AND computer IS NULL \
                 AND EXISTS (SELECT 1 FROM games WHERE id = $3 AND status = 'live')",
            )
            .bind(hash)
            .bind(name.map(PlayerName::as_str))
            .bind(id.as_str())
            .bind(seat.0 as i64)
            .bind(account)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if taken {
                sqlx::query("UPDATE games SET joined = 1 WHERE id = $1")
                    .bind(id.as_str())
                    .execute(&mut *tx)
                    .await?;
                notify_others!(self, tx, id.as_str());
            }
            tx.commit().await?;
            Ok(taken)
        })
    }

    /// The open seats of live games, newest first (at most 200).
    /// The open seats of the live games created before `before` (all, without it),
    /// newest game first and a game's seats in turn order, at most `limit`.
    pub async fn open_seats(
        &self,
        before: Option<&GameId>,
        limit: u32,
    ) -> Result<Vec<OpenSeat>, sqlx::Error> {
        // The order of the list of games (creation, then id): a cursor names a game.
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT s.game_id, s.seat, g.variant, g.time_kind, g.time_a, g.time_b, g.rated, \
                 g.rating_range, \
                 a.name AS creator, a.closed_at, r.rating, r.deviation \
                 FROM seats s JOIN games g ON g.id = s.game_id \
                 LEFT JOIN seats h ON h.game_id = g.id AND h.seat = (SELECT MIN(seat) FROM \
                 seats WHERE game_id = g.id AND account_id IS NOT NULL) \
                 LEFT JOIN accounts a ON a.id = h.account_id \
                 LEFT JOIN ratings r ON r.account_id = h.account_id AND r.variant = g.variant \
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
                Some(OpenSeat {
                    game: GameId::parse(r.get("game_id")).ok()?,
                    seat: variant.rules().seat_colour(seat),
                    variant,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                    rated: r.get::<i32, _>("rated") != 0,
                    // The first seat's account: the creator's, where they were logged in.
                    creator: r.get::<Option<&str>, _>("creator").map(|name| {
                        let closed = r.get::<Option<i64>, _>("closed_at").is_some();
                        let name = AccountName::parse(name).ok().filter(|_| !closed);
                        let rating = r
                            .get::<Option<f64>, _>("rating")
                            .zip(r.get::<Option<f64>, _>("deviation"));
                        shown(name, rating, None)
                    }),
                    rating_range: r
                        .get::<Option<i32>, _>("rating_range")
                        .and_then(|r| u32::try_from(r).ok()),
                })
            })
            .collect()
        }))
    }
}
