//! A `kill` (SIGTERM), Ctrl-C in the terminal (SIGINT) or a desktop logging out (SIGHUP)
//! ends the game as closing its window does: an `AppExit`, after which what the game
//! started (a server of its own, "Start a server here") is stopped and the app is torn
//! down in order. Bevy's own Ctrl-C handler only sets a flag that a resting window reads
//! at its next frame, which may be minutes away: this one also wakes the window.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

/// Set by the signal handler (on its own thread).
static ASKED: AtomicBool = AtomicBool::new(false);
/// How the handler wakes the window's event loop, once there is one.
static WAKE: OnceLock<Mutex<Box<dyn Fn() + Send>>> = OnceLock::new();

pub struct SignalsPlugin;

impl Plugin for SignalsPlugin {
    fn build(&self, app: &mut App) {
        let installed = ctrlc::try_set_handler(|| {
            if ASKED.swap(true, Ordering::SeqCst) {
                // Asked twice: the person means it.
                std::process::exit(130);
            }
            if let Some(wake) = WAKE.get() {
                if let Ok(wake) = wake.lock() {
                    wake();
                }
            }
        });
        if let Err(e) = installed {
            warn!("a signal will not close the game in order: {e}");
        }
        app.add_systems(Startup, keep_the_waker)
            .add_systems(First, exit_when_asked);
    }
}

fn keep_the_waker(proxy: Option<Res<EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy = (**proxy).clone();
        let _ = WAKE.set(Mutex::new(Box::new(move || {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        })));
    }
}

fn exit_when_asked(mut exit: MessageWriter<AppExit>) {
    if ASKED.load(Ordering::SeqCst) {
        exit.write(AppExit::Success);
    }
}
