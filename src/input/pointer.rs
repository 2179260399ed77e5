//! The mouse over the board: which square the pointer is on (a ray from the camera
//! through the cursor, against the pieces standing up and the board lying flat), and
//! presses and releases turned into clicks and drags. The window's part only makes
//! [`BoardPointer`] messages and sets the hovered square; the rest runs headless too,
//! so tests drive it with those messages.
//!
//! The ray is the project's own rather than `bevy_picking`'s mesh picking: the squares
//! are not meshes of their own (the board is one mesh, the castles' rise a step in it),
//! so a hit on the board still has to be turned into a square by its geometry, and a
//! piece is met as the upright cylinder its set's mesh fits in ([`PieceExtent`], taken
//! from the meshes in use), which is what a player aims at. The game builds without
//! Bevy's picking feature for that reason.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use camelot_engine::Square;

use crate::game::focus::egui_wants_pointer;
use crate::game::session::Session;
use crate::input::move_entry::{EntryCommand, MoveInput, SquareClicked};
use crate::table::board::{square_at, stand_point, OnSquare, CASTLE_RISE};
use crate::table::camera::MainCamera;
use crate::table::pieces::{Held, PieceExtent, PieceMeshes, PieceView};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<BoardPointer>()
        .add_systems(Update, pick.in_set(AppSystems::Input))
        .add_systems(
            Update,
            (handle_pointer, follow_drag)
                .chain()
                .in_set(AppSystems::Input)
                .after(pick),
        );
}

/// A mouse button over the board, and the square under the pointer then.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPointer {
    pub action: PointerAction,
    pub square: Option<Square>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerAction {
    PressPrimary,
    ReleasePrimary,
    /// A right click: takes back a landing.
    Secondary,
}

/// How far along `ray` it meets a standing piece (the upright cylinder of `extent` on
/// `base`), if it does.
fn hit_piece(ray: Ray3d, base: Vec3, extent: PieceExtent) -> Option<f32> {
    let PieceExtent { height, radius } = extent;
    let (o, d) = (ray.origin, *ray.direction);
    let oc = (o - base).xz();
    let dxz = d.xz();
    let a = dxz.length_squared();
    let mut best: Option<f32> = None;
    if a > 1e-9 {
        let b = oc.dot(dxz);
        let c = oc.length_squared() - radius * radius;
        let disc = b * b - a * c;
        if disc >= 0.0 {
            let t = (-b - disc.sqrt()) / a;
            let y = o.y + t * d.y;
            if t > 0.0 && y >= base.y && y <= base.y + height {
                best = Some(t);
            }
        }
    }
    // The top: a disc at the piece's height.
    if d.y.abs() > 1e-6 {
        let t = (base.y + height - o.y) / d.y;
        let p = o + d * t;
        if t > 0.0 && (p - base).xz().length() <= radius && best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    }
    best
}

/// The square under the pointer: the nearest piece the ray meets, else where it meets
/// the board's surface.
pub fn square_under(
    ray: Ray3d,
    session: &Session,
    pieces: &[(Square, Vec3, PieceExtent)],
) -> Option<Square> {
    let piece = pieces
        .iter()
        .filter_map(|&(sq, base, extent)| hit_piece(ray, base, extent).map(|t| (t, sq)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, sq)) = piece {
        return Some(sq);
    }
    let g = session.position().geometry();
    let on_plane = |y: f32| {
        let t = ray.intersect_plane(Vec3::Y * y, InfinitePlane3d::new(Vec3::Y))?;
        square_at(g, ray.get_point(t))
    };
    // Castle squares stand a little higher than the rest.
    let castles = session.position().rules().all_castles();
    match on_plane(CASTLE_RISE) {
        Some(sq) if castles.contains(sq) => Some(sq),
        _ => on_plane(0.0),
    }
}

/// Where the pointer looks from: the window, the camera, and the low tier's smaller
/// picture (its coordinates are not the window's).
#[derive(SystemParam)]
struct Eye<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    cams: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MainCamera>>,
    view: Option<Res<'w, crate::render::viewport::ViewImage>>,
}

/// The window's picker: the hovered square, and button presses over the board.
fn pick(
    eye: Eye,
    buttons: Res<ButtonInput<MouseButton>>,
    egui_busy: Option<Res<bevy_egui::input::EguiWantsInput>>,
    pieces: Query<(&OnSquare, &PieceView), Without<Held>>,
    meshes: Option<Res<PieceMeshes>>,
    session: Res<Session>,
    mut input: ResMut<MoveInput>,
    mut out: MessageWriter<BoardPointer>,
) {
    let Eye {
        windows,
        cams,
        view,
    } = eye;
    let (Ok(window), Ok((cam, gt))) = (windows.single(), cams.single()) else {
        return;
    };
    let over_egui = egui_wants_pointer(egui_busy);
    let hovered = window
        .cursor_position()
        .filter(|_| !over_egui)
        .and_then(|cursor| {
            // Window coordinates, as Bevy takes them (it subtracts the viewport's corner
            // itself), or the position in the low tier's smaller picture.
            let at = view
                .as_ref()
                .map_or(Some(cursor), |v| v.window_to_view(cursor))?;
            let ray = cam.viewport_to_world(gt, at).ok()?;
            let variant = session.variant();
            let standing: Vec<(Square, Vec3, PieceExtent)> = meshes
                .iter()
                .flat_map(|m| {
                    pieces
                        .iter()
                        .map(|(on, v)| (on.0, stand_point(variant, on.0), m.extent(v.0.kind)))
                })
                .collect();
            square_under(ray, &session, &standing)
        });
    if input.hovered != hovered {
        input.hovered = hovered;
    }
    // A press starts only over the board; its release is always delivered.
    if buttons.just_pressed(MouseButton::Left) && !over_egui {
        out.write(BoardPointer {
            action: PointerAction::PressPrimary,
            square: hovered,
        });
    }
    if buttons.just_released(MouseButton::Left) {
        out.write(BoardPointer {
            action: PointerAction::ReleasePrimary,
            square: hovered,
        });
    }
    if buttons.just_released(MouseButton::Right) && !over_egui && hovered.is_some() {
        out.write(BoardPointer {
            action: PointerAction::Secondary,
            square: hovered,
        });
    }
}

/// Presses and releases become clicks, or drags: a piece of the player to move pressed
/// and carried to another square is dropped there.
fn handle_pointer(
    mut pointer: MessageReader<BoardPointer>,
    mut input: ResMut<MoveInput>,
    session: Res<Session>,
    pieces: Query<(Entity, &OnSquare, &PieceView)>,
    mut commands: Commands,
    mut clicked: MessageWriter<SquareClicked>,
    mut entry: MessageWriter<EntryCommand>,
) {
    for p in pointer.read() {
        match p.action {
            PointerAction::PressPrimary => input.pressed = p.square,
            PointerAction::ReleasePrimary => {
                let pressed = input.pressed.take();
                if let Some((piece, from)) = input.dragging.take() {
                    if let Ok(mut e) = commands.get_entity(piece) {
                        e.remove::<Held>();
                    }
                    if let Some(to) = p.square.filter(|&to| to != from) {
                        if input.clicks.first() != Some(&from) {
                            clicked.write(SquareClicked {
                                square: from,
                                dropped: false,
                            });
                        }
                        clicked.write(SquareClicked {
                            square: to,
                            dropped: true,
                        });
                    }
                } else if let Some(sq) = p.square.filter(|&sq| Some(sq) == pressed) {
                    clicked.write(SquareClicked {
                        square: sq,
                        dropped: false,
                    });
                }
            }
            PointerAction::Secondary => {
                entry.write(EntryCommand::StepBack);
            }
        }
    }
    // A press carried off its square picks the piece up, if it is the mover's.
    let (Some(from), None) = (input.pressed, input.dragging) else {
        return;
    };
    if input.hovered.is_none_or(|h| h == from) || !session.human_to_move() {
        return;
    }
    let mover = session.to_move();
    if let Some((e, _, _)) = pieces
        .iter()
        .find(|(_, on, v)| on.0 == from && v.0.owner == mover)
    {
        input.dragging = Some((e, from));
        commands.entity(e).insert(Held);
    }
}

/// The dragged piece hovers over the square under the pointer.
fn follow_drag(
    input: Res<MoveInput>,
    session: Res<Session>,
    mut pieces: Query<&mut Transform, With<Held>>,
) {
    let Some((piece, from)) = input.dragging else {
        return;
    };
    let Ok(mut tf) = pieces.get_mut(piece) else {
        return;
    };
    let over = input.hovered.unwrap_or(from);
    tf.translation = stand_point(session.variant(), over) + Vec3::Y * 0.35;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::board::square_center;
    use crate::table::pieces::set_extents;
    use crate::table::settings::PieceSet;
    use camelot_engine::{Game, Variant};

    /// A ray from a seated camera through a square's centre finds that square; through
    /// a man's head standing in front of a square, the man's square.
    #[test]
    fn the_ray_finds_the_square_or_the_piece_in_front() {
        let session = Session::fresh(Variant::Camelot);
        let g = session.position().geometry();
        let eye = Vec3::new(0.0, 14.0, 14.0);
        for name in ["E7", "A9", "F16", "L4"] {
            let sq = g.parse_square(name).unwrap();
            let target = square_center(g, sq);
            let ray = Ray3d::new(eye, Dir3::new(target - eye).unwrap());
            assert_eq!(square_under(ray, &session, &[]), Some(sq), "{name}");
        }
        // A man on E7: aiming at his head from in front hits him, not the square behind.
        let e7 = g.parse_square("E7").unwrap();
        let head = square_center(g, e7) + Vec3::Y * 0.65;
        let ray = Ray3d::new(eye, Dir3::new(head - eye).unwrap());
        let [man, _] = set_extents(PieceSet::Turned);
        let standing = [(e7, square_center(g, e7), man)];
        assert_eq!(square_under(ray, &session, &standing), Some(e7));
        assert_ne!(square_under(ray, &session, &[]), Some(e7));
        let _ = Game::new(Variant::Camelot);
    }

    /// The 1930 discs stand 0.13 (a man) and 0.19 (a knight) high: a click just behind a
    /// disc, over its top, is on the square behind it, where a turned man, 0.7 high,
    /// stands in the way. The heights are the meshes' own.
    #[test]
    fn a_click_just_behind_a_disc_is_on_the_square_behind_it() {
        let session = Session::fresh(Variant::Camelot);
        let g = session.position().geometry();
        let eye = Vec3::new(0.0, 14.0, 14.0);
        let (front, behind) = (g.parse_square("F7").unwrap(), g.parse_square("F8").unwrap());
        let (f, b) = (square_center(g, front), square_center(g, behind));
        // Aimed at the near edge of the square behind, a little past the disc.
        let aim = b + (f - b) * 0.3;
        let ray = Ray3d::new(eye, Dir3::new(aim - eye).unwrap());
        let [disc_man, disc_knight] = set_extents(PieceSet::Parker);
        let [turned_man, _] = set_extents(PieceSet::Turned);
        assert!(
            disc_man.height < 0.15 && disc_knight.height < 0.2,
            "{disc_man:?} {disc_knight:?}"
        );
        assert!(turned_man.height > 0.69, "{turned_man:?}");
        for disc in [disc_man, disc_knight] {
            assert_eq!(
                square_under(ray, &session, &[(front, f, disc)]),
                Some(behind),
                "over a disc {disc:?}"
            );
        }
        assert_eq!(
            square_under(ray, &session, &[(front, f, turned_man)]),
            Some(front),
            "a turned man stands in the way"
        );
    }
}
