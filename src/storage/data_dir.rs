//! The data directory: the game in progress (`autosave.cgn`), the history of earlier
//! games (`games/`), and the settings (`settings.json`). Nothing a player made is lost:
//!
//! - every write goes through the engine's atomic writer;
//! - a new game never overwrites the one in progress: that game moves into `games/`
//!   first, finished or not;
//! - a file that cannot be read is moved aside under a timestamped name and reported,
//!   never overwritten, and the game goes on with defaults.
//!
//! `$CAMELOT_DATA_DIR` overrides the platform's data directory. Nothing here needs Bevy.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use camelot_engine::notation::{CivilTime, Record, RecordError, MAX_RECORD_BYTES};
use camelot_engine::{Notation, Variant};
use camelot_files::{read_text, remove_stale_temporaries, write_atomic, FileError};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::game::session::Session;

/// Why the store could not do something.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Neither `$CAMELOT_DATA_DIR` nor a home directory is set.
    #[error("no data directory: set HOME or CAMELOT_DATA_DIR")]
    NoDataDir,
    #[error(transparent)]
    File(#[from] FileError),
    /// A file that is not a game record.
    #[error("{} is not a game record: {error}", path.display())]
    NotARecord {
        path: PathBuf,
        error: Box<RecordError>,
    },
    /// A settings file that is not the settings.
    #[error("{} is not a settings file: {error}", path.display())]
    BadSettings {
        path: PathBuf,
        error: serde_json::Error,
    },
    /// The game in the autosave could not be put into the history: it stays where it
    /// is, and nothing is written over it.
    #[error(
        "the previous game could not be put into the history ({error}); it stays in {} \
         and is not written over, so this game is not saved until the history can be written",
        autosave.display()
    )]
    NotArchived {
        autosave: PathBuf,
        error: Box<StoreError>,
    },
    /// Another program holds the data directory.
    #[error(
        "another Camelot is using the data directory {}: close it first (or set \
         CAMELOT_DATA_DIR to another folder)",
        dir.display()
    )]
    Locked { dir: PathBuf },
}

/// A file read from the store.
#[derive(Debug)]
pub enum Loaded<T> {
    /// There is no such file yet.
    Missing,
    Read(T),
    /// The file could not be read; it was moved aside to `kept_as` (if it could be).
    Unreadable {
        error: StoreError,
        kept_as: Option<PathBuf>,
    },
}

impl<T> Loaded<T> {
    /// What to tell the player about a file that could not be read, if anything.
    pub fn notice(&self, what: &str) -> Option<String> {
        match self {
            Loaded::Unreadable { error, kept_as } => Some(match kept_as {
                Some(p) => format!(
                    "The {what} could not be read ({error}); it was kept as {}.",
                    p.display()
                ),
                None => format!("The {what} could not be read ({error})."),
            }),
            _ => None,
        }
    }
}

/// A game in the history (`games/`), as the menu lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub path: PathBuf,
    /// When the file was last written, in UTC: `2026-11-23 12:01`.
    pub date: String,
    pub variant: Option<Variant>,
    /// The `Seats` tag (`human,ai:club`), if any.
    pub seats: Option<String>,
    pub moves: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game that did not finish.
    pub result: String,
    /// Put there by the store (not saved by the player): continuing it moves it back.
    pub archived: bool,
    modified: SystemTime,
}

impl SavedGame {
    pub fn finished(&self) -> bool {
        self.result != "*"
    }
}

/// The data directory held by this program (see [`Store::lock`]).
#[derive(Debug)]
pub struct DataLock {
    _file: fs::File,
}

/// The data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// `$CAMELOT_DATA_DIR`, else the platform's per-user data directory.
    pub fn from_env() -> Result<Store, StoreError> {
        camelot_files::data_dir()
            .map(Store::at)
            .ok_or(StoreError::NoDataDir)
    }

    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// Takes the data directory for this program alone: two programs writing one
    /// autosave would lose a game. Held until the lock is dropped. Temporaries that a
    /// write killed in mid-way left behind are removed (no other writer is left).
    pub fn lock(&self) -> Result<DataLock, StoreError> {
        fs::create_dir_all(&self.dir).map_err(|e| file_error(&self.dir, e))?;
        let path = self.dir.join("lock");
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| file_error(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    dir: self.dir.clone(),
                })
            }
            Err(fs::TryLockError::Error(e)) => return Err(file_error(&path, e)),
        }
        remove_stale_temporaries(&self.dir);
        remove_stale_temporaries(&self.games_dir());
        Ok(DataLock { _file: file })
    }

    /// Holds the data directory, if there is one, for this run: `Err` only when another
    /// program holds it (the caller says so and stops). A directory that cannot be
    /// locked for another reason is not held, and play goes on: its writes fail and
    /// are said where they happen.
    pub fn hold(store: Option<&Store>) -> Result<Option<DataLock>, StoreError> {
        match store.map(Store::lock) {
            Some(Err(e @ StoreError::Locked { .. })) => Err(e),
            Some(Ok(lock)) => Ok(Some(lock)),
            _ => Ok(None),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join("autosave.cgn")
    }

    pub fn settings_path(&self) -> PathBuf {
        self.dir.join("settings.json")
    }

    /// The history of games, and the folder the save and load dialogs open on.
    pub fn games_dir(&self) -> PathBuf {
        self.dir.join("games")
    }

    /// The game in progress. One that cannot be read is moved aside and reported.
    pub fn load_autosave(&self) -> Loaded<Session> {
        let path = self.autosave_path();
        match read_session(&path) {
            Ok(s) => Loaded::Read(s),
            // A link to nothing is not followed: it is moved aside and said, and the next
            // game is saved in the data directory, not wherever the link pointed.
            Err(StoreError::File(e)) if e.is_not_found() && fs::symlink_metadata(&path).is_ok() => {
                let target = fs::read_link(&path).unwrap_or_default();
                Loaded::Unreadable {
                    kept_as: move_aside(&path),
                    error: StoreError::File(FileError::DanglingLink {
                        path: path.clone(),
                        target,
                    }),
                }
            }
            Err(StoreError::File(e)) if e.is_not_found() => Loaded::Missing,
            Err(error) => Loaded::Unreadable {
                kept_as: move_aside(&path),
                error,
            },
        }
    }

    /// Writes the game in progress.
    pub fn save_autosave(&self, s: &Session, notation: Notation) -> Result<(), StoreError> {
        write_atomic(&self.autosave_path(), s.record_text(notation).as_bytes())?;
        Ok(())
    }

    /// A game starts at the table. The game in progress, if it is another game with at
    /// least one move, goes into the history first; returns where it went.
    pub fn begin(&self, s: &Session, notation: Notation) -> Result<Option<PathBuf>, StoreError> {
        let archived = match self.load_autosave() {
            Loaded::Read(old) if old.game.ply() > 0 && !old.same_game(s) => {
                let kept = self.archive(&self.autosave_path(), &old).map_err(|e| {
                    StoreError::NotArchived {
                        autosave: self.autosave_path(),
                        error: Box::new(e),
                    }
                })?;
                Some(kept)
            }
            _ => None,
        };
        self.save_autosave(s, notation)?;
        Ok(archived)
    }

    /// A game the store does not keep (a tournament's) comes to the table: the game in
    /// progress goes into the history if it has moves, and there is then no autosave.
    pub fn set_aside(&self) -> Result<Option<PathBuf>, StoreError> {
        let path = self.autosave_path();
        match self.load_autosave() {
            Loaded::Read(old) if old.game.ply() > 0 => Ok(Some(self.archive(&path, &old)?)),
            Loaded::Read(_) => {
                fs::remove_file(&path).map_err(|e| file_error(&path, e))?;
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// A new folder for a tournament's records: `tournaments/2026-11-24-101500`.
    pub fn new_tournament_dir(&self) -> Result<PathBuf, StoreError> {
        let base = self.dir.join("tournaments");
        fs::create_dir_all(&base).map_err(|e| file_error(&base, e))?;
        let stamp = stamp(SystemTime::now());
        for n in 1.. {
            let name = if n == 1 {
                stamp.clone()
            } else {
                format!("{stamp}-{n}")
            };
            let dir = base.join(name);
            match fs::create_dir(&dir) {
                Ok(()) => return Ok(dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(file_error(&dir, e)),
            }
        }
        unreachable!("some name is free")
    }

    /// Moves a record file into the history under a name no other file has.
    fn archive(&self, from: &Path, game: &Session) -> Result<PathBuf, StoreError> {
        let games = self.games_dir();
        fs::create_dir_all(&games).map_err(|e| file_error(&games, e))?;
        let stamp = stamp(SystemTime::now());
        for n in 1.. {
            let suffix = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            let to = games.join(format!("{stamp}-{}{suffix}.cgn", game.variant()));
            if fs::symlink_metadata(from).is_ok_and(|m| m.file_type().is_symlink()) {
                // A link (to a synchronised folder, say): the game it points to is copied
                // into the history as a file of its own (a link moved there would point
                // nowhere), then the link is removed; the file it points to is left as
                // it is.
                if to.exists() {
                    continue;
                }
                write_atomic(&to, &fs::read(from).map_err(|e| file_error(from, e))?)?;
                fs::remove_file(from).map_err(|e| file_error(from, e))?;
                return Ok(to);
            }
            // A hard link never replaces a file that is there: the name is taken only
            // if it is free. Where links are not possible, a copy is written instead.
            match fs::hard_link(from, &to) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(_) if to.exists() => continue,
                Err(_) => write_atomic(&to, &fs::read(from).map_err(|e| file_error(from, e))?)?,
            }
            fs::remove_file(from).map_err(|e| file_error(from, e))?;
            return Ok(to);
        }
        unreachable!("some name is free")
    }

    /// The games in the history, newest first.
    pub fn history(&self) -> Vec<SavedGame> {
        let Ok(entries) = fs::read_dir(self.games_dir()) else {
            return Vec::new();
        };
        let mut games: Vec<SavedGame> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "cgn"))
            .filter_map(|p| saved_game(&p))
            .collect();
        games.sort_by_key(|g| std::cmp::Reverse(g.modified));
        games
    }

    /// Takes a game from the history to play on: it becomes the game in progress (the
    /// one in progress goes into the history). A game the store archived leaves the
    /// history, so it is never kept twice; a game the player saved stays where it is.
    pub fn resume(&self, game: &SavedGame, notation: Notation) -> Result<Session, StoreError> {
        let s = read_session(&game.path)?;
        self.begin(&s, notation)?;
        if game.archived {
            fs::remove_file(&game.path).map_err(|e| file_error(&game.path, e))?;
        }
        Ok(s)
    }

    /// The settings. A file that cannot be read is moved aside and reported; the
    /// defaults are used until the player changes something.
    pub fn load_settings<S: DeserializeOwned>(&self) -> Loaded<S> {
        let path = self.settings_path();
        let text = match read_text(&path, 64 * 1024) {
            Ok(t) => t,
            Err(e) if e.is_not_found() => return Loaded::Missing,
            Err(e) => {
                return Loaded::Unreadable {
                    kept_as: move_aside(&path),
                    error: e.into(),
                }
            }
        };
        match serde_json::from_str(&text) {
            Ok(s) => Loaded::Read(s),
            Err(error) => Loaded::Unreadable {
                kept_as: move_aside(&path),
                error: StoreError::BadSettings { path, error },
            },
        }
    }

    pub fn save_settings<S: Serialize>(&self, s: &S) -> Result<(), StoreError> {
        let text = serde_json::to_string_pretty(s).expect("settings serialise");
        write_atomic(&self.settings_path(), text.as_bytes())?;
        Ok(())
    }
}

fn file_error(path: &Path, source: std::io::Error) -> StoreError {
    StoreError::File(FileError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads a record file into a session.
pub fn read_session(path: &Path) -> Result<Session, StoreError> {
    let text = read_text(path, MAX_RECORD_BYTES)?;
    Session::from_record(&text).map_err(|error| StoreError::NotARecord {
        path: path.to_path_buf(),
        error: Box::new(error),
    })
}

/// Renames an unreadable file out of the way, so nothing overwrites it:
/// `autosave.cgn` becomes `autosave.cgn.unreadable-20261123-120102`.
fn move_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let stamp = stamp(SystemTime::now());
    (1..100).find_map(|n| {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let to = path.with_file_name(format!("{name}.unreadable-{stamp}{suffix}"));
        (!to.exists() && fs::rename(path, &to).is_ok()).then_some(to)
    })
}

/// The history entry for a record file, if it is a file.
fn saved_game(path: &Path) -> Option<SavedGame> {
    let meta = fs::metadata(path).ok().filter(|m| m.is_file())?;
    let modified = meta.modified().unwrap_or(UNIX_EPOCH);
    let name = path.file_name()?.to_string_lossy();
    let archived = is_archive_name(&name);
    let mut g = SavedGame {
        path: path.to_path_buf(),
        date: date_text(modified),
        variant: None,
        seats: None,
        moves: 0,
        result: "?".into(),
        archived,
        modified,
    };
    let text = read_text(path, MAX_RECORD_BYTES).ok();
    if let Some(Ok(rec)) = text.as_deref().map(Record::parse) {
        g.variant = rec.variant().ok();
        g.seats = rec.tag("Seats").map(str::to_string);
        g.moves = rec.moves.len();
        g.result = rec.result.clone();
    }
    Some(g)
}

/// `2026-11-23-120102-camelot.cgn` (or `...-2.cgn`): a name the store gave.
fn is_archive_name(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() > 18
        && b[..10].iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        })
        && b[10] == b'-'
        && b[11..17].iter().all(u8::is_ascii_digit)
        && b[17] == b'-'
}

/// The calendar time of a moment (UTC).
fn civil(t: SystemTime) -> CivilTime {
    CivilTime::from_unix_seconds(t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64)
}

/// `2026-11-23-120102`: sorts by time, safe in file names.
fn stamp(t: SystemTime) -> String {
    let c = civil(t);
    format!(
        "{:04}-{:02}-{:02}-{:02}{:02}{:02}",
        c.year, c.month, c.day, c.hour, c.minute, c.second
    )
}

/// `2026-11-23 12:01 UTC`.
pub fn date_text(t: SystemTime) -> String {
    let c = civil(t);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        c.year, c.month, c.day, c.hour, c.minute
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_the_calendar_s() {
        let t = UNIX_EPOCH + Duration::from_secs(1_795_435_262);
        assert_eq!(stamp(t), "2026-11-23-120102");
        assert_eq!(date_text(UNIX_EPOCH), "1970-01-01 00:00 UTC");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(date_text(leap), "2000-02-29 00:00 UTC");
        assert!(is_archive_name("2026-11-24-082102-camelot.cgn"));
        assert!(is_archive_name("2026-11-24-082102-river-2.cgn"));
        assert!(!is_archive_name("game.cgn"));
    }
}
