//! Players' relations: one follows another (to see them online and their games going
//! on) or blocks them (they may not challenge, and the two are never paired for a quick
//! game); and whom a player takes challenges from.
//!
//! | request | HTTP | answer |
//! |---|---|---|
//! | [`SetRelation`] | `POST /players/NAME/relation` | [`Done`] |
//! | [`LookAtFollowing`] | `GET /following` | [`Following`] |
//! | [`SetChallengeChoice`] | `POST /account/challenges` | [`Done`] |
//! | [`LookAtChallengeChoice`] | `GET /account/challenges` | [`ChallengeChoice`] |

use serde::{Deserialize, Serialize};

pub use super::accounts::Relation;
use super::accounts::{AccountName, Done};
use super::requests::{Method, Request};
use super::GameId;

/// `POST /players/NAME/relation`: I follow or block `name`, or (`None`) neither.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetRelation {
    pub name: AccountName,
    pub relation: Option<Relation>,
}

impl Request for SetRelation {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/players/{}/relation", self.name)
    }
}

/// `GET /following`: the players I follow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtFollowing {}

impl Request for LookAtFollowing {
    type Answer = Following;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/following".into()
    }
}

/// The players I follow, those online first, then by name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Following {
    pub players: Vec<FollowedPlayer>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowedPlayer {
    pub name: AccountName,
    pub online: bool,
    /// Their live games, to watch.
    pub playing: Vec<GameId>,
}

/// Whom a player takes challenges from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AcceptFrom {
    #[default]
    Everyone,
    /// The players they follow.
    Following,
    Nobody,
}

impl AcceptFrom {
    pub const ALL: [AcceptFrom; 3] = [
        AcceptFrom::Everyone,
        AcceptFrom::Following,
        AcceptFrom::Nobody,
    ];

    pub fn words(self) -> &'static str {
        match self {
            AcceptFrom::Everyone => "everyone",
            AcceptFrom::Following => "players I follow",
            AcceptFrom::Nobody => "nobody",
        }
    }
}

impl std::str::FromStr for AcceptFrom {
    type Err = super::challenges::UnknownChoice;

    fn from_str(s: &str) -> Result<AcceptFrom, Self::Err> {
        super::challenges::choice(s, &AcceptFrom::ALL)
    }
}

/// `POST /account/challenges`: whom I take challenges from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetChallengeChoice {
    pub accept: AcceptFrom,
}

impl Request for SetChallengeChoice {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/account/challenges".into()
    }
}

/// `GET /account/challenges`: whom I take challenges from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtChallengeChoice {}

impl Request for LookAtChallengeChoice {
    type Answer = ChallengeChoice;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/account/challenges".into()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeChoice {
    pub accept: AcceptFrom,
}
