//! The games' queries: a new game stored, a change written (naming the plies it expects,
//! so that two processes never both extend a game: the second is told of the conflict
//! and reads the game again), a game read back, the live games listed, the games nobody
//! joined forgotten.

use camelot_engine::{Player, Variant};
use camelot_online::protocol::accounts::AccountKind;
use camelot_online::protocol::requests::GameSummary;
use camelot_online::protocol::{GameId, PlayerName};
use sqlx::Row;

use crate::common::owner::{self, Owner};
use crate::games::listings::listed_after;
use crate::games::live::{Change, Holder, LiveGame, NewGame, SeatInfo, SeatRow};
use crate::games::rows::{
    insert_game, level_of, split, time_of, write_row, LoadError, NewGameRows, StoredGame,
    StoredPly, WriteError, WriteRow,
};
use crate::ratings;
use crate::store::{batch, notify_others, on, places, Db};

/// A seat's row: its token's hash (empty while open), its name, its computer's level
/// and its account.
type StoredSeat = (String, Option<String>, Option<String>, Option<String>);

/// What the TV needs to know of a game it shows ([`Db::glance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glance {
    pub variant: Variant,
    /// Still being played.
    pub live: bool,
    /// When its last move was made (ms since the epoch): for a game over, when it ended.
    pub last_move_at: i64,
}

/// The most games one round of forgetting deletes (the one SQLite writer is the moves'
/// too: a round holds it briefly).
pub const FORGET_BATCH: i64 = 100;

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
                crate::queue::person_came!(tx, id.as_str());
                notify_others!(self, tx, id.as_str());
            }
            tx.commit().await?;
            Ok(taken)
        })
    }

    /// Stores a new game and its seats.
    pub async fn create(&self, new: &NewGame) -> Result<(), sqlx::Error> {
        let rows = NewGameRows::of(new);
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            insert_game!(&mut *tx, &rows);
            tx.commit().await
        })
    }

    /// Stores what `change` did to the game, which stood at `old_plies` plies when it was
    /// read: the new state of `g`, the ply it added, or the plies it took back. On
    /// SQLite the write joins the writer's next batch (one commit, one flush to disk, for
    /// every game that moved meanwhile); on PostgreSQL it is a transaction of its own,
    /// which notifies the other processes as it commits.
    pub async fn save(
        &self,
        g: &LiveGame,
        old: &LiveGame,
        change: &Change,
    ) -> Result<(), WriteError> {
        let row = WriteRow::of(g, old, change);
        let applied = match self {
            Db::Sqlite { writer, .. } => {
                let write: batch::Write = Box::new(move |tx| {
                    Box::pin(async move { Ok::<_, sqlx::Error>(write_row!(tx, &row)) })
                });
                batch::write(writer, write).await?
            }
            Db::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                let applied = write_row!(&mut *tx, &row);
                if applied {
                    notify_others!(self, tx, &row.id);
                    tx.commit().await?;
                }
                applied
            }
        };
        if applied {
            Ok(())
        } else {
            Err(WriteError::Conflict)
        }
    }

    /// The game as stored, replayed by the engine; `None` if there is no such game. The
    /// replay runs off the async workers: a long game costs milliseconds of CPU.
    pub async fn load(&self, id: &GameId) -> Result<Option<LiveGame>, LoadError> {
        let Some(stored) = self.read(id).await? else {
            return Ok(None);
        };
        let id = id.clone();
        tokio::task::spawn_blocking(move || stored.into_game(&id))
            .await
            .map_err(|_| LoadError::Interrupted)?
            .map(Some)
    }

    /// A game's rows as stored.
    async fn read(&self, id: &GameId) -> Result<Option<StoredGame>, LoadError> {
        let id_text = id.as_str();
        // Read from the writer on SQLite: a game just written is then always seen.
        let stored = on!(self, write pool => {
            let row = sqlx::query(
                "SELECT variant, time_kind, time_a, time_b, created_at, status, result, reason, \
                 clocks, last_move_at, draw_offer, takeback_offer, rematch_offer, rematch, \
                 joined, rated, rating_range, first_move_ms FROM games WHERE id = $1",
            )
            .bind(id_text)
            .fetch_optional(pool)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let plies = sqlx::query(
                "SELECT notation, seat, at, clocks FROM plies WHERE game_id = $1 ORDER BY ply",
            )
            .bind(id_text)
            .fetch_all(pool)
            .await?;
            StoredGame {
                variant: row.get("variant"),
                time: time_of(row.get("time_kind"), row.get("time_a"), row.get("time_b")),
                created_at: row.get("created_at"),
                status: row.get("status"),
                result: row.get("result"),
                reason: row.get("reason"),
                clocks: row.get("clocks"),
                last_move_at: row.get("last_move_at"),
                draw_offer: row.get("draw_offer"),
                takeback_offer: row.get("takeback_offer"),
                rematch_offer: row.get("rematch_offer"),
                rematch: row.get("rematch"),
                joined: row.get::<i64, _>("joined") != 0,
                rated: row.get::<i32, _>("rated") != 0,
                rating_range: row
                    .get::<Option<i32>, _>("rating_range")
                    .and_then(|r| u32::try_from(r).ok()),
                first_move_ms: row.get("first_move_ms"),
                plies: plies
                    .iter()
                    .map(|r| StoredPly {
                        notation: r.get("notation"),
                        seat: Player(r.get::<i64, _>("seat") as u8),
                        at: r.get("at"),
                        clocks_after: split(r.get("clocks")),
                    })
                    .collect(),
                seats: Vec::new(),
            }
        });
        let seats = self.seat_infos(id, &stored.variant).await?;
        Ok(Some(StoredGame { seats, ..stored }))
    }

    /// A game's seats as everyone sees them, in turn order: each with its player's
    /// account (asked of the accounts), their rating in the variant, and the change this
    /// game made to it once it is rated and over (asked of the ratings).
    pub async fn seat_infos(
        &self,
        id: &GameId,
        variant: &str,
    ) -> Result<Vec<SeatInfo>, sqlx::Error> {
        let stored: Vec<StoredSeat> = on!(self, write pool => {
            sqlx::query(
                "SELECT token_hash, name, computer, account_id FROM seats \
                 WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id.as_str())
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| (r.get("token_hash"), r.get("name"), r.get("computer"), r.get("account_id")))
            .collect()
        });
        let accounts: Vec<String> = stored.iter().filter_map(|s| s.3.clone()).collect();
        let facts = self.facts_of(&accounts).await?;
        let now = self.ratings_of_accounts(&accounts).await?;
        let changes = self.changes_of_game(id).await?;
        let variant: Option<Variant> = variant.parse().ok();
        Ok(stored
            .into_iter()
            .map(|(token_hash, name, computer, account)| SeatInfo {
                open: token_hash.is_empty() && computer.is_none(),
                computer: level_of(computer.as_deref()),
                // A name this build would not accept is shown as none.
                name: name.and_then(|n| PlayerName::parse(&n).ok()),
                account: account.map(|id| {
                    let known = facts.get(&id);
                    let name = known.and_then(|f| f.name.clone());
                    let shown = match changes.get(&id) {
                        Some(&(b, a, d)) => ratings::shown(name, Some((b, d)), Some(a - b)),
                        None => {
                            let rating = variant.and_then(|v| now.get(&(id.clone(), v)).copied());
                            ratings::shown(name, rating, None)
                        }
                    };
                    Holder {
                        kind: known.map_or(AccountKind::Person, |f| f.kind),
                        rated_with_people: known.is_some_and(|f| f.rated_with_people),
                        id,
                        shown,
                    }
                }),
            })
            .collect())
    }

    /// A game's seats as stored, in turn order: what a rematch copies.
    pub async fn seat_rows(&self, id: &GameId) -> Result<Vec<SeatRow>, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "SELECT token_hash, name, computer, account_id FROM seats WHERE game_id = $1 \
                 ORDER BY seat",
            )
                .bind(id.as_str())
                .fetch_all(pool)
                .await?
                .iter()
                .map(|r| {
                    let hash: String = r.get("token_hash");
                    SeatRow {
                        computer: level_of(r.get("computer")),
                        token_hash: (!hash.is_empty()).then_some(hash),
                        name: r
                            .get::<Option<&str>, _>("name")
                            .and_then(|n| PlayerName::parse(n).ok()),
                        account: r.get("account_id"),
                    }
                })
                .collect()
        }))
    }

    /// Keeps the name a seat's player gave (and the account that now holds the seat, if
    /// none held it), and notes that the game has been joined.
    pub async fn seat_joined(
        &self,
        id: &GameId,
        seat: Player,
        name: Option<&PlayerName>,
        account: Option<&str>,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE games SET joined = 1 WHERE id = $1 AND joined = 0")
                .bind(id.as_str())
                .execute(&mut *tx)
                .await?;
            crate::queue::person_came!(tx, id.as_str());
            if let Some(name) = name {
                sqlx::query("UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(name.as_str())
                    .bind(id.as_str())
                    .bind(seat.0 as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            if let Some(account) = account {
                sqlx::query(
                    "UPDATE seats SET account_id = $1 \
                     WHERE game_id = $2 AND seat = $3 AND account_id IS NULL",
                )
                .bind(account)
                .bind(id.as_str())
                .bind(seat.0 as i64)
                .execute(&mut *tx)
                .await?;
            }
            notify_others!(self, tx, id.as_str());
            tx.commit().await
        })
    }

    /// The first seat of game `id` the account holds.
    pub async fn seat_of_account(
        &self,
        id: &GameId,
        account: &str,
    ) -> Result<Option<Player>, sqlx::Error> {
        let seat: Option<i64> = on!(self, read pool => {
            sqlx::query(
                "SELECT MIN(seat) AS seat FROM seats WHERE game_id = $1 AND account_id = $2",
            )
            .bind(id.as_str())
            .bind(account)
            .fetch_one(pool)
            .await?
            .get("seat")
        });
        Ok(seat.map(|s| Player(s as u8)))
    }

    /// The seat whose token hashes to `hash` in game `id`.
    pub async fn seat_of(&self, id: &GameId, hash: &str) -> Result<Option<Player>, sqlx::Error> {
        let seat: Option<i64> = on!(self, read pool => {
            sqlx::query("SELECT seat FROM seats WHERE game_id = $1 AND token_hash = $2")
                .bind(id.as_str())
                .bind(hash)
                .fetch_optional(pool)
                .await?
                .map(|r| r.get("seat"))
        });
        Ok(seat.map(|s| Player(s as u8)))
    }

    /// Whose game `id` is.
    pub async fn owner_of(&self, id: &GameId) -> Result<Owner, sqlx::Error> {
        let code: Option<String> = on!(self, write pool => {
            sqlx::query("SELECT owner FROM games WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(pool)
                .await?
                .map(|r| r.get("owner"))
        });
        Ok(code.map_or(Owner::Unknown, |c| Owner::from_code(&c)))
    }

    /// How many live games with a computer seat `owner` has, and how many of those no
    /// person has joined.
    pub async fn computer_games_of(&self, owner: Owner) -> Result<(u64, u64), sqlx::Error> {
        let (live, unjoined): (i64, i64) = on!(self, read pool => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS live, COUNT(CASE WHEN joined = 0 THEN 1 END) AS unjoined \
                 FROM games g WHERE owner = $1 AND status = 'live' AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.computer IS NOT NULL)",
            )
            .bind(owner.code())
            .fetch_one(pool)
            .await?;
            (row.get("live"), row.get("unjoined"))
        });
        Ok((live as u64, unjoined as u64))
    }

    /// A page of the live games, newest first: at most `limit`, older than the game
    /// `before` where it is given.
    pub async fn live_games(
        &self,
        before: Option<&GameId>,
        limit: u32,
    ) -> Result<Vec<GameSummary>, sqlx::Error> {
        // Ordered by creation, then id: a cursor names one place in that order.
        Ok(on!(self, read pool => {
            sqlx::query(&format!(
                "SELECT id, variant, time_kind, time_a, time_b, plies, owner, rated FROM games \
                 WHERE status = 'live' AND {} \
                 ORDER BY created_at DESC, id DESC LIMIT $2",
                listed_after("games", "$1")
            ))
            .bind(before.map(GameId::as_str))
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                // A row this build cannot read is left out of the list, not the list lost.
                Some(GameSummary {
                    id: GameId::parse(r.get("id")).ok()?,
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                    plies: r.get::<i64, _>("plies") as u32,
                    connected: 0,
                    // The TV's one live game is the one it shows.
                    tv: r.get::<&str, _>("owner") == owner::TV,
                    rated: r.get::<i32, _>("rated") != 0,
                })
            })
            .collect()
        }))
    }

    /// Live games whose mover's time ran out by `now`.
    pub async fn overdue(&self, now: i64) -> Result<Vec<GameId>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE status = 'live' AND deadline_at IS NOT NULL \
                 AND deadline_at <= $1 LIMIT 500",
            )
            .bind(now)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| GameId::parse(r.get("id")).ok())
            .collect()
        }))
    }

    /// Forgets the games created before `before` (unix ms) that no person ever joined,
    /// whatever the computer played in them (the TV's are kept by their own rule): at
    /// most [`FORGET_BATCH`] a call.
    pub async fn forget_unjoined(&self, before: i64) -> Result<u64, sqlx::Error> {
        let ids: Vec<String> = on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE joined = 0 AND created_at < $1 AND owner <> $2 \
                 LIMIT $3",
            )
            .bind(before)
            .bind(owner::TV)
            .bind(FORGET_BATCH)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect()
        });
        self.forget(&ids).await
    }

    /// Game `id`'s variant, whether it goes on, and when its last move was made (for a
    /// game over, when it ended): what the TV shows of the game it has on.
    pub async fn glance(&self, id: &GameId) -> Result<Option<Glance>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT variant, last_move_at, CASE WHEN status = 'live' THEN 1 ELSE 0 END AS live \
                 FROM games WHERE id = $1",
            )
            .bind(id.as_str())
            .fetch_optional(pool)
            .await?
            .and_then(|r| {
                Some(Glance {
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    live: r.get::<i32, _>("live") == 1,
                    last_move_at: r.get("last_move_at"),
                })
            })
        }))
    }

    /// The finished games of `owner` but its newest `keep` and the game `except`: at most
    /// [`FORGET_BATCH`], for the room that owns them to forget.
    pub async fn finished_but_newest(
        &self,
        owner: &str,
        keep: u32,
        except: Option<&GameId>,
    ) -> Result<Vec<String>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 AND ($4 IS NULL OR id <> $4) \
                 AND id NOT IN (SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 ORDER BY created_at DESC, id DESC LIMIT $2) LIMIT $3",
            )
            .bind(owner)
            .bind(keep as i64)
            .bind(FORGET_BATCH)
            .bind(except.map(GameId::as_str))
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect()
        }))
    }

    /// Deletes the games `ids` and everything of theirs, in one transaction.
    pub async fn forget(&self, ids: &[String]) -> Result<u64, sqlx::Error> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = places(1, ids.len());
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let mut gone = 0;
            // A game's turns owed to the computer and its analysis go with it.
            crate::queue::forget_work_of!(tx, &list, ids);
            for statement in [
                "DELETE FROM plies WHERE game_id IN ({list})",
                "DELETE FROM seats WHERE game_id IN ({list})",
                "DELETE FROM games WHERE id IN ({list})",
            ] {
                let sql = statement.replace("{list}", &list);
                let mut q = sqlx::query(&sql);
                for id in ids {
                    q = q.bind(id);
                }
                gone = q.execute(&mut *tx).await?.rows_affected();
            }
            tx.commit().await?;
            Ok(gone)
        })
    }
}

#[cfg(test)]
mod tests;
