//! Positions from self-play labelled with the game's result: the data the win
//! probability curve is fitted to (and, later, the evaluation's weights).
//!
//! One sample a line, tab-separated: the result for the team to move (`1`, `0.5`, `0`),
//! the search's score for it in hundredths of a man, `quiet` or `tactical` (a jump is
//! compulsory), and the position string.

use camelot_engine::notation::ParsePositionError;
use camelot_engine::search::SearchScore;
use camelot_engine::{Excerpt, Position};

use crate::matches::Played;

/// A searched position of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    /// The search's score for the team to move.
    pub score: SearchScore,
    /// The game's result for the team to move: 1, ½ or 0.
    pub result: f64,
    /// No jump is compulsory in the position.
    pub quiet: bool,
}

impl Sample {
    /// The sample's line in a samples file.
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.result,
            self.score.0,
            if self.quiet { "quiet" } else { "tactical" },
            self.position
        )
    }

    /// Reads a line written by [`Sample::line`].
    pub fn parse(line: &str) -> Result<Sample, SampleError> {
        let fields: Vec<&str> = line.splitn(4, '\t').collect();
        let [result, score, kind, position] = fields[..] else {
            return Err(SampleError::Fields);
        };
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(SampleError::Result(Excerpt::new(other))),
        };
        let score = score
            .parse::<i32>()
            .ok()
            .filter(|s| s.abs() <= SearchScore::MAX_ABS)
            .ok_or_else(|| SampleError::Score(Excerpt::new(score)))?;
        let quiet = match kind {
            "quiet" => true,
            "tactical" => false,
            other => return Err(SampleError::Kind(Excerpt::new(other))),
        };
        let position = position
            .parse::<Position>()
            .map_err(SampleError::Position)?;
        Ok(Sample {
            position,
            score: SearchScore(score),
            result,
            quiet,
        })
    }

    /// The searched positions of a played game (forced wins and losses left out: their
    /// probability is not a matter of fitting).
    pub fn from_played(played: &Played) -> Vec<Sample> {
        let game = &played.game;
        let mut samples = Vec::new();
        for (i, score) in played.scores.iter().enumerate() {
            let Some(score) = *score else { continue };
            if score.plies_to_end().is_some() {
                continue;
            }
            let position = game.position_at(i).clone();
            let result = played
                .outcome
                .score_for(position.rules().side(position.turn()));
            samples.push(Sample {
                quiet: !position.capture_is_compulsory(),
                position,
                score,
                result,
            });
        }
        samples
    }
}

/// A line of a samples file that could not be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SampleError {
    /// Not the four tab-separated fields.
    #[error("expected four tab-separated fields: result, score, kind, position")]
    Fields,
    #[error("result '{0}' is not 1, 0.5 or 0")]
    Result(Excerpt),
    #[error("score '{0}' is not a search score")]
    Score(Excerpt),
    #[error("kind '{0}' is not quiet or tactical")]
    Kind(Excerpt),
    #[error(transparent)]
    Position(ParsePositionError),
}
