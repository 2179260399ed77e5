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
use crate::storage::keeper::{Keeper, SaveNews};
use crate::AppSystems;

/// Keeps the data directory `main` chose (the [`Storage`] inserted before this plugin;
/// without one, nothing is read or saved) in step with the game.
pub(crate) fn plugin(app: &mut App) {
    let mut storage = app
        .world_mut()
        .remove_resource::<Storage>()
        .unwrap_or_else(|| Storage::new(None));
    if storage.store().is_none() {
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

/// The data directory and what has been written to it: the game by the save policy
/// the terminal keeps too ([`Keeper`]), the settings file beside it.
#[derive(Resource)]
pub struct Storage {
    keeper: Keeper,
    /// The last write error said, the game's or the settings', so that a directory that
    /// cannot be written is said once.
    failed: Option<String>,
    /// Notices from before the first frame.
    pub pending: Vec<String>,
}

impl Storage {
    /// The data directory the game saves to, or none (nothing is saved). Made once, by
    /// `main` or a test, and inserted before the game's plugins.
    pub fn new(store: Option<Store>) -> Storage {
        Storage {
            keeper: Keeper::new(store),
            failed: None,
            pending: Vec::new(),
        }
    }

    pub fn store(&self) -> Option<&Store> {
        self.keeper.store()
    }

    /// Reports a write of the settings: a failure once, until a write succeeds again.
    pub fn report(&mut self, what: &str, r: Result<(), StoreError>, notices: &mut Notices) {
        match r {
            Ok(()) => self.failed = None,
            Err(e) => self.say_once(format!("{what} could not be saved: {e}"), notices),
        }
    }

    /// A save of the game's news, as the table says it: only a failure, and once.
    fn heard(&mut self, news: SaveNews, notices: &mut Notices) {
        match news {
            SaveNews::Failed(text) => self.say_once(text, notices),
            _ if self.keeper.unsaved().is_none() => self.failed = None,
            _ => {}
        }
    }

    fn say_once(&mut self, text: String, notices: &mut Notices) {
        if self.failed.is_none() {
            warn!("{text}");
            notices.say(text.clone());
        }
        self.failed = Some(text);
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
    let news = storage.keeper.begin(&session, settings.notation);
    storage.heard(news, &mut notices);
}

/// After a move, an undo, a claim: the game in progress is saved.
fn autosave_after_changes(
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
    session: Res<Session>,
    settings: Res<PlaySettings>,
    mut storage: ResMut<Storage>,
    mut notices: ResMut<Notices>,
) {
    if played.read().count() + reset.read().count() == 0 {
        return;
    }
    let news = storage.keeper.changed(&session, settings.notation);
    storage.heard(news, &mut notices);
}
