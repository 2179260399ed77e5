//! Every change to the game goes through [`GameActions`], so the board, the computer
//! players and the autosave hear of it: a move is announced as [`MovePlayed`], a jump
//! of the game (undo, redo, a claim) as [`BoardReset`], a new table as [`GameStarted`].
//! Short messages for the player wait in [`Notices`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::notation::PathMove;
use camelot_engine::{DrawClaim, Game, Move, MoveKind, Outcome, PlayError, Position};

use crate::game::session::Session;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .add_message::<GameStarted>()
        .add_message::<Refused>()
        // Asking for a frame (the window's own message; headless apps have none).
        .add_message::<RequestRedraw>()
        .init_resource::<Notices>()
        .init_resource::<crate::game::motion::BoardMotion>()
        .add_systems(Update, expire_notices.in_set(AppSystems::Present));
}

/// A move was made: the board animates it from `before`.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    pub before: Position,
    pub mv: Move,
    pub path: Option<PathMove>,
    /// Played backwards (an undo): the piece goes from `mv.to` back to `mv.from` and the
    /// captured pieces come back.
    pub reverse: bool,
}

/// The game jumped (undo of several moves, a claim, a new or loaded game): the board
/// snaps to the engine's position.
#[derive(Message, Clone, Debug, Default)]
pub struct BoardReset;

/// Another game is now at the table (new, continued or loaded).
#[derive(Message, Clone, Debug, Default)]
pub struct GameStarted;

/// A click or a drop the rules refused (the sound of it; the notice says why).
#[derive(Message, Clone, Debug, Default)]
pub struct Refused;

/// Everything that changes the game goes through here.
#[derive(SystemParam)]
pub struct GameActions<'w> {
    pub session: ResMut<'w, Session>,
    played: MessageWriter<'w, MovePlayed>,
    reset: MessageWriter<'w, BoardReset>,
    started: MessageWriter<'w, GameStarted>,
    refused: MessageWriter<'w, Refused>,
    pub notices: ResMut<'w, Notices>,
}

impl GameActions<'_> {
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        let before = self.session.position().clone();
        self.session.game.play(&m)?;
        if m.kind == MoveKind::Pass {
            let who = self.session.seat_label(before.turn());
            self.notices.say(format!("{who} cannot move and passes."));
        }
        let path = before.path_of(&m);
        self.played.write(MovePlayed {
            before,
            mv: m,
            path,
            reverse: false,
        });
        Ok(())
    }

    /// Takes moves back until a human is to move again (one move if nobody is human).
    /// The moves taken back are played backwards on the board, the last first.
    pub fn undo(&mut self) -> bool {
        let moves = self.session.game.moves().to_vec();
        if !self.session.undo_to_human() {
            return false;
        }
        let undone = &moves[self.session.game.ply()..];
        let steps = self.steps_from_here(undone);
        self.announce(steps.into_iter().rev(), true);
        true
    }

    /// Replays moves until a human is to move again, played forwards on the board.
    pub fn redo(&mut self) -> bool {
        let ply = self.session.game.ply();
        let before = self.session.position().clone();
        if !self.session.redo_to_human() {
            return false;
        }
        let replayed = self.session.game.moves()[ply..].to_vec();
        let steps = steps_from(&before, &replayed);
        self.announce(steps.into_iter(), false);
        true
    }

    /// Each move with the position before it, from the current position on.
    fn steps_from_here(&self, moves: &[Move]) -> Vec<(Position, Move)> {
        steps_from(self.session.position(), moves)
    }

    /// Announces moves for the board to play; more than a few at once just snap.
    fn announce(&mut self, steps: impl ExactSizeIterator<Item = (Position, Move)>, reverse: bool) {
        if steps.len() > 4 {
            self.reset.write(BoardReset);
            return;
        }
        for (before, mv) in steps {
            let path = before.path_of(&mv);
            self.played.write(MovePlayed {
                before,
                mv,
                path,
                reverse,
            });
        }
    }

    pub fn claim(&mut self, c: DrawClaim) {
        match self.session.claim(c) {
            Ok(_) => self.snap(),
            Err(e) => self.notices.say(format!("{e}")),
        }
    }

    pub fn resign(&mut self) {
        self.session.resign();
        self.snap();
    }

    /// Ends the game with a result the board does not show (a draw by the automatic
    /// rules a tournament applies).
    pub fn declare(&mut self, o: Outcome) {
        if self.session.declare(o) {
            self.snap();
        }
    }

    /// The table takes `game` as it stands (an online game's copy from the server), with
    /// a result the board does not show: the board snaps to it.
    pub fn adopt(&mut self, game: Game, declared: Option<Outcome>) {
        self.session.adopt(game);
        if let Some(o) = declared {
            self.session.declare(o);
        }
        self.snap();
    }

    /// Seats another game at the table.
    pub fn replace(&mut self, session: Session) {
        self.session.replace(session);
        self.snap();
        self.started.write(GameStarted);
    }

    /// Refuses what the player tried, saying why.
    pub fn refuse(&mut self, why: impl Into<String>) {
        self.notices.say(why);
        self.refused.write(Refused);
    }

    /// The board snaps to the game as it now stands (the session has moved its key on).
    fn snap(&mut self) {
        self.reset.write(BoardReset);
    }
}

/// Each move of a line with the position before it.
fn steps_from(start: &Position, moves: &[Move]) -> Vec<(Position, Move)> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|m| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, *m)
        })
        .collect()
}

/// Short messages for the player: an illegal click, a failed load, a pass.
#[derive(Resource, Default)]
pub struct Notices {
    pub items: Vec<(String, f32)>,
}

impl Notices {
    pub const SECONDS: f32 = 5.0;

    pub fn say(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.items.retain(|(t, _)| *t != text);
        self.items.push((text, Self::SECONDS));
        if self.items.len() > 4 {
            self.items.remove(0);
        }
    }
}

fn expire_notices(
    time: Res<Time>,
    mut notices: ResMut<Notices>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if notices.items.is_empty() {
        return;
    }
    // A notice fades out: frames keep coming until it is gone.
    redraw.write(RequestRedraw);
    let dt = time.delta_secs();
    for (_, left) in notices.items.iter_mut() {
        *left -= dt;
    }
    notices.items.retain(|(_, left)| *left > 0.0);
}
