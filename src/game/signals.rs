//! A `kill` (SIGTERM), Ctrl-C in the terminal (SIGINT) or a desktop logging out (SIGHUP)
//! ends the game as closing its window does: an `AppExit`, after which what the game
//! started (a server of its own, "Start a server here") is stopped and the app is torn
//! down in order. Bevy's own Ctrl-C handler only sets a flag that a resting window reads
//! at its next frame, which may be minutes away: this one also wakes the window.
//!
//! SIGTERM and SIGINT are handled whatever the game inherited: a script's background
//! job starts with SIGINT ignored, and a handler library that refuses to replace an
//! inherited disposition would leave a `kill` killing the game out of order. A SIGHUP
//! that came ignored (`nohup`) stays ignored: whoever started the game so asked for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Set when a signal asks the game to end.
static ASKED: AtomicBool = AtomicBool::new(false);
/// How the handler wakes the window's event loop, once there is one.
static WAKE: OnceLock<Mutex<Box<dyn Fn() + Send>>> = OnceLock::new();

pub struct SignalsPlugin;

impl Plugin for SignalsPlugin {
    fn build(&self, app: &mut App) {
        if let Err(e) = listen() {
            warn!("a signal will not close the game in order: {e}");
        }
        app.add_systems(Startup, keep_the_waker)
            .add_systems(First, exit_when_asked);
    }
}

/// The signals that end the game: SIGTERM and SIGINT always, SIGHUP unless it came
/// ignored.
fn ending_signals() -> Vec<i32> {
    let mut signals = vec![SIGTERM, SIGINT];
    if !came_ignored(SIGHUP) {
        signals.push(SIGHUP);
    }
    signals
}

/// Whether the process started with `signal` ignored.
fn came_ignored(signal: i32) -> bool {
    // SAFETY: sigaction with no new action only reads the current one into `old`, a
    // zeroed struct of the right type that outlives the call.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Hears the ending signals on a thread of its own (a signal handler itself may do
/// next to nothing), which asks the game to end and wakes its window.
fn listen() -> std::io::Result<()> {
    let mut signals = Signals::new(ending_signals())?;
    std::thread::Builder::new()
        .name("camelot-signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                if ASKED.swap(true, Ordering::SeqCst) {
                    // Asked twice: the person means it.
                    std::process::exit(130);
                }
                if let Some(wake) = WAKE.get() {
                    if let Ok(wake) = wake.lock() {
                        wake();
                    }
                }
            }
        })?;
    Ok(())
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
