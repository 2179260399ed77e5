//! The challenges' queries: a challenge sent, the lists of a player's, one answered (an
//! acceptance makes the game in the same transaction), the expired marked, and the
//! changes every process watches.

use camelot_engine::{Player, SeatColour, Variant};
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::challenges::{
    ChallengeId, ChallengeState, ChallengeView, ColourChoice, DeclineReason, SeatAnswer,
};
use camelot_online::protocol::{GameId, TimeControl};
use sqlx::Row;

use crate::challenges::tables::{
    accept_seat, answer_code, seat_of, seats_in, TableSeat, ASKED_AT_TABLES, SEAT_COLUMNS,
};
use crate::challenges::ANSWERED_KEPT_MS;
use crate::common::owner::Owner;
use crate::games::{between_accounts, insert_game, time_columns, time_of, NewGameRows};
use crate::store::{on, Db};

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub from_account: String,
    pub from_name: AccountName,
    pub to_account: String,
    pub to_name: AccountName,
    pub variant: Variant,
    pub time: TimeControl,
    pub rated: bool,
    pub colour: ColourChoice,
    pub rating: i32,
    pub provisional: bool,
    pub created_at: i64,
    pub expires_at: i64,
    pub changed_at: i64,
    pub state: Stored,
    /// Grand Cam: every seat, in turn order (none for two players).
    pub seats: Vec<TableSeat>,
}

/// A challenge's state as its row says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    Open,
    /// The game, and the challenger's seat in it.
    Accepted {
        game: GameId,
        from_seat: Player,
    },
    Declined(DeclineReason),
    Cancelled,
    Expired,
}

impl Stored {
    fn code(&self) -> &'static str {
        match self {
            Stored::Open => "open",
            Stored::Accepted { .. } => "accepted",
            Stored::Declined(_) => "declined",
            Stored::Cancelled => "cancelled",
            Stored::Expired => "expired",
        }
    }
}

impl ChallengeRow {
    /// Its state at `now`: an open one past its time has expired, marked or not.
    pub fn state_at(&self, now: i64) -> Stored {
        match &self.state {
            Stored::Open if self.expires_at <= now => Stored::Expired,
            s => s.clone(),
        }
    }

    /// The challenge as `viewer` (its sender or the one challenged) sees it at `now`.
    pub fn view_for(&self, viewer: &str, now: i64) -> ChallengeView {
        let state = match self.state_at(now) {
            Stored::Open => ChallengeState::Open,
            Stored::Accepted { game, from_seat } => {
                let seat = match self.seats.iter().find(|s| s.account == viewer) {
                    Some(mine) => mine.player,
                    None if viewer == self.from_account => from_seat,
                    None => Player(1 - from_seat.0),
                };
                ChallengeState::Accepted {
                    game,
                    seat: self.variant.rules().seat_colour(seat),
                }
            }
            Stored::Declined(reason) => ChallengeState::Declined { reason },
            Stored::Cancelled => ChallengeState::Cancelled,
            Stored::Expired => ChallengeState::Expired,
        };
        ChallengeView {
            id: self.id.clone(),
            from: self.from_name.clone(),
            to: self.to_name.clone(),
            variant: self.variant,
            time: self.time,
            rated: self.rated,
            colour: self.colour,
            rating: self.rating,
            provisional: self.provisional,
            expires_at: self.expires_at,
            seats: self.seat_views(),
            state,
        }
    }
}

/// What became of an answer or a cancelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// Done; an acceptance's game and the accepter's seat in it.
    Done(Option<(GameId, SeatColour)>),
    /// Accepted, and the table waits for these players' answers.
    Waiting(Vec<AccountName>),
    /// No challenge of the asker's has that id.
    NoSuch,
    /// The asker sent it, and only the player challenged (named) may answer it.
    SendersOwn(AccountName),
    /// The asker was challenged, and only its sender (named) may cancel it.
    NotTheSender(AccountName),
    /// It is no longer open: what it became.
    Closed(&'static str),
}

/// How an open challenge is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// By the one challenged, who says no.
    Decline(DeclineReason),
    /// By its sender, who takes it back.
    Cancel,
}

const COLUMNS: &str = "id, from_account, from_name, to_account, to_name, variant, time_kind, \
     time_a, time_b, rated, colour, rating, provisional, created_at, expires_at, changed_at, \
     state, reason, game_id, from_seat";

fn colour_code(c: ColourChoice) -> &'static str {
    match c {
        ColourChoice::White => "white",
        ColourChoice::Black => "black",
        ColourChoice::Random => "random",
    }
}

fn reason_code(r: DeclineReason) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// A row of either database read back (a macro: each database's row type is its own);
/// `None` for one this build cannot read, which it then leaves alone.
macro_rules! row_of {
    ($r:expr) => {{
        let r = $r;
        let text = |c: &str| r.try_get::<String, _>(c).ok();
        let number = |c: &str| r.try_get::<i64, _>(c).ok();
        let maybe_text = |c: &str| r.try_get::<Option<String>, _>(c).ok().flatten();
        let maybe_number = |c: &str| r.try_get::<Option<i64>, _>(c).ok().flatten();
        (|| {
            let state = stored_of(
                &text("state")?,
                maybe_text("game_id"),
                maybe_number("from_seat"),
                maybe_text("reason"),
            )?;
            Some(ChallengeRow {
                id: ChallengeId::parse(&text("id")?).ok()?,
                from_account: text("from_account")?,
                from_name: AccountName::parse(&text("from_name")?).ok()?,
                to_account: text("to_account")?,
                to_name: AccountName::parse(&text("to_name")?).ok()?,
                variant: text("variant")?.parse().ok()?,
                time: time_of(&text("time_kind")?, number("time_a")?, number("time_b")?),
                rated: number("rated")? != 0,
                colour: text("colour")?.parse().ok()?,
                rating: number("rating")? as i32,
                provisional: number("provisional")? != 0,
                created_at: number("created_at")?,
                expires_at: number("expires_at")?,
                changed_at: number("changed_at")?,
                state,
                seats: Vec::new(),
            })
        })()
    }};
}

/// A state from its columns.
fn stored_of(
    state: &str,
    game: Option<String>,
    from_seat: Option<i64>,
    reason: Option<String>,
) -> Option<Stored> {
    Some(match state {
        "open" => Stored::Open,
        "accepted" => Stored::Accepted {
            game: GameId::parse(&game?).ok()?,
            from_seat: Player(u8::try_from(from_seat?).ok()?),
        },
        "declined" => Stored::Declined(reason.and_then(|r| r.parse().ok()).unwrap_or_default()),
        "cancelled" => Stored::Cancelled,
        "expired" => Stored::Expired,
        _ => return None,
    })
}

impl Db {
    /// Stores a new challenge, the sender's open one to the same player taken back (the
    /// new one replaces it).
    pub(super) async fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), sqlx::Error> {
        let (kind, a, b) = time_columns(c.time);
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            // A table's challenge replaces none, and a game of two's replaces no table (its
            // partner may be asked to both).
            let replaces = if c.seats.is_empty() { "" } else { " AND 1 = 0" };
            sqlx::query(&format!(
                "UPDATE challenges SET state = 'cancelled', changed_at = $3 \
                 WHERE from_account = $1 AND to_account = $2 AND state = 'open' \
                 AND id NOT IN (SELECT challenge_id FROM challenge_seats){replaces}"
            ))
            .bind(&c.from_account)
            .bind(&c.to_account)
            .bind(c.changed_at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(&format!(
                "INSERT INTO challenges ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, \
                 $9, $10, $11, $12, $13, $14, $15, $16, 'open', NULL, NULL, NULL)"
            ))
            .bind(c.id.as_str())
            .bind(&c.from_account)
            .bind(c.from_name.as_str())
            .bind(&c.to_account)
            .bind(c.to_name.as_str())
            .bind(c.variant.id())
            .bind(kind)
            .bind(a)
            .bind(b)
            .bind(i64::from(c.rated))
            .bind(colour_code(c.colour))
            .bind(i64::from(c.rating))
            .bind(i64::from(c.provisional))
            .bind(c.created_at)
            .bind(c.expires_at)
            .bind(c.changed_at)
            .execute(&mut *tx)
            .await?;
            for seat in &c.seats {
                sqlx::query(&format!(
                    "INSERT INTO challenge_seats ({SEAT_COLUMNS}) VALUES ($1, $2, $3, $4, $5)"
                ))
                .bind(c.id.as_str())
                .bind(i64::from(seat.player.0))
                .bind(&seat.account)
                .bind(seat.name.as_str())
                .bind(answer_code(seat.answer))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// How many of `account`'s challenges wait for an answer at `now`, the one a new
    /// game of two to `replacing` replaces left out (a table replaces none).
    pub(super) async fn open_challenges_from(
        &self,
        account: &str,
        replacing: Option<&str>,
        now: i64,
    ) -> Result<usize, sqlx::Error> {
        let n: i64 = on!(self, read pool => {
            sqlx::query(
                "SELECT COUNT(*) AS n FROM challenges WHERE from_account = $1 \
                 AND NOT (to_account = $2 AND id NOT IN (SELECT challenge_id FROM challenge_seats)) \
                 AND state = 'open' AND expires_at > $3",
            )
            .bind(account)
            .bind(replacing.unwrap_or(""))
            .bind(now)
            .fetch_one(pool)
            .await?
            .get("n")
        });
        Ok(n as usize)
    }

    /// `account`'s challenges at `now`, newest first: the open ones sent to it, the ones
    /// it sent (open, or answered lately), and the latest change of any of its.
    pub(super) async fn challenges_of(
        &self,
        account: &str,
        now: i64,
    ) -> Result<(Vec<ChallengeRow>, Vec<ChallengeRow>, i64), sqlx::Error> {
        let (mut incoming, mut outgoing, seen) = on!(self, read pool => {
            let incoming = sqlx::query(&format!(
                "SELECT {COLUMNS} FROM challenges WHERE (to_account = $1 OR id IN \
                 ({ASKED_AT_TABLES})) AND state = 'open' AND expires_at > $2 \
                 ORDER BY created_at DESC, id"
            ))
            .bind(account)
            .bind(now)
            .fetch_all(pool)
            .await?;
            let outgoing = sqlx::query(&format!(
                "SELECT {COLUMNS} FROM challenges WHERE from_account = $1 \
                 AND (state = 'open' OR changed_at > $2) ORDER BY created_at DESC, id"
            ))
            .bind(account)
            .bind(now - ANSWERED_KEPT_MS)
            .fetch_all(pool)
            .await?;
            let seen: Option<i64> = sqlx::query(&format!(
                "SELECT MAX(changed_at) AS seen FROM challenges \
                 WHERE from_account = $1 OR to_account = $1 OR id IN ({ASKED_AT_TABLES})"
            ))
            .bind(account)
            .fetch_one(pool)
            .await?
            .get("seen");
            (
                incoming.iter().filter_map(|r| row_of!(r)).collect::<Vec<_>>(),
                outgoing.iter().filter_map(|r| row_of!(r)).collect::<Vec<_>>(),
                seen.unwrap_or(0),
            )
        });
        // One read of the tables' seats for both lists.
        let mine = incoming.len();
        incoming.append(&mut outgoing);
        self.fill_seats(&mut incoming).await?;
        let outgoing = incoming.split_off(mine);
        Ok((incoming, outgoing, seen))
    }

    /// The challenge `id`, whoever's.
    pub(super) async fn challenge(
        &self,
        id: &ChallengeId,
    ) -> Result<Option<ChallengeRow>, sqlx::Error> {
        let row = on!(self, read pool => {
            sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
                .bind(id.as_str())
                .fetch_optional(pool)
                .await?
                .and_then(|r| row_of!(&r))
        });
        let mut rows: Vec<ChallengeRow> = row.into_iter().collect();
        self.fill_seats(&mut rows).await?;
        Ok(rows.pop())
    }

    /// `me` accepts the challenge `id` at `now`: the game made and the challenge marked
    /// accepted in one transaction (its row locked on PostgreSQL), so it makes one game.
    pub(super) async fn accept_challenge(
        &self,
        id: &ChallengeId,
        me: &str,
        owner: Owner,
        now: i64,
    ) -> Result<Answered, sqlx::Error> {
        let lock = if matches!(self, Db::Postgres(_)) {
            " FOR UPDATE"
        } else {
            ""
        };
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let mut row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1{lock}"))
                .bind(id.as_str())
                .fetch_optional(&mut *tx)
                .await?
                .and_then(|r| row_of!(&r));
            if let Some(r) = row.as_mut() {
                r.seats = seats_in!(tx, id.as_str());
            }
            let c = match answerable(row, me, now, false) {
                Ok(c) => c,
                Err(why) => return Ok(why),
            };
            if !c.seats.is_empty() {
                let answered = accept_seat!(tx, &c, me, owner, now);
                tx.commit().await?;
                return Ok(answered);
            }
            let from_seat = match c.colour {
                ColourChoice::White => Player(0),
                ColourChoice::Black => Player(1),
                ColourChoice::Random => Player(u8::from(rand::random::<bool>())),
            };
            let mut seats = [
                (c.from_account.as_str(), Some(&c.from_name)),
                (c.to_account.as_str(), Some(&c.to_name)),
            ];
            if from_seat.0 == 1 {
                seats.swap(0, 1);
            }
            let new = between_accounts(c.variant, c.time, c.rated, &seats, owner, now);
            let game = new.game.id.clone();
            insert_game!(&mut *tx, &NewGameRows::of(&new));
            sqlx::query(
                "UPDATE challenges SET state = 'accepted', game_id = $2, from_seat = $3, \
                 changed_at = $4 WHERE id = $1",
            )
            .bind(id.as_str())
            .bind(game.as_str())
            .bind(i64::from(from_seat.0))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            let seat = c.variant.rules().seat_colour(Player(1 - from_seat.0));
            Ok(Answered::Done(Some((game, seat))))
        })
    }

    /// `me` closes the open challenge `id` at `now`: declines it (the one challenged) or
    /// cancels it (its sender).
    pub(super) async fn close_challenge(
        &self,
        id: &ChallengeId,
        me: &str,
        how: Closing,
        now: i64,
    ) -> Result<Answered, sqlx::Error> {
        let (state, reason) = match how {
            Closing::Decline(r) => (Stored::Declined(r), Some(reason_code(r))),
            Closing::Cancel => (Stored::Cancelled, None),
        };
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let mut row = sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
                .bind(id.as_str())
                .fetch_optional(&mut *tx)
                .await?
                .and_then(|r| row_of!(&r));
            if let Some(r) = row.as_mut() {
                r.seats = seats_in!(tx, id.as_str());
            }
            if let Err(why) = answerable(row, me, now, how == Closing::Cancel) {
                return Ok(why);
            }
            if let Closing::Decline(_) = how {
                // A table's seat says who said no.
                sqlx::query(
                    "UPDATE challenge_seats SET answer = 'declined' \
                     WHERE challenge_id = $1 AND account = $2",
                )
                .bind(id.as_str())
                .bind(me)
                .execute(&mut *tx)
                .await?;
            }
            // Only while it is still open: an answer from another process meanwhile
            // stands.
            let changed = sqlx::query(
                "UPDATE challenges SET state = $2, reason = $3, changed_at = $4 \
                 WHERE id = $1 AND state = 'open'",
            )
            .bind(id.as_str())
            .bind(state.code())
            .bind(reason)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            tx.commit().await?;
            Ok(if changed == 1 {
                Answered::Done(None)
            } else {
                Answered::Closed("answered meanwhile")
            })
        })
    }
}

/// The challenge `row` if `me` may close it at `now` (as its sender where `sender`,
/// else as the one challenged), or the answer why not.
fn answerable(
    row: Option<ChallengeRow>,
    me: &str,
    now: i64,
    sender: bool,
) -> Result<ChallengeRow, Answered> {
    let Some(c) = row.filter(|c| c.concerns(me)) else {
        return Err(Answered::NoSuch);
    };
    if sender && c.from_account != me {
        return Err(Answered::NotTheSender(c.from_name));
    }
    if !sender && !c.asks(me) {
        return Err(Answered::SendersOwn(c.to_name));
    }
    match c.state_at(now) {
        Stored::Open => Ok(c),
        s => Err(Answered::Closed(match s {
            Stored::Accepted { .. } => "accepted",
            Stored::Declined(_) => "declined",
            Stored::Cancelled => "cancelled",
            _ => "expired",
        })),
    }
}

#[cfg(test)]
mod tests {
    use camelot_online::protocol::accounts::AccountKind;

    use super::*;
    use crate::accounts::Account;

    fn account(id: &str, name: &str) -> Account {
        Account {
            id: id.into(),
            name: AccountName::parse(name).unwrap(),
            kind: AccountKind::Person,
            rated_with_people: false,
            created_at: 0,
        }
    }

    /// An open challenge past its time reads as expired at once, is marked so by the
    /// clean-up (a change the watch sees), is accepted no more, and is forgotten a day on.
    #[tokio::test]
    async fn a_challenge_expires_at_its_time_and_is_forgotten_a_day_later() {
        let dir =
            std::env::temp_dir().join(format!("camelot-db-challenges-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite://{}", dir.join("server.db").display()))
            .await
            .unwrap();
        let (gawain, lancelot) = (account("a1", "Gawain"), account("a2", "Lancelot"));
        for a in [&gawain, &lancelot] {
            assert!(db.insert_account(a, "h", 0).await.unwrap());
        }
        let row = ChallengeRow {
            id: ChallengeId::parse("c1").unwrap(),
            from_account: gawain.id.clone(),
            from_name: gawain.name.clone(),
            to_account: lancelot.id.clone(),
            to_name: lancelot.name.clone(),
            variant: Variant::Camelot,
            time: TimeControl::Days { days: 3 },
            rated: false,
            colour: ColourChoice::Black,
            rating: 1500,
            provisional: true,
            created_at: 0,
            expires_at: 1_000,
            changed_at: 0,
            state: Stored::Open,
            seats: Vec::new(),
        };
        db.insert_challenge(&row).await.unwrap();
        let stored = db.challenge(&row.id).await.unwrap().unwrap();
        assert_eq!(stored, row);
        assert_eq!(stored.view_for("a2", 999).state, ChallengeState::Open);
        assert_eq!(stored.view_for("a2", 1_000).state, ChallengeState::Expired);
        let (incoming, _, _) = db.challenges_of("a2", 500).await.unwrap();
        assert_eq!(incoming.len(), 1);
        let (incoming, outgoing, _) = db.challenges_of("a2", 1_500).await.unwrap();
        assert!(incoming.is_empty() && outgoing.is_empty());
        let late = db
            .accept_challenge(&row.id, "a2", Owner::Unknown, 1_500)
            .await
            .unwrap();
        assert_eq!(late, Answered::Closed("expired"));
        assert_eq!(db.expire_challenges(1_500).await.unwrap(), 1);
        assert_eq!(db.expire_challenges(1_600).await.unwrap(), 0);
        let marked = db.challenge(&row.id).await.unwrap().unwrap();
        assert_eq!((marked.state, marked.changed_at), (Stored::Expired, 1_500));
        let changes = db.challenges_changed_after(1_000).await.unwrap();
        assert_eq!(
            changes,
            [("c1".into(), vec!["a1".into(), "a2".into()], 1_500)]
        );
        db.expire_challenges(1_500 + 24 * 3_600_000 + 1)
            .await
            .unwrap();
        assert_eq!(db.challenge(&row.id).await.unwrap(), None);
    }
}
