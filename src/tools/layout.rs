//! `--print-layout`: where the viewport, the board, the castles and the labels are on
//! screen.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::clock::Frames;
use super::options::Automation;
use crate::game::session::Session;

/// `[left, top, right, bottom]` of a set of points on screen.
fn rect_of(points: impl Iterator<Item = Vec2>) -> [f32; 4] {
    let (mut lo, mut hi) = (Vec2::MAX, Vec2::MIN);
    for p in points {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    [lo.x, lo.y, hi.x, hi.y].map(|v| (v * 10.0).round() / 10.0)
}

/// How the table comes on screen: the window, the camera, the low tier's picture and the
/// panels' room.
#[derive(SystemParam)]
pub(super) struct OnScreen<'w, 's> {
    windows: Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>,
    cams: Query<
        'w,
        's,
        (&'static Camera, &'static GlobalTransform),
        With<crate::table::camera::MainCamera>,
    >,
    view: Res<'w, crate::render::viewport::ViewImage>,
    insets: Res<'w, crate::table::camera::ViewInsets>,
}

/// `--print-layout`: the viewport, the board, each castle and each coordinate label drawn
/// (its ink) on screen, in window pixels, as the camera projects them, printed once at
/// the last frame.
pub(super) fn print_layout(
    auto: Res<Automation>,
    frames: Res<Frames>,
    session: Res<Session>,
    screen: OnScreen,
    labels: Query<(
        &crate::table::coordinates::CoordinateLabel,
        &Visibility,
        &GlobalTransform,
    )>,
    mut done: Local<bool>,
) {
    let OnScreen {
        windows,
        cams,
        view,
        insets,
    } = screen;
    let at = auto.opts.exit_after_frames.unwrap_or(10);
    if !auto.opts.print_layout || *done || frames.since_ready().is_none_or(|s| s < at) {
        return;
    }
    let (Ok(window), Ok((cam, gt))) = (windows.single(), cams.single()) else {
        return;
    };
    *done = true;
    let viewport = crate::table::camera::viewport_rect(window, *insets);
    // Window coordinates: Bevy adds the viewport's corner itself; at the low tier the
    // camera's picture is stretched over the viewport.
    let on_screen = |p: Vec3| {
        cam.world_to_viewport(gt, p)
            .ok()
            .map(|v| view.view_to_window(v))
    };
    let variant = session.variant();
    let board = rect_of(
        crate::table::board::board_corners(variant)
            .into_iter()
            .filter_map(on_screen),
    );
    let rules = variant.rules();
    let castles: Vec<String> = rules
        .players_in_order()
        .map(|p| {
            let corners = crate::table::castles::castle_points(rules, p).into_iter();
            format!("{:?}", rect_of(corners.filter_map(on_screen)))
        })
        .collect();
    // The ink of every label drawn.
    let labels: Vec<String> = labels
        .iter()
        .filter(|(_, v, _)| **v != Visibility::Hidden)
        .map(|(label, _, at)| {
            let corners = label.0.ink_local().into_iter();
            let corners = corners.map(|p| at.transform_point(p));
            format!("{:?}", rect_of(corners.filter_map(on_screen)))
        })
        .collect();
    println!(
        "{{\"window\":[{},{}],\"viewport\":{:?},\"board\":{:?},\"castles\":[{}],\"labels\":[{}]}}",
        window.width(),
        window.height(),
        [
            viewport.min.x,
            viewport.min.y,
            viewport.max.x,
            viewport.max.y
        ],
        board,
        castles.join(","),
        labels.join(",")
    );
}
