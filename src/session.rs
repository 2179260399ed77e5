//! The game being played: the engine's `Game` (the single source of truth), who sits in
//! each seat, and the messages the rest of the app mirrors it by.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use camelot_engine::{
    Claim, Game, Move, MoveKind, Notation, PathMove, PlayError, Player, Position, Record, Variant,
};

use crate::cli::Seat;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MovePlayed>()
        .add_message::<BoardReset>()
        .init_resource::<Notices>()
        .add_systems(Update, expire_notices);
}

#[derive(Resource, Clone, Debug)]
pub struct Session {
    pub game: Game,
    pub seats: Vec<Seat>,
    /// Bumped whenever the game changes other than by a move forward (undo, redo, a new
    /// or loaded game): answers computed for an older epoch are thrown away.
    pub epoch: u64,
}

/// A move was made: the board animates it from `before`.
#[derive(Message, Clone, Debug)]
pub struct MovePlayed {
    pub before: Position,
    pub mv: Move,
    pub path: Option<PathMove>,
}

/// The game jumped (undo, redo, new, load): the board snaps to the engine's position.
#[derive(Message, Clone, Debug, Default)]
pub struct BoardReset;

impl Session {
    pub fn new(game: Game, seats: Vec<Seat>) -> Session {
        Session {
            game,
            seats,
            epoch: 0,
        }
    }

    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn to_move(&self) -> Player {
        self.position().turn()
    }

    pub fn seat_to_move(&self) -> Seat {
        self.seats
            .get(self.to_move().0 as usize)
            .copied()
            .unwrap_or(Seat::Human)
    }

    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.seat_to_move().is_human()
    }

    pub fn all_computers(&self) -> bool {
        self.seats.iter().all(|s| !s.is_human())
    }

    /// The seat's name as players say it: White, Black, Red, ...
    pub fn seat_label(&self, p: Player) -> String {
        self.position().rules().seat_title(p).to_string()
    }

    /// `[Seats "human,ai:club"]`, so an autosave reopens with the same table.
    pub fn seats_token(&self) -> String {
        self.seats
            .iter()
            .map(Seat::token)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The game as a `.cgn` record.
    pub fn record_text(&self, style: Notation) -> String {
        let rules = self.position().rules();
        let names: Vec<(String, String)> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let who = match s {
                    Seat::Human => "Human".to_string(),
                    Seat::Computer(l) => format!("Computer ({})", l.name),
                };
                (rules.seat_title(Player(i as u8)).to_string(), who)
            })
            .collect();
        let seats = self.seats_token();
        let mut tags: Vec<(&str, &str)> = names
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        tags.push(("Seats", &seats));
        Record::export(&self.game, &tags, style)
    }

    /// Reads a `.cgn` record: the game and, if the record names them, the seats.
    pub fn from_record(text: &str) -> Result<Session, String> {
        let (rec, game) = Record::import(text).map_err(|e| format!("{e}"))?;
        let variant = game.variant();
        let seats = rec
            .tag("Seats")
            .and_then(|s| crate::cli::parse_seats(s, variant).ok())
            .unwrap_or_else(|| crate::cli::default_seats(variant));
        Ok(Session::new(game, seats))
    }

    /// One line on how the game ended.
    pub fn result_text(&self) -> Option<String> {
        let o = self.game.outcome()?;
        Some(format!("{}: {}", winners(&self.game)?, o.reason.describe()))
    }
}

/// Who won a finished game, as players say it: "White wins", "Green and Yellow win",
/// "Draw".
pub fn winners(game: &Game) -> Option<String> {
    let o = game.outcome()?;
    let rules = game.position().rules();
    Some(match o.winner {
        None => "Draw".to_string(),
        Some(t) => {
            let names: Vec<&str> = rules
                .players_in_order()
                .filter(|&p| rules.team(p) == t)
                .map(|p| rules.seat_title(p))
                .collect();
            let verb = if names.len() == 1 { "wins" } else { "win" };
            format!("{} {verb}", names.join(" and "))
        }
    })
}

/// Everything that changes the game goes through here, so the board and the AI hear
/// of it.
#[derive(SystemParam)]
pub struct GameActions<'w> {
    pub session: ResMut<'w, Session>,
    played: MessageWriter<'w, MovePlayed>,
    reset: MessageWriter<'w, BoardReset>,
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
        });
        Ok(())
    }

    /// Takes moves back until a human is to move again (one move if nobody is human).
    pub fn undo(&mut self) -> bool {
        let any_human = self.session.seats.iter().any(Seat::is_human);
        let mut undone = false;
        while self.session.game.undo().is_some() {
            undone = true;
            if !any_human || self.session.seat_to_move().is_human() {
                break;
            }
        }
        if undone {
            self.reset();
        }
        undone
    }

    /// Replays moves until a human is to move again.
    pub fn redo(&mut self) -> bool {
        let any_human = self.session.seats.iter().any(Seat::is_human);
        let mut redone = false;
        while self.session.game.redo().is_some() {
            redone = true;
            if !any_human || self.session.seat_to_move().is_human() || self.session.game.is_over() {
                break;
            }
        }
        if redone {
            self.reset();
        }
        redone
    }

    pub fn claim(&mut self, c: Claim) {
        match self.session.game.claim(c) {
            Ok(_) => self.reset(),
            Err(e) => self.notices.say(format!("{e}")),
        }
    }

    pub fn resign(&mut self) {
        let team = self.session.position().rules().team(self.session.to_move());
        self.session.game.resign(team);
        self.reset();
    }

    pub fn replace(&mut self, session: Session) {
        let epoch = self.session.epoch;
        *self.session = session;
        self.session.epoch = epoch;
        self.reset();
    }

    pub fn reset(&mut self) {
        self.session.epoch += 1;
        self.reset.write(BoardReset);
    }
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

fn expire_notices(time: Res<Time>, mut notices: ResMut<Notices>) {
    let dt = time.delta_secs();
    for (_, left) in notices.items.iter_mut() {
        *left -= dt;
    }
    notices.items.retain(|(_, left)| *left > 0.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winners_are_named_as_players_say_them() {
        let mut g = Game::new(Variant::GrandCam);
        assert_eq!(winners(&g), None);
        g.resign(0);
        assert_eq!(winners(&g).unwrap(), "Green and Yellow win");
        let mut c = Game::new(Variant::Camelot);
        c.resign(1);
        let s = Session::new(c, crate::cli::default_seats(Variant::Camelot));
        assert_eq!(s.result_text().unwrap(), "White wins: resignation");
        let mut d = Game::new(Variant::Camette);
        d.agree_draw();
        assert_eq!(winners(&d).unwrap(), "Draw");
    }
}
