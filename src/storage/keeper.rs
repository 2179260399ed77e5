//! The save policy the window and the terminal share, with no Bevy in it: the game in
//! progress is saved after every change; a new game puts the last one into the history
//! first (a tournament's is set aside, the tournament keeps it); while the last game
//! could not be put into the history it is held back in the autosave, never written
//! over, and every save tries to put it away first; a failure is said once, until a save
//! works again.

use std::path::PathBuf;

use camelot_engine::Notation;

use crate::game::session::Session;
use crate::storage::data_dir::{Store, StoreError};

/// The data directory (if there is one) and how saving stands.
#[derive(Clone, Debug)]
pub struct Keeper {
    store: Option<Store>,
    state: Saving,
}

/// How the last save went.
#[derive(Clone, Debug, PartialEq)]
enum Saving {
    /// Nothing to save yet, or saved.
    Saved,
    Failed(String),
    /// The last game could not be put into the history: the autosave keeps it.
    HeldBack(String),
}

/// What a save has to tell the player.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveNews {
    Nothing,
    /// The last game went into the history, here.
    LastGameKept(PathBuf),
    /// The first failure since the last save that worked: "The game could not be saved:
    /// WHY". Later failures are not news.
    Failed(String),
}

impl Keeper {
    /// Saving to `store`; with none, nothing is saved (and nothing is said of it).
    pub fn new(store: Option<Store>) -> Keeper {
        Keeper {
            store,
            state: Saving::Saved,
        }
    }

    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// Why the game in progress is not saved, if it is not.
    pub fn unsaved(&self) -> Option<&str> {
        match &self.state {
            Saving::Saved => None,
            Saving::Failed(why) | Saving::HeldBack(why) => Some(why),
        }
    }

    /// Another game is at the table: the one in progress goes into the history (set
    /// aside for a tournament's game, which the tournament keeps).
    pub fn begin(&mut self, session: &Session, notation: Notation) -> SaveNews {
        let Some(store) = &self.store else {
            return SaveNews::Nothing;
        };
        let r = if session.in_tournament {
            store.set_aside()
        } else {
            store.begin(session, notation)
        };
        match r {
            Ok(kept) => {
                self.state = Saving::Saved;
                kept.map_or(SaveNews::Nothing, SaveNews::LastGameKept)
            }
            Err(e) => self.failed(e),
        }
    }

    /// The game changed: the game in progress is saved (a tournament's is not). While
    /// the last game is held back, it is put into the history first.
    pub fn changed(&mut self, session: &Session, notation: Notation) -> SaveNews {
        let Some(store) = &self.store else {
            return SaveNews::Nothing;
        };
        if session.in_tournament {
            return SaveNews::Nothing;
        }
        let r = if matches!(self.state, Saving::HeldBack(_)) {
            store.begin(session, notation).map(|_| ())
        } else {
            store.save_autosave(session, notation)
        };
        match r {
            Ok(()) => {
                self.state = Saving::Saved;
                SaveNews::Nothing
            }
            Err(e) => self.failed(e),
        }
    }

    fn failed(&mut self, e: StoreError) -> SaveNews {
        let why = e.to_string();
        let first = self.state == Saving::Saved;
        self.state = match e {
            StoreError::NotArchived { .. } => Saving::HeldBack(why.clone()),
            _ => Saving::Failed(why.clone()),
        };
        if first {
            SaveNews::Failed(format!("The game could not be saved: {why}"))
        } else {
            SaveNews::Nothing
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::{Game, Variant};

    fn session() -> Session {
        let mut s = Session::fresh(Variant::Camette);
        s.game.play_notation("C3-C4").unwrap();
        s
    }

    #[test]
    fn a_failure_is_news_once_and_a_save_that_works_ends_it() {
        let dir = std::env::temp_dir().join(format!("camelot-keeper-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::write(&dir, "a file where the data directory should be").unwrap();
        let mut k = Keeper::new(Some(Store::at(dir.join("camelot"))));
        let s = session();
        let first = k.changed(&s, Notation::Wcf);
        assert!(
            matches!(&first, SaveNews::Failed(t) if t.starts_with("The game could not be saved: ")),
            "{first:?}"
        );
        assert_eq!(k.changed(&s, Notation::Wcf), SaveNews::Nothing, "said once");
        assert!(k.unsaved().is_some());
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(k.changed(&s, Notation::Wcf), SaveNews::Nothing);
        assert_eq!(k.unsaved(), None, "saved once the directory can be written");
        let next = Session::new(Game::new(Variant::Camette), s.seats.clone());
        assert!(matches!(
            k.begin(&next, Notation::Wcf),
            SaveNews::LastGameKept(_)
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn without_a_directory_nothing_is_saved_or_said() {
        let mut k = Keeper::new(None);
        assert_eq!(k.changed(&session(), Notation::Wcf), SaveNews::Nothing);
        assert_eq!(k.begin(&session(), Notation::Wcf), SaveNews::Nothing);
        assert_eq!(k.unsaved(), None);
    }
}
