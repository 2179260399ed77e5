//! The pieces' outlines as data, needing no renderer: the table turns and extrudes them
//! into meshes (`shapes`), and `camelot-assetgen` draws the game's icon from the same
//! knight.

/// The knight's head outline: a horse in profile, counter-clockwise, scaled.
pub const KNIGHT_HEAD: [(f32, f32); 16] = [
    (-0.17, 0.0),
    (0.15, 0.0),
    (0.12, 0.14),
    (0.1, 0.22),
    (0.2, 0.27),
    (0.27, 0.33),
    (0.27, 0.4),
    (0.2, 0.44),
    (0.1, 0.53),
    (0.07, 0.62),
    (0.02, 0.56),
    (-0.05, 0.6),
    (-0.09, 0.52),
    (-0.17, 0.42),
    (-0.21, 0.26),
    (-0.2, 0.12),
];

/// The back of the knight's neck on `KNIGHT_HEAD`, from the poll down, in the outline's
/// order: where the mane runs.
pub const KNIGHT_MANE: [(f32, f32); 5] = [
    (-0.05, 0.6),
    (-0.09, 0.52),
    (-0.17, 0.42),
    (-0.21, 0.26),
    (-0.2, 0.12),
];
