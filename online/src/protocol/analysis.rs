//! A finished game's analysis by the server's computer: `POST /games/ID/analysis` asks
//! for it, `GET /games/ID/analysis` reads it, queued, running or done. The engine's
//! review judges every move ([`MoveQuality`]'s words: `best`, `good`, `inaccuracy`,
//! `mistake`, `blunder`), and the moves are the engine's named moves.

use camelot_engine::search::{MoveQuality, SearchScore};
use camelot_engine::{NamedMove, SeatColour};
use serde::{Deserialize, Serialize};

use super::requests::{Method, Request};
use super::GameId;

/// A search's score of a position, for the first side (the side of the first seat to
/// move): `{"cp":34}` (hundredths of a man ahead), `{"win":5}` (a forced win in so many
/// plies), `{"loss":5}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    Cp(i32),
    Win(i32),
    Loss(i32),
}

impl ScoreView {
    /// `score`, a search's for the side to move, as the first side's (`for_first`: the
    /// side to move is the first).
    pub fn of(score: SearchScore, for_first: bool) -> ScoreView {
        let score = SearchScore(if for_first { score.0 } else { -score.0 });
        match score.plies_to_end() {
            Some(n) if n >= 0 => ScoreView::Win(n),
            Some(n) => ScoreView::Loss(-n),
            None => ScoreView::Cp(score.0),
        }
    }
}

/// One ply of an analysed game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalysedPly {
    /// The ply's index (0 is the first move).
    pub ply: u32,
    /// The seat that played it.
    pub seat: SeatColour,
    /// The move played.
    pub played: NamedMove,
    /// The position before the move, for the first side.
    pub score: ScoreView,
    /// The first side's chance of winning (0 to 1) before the move and after it.
    pub before: f64,
    pub after: f64,
    /// How good the move was; `null` for a setup move (River Camelot's trees), which is
    /// not judged.
    pub judgement: Option<MoveQuality>,
    /// The computer's choice in the position before (`null` for a setup move).
    pub best: Option<NamedMove>,
    /// The line the computer expects from the position before, its choice first.
    pub line: Vec<NamedMove>,
}

/// A game's analysis as the server has it: `202` while it is queued or running, `200`
/// once done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum AnalysisView {
    /// Waiting for the computer: `ahead` analyses go before it.
    Queued { ahead: u32 },
    /// Being analysed: `searched` of `positions` positions (the start and one after each
    /// move).
    Running { searched: u32, positions: u32 },
    /// `{"state":"done","plies":[...]}`: every move judged, in the order played.
    Done { plies: Vec<AnalysedPly> },
}

impl AnalysisView {
    pub fn is_done(&self) -> bool {
        matches!(self, AnalysisView::Done { .. })
    }
}

/// `POST /games/ID/analysis`: asks the server's computer to analyse a finished game
/// (anyone may, once; the analysis is the game's, shown to everyone who looks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyseGame {
    pub game: GameId,
}

impl Serialize for AnalyseGame {
    /// An empty object: the game is in the path.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        s.serialize_map(Some(0))?.end()
    }
}

impl Request for AnalyseGame {
    type Answer = AnalysisView;
    const METHOD: Method = Method::Post;
    fn path(&self) -> String {
        format!("/games/{}/analysis", self.game)
    }
}

/// `GET /games/ID/analysis`: the game's analysis, as far as it has gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookAtAnalysis {
    pub game: GameId,
}

impl Serialize for LookAtAnalysis {
    /// Nothing in a body.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

impl Request for LookAtAnalysis {
    type Answer = AnalysisView;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        format!("/games/{}/analysis", self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_the_first_sides() {
        let cp = SearchScore(34);
        assert_eq!(ScoreView::of(cp, true), ScoreView::Cp(34));
        assert_eq!(ScoreView::of(cp, false), ScoreView::Cp(-34));
        let win_in_5 = SearchScore(SearchScore::MAX_ABS - 5);
        assert_eq!(ScoreView::of(win_in_5, true), ScoreView::Win(5));
        assert_eq!(ScoreView::of(win_in_5, false), ScoreView::Loss(5));
        assert_eq!(
            serde_json::to_string(&ScoreView::Cp(-34)).unwrap(),
            r#"{"cp":-34}"#
        );
    }

    #[test]
    fn an_analysis_reads_back_and_says_its_state() {
        let views = [
            AnalysisView::Queued { ahead: 2 },
            AnalysisView::Running {
                searched: 3,
                positions: 9,
            },
            AnalysisView::Done { plies: Vec::new() },
        ];
        for v in views {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<AnalysisView>(&json).unwrap(), v);
        }
        assert_eq!(
            serde_json::to_string(&AnalysisView::Queued { ahead: 2 }).unwrap(),
            r#"{"state":"queued","ahead":2}"#
        );
    }
}
