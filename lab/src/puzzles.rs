//! Puzzles found in played games: every position where one move wins and no other does,
//! screened by a small search and confirmed by the puzzle list's own check.

use camelot_engine::search::SearchLimits;
use camelot_engine::{Game, Side};
use camelot_lessons::{check_position, Puzzle, PuzzleTheme};

/// Puzzles in a played game: every position where one move wins and no other does
/// (for a quiet move, only where the position before was not already won for the
/// mover, so the chance came from the opponent's slip). Each position is screened at
/// `limits` (a small budget: the check at [`PUZZLE_NODES`] then confirms the few that
/// pass). Ids are `PREFIX-PLY`.
pub fn find_puzzles(game: &Game, limits: SearchLimits, prefix: &str) -> Vec<Puzzle> {
    let mut out = Vec::new();
    // The previous position's team to move and its win probability there.
    let mut before: Option<(Side, f64)> = None;
    for i in 0..game.moves().len() {
        let pos = game.position_at(i);
        let team = pos.rules().side(pos.turn());
        let c = check_position(pos, &game.history()[..i], limits);
        // The mover's chances before the opponent's last move: a puzzle is a chance the
        // opponent gave, not a win already in hand.
        let was = before.map(|(t, w)| if t == team { w } else { 1.0 - w });
        before = c.as_ref().map(|c| (team, c.best_win));
        let Some(c) = c else { continue };
        let theme = PuzzleTheme::of(pos, &c.best);
        // A quiet winning move in a game already won is no find (a winning streak
        // would give one a move); few pieces and few moves make dull puzzles.
        if !c.is_unique()
            || (theme == PuzzleTheme::Quiet && was.is_none_or(|w| w > 0.65))
            || pos.legal_moves().len() < 3
            || pos.count(pos.turn()) < 3
        {
            continue;
        }
        let puzzle = Puzzle {
            id: format!("{prefix}-{i}"),
            theme,
            position: pos.clone(),
            answer: c.best,
        };
        // The list's check searches without the game's history: keep what it confirms.
        if puzzle.check().is_ok() {
            out.push(puzzle);
        }
    }
    out
}
