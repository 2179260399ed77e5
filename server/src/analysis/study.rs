//! A study's position worked out by the engine: from a variant's start or a finished
//! game's ply, each move tried read by its squares (as a move sent in a game is) and
//! played; and the computer's search of it in the protocol's words.

use camelot_engine::search::{win_probability, SearchResult};
use camelot_engine::{Game, NamedMove, Position, Side, Variant};
use camelot_online::protocol::analysis::ScoreView;
use camelot_online::protocol::study::{Study, StudyLine, StudyStart, MAX_STUDY_MOVES};
use camelot_online::protocol::ErrorCode;

use crate::common::error::{Answer, ServiceError};
use crate::games::Status;
use crate::round;
use crate::round::Hubs;

/// The longest line kept for each of the computer's choices.
const LINE_PLIES: usize = 10;

/// A study's position: the game that reaches it from the start, and the moves tried, as
/// the engine names them.
pub(super) struct Studied {
    pub game: Game,
    pub tried: Vec<NamedMove>,
}

fn refused(code: ErrorCode, why: String) -> ServiceError {
    ServiceError::refused(Answer::BadRequest, code, why)
}

/// Plays `study` out, or says in words why it cannot be.
pub(super) async fn studied(hubs: &Hubs, study: &Study) -> Result<Studied, ServiceError> {
    if study.moves.len() > MAX_STUDY_MOVES {
        return Err(refused(
            ErrorCode::NotAllowed,
            format!("A study goes at most {MAX_STUDY_MOVES} moves from where it starts"),
        ));
    }
    let mut game = match &study.start {
        StudyStart::Start { variant } => Game::new(*variant),
        StudyStart::Game { game: id, ply } => {
            let g = round::game_now(hubs, id).await?;
            if g.status == Status::Live {
                return Err(ServiceError::refused(
                    Answer::Conflict,
                    ErrorCode::NotOver,
                    format!("Game {id} is still being played: it can be studied once it is over"),
                ));
            }
            let played = g.game.moves();
            let Some(before) = played.get(..*ply as usize) else {
                return Err(refused(
                    ErrorCode::NotAllowed,
                    format!("Game {id} has {} moves: it has no move {ply}", played.len()),
                ));
            };
            let mut replay = Game::new(g.game.variant());
            for m in before {
                replay
                    .play(m)
                    .map_err(|e| ServiceError::Storage(format!("replaying game {id}: {e:?}")))?;
            }
            replay
        }
    };
    let mut tried = Vec::with_capacity(study.moves.len());
    for (i, named) in study.moves.iter().enumerate() {
        let here = |why: String| {
            refused(
                ErrorCode::IllegalMove,
                format!("Move {} tried: {why}", i + 1),
            )
        };
        if let Some(o) = game.outcome() {
            return Err(here(format!(
                "the game is over before it ({})",
                o.reason.describe()
            )));
        }
        let pos = game.position();
        let m = pos
            .read_named(named)
            .map_err(|e| here(format!("{e}: not a legal move there")))?;
        let Some(name) = pos.name_move(&m) else {
            return Err(here("not a legal move there".into()));
        };
        game.play(&m)
            .map_err(|e| here(format!("{e:?}: not a legal move there")))?;
        tried.push(name);
    }
    Ok(Studied { game, tried })
}

/// Every move of `game` in WCF notation, as the queue keeps a position.
pub(super) fn notations(game: &Game) -> Vec<String> {
    game.moves()
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some(game.position_at(i).name_move(m)?.notation))
        .collect()
}

/// `variant`'s game after `moves` (WCF notation), if they read and are legal.
pub fn replayed(variant: Variant, moves: &[String]) -> Option<Game> {
    let mut game = Game::new(variant);
    for m in moves {
        game.play_notation(m).ok()?;
    }
    Some(game)
}

/// A search's lines from `pos`, for the first side, their moves named.
pub fn study_lines(pos: &Position, result: &SearchResult) -> Vec<StudyLine> {
    let first = pos.rules().side(pos.turn()) == Side::First;
    result
        .lines
        .iter()
        .map(|line| {
            let mut moves = Vec::new();
            let mut at = pos.clone();
            for m in line.pv.iter().take(LINE_PLIES) {
                let Some(named) = at.name_move(m) else { break };
                moves.push(named);
                at = at.after(m);
            }
            let chance = win_probability(pos.variant(), line.score);
            StudyLine {
                score: ScoreView::of(line.score, first),
                chance: if first { chance } else { 1.0 - chance },
                moves,
            }
        })
        .filter(|line| !line.moves.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::search::{SearchLimits, Searcher};

    #[test]
    fn a_games_moves_read_back_as_the_queue_keeps_them() {
        let mut game = Game::new(Variant::River);
        for _ in 0..12 {
            let m = game.position().legal_moves().to_vec()[0];
            game.play(&m).unwrap();
        }
        let again = replayed(Variant::River, &notations(&game)).expect("read back");
        assert_eq!(again.moves(), game.moves());
        assert!(replayed(Variant::River, &["Z99-A1".to_string()]).is_none());
    }

    #[test]
    fn the_lines_are_the_first_sides_and_named_from_the_position() {
        let mut game = Game::new(Variant::Camette);
        game.play_notation("C3-C4").unwrap();
        // Black to move: its best line's score turned over for White.
        let pos = game.position();
        let mut searcher = Searcher::new(4);
        searcher.multipv = 3;
        let result = searcher.search(pos, game.history(), SearchLimits::nodes(20_000), |_| {});
        let lines = study_lines(pos, &result);
        assert!(!lines.is_empty() && lines.len() <= 3);
        let legal: Vec<String> = pos.named_moves().into_iter().map(|m| m.notation).collect();
        for (line, searched) in lines.iter().zip(&result.lines) {
            assert!(
                legal.contains(&line.moves[0].notation),
                "{:?}",
                line.moves[0]
            );
            assert_eq!(line.score, ScoreView::of(searched.score, false));
            assert!((0.0..=1.0).contains(&line.chance));
        }
        // Black must capture with C5 (the board says so): every line starts there.
        assert!(lines.iter().all(|l| l.moves[0].path[0].to_string() == "C5"));
    }
}
