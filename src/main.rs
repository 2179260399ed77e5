//! `camelot`: reads the command line, then opens the 3D game (composing its plugins) or
//! the terminal game.

use std::process::ExitCode;
use std::time::Instant;

use camelot::cli::Options;
use camelot::terminal;
use clap::Parser;

fn main() -> ExitCode {
    let launched = Instant::now();
    // A save past the file-size limit fails with an error the game says, instead of a
    // signal that ends it mid-write.
    camelot_files::report_file_size_limit();
    // --help, --version and usage errors end here, as clap does.
    let opts = Options::parse();
    if let Err(e) = opts.check() {
        eprintln!("camelot: {e}");
        return ExitCode::from(2);
    }
    if opts.terminal {
        return terminal::run(&opts);
    }
    window::run(opts, launched)
}

#[cfg(feature = "gui")]
mod window {
    use std::process::ExitCode;
    use std::time::Instant;

    use bevy::prelude::*;
    use bevy::window::{PresentMode, WindowResolution};
    use camelot::cli::{OpeningError, Options};
    use camelot::game::actions::GameStarted;
    use camelot::game::screens::Screen;
    use camelot::game::session::{Seat, Session};
    use camelot::render::adapter;
    use camelot::render::quality::Graphics;
    use camelot::storage::data_dir::{read_session, DataLock, Loaded, Store};

    /// The data directory's lock, held as long as the window is open.
    #[derive(Resource)]
    struct DataDirHeld(#[allow(dead_code)] Option<DataLock>);
    use camelot::storage::saving::Storage;
    use camelot_engine::Game;

    /// Opens the window on the menu or the game the command line asks for; without a
    /// display or a graphics adapter, says what is missing instead.
    pub fn run(opts: Options, launched: Instant) -> ExitCode {
        if opts.diagnose {
            let (text, ok) = adapter::diagnose();
            print!("{text}");
            return if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        #[cfg(feature = "tools")]
        let offscreen = opts.tools.offscreen;
        #[cfg(not(feature = "tools"))]
        let offscreen = false;
        // Offscreen, no window opens: only the adapter matters.
        let display = if offscreen {
            Ok(String::new())
        } else {
            adapter::check_display()
        };
        let adapter = match display.and_then(|_| adapter::find_adapter()) {
            Ok(a) => a,
            Err(problem) => {
                eprintln!("{problem}");
                return ExitCode::FAILURE;
            }
        };
        let store = Store::from_env().ok();
        // One program a data directory: a second would lose a game to the first.
        let lock = match Store::hold(store.as_ref()) {
            Ok(lock) => lock,
            Err(e) => {
                eprintln!("camelot: {e}");
                return ExitCode::FAILURE;
            }
        };
        // A game in progress that cannot be read is moved aside now, and said.
        let autosave = store.as_ref().map_or(Loaded::Missing, Store::load_autosave);
        let mut notice: Vec<String> = autosave.notice("autosave").into_iter().collect();
        let mut session = match opening_session(&opts, autosave, &mut notice) {
            Ok(s) => s,
            Err(msg) => {
                eprintln!("camelot: {msg}");
                return ExitCode::FAILURE;
            }
        };
        #[cfg(feature = "tools")]
        let benchmarking = opts.tools.bench_frames.is_some();
        #[cfg(not(feature = "tools"))]
        let benchmarking = false;
        if benchmarking {
            // The benchmark runs its own search; nobody else may move.
            session.seats = vec![Seat::Human; session.seats.len()];
        }
        let (w, h) = opts.window;
        let mut app = App::new();
        let mut storage = Storage::new(store);
        storage.pending.extend(notice);
        app.insert_resource(DataDirHeld(lock));
        // The one data directory of this run, chosen here; the game's plugins use it.
        app.insert_resource(storage);
        add_bevy(&mut app, (w, h), benchmarking, offscreen);
        app.add_plugins((camelot::game_plugin, camelot::view_plugin))
            .insert_resource(session)
            .insert_resource(Graphics {
                adapter: adapter.name.clone(),
                detected: adapter::tier_for(&adapter),
                forced: opts.quality,
            });
        #[cfg(feature = "tools")]
        app.insert_resource(camelot::tools::Automation {
            launched: Some(launched),
            opts: opts.tools.clone(),
        });
        #[cfg(not(feature = "tools"))]
        let _ = launched;
        if let (Some(server), Some(game)) = (&opts.server, &opts.game) {
            let seats = match opts.online_seats() {
                Ok(seats) => seats,
                Err(e) => {
                    eprintln!("camelot: {e}");
                    return ExitCode::FAILURE;
                }
            };
            // The table opens once the server has sent the game.
            app.world_mut().write_message(camelot::online::JoinOnline {
                server: server.clone(),
                game: game.clone(),
                tokens: opts.token.iter().map(|t| (None, t.clone())).collect(),
                seats,
                origin: camelot::online::JoinOrigin::CommandLine,
            });
        }
        if let (Some(server), Some(id)) = (&opts.server, &opts.join_tournament) {
            let storage = app.world().resource::<camelot::storage::saving::Storage>();
            if camelot::online::account::saved_token(storage, server).is_none() {
                eprintln!(
                    "camelot: not logged in to {server}: log in on the Online screen, or with \
                     camelot-cli online login --server {server} --name NAME"
                );
                return ExitCode::FAILURE;
            }
            app.world_mut()
                .resource_mut::<camelot::online::tournaments::OnlineTournaments>()
                .join_when_started(server.clone(), id.clone());
        }
        if opts.starts_game() || benchmarking {
            app.insert_state(Screen::Playing);
            // The game the command line opens starts at the table like one from the menu.
            app.world_mut().write_message(GameStarted);
        }
        match app.run() {
            AppExit::Success => ExitCode::SUCCESS,
            AppExit::Error(_) => ExitCode::FAILURE,
        }
    }

    /// Bevy's plugins: a window, or offscreen none (the window stays an entity that
    /// nothing opens, the loop runs itself and the cameras draw into an image).
    fn add_bevy(app: &mut App, (w, h): (u32, u32), benchmarking: bool, offscreen: bool) {
        let window = WindowPlugin {
            primary_window: Some(Window {
                title: "Camelot".into(),
                resolution: WindowResolution::new(w, h),
                // Frame times are measured without waiting for the display.
                present_mode: if benchmarking {
                    PresentMode::AutoNoVsync
                } else {
                    PresentMode::AutoVsync
                },
                ..default()
            }),
            ..default()
        };
        if offscreen {
            app.add_plugins(
                DefaultPlugins
                    .set(window)
                    .disable::<bevy::winit::WinitPlugin>()
                    .disable::<bevy::app::TerminalCtrlCHandlerPlugin>(),
            )
            .add_plugins((
                bevy::app::ScheduleRunnerPlugin::run_loop(std::time::Duration::ZERO),
                camelot::render::offscreen::OffscreenPlugin {
                    size: UVec2::new(w, h),
                },
            ));
        } else {
            app.add_plugins(
                DefaultPlugins
                    .set(window)
                    .disable::<bevy::app::TerminalCtrlCHandlerPlugin>(),
            );
        }
        // Signals end the game as closing its window does (Bevy's handler, disabled
        // above, would not wake a resting window).
        app.add_plugins(camelot::game::signals::SignalsPlugin);
    }

    /// The game the window opens on: from `--load`, `--continue`, `--variant`/`--seats`,
    /// or the game in progress behind the menu (a fresh game if there is none).
    fn opening_session(
        opts: &Options,
        autosave: Loaded<Session>,
        notices: &mut Vec<String>,
    ) -> Result<Session, OpeningError> {
        let mut session = if let Some(path) = &opts.load {
            let mut s = read_session(path).map_err(OpeningError::Store)?;
            if opts.seats.is_none() {
                notices.extend(s.seats_from_record(path));
            }
            s
        } else if opts.resume {
            match autosave {
                Loaded::Read(s) => s,
                _ => return Err(OpeningError::NothingToContinue),
            }
        } else if opts.starts_game() {
            let v = opts.variant_or_default();
            Session::new(
                Game::new(v),
                opts.seats_for(v).map_err(OpeningError::Seats)?,
            )
        } else {
            match autosave {
                Loaded::Read(s) => s,
                _ => Session::fresh(opts.variant_or_default()),
            }
        };
        if opts.seats.is_some() && !opts.online() {
            session.seats = opts
                .seats_for(session.variant())
                .map_err(OpeningError::Seats)?;
        }
        Ok(session)
    }
}

#[cfg(not(feature = "gui"))]
mod window {
    use std::process::ExitCode;
    use std::time::Instant;

    use camelot::cli::Options;

    pub fn run(opts: Options, _: Instant) -> ExitCode {
        if opts.diagnose {
            println!("display and adapter: not checked (this build has no 3D game)");
        }
        eprintln!(
            "camelot: this build has no 3D game (it was built without the gui feature); \
             play in the terminal with --terminal"
        );
        ExitCode::FAILURE
    }
}
