//! Browsing the game: the board, the panel and the analysis show an earlier position
//! while the game itself stays where it is. Nothing is undone; moves wait (the board
//! takes no input and the computer does not move) until the player returns to the game.
//!
//! A browse belongs to the game as it was when it began: any change to the game (a move,
//! an undo, a new or loaded game) ends it, so no stale position can be shown.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::Position;

use crate::game::focus::egui_wants_keys;
use crate::game::screens::Screen;
use crate::game::session::{GameKey, Session};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Browse>()
        .add_message::<BrowseCommand>()
        .add_systems(
            Update,
            browse_keys
                .run_if(not(egui_wants_keys))
                .run_if(in_state(Screen::Playing))
                .in_set(AppSystems::Input),
        )
        .add_systems(Update, apply_commands.in_set(AppSystems::Act));
}

/// Where to look.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseCommand {
    /// The position before ply `n` (0 is the start; the game's ply count is the game).
    To(usize),
    Back,
    Forward,
    First,
    /// Back to the game.
    Live,
}

/// The position being shown, if it is not the game's.
#[derive(Resource, Default, Debug)]
pub struct Browse {
    /// The ply shown, and the state of the game when browsing began.
    at: Option<(usize, GameKey)>,
}

impl Browse {
    /// The ply being browsed, or `None` when the game itself is shown (also when the
    /// game has changed since browsing began).
    pub fn browsing(&self, session: &Session) -> Option<usize> {
        let (shown, game) = self.at?;
        (game == session.key() && shown < game.ply()).then_some(shown)
    }

    /// The number of moves played up to the position shown.
    pub fn shown_ply(&self, session: &Session) -> usize {
        self.browsing(session).unwrap_or(session.game.ply())
    }

    /// The position shown on the board.
    pub fn shown<'a>(&self, session: &'a Session) -> &'a Position {
        session.game.position_at(self.shown_ply(session))
    }

    /// Shows the position before ply `n` (the game itself at or past its end).
    pub fn go_to(&mut self, session: &Session, n: usize) {
        let now = session.key();
        self.at = (n < now.ply()).then_some((n, now));
    }
}

/// Run condition: the game itself is shown (moves may be entered and played).
pub fn live(browse: Res<Browse>, session: Res<Session>) -> bool {
    browse.browsing(&session).is_none()
}

/// Left and right step through the moves, Home goes to the start, End back to the game.
fn browse_keys(keys: Res<ButtonInput<KeyCode>>, mut commands: MessageWriter<BrowseCommand>) {
    for (key, command) in [
        (KeyCode::ArrowLeft, BrowseCommand::Back),
        (KeyCode::ArrowRight, BrowseCommand::Forward),
        (KeyCode::Home, BrowseCommand::First),
        (KeyCode::End, BrowseCommand::Live),
    ] {
        if keys.just_pressed(key) {
            commands.write(command);
        }
    }
}

fn apply_commands(
    mut commands: MessageReader<BrowseCommand>,
    mut browse: ResMut<Browse>,
    session: Res<Session>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for c in commands.read() {
        let now = browse.shown_ply(&session);
        let n = match *c {
            BrowseCommand::To(n) => n,
            BrowseCommand::Back => now.saturating_sub(1),
            BrowseCommand::Forward => now + 1,
            BrowseCommand::First => 0,
            BrowseCommand::Live => session.game.ply(),
        };
        browse.go_to(&session, n);
        redraw.write(RequestRedraw);
    }
}

/// What the panel needs to show and move through the positions of the game.
#[derive(SystemParam)]
pub struct BrowseSection<'w> {
    pub browse: Res<'w, Browse>,
    pub to: MessageWriter<'w, BrowseCommand>,
}
