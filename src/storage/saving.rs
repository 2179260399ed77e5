//! Keeps the data directory in step with the game: the game in progress is saved after
//! every move, undo and claim; a new game moves the last one into the history first (a
//! tournament's games are kept by the tournament instead). A directory that cannot be
//! written is said once, and play goes on. (The settings file is the settings
//! feature's, written through the same [`Storage`].)

use bevy::prelude::*;

use crate::game::actions::{BoardReset, GameStarted, MovePlayed, Notices};
use crate::game::screens::Screen;
use crate::game::session::Session;
use crate::game::settings::PlaySettings;
use crate::storage::data_dir::{Store, StoreError};
use crate::AppSystems;

/// Keeps the data directory `main` chose (the [`Storage`] inserted before this plugin;
/// without one, nothing is read or saved) in step with the game.
pub(crate) fn plugin(app: &mut App) {
    let mut storage = app
        .world_mut()
        .remove_resource::<Storage>()
        .unwrap_or_else(|| Storage::new(None));
    if storage.store.is_none() {
        storage.pending.push(
            "No data directory (set HOME or CAMELOT_DATA_DIR): nothing will be saved.".into(),
        );
    }
    app.insert_resource(storage).add_systems(
        Update,
        (
            say_pending,
            begin_new_games,
            autosave_after_changes.run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// The store and what has been written to it.
#[derive(Resource)]
pub struct Storage {
    pub store: Option<Store>,
    /// The last write error said, so it is said once.
    failed: Option<String>,
    /// Notices from before the first frame.
    pub pending: Vec<String>,
    /// The last game is still in the autosave, not yet in the history: nothing may be
    /// written over it.
    held_back: bool,
}

impl Storage {
    /// The data directory the game saves to, or none (nothing is saved). Made once, by
    /// `main` or a test, and inserted before the game's plugins.
    pub fn new(store: Option<Store>) -> Storage {
        Storage {
            store,
            failed: None,
            pending: Vec::new(),
            held_back: false,
        }
    }

    /// Reports a write's outcome: a failure once, until a write succeeds again.
    pub fn report(&mut self, what: &str, r: Result<(), StoreError>, notices: &mut Notices) {
        self.held_back = holds_back(&r);
        match r {
            Ok(()) => self.failed = None,
            Err(e) => {
                let text = format!("{what} could not be saved: {e}");
                if self.failed.is_none() {
                    notices.say(text.clone());
                    warn!("{text}");
                }
                self.failed = Some(text);
            }
        }
    }
}

fn say_pending(mut storage: ResMut<Storage>, mut notices: ResMut<Notices>) {
    for text in storage.pending.drain(..) {
        warn!("{text}");
        notices.say(text);
    }
}

/// A new game at the table: the one in progress goes into the history first.
fn begin_new_games(
    mut started: MessageReader<GameStarted>,
    session: Res<Session>,
    settings: Res<PlaySettings>,
    mut storage: ResMut<Storage>,
    mut notices: ResMut<Notices>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(store) = storage.store.clone() else {
        return;
    };
    // A tournament keeps its own records; the game it replaces is kept as any other.
    let r = if session.in_tournament {
        store.set_aside().map(|_| ())
    } else {
        store.begin(&session, settings.notation).map(|_| ())
    };
    storage.report("The game", r, &mut notices);
}

/// Whether an outcome leaves the last game held back in the autosave.
fn holds_back<T>(r: &Result<T, StoreError>) -> bool {
    matches!(r, Err(StoreError::NotArchived { .. }))
}

fn autosave_after_changes(
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
    session: Res<Session>,
    settings: Res<PlaySettings>,
    mut storage: ResMut<Storage>,
    mut notices: ResMut<Notices>,
) {
    if played.read().count() + reset.read().count() == 0 || session.in_tournament {
        return;
    }
    let Some(store) = storage.store.clone() else {
        return;
    };
    // While the last game could not be put into the history, every save tries that
    // again first: the autosave holds it, and is never written over until it is kept.
    let r = if storage.held_back {
        store.begin(&session, settings.notation).map(|_| ())
    } else {
        store.save_autosave(&session, settings.notation)
    };
    storage.report("The game", r, &mut notices);
}
