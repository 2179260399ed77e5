//! The sessions that live connections were admitted on, watched: a session that ends
//! (logged out, the password changed or reset, the account closed, expired) stops its
//! connections from acting for the account within a second, whichever server process
//! ended it. The database is the one truth between processes: every quarter of a second
//! one query asks it which of the watched sessions no longer go on; an end in this
//! process asks at once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use camelot_online::protocol::accounts::SessionEnd;
use tokio::sync::{oneshot, Notify};

use crate::common::clock::now_ms;
use crate::store::Db;

/// How often the watched sessions are looked up.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// The watched sessions of this process.
pub struct SessionWatch {
    db: Db,
    /// By the session's hash: each connection's watch, and how to tell it.
    watched: Mutex<HashMap<String, Vec<Watcher>>>,
    next: AtomicU64,
    /// Woken when this process ends a session.
    ended_here: Notify,
}

/// A connection's watch, and how to tell it its session ended.
type Watcher = (u64, oneshot::Sender<SessionEnd>);

/// One connection's watch on its session, given up when dropped.
pub struct Watched {
    watch: Arc<SessionWatch>,
    hash: String,
    id: u64,
    ended: oneshot::Receiver<SessionEnd>,
}

impl SessionWatch {
    /// A watch, and its task that looks the sessions up.
    pub fn start(db: Db) -> Arc<SessionWatch> {
        let watch = Arc::new(SessionWatch {
            db,
            watched: Mutex::new(HashMap::new()),
            next: AtomicU64::new(0),
            ended_here: Notify::new(),
        });
        tokio::spawn(look(watch.clone()));
        watch
    }

    /// Watches the session whose secret hashes to `hash`.
    pub fn watch(self: &Arc<Self>, hash: &str) -> Watched {
        let (tell, ended) = oneshot::channel();
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        self.watched
            .lock()
            .expect("watched sessions")
            .entry(hash.to_string())
            .or_default()
            .push((id, tell));
        Watched {
            watch: self.clone(),
            hash: hash.to_string(),
            id,
            ended,
        }
    }

    /// A session ended in this process: its connections hear of it now.
    pub fn ended_here(&self) {
        self.ended_here.notify_one();
    }

    /// Tells the connections of every watched session that has ended.
    async fn look_once(&self) -> Result<(), sqlx::Error> {
        let hashes: Vec<String> = self
            .watched
            .lock()
            .expect("watched sessions")
            .keys()
            .cloned()
            .collect();
        if hashes.is_empty() {
            return Ok(());
        }
        let ended = self.db.sessions_ended(&hashes, now_ms()).await?;
        let mut watched = self.watched.lock().expect("watched sessions");
        for (hash, why) in ended {
            for (_, tell) in watched.remove(&hash).unwrap_or_default() {
                let _ = tell.send(why);
            }
        }
        Ok(())
    }

    fn unwatch(&self, hash: &str, id: u64) {
        let mut watched = self.watched.lock().expect("watched sessions");
        if let Some(list) = watched.get_mut(hash) {
            list.retain(|(i, _)| *i != id);
            if list.is_empty() {
                watched.remove(hash);
            }
        }
    }
}

impl Watched {
    /// Why the session ended, once it has (never, while it goes on).
    pub async fn ended(&mut self) -> SessionEnd {
        match (&mut self.ended).await {
            Ok(why) => why,
            Err(_) => std::future::pending().await,
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        self.watch.unwatch(&self.hash, self.id);
    }
}

/// The watch's task, for the server's life.
async fn look(watch: Arc<SessionWatch>) {
    loop {
        if let Err(e) = watch.look_once().await {
            eprintln!("camelot-server: looking up the connections' sessions: {e}");
        }
        tokio::select! {
            _ = tokio::time::sleep(LOOK_EVERY) => {}
            _ = watch.ended_here.notified() => {}
        }
    }
}
