//! Files in the data directory: the autosave and settings survive a round trip, and a
//! corrupt or foreign file is a clear error, never a panic.

use camelot::cli::Seat;
use camelot::persist;
use camelot::session::Session;
use camelot::settings::{BoardTheme, Settings};
use camelot_engine::{Game, Notation as Style, Variant, LEVELS};

fn data_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-persist-{}", std::process::id()));
    // One directory for this test process, set before any test reads it.
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe { std::env::set_var("CAMELOT_DATA_DIR", &dir) });
    dir
}

#[test]
fn autosave_and_settings_round_trip_and_corrupt_files_are_reported() {
    let dir = data_dir();
    // Nothing saved yet: no autosave, default settings.
    let _ = std::fs::remove_dir_all(&dir);
    assert!(persist::load_autosave().unwrap().is_none());
    assert_eq!(persist::load_settings().unwrap(), Settings::default());

    let game = Game::new(Variant::GrandCam);
    let mut game2 = Game::new(Variant::Camelot);
    game2.play_notation("E7-E8").unwrap();
    game2.play_notation("F10-F9").unwrap();
    let session = Session::new(game2.clone(), vec![Seat::Human, Seat::Computer(LEVELS[3])]);
    persist::autosave(&session, Style::Wcf).unwrap();
    let back = persist::load_autosave().unwrap().unwrap();
    assert_eq!(back.game.moves(), game2.moves());
    assert_eq!(back.seats, session.seats);
    assert!(
        !dir.join("autosave.tmp").exists(),
        "the temporary file was renamed"
    );

    // The 1930 numbered notation reads back too.
    persist::autosave(&session, Style::Classic).unwrap();
    assert_eq!(
        persist::load_autosave().unwrap().unwrap().game.moves(),
        game2.moves()
    );

    // Grand Cam seats come back four.
    let four = Session::new(
        game,
        vec![
            Seat::Human,
            Seat::Human,
            Seat::Computer(LEVELS[0]),
            Seat::Human,
        ],
    );
    persist::autosave(&four, Style::Wcf).unwrap();
    assert_eq!(persist::load_autosave().unwrap().unwrap().seats, four.seats);

    std::fs::write(dir.join("autosave.cgn"), "this is not a record\n1. Q9-Z99").unwrap();
    let err = persist::load_autosave().unwrap_err();
    assert!(
        err.contains("autosave.cgn") && err.contains("not a game record"),
        "{err}"
    );

    let settings = Settings {
        theme: BoardTheme::Marble,
        animation_speed: 2.5,
        ..Settings::default()
    };
    persist::save_settings(&settings).unwrap();
    assert_eq!(persist::load_settings().unwrap(), settings);
    std::fs::write(dir.join("settings.json"), "{\"theme\": 7").unwrap();
    let err = persist::load_settings().unwrap_err();
    assert!(err.contains("settings.json"), "{err}");
}
