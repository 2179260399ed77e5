//! `camelot`: reads the command line, then composes the plugins.

use std::process::ExitCode;
use std::time::Instant;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use camelot::automation::Automation;
use camelot::cli::{Options, Seat, USAGE};
use camelot::screens::Screen;
use camelot::session::Session;
use camelot::{persist, terminal};
use camelot_engine::Game;

fn main() -> ExitCode {
    let launched = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("Camelot, the board game.\n\n{USAGE}");
        return ExitCode::SUCCESS;
    }
    let opts = match Options::parse(&args) {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("{msg}\n\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    if opts.terminal {
        return terminal::run(&opts);
    }
    let session = match opening_session(&opts) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    let benchmarking = opts.bench_frames.is_some();
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Camelot".into(),
            resolution: WindowResolution::new(1280, 800),
            // Frame times are measured without waiting for the display.
            present_mode: if benchmarking {
                PresentMode::AutoNoVsync
            } else {
                PresentMode::AutoVsync
            },
            ..default()
        }),
        ..default()
    }))
    .add_plugins((camelot::game_plugin, camelot::view_plugin))
    .insert_resource(session)
    .insert_resource(Automation {
        launched: Some(launched),
        screenshot: opts
            .screenshot
            .clone()
            .map(|p| (p, opts.after_frames.unwrap_or(60))),
        exit_after: opts.exit_after_frames,
        bench_frames: opts.bench_frames,
        clicks: opts.clicks.clone(),
    });
    if opts.starts_game() || benchmarking {
        app.insert_state(Screen::Playing);
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The game the window opens on: from `--load`, from `--variant`/`--seats`, or the last
/// autosave behind the menu (a fresh game if there is none or it cannot be read).
fn opening_session(opts: &Options) -> Result<Session, String> {
    let mut session = if let Some(path) = &opts.load {
        let mut s = persist::load_record(std::path::Path::new(path))?;
        if opts.seats.is_some() {
            s.seats = opts.seats_for(s.variant())?;
        }
        s
    } else {
        let fresh = || -> Result<Session, String> {
            let v = opts.variant_or_default();
            Ok(Session::new(Game::new(v), opts.seats_for(v)?))
        };
        if opts.starts_game() {
            fresh()?
        } else {
            match persist::load_autosave() {
                Ok(Some(s)) => s,
                Ok(None) => fresh()?,
                Err(msg) => {
                    eprintln!("{msg}");
                    fresh()?
                }
            }
        }
    };
    if opts.bench_frames.is_some() {
        // The benchmark runs its own search; nobody else may move.
        session.seats = vec![Seat::Human; session.seats.len()];
    }
    Ok(session)
}
