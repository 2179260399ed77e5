//! The panel's browsing controls, clickable move list and analysis: the evaluation bar
//! (the win probability of each side) and the engine's best lines.

use bevy::prelude::*;
use bevy_egui::egui;
use camelot_engine::search::{win_probability, MoveQuality, SearchScore};
use camelot_engine::{Game, Notation, Rules, Side};

use crate::analysis::{Analysis, PositionKey, LINES};
use crate::game::browse::{Browse, BrowseCommand};
use crate::game::session::Session;

use crate::review::view::mark;
use crate::widgets::theme::side_name;

/// A score as men (a man is 100), or the forced result.
pub fn score_text(score: SearchScore) -> String {
    match score.plies_to_end() {
        // Plies to the end, as the mover's own moves.
        Some(n) if n >= 0 => format!("wins in {}", ((n + 1) / 2).max(1)),
        Some(n) => format!("loses in {}", ((1 - n) / 2).max(1)),
        None => format!("{:+.2}", score.0 as f64 / 100.0),
    }
}

/// First, back, forward, to the game; and where the board is.
pub fn browse_controls(
    ui: &mut egui::Ui,
    session: &Session,
    browse: &Browse,
    commands: &mut MessageWriter<BrowseCommand>,
) {
    let shown = browse.shown_ply(session);
    let total = session.game.ply();
    ui.horizontal(|ui| {
        let mut button = |ui: &mut egui::Ui, text: &str, hint: &str, on: bool, c: BrowseCommand| {
            if ui
                .add_enabled(on, egui::Button::new(text))
                .on_hover_text(hint)
                .clicked()
            {
                commands.write(c);
            }
        };
        button(ui, "⏮", "The start (Home)", shown > 0, BrowseCommand::First);
        button(
            ui,
            "◀",
            "One move back (Left)",
            shown > 0,
            BrowseCommand::Back,
        );
        button(
            ui,
            "▶",
            "One move on (Right)",
            shown < total,
            BrowseCommand::Forward,
        );
        button(
            ui,
            "⏭",
            "The game (End)",
            shown < total,
            BrowseCommand::Live,
        );
        if shown < total {
            ui.label(format!("move {shown} of {total}"));
        }
    });
    if shown < total
        && ui
            .button(egui::RichText::new("Back to the game").strong())
            .clicked()
    {
        commands.write(BrowseCommand::Live);
    }
}

/// The moves, one numbered row per round; each move is a button that shows the
/// position after it, and the move shown is highlighted.
pub fn move_list(
    ui: &mut egui::Ui,
    game: &Game,
    notation: Notation,
    shown: usize,
    classes: &[Option<MoveQuality>],
    commands: &mut MessageWriter<BrowseCommand>,
) {
    let texts = game.move_texts(notation);
    let players = game.position().rules().players();
    // The move shown is scrolled into view when it changes, not every frame (the list
    // stays free to scroll).
    let memory = egui::Id::new("move list shown");
    let newly_shown = ui.data_mut(|d| {
        let before = d.get_temp::<usize>(memory);
        d.insert_temp(memory, shown);
        before != Some(shown)
    });
    let first = game.start().turn().0 as usize;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(260.0)
        .stick_to_bottom(shown == game.ply())
        .show(ui, |ui| {
            if texts.is_empty() {
                ui.label(egui::RichText::new("No moves yet.").weak());
                return;
            }
            // Rows start at the first seat; a game set up with another seat to move
            // starts with a short row.
            let mut i = 0;
            let mut number = 1;
            while i < texts.len() {
                let in_row = if i == 0 { players - first } else { players };
                ui.horizontal_wrapped(|ui| {
                    let lead = if i == 0 && first != 0 {
                        format!("{number}. …")
                    } else {
                        format!("{number}.")
                    };
                    ui.label(egui::RichText::new(lead).monospace().weak());
                    for (k, text) in texts.iter().enumerate().skip(i).take(in_row) {
                        let after = k + 1;
                        let (sign, colour) = mark(classes.get(k).copied().flatten());
                        let mut label = egui::RichText::new(format!("{text}{sign}")).monospace();
                        if let Some(c) = colour {
                            label = label.color(c);
                        }
                        let r = ui.selectable_label(after == shown, label);
                        if after == shown && newly_shown {
                            r.scroll_to_me(Some(egui::Align::Center));
                        }
                        if r.clicked() {
                            commands.write(BrowseCommand::To(after));
                        }
                    }
                });
                i += in_row;
                number += 1;
            }
        });
}

/// The analysis switch, the evaluation bar and the best lines of the position shown.
pub fn analysis(ui: &mut egui::Ui, analysis: &mut Analysis, session: &Session, browse: &Browse) {
    let key = PositionKey::shown(session, browse);
    ui.horizontal(|ui| {
        let mut on = analysis.on;
        if ui
            .checkbox(&mut on, egui::RichText::new("Analysis").strong())
            .on_hover_text(
                "The engine's view of the position shown: who is better, and its best three lines",
            )
            .changed()
        {
            analysis.on = on;
        }
        if analysis.on && analysis.searching(key) {
            ui.spinner();
        }
    });
    if !analysis.on {
        return;
    }
    let pos = browse.shown(session);
    let rules = pos.rules();
    // At the game's last position its end (a claim or a resignation too) fills the bar;
    // the lines of a position the rules have not ended are still worth showing.
    let ended = match browse.browsing(session) {
        None => session.game.outcome(),
        Some(_) => pos.outcome(),
    };
    if let Some(o) = ended {
        eval_bar(ui, rules, o.score_for(Side::First));
        if pos.outcome().is_some() {
            ui.label(format!("The game is over: {o}."));
            return;
        }
    }
    if pos.in_setup() {
        ui.label(egui::RichText::new("Trees are still being planted.").weak());
        return;
    }
    let Some(report) = analysis.report_for(key) else {
        ui.label(egui::RichText::new("Searching…").weak());
        return;
    };
    let mover = rules.side(pos.turn());
    let p = win_probability(pos.variant(), report.info.score);
    let p0 = if mover == Side::First { p } else { 1.0 - p };
    if ended.is_none() {
        eval_bar(ui, rules, p0);
    }
    let source = if report.info.solved {
        // Camette's table: exact values, whatever the depth searched.
        "solved".to_string()
    } else {
        format!(
            "depth {}{}",
            report.info.depth,
            if report.done { "" } else { "…" }
        )
    };
    ui.label(
        egui::RichText::new(format!("{source}   scores for {}", side_name(rules, mover))).weak(),
    );
    for (k, line) in report.info.lines.iter().take(LINES).enumerate() {
        let moves = pos.line_text(&line.pv[..line.pv.len().min(6)], Notation::Wcf);
        ui.label(
            egui::RichText::new(format!("{}. {:>6}  {moves}", k + 1, score_text(line.score)))
                .monospace(),
        );
    }
}

/// A bar split at the first side's win probability (it is light, on the left; the second
/// dark),
/// with each side's percentage under its end.
fn eval_bar(ui: &mut egui::Ui, rules: &Rules, p0: f64) {
    let width = ui.available_width().max(120.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 14.0), egui::Sense::hover());
    let split = rect.left() + rect.width() * p0.clamp(0.0, 1.0) as f32;
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(48, 40, 36));
    painter.rect_filled(
        egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y)),
        3.0,
        egui::Color32::from_rgb(236, 228, 208),
    );
    // The even mark.
    painter.vline(
        rect.center().x,
        rect.y_range(),
        egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 120, 60)),
    );
    let left = format!("{} {:.0}%", side_name(rules, Side::First), p0 * 100.0);
    let right = format!(
        "{:.0}% {}",
        (1.0 - p0) * 100.0,
        side_name(rules, Side::Second)
    );
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(&left).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(egui::RichText::new(&right).strong());
        });
    });
    response.on_hover_text(format!(
        "Win probability (a draw counts half): {left}, {right}. From the engine's score, \
         by a curve fitted to self-play games."
    ));
}
