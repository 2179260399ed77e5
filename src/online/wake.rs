//! The window's waker: what a link calls as each message arrives, so that the window,
//! resting between events, draws what the server said at once. Headless (no window, no
//! event loop) there is none, and none is needed: every frame runs.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use camelot_online::Waker;

/// The times a link or a background request has woken the window, for `--idle-cpu`: a
/// resting table that draws frames the connection did not ask for is told apart from
/// one the connection keeps awake.
pub static WAKES: AtomicU32 = AtomicU32::new(0);

/// A waker for the window's event loop, where there is one.
pub fn waker(proxy: Option<&EventLoopProxyWrapper>) -> Option<Waker> {
    // The proxy is sent to the links' threads; a lock keeps it to one caller at a time.
    let proxy = Mutex::new((**proxy?).clone());
    Some(Arc::new(move || {
        WAKES.fetch_add(1, Ordering::Relaxed);
        if let Ok(p) = proxy.lock() {
            // A closed event loop means the window is gone: nothing to wake.
            let _ = p.send_event(WinitUserEvent::WakeUp);
        }
    }))
}
