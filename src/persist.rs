//! Files in the platform's data directory: the autosaved game and the settings. Every
//! write goes to a temporary file that is then renamed, so a crash never leaves half a
//! file; every read failure is a message, never a panic.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::screens::Screen;
use crate::session::{BoardReset, MovePlayed, Notices, Session};
use crate::settings::Settings;

/// `$CAMELOT_DATA_DIR`, else the platform's per-user data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CAMELOT_DATA_DIR") {
        return Some(PathBuf::from(d));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let base = if cfg!(windows) {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| home.map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join("camelot"))
}

pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave.cgn"))
}

fn settings_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("settings.json"))
}

/// Writes `text` to `path` atomically (the engine's one writer).
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    camelot_engine::write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {e}"))
}

pub fn autosave(session: &Session, style: camelot_engine::Notation) -> Result<(), String> {
    let path = autosave_path().ok_or("no data directory (HOME is not set)")?;
    write_atomic(&path, &session.record_text(style))
}

/// The autosaved game, if there is one. A file that cannot be read is an error the
/// menu shows; the game goes on without it.
pub fn load_autosave() -> Result<Option<Session>, String> {
    let Some(path) = autosave_path() else {
        return Ok(None);
    };
    if !path.exists() {
        return Ok(None);
    }
    load_record(&path).map(Some)
}

pub fn load_record(path: &Path) -> Result<Session, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Session::from_record(&text).map_err(|e| format!("{} is not a game record: {e}", path.display()))
}

pub fn save_record(path: &Path, text: &str) -> Result<(), String> {
    write_atomic(path, text)
}

pub fn load_settings() -> Result<Settings, String> {
    let Some(path) = settings_path() else {
        return Ok(Settings::default());
    };
    match fs::read_to_string(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| format!("ignoring settings in {}: {e}", path.display())),
    }
}

pub fn save_settings(s: &Settings) -> Result<(), String> {
    let path = settings_path().ok_or("no data directory (HOME is not set)")?;
    let text = serde_json::to_string_pretty(s).map_err(|e| e.to_string())?;
    write_atomic(&path, &text)
}

/// Saves the game after every move, undo and new game (only while a game is on).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        autosave_after_changes.run_if(in_state(Screen::Playing)),
    );
}

fn autosave_after_changes(
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
    session: Res<Session>,
    settings: Res<Settings>,
    mut notices: ResMut<Notices>,
    mut failed: Local<bool>,
) {
    if played.read().count() + reset.read().count() == 0 {
        return;
    }
    match autosave(&session, settings.notation_style()) {
        Ok(()) => *failed = false,
        Err(e) if !*failed => {
            // Said once, not after every move.
            *failed = true;
            notices.say(format!("Autosave failed: {e}"));
        }
        Err(_) => {}
    }
}
