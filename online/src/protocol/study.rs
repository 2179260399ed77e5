//! The analysis board: a position reached by moves tried from a variant's start or from
//! a position of a finished game. `POST /analysis/position` answers the board there and
//! the moves legal in it (the page knows no rules); `POST /analysis/lines` asks the
//! server's computer for its best lines there, queued behind its turns and shared between
//! owners as analyses are: `202` while it waits or runs, `200` once done, and the same
//! position asked again (by anyone) is answered from what was found.

use camelot_engine::{NamedMove, Variant};
use serde::{Deserialize, Serialize};

use super::analysis::ScoreView;
use super::requests::{Method, Request};
use super::{BoardView, GameEnd, GameId};

/// The most moves a study may add to where it starts.
pub const MAX_STUDY_MOVES: usize = 1000;

/// The lines the computer gives for a position, best first.
pub const STUDY_LINES: usize = 3;

/// Where a study starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "lowercase")]
pub enum StudyStart {
    /// `{"from":"start","variant":"camelot"}`: a variant's first position.
    Start { variant: Variant },
    /// `{"from":"game","game":"ID","ply":20}`: a finished game after its first `ply`
    /// plies (a game still played is not studied here).
    Game { game: GameId, ply: u32 },
}

/// A position of a study: where it starts and the moves tried from there, in order
/// (named moves are read by their squares, as a move sent in a game is).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    pub start: StudyStart,
    #[serde(default)]
    pub moves: Vec<NamedMove>,
}

/// A study's position: the board, the moves legal in it, and how the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudiedPosition {
    pub variant: Variant,
    pub board: BoardView,
    /// None once the game is over there.
    pub legal: Vec<NamedMove>,
    /// The study's moves, as the engine names them.
    pub moves: Vec<NamedMove>,
    /// How the game ended there, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over: Option<GameEnd>,
}

/// One of the computer's lines: its first move, the moves it expects after, and how it
/// scores the position if they are played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyLine {
    /// For the first side (the side of the first seat to move).
    pub score: ScoreView,
    /// The first side's chance of winning (0 to 1).
    pub chance: f64,
    pub moves: Vec<NamedMove>,
}

/// The computer's look at a study's position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum LinesView {
    /// Waiting for the computer: `ahead` positions and analyses go before it.
    Queued { ahead: u32 },
    /// The computer is searching it.
    Running,
    /// `{"state":"done","depth":12,"lines":[...]}`: the best lines, best first.
    Done { depth: u32, lines: Vec<StudyLine> },
}

impl LinesView {
    pub fn is_done(&self) -> bool {
        matches!(self, LinesView::Done { .. })
    }
}

/// `POST /analysis/position`: a study's position, with its legal moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct LookAtStudy(pub Study);

impl Request for LookAtStudy {
    type Answer = StudiedPosition;
    const METHOD: Method = Method::Post;
    fn path(&self) -> String {
        "/analysis/position".into()
    }
}

/// `POST /analysis/lines`: asks the server's computer for a study position's lines (or
/// reads them, asked before).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct AskForLines(pub Study);

impl Request for AskForLines {
    type Answer = LinesView;
    const METHOD: Method = Method::Post;
    fn path(&self) -> String {
        "/analysis/lines".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_study_reads_as_the_page_writes_it() {
        let from_game: Study = serde_json::from_str(
            r#"{"start":{"from":"game","game":"k3x9qz2a","ply":20},"moves":[{"path":["F2","F3"],"kind":"Plain"}]}"#,
        )
        .unwrap();
        assert_eq!(
            from_game.start,
            StudyStart::Game {
                game: GameId::parse("k3x9qz2a").unwrap(),
                ply: 20
            }
        );
        assert_eq!(from_game.moves[0].path.len(), 2);
        let from_start: Study =
            serde_json::from_str(r#"{"start":{"from":"start","variant":"camette"}}"#).unwrap();
        assert_eq!(
            from_start.start,
            StudyStart::Start {
                variant: Variant::Camette
            }
        );
        assert!(from_start.moves.is_empty());
        let done = LinesView::Done {
            depth: 9,
            lines: vec![StudyLine {
                score: ScoreView::Cp(12),
                chance: 0.55,
                moves: Vec::new(),
            }],
        };
        let json = serde_json::to_string(&done).unwrap();
        assert!(json.starts_with(r#"{"state":"done","depth":9"#), "{json}");
        assert_eq!(serde_json::from_str::<LinesView>(&json).unwrap(), done);
    }
}
