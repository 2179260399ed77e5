//! The board's coordinates: the board set in a rectangular frame (the plinth widened to
//! the board's bounding rectangle and a border beyond), and on the border's outer part each
//! file's letter below and above it and each rank's number to its left and right, in
//! straight lines as on a chessboard (A-L and 1-16 on Camelot's boards, A-E and 1-7 on
//! Camette's, A-M and 1-13 on Grand Cam's cross). Each label is its picture in a real
//! typeface (see `lettering`) on a flat quad on the frame; they turn, a quarter at a
//! time, to read upright from wherever the camera looks. The far edge's labels are not
//! drawn, so that no castle ever stands in front of one: the near edge has the same. A
//! setting hides them all.

use std::collections::HashMap;

use bevy::prelude::*;
use camelot_engine::{Coord, Rules};

use bevy::light::NotShadowCaster;

use super::layout::{board_half_extent, cell_center, BoardPart, TILE};
use super::lettering;
use super::shapes::Builder;
use crate::table::settings::TableSettings;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, turn_with_the_view.in_set(AppSystems::Present));
}

/// A coordinate's label: it turns to read upright from the camera.
#[derive(Component)]
pub struct CoordinateLabel(pub Label);

/// The frame's top, just under the squares' surface.
pub const FRAME_TOP: f32 = -0.03;
/// How far beyond the board's bounding rectangle the labels' centres stand, where no
/// castle stands on a seat's side of the board: clear of the near castle's walls and
/// towers in front of which they lie.
const LABEL_OUT: f32 = 1.0;
/// The same where castles stand on every edge (Grand Cam's cross), so that from every
/// seat the labels beside a castle at the side stand clear of its towers' tops, which a
/// seated view leans outwards.
const LABEL_OUT_BESIDE_CASTLES: f32 = 1.45;
/// The frame's border beyond the labels' centres.
const BEYOND_LABELS: f32 = 0.4;

/// How far beyond the board's bounding rectangle the labels' centres stand.
fn label_out(rules: &Rules) -> f32 {
    let g = rules.geometry;
    let half = board_half_extent(g);
    let (mut on_x_edge, mut on_z_edge) = (false, false);
    for sq in rules.all_castles().iter() {
        let c = super::layout::square_center(g, sq);
        on_x_edge |= c.x.abs() > half.x - TILE;
        on_z_edge |= c.z.abs() > half.y - TILE;
    }
    if on_x_edge && on_z_edge {
        LABEL_OUT_BESIDE_CASTLES
    } else {
        LABEL_OUT
    }
}

/// How far the frame reaches beyond the board's bounding rectangle.
pub fn frame_width(rules: &Rules) -> f32 {
    label_out(rules) + BEYOND_LABELS
}
/// The labels' lift above the frame.
const LIFT: f32 = 0.002;

/// The four edges of the frame, by the way they face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Towards +z: White's end of Camelot's board.
    South,
    /// Towards -z.
    North,
    /// Towards -x.
    West,
    /// Towards +x.
    East,
}

impl Edge {
    const ALL: [Edge; 4] = [Edge::South, Edge::North, Edge::West, Edge::East];

    /// The way the edge faces, out from the board.
    pub fn outward(self) -> Vec3 {
        match self {
            Edge::South => Vec3::Z,
            Edge::North => Vec3::NEG_Z,
            Edge::West => Vec3::NEG_X,
            Edge::East => Vec3::X,
        }
    }

    /// The edge at the far side of the board for text turned by `turn` (see `facing`):
    /// where the text's tops point. Its labels are not drawn: they would stand behind
    /// the far castle, and the near edge has the same ones the right way up.
    pub fn far(turn: Quat) -> Edge {
        let up = turn * Vec3::NEG_Z;
        Edge::ALL
            .into_iter()
            .max_by(|a, b| a.outward().dot(up).total_cmp(&b.outward().dot(up)))
            .unwrap_or(Edge::North)
    }
}

/// A coordinate's label on the frame.
#[derive(Clone, Debug)]
pub struct Label {
    pub text: String,
    /// Its centre, on the frame.
    pub at: Vec3,
    pub edge: Edge,
}

impl Label {
    /// The corners of its ink on the board when turned by `turn`: what covers the frame.
    pub fn ink_corners(&self, turn: Quat) -> Vec<Vec3> {
        self.ink_local()
            .into_iter()
            .map(|p| self.at + turn * p)
            .collect()
    }

    /// The corners of its ink around its centre, unturned.
    pub fn ink_local(&self) -> Vec<Vec3> {
        let Some(cell) = lettering::atlas().cell(&self.text) else {
            return Vec::new();
        };
        let [lo, hi] = cell.ink;
        // Text y is world -z.
        [(lo.x, lo.y), (hi.x, lo.y), (hi.x, hi.y), (lo.x, hi.y)]
            .map(|(x, y)| Vec3::new(x, LIFT, -y))
            .to_vec()
    }
}

/// A label's flat picture: its atlas cell on a quad, centred on the origin, reading along
/// +x with its top towards -z.
fn label_mesh(cell: &lettering::Cell) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let half = cell.quad_half;
    let [uv0, uv1] = cell.uv;
    let positions = vec![
        [-half.x, LIFT, -half.y],
        [half.x, LIFT, -half.y],
        [half.x, LIFT, half.y],
        [-half.x, LIFT, half.y],
    ];
    let uvs = vec![
        [uv0.x, uv0.y],
        [uv1.x, uv0.y],
        [uv1.x, uv1.y],
        [uv0.x, uv1.y],
    ];
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 4])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(vec![0, 3, 2, 0, 2, 1]))
}

/// Each file's letter below and above it, each rank's number to its left and right, on
/// the frame's outer part.
pub fn labels(rules: &Rules) -> Vec<Label> {
    let g = rules.geometry;
    let half = board_half_extent(g);
    let out = label_out(rules);
    let (x_out, z_out) = (half.x + out, half.y + out);
    let centre = |f: u8, r: u8| cell_center(g, Coord::new(f, r));
    let label = |text: &String, at: Vec3, edge| Label {
        text: text.clone(),
        at,
        edge,
    };
    let mut out = Vec::new();
    for f in 0..g.files {
        let letter = ((b'A' + f) as char).to_string();
        let x = centre(f, 0).x;
        out.push(label(&letter, Vec3::new(x, FRAME_TOP, z_out), Edge::South));
        out.push(label(&letter, Vec3::new(x, FRAME_TOP, -z_out), Edge::North));
    }
    for r in 0..g.ranks {
        let number = (r + 1).to_string();
        let z = centre(0, r).z;
        out.push(label(&number, Vec3::new(-x_out, FRAME_TOP, z), Edge::West));
        out.push(label(&number, Vec3::new(x_out, FRAME_TOP, z), Edge::East));
    }
    out
}

/// The frame's mesh: a slab under every cell of the board's bounding rectangle that is
/// not a square, and a border `frame_width` wide around the rectangle.
pub fn frame(rules: &Rules) -> Builder {
    let g = rules.geometry;
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
    let w = frame_width(rules);
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
    atlas: &lettering::Atlas,
    rules: &Rules,
    meshes: &mut Assets<Mesh>,
    material: Handle<StandardMaterial>,
) {
    let mut made: HashMap<String, Handle<Mesh>> = HashMap::new();
    for label in labels(rules) {
        let Some(cell) = atlas.cell(&label.text) else {
            continue;
        };
        let mesh = made
            .entry(label.text.clone())
            .or_insert_with(|| meshes.add(label_mesh(cell)))
            .clone();
        commands.spawn((
            BoardPart,
            CoordinateLabel(label.clone()),
            Mesh3d(mesh),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(label.at),
            NotShadowCaster,
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

/// Turns the labels to read upright from the camera, and shows those the setting wants
/// and the far edge does not hide.
fn turn_with_the_view(
    cameras: Query<&GlobalTransform, With<Camera3d>>,
    settings: Res<TableSettings>,
    mut labels: Query<(&CoordinateLabel, &mut Transform, &mut Visibility)>,
) {
    let Some(cam) = cameras.iter().next() else {
        return;
    };
    let turn = facing(cam.forward().into());
    let far = Edge::far(turn);
    for (label, mut t, mut v) in &mut labels {
        if t.rotation != turn {
            t.rotation = turn;
        }
        let want = if settings.coordinates && label.0.edge != far {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
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
            let l = labels(v.rules());
            assert_eq!(l.len(), 2 * (files + ranks), "{v}");
            let texts: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
            let last_file = ((b'A' + files as u8 - 1) as char).to_string();
            assert!(
                texts.contains(&last_file.as_str()) && texts.contains(&ranks.to_string().as_str()),
                "{v}"
            );
            for l in &l {
                assert!(
                    lettering::atlas().cell(&l.text).is_some(),
                    "{} is not in the atlas",
                    l.text
                );
                let out = l.at.dot(l.edge.outward());
                assert!(out > 0.0, "{} on the {:?} edge at {}", l.text, l.edge, l.at);
            }
        }
    }

    #[test]
    fn labels_stand_on_the_frame_not_on_squares() {
        let rules = Variant::Camelot.rules();
        let g = rules.geometry;
        for l in labels(rules) {
            for corner in l.ink_corners(Quat::IDENTITY) {
                assert!(
                    super::super::layout::square_at(g, corner).is_none(),
                    "{} on a square",
                    l.text
                );
            }
        }
        assert!(!frame(rules).is_empty());
    }

    #[test]
    fn text_turns_to_read_from_the_viewer_and_the_far_edge_is_behind_its_tops() {
        // Seated at White's side (looking along -z): no turn; the far edge is North's.
        assert_eq!(facing(Vec3::new(0.0, -0.5, -1.0)), Quat::IDENTITY);
        assert_eq!(Edge::far(Quat::IDENTITY), Edge::North);
        // From the far side, half a turn.
        let half = facing(Vec3::new(0.0, -0.5, 1.0));
        assert!(half.angle_between(Quat::from_rotation_y(std::f32::consts::PI)) < 1e-4);
        assert_eq!(Edge::far(half), Edge::South);
        // Looking along +x (from the West), the far edge is the East's.
        assert_eq!(Edge::far(facing(Vec3::new(1.0, -0.5, 0.0))), Edge::East);
        assert_eq!(Edge::far(facing(Vec3::new(-1.0, -0.5, 0.0))), Edge::West);
    }
}
