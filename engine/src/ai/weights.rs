//! Every evaluation weight, per variant, in one place. Units: a man is 100.

use crate::variant::Variant;

#[derive(Clone, Debug)]
pub struct Weights {
    pub man: i32,
    pub knight: i32,
    /// Added to a knight's value as the board empties (WCF: a knight is worth about 1.3
    /// men with the board full, nearer 1.5 late).
    pub knight_late_bonus: i32,
    /// Bonus by distance (in king steps) from the goal castle: index 0 is in the castle.
    pub advance: [i32; 12],
    /// A first piece already in the goal castle (Camelot needs two).
    pub first_in_goal: i32,
    /// Per enemy piece within two steps of our castle, and per own piece guarding it.
    pub intruder: i32,
    pub guard: i32,
    /// River Camelot: an own piece on a bridge square.
    pub bridge: i32,
    /// A piece standing where an enemy can jump it at once.
    pub hanging: i32,
    /// Per empty square next to a piece (its room for plain moves), up to four.
    pub mobility: i32,
    /// Per step between each own piece and the nearest enemy piece: Anti-Camelot has to
    /// walk its pieces into the enemy's jumps, and without this it wanders.
    pub approach: i32,
    /// Anti-Camelot plays to lose pieces: material counts against its owner.
    pub material_sign: i32,
    pub tempo: i32,
}

impl Weights {
    pub fn for_variant(v: Variant) -> Weights {
        let base = Weights {
            man: 100,
            knight: 130,
            knight_late_bonus: 20,
            advance: [0, 60, 36, 24, 16, 11, 7, 4, 2, 1, 0, 0],
            first_in_goal: 160,
            intruder: 25,
            guard: 8,
            bridge: 0,
            hanging: 30,
            mobility: 2,
            approach: 0,
            material_sign: 1,
            tempo: 8,
        };
        match v {
            Variant::Camelot | Variant::Classic => base,
            Variant::River => Weights { bridge: 12, ..base },
            Variant::Anti => Weights {
                material_sign: -1,
                // Near the enemy castle is where one is forced in: keep away from it.
                advance: [0, -60, -30, -15, -8, -4, -2, -1, 0, 0, 0, 0],
                first_in_goal: 0,
                intruder: -10,
                guard: 0,
                hanging: -20,
                approach: 6,
                ..base
            },
            Variant::Camette => Weights {
                advance: [0, 120, 50, 20, 8, 3, 0, 0, 0, 0, 0, 0],
                knight: 140,
                intruder: 40,
                guard: 15,
                ..base
            },
            Variant::GrandCam => Weights {
                advance: [0, 110, 55, 30, 16, 8, 4, 2, 0, 0, 0, 0],
                intruder: 35,
                guard: 10,
                ..base
            },
        }
    }
}
