//! The board's coordinates: the board set in a rectangular frame (the plinth widened to
//! the board's bounding rectangle and a border beyond), and on the border's outer part each
//! file's letter below and above it and each rank's number to its left and right, in
//! straight lines as on a chessboard (A-L and 1-16 on Camelot's boards, A-E and 1-7 on
//! Camette's, A-M and 1-13 on Grand Cam's cross). The characters are drawn strokes, a
//! mesh each (the game has no text renderer), laid flat on the frame; they turn, a
//! quarter at a time, to read upright from wherever the camera looks. A setting hides
//! them.

use std::collections::HashMap;

use bevy::prelude::*;
use camelot_engine::{BoardGeometry, Coord, Rules};

use super::layout::{board_half_extent, cell_center, BoardPart, TILE};
use super::shapes::Builder;
use crate::table::settings::TableSettings;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (turn_with_the_view, show_or_hide).in_set(AppSystems::Present),
    );
}

/// A coordinate's label: it turns to read upright from the camera.
#[derive(Component)]
pub struct CoordinateLabel;

/// The height of a character, in squares.
const CHAR_HEIGHT: f32 = 0.4;
/// The strokes' width, in squares.
const STROKE: f32 = 0.045;
/// The frame's top, just under the squares' surface.
pub const FRAME_TOP: f32 = -0.03;
/// How far the frame reaches beyond the board's bounding rectangle.
pub const FRAME_WIDTH: f32 = 1.5;
/// How far beyond the bounding rectangle the labels' centres stand: on the frame's outer
/// part, clear of the castles' walls and towers on its inner part.
const LABEL_OUT: f32 = 1.05;

/// The strokes of each character the board writes, on a 4-wide, 6-high grid (origin
/// bottom left), each a polyline.
type Strokes = &'static [&'static [(f32, f32)]];
const GLYPHS: &[(char, Strokes)] = &[
    (
        'A',
        &[
            &[(0.0, 0.0), (0.0, 4.0), (2.0, 6.0), (4.0, 4.0), (4.0, 0.0)],
            &[(0.0, 3.0), (4.0, 3.0)],
        ],
    ),
    (
        'B',
        &[
            &[
                (0.0, 0.0),
                (0.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
                (0.0, 3.0),
            ],
            &[(3.0, 3.0), (4.0, 2.0), (4.0, 1.0), (3.0, 0.0), (0.0, 0.0)],
        ],
    ),
    (
        'C',
        &[&[
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
        ]],
    ),
    (
        'D',
        &[&[
            (0.0, 0.0),
            (0.0, 6.0),
            (2.5, 6.0),
            (4.0, 4.5),
            (4.0, 1.5),
            (2.5, 0.0),
            (0.0, 0.0),
        ]],
    ),
    (
        'E',
        &[
            &[(4.0, 6.0), (0.0, 6.0), (0.0, 0.0), (4.0, 0.0)],
            &[(0.0, 3.0), (3.0, 3.0)],
        ],
    ),
    (
        'F',
        &[
            &[(4.0, 6.0), (0.0, 6.0), (0.0, 0.0)],
            &[(0.0, 3.0), (3.0, 3.0)],
        ],
    ),
    (
        'G',
        &[&[
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 3.0),
            (2.0, 3.0),
        ]],
    ),
    (
        'H',
        &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(4.0, 0.0), (4.0, 6.0)],
            &[(0.0, 3.0), (4.0, 3.0)],
        ],
    ),
    (
        'I',
        &[
            &[(1.0, 6.0), (3.0, 6.0)],
            &[(2.0, 6.0), (2.0, 0.0)],
            &[(1.0, 0.0), (3.0, 0.0)],
        ],
    ),
    (
        'J',
        &[&[(4.0, 6.0), (4.0, 1.0), (3.0, 0.0), (1.0, 0.0), (0.0, 1.0)]],
    ),
    (
        'K',
        &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(4.0, 6.0), (0.0, 2.5)],
            &[(1.3, 3.6), (4.0, 0.0)],
        ],
    ),
    ('L', &[&[(0.0, 6.0), (0.0, 0.0), (4.0, 0.0)]]),
    (
        'M',
        &[&[(0.0, 0.0), (0.0, 6.0), (2.0, 3.5), (4.0, 6.0), (4.0, 0.0)]],
    ),
    (
        '0',
        &[&[
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
        ]],
    ),
    (
        '1',
        &[
            &[(1.0, 5.0), (2.5, 6.0), (2.5, 0.0)],
            &[(1.0, 0.0), (4.0, 0.0)],
        ],
    ),
    (
        '2',
        &[&[
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 4.0),
            (0.0, 0.0),
            (4.0, 0.0),
        ]],
    ),
    (
        '3',
        &[
            &[
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
                (1.5, 3.0),
            ],
            &[
                (3.0, 3.0),
                (4.0, 2.0),
                (4.0, 1.0),
                (3.0, 0.0),
                (1.0, 0.0),
                (0.0, 1.0),
            ],
        ],
    ),
    ('4', &[&[(3.0, 0.0), (3.0, 6.0), (0.0, 2.0), (4.0, 2.0)]]),
    (
        '5',
        &[&[
            (4.0, 6.0),
            (0.0, 6.0),
            (0.0, 3.5),
            (3.0, 3.5),
            (4.0, 2.5),
            (4.0, 1.0),
            (3.0, 0.0),
            (0.0, 0.0),
        ]],
    ),
    (
        '6',
        &[&[
            (3.5, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.5),
            (3.0, 3.5),
            (0.0, 3.5),
        ]],
    ),
    ('7', &[&[(0.0, 6.0), (4.0, 6.0), (1.5, 0.0)]]),
    (
        '8',
        &[
            &[
                (1.0, 3.0),
                (0.0, 4.0),
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
                (1.0, 3.0),
            ],
            &[
                (1.0, 3.0),
                (0.0, 2.0),
                (0.0, 1.0),
                (1.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.0),
                (3.0, 3.0),
            ],
        ],
    ),
    (
        '9',
        &[&[
            (4.0, 2.5),
            (1.0, 2.5),
            (0.0, 3.5),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (0.5, 0.0),
        ]],
    ),
];

/// A character's strokes; `None` for a character the board never writes.
fn strokes(c: char) -> Option<Strokes> {
    GLYPHS.iter().find(|(g, _)| *g == c).map(|(_, s)| *s)
}

/// A text laid flat, centred on the origin, reading along +x with its top towards -z.
fn text_mesh(text: &str) -> Builder {
    let unit = CHAR_HEIGHT / 6.0;
    let advance = 5.5 * unit;
    let width = advance * text.chars().count() as f32 - 1.5 * unit;
    let mut b = Builder::default();
    for (i, c) in text.chars().enumerate() {
        let Some(lines) = strokes(c) else { continue };
        let origin = Vec2::new(-width / 2.0 + i as f32 * advance, -CHAR_HEIGHT / 2.0);
        for line in lines {
            let points: Vec<Vec2> = line
                .iter()
                .map(|&(x, y)| origin + Vec2::new(x, y) * unit)
                .collect();
            for pair in points.windows(2) {
                stroke(&mut b, pair[0], pair[1]);
            }
        }
    }
    b
}

/// A flat stroke from `a` to `b` (text coordinates: y up), squared off past its ends so
/// that joints meet.
fn stroke(b: &mut Builder, a: Vec2, c: Vec2) {
    let along = (c - a).normalize_or_zero() * STROKE / 2.0;
    let across = Vec2::new(-along.y, along.x);
    let (a, c) = (a - along, c + along);
    // Text y is world -z; a tiny lift keeps the strokes above the frame.
    let w = |p: Vec2| Vec3::new(p.x, 0.002, -p.y);
    b.flat_quad([w(a - across), w(c - across), w(c + across), w(a + across)]);
}

/// Each file's letter below and above it, each rank's number to its left and right, on
/// the frame's outer part: a label (its text and centre) for each.
pub fn labels(g: &BoardGeometry) -> Vec<(String, Vec3)> {
    let half = board_half_extent(g);
    let (x_out, z_out) = (half.x + LABEL_OUT, half.y + LABEL_OUT);
    let centre = |f: u8, r: u8| cell_center(g, Coord::new(f, r));
    let mut out = Vec::new();
    for f in 0..g.files {
        let letter = ((b'A' + f) as char).to_string();
        let x = centre(f, 0).x;
        out.push((letter.clone(), Vec3::new(x, FRAME_TOP, z_out)));
        out.push((letter, Vec3::new(x, FRAME_TOP, -z_out)));
    }
    for r in 0..g.ranks {
        let number = (r + 1).to_string();
        let z = centre(0, r).z;
        out.push((number.clone(), Vec3::new(-x_out, FRAME_TOP, z)));
        out.push((number, Vec3::new(x_out, FRAME_TOP, z)));
    }
    out
}

/// The frame's mesh: a slab under every cell of the board's bounding rectangle that is
/// not a square, and a border `FRAME_WIDTH` wide around the rectangle.
pub fn frame(g: &BoardGeometry) -> Builder {
    let mut b = Builder::default();
    let bottom = -0.23;
    let slab = |b: &mut Builder, centre: Vec2, size: Vec2| {
        b.block(
            Vec3::new(centre.x, (FRAME_TOP + bottom) / 2.0, centre.y),
            Vec3::new(size.x, FRAME_TOP - bottom, size.y),
            None,
        );
    };
    for r in 0..g.ranks {
        for f in 0..g.files {
            let c = Coord::new(f, r);
            if g.square(c).is_none() {
                slab(&mut b, cell_center(g, c).xz(), Vec2::splat(TILE));
            }
        }
    }
    let half = board_half_extent(g);
    let w = FRAME_WIDTH;
    let across = 2.0 * (half.x + w);
    for side in [-1.0, 1.0] {
        slab(
            &mut b,
            Vec2::new(0.0, side * (half.y + w / 2.0)),
            Vec2::new(across, w),
        );
        slab(
            &mut b,
            Vec2::new(side * (half.x + w / 2.0), 0.0),
            Vec2::new(w, 2.0 * half.y),
        );
    }
    b
}

/// The labels of a board, spawned as parts of it.
pub fn spawn_labels(
    commands: &mut Commands,
    rules: &Rules,
    meshes: &mut Assets<Mesh>,
    material: Handle<StandardMaterial>,
) {
    let mut made: HashMap<String, Handle<Mesh>> = HashMap::new();
    for (text, at) in labels(rules.geometry) {
        let mesh = made
            .entry(text.clone())
            .or_insert_with(|| meshes.add(text_mesh(&text).build()))
            .clone();
        commands.spawn((
            BoardPart,
            CoordinateLabel,
            Mesh3d(mesh),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(at),
        ));
    }
}

/// The quarter turn that makes text read upright from a camera looking along `forward`.
pub fn facing(forward: Vec3) -> Quat {
    let f = forward.with_y(0.0);
    if f.length_squared() < 1e-6 {
        // Straight down: the seat's side is taken as the viewer's.
        return Quat::IDENTITY;
    }
    let angle = (-f.x).atan2(-f.z);
    let quarter = (angle / std::f32::consts::FRAC_PI_2).round() * std::f32::consts::FRAC_PI_2;
    Quat::from_rotation_y(quarter)
}

fn turn_with_the_view(
    cameras: Query<&GlobalTransform, With<Camera3d>>,
    mut labels: Query<&mut Transform, With<CoordinateLabel>>,
) {
    let Some(cam) = cameras.iter().next() else {
        return;
    };
    let turn = facing(cam.forward().into());
    for mut t in &mut labels {
        if t.rotation != turn {
            t.rotation = turn;
        }
    }
}

fn show_or_hide(
    settings: Res<TableSettings>,
    mut labels: Query<&mut Visibility, With<CoordinateLabel>>,
) {
    let want = if settings.coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut labels {
        if *v != want {
            *v = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::Variant;

    #[test]
    fn every_file_and_rank_is_named_at_both_ends() {
        for (v, files, ranks) in [
            (Variant::Camelot, 12, 16),
            (Variant::Camette, 5, 7),
            (Variant::GrandCam, 13, 13),
        ] {
            let l = labels(v.rules().geometry);
            assert_eq!(l.len(), 2 * (files + ranks), "{v}");
            let texts: Vec<&str> = l.iter().map(|(t, _)| t.as_str()).collect();
            let last_file = ((b'A' + files as u8 - 1) as char).to_string();
            assert!(
                texts.contains(&last_file.as_str()) && texts.contains(&ranks.to_string().as_str()),
                "{v}"
            );
            for (t, _) in &l {
                assert!(
                    t.chars().all(|c| strokes(c).is_some()),
                    "{t} has a character without strokes"
                );
            }
        }
    }

    #[test]
    fn labels_stand_on_the_frame_not_on_squares() {
        let g = Variant::Camelot.rules().geometry;
        for (t, at) in labels(g) {
            assert!(
                super::super::layout::square_at(g, at).is_none(),
                "{t} on a square"
            );
        }
        assert!(!frame(g).is_empty());
    }

    #[test]
    fn text_turns_to_read_from_the_viewer() {
        // Seated at White's side (looking along -z): no turn.
        assert_eq!(facing(Vec3::new(0.0, -0.5, -1.0)), Quat::IDENTITY);
        // From the far side, half a turn.
        let half = facing(Vec3::new(0.0, -0.5, 1.0));
        assert!(half.angle_between(Quat::from_rotation_y(std::f32::consts::PI)) < 1e-4);
    }
}
