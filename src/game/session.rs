//! The table: the engine's `Game` (the single source of truth), who sits in each seat,
//! and the table's policy that the 3D and terminal games share: undo back to a human's
//! turn, the record with its seats, the hint's level, how a result is said.
//!
//! Nothing here needs Bevy; the 3D game keeps a `Session` as a resource.

use camelot_engine::notation::{Record, RecordError, RecordTags};
use camelot_engine::{
    DrawClaim, Excerpt, Game, Level, Notation, Outcome, PlayError, Player, Position, Variant,
};
use camelot_online::protocol::{GameId, PlayerName, SeatToken};
use camelot_online::ServerAddress;

/// The level that suggests moves to a human.
pub const HINT_LEVEL: Level = Level::EXPERT;

/// Who sits in a seat. Kept (in a list of one's online games) as its token: `human`,
/// `ai:club`, `remote`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Seat {
    Human,
    Computer(Level),
    /// Someone on another machine, in an online game: the server brings their moves.
    Remote,
}

/// A seat or a list of seats that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// Not `human` or `ai:LEVEL`.
    #[error("seat '{0}' should be human or ai:LEVEL")]
    NotASeat(Excerpt),
    #[error("unknown level '{0}' (levels: {levels})", levels = level_names())]
    UnknownLevel(Excerpt),
    /// A list with the wrong number of seats for the variant.
    #[error("{variant} has {expected} seats; the list names {given}")]
    Count {
        variant: Variant,
        expected: usize,
        given: usize,
    },
}

/// Every level's name, for a message.
fn level_names() -> String {
    Level::all().map(|l| l.name).collect::<Vec<_>>().join(", ")
}

impl TryFrom<String> for Seat {
    type Error = SeatError;

    fn try_from(s: String) -> Result<Seat, SeatError> {
        Seat::parse(&s)
    }
}

impl From<Seat> for String {
    fn from(s: Seat) -> String {
        s.token()
    }
}

impl Seat {
    /// Reads `human` or `ai:LEVEL`.
    pub fn parse(s: &str) -> Result<Seat, SeatError> {
        let s = s.trim().to_ascii_lowercase();
        if s == "human" {
            return Ok(Seat::Human);
        }
        if s == "remote" {
            return Ok(Seat::Remote);
        }
        let name = s
            .strip_prefix("ai:")
            .ok_or_else(|| SeatError::NotASeat(Excerpt::new(&s)))?;
        Level::by_name(name)
            .map(Seat::Computer)
            .ok_or_else(|| SeatError::UnknownLevel(Excerpt::new(name)))
    }

    /// `human` or `ai:LEVEL`, as [`Seat::parse`] reads it.
    pub fn token(&self) -> String {
        match self {
            Seat::Human => "human".into(),
            Seat::Computer(l) => format!("ai:{}", l.name),
            Seat::Remote => "remote".into(),
        }
    }

    /// As the menu and records show it: `Human`, `Computer (club)`.
    pub fn label(&self) -> String {
        match self {
            Seat::Human => "Human".into(),
            Seat::Computer(l) => format!("Computer ({})", l.name),
            Seat::Remote => "Elsewhere (online)".into(),
        }
    }

    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }
}

/// The default table: a human against the club level (every seat after the first).
pub fn default_seats(variant: Variant) -> Vec<Seat> {
    (0..variant.rules().players())
        .map(|i| {
            if i == 0 {
                Seat::Human
            } else {
                Seat::Computer(Level::CLUB)
            }
        })
        .collect()
}

/// Parses `human,ai:master,...`, checking the count against the variant's seats.
pub fn parse_seats(s: &str, variant: Variant) -> Result<Vec<Seat>, SeatError> {
    let expected = variant.rules().players();
    let seats = s
        .splitn(expected + 1, ',')
        .map(Seat::parse)
        .collect::<Result<Vec<_>, _>>()?;
    if seats.len() != expected {
        return Err(SeatError::Count {
            variant,
            expected,
            given: s.split(',').count(),
        });
    }
    Ok(seats)
}

/// One state of the game at the table: its ply, and how many times the game has jumped
/// (an undo, a redo, a claim, a resignation, another game seated). Whatever is worked
/// out for a game (the computer's move, a review, the clicks of a move) is kept with the
/// key it was worked out for and thrown away once the key is another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKey {
    ply: usize,
    epoch: u64,
}

impl GameKey {
    /// The ply the game stood at.
    pub fn ply(self) -> usize {
        self.ply
    }

    /// Whether the game has only moved on from this key: no jump since, a ply or more.
    pub fn is_before(self, now: GameKey) -> bool {
        self.line() == now.line() && self.ply <= now.ply
    }

    /// The line of play this state is on: the same until the game jumps.
    pub fn line(self) -> Line {
        Line(self.epoch)
    }
}

/// A game's line of play: its moves forward share one, a jump (an undo, another game)
/// starts another. A position shown from the line keeps what was worked out for it while
/// the game moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line(u64);

/// A game at the table.
#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Clone, Debug)]
pub struct Session {
    pub game: Game,
    pub seats: Vec<Seat>,
    /// Bumped by the session itself whenever the game changes other than by a move
    /// forward: see [`GameKey`].
    epoch: u64,
    /// A game of a computer tournament: the tournament keeps its record, so it is not
    /// autosaved and never goes into the history.
    pub in_tournament: bool,
    /// The record the game was read from: its tags, comments and glyphs are written
    /// again with the game.
    pub source: Option<Record>,
    /// An online game: the server's copy is the truth, and the seats played here.
    pub online: Option<OnlineRef>,
}

/// Where an online game lives, and the seats this machine holds (their secret tokens).
/// Kept in the game's record (tags `Server`, `OnlineGame`, `Tokens`), so a game reopened
/// after the program was closed picks up from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineRef {
    pub server: ServerAddress,
    pub game: GameId,
    pub tokens: Vec<(Player, SeatToken)>,
    /// The names the seats' players gave the server: the record's seat tags.
    pub names: Vec<(Player, PlayerName)>,
}

impl OnlineRef {
    /// `White:TOKEN Black:TOKEN`, as the `Tokens` tag holds them.
    fn tokens_tag(&self, variant: Variant) -> String {
        let rules = variant.rules();
        self.tokens
            .iter()
            .map(|(p, t)| format!("{}:{t}", rules.seat_title(*p)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The reference a record's tags name, if they name one.
    pub fn from_record(rec: &Record, variant: Variant) -> Option<OnlineRef> {
        let rules = variant.rules();
        let tokens = rec
            .tag("Tokens")
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|pair| {
                let (seat, token) = pair.split_once(':')?;
                Some((rules.seat_by_name(seat)?, SeatToken::new(token)))
            })
            .collect();
        Some(OnlineRef {
            server: ServerAddress::parse(rec.tag("Server")?).ok()?,
            game: GameId::parse(rec.tag("OnlineGame")?).ok()?,
            tokens,
            // The server says them again once the game is joined.
            names: Vec::new(),
        })
    }
}

impl Session {
    pub fn new(game: Game, seats: Vec<Seat>) -> Session {
        Session {
            game,
            seats,
            epoch: 0,
            in_tournament: false,
            source: None,
            online: None,
        }
    }

    /// A new game of a variant at the default table.
    pub fn fresh(variant: Variant) -> Session {
        Session::new(Game::new(variant), default_seats(variant))
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

    pub fn any_human(&self) -> bool {
        self.seats.iter().any(Seat::is_human)
    }

    pub fn all_computers(&self) -> bool {
        !self.any_human()
    }

    /// The seat's name as players say it: White, Black, Red, ...
    pub fn seat_label(&self, p: Player) -> &'static str {
        self.position().rules().seat_title(p)
    }

    /// Takes moves back until a human is to move again (one move if nobody is human).
    /// Returns whether anything was taken back.
    pub fn undo_to_human(&mut self) -> bool {
        let any_human = self.any_human();
        let mut undone = false;
        while self.game.undo().is_some() {
            undone = true;
            if !any_human || self.seat_to_move().is_human() {
                break;
            }
        }
        if undone {
            self.jumped();
        }
        undone
    }

    /// Replays taken-back moves until a human is to move again (or the game ends).
    pub fn redo_to_human(&mut self) -> bool {
        let any_human = self.any_human();
        let mut redone = false;
        while self.game.redo().is_some() {
            redone = true;
            if !any_human || self.seat_to_move().is_human() || self.game.is_over() {
                break;
            }
        }
        if redone {
            self.jumped();
        }
        redone
    }

    /// This state of the game: what work done for it is kept with.
    pub fn key(&self) -> GameKey {
        GameKey {
            ply: self.game.ply(),
            epoch: self.epoch,
        }
    }

    /// The game changed other than by a move forward.
    fn jumped(&mut self) {
        self.epoch += 1;
    }

    /// The player to move claims a draw.
    pub fn claim(&mut self, claim: DrawClaim) -> Result<Outcome, PlayError> {
        let o = self.game.claim(claim)?;
        self.jumped();
        Ok(o)
    }

    /// The player to move resigns.
    pub fn resign(&mut self) {
        let side = self.position().rules().side(self.to_move());
        self.game.resign(side);
        self.jumped();
    }

    /// Ends the game with a result the board does not show (a tournament's automatic
    /// draw); nothing if the game is over already.
    pub fn declare(&mut self, o: Outcome) -> bool {
        if self.game.outcome().is_some() {
            return false;
        }
        self.game.declare(o);
        self.jumped();
        true
    }

    /// Takes `game` in place of this one, seats and all else kept (an online game's copy
    /// from the server).
    pub fn adopt(&mut self, game: Game) {
        self.game = game;
        self.jumped();
    }

    /// Seats `next` at the table in this one's place: its keys are new ones.
    pub fn replace(&mut self, next: Session) {
        let epoch = self.epoch + 1;
        *self = next;
        self.epoch = epoch;
    }

    /// `human,ai:club`: the `Seats` tag, so a saved game reopens with the same table.
    pub fn seats_token(&self) -> String {
        self.seats
            .iter()
            .map(Seat::token)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The game as a `.cgn` record, with the players and the seats.
    pub fn record_text(&self, notation: Notation) -> String {
        self.record_text_with(notation, RecordTags::default())
    }

    /// The record with these tags besides the game's own (`Event`, `Round`).
    pub fn record_text_with(&self, notation: Notation, mut tags: RecordTags) -> String {
        let rules = self.position().rules();
        // A record read from a file keeps its players' names; a game begun here names
        // its seats.
        tags.seats = rules
            .players_in_order()
            .zip(&self.seats)
            .map(|(p, s)| {
                let online = self
                    .online
                    .as_ref()
                    .and_then(|o| o.names.iter().find(|(q, _)| *q == p))
                    .map(|(_, n)| n.to_string());
                let named = self
                    .source
                    .as_ref()
                    .and_then(|r| r.tag(rules.seat_title(p)))
                    .filter(|n| *n != "?")
                    .map(str::to_string);
                (p, online.or(named).unwrap_or_else(|| s.label()))
            })
            .collect();
        tags.other.push(("Seats".into(), self.seats_token()));
        if let Some(o) = &self.online {
            tags.other.extend([
                ("Server".into(), o.server.to_string()),
                ("OnlineGame".into(), o.game.to_string()),
                ("Tokens".into(), o.tokens_tag(self.variant())),
            ]);
        }
        let mut rec = tags.record(&self.game, notation);
        if let Some(source) = &self.source {
            rec.keep_annotations(source);
        }
        rec.text_for(&self.game)
    }

    /// A record read from a file came with seats (its `Seats` tag): the player is told
    /// which, and a record that seats only computers is not let play itself unasked:
    /// people sit at every seat instead. What to say, if the record named its seats.
    pub fn seats_from_record(&mut self, file: &std::path::Path) -> Option<String> {
        self.source.as_ref()?.tag("Seats")?;
        let rules = self.position().rules();
        if self.seats.iter().all(|s| !s.is_human()) {
            let named = self.seats_token();
            self.seats = vec![Seat::Human; self.seats.len()];
            return Some(format!(
                "{} seats only computers ({named}); people sit at every seat instead (--seats {named} watches them).",
                file.display()
            ));
        }
        let seats: Vec<String> = rules
            .players_in_order()
            .zip(&self.seats)
            .map(|(p, s)| format!("{} {}", rules.seat_title(p), s.label()))
            .collect();
        Some(format!(
            "Seats from {}: {} (--seats chooses others).",
            file.display(),
            seats.join(", ")
        ))
    }

    /// Reads a `.cgn` record: the game and, if the record names them, the seats.
    pub fn from_record(text: &str) -> Result<Session, RecordError> {
        let (rec, game) = Record::import(text)?;
        let variant = game.variant();
        let seats = rec
            .tag("Seats")
            .and_then(|s| parse_seats(s, variant).ok())
            .unwrap_or_else(|| default_seats(variant));
        let mut s = Session::new(game, seats);
        s.online = OnlineRef::from_record(&rec, variant);
        s.source = Some(rec);
        Ok(s)
    }

    /// One line on how the game ended.
    pub fn result_text(&self) -> Option<String> {
        let o = self.game.outcome()?;
        Some(format!("{}: {}", winners(&self.game)?, o.reason.describe()))
    }

    /// The same game: the same start and the same moves (the seats may differ).
    pub fn same_game(&self, other: &Session) -> bool {
        self.game.start() == other.game.start() && self.game.moves() == other.game.moves()
    }
}

/// Who won a finished game, as players say it: "White wins", "Green and Yellow win",
/// "Draw".
pub fn winners(game: &Game) -> Option<String> {
    let o = game.outcome()?;
    let rules = game.position().rules();
    Some(match o.winner {
        None => "Draw".to_string(),
        Some(side) => {
            let verb = if rules.side_seats(side).count() == 1 {
                "wins"
            } else {
                "win"
            };
            format!("{} {verb}", rules.side_name(side))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::Side;

    #[test]
    fn the_winners_are_named_as_players_say_them() {
        let mut g = Game::new(Variant::GrandCam);
        assert_eq!(winners(&g), None);
        g.resign(Side::First);
        assert_eq!(winners(&g).unwrap(), "Green and Yellow win");
        let mut c = Game::new(Variant::Camelot);
        c.resign(Side::Second);
        let s = Session::new(c, default_seats(Variant::Camelot));
        assert_eq!(s.result_text().unwrap(), "White wins: resignation");
        let mut d = Game::new(Variant::Camette);
        d.agree_draw();
        assert_eq!(winners(&d).unwrap(), "Draw");
    }

    #[test]
    fn seats_parse_and_say_what_is_wrong() {
        let seats = parse_seats("human,ai:master,ai:club,human", Variant::GrandCam).unwrap();
        assert_eq!(seats[1], Seat::Computer(Level::MASTER));
        assert_eq!(seats[3], Seat::Human);
        let e = parse_seats("human", Variant::Camelot).unwrap_err();
        assert_eq!(e.to_string(), "camelot has 2 seats; the list names 1");
        let e = parse_seats("human,ai:champion", Variant::Camelot).unwrap_err();
        assert!(e.to_string().contains("'champion'"), "{e}");
        let e = Seat::parse("robot").unwrap_err();
        assert!(e.to_string().contains("human or ai:LEVEL"), "{e}");
        // A list of a million seats is not read to its end.
        let long = "human,".repeat(1_000_000);
        assert!(parse_seats(&long, Variant::Camette).is_err());
    }

    #[test]
    fn undo_goes_back_to_the_human_and_redo_forward_again() {
        let seats = vec![Seat::Human, Seat::Computer(Level::BEGINNER)];
        let mut s = Session::new(Game::new(Variant::Camelot), seats);
        for m in ["E7-E8", "H10-H9", "F7-F8"] {
            s.game.play_notation(m).unwrap();
        }
        // Black, a computer, is to move: undo takes back White's F7-F8, and White is to
        // move; again, Black's reply and White's first move both go.
        assert!(s.undo_to_human());
        assert_eq!(s.game.ply(), 2);
        assert!(s.undo_to_human());
        assert_eq!(s.game.ply(), 0);
        assert!(!s.undo_to_human());
        assert!(s.redo_to_human());
        assert_eq!(s.game.ply(), 2);
    }

    #[test]
    fn a_record_keeps_the_table() {
        let seats = vec![Seat::Computer(Level::NOVICE), Seat::Human];
        let mut s = Session::new(Game::new(Variant::Camette), seats.clone());
        s.game.play_notation("C3-C4").unwrap();
        let text = s.record_text(Notation::Wcf);
        assert!(text.contains("[White \"Computer (novice)\"]"), "{text}");
        let back = Session::from_record(&text).unwrap();
        assert_eq!(back.seats, seats);
        assert!(back.same_game(&s));
    }
}
