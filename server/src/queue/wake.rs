//! The queue's bell: rung by whoever puts work in the queue (a change that owes the
//! computer a turn, a game set up for it, an analysis asked, another process's change
//! heard), and heard by the computer's players, who otherwise look at the queue only
//! now and then. It only hurries them: the queue's rows are the work.

use std::sync::Arc;

use tokio::sync::futures::Notified;
use tokio::sync::Notify;

#[derive(Clone, Default)]
pub struct Wake(Arc<Notify>);

impl Wake {
    pub fn new() -> Wake {
        Wake::default()
    }

    /// Work was put in the queue: every player waiting looks.
    pub fn ring(&self) {
        self.0.notify_waiters();
    }

    /// The next ring (made before a look at the queue, so that a ring during the look is
    /// not missed).
    pub fn rung(&self) -> Notified<'_> {
        self.0.notified()
    }
}
