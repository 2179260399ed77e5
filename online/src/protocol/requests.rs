//! The one-shot requests, over HTTP with JSON bodies: each [`Request`] names its method
//! and path and the type of its answer, so that the server's routes and the client's
//! calls are made from the same definitions. A refused request's body is an
//! [`ApiError`]: a code for programs and a sentence for people.
//!
//! | request | HTTP | answer |
//! |---|---|---|
//! | [`NewGame`] | `POST /games` | [`Created`] |
//! | [`ListGames`] | `GET /games?before=ID&limit=N` | `Vec<`[`GameSummary`]`>` |
//! | [`ListSeats`] | `GET /seats?before=ID&limit=N` | `Vec<`[`OpenSeat`]`>` |
//! | [`TakeSeat`] | `POST /seats` | [`Taken`] |
//! | [`LookAtGame`] | `GET /games/ID` (a seat's token as a bearer token) | [`GameState`] |
//! | [`ReplayGame`] | `GET /games/ID/boards` | `Vec<`[`BoardView`]`>` |

use std::collections::BTreeMap;

use camelot_engine::{Level, SeatColour, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::identity::SeatAccount;
use super::{BoardView, ErrorCode, GameId, GameView, PlayerName, SeatToken, TimeControl};

/// How a request travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    /// Takes a JSON body too, as `POST` does.
    Delete,
}

/// A one-shot request and what answers it. A `POST` request is its own JSON body.
pub trait Request: Serialize {
    type Answer: Serialize + DeserializeOwned;
    const METHOD: Method;
    /// The path and query it is asked at.
    fn path(&self) -> String;
    /// A seat's token that the request shows (as `Authorization: Bearer`).
    fn bearer(&self) -> Option<&SeatToken> {
        None
    }
}

/// Creates a game. The seats in `open` get no token: anyone may take them. The seats in
/// `computer` are played by the server, at their level (one of
/// [`camelot_engine::SERVER_LEVELS`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    pub variant: Variant,
    #[serde(default = "untimed")]
    pub time: TimeControl,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open: Vec<SeatColour>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer: Vec<ComputerSeat>,
    /// Rated: the creator (logged in) holds one seat and the others are open to players
    /// who are logged in too; the result changes everyone's rating in the variant.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// A rated game's open seats are for players whose rating in the variant is at most
    /// this far from the creator's (none: anyone logged in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<u32>,
}

/// A seat the server's computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    pub seat: SeatColour,
    pub level: Level,
}

impl NewGame {
    /// A game of `variant` and `time` with every seat held by a token.
    pub fn new(variant: Variant, time: TimeControl) -> NewGame {
        NewGame {
            variant,
            time,
            open: Vec::new(),
            computer: Vec::new(),
            rated: false,
            rating_range: None,
        }
    }
}

fn untimed() -> TimeControl {
    TimeControl::Untimed
}

impl Request for NewGame {
    type Answer = Created;
    const METHOD: Method = Method::Post;
    fn path(&self) -> String {
        "/games".into()
    }
}

/// A game just created: its public id, the secret token of each seat that is a
/// person's (in turn order), the open seats, and the computer's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub game: GameId,
    pub seats: BTreeMap<SeatColour, SeatToken>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open: Vec<SeatColour>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer: Vec<ComputerSeat>,
}

/// The live games, newest first, a page at a time: those older than `before` where it
/// is given (the answer's `Link` header names the next page).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListGames {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<GameId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

impl ListGames {
    /// The most games a page holds.
    pub const MAX_PAGE: u32 = 200;
}

impl Request for ListGames {
    type Answer = Vec<GameSummary>;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        paged(Self::LIST, self.before.as_ref(), self.limit)
    }
}

/// A list the server gives a page at a time, newest first, the answer's `Link` header
/// naming the next page (`</games?before=ID&limit=N>; rel="next"`).
pub trait Paged: Request + Sized {
    /// The list's path, without a query.
    const LIST: &'static str;
    /// The page of the games before `before` (none: from the newest), at most `limit`.
    fn page(before: Option<GameId>, limit: Option<u32>) -> Self;

    /// The request for the page a `Link` header names as the next, if it names one of
    /// this list.
    fn next_from_link(link: &str) -> Option<Self> {
        link.split(',').find_map(|entry| {
            let (target, params) = entry.trim().strip_prefix('<')?.split_once('>')?;
            let next = params
                .split(';')
                .any(|p| matches!(p.trim(), "rel=next" | "rel=\"next\""));
            let (path, query) = target.split_once('?').unwrap_or((target, ""));
            if !next || path != Self::LIST {
                return None;
            }
            let (mut before, mut limit) = (None, None);
            for pair in query.split('&').filter(|p| !p.is_empty()) {
                match pair.split_once('=')? {
                    ("before", id) => before = Some(GameId::parse(id).ok()?),
                    ("limit", n) => limit = Some(n.parse().ok()?),
                    _ => return None,
                }
            }
            Some(Self::page(before, limit))
        })
    }
}

impl Paged for ListGames {
    const LIST: &'static str = "/games";
    fn page(before: Option<GameId>, limit: Option<u32>) -> Self {
        ListGames { before, limit }
    }
}

/// A list's path with its page's query: `before` a game, `limit` a number.
fn paged(path: &str, before: Option<&GameId>, limit: Option<u32>) -> String {
    let mut query = Vec::new();
    if let Some(before) = before {
        query.push(format!("before={before}"));
    }
    if let Some(limit) = limit {
        query.push(format!("limit={limit}"));
    }
    match query.is_empty() {
        true => path.into(),
        false => format!("{path}?{}", query.join("&")),
    }
}

/// A live game in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    /// Plies played.
    pub plies: u32,
    /// Seats with someone connected.
    pub connected: u32,
    /// The server's TV: a match the computer plays alone, kept going for watchers.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tv: bool,
    /// The result changes the players' ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// The open seats of live games, newest game first, a page at a time: the seats of the
/// games created before `before` (none: from the newest), at most `limit` of them
/// ([`ListSeats::MAX_PAGE`] when none is given). A page holds a game's seats whole; when
/// there are more, the answer's `Link` header names the next page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListSeats {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<GameId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

impl ListSeats {
    /// The most seats a page holds.
    pub const MAX_PAGE: u32 = 200;
    /// The fewest: a Grand Cam game's four seats fit on any page.
    pub const MIN_PAGE: u32 = 4;
}

impl Request for ListSeats {
    type Answer = Vec<OpenSeat>;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        paged(Self::LIST, self.before.as_ref(), self.limit)
    }
}

impl Paged for ListSeats {
    const LIST: &'static str = "/seats";
    fn page(before: Option<GameId>, limit: Option<u32>) -> Self {
        ListSeats { before, limit }
    }
}

/// A seat anyone may take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenSeat {
    pub game: GameId,
    pub seat: SeatColour,
    pub variant: Variant,
    pub time: TimeControl,
    /// A rated game's seat: only a player logged in may take it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Who made the game, where they are logged in, with their rating in the variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<SeatAccount>,
    /// The seat is for ratings at most this far from the creator's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_range: Option<u32>,
}

/// Takes an open seat, under the name the others will see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeSeat {
    pub game: GameId,
    pub seat: SeatColour,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<PlayerName>,
}

impl Request for TakeSeat {
    type Answer = Taken;
    const METHOD: Method = Method::Post;
    fn path(&self) -> String {
        "/seats".into()
    }
}

/// An open seat just taken: its token, as [`Created`] gives them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    pub game: GameId,
    pub seat: SeatColour,
    pub token: SeatToken,
}

/// A game as a seat (with its token) or a watcher sees it: for lists that mark where
/// it is one's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookAtGame {
    pub game: GameId,
    pub token: Option<SeatToken>,
}

impl Serialize for LookAtGame {
    /// Nothing in a body: the game is in the path and the token in a header.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

impl Request for LookAtGame {
    type Answer = GameState;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        format!("/games/{}", self.game)
    }
    fn bearer(&self) -> Option<&SeatToken> {
        self.token.as_ref()
    }
}

/// The board after every ply of a game, the start first: what a page without rules shows
/// as it replays the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayGame {
    pub game: GameId,
}

impl Serialize for ReplayGame {
    /// Nothing in a body: the game is in the path.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

impl Request for ReplayGame {
    type Answer = Vec<BoardView>;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        format!("/games/{}/boards", self.game)
    }
}

/// A whole game, and the seat the token shown holds (none for a watcher).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub you: Option<SeatColour>,
    pub game: GameView,
}

/// A refused request's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    #[serde(default)]
    pub code: ErrorCode,
    pub message: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_header_names_the_next_page_as_a_typed_request() {
        let id = GameId::parse("ab12cd34").unwrap();
        let next = ListSeats {
            before: Some(id.clone()),
            limit: Some(20),
        };
        // What the server writes, read back into the request it came from.
        let link = format!("<{}>; rel=\"next\"", next.path());
        assert_eq!(ListSeats::next_from_link(&link), Some(next));
        assert_eq!(
            ListGames::next_from_link("</games?before=ab12cd34>;rel=next"),
            Some(ListGames {
                before: Some(id),
                limit: None
            })
        );
        for not_next in [
            "",
            "</seats?before=ab12cd34>; rel=\"prev\"",
            // Another list's page is not this list's.
            "</games?before=ab12cd34>; rel=\"next\"",
            "</seats?before=not-an-id!>; rel=\"next\"",
            "</seats?limit=many>; rel=\"next\"",
            "</seats?colour=red>; rel=\"next\"",
            "/seats?before=ab12cd34; rel=\"next\"",
        ] {
            assert_eq!(ListSeats::next_from_link(not_next), None, "{not_next}");
        }
    }

    #[test]
    fn requests_name_their_paths_and_bodies() {
        let new = NewGame {
            variant: Variant::Camelot,
            time: TimeControl::Untimed,
            open: vec![SeatColour::Black],
            computer: Vec::new(),
            rated: false,
            rating_range: None,
        };
        assert_eq!(
            (new.path(), NewGame::METHOD),
            ("/games".into(), Method::Post)
        );
        assert_eq!(
            serde_json::to_string(&new).unwrap(),
            r#"{"variant":"camelot","time":{"kind":"untimed"},"open":["Black"]}"#
        );
        let bare: NewGame = serde_json::from_str(r#"{"variant":"camette"}"#).unwrap();
        assert_eq!(bare.time, TimeControl::Untimed);
        let against: NewGame = serde_json::from_str(
            r#"{"variant":"camette","computer":[{"seat":"Black","level":"club"}]}"#,
        )
        .unwrap();
        assert_eq!(
            against.computer,
            [ComputerSeat {
                seat: SeatColour::Black,
                level: Level::CLUB
            }]
        );
        let page = ListGames {
            before: Some(GameId::parse("abc").unwrap()),
            limit: Some(5),
        };
        assert_eq!(page.path(), "/games?before=abc&limit=5");
        assert_eq!(ListGames::default().path(), "/games");
        let look = LookAtGame {
            game: GameId::parse("g1").unwrap(),
            token: Some(SeatToken::new("T")),
        };
        assert_eq!(look.path(), "/games/g1");
        assert_eq!(look.bearer().map(SeatToken::as_str), Some("T"));
    }

    #[test]
    fn created_games_list_their_seats_in_turn_order() {
        let mut seats = BTreeMap::new();
        for (c, t) in [
            (SeatColour::Yellow, "y"),
            (SeatColour::Red, "r"),
            (SeatColour::Blue, "b"),
            (SeatColour::Green, "g"),
        ] {
            seats.insert(c, SeatToken::new(t));
        }
        let m = Created {
            game: GameId::parse("k3x9qz2a").unwrap(),
            seats,
            open: Vec::new(),
            computer: Vec::new(),
        };
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"game":"k3x9qz2a","seats":{"Red":"r","Green":"g","Blue":"b","Yellow":"y"}}"#
        );
        assert_eq!(serde_json::from_str::<Created>(&text).unwrap(), m);
    }
}
