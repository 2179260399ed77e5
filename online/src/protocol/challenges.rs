//! Challenges: a player logged in challenges another by name to a game (variant, time,
//! rated or casual, a colour); the one challenged accepts, and both are seated by their
//! accounts, or declines with a reason. Grand Cam: a player challenges three by name, a
//! partner and the two who partner each other against them, and the game is made once
//! all three have accepted (one no, and it is declined). A challenge not answered
//! expires; its sender may cancel it. Waiting for news is a request that the server
//! answers once something changed, or after a while with nothing new (the client asks
//! again).
//!
//! | request | HTTP | answer |
//! |---|---|---|
//! | [`NewChallenge`] | `POST /challenges` | [`ChallengeMade`] |
//! | [`ListChallenges`] | `GET /challenges?since=MS` | [`ChallengeList`] |
//! | [`LookAtChallenge`] | `GET /challenges/ID?wait=1` | [`ChallengeView`] |
//! | [`AcceptChallenge`] | `POST /challenges/ID/accept` | [`Acceptance`] |
//! | [`DeclineChallenge`] | `POST /challenges/ID/decline` | [`Done`] |
//! | [`CancelChallenge`] | `DELETE /challenges/ID` | [`Done`] |

use std::fmt;

use camelot_engine::{Excerpt, SeatColour, Variant};
use serde::{Deserialize, Serialize};

use super::accounts::{AccountName, Done};
use super::requests::{Method, Request};
use super::{GameId, TimeControl};

/// A challenge's id: letters and digits, as a game's.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChallengeId(String);

/// Text that is not a challenge's id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a challenge: its id is letters and digits")]
pub struct BadChallengeId(Excerpt);

impl ChallengeId {
    pub const MAX_LEN: usize = 32;

    pub fn parse(s: &str) -> Result<ChallengeId, BadChallengeId> {
        if !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            Ok(ChallengeId(s.to_string()))
        } else {
            Err(BadChallengeId(Excerpt::new(s)))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for ChallengeId {
    type Err = BadChallengeId;

    fn from_str(s: &str) -> Result<ChallengeId, BadChallengeId> {
        ChallengeId::parse(s)
    }
}

/// The colour the challenger asks to play: a seat of a two-player game, or chosen by
/// chance when the challenge is accepted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    White,
    Black,
    #[default]
    Random,
}

impl ColourChoice {
    pub const ALL: [ColourChoice; 3] = [
        ColourChoice::White,
        ColourChoice::Black,
        ColourChoice::Random,
    ];

    pub fn words(self) -> &'static str {
        match self {
            ColourChoice::White => "White",
            ColourChoice::Black => "Black",
            ColourChoice::Random => "a colour by chance",
        }
    }
}

/// A word a command line takes that names none of the choices: what was given, and the
/// choices, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UnknownChoice {
    message: String,
}

/// The choice of `all` whose serde name is `s` (or with '-' for '_').
pub(crate) fn choice<T: Serialize + Copy>(s: &str, all: &[T]) -> Result<T, UnknownChoice> {
    let name = |t: &T| {
        serde_json::to_value(t)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
    };
    let wanted = s.trim().to_ascii_lowercase().replace('-', "_");
    all.iter()
        .find(|t| name(t).as_deref() == Some(wanted.as_str()))
        .copied()
        .ok_or_else(|| {
            let choices: Vec<String> = all
                .iter()
                .filter_map(|t| name(t).map(|n| n.replace('_', "-")))
                .collect();
            UnknownChoice {
                message: format!("'{}' is none of: {}", Excerpt::new(s), choices.join(", ")),
            }
        })
}

impl std::str::FromStr for ColourChoice {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<ColourChoice, UnknownChoice> {
        choice(
            s,
            &[
                ColourChoice::White,
                ColourChoice::Black,
                ColourChoice::Random,
            ],
        )
    }
}

impl std::str::FromStr for DeclineReason {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<DeclineReason, UnknownChoice> {
        choice(s, &DeclineReason::ALL)
    }
}

/// Why a challenge was declined: the reasons a player picks from, each said in the
/// challenger's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclineReason {
    #[default]
    Generic,
    Later,
    TooFast,
    TooSlow,
    TimeControl,
    Rated,
    Casual,
    Variant,
}

impl DeclineReason {
    pub const ALL: [DeclineReason; 8] = [
        DeclineReason::Generic,
        DeclineReason::Later,
        DeclineReason::TooFast,
        DeclineReason::TooSlow,
        DeclineReason::TimeControl,
        DeclineReason::Rated,
        DeclineReason::Casual,
        DeclineReason::Variant,
    ];

    /// What the player declining picks, in a word or two.
    pub fn label(self) -> &'static str {
        match self {
            DeclineReason::Generic => "No, thank you",
            DeclineReason::Later => "Later",
            DeclineReason::TooFast => "Too fast",
            DeclineReason::TooSlow => "Too slow",
            DeclineReason::TimeControl => "Another time",
            DeclineReason::Rated => "Rated only",
            DeclineReason::Casual => "Casual only",
            DeclineReason::Variant => "Another variant",
        }
    }

    /// What the challenger is told.
    pub fn words(self) -> &'static str {
        match self {
            DeclineReason::Generic => "not accepting challenges just now",
            DeclineReason::Later => "not now: please ask again later",
            DeclineReason::TooFast => "this clock is too fast for them",
            DeclineReason::TooSlow => "this clock is too slow for them",
            DeclineReason::TimeControl => "they would rather play another time control",
            DeclineReason::Rated => "they would rather play rated",
            DeclineReason::Casual => "they would rather play casual",
            DeclineReason::Variant => "they would rather play another variant",
        }
    }
}

/// Where a challenge stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ChallengeState {
    /// Waiting for the player challenged.
    Open,
    /// The game, and the seat in it of whoever looks (played by their account).
    Accepted {
        game: GameId,
        seat: SeatColour,
    },
    Declined {
        reason: DeclineReason,
    },
    Cancelled,
    Expired,
}

/// How a seat of a Grand Cam challenge has answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatAnswer {
    /// The seat of the player who sent it.
    Challenger,
    Waiting,
    Accepted,
    Declined,
}

/// A seat of a Grand Cam challenge: who is asked to sit there, and their answer so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeSeat {
    pub seat: SeatColour,
    pub name: AccountName,
    pub answer: SeatAnswer,
}

/// A challenge as its sender or the player challenged sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeView {
    pub id: ChallengeId,
    pub from: AccountName,
    pub to: AccountName,
    pub variant: Variant,
    pub time: TimeControl,
    pub rated: bool,
    pub colour: ColourChoice,
    /// The challenger's rating in the variant (rounded), for the one challenged to
    /// judge by; provisional (shown with a "?") while it is uncertain.
    pub rating: i32,
    pub provisional: bool,
    /// When an open challenge expires (unix ms).
    pub expires_at: i64,
    /// Grand Cam: every seat in turn order, who sits there and how they answered (`to`
    /// is the challenger's partner); none for two players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<ChallengeSeat>,
    #[serde(flatten)]
    pub state: ChallengeState,
}

impl ChallengeView {
    /// A Grand Cam table's partnerships: "Kay and Ector (Red and Blue) against Bors and
    /// Lionel (Green and Yellow)" (partners sit two seats apart in turn order).
    pub fn table_line(&self) -> Option<String> {
        let [a, b, c, d] = self.seats.as_slice() else {
            return None;
        };
        let side = |x: &ChallengeSeat, y: &ChallengeSeat| {
            format!("{} and {} ({} and {})", x.name, y.name, x.seat, y.seat)
        };
        Some(format!("{} against {}", side(a, c), side(b, d)))
    }

    /// The seat `name` is asked to, at a table.
    pub fn seat_of(&self, name: &AccountName) -> Option<&ChallengeSeat> {
        self.seats.iter().find(|s| &s.name == name)
    }

    /// Who a table still waits for, `but` left out: "Bors and Lionel", "Bors, Ector and
    /// Lionel".
    pub fn waiting_words(&self, but: Option<&AccountName>) -> String {
        let names: Vec<&str> = self
            .seats
            .iter()
            .filter(|s| s.answer == SeatAnswer::Waiting && Some(&s.name) != but)
            .map(|s| s.name.as_str())
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// Who said no to a declined challenge: a table's seat says, else the one asked.
    pub fn declined_by(&self) -> &AccountName {
        self.seats
            .iter()
            .find(|s| s.answer == SeatAnswer::Declined)
            .map_or(&self.to, |s| &s.name)
    }
}

/// `POST /challenges`: challenges `to` to a game. Grand Cam: `to` is my partner and
/// `against` the two who partner each other against us; `colour` says whether our side
/// moves first (`white`), second (`black`) or which by chance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewChallenge {
    pub to: AccountName,
    pub variant: Variant,
    pub time: TimeControl,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub colour: ColourChoice,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub against: Vec<AccountName>,
}

impl Request for NewChallenge {
    type Answer = ChallengeMade;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/challenges".into()
    }
}

/// A challenge sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeMade {
    pub challenge: ChallengeId,
}

/// `GET /challenges`: my open challenges, both ways, and what became of the ones I sent
/// lately. With `since` (the `seen` of an earlier answer) the answer waits until
/// something of mine changed after it, or a few seconds with nothing new.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListChallenges {
    pub since: Option<i64>,
}

impl Request for ListChallenges {
    type Answer = ChallengeList;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        match self.since {
            Some(ms) => format!("/challenges?since={ms}"),
            None => "/challenges".into(),
        }
    }
}

/// My challenges, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeList {
    /// Open challenges to me.
    pub incoming: Vec<ChallengeView>,
    /// Challenges I sent: open, or answered in the last few minutes.
    pub outgoing: Vec<ChallengeView>,
    /// The latest change among them (unix ms): the `since` of the next wait.
    pub seen: i64,
}

/// `GET /challenges/ID`: one challenge of mine; with `wait`, answered once it is no
/// longer open, or after a few seconds still open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtChallenge {
    pub id: ChallengeId,
    pub wait: bool,
}

impl Request for LookAtChallenge {
    type Answer = ChallengeView;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        if self.wait {
            format!("/challenges/{}?wait=1", self.id)
        } else {
            format!("/challenges/{}", self.id)
        }
    }
}

/// `POST /challenges/ID/accept`: the game is made and I am seated in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AcceptChallenge {
    pub id: ChallengeId,
}

impl Request for AcceptChallenge {
    type Answer = Acceptance;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/challenges/{}/accept", self.id)
    }
}

/// The game a challenge made, and my seat in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeGame {
    pub game: GameId,
    pub seat: SeatColour,
}

/// What accepting came to: the game (`{"game","seat"}`), or, for a Grand Cam challenge
/// some of whose players have still to answer, whom it waits for (`{"waiting_for":[..]}`;
/// the challenge's own news says when the game is made).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Acceptance {
    Game(ChallengeGame),
    Waiting { waiting_for: Vec<AccountName> },
}

/// `POST /challenges/ID/decline`: no, for `reason`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclineChallenge {
    pub id: ChallengeId,
    #[serde(default)]
    pub reason: DeclineReason,
}

impl Request for DeclineChallenge {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/challenges/{}/decline", self.id)
    }
}

/// `DELETE /challenges/ID`: my challenge taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CancelChallenge {
    pub id: ChallengeId,
}

impl Request for CancelChallenge {
    type Answer = Done;
    const METHOD: Method = Method::Delete;

    fn path(&self) -> String {
        format!("/challenges/{}", self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_reads_back_as_it_was_written() {
        let view = ChallengeView {
            id: ChallengeId::parse("abc123").unwrap(),
            from: AccountName::parse("Gawain").unwrap(),
            to: AccountName::parse("Lancelot").unwrap(),
            variant: Variant::Camelot,
            time: TimeControl::Clock {
                minutes: 5,
                increment: 3,
            },
            rated: true,
            colour: ColourChoice::Black,
            rating: 1500,
            provisional: true,
            expires_at: 600_000,
            seats: Vec::new(),
            state: ChallengeState::Accepted {
                game: GameId::parse("g1").unwrap(),
                seat: SeatColour::White,
            },
        };
        let text = serde_json::to_string(&view).unwrap();
        assert!(
            text.contains(r#""state":"accepted","game":"g1","seat":"White""#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<ChallengeView>(&text).unwrap(), view);
        let declined: ChallengeState =
            serde_json::from_str(r#"{"state":"declined","reason":"too_fast"}"#).unwrap();
        assert_eq!(
            declined,
            ChallengeState::Declined {
                reason: DeclineReason::TooFast
            }
        );
        assert_eq!("too-fast".parse(), Ok(DeclineReason::TooFast));
        assert_eq!("Black".parse(), Ok(ColourChoice::Black));
        let wrong = "purple".parse::<ColourChoice>().unwrap_err().to_string();
        assert_eq!(wrong, "'purple' is none of: white, black, random");
        let waiting: Acceptance = serde_json::from_str(r#"{"waiting_for":["Gawain"]}"#).unwrap();
        assert_eq!(
            waiting,
            Acceptance::Waiting {
                waiting_for: vec![AccountName::parse("Gawain").unwrap()]
            }
        );
        let game: Acceptance = serde_json::from_str(r#"{"game":"g1","seat":"Red"}"#).unwrap();
        assert!(matches!(
            game,
            Acceptance::Game(ChallengeGame {
                seat: SeatColour::Red,
                ..
            })
        ));
        assert!(ChallengeId::parse("no/such").is_err());
        assert!(ChallengeId::parse("").is_err());
    }
}
