//! The review in the panel and under the board: the button and its progress, the
//! evaluation graph (the first team's win probability after every move, the mistakes
//! marked, the position shown as a line; a click browses there), and each move's mark.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use camelot_engine::search::{MoveQuality, ReviewedPly};
use camelot_engine::Side;

use crate::game::browse::BrowseCommand;
use crate::game::session::Session;
use crate::review::{GameReview, StartReview};

use crate::widgets::theme::side_name;

/// The mark a move gets in the list: none for good moves.
pub fn mark(class: Option<MoveQuality>) -> (&'static str, Option<egui::Color32>) {
    match class {
        Some(MoveQuality::Inaccuracy) => ("?!", Some(egui::Color32::from_rgb(230, 200, 90))),
        Some(MoveQuality::Mistake) => ("?", Some(egui::Color32::from_rgb(240, 150, 60))),
        Some(MoveQuality::Blunder) => ("??", Some(egui::Color32::from_rgb(235, 80, 70))),
        _ => ("", None),
    }
}

/// "Review the game", its progress while it runs, and a summary when it is done.
pub fn review_controls(
    ui: &mut egui::Ui,
    session: &Session,
    review: &GameReview,
    plies: Option<&[ReviewedPly]>,
    start: &mut MessageWriter<StartReview>,
) {
    if let Some((done, total)) = review.progress(session) {
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("Reviewing: {done} of {total} positions")),
        );
        return;
    }
    ui.horizontal(|ui| {
        let label = if plies.is_some() || review.stale(session) {
            "Review again"
        } else {
            "Review the game"
        };
        let enabled = session.game.ply() > 0;
        if ui
            .add_enabled(enabled, egui::Button::new(label))
            .on_hover_text("The engine judges every move: best, good, inaccuracy (?!), mistake (?), blunder (??)")
            .clicked()
        {
            start.write(StartReview);
        }
        if review.stale(session) {
            ui.label(egui::RichText::new("(the game has moved on)").weak());
        }
    });
    if let Some(plies) = plies {
        let rules = session.position().rules();
        for side in Side::BOTH {
            let count = |c: MoveQuality| {
                plies
                    .iter()
                    .filter(|p| rules.side(p.player) == side && p.class == Some(c))
                    .count()
            };
            ui.label(format!(
                "{}: best {}, inaccuracies {}, mistakes {}, blunders {}",
                side_name(rules, side),
                count(MoveQuality::Best),
                count(MoveQuality::Inaccuracy),
                count(MoveQuality::Mistake),
                count(MoveQuality::Blunder)
            ));
        }
    }
}

/// The first side's win probability in each position of the game (0 is the start).
pub fn curve(plies: &[ReviewedPly], side_of: impl Fn(&ReviewedPly) -> Side) -> Vec<f64> {
    let for_first = |p: &ReviewedPly, v: f64| {
        if side_of(p) == Side::First {
            v
        } else {
            1.0 - v
        }
    };
    let mut points: Vec<f64> = plies.iter().map(|p| for_first(p, p.before)).collect();
    if let Some(last) = plies.last() {
        points.push(for_first(last, last.after));
    }
    points
}

/// The graph under the board; a click (or drag) on it shows that position.
pub fn graph(
    ui: &mut egui::Ui,
    session: &Session,
    plies: &[ReviewedPly],
    shown: usize,
    browse: &mut MessageWriter<BrowseCommand>,
) {
    let rules = session.position().rules();
    let points = curve(plies, |p| rules.side(p.player));
    let size = egui::vec2(ui.available_width(), 90.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(48, 40, 36));
    let n = points.len().max(2) - 1;
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let y_of = |p: f64| rect.bottom() - rect.height() * p as f32;
    // The first team's share, light, under the curve: one mesh (separate shapes would
    // show their anti-aliased seams).
    let light = egui::Color32::from_rgb(236, 228, 208);
    let mut mesh = egui::Mesh::default();
    for (i, &p) in points.iter().enumerate() {
        mesh.colored_vertex(egui::pos2(x_of(i), y_of(p)), light);
        mesh.colored_vertex(egui::pos2(x_of(i), rect.bottom()), light);
        if i > 0 {
            let k = (2 * i) as u32;
            mesh.add_triangle(k - 2, k - 1, k);
            mesh.add_triangle(k - 1, k + 1, k);
        }
    }
    painter.add(egui::Shape::mesh(mesh));
    painter.hline(
        rect.x_range(),
        y_of(0.5),
        egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 120, 60)),
    );
    for p in plies {
        if let (_, Some(colour)) = mark(p.class) {
            let i = p.ply + 1;
            if i < points.len() {
                painter.circle_filled(egui::pos2(x_of(i), y_of(points[i])), 3.5, colour);
            }
        }
    }
    painter.vline(
        x_of(shown.min(n)),
        rect.y_range(),
        egui::Stroke::new(2.0, egui::Color32::from_rgb(120, 180, 255)),
    );
    let label = format!(
        "{} light, {} dark",
        side_name(rules, Side::First),
        side_name(rules, Side::Second)
    );
    painter.text(
        rect.left_top() + egui::vec2(6.0, 4.0),
        egui::Align2::LEFT_TOP,
        label,
        egui::FontId::proportional(11.0),
        egui::Color32::from_rgb(120, 180, 255),
    );
    if let Some(at) = response.interact_pointer_pos() {
        let i = (((at.x - rect.left()) / rect.width()) * n as f32).round() as usize;
        let i = i.min(points.len().saturating_sub(1));
        if i != shown && (response.clicked() || response.dragged()) {
            browse.write(BrowseCommand::To(i));
        }
    }
    response.on_hover_text("Click to see that position");
}

/// The panel's section for the review of the game: what it needs.
#[derive(SystemParam)]
pub struct ReviewSection<'w> {
    review: Res<'w, GameReview>,
    start: MessageWriter<'w, StartReview>,
}

impl ReviewSection<'_> {
    /// The review's plies, once the review of this game is complete.
    pub fn plies(&self, session: &Session) -> Option<Vec<ReviewedPly>> {
        self.review.plies(session)
    }

    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, plies: Option<&[ReviewedPly]>) {
        review_controls(ui, session, &self.review, plies, &mut self.start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::search::{review_game, SearchLimits};
    use camelot_engine::{Game, Variant};

    #[test]
    fn the_curve_has_a_point_a_position_for_the_first_team() {
        let mut game = Game::new(Variant::Camelot);
        for m in ["E6-E8", "H11-F9", "H6-F8"] {
            game.play_notation(m).unwrap();
        }
        let plies = review_game(&game, SearchLimits::nodes(2_000), |_, _| true);
        let rules = game.position().rules();
        let points = curve(&plies, |p| rules.side(p.player));
        assert_eq!(points.len(), 4);
        // White moves first: the start is White's "before"; Black's before is flipped.
        assert_eq!(points[0], plies[0].before);
        assert_eq!(points[1], 1.0 - plies[1].before);
        assert_eq!(points[3], plies[2].after, "the third move is White's");
        assert!(points.iter().all(|p| (0.0..=1.0).contains(p)));
    }
}
