//! A player's history as their page lists it: each finished game's other seats (the
//! opponents, a partner in Grand Cam) with their ratings, and the filters a list is
//! asked with (`GET /players/NAME/games?variant=camette&rated=true&result=won`).

use camelot_engine::{Excerpt, Level, SeatColour, Variant};
use serde::{Deserialize, Serialize};

use super::accounts::{PlayedGame, Score, SeatAccount};
use super::PlayerName;

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
