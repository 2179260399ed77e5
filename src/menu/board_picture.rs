//! A small picture of a position painted by egui: the board's squares in the table's
//! colours, the castles in stone, River Camelot's water, bridges and trees, and every
//! piece as a disc in its seat's colour, a knight's with a ring. The title screen shows
//! the game in progress with it, and a variant's card with it until its picture loads.

use bevy_egui::egui;
use camelot_engine::{Coord, PieceKind, Position};

use crate::table::settings::BoardTheme;
use crate::table::theme::{seat_text_color, theme_squares};
use crate::widgets::theme::egui_colour;

/// The size a board of `files` by `ranks` takes at most `size`, squares square.
pub fn fitted(position: &Position, size: egui::Vec2) -> egui::Vec2 {
    let g = position.rules().geometry;
    let cell = (size.x / g.files as f32).min(size.y / g.ranks as f32);
    egui::vec2(cell * g.files as f32, cell * g.ranks as f32)
}

/// Paints `position` centred in `rect`, White's side (the first seat's) at the bottom.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, position: &Position, theme: BoardTheme) {
    let rules = position.rules();
    let g = rules.geometry;
    let size = fitted(position, rect.size());
    let cell = size.x / g.files as f32;
    let origin = rect.center() - size / 2.0;
    let [(_, light), (_, dark)] = theme_squares(theme);
    let (light, dark) = (egui_colour(light), egui_colour(dark));
    let stone = egui::Color32::from_rgb(176, 170, 158);
    let water = egui::Color32::from_rgb(58, 96, 138);
    let bridge = egui::Color32::from_rgb(120, 86, 54);
    let castles = rules
        .players_in_order()
        .fold(camelot_engine::SquareSet::default(), |all, p| {
            all.union(rules.castle(p))
        });
    let trees = position.trees();
    for r in 0..g.ranks {
        for f in 0..g.files {
            let Some(sq) = g.square(Coord::new(f, r)) else {
                continue;
            };
            let min = origin + egui::vec2(f as f32, (g.ranks - 1 - r) as f32) * cell;
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let fill = if castles.contains(sq) {
                stone
            } else if rules.bridges.contains(sq) {
                bridge
            } else if rules.water.contains(sq) {
                water
            } else if (f + r) % 2 == 0 {
                dark
            } else {
                light
            };
            painter.rect_filled(square, 0.0, fill);
            let centre = square.center();
            if trees.contains(sq) {
                painter.circle_filled(centre, cell * 0.34, egui::Color32::from_rgb(52, 118, 60));
            }
            if let Some(piece) = position.piece_at(sq) {
                let [red, green, blue] = seat_text_color(rules.seat_colour(piece.owner));
                let body = egui::Color32::from_rgb(red, green, blue);
                let edge =
                    egui::Stroke::new((cell * 0.07).max(1.0), egui::Color32::from_black_alpha(170));
                painter.circle(centre, cell * 0.36, body, edge);
                if piece.kind == PieceKind::Knight {
                    painter.circle_stroke(centre, cell * 0.19, edge);
                }
            }
        }
    }
}
