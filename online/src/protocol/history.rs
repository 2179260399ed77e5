//! A player's history as their page lists it: each finished game with its kind, its
//! other seats (the opponents, a partner in Grand Cam) with their ratings and how it
//! went, and the filters a list is asked with
//! (`GET /players/NAME/games?variant=camette&rated=true&result=won`).

use camelot_engine::{Excerpt, Level, SeatColour, Variant};
use serde::{Deserialize, Serialize};

use super::identity::{AccountName, SeatAccount};
use super::requests::{Method, Request};
use super::{GameId, PlayerName, TimeControl};

/// A page of a player's finished games, newest first, and the game the next page comes
/// before (`GET /players/NAME/games?before=ID`) when there are more.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGames {
    pub games: Vec<PlayedGame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<GameId>,
}

/// `GET /players/NAME/games?before=ID&variant=V&rated=B&result=R`: a page of a player's
/// finished games, those the filter keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtPlayedGames {
    pub name: AccountName,
    pub before: Option<GameId>,
    #[serde(default)]
    pub filter: GamesFilter,
}

impl Request for LookAtPlayedGames {
    type Answer = PlayedGames;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        let mut query: Vec<String> = self.before.iter().map(|g| format!("before={g}")).collect();
        query.extend(Some(self.filter.query()).filter(|q| !q.is_empty()));
        match query.is_empty() {
            true => format!("/players/{}/games", self.name),
            false => format!("/players/{}/games?{}", self.name, query.join("&")),
        }
    }
}

/// A finished game as its player's page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGame {
    pub game: GameId,
    pub variant: Variant,
    /// When it was made (unix ms).
    pub at: i64,
    pub seat: SeatColour,
    /// How it went for the player; none for an aborted game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// What it changed the player's rating by, rounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
    pub time: TimeControl,
    /// The game's other seats, in turn order.
    #[serde(default)]
    pub others: Vec<OtherSeat>,
}

/// How a game went for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    Won,
    Drew,
    Lost,
}

/// Another seat of a game in a player's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherSeat {
    pub seat: SeatColour,
    /// On the player's side (their partner in Grand Cam), not against them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub partner: bool,
    /// Its account: the name, and in a rated game the rating it had before the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<SeatAccount>,
    /// A guest's name, where no account held the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<PlayerName>,
    /// The server's computer, at its level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
}

/// Which of a player's games a list keeps: of one variant, rated or casual, won, drawn
/// or lost; each left out keeps every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesFilter {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Score>,
}

/// A filter's value a list cannot be asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadFilter {
    #[error(
        "`variant` is a variant's id (camelot, classic, river, anti, camette, grandcam), not '{0}'"
    )]
    Variant(Excerpt),
    #[error("`rated` is true (rated games) or false (casual ones), not '{0}'")]
    Rated(Excerpt),
    #[error("`result` is won, drew or lost, not '{0}'")]
    Result(Excerpt),
}

impl Score {
    pub const ALL: [Score; 3] = [Score::Won, Score::Drew, Score::Lost];

    /// Its word in a query and in the protocol's JSON.
    pub fn id(self) -> &'static str {
        match self {
            Score::Won => "won",
            Score::Drew => "drew",
            Score::Lost => "lost",
        }
    }
}

impl GamesFilter {
    /// Whether the list keeps `g`.
    pub fn keeps(&self, g: &PlayedGame) -> bool {
        self.variant.is_none_or(|v| v == g.variant)
            && self.rated.is_none_or(|r| r == g.rated)
            && self.result.is_none_or(|s| Some(s) == g.score)
    }

    /// Its part of a query, `variant=camette&rated=true&result=won` (empty for none).
    pub fn query(&self) -> String {
        let mut parts = Vec::new();
        if let Some(v) = self.variant {
            parts.push(format!("variant={}", v.id()));
        }
        if let Some(r) = self.rated {
            parts.push(format!("rated={r}"));
        }
        if let Some(s) = self.result {
            parts.push(format!("result={}", s.id()));
        }
        parts.join("&")
    }

    /// Takes one `key=value` of a query: whether the key is one of the filter's.
    pub fn take(&mut self, key: &str, value: &str) -> Result<bool, BadFilter> {
        match key {
            "variant" => {
                let v = value
                    .parse()
                    .map_err(|_| BadFilter::Variant(Excerpt::new(value)))?;
                self.variant = Some(v);
            }
            "rated" => {
                self.rated = Some(match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(BadFilter::Rated(Excerpt::new(value))),
                });
            }
            "result" => {
                let s = Score::ALL
                    .into_iter()
                    .find(|s| s.id() == value)
                    .ok_or_else(|| BadFilter::Result(Excerpt::new(value)))?;
                self.result = Some(s);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_goes_into_a_query_and_back() {
        let f = GamesFilter {
            variant: Some(Variant::Camette),
            rated: Some(false),
            result: Some(Score::Drew),
        };
        assert_eq!(f.query(), "variant=camette&rated=false&result=drew");
        let mut back = GamesFilter::default();
        for pair in f.query().split('&') {
            let (k, v) = pair.split_once('=').unwrap();
            assert!(back.take(k, v).unwrap());
        }
        assert_eq!(back, f);
        assert_eq!(GamesFilter::default().query(), "");
        let mut other = GamesFilter::default();
        assert!(!other.take("before", "g1").unwrap(), "not the filter's");
        assert_eq!(
            other.take("result", "maybe").unwrap_err().to_string(),
            "`result` is won, drew or lost, not 'maybe'"
        );
        assert!(other.take("variant", "chess").is_err());
        assert!(other.take("rated", "yes").is_err());
    }
}
