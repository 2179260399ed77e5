//! A game's rows: what a write stores (a game's row as it now stands, the ply added or
//! the plies taken back, a new game's seats, the turn the computer owes), and a stored
//! game read back and replayed by the engine. The writes are macros, so that the same
//! statements run on a transaction of either database.

use camelot_engine::{EndReason, Excerpt, NotationError, Outcome, Player, Variant};
use camelot_online::protocol::{GameEnd, GameId, TimeControl};

use crate::games::live::{Change, LiveGame, NewGame, Offers, Ply, SeatInfo, Status};
use crate::ratings::RatedEnding;

/// A stored game that could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    /// The row names no variant this build knows.
    #[error("an unknown variant '{}'", Excerpt::new(.0))]
    Variant(String),
    /// A stored ply does not replay.
    #[error("ply {ply}: {error}")]
    Ply { ply: usize, error: NotationError },
    /// A stored ply comes after the game is over.
    #[error("ply {ply} comes after the game ended")]
    PlyAfterEnd { ply: usize },
    /// A finished game's result and reason name no ending.
    #[error(
        "the result '{}' for '{}' is no ending",
        Excerpt::new(result),
        Excerpt::new(reason)
    )]
    Ending { result: String, reason: String },
    /// The replay was cut short (the server is stopping).
    #[error("the replay was cut short")]
    Interrupted,
}

/// Why a write did not happen.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Another process changed the game first: read it again.
    #[error("another process changed the game first")]
    Conflict,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// What one write stores: the game's row as it now stands, and the ply added or the
/// plies taken back.
pub struct WriteRow {
    pub id: String,
    pub old_plies: i64,
    pub plies: i64,
    pub clocks: String,
    pub last_move_at: i64,
    pub deadline_at: Option<i64>,
    /// The status the write expects the game to have now.
    pub old_status: &'static str,
    pub status: &'static str,
    pub result: Option<&'static str>,
    pub reason: Option<&'static str>,
    pub draw_offer: Option<i64>,
    pub takeback_offer: Option<i64>,
    pub rematch_offer: Option<i64>,
    pub rematch: Option<String>,
    /// Plies from this one on are deleted (a takeback).
    pub keep: Option<i64>,
    /// The ply added: its number, notation, seat, time and clocks.
    pub added: Option<(i64, String, i64, i64, String)>,
    /// The rematch's game, stored with the change that agreed it.
    pub new_game: Option<NewGameRows>,
    /// The turn the computer owes after the change, if it owes one.
    pub owed: Option<(i64, i64)>,
    /// A rated game's end, settled with it.
    pub rated: Option<RatedEnding>,
}

/// A seat's columns: its token's hash (empty: open, or the computer's), name, computer
/// level and account.
pub struct SeatColumns {
    pub hash: String,
    pub name: Option<String>,
    pub computer: Option<&'static str>,
    pub account: Option<String>,
}

/// A new game's rows: the game's and its seats'.
pub struct NewGameRows {
    pub id: String,
    pub variant: &'static str,
    pub time: (&'static str, i64, i64),
    pub created_at: i64,
    pub clocks: String,
    pub deadline_at: Option<i64>,
    /// Each seat's token hash (empty: open, or the computer's), name, computer level and
    /// account, in turn order.
    pub seats: Vec<SeatColumns>,
    pub rated: bool,
    pub rating_range: Option<i64>,
    pub first_move_ms: Option<i64>,
    /// The turn the computer owes from the start, if the first seat is its.
    pub owed: Option<(i64, i64)>,
    /// Whose the game is ([`Owner::code`]).
    pub owner: String,
}

impl NewGameRows {
    pub fn of(new: &NewGame) -> NewGameRows {
        let g = &new.game;
        NewGameRows {
            id: g.id.as_str().to_string(),
            variant: g.variant.id(),
            time: time_columns(g.time),
            created_at: g.created_at,
            clocks: join(&g.clocks),
            deadline_at: g.deadline(),
            seats: new
                .seats
                .iter()
                .map(|s| SeatColumns {
                    hash: s.token_hash.clone().unwrap_or_default(),
                    name: s.name.as_ref().map(|n| n.as_str().to_string()),
                    computer: s.computer.map(|l| l.name),
                    account: s.account.clone(),
                })
                .collect(),
            owed: owed(g),
            owner: new.owner.code(),
            rated: g.rated,
            rating_range: g.rating_range.map(i64::from),
            first_move_ms: g.first_move_ms,
        }
    }
}

/// The turn the computer owes in `g`, if it owes one: the ply, and when it fell due.
pub fn owed(g: &LiveGame) -> Option<(i64, i64)> {
    g.computer_to_move()
        .map(|_| (g.plies.len() as i64, g.computer_due_at()))
}

/// Inserts a new game's rows on a transaction of either database.
macro_rules! insert_game {
    ($tx:expr, $rows:expr) => {{
        let rows: &$crate::games::NewGameRows = $rows;
        let (kind, a, b) = rows.time;
        sqlx::query(
            "INSERT INTO games (id, variant, time_kind, time_a, time_b, created_at, status, \
             plies, clocks, last_move_at, deadline_at, joined, owner, rated, rating_range, \
             first_move_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, 'live', 0, $7, $6, $8, 0, $9, $10, $11, $12)",
        )
        .bind(&rows.id)
        .bind(rows.variant)
        .bind(kind)
        .bind(a)
        .bind(b)
        .bind(rows.created_at)
        .bind(&rows.clocks)
        .bind(rows.deadline_at)
        .bind(&rows.owner)
        .bind(i32::from(rows.rated))
        .bind(rows.rating_range.map(|r| r as i32))
        .bind(rows.first_move_ms)
        .execute(&mut *$tx)
        .await?;
        for (seat, columns) in rows.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, token_hash, name, computer, account_id) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&rows.id)
            .bind(seat as i64)
            .bind(&columns.hash)
            .bind(&columns.name)
            .bind(columns.computer)
            .bind(&columns.account)
            .execute(&mut *$tx)
            .await?;
        }
        let owed = rows.owed.map(|(ply, due_at)| $crate::queue::Owed {
            ply,
            due_at,
            owner: rows.owner.clone(),
            joined: false,
        });
        $crate::queue::owe_turn!($tx, &rows.id, owed);
    }};
}
pub(crate) use insert_game;

impl WriteRow {
    pub fn of(g: &LiveGame, old: &LiveGame, change: &Change) -> WriteRow {
        let (status, result, reason) = status_columns(g.status);
        let old_plies = old.plies.len();
        WriteRow {
            old_status: status_columns(old.status).0,
            id: g.id.as_str().to_string(),
            old_plies: old_plies as i64,
            plies: g.plies.len() as i64,
            clocks: join(&g.clocks),
            last_move_at: g.last_move_at,
            deadline_at: g.deadline(),
            status,
            result,
            reason,
            draw_offer: g.offers.draw.map(|p| p.0 as i64),
            takeback_offer: g.offers.takeback.map(|p| p.0 as i64),
            rematch_offer: g.offers.rematch.map(|p| p.0 as i64),
            rematch: g.rematch.as_ref().map(|id| id.as_str().to_string()),
            keep: match change {
                Change::TakenBack { keep } => Some(*keep as i64),
                _ => None,
            },
            added: match (change, g.plies.last()) {
                (Change::Moved, Some(p)) => Some((
                    g.plies.len() as i64 - 1,
                    p.named.notation.clone(),
                    p.seat.0 as i64,
                    p.at,
                    join(&p.clocks_after),
                )),
                _ => None,
            },
            new_game: match change {
                Change::Rematch(new) => Some(NewGameRows::of(new)),
                _ => None,
            },
            owed: owed(g),
            rated: rated_ending(g, old),
        }
    }
}

/// The end `g` has come to since `old`, where it is rated and decided (an aborted game
/// changes nobody's rating).
fn rated_ending(g: &LiveGame, old: &LiveGame) -> Option<RatedEnding> {
    match (g.rated, old.status, g.status) {
        (true, Status::Live, Status::Over(GameEnd::Decided(outcome))) => Some(RatedEnding {
            game: g.id.as_str().to_string(),
            variant: g.variant,
            at: g.last_move_at,
            winner: outcome.winner,
        }),
        _ => None,
    }
}

/// Applies a [`WriteRow`] on a transaction of either database; `false` (and nothing
/// written) if the game no longer stands where the write expects it.
macro_rules! write_row {
    ($tx:expr, $row:expr) => {{
        let row: &$crate::games::rows::WriteRow = $row;
        // The version check comes first: a write that fails it changes nothing.
        let updated = sqlx::query(
            "UPDATE games SET plies = $1, clocks = $2, last_move_at = $3, deadline_at = $4, \
             status = $5, result = $6, reason = $7, draw_offer = $8, takeback_offer = $9, \
             rematch_offer = $12, rematch = $13 \
             WHERE id = $10 AND plies = $11 AND status = $14 AND rematch IS NULL",
        )
        .bind(row.plies)
        .bind(&row.clocks)
        .bind(row.last_move_at)
        .bind(row.deadline_at)
        .bind(row.status)
        .bind(row.result)
        .bind(row.reason)
        .bind(row.draw_offer)
        .bind(row.takeback_offer)
        .bind(&row.id)
        .bind(row.old_plies)
        .bind(row.rematch_offer)
        .bind(&row.rematch)
        .bind(row.old_status)
        .execute(&mut *$tx)
        .await?;
        if updated.rows_affected() == 1 {
            if let Some(new_game) = &row.new_game {
                $crate::games::insert_game!($tx, new_game);
            }
            if let Some(keep) = row.keep {
                sqlx::query("DELETE FROM plies WHERE game_id = $1 AND ply >= $2")
                    .bind(&row.id)
                    .bind(keep)
                    .execute(&mut *$tx)
                    .await?;
            }
            if let Some((ply, notation, seat, at, clocks)) = &row.added {
                sqlx::query(
                    "INSERT INTO plies (game_id, ply, notation, seat, at, clocks) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&row.id)
                .bind(*ply)
                .bind(notation)
                .bind(*seat)
                .bind(*at)
                .bind(clocks)
                .execute(&mut *$tx)
                .await?;
            }
            // Whose the game is and whether a person has come, as the game is stored.
            let owed = match row.owed {
                Some((ply, due_at)) => {
                    let game = sqlx::query("SELECT owner, joined FROM games WHERE id = $1")
                        .bind(&row.id)
                        .fetch_one(&mut *$tx)
                        .await?;
                    Some($crate::queue::Owed {
                        ply,
                        due_at,
                        owner: sqlx::Row::get(&game, "owner"),
                        joined: sqlx::Row::get::<i64, _>(&game, "joined") != 0,
                    })
                }
                None => None,
            };
            $crate::queue::owe_turn!($tx, &row.id, owed);
            if let Some(ending) = &row.rated {
                // The seats' accounts as the game stores them, in the same transaction.
                let seated: Vec<(i64, Option<String>)> = sqlx::query(
                    "SELECT seat, account_id FROM seats WHERE game_id = $1 ORDER BY seat",
                )
                .bind(&ending.game)
                .fetch_all(&mut *$tx)
                .await?
                .iter()
                .map(|r| (sqlx::Row::get(r, "seat"), sqlx::Row::get(r, "account_id")))
                .collect();
                $crate::ratings::settle!($tx, ending, seated);
            }
            true
        } else {
            false
        }
    }};
}
pub(crate) use write_row;

/// A computer level by the name a seat's row keeps; a name this build does not know
/// (or a person's seat) is none.
pub fn level_of(name: Option<&str>) -> Option<camelot_engine::Level> {
    name.and_then(camelot_engine::Level::by_name)
}

/// A game's rows as stored, before its plies are replayed.
pub struct StoredGame {
    pub variant: String,
    pub time: TimeControl,
    pub created_at: i64,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub clocks: String,
    pub last_move_at: i64,
    pub draw_offer: Option<i64>,
    pub takeback_offer: Option<i64>,
    pub rematch_offer: Option<i64>,
    pub rematch: Option<String>,
    pub joined: bool,
    pub rated: bool,
    pub rating_range: Option<u32>,
    pub first_move_ms: Option<i64>,
    pub plies: Vec<StoredPly>,
    pub seats: Vec<SeatInfo>,
}

/// A ply's row: the move as its record writes it.
pub struct StoredPly {
    pub notation: String,
    pub seat: Player,
    pub at: i64,
    pub clocks_after: Vec<i64>,
}

impl StoredGame {
    pub fn into_game(self, id: &GameId) -> Result<LiveGame, LoadError> {
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|_| LoadError::Variant(self.variant.clone()))?;
        let mut g = LiveGame::new(id.clone(), variant, self.time, self.created_at);
        // The record is read once, here, where it enters the program.
        for (ply, p) in self.plies.into_iter().enumerate() {
            let pos = g.game.position();
            let mv = pos
                .parse_move(&p.notation)
                .map_err(|error| LoadError::Ply { ply, error })?;
            let named = pos.name_move(&mv).expect("a legal move has a name");
            g.game
                .play(&mv)
                .map_err(|_| LoadError::PlyAfterEnd { ply })?;
            g.plies.push(Ply {
                mv,
                named,
                seat: p.seat,
                at: p.at,
                clocks_after: p.clocks_after,
            });
        }
        g.clocks = split(&self.clocks);
        g.last_move_at = self.last_move_at;
        g.offers = Offers {
            draw: self.draw_offer.map(|p| Player(p as u8)),
            takeback: self.takeback_offer.map(|p| Player(p as u8)),
            rematch: self.rematch_offer.map(|p| Player(p as u8)),
        };
        g.joined = self.joined;
        g.rated = self.rated;
        g.rating_range = self.rating_range;
        g.first_move_ms = self.first_move_ms;
        g.rematch = self.rematch.and_then(|r| GameId::parse(&r).ok());
        if self.seats.len() == g.seats.len() {
            g.seats = self.seats;
        }
        if self.status != "live" {
            let end = ending(self.result.as_deref(), self.reason.as_deref()).ok_or_else(|| {
                LoadError::Ending {
                    result: self.result.unwrap_or_default(),
                    reason: self.reason.unwrap_or_default(),
                }
            })?;
            // The game's own record keeps the result the board did not decide (time,
            // resignation, agreement), as it did before it was stored.
            if let (GameEnd::Decided(o), None) = (end, g.game.outcome()) {
                g.game.declare(o);
            }
            g.status = Status::Over(end);
        }
        Ok(g)
    }
}

/// The ending a finished game's stored result and reason name.
pub fn ending(result: Option<&str>, reason: Option<&str>) -> Option<GameEnd> {
    match (result?, reason?) {
        ("*", ABORTED) => Some(GameEnd::Aborted),
        (token, code) => {
            Outcome::from_result_token(token, EndReason::from_code(code)?).map(GameEnd::Decided)
        }
    }
}

/// The reason stored for a game called off before both sides moved.
const ABORTED: &str = "aborted";

pub fn time_columns(t: TimeControl) -> (&'static str, i64, i64) {
    match t {
        TimeControl::Untimed => ("untimed", 0, 0),
        TimeControl::Clock { minutes, increment } => ("clock", minutes as i64, increment as i64),
        TimeControl::Days { days } => ("days", days as i64, 0),
    }
}

pub fn time_of(kind: &str, a: i64, b: i64) -> TimeControl {
    match kind {
        "clock" => TimeControl::Clock {
            minutes: a as u32,
            increment: b as u32,
        },
        "days" => TimeControl::Days { days: a as u32 },
        _ => TimeControl::Untimed,
    }
}

/// The status, result and reason columns: `over`, the result token and the reason's
/// code.
pub fn status_columns(s: Status) -> (&'static str, Option<&'static str>, Option<&'static str>) {
    match s {
        Status::Live => ("live", None, None),
        Status::Over(GameEnd::Aborted) => ("over", Some("*"), Some(ABORTED)),
        Status::Over(GameEnd::Decided(o)) => {
            ("over", Some(o.result_token()), Some(o.reason.code()))
        }
    }
}

pub fn join(clocks: &[i64]) -> String {
    clocks
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

pub fn split(s: &str) -> Vec<i64> {
    s.split(',').filter_map(|c| c.parse().ok()).collect()
}

/// An account closed: its name leaves the seats it held (its games stay, a "deleted
/// player" plays them), on the transaction `$tx` that closes it.
macro_rules! names_leave_seats {
    ($tx:expr, $account:expr) => {{
        sqlx::query("UPDATE seats SET name = NULL WHERE account_id = $1")
            .bind($account)
            .execute(&mut *$tx)
            .await?;
    }};
}
pub(crate) use names_leave_seats;
