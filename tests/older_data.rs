//! What a player kept with the released 0.1.0 game loads in this one: a data directory
//! that build left (`tests/data/v0.1.0/`, made by it: the autosave of a game against the
//! computer, the history of earlier games, a saved game, the settings) is read whole,
//! every game with its seats, moves and result, every setting as it was set.

use std::fs;
use std::path::{Path, PathBuf};

use camelot::game::session::Seat;
use camelot::storage::data_dir::{read_session, Loaded, Store};
use camelot_engine::{Level, Notation, Variant};

/// A copy of the fixture: loading may write (a history entry moved back, say).
fn copied(test: &str) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v0.1.0");
    let to = std::env::temp_dir().join(format!("camelot-older-{test}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&to);
    copy(&from, &to);
    to
}

fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn moves(session: &camelot::game::session::Session) -> Vec<String> {
    let record = session.record_text_with(Notation::Wcf, Default::default());
    camelot_engine::notation::Record::import(&record)
        .unwrap()
        .0
        .moves
        .into_iter()
        .map(|m| m.text)
        .collect()
}

#[test]
fn the_autosave_history_and_a_saved_game_of_0_1_0_load() {
    let dir = copied("games");
    let store = Store::at(&dir);
    let Loaded::Read(autosave) = store.load_autosave() else {
        panic!("the autosave of 0.1.0 did not load");
    };
    assert_eq!(autosave.game.variant(), Variant::Camette);
    assert_eq!(
        autosave.seats,
        vec![Seat::Human, Seat::Computer(Level::NOVICE)]
    );
    assert_eq!(moves(&autosave), ["C3-C4", "C5xC3xC1"]);
    assert!(autosave.game.is_over(), "Black's knight reached the castle");

    let saved = read_session(&dir.join("saved.cgn")).expect("the saved game loads");
    assert_eq!(saved.game.variant(), Variant::Camette);
    assert_eq!(moves(&saved), ["C3-C4", "C5xC3xE3"]);
    assert!(!saved.game.is_over());

    let mut history = store.history();
    history.sort_by(|a, b| a.path.cmp(&b.path));
    let seen: Vec<(Option<Variant>, usize, &str)> = history
        .iter()
        .map(|g| (g.variant, g.moves, g.result.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (Some(Variant::Camelot), 3, "1-0"),
            (Some(Variant::Camette), 2, "*")
        ]
    );
    let resumed = store
        .resume(&history[1], Notation::Wcf)
        .expect("an unfinished game of the history goes on");
    assert_eq!(moves(&resumed), ["C3-C4", "C5xC3xE3"]);
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(feature = "gui")]
#[test]
fn the_settings_of_0_1_0_load_as_they_were_set() {
    use camelot::settings::file::SettingsFile;
    use camelot::table::settings::BoardTheme;
    let dir = copied("settings");
    let Loaded::Read(file) = Store::at(&dir).load_settings::<SettingsFile>() else {
        panic!("the settings of 0.1.0 did not load");
    };
    let (s, fixes) = file.checked();
    assert!(fixes.is_empty(), "{fixes:?}");
    assert_eq!(s.play.notation, Notation::Classic);
    assert_eq!(s.play.ai_delay, 0.8);
    assert_eq!(s.table.theme, BoardTheme::Marble);
    assert_eq!(s.table.animation_speed, 1.5);
    assert!(s.table.reduced_motion);
    assert_eq!(s.sound.volume, 0.4);
    assert!(s.sound.muted);
    assert_eq!(s.interface.ui_scale(), 1.25);
    assert_eq!(s.online.server, "https://camelot.example");
    assert_eq!(s.online.player_name, "Gawain");
    let _ = fs::remove_dir_all(&dir);
}
