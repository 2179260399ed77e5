//! The game keeps the data directory in step through its real systems: settings are
//! written only when they change, a directory that cannot be written is said once, and
//! a new game from the menu's path moves the last one into the history.

mod headless_app;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use camelot::game::actions::{GameActions, Notices};
use camelot::game::screens::Screen;
use camelot::game::session::{Seat, Session};
use camelot::settings::file::SettingsFile;
use camelot::storage::data_dir::{Loaded, Store};
use camelot::storage::saving::Storage;
use camelot::table::settings::{BoardTheme, TableSettings};
use camelot_engine::{Game, Move, Variant};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-persist-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The game's plugins on a headless app, saving into `store`.
fn app(store: Store) -> App {
    let mut app = App::new();
    headless_app::add_game_plugins(&mut app)
        .insert_resource(Session::new(
            Game::new(Variant::Camelot),
            vec![Seat::Human, Seat::Human],
        ))
        .insert_state(Screen::Playing);
    *app.world_mut().resource_mut::<Storage>() = Storage::new(Some(store));
    app.update();
    app
}

#[cfg(unix)]
fn inode(p: &std::path::Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(p).unwrap().ino()
}

#[test]
fn settings_are_written_only_when_they_change() {
    let store = Store::at(scratch("settings"));
    let mut app = app(store.clone());
    // A widget that takes the settings mutably marks them changed every frame.
    for _ in 0..30 {
        app.world_mut()
            .resource_mut::<TableSettings>()
            .set_changed();
        app.update();
    }
    assert!(
        !store.settings_path().exists(),
        "defaults untouched are not written"
    );
    app.world_mut().resource_mut::<TableSettings>().theme = BoardTheme::Marble;
    app.update();
    assert!(
        matches!(store.load_settings::<SettingsFile>(), Loaded::Read(s) if s.table.theme == BoardTheme::Marble)
    );
    #[cfg(unix)]
    {
        let written = inode(&store.settings_path());
        for _ in 0..30 {
            app.world_mut()
                .resource_mut::<TableSettings>()
                .set_changed();
            app.update();
        }
        assert_eq!(inode(&store.settings_path()), written, "not rewritten");
    }
}

#[test]
fn a_directory_that_cannot_be_written_is_said_once_and_play_goes_on() {
    let blocked = scratch("blocked");
    std::fs::write(&blocked, "a file where the data directory should be").unwrap();
    let mut app = app(Store::at(blocked.join("camelot")));
    for i in 0..20 {
        app.world_mut()
            .resource_mut::<TableSettings>()
            .animation_speed = 1.0 + i as f32;
        let m = {
            let s = app.world().resource::<Session>();
            *s.position().legal_moves().get(0)
        };
        app.world_mut()
            .run_system_once(move |mut a: GameActions| a.play(m))
            .unwrap()
            .unwrap();
        app.update();
    }
    let notices = &app.world().resource::<Notices>().items;
    let failures: Vec<&String> = notices
        .iter()
        .map(|(t, _)| t)
        .filter(|t| t.contains("could not be saved"))
        .collect();
    assert_eq!(failures.len(), 1, "said once: {notices:?}");
    assert_eq!(
        app.world().resource::<Session>().game.ply(),
        20,
        "play went on"
    );
}

#[test]
fn a_new_game_moves_the_last_one_into_the_history() {
    let store = Store::at(scratch("history"));
    let mut app = app(store.clone());
    let play = |app: &mut App, m: Move| {
        app.world_mut()
            .run_system_once(move |mut a: GameActions| a.play(m))
            .unwrap()
            .unwrap();
        app.update();
    };
    let first = *app
        .world()
        .resource::<Session>()
        .position()
        .legal_moves()
        .get(0);
    play(&mut app, first);
    assert!(matches!(store.load_autosave(), Loaded::Read(s) if s.game.ply() == 1));
    app.world_mut()
        .run_system_once(|mut a: GameActions| a.replace(Session::fresh(Variant::Camette)))
        .unwrap();
    app.update();
    let history = store.history();
    assert_eq!(history.len(), 1);
    assert_eq!(
        (history[0].variant, history[0].moves),
        (Some(Variant::Camelot), 1)
    );
    assert!(matches!(store.load_autosave(), Loaded::Read(s) if s.variant() == Variant::Camette));
}
