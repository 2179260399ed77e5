//! River Camelot tree placement by evaluation: a tree is worth what it costs the enemy
//! in steps to our castle, less what it costs us in steps to theirs.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square_set::SquareSet;

/// King-step distance from every square to `goal`, with water and `walls` (trees) in
/// the way.
fn distances(pos: &Position, goal: SquareSet, walls: SquareSet) -> [u16; 160] {
    let r = pos.rules();
    r.geometry.king_distances(goal, walls.union(r.water))
}

/// Total distance of a player's pieces to its goal (unreachable counts heavily).
fn total(pos: &Position, player: usize, walls: SquareSet) -> i32 {
    let r = pos.rules();
    let d = distances(pos, r.goal[player], walls);
    pos.occ[player]
        .iter()
        .map(|s| {
            if d[s.index()] == u16::MAX {
                40
            } else {
                d[s.index()] as i32
            }
        })
        .sum()
}

/// Scores each legal tree placement; higher is better for the player to move.
pub fn score_placements(pos: &Position) -> Vec<(Move, i32)> {
    let me = pos.turn().0 as usize;
    let them = 1 - me;
    let base_them = total(pos, them, pos.trees());
    let base_me = total(pos, me, pos.trees());
    let own_castle = pos.rules().seats[me].castle;
    let near_own = distances(pos, own_castle, pos.trees());
    pos.legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::PlaceTree)
        .map(|m| {
            let mut walls = pos.trees();
            walls.insert(m.to);
            let hinders_them = total(pos, them, walls) - base_them;
            let hinders_me = total(pos, me, walls) - base_me;
            // Closer to home blocks the lanes that matter most for defence.
            let closeness = 12 - (near_own[m.to.index()] as i32).min(12);
            (*m, 10 * hinders_them - 10 * hinders_me + closeness)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variant::Variant;

    #[test]
    fn plants_river_trees_by_evaluation() {
        let game = Game::new(Variant::River);
        let mut ai = crate::ai::Ai::new(crate::ai::Level::MASTER, 3);
        let (d, _) = ai.decide(&game, |_| {}).unwrap();
        let crate::ai::AiDecision::Play(m) = d else {
            panic!("expected a tree")
        };
        assert_eq!(m.kind, MoveKind::PlaceTree);
        let scored = score_placements(game.position());
        let top = scored.iter().map(|(_, s)| *s).max().unwrap();
        let chosen = scored.iter().find(|(x, _)| *x == m).unwrap().1;
        assert_eq!(chosen, top, "master plants where the evaluation says");
        // The scores differ: trees are not all alike.
        assert!(scored.iter().any(|(_, s)| *s != top));
    }
}
