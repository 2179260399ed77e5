//! `--idle-cpu`: the CPU time the process uses with nothing happening.

use std::time::Duration;

use bevy::prelude::*;

use super::clock::{Frames, FRAMES_RUN};
use super::options::Automation;
use crate::online::WAKES;

/// The CPU time this process has used, user and system: `getrusage`, to the
/// microsecond, or, where that fails, the clock ticks of `/proc/self/stat` (a hundredth
/// of a second each, so that a resting process that woke once for a microsecond may be
/// charged a whole tick).
fn cpu_time() -> Option<Duration> {
    rusage_cpu_time().or_else(ticks_cpu_time)
}

fn rusage_cpu_time() -> Option<Duration> {
    use std::os::raw::{c_int, c_long};
    #[repr(C)]
    #[derive(Default)]
    struct Timeval {
        sec: c_long,
        usec: c_long,
    }
    #[repr(C)]
    #[derive(Default)]
    struct Rusage {
        user: Timeval,
        system: Timeval,
        rest: [c_long; 14],
    }
    extern "C" {
        fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    }
    const RUSAGE_SELF: c_int = 0;
    let mut usage = Rusage::default();
    // SAFETY: `usage` is a `struct rusage` as the C library lays it out, written by the
    // call and read after it.
    if unsafe { getrusage(RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let micros = |t: &Timeval| t.sec as u64 * 1_000_000 + t.usec as u64;
    Some(Duration::from_micros(
        micros(&usage.user) + micros(&usage.system),
    ))
}

fn ticks_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name (which may hold spaces) start after ')'.
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // The kernel counts in clock ticks, 100 a second on Linux.
    Some(Duration::from_millis(ticks * 10))
}

/// `--idle-cpu N`: once the picture is complete, measure the process's CPU time over N
/// seconds on a thread of its own (the frames, if the window rests, do not run).
pub(super) fn idle_cpu(auto: Res<Automation>, frames: Res<Frames>, mut started: Local<bool>) {
    let Some(seconds) = auto.opts.idle_cpu else {
        return;
    };
    if *started || !frames.ready() {
        return;
    }
    *started = true;
    std::thread::spawn(move || {
        // Let the camera arrive and the last frames be drawn first, and what they set
        // going in the background end (a pipeline compiled late on a busy machine): a
        // second with under a millisecond of CPU, waited for up to half a minute. A
        // table that never rests is measured all the same, and fails.
        std::thread::sleep(Duration::from_secs(5));
        let mut settled_after = 0;
        while let Some(a) = cpu_time() {
            std::thread::sleep(Duration::from_secs(1));
            settled_after += 1;
            let quiet = cpu_time().is_some_and(|b| b - a < Duration::from_millis(1));
            if quiet || settled_after >= 25 {
                break;
            }
        }
        eprintln!("--idle-cpu: at rest after {settled_after} s");
        let frames_before = FRAMES_RUN.load(std::sync::atomic::Ordering::Relaxed);
        let wakes_before = WAKES.load(std::sync::atomic::Ordering::Relaxed);
        let (Some(a), t0) = (cpu_time(), std::time::Instant::now()) else {
            eprintln!("--idle-cpu: cannot read /proc/self/stat");
            std::process::exit(1);
        };
        std::thread::sleep(Duration::from_secs(seconds as u64));
        let b = cpu_time().unwrap_or(a);
        let wall = t0.elapsed().as_secs_f64();
        let used = (b - a).as_secs_f64();
        // What woke a resting window, if anything did, is the first question a high
        // figure asks.
        let frames = FRAMES_RUN.load(std::sync::atomic::Ordering::Relaxed) - frames_before;
        let wakes = WAKES.load(std::sync::atomic::Ordering::Relaxed) - wakes_before;
        eprintln!("--idle-cpu: {frames} frames ran while measuring");
        println!(
            "idle: {:.3} s of CPU in {:.1} s: {:.1}% of one core",
            used,
            wall,
            100.0 * used / wall
        );
        // A frame the connection asked for (a message heard) and a frame of the window's
        // own (its minute's timer, a window-system event) are different questions.
        println!("idle: {frames} frames, {wakes} woken by the connection");
        std::process::exit(0);
    });
}
