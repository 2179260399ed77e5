//! The tournaments' queries: one made (its creator joined), the lists, its players,
//! games and byes read back, a player joining, withdrawing or pausing, the director's
//! lease, and a step of the director written only if the tournament is still as it read
//! it.

use camelot_engine::Variant;
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{
    GameScore, TournamentId, TournamentKind, TournamentState,
};
use camelot_online::protocol::{GameId, TimeControl};
use sqlx::Row;

use crate::games::{insert_game, time_columns, time_of, NewGame, NewGameRows};
use crate::store::{on, Db};
use crate::tournaments::marks::Mark;
use crate::tournaments::scoring::{Entrant, Played};

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub name: String,
    pub kind: TournamentKind,
    pub variant: Variant,
    pub time: TimeControl,
    pub minutes: u32,
    pub rounds: u32,
    pub cycles: u32,
    pub rated: bool,
    pub programs: bool,
    pub max_players: u32,
    pub creator: Option<String>,
    pub creator_name: Option<AccountName>,
    pub created_at: i64,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub state: TournamentState,
    pub round: u32,
    pub step: i64,
    /// How many players it has (not withdrawn), where the query counted them.
    pub players: u32,
}

pub fn kind_code(k: TournamentKind) -> &'static str {
    match k {
        TournamentKind::Arena => "arena",
        TournamentKind::Swiss => "swiss",
        TournamentKind::RoundRobin => "roundrobin",
    }
}

pub fn kind_of(code: &str) -> Option<TournamentKind> {
    TournamentKind::ALL
        .into_iter()
        .find(|k| kind_code(*k) == code)
}

fn state_code(s: TournamentState) -> &'static str {
    match s {
        TournamentState::Soon => "soon",
        TournamentState::Running => "running",
        TournamentState::Finished => "finished",
        TournamentState::Cancelled => "cancelled",
    }
}

fn state_of(code: &str) -> Option<TournamentState> {
    [
        TournamentState::Soon,
        TournamentState::Running,
        TournamentState::Finished,
        TournamentState::Cancelled,
    ]
    .into_iter()
    .find(|s| state_code(*s) == code)
}

fn score_code(s: GameScore) -> &'static str {
    match s {
        GameScore::First => "first",
        GameScore::Second => "second",
        GameScore::Draw => "draw",
        GameScore::Void => "void",
    }
}

fn score_of(code: &str) -> Option<GameScore> {
    [
        GameScore::First,
        GameScore::Second,
        GameScore::Draw,
        GameScore::Void,
    ]
    .into_iter()
    .find(|s| score_code(*s) == code)
}

const COLUMNS: &str = "t.id, t.name, t.kind, t.variant, t.time_kind, t.time_a, t.time_b, \
     t.minutes, t.rounds, t.cycles, t.rated, t.programs, t.max_players, t.creator, \
     t.creator_name, t.created_at, t.starts_at, t.ends_at, t.state, t.round, t.step, \
     (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id \
      AND p.withdrawn = 0) AS players";

/// Inserts tournament `$t` on the transaction `$tx`.
macro_rules! insert_tournament {
    ($tx:expr, $t:expr) => {{
        let t: &TournamentRow = $t;
        let (kind, a, b) = time_columns(t.time);
        sqlx::query(
            "INSERT INTO tournaments (id, name, kind, variant, time_kind, time_a, time_b, \
                 minutes, rounds, cycles, rated, programs, max_players, creator, creator_name, \
                 created_at, starts_at, ends_at, state, round, step, changed_at) VALUES \
                 ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
                 NULL, 'soon', 0, 0, $16)",
        )
        .bind(t.id.as_str())
        .bind(&t.name)
        .bind(kind_code(t.kind))
        .bind(t.variant.id())
        .bind(kind)
        .bind(a)
        .bind(b)
        .bind(i64::from(t.minutes))
        .bind(i64::from(t.rounds))
        .bind(i64::from(t.cycles))
        .bind(i64::from(t.rated))
        .bind(i64::from(t.programs))
        .bind(i64::from(t.max_players))
        .bind(t.creator.as_deref())
        .bind(t.creator_name.as_ref().map(|n| n.as_str()))
        .bind(t.created_at)
        .bind(t.starts_at)
        .execute(&mut *$tx)
        .await?;
    }};
}
pub(super) use insert_tournament;

/// Inserts player `$e` into tournament `$id`, on the transaction `$tx`.
macro_rules! insert_entrant {
    ($tx:expr, $id:expr, $e:expr) => {{
        let e: &Entrant = $e;
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, account_id, name, rating, pool, \
             joined_at, withdrawn, paused) VALUES ($1, $2, $3, $4, $5, $6, 0, 0)",
        )
        .bind($id)
        .bind(&e.account)
        .bind(e.name.as_str())
        .bind(i64::from(e.rating))
        .bind(&e.pool)
        .bind(e.joined_at)
        .execute(&mut *$tx)
        .await?;
    }};
}

/// Marks tournament `$id` changed at `$now` (its page's readers look again), on `$tx`.
macro_rules! touch {
    ($tx:expr, $id:expr, $now:expr) => {{
        sqlx::query("UPDATE tournaments SET changed_at = $2 WHERE id = $1")
            .bind($id)
            .bind($now)
            .execute(&mut *$tx)
            .await?;
    }};
}

/// A tournament's row read back (a macro: each database's row type is its own); `None`
/// for one this build cannot read.
macro_rules! row_of {
    ($r:expr) => {{
        let r = $r;
        let text = |c: &str| r.try_get::<String, _>(c).ok();
        let number = |c: &str| r.try_get::<i64, _>(c).ok();
        let maybe_text = |c: &str| r.try_get::<Option<String>, _>(c).ok().flatten();
        let maybe_number = |c: &str| r.try_get::<Option<i64>, _>(c).ok().flatten();
        (|| {
            Some(TournamentRow {
                id: TournamentId::parse(&text("id")?).ok()?,
                name: text("name")?,
                kind: kind_of(&text("kind")?)?,
                variant: text("variant")?.parse().ok()?,
                time: time_of(&text("time_kind")?, number("time_a")?, number("time_b")?),
                minutes: number("minutes")? as u32,
                rounds: number("rounds")? as u32,
                cycles: number("cycles")? as u32,
                rated: number("rated")? != 0,
                programs: number("programs")? != 0,
                max_players: number("max_players")? as u32,
                creator: maybe_text("creator"),
                creator_name: maybe_text("creator_name").and_then(|n| AccountName::parse(&n).ok()),
                created_at: number("created_at")?,
                starts_at: number("starts_at")?,
                ends_at: maybe_number("ends_at"),
                state: state_of(&text("state")?)?,
                round: number("round")? as u32,
                step: number("step")?,
                players: number("players")? as u32,
            })
        })()
    }};
}

/// What one step of the director writes.
pub struct Step {
    pub id: TournamentId,
    /// The step it read: the write is made only if the tournament is still there.
    pub read: i64,
    pub now: i64,
    pub state: TournamentState,
    pub round: u32,
    pub rounds: u32,
    pub ends_at: Option<i64>,
    /// Games seen ended, and how.
    pub ended: Vec<(GameId, GameScore)>,
    /// Players who never came to a game of theirs: paused or withdrawn.
    pub absent: Vec<(String, Mark)>,
    /// Games paired: the round, the game (seated), its players' accounts in seat order.
    pub games: Vec<(u32, NewGame, Vec<String>)>,
    pub bye: Option<(u32, String)>,
    /// At a Swiss's or a round robin's start: the players who withdrew before it leave.
    pub drop_withdrawn: bool,
}

impl Db {
    /// Stores a new tournament.
    pub(super) async fn insert_tournament(&self, t: &TournamentRow) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            insert_tournament!(&mut *tx, t);
            tx.commit().await?;
            Ok(())
        })
    }

    /// The tournaments `creator` made that have not ended.
    pub(super) async fn open_tournaments_of(&self, creator: &str) -> Result<usize, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT COUNT(*) AS n FROM tournaments \
                 WHERE creator = $1 AND state IN ('soon', 'running')",
            )
            .bind(creator)
            .fetch_one(pool)
            .await?
            .get::<i64, _>("n") as usize
        }))
    }

    /// The tournaments in `state`, soonest first (the latest first for ended ones), at most
    /// `limit`.
    pub(super) async fn tournaments_in(
        &self,
        states: &[TournamentState],
        limit: i64,
    ) -> Result<Vec<TournamentRow>, sqlx::Error> {
        let codes: Vec<String> = states
            .iter()
            .map(|s| format!("'{}'", state_code(*s)))
            .collect();
        let order = if states.contains(&TournamentState::Soon) {
            "t.starts_at ASC"
        } else {
            "t.starts_at DESC"
        };
        let sql = format!(
            "SELECT {COLUMNS} FROM tournaments t WHERE t.state IN ({}) ORDER BY {order} \
             LIMIT $1",
            codes.join(", ")
        );
        Ok(on!(self, read pool => {
            sqlx::query(&sql)
                .bind(limit)
                .fetch_all(pool)
                .await?
                .iter()
                .filter_map(|r| row_of!(r))
                .collect()
        }))
    }

    /// Tournament `id`.
    pub(super) async fn tournament(
        &self,
        id: &TournamentId,
    ) -> Result<Option<TournamentRow>, sqlx::Error> {
        let sql = format!("SELECT {COLUMNS} FROM tournaments t WHERE t.id = $1");
        Ok(on!(self, read pool => {
            sqlx::query(&sql)
                .bind(id.as_str())
                .fetch_optional(pool)
                .await?
                .and_then(|r| row_of!(&r))
        }))
    }

    /// Tournament `id`'s players, in the order they joined.
    pub(super) async fn entrants(&self, id: &TournamentId) -> Result<Vec<Entrant>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT account_id, name, rating, pool, joined_at, withdrawn, paused \
                 FROM tournament_players WHERE tournament_id = $1 ORDER BY joined_at, account_id",
            )
            .bind(id.as_str())
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some(Entrant {
                    account: r.get("account_id"),
                    name: AccountName::parse(r.get::<&str, _>("name")).ok()?,
                    rating: r.get::<i64, _>("rating") as i32,
                    pool: r.get("pool"),
                    joined_at: r.get("joined_at"),
                    withdrawn: r.get::<i64, _>("withdrawn") != 0,
                    paused: r.get::<i64, _>("paused") != 0,
                })
            })
            .collect()
        }))
    }

    /// Tournament `id`'s games, in the order they started; with `live_of`, only that
    /// account's not yet seen ended (what a player waiting for their game asks often).
    pub(super) async fn tournament_games(
        &self,
        id: &TournamentId,
        live_of: Option<&str>,
    ) -> Result<Vec<Played>, sqlx::Error> {
        let only = if live_of.is_some() {
            " AND score IS NULL AND $2 IN (first_account, second_account, first_partner, \
             second_partner)"
        } else {
            ""
        };
        let sql = format!(
            "SELECT game_id, round, first_account, second_account, first_partner, \
             second_partner, started_at, score, ended_at FROM tournament_games \
             WHERE tournament_id = $1{only} \
             ORDER BY started_at, game_id"
        );
        Ok(on!(self, read pool => {
            let mut query = sqlx::query(&sql).bind(id.as_str());
            if let Some(account) = live_of {
                query = query.bind(account);
            }
            query
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some(Played {
                    game: GameId::parse(r.get::<&str, _>("game_id")).ok()?,
                    round: r.get::<i64, _>("round") as u32,
                    first: r.get("first_account"),
                    second: r.get("second_account"),
                    partners: match (
                        r.get::<Option<String>, _>("first_partner"),
                        r.get::<Option<String>, _>("second_partner"),
                    ) {
                        (Some(a), Some(b)) => Some([a, b]),
                        _ => None,
                    },
                    started_at: r.get("started_at"),
                    score: r
                        .get::<Option<String>, _>("score")
                        .and_then(|s| score_of(&s)),
                    ended_at: r.get("ended_at"),
                })
            })
            .collect()
        }))
    }

    /// Tournament `id`'s byes: the round and the player.
    pub(super) async fn byes(&self, id: &TournamentId) -> Result<Vec<(u32, String)>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT round, account_id FROM tournament_byes WHERE tournament_id = $1 \
                 ORDER BY round",
            )
            .bind(id.as_str())
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| (r.get::<i64, _>("round") as u32, r.get("account_id")))
            .collect()
        }))
    }

    /// `e` joins tournament `id` (again, where they had withdrawn); false where the
    /// tournament is full (`max` players not withdrawn).
    pub(super) async fn join_tournament(
        &self,
        id: &TournamentId,
        e: &Entrant,
        max: u32,
    ) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let n: i64 = sqlx::query(
                "SELECT COUNT(*) AS n FROM tournament_players \
                 WHERE tournament_id = $1 AND withdrawn = 0 AND account_id <> $2",
            )
            .bind(id.as_str())
            .bind(&e.account)
            .fetch_one(&mut *tx)
            .await?
            .get("n");
            if n >= i64::from(max) {
                return Ok(false);
            }
            let back = sqlx::query(
                "UPDATE tournament_players SET withdrawn = 0, paused = 0 \
                 WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(id.as_str())
            .bind(&e.account)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if back == 0 {
                insert_entrant!(&mut *tx, id.as_str(), e);
            }
            touch!(&mut *tx, id.as_str(), e.joined_at);
            tx.commit().await?;
            Ok(true)
        })
    }

    /// `account` withdraws from tournament `id` (`withdrawn`) or pauses in it; false where
    /// they are not in it.
    pub(super) async fn mark_player(
        &self,
        id: &TournamentId,
        account: &str,
        column: Mark,
        on: bool,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let n = sqlx::query(column.sql())
                .bind(id.as_str())
                .bind(account)
                .bind(i64::from(on))
                .execute(&mut *tx)
                .await?
                .rows_affected();
            touch!(&mut *tx, id.as_str(), now);
            tx.commit().await?;
            Ok(n > 0)
        })
    }

    /// The tournaments the director has work in at `now`: those due to start, and those
    /// under way.
    pub(super) async fn tournaments_due(&self, now: i64) -> Result<Vec<TournamentId>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM tournaments WHERE (state = 'soon' AND starts_at <= $1) \
                 OR state = 'running' ORDER BY starts_at",
            )
            .bind(now)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| TournamentId::parse(r.get::<&str, _>("id")).ok())
            .collect()
        }))
    }

    /// The director of process `me` takes tournament `id` until `until`, where no other
    /// live process holds it; false where one does.
    pub(super) async fn lease_tournament(
        &self,
        id: &TournamentId,
        me: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE tournaments SET leased_by = $2, lease_until = $4 WHERE id = $1 \
                 AND (leased_by IS NULL OR leased_by = $2 OR lease_until < $3)",
            )
            .bind(id.as_str())
            .bind(me)
            .bind(now)
            .bind(until)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Writes a step of the director, in one transaction, if the tournament is still at
    /// the step it read; false (and nothing written) where another wrote one since.
    pub(super) async fn write_step(&self, s: &Step) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let moved = sqlx::query(
                "UPDATE tournaments SET step = step + 1, changed_at = $3, state = $4, \
                 round = $5, rounds = $6, ends_at = $7 WHERE id = $1 AND step = $2",
            )
            .bind(s.id.as_str())
            .bind(s.read)
            .bind(s.now)
            .bind(state_code(s.state))
            .bind(i64::from(s.round))
            .bind(i64::from(s.rounds))
            .bind(s.ends_at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if moved != 1 {
                return Ok(false);
            }
            for (game, score) in &s.ended {
                sqlx::query(
                    "UPDATE tournament_games SET score = $3, ended_at = $4 \
                     WHERE tournament_id = $1 AND game_id = $2 AND score IS NULL",
                )
                .bind(s.id.as_str())
                .bind(game.as_str())
                .bind(score_code(*score))
                .bind(s.now)
                .execute(&mut *tx)
                .await?;
            }
            for (account, mark) in &s.absent {
                sqlx::query(mark.sql())
                    .bind(s.id.as_str())
                    .bind(account)
                    .bind(1_i64)
                    .execute(&mut *tx)
                    .await?;
            }
            for (round, new, seats) in &s.games {
                insert_game!(&mut *tx, &NewGameRows::of(new));
                sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, game_id, round, first_account, \
                     second_account, first_partner, second_partner, started_at, score, \
                     ended_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL)",
                )
                .bind(s.id.as_str())
                .bind(new.game.id.as_str())
                .bind(i64::from(*round))
                .bind(&seats[0])
                .bind(&seats[1])
                .bind(seats.get(2))
                .bind(seats.get(3))
                .bind(s.now)
                .execute(&mut *tx)
                .await?;
            }
            if let Some((round, account)) = &s.bye {
                sqlx::query(
                    "INSERT INTO tournament_byes (tournament_id, round, account_id) \
                     VALUES ($1, $2, $3)",
                )
                .bind(s.id.as_str())
                .bind(i64::from(*round))
                .bind(account)
                .execute(&mut *tx)
                .await?;
            }
            if s.drop_withdrawn {
                sqlx::query(
                    "DELETE FROM tournament_players WHERE tournament_id = $1 AND withdrawn = 1",
                )
                .bind(s.id.as_str())
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
    }
}
