//! Zobrist keys, made once from a fixed seed so hashes are the same in every run.

use std::sync::OnceLock;

pub struct Keys {
    /// `piece[code][cell]` for piece codes 2..10.
    pub piece: [[u64; 160]; 10],
    pub turn: [u64; 4],
    pub castle_moves: [[u64; 4]; 4],
    /// A piece that must leave the castle it stands in.
    pub must_leave: [u64; 160],
    pub tree: [u64; 160],
    pub setup: [u64; 8],
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut s = 0x00C4_4E10_7A1E_5EEDu64;
        let mut next = || splitmix(&mut s);
        let mut k = Box::new(Keys {
            piece: [[0; 160]; 10],
            turn: [0; 4],
            castle_moves: [[0; 4]; 4],
            must_leave: [0; 160],
            tree: [0; 160],
            setup: [0; 8],
        });
        for row in k.piece.iter_mut() {
            row.iter_mut().for_each(|x| *x = next());
        }
        k.turn.iter_mut().for_each(|x| *x = next());
        for row in k.castle_moves.iter_mut() {
            row.iter_mut().for_each(|x| *x = next());
        }
        k.must_leave.iter_mut().for_each(|x| *x = next());
        k.tree.iter_mut().for_each(|x| *x = next());
        k.setup.iter_mut().for_each(|x| *x = next());
        k
    })
}
