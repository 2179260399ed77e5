//! The app's flow: the menu, then a game.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Choosing a variant and the seats (the board of the last game shows behind).
    #[default]
    Menu,
    Playing,
}
