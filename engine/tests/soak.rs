//! Random playouts of every variant, checking invariants at every ply.

use camelot_engine::search::SeededRng;
use camelot_engine::{Game, Notation, Position, Variant};

const MOVE_CAP: usize = 300;

fn soak(variant: Variant, games: u64) {
    let mut ended = 0;
    for seed in 0..games {
        let mut rng = SeededRng::new(seed);
        let mut game = Game::new(variant);
        while game.outcome().is_none() && game.ply() < MOVE_CAP {
            let pos = game.position().clone();
            assert_eq!(
                pos.hash(),
                pos.compute_hash(),
                "incremental hash, {variant} seed {seed}"
            );
            assert_eq!(
                pos.to_string().parse::<Position>().as_ref(),
                Ok(&pos),
                "position string round trip"
            );
            let legal = pos.legal_moves();
            assert!(
                !legal.is_empty(),
                "a game that is not over has a move: {pos}"
            );
            // Every move is generated once.
            let all = legal.to_vec();
            for (i, m) in all.iter().enumerate() {
                assert!(!all[i + 1..].contains(m), "duplicate move in {pos}");
            }
            // A few moves print and parse back to themselves, in both notations (the
            // numbered one with its capture count).
            for _ in 0..3 {
                let m = all[rng.below(all.len())];
                let text = pos.move_text(&m, Notation::Wcf).unwrap();
                assert_eq!(pos.parse_move(&text).as_ref(), Ok(&m), "{text} in {pos}");
                if pos.rules().has_numbered_squares() {
                    let text = pos.numbered_text_with_count(&m).unwrap();
                    assert_eq!(pos.parse_move(&text).as_ref(), Ok(&m), "{text} in {pos}");
                }
            }
            let m = all[rng.below(all.len())];
            let counts: Vec<u32> = (0..pos.rules().players())
                .map(|p| pos.count(camelot_engine::Player(p as u8)))
                .collect();
            game.play(&m).unwrap();
            let after = game.position();
            for (p, &before) in counts.iter().enumerate() {
                assert!(
                    after.count(camelot_engine::Player(p as u8)) <= before,
                    "pieces never grow"
                );
            }
            assert_eq!(
                m.capture_count(),
                counts.iter().sum::<u32>()
                    - (0..counts.len())
                        .map(|p| after.count(camelot_engine::Player(p as u8)))
                        .sum::<u32>()
            );
            // Undo restores the exact position; redo comes back.
            let snapshot = after.clone();
            game.undo();
            assert_eq!(game.position(), &pos);
            assert_eq!(game.position().hash(), pos.hash());
            game.redo();
            assert_eq!(game.position(), &snapshot);
        }
        if game.outcome().is_some() {
            ended += 1;
        }
    }
    assert!(ended > 0, "{variant}: some random games end by the rules");
}

#[test]
fn soak_camelot() {
    soak(Variant::Camelot, 1500);
}

#[test]
fn soak_classic() {
    soak(Variant::Classic, 1000);
}

#[test]
fn soak_river() {
    soak(Variant::River, 1000);
}

#[test]
fn soak_anti() {
    soak(Variant::Anti, 1000);
}

#[test]
fn soak_camette() {
    soak(Variant::Camette, 5000);
}

#[test]
fn soak_grandcam() {
    soak(Variant::GrandCam, 2000);
}
