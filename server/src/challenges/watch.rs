//! The challenges' changes, watched: each process asks the database every quarter of a
//! second which challenges changed since it last looked (so a change made by another
//! process is heard here within that), and tells the requests waiting here for any of
//! the change's players (two, or a table's four). A change made here is told at once.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, Notify};

use crate::games::log_storage;
use sqlx::Row;

use crate::store::{on, Db};

/// How often the table's changes are looked up.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// How far back each look reaches past the last change it saw: another process's
/// change can carry a time a little before one this process already saw (clocks, and
/// transactions committed out of order).
const OVERLAP_MS: i64 = 5_000;

/// The watch of this process.
pub struct ChallengeWatch {
    db: Db,
    /// The accounts a change concerned, to every waiting request.
    changed: broadcast::Sender<Arc<str>>,
    /// The changes already told (by id and time), so that an overlapping look tells
    /// each once; and the latest time seen.
    told: Mutex<(HashSet<(String, i64)>, i64)>,
    look: Notify,
}

/// A request's wait for news of one account.
pub struct Waiting {
    account: String,
    changes: broadcast::Receiver<Arc<str>>,
}

impl ChallengeWatch {
    /// A watch, and its task that looks the changes up.
    pub fn start(db: Db) -> Arc<ChallengeWatch> {
        let (changed, _) = broadcast::channel(1024);
        let watch = Arc::new(ChallengeWatch {
            db,
            changed,
            told: Mutex::new((HashSet::new(), crate::common::clock::now_ms())),
            look: Notify::new(),
        });
        tokio::spawn(look(watch.clone()));
        watch
    }

    /// Waits for news of `account`: made before its player's challenges are read, so
    /// that a change between the reading and the waiting is not missed.
    pub fn wait_for(&self, account: &str) -> Waiting {
        Waiting {
            account: account.to_string(),
            changes: self.changed.subscribe(),
        }
    }

    /// A change this process made to challenge `id` at `at`, between `accounts`: told
    /// now, not again when the next look finds it.
    pub fn changed_here(&self, id: &str, at: i64, accounts: &[&str]) {
        self.told
            .lock()
            .expect("challenges told")
            .0
            .insert((id.to_string(), at));
        for a in accounts {
            let _ = self.changed.send(Arc::from(*a));
        }
    }

    /// Look now, without waiting for the next quarter second.
    pub fn look_now(&self) {
        self.look.notify_one();
    }

    async fn look_once(&self) -> Result<(), sqlx::Error> {
        let after = self.told.lock().expect("challenges told").1 - OVERLAP_MS;
        let changes = self.db.challenges_changed_after(after).await?;
        let mut told = self.told.lock().expect("challenges told");
        let latest = changes.iter().map(|c| c.2).max().unwrap_or(told.1);
        told.1 = told.1.max(latest);
        let keep_from = told.1 - 2 * OVERLAP_MS;
        told.0.retain(|(_, at)| *at >= keep_from);
        for (id, accounts, at) in changes {
            if told.0.insert((id, at)) {
                for a in accounts {
                    let _ = self.changed.send(Arc::from(a.as_str()));
                }
            }
        }
        Ok(())
    }
}

impl Db {
    /// Each challenge changed after `after`: its id, every account it concerns (its two
    /// players, a table's four), when.
    pub(super) async fn challenges_changed_after(
        &self,
        after: i64,
    ) -> Result<Vec<(String, Vec<String>, i64)>, sqlx::Error> {
        let rows: Vec<(String, String, String, Option<String>, i64)> = on!(self, read pool => {
            sqlx::query(
                "SELECT c.id, c.from_account, c.to_account, s.account, c.changed_at \
                 FROM challenges c LEFT JOIN challenge_seats s ON s.challenge_id = c.id \
                 WHERE c.changed_at > $1 ORDER BY c.id",
            )
            .bind(after)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
            .collect()
        });
        let mut out: Vec<(String, Vec<String>, i64)> = Vec::new();
        for (id, from, to, seat, at) in rows {
            if out.last().is_none_or(|(last, _, _)| *last != id) {
                out.push((id, vec![from, to], at));
            }
            let accounts = &mut out.last_mut().expect("just pushed").1;
            if let Some(a) = seat.filter(|a| !accounts.contains(a)) {
                accounts.push(a);
            }
        }
        Ok(out)
    }
}

async fn look(watch: Arc<ChallengeWatch>) {
    let mut every = tokio::time::interval(LOOK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = watch.look.notified() => {}
        }
        if let Err(e) = watch.look_once().await {
            log_storage(&e);
        }
    }
}

impl Waiting {
    /// Until news of the account, or `within` passed: whether news came. Falling
    /// behind the changes counts as news (the waiter reads again).
    pub async fn news(&mut self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match tokio::time::timeout_at(deadline, self.changes.recv()).await {
                Err(_) => return false,
                Ok(Ok(a)) if *a == *self.account => return true,
                Ok(Ok(_)) => {}
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => return true,
                Ok(Err(broadcast::error::RecvError::Closed)) => return false,
            }
        }
    }
}
