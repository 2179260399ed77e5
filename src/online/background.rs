//! Requests to a server on threads of their own, so that the menu never waits on the
//! network: each answer is queued for a system to hear, and wakes the window (resting
//! between events) so that it is shown at once, pointer or not.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

use camelot_online::Waker;

/// The requests of one part of the menu (the lobby, the account), answered with `A`.
pub struct Background<A> {
    tx: Sender<A>,
    rx: Mutex<Receiver<A>>,
    /// Wakes the window when an answer comes (none headless: every frame runs).
    pub wake: Option<Waker>,
}

impl<A> Default for Background<A> {
    fn default() -> Background<A> {
        let (tx, rx) = channel();
        Background {
            tx,
            rx: Mutex::new(rx),
            wake: None,
        }
    }
}

impl<A: Send + 'static> Background<A> {
    /// Runs `f` on a thread of its own; its answer is heard by [`Background::answers`].
    pub fn spawn(&self, f: impl FnOnce() -> A + Send + 'static) {
        let (tx, wake) = (self.tx.clone(), self.wake.clone());
        std::thread::spawn(move || {
            let _ = tx.send(f());
            if let Some(wake) = wake {
                wake();
            }
        });
    }

    /// The answers that have come since the last look.
    pub fn answers(&self) -> Vec<A> {
        match self.rx.lock() {
            Ok(rx) => rx.try_iter().collect(),
            Err(_) => Vec::new(),
        }
    }
}
