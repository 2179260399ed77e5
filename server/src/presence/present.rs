//! The accounts with a site socket open in this process, marked as seen in the database
//! every few seconds (and at once when one comes, and once more when its last socket
//! goes), so that every process counts them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;

use camelot_online::protocol::accounts::AccountName;

use crate::accounts::Account;
use crate::common::clock::now_ms;
use crate::games::log_storage;
use crate::store::Db;

/// How often the connected accounts are marked.
pub const MARK_EVERY: Duration = Duration::from_secs(10);

/// This process's connected accounts.
pub struct Present {
    /// By account id: its name and how many sockets it has open here.
    here: Mutex<HashMap<String, (AccountName, usize)>>,
    /// One account's arrival or going, to mark now: in the order they happened.
    marks: mpsc::UnboundedSender<Mark>,
}

/// An account to mark: its id, its name, and whether its last socket here went.
type Mark = (String, AccountName, bool);

/// One socket's presence, given up when dropped.
pub struct Presence {
    present: Arc<Present>,
    account: String,
}

impl Present {
    /// The registry, and its task that marks the connected accounts.
    pub fn start(db: Db) -> Arc<Present> {
        let (marks, mut to_mark) = mpsc::unbounded_channel::<Mark>();
        let present = Arc::new(Present {
            here: Mutex::new(HashMap::new()),
            marks,
        });
        let marker = Arc::downgrade(&present);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(MARK_EVERY);
            loop {
                let marked = tokio::select! {
                    _ = every.tick() => {
                        let Some(present) = marker.upgrade() else { return };
                        let all: Vec<(String, AccountName)> = present
                            .here
                            .lock()
                            .expect("present accounts")
                            .iter()
                            .map(|(id, (name, _))| (id.clone(), name.clone()))
                            .collect();
                        db.mark_seen(&all, now_ms(), false).await
                    }
                    mark = to_mark.recv() => match mark {
                        Some((id, name, gone)) => db.mark_seen(&[(id, name)], now_ms(), gone).await,
                        None => return,
                    },
                };
                if let Err(e) = marked {
                    log_storage(&e);
                }
            }
        });
        present
    }

    /// `account` opened a socket: it is online from now (marked at once the first
    /// time).
    pub fn arrive(self: &Arc<Self>, account: &Account) -> Presence {
        let first = {
            let mut here = self.here.lock().expect("present accounts");
            let entry = here
                .entry(account.id.clone())
                .or_insert((account.name.clone(), 0));
            entry.1 += 1;
            entry.1 == 1
        };
        if first {
            self.mark_now(account.id.clone(), account.name.clone(), false);
        }
        Presence {
            present: self.clone(),
            account: account.id.clone(),
        }
    }

    fn mark_now(&self, id: String, name: AccountName, gone: bool) {
        let _ = self.marks.send((id, name, gone));
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let gone = {
            let mut here = self.present.here.lock().expect("present accounts");
            match here.get_mut(&self.account) {
                Some(e) if e.1 > 1 => {
                    e.1 -= 1;
                    None
                }
                Some(_) => here.remove(&self.account).map(|(name, _)| name),
                None => None,
            }
        };
        // Last seen now: as the last socket goes.
        if let Some(name) = gone {
            self.present.mark_now(self.account.clone(), name, true);
        }
    }
}
