//! The pairing's queries: a player's wait kept, and one try at pairing them, in one
//! transaction (see the room's text).

use camelot_engine::{Player, Variant};
use camelot_online::protocol::accounts::{AccountKind, AccountName};
use camelot_online::protocol::pairing::range_after;
use camelot_online::protocol::site::WaitingPlayer;
use camelot_online::protocol::{GameId, TimeControl};
use rand::Rng;
use sqlx::Row;

use crate::accounts::Account;
use crate::common::owner::Owner;
use crate::games::{between_accounts, insert_game, time_columns, time_of, NewGameRows};
use crate::relations;
use crate::store::{on, Db};

/// How long a wait is kept after its player last asked: a player who went away is not
/// paired.
pub const STALE_MS: i64 = 30_000;

/// Which players one may meet: people (and the programs rated against people), or the
/// programs that are not.
pub fn pool_of(account: &Account) -> &'static str {
    match account.kind {
        AccountKind::Computer if !account.rated_with_people => "programs",
        _ => "people",
    }
}

/// What one try at pairing came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The game and my seat.
    Paired { game: GameId, seat: Player },
    /// Nobody in range yet; how long I have waited.
    Waiting { waited_ms: i64 },
}

/// A game asked for: the variant, the time, and my rating in the variant.
pub struct Asked {
    pub variant: Variant,
    pub time: TimeControl,
    pub rating: f64,
}

/// Another player's wait, found in range.
struct Found {
    account: String,
    name: Option<AccountName>,
}

/// The two queries of a try that differ between the databases: my wait, locked on
/// PostgreSQL, and the nearest waiting player in range, whose row another process holds
/// is skipped there.
fn pairing_sql(postgres: bool) -> (String, String) {
    let mine = format!(
        "SELECT game_id, seat, asked_at FROM pairing WHERE account_id = $1{}",
        if postgres { " FOR UPDATE" } else { "" }
    );
    let found = format!(
        "SELECT p.account_id, p.name FROM pairing p \
         WHERE p.account_id <> $1 AND p.game_id IS NULL AND p.variant = $2 \
         AND p.time_kind = $3 AND p.time_a = $4 AND p.time_b = $5 AND p.pool = $6 \
         AND p.seen_at > $7 AND ABS(p.rating - $8) <= $9 \
         AND ABS(p.rating - $8) <= 100 + ($10 - p.asked_at) / 100 AND {} \
         ORDER BY ABS(p.rating - $8), p.asked_at LIMIT 1{}",
        relations::neither_blocks("$1", "p.account_id"),
        if postgres {
            " FOR UPDATE OF p SKIP LOCKED"
        } else {
            ""
        }
    );
    (mine, found)
}

/// My wait kept in transaction `$tx`: a wait for another game given up for this one,
/// this one begun or seen again.
macro_rules! keep_my_wait {
    ($tx:expr, $me:expr, $asked:expr, $pool:expr, $now:expr) => {{
        let (kind, a, b) = time_columns($asked.time);
        let variant = $asked.variant.id();
        sqlx::query(
            "DELETE FROM pairing WHERE account_id = $1 AND game_id IS NULL \
             AND (variant <> $2 OR time_kind <> $3 OR time_a <> $4 OR time_b <> $5)",
        )
        .bind(&$me.id)
        .bind(variant)
        .bind(kind)
        .bind(a)
        .bind(b)
        .execute(&mut *$tx)
        .await?;
        sqlx::query(
            "INSERT INTO pairing (account_id, variant, time_kind, time_a, time_b, rating, \
             pool, asked_at, seen_at, name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) \
             ON CONFLICT (account_id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(&$me.id)
        .bind(variant)
        .bind(kind)
        .bind(a)
        .bind(b)
        .bind($asked.rating)
        .bind($pool)
        .bind($now)
        .bind($me.name.as_str())
        .execute(&mut *$tx)
        .await?;
    }};
}

/// My wait taken off the table in `$tx`: I am paired.
macro_rules! end_my_wait {
    ($tx:expr, $me:expr) => {
        sqlx::query("DELETE FROM pairing WHERE account_id = $1")
            .bind(&$me.id)
            .execute(&mut *$tx)
            .await?
    };
}

impl Db {
    /// One try at pairing `me` (see [`Attempt`]): my wait kept (or begun), taken if
    /// another's try paired me meanwhile, else the nearest rating in range paired with
    /// me in a rated game, made in the same transaction.
    pub(super) async fn try_pairing(
        &self,
        me: &Account,
        asked: &Asked,
        owner: Owner,
        now: i64,
    ) -> Result<Attempt, sqlx::Error> {
        let (mine_sql, found_sql) = pairing_sql(matches!(self, Db::Postgres(_)));
        let (kind, a, b) = time_columns(asked.time);
        let pool = pool_of(me);
        let my_seat_first = rand::rng().random_bool(0.5);
        on!(self, write pool_ => {
            let mut tx = pool_.begin().await?;
            keep_my_wait!(tx, me, asked, pool, now);
            let mine = sqlx::query(&mine_sql)
                .bind(&me.id)
                .fetch_one(&mut *tx)
                .await?;
            let asked_at: i64 = mine.get("asked_at");
            if let (Some(game), Some(seat)) = (
                mine.get::<Option<String>, _>("game_id"),
                mine.get::<Option<i64>, _>("seat"),
            ) {
                // Another's try paired me meanwhile.
                end_my_wait!(tx, me);
                tx.commit().await?;
                return Ok(match GameId::parse(&game) {
                    Ok(game) => Attempt::Paired {
                        game,
                        seat: Player(seat as u8),
                    },
                    Err(_) => Attempt::Waiting { waited_ms: 0 },
                });
            }
            let found = sqlx::query(&found_sql)
                .bind(&me.id)
                .bind(asked.variant.id())
                .bind(kind)
                .bind(a)
                .bind(b)
                .bind(pool)
                .bind(now - STALE_MS)
                .bind(asked.rating)
                .bind(range_after(now - asked_at) as f64)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| Found {
                    account: r.get("account_id"),
                    name: r
                        .get::<Option<&str>, _>("name")
                        .and_then(|n| AccountName::parse(n).ok()),
                });
            let Some(other) = found else {
                tx.commit().await?;
                return Ok(Attempt::Waiting {
                    waited_ms: now - asked_at,
                });
            };
            let (first, second) = if my_seat_first {
                ((me.id.as_str(), Some(&me.name)), (other.account.as_str(), other.name.as_ref()))
            } else {
                ((other.account.as_str(), other.name.as_ref()), (me.id.as_str(), Some(&me.name)))
            };
            let new = between_accounts(
                asked.variant,
                asked.time,
                true,
                &[(first.0, first.1), (second.0, second.1)],
                owner,
                now,
            );
            let game = new.game.id.clone();
            insert_game!(&mut *tx, &NewGameRows::of(&new));
            // The other's next look takes the game and their seat from their row.
            sqlx::query("UPDATE pairing SET game_id = $1, seat = $2 WHERE account_id = $3")
                .bind(game.as_str())
                .bind(if my_seat_first { 1_i64 } else { 0 })
                .bind(&other.account)
                .execute(&mut *tx)
                .await?;
            end_my_wait!(tx, me);
            tx.commit().await?;
            Ok(Attempt::Paired {
                game,
                seat: Player(if my_seat_first { 0 } else { 1 }),
            })
        })
    }

    /// The people waiting to be paired at `now`, longest waiting first.
    pub(super) async fn waiting_for_pairing(
        &self,
        now: i64,
    ) -> Result<Vec<WaitingPlayer>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT name, rating, variant, time_kind, time_a, time_b, asked_at FROM pairing \
                 WHERE game_id IS NULL AND pool = 'people' AND seen_at > $1 AND name IS NOT NULL \
                 ORDER BY asked_at LIMIT 50",
            )
            .bind(now - STALE_MS)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some(WaitingPlayer {
                    name: AccountName::parse(r.get::<Option<&str>, _>("name")?).ok()?,
                    rating: r.get::<f64, _>("rating").round() as i32,
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                    waited_ms: (now - r.get::<i64, _>("asked_at")).max(0) as u64,
                })
            })
            .collect()
        }))
    }

    /// Gives up `account`'s wait (a pairing already made stays: the game is theirs).
    pub(super) async fn cancel_pairing(&self, account: &str) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM pairing WHERE account_id = $1 AND game_id IS NULL")
                .bind(account)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Forgets the waits nobody has asked after since `before` (a pairing nobody took
    /// after ten times as long: its game is on the player's page anyway).
    pub(super) async fn forget_stale_pairing(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "DELETE FROM pairing WHERE (game_id IS NULL AND seen_at < $1) \
                 OR seen_at < $2",
            )
            .bind(before)
            .bind(before - 9 * STALE_MS)
            .execute(pool)
            .await?
            .rows_affected()
        }))
    }
}

#[cfg(test)]
mod tests {
    use camelot_online::protocol::accounts::AccountKind;

    use super::*;

    fn account(id: &str, name: &str, kind: AccountKind, with_people: bool) -> Account {
        Account {
            id: id.into(),
            name: AccountName::parse(name).unwrap(),
            kind,
            rated_with_people: with_people,
            created_at: 0,
        }
    }

    fn asked(rating: f64) -> Asked {
        Asked {
            variant: Variant::Camelot,
            time: TimeControl::Untimed,
            rating,
        }
    }

    #[tokio::test]
    async fn the_nearest_rating_in_range_is_paired_and_the_range_widens() {
        let dir = std::env::temp_dir().join(format!("camelot-db-pairing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite://{}", dir.join("server.db").display()))
            .await
            .unwrap();
        let people = [
            account("p1", "Near", AccountKind::Person, false),
            account("p2", "Far", AccountKind::Person, false),
            account("p3", "Asker", AccountKind::Person, false),
            account("p4", "Engine", AccountKind::Computer, false),
            account("p5", "Late", AccountKind::Person, false),
        ];
        for a in &people {
            assert!(db.insert_account(a, "h", 0).await.unwrap());
        }
        let owner = Owner::Unknown;
        let waiting = |w| matches!(w, Attempt::Waiting { .. });
        // 1560 and 1900 wait; a program at 1500 waits in the programs' pool.
        assert!(waiting(
            db.try_pairing(&people[0], &asked(1560.0), owner, 0)
                .await
                .unwrap()
        ));
        assert!(waiting(
            db.try_pairing(&people[1], &asked(1900.0), owner, 0)
                .await
                .unwrap()
        ));
        assert!(waiting(
            db.try_pairing(&people[3], &asked(1500.0), owner, 0)
                .await
                .unwrap()
        ));
        // 1500 meets 1560 (in range at once), not the program, not 1900.
        let Attempt::Paired { game, seat } = db
            .try_pairing(&people[2], &asked(1500.0), owner, 1_000)
            .await
            .unwrap()
        else {
            panic!("paired");
        };
        // The other side learns it at its next look, in the other seat.
        let Attempt::Paired {
            game: theirs,
            seat: other,
        } = db
            .try_pairing(&people[0], &asked(1560.0), owner, 1_500)
            .await
            .unwrap()
        else {
            panic!("paired too");
        };
        assert_eq!((theirs, Player(1 - seat.0)), (game.clone(), other));
        let g = db.load(&game).await.unwrap().unwrap();
        assert!(g.rated);
        let mut names: Vec<String> = g
            .seats
            .iter()
            .map(|s| s.account.clone().unwrap().shown.shown_name())
            .collect();
        names.sort();
        assert_eq!(names, ["Asker", "Near"]);
        // 1900 is 400 away from a 1500 who has just come: not yet; the ranges widen with
        // the wait (10 a second), and after 30 s they meet.
        assert!(waiting(
            db.try_pairing(&people[4], &asked(1500.0), owner, 2_000)
                .await
                .unwrap()
        ));
        assert!(waiting(
            db.try_pairing(&people[1], &asked(1900.0), owner, 10_000)
                .await
                .unwrap()
        ));
        assert!(matches!(
            db.try_pairing(&people[4], &asked(1500.0), owner, 32_500)
                .await
                .unwrap(),
            Attempt::Paired { .. }
        ));
    }
}
