//! The in-game panel: whose turn, the rule that applies now, the game's controls, the
//! computer's thinking, captured pieces and the move list.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Claim, Constraint, Kind, Notation, Player, Position};

use super::dialogs::Dialogs;
use super::seat_text;
use crate::ai_player::{AiPlayer, HintRequest, Purpose, Spectate};
use crate::camera::{CameraCommand, ViewInsets};
use crate::cli::Seat;
use crate::input::MoveInput;
use crate::screens::Screen;
use crate::session::GameActions;
use crate::settings::{NotationChoice, Settings};
use crate::theme::MarkerKind;

/// The rule that constrains the player to move, in a sentence.
pub fn rule_now(pos: &Position, who: &str) -> Option<String> {
    let g = pos.geometry();
    let names =
        |set: camelot_engine::CellSet| set.iter().map(|s| g.name(s)).collect::<Vec<_>>().join(", ");
    Some(match pos.constraint()? {
        Constraint::PlantTree { left } => format!(
            "Tree planting: {who} plants a tree on an empty square of their side of the river ({left} trees still to plant)."
        ),
        Constraint::Pass => format!("{who} has no legal move and passes."),
        Constraint::LeaveCastle { pieces, capturing } => format!(
            "Forced castle exit: the piece on {} must leave {who}'s own castle this move{}.",
            names(pieces),
            if capturing { ", capturing" } else { "" }
        ),
        Constraint::MustCapture { pieces } => format!(
            "Capture is compulsory: {who} must jump an enemy piece (from {}).",
            names(pieces)
        ),
    })
}

enum PanelAction {
    Undo,
    Redo,
    Claim(Claim),
    Resign,
}

pub(super) fn panel(
    mut contexts: EguiContexts,
    mut actions: GameActions,
    mut settings: ResMut<Settings>,
    mut ai: ResMut<AiPlayer>,
    mut spectate: ResMut<Spectate>,
    mut dialogs: ResMut<Dialogs>,
    input: Res<MoveInput>,
    mut hint: MessageWriter<HintRequest>,
    mut camera: MessageWriter<CameraCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: ResMut<super::MenuState>,
    mut view: ResMut<ViewInsets>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // Buttons that change the game act after the panel is drawn from it.
    let mut act: Option<PanelAction> = None;
    let session: &crate::session::Session = &actions.session;
    let pos = session.position();
    let rules = pos.rules();
    let me = pos.turn();
    let who = session.seat_label(me);
    let over = session.game.is_over();

    // The turn banner across the top, in the colour of the seat to move.
    let [r, g, b] = crate::theme::seat_text_color(rules.seat_name(me));
    let tint = |c: u8| (c as u16 * 22 / 100) as u8;
    let banner = egui::Frame::new()
        .fill(if over {
            egui::Color32::from_rgb(24, 20, 18)
        } else {
            egui::Color32::from_rgb(tint(r), tint(g), tint(b))
        })
        .inner_margin(egui::Margin::symmetric(10, 6));
    let top = egui::Panel::top("turn")
        .frame(banner)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                if let Some(result) = session.result_text() {
                    ui.heading(egui::RichText::new(result).strong());
                } else {
                    ui.heading(seat_text(rules, me));
                    let who_plays = match session.seat_to_move() {
                        Seat::Human => "to move".to_string(),
                        Seat::Computer(l) => format!("to move (computer, {})", l.name),
                    };
                    ui.heading(who_plays);
                    if let Some(partner) = rules.partner(me) {
                        ui.label(egui::RichText::new("partner:").weak());
                        ui.label(seat_text(rules, partner));
                    }
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(egui::RichText::new(rules.name).weak());
                });
            });
            if let Some(rule) = rule_now(pos, &who) {
                ui.colored_label(egui::Color32::from_rgb(255, 200, 110), rule);
            }
        });

    let right = egui::Panel::right("game")
        .default_size(330.0)
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(4.0);
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button("Undo")
                        .on_hover_text("Take back to your last move")
                        .clicked()
                    {
                        act = Some(PanelAction::Undo);
                    }
                    if ui
                        .add_enabled(session.game.can_redo(), egui::Button::new("Redo"))
                        .clicked()
                    {
                        act = Some(PanelAction::Redo);
                    }
                    let can_hint = session.human_to_move() && !ai.is_thinking() && !pos.in_setup();
                    if ui
                        .add_enabled(can_hint, egui::Button::new("Hint"))
                        .clicked()
                    {
                        hint.write(HintRequest);
                    }
                    let claims = if over {
                        Vec::new()
                    } else {
                        session.game.claimable()
                    };
                    let claim_btn = ui.add_enabled(
                        !claims.is_empty() && session.human_to_move(),
                        egui::Button::new("Claim draw"),
                    );
                    if claim_btn.clicked() {
                        if let Some(&c) = claims.first() {
                            act = Some(PanelAction::Claim(c));
                        }
                    }
                    if ui
                        .add_enabled(
                            !over && session.human_to_move(),
                            egui::Button::new("Resign"),
                        )
                        .clicked()
                    {
                        act = Some(PanelAction::Resign);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.button("New game").clicked() {
                        ai.cancel();
                        menu.refresh();
                        next.set(Screen::Menu);
                    }
                    if ui.button("Save").clicked() {
                        dialogs.open_save();
                    }
                    if ui.button("Load").clicked() {
                        dialogs.open_load();
                    }
                    if ui.button("Rules").clicked() {
                        dialogs.rules = true;
                    }
                    if ui.button("Settings").clicked() {
                        dialogs.settings = true;
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    ui.label("View:");
                    if ui.small_button("Seated").clicked() {
                        camera.write(CameraCommand::Reset);
                    }
                    if ui.small_button("Top").clicked() {
                        camera.write(CameraCommand::TopDown);
                    }
                    if ui.small_button("Player to move").clicked() {
                        camera.write(CameraCommand::PlayerView);
                    }
                });

                if session.all_computers() {
                    ui.separator();
                    ui.label(egui::RichText::new("Watching").strong());
                    ui.horizontal(|ui| {
                        let label = if spectate.paused { "Resume" } else { "Pause" };
                        if ui.button(label).clicked() {
                            spectate.paused = !spectate.paused;
                        }
                        if ui
                            .add_enabled(spectate.paused && !over, egui::Button::new("Step"))
                            .clicked()
                        {
                            spectate.step = true;
                        }
                    });
                    ui.add(
                        egui::Slider::new(&mut settings.animation_speed, 0.0..=4.0).text("speed"),
                    );
                    ui.add(
                        egui::Slider::new(&mut settings.ai_delay, 0.0..=5.0)
                            .text("s between moves"),
                    );
                    ui.checkbox(&mut settings.orbit_when_watching, "Orbit slowly");
                }

                if !input.offers.is_empty() {
                    ui.separator();
                    let mut kinds: Vec<MarkerKind> = Vec::new();
                    for (_, k) in &input.offers {
                        if !kinds.contains(k) {
                            kinds.push(*k);
                        }
                    }
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Landings:");
                        for k in kinds {
                            let [r, g, b] = k.text_color();
                            ui.colored_label(egui::Color32::from_rgb(r, g, b), k.label());
                        }
                    });
                    if input.clicks.len() > 1 {
                        let stop = if input.entry.complete.is_some() {
                            "Click the piece again to stop here; "
                        } else {
                            ""
                        };
                        ui.label(
                            egui::RichText::new(format!(
                                "{stop}right-click or Backspace takes back a landing."
                            ))
                            .weak(),
                        );
                    }
                }

                ui.separator();
                // The report may come from the previous game, with other seats.
                let searched_for = if ai.info_seat < rules.players() {
                    session.seat_label(Player(ai.info_seat as u8))
                } else {
                    String::new()
                };
                thinking(ui, &ai, pos, &searched_for);

                ui.separator();
                ui.label(egui::RichText::new("Captured").strong());
                captured(ui, &session.game);

                ui.separator();
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new("Moves").strong());
                    ui.radio_value(&mut settings.notation, NotationChoice::Wcf, "WCF");
                    ui.radio_value(
                        &mut settings.notation,
                        NotationChoice::Classic,
                        "1930 numbers",
                    );
                });
                move_list(ui, &session.game, settings.notation_style());
            });
        });
    match act {
        Some(PanelAction::Undo) => {
            actions.undo();
        }
        Some(PanelAction::Redo) => {
            actions.redo();
        }
        Some(PanelAction::Claim(c)) => actions.claim(c),
        Some(PanelAction::Resign) => actions.resign(),
        None => {}
    }
    let insets = ViewInsets {
        top: top.response.rect.height(),
        right: right.response.rect.width(),
    };
    if *view != insets {
        *view = insets;
    }
    Ok(())
}

fn thinking(ui: &mut egui::Ui, ai: &AiPlayer, pos: &Position, searched_for: &str) {
    let label = match ai.thinking_for() {
        Some(Purpose::Play) => "The computer is thinking…",
        Some(Purpose::Hint) => "Looking for a hint…",
        Some(Purpose::Bench) => "Searching (benchmark)…",
        None => "Computer",
    };
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(label).strong());
        if ai.is_thinking() {
            ui.spinner();
        }
    });
    let info = ai.info.lock().ok().and_then(|i| i.clone());
    let Some(info) = info else {
        ui.label(egui::RichText::new("No search yet.").weak());
        return;
    };
    ui.label(format!(
        "depth {}   eval {} for {searched_for}   {} k nodes   {} k nodes/s",
        info.depth,
        info.score,
        info.nodes / 1000,
        info.nps() / 1000
    ));
    // The line is shown from the position it was searched in, if that is still this one.
    let line = pos.line_text(&info.pv[..info.pv.len().min(8)], Notation::Wcf);
    if !line.is_empty() {
        ui.label(egui::RichText::new(format!("best line: {line}")).monospace());
    }
}

fn captured(ui: &mut egui::Ui, game: &camelot_engine::Game) {
    let start = game.start();
    let now = game.position();
    let rules = now.rules();
    for p in 0..rules.players() {
        let player = Player(p as u8);
        let count = |pos: &Position, kind: Kind| {
            pos.pieces_of(player)
                .iter()
                .filter(|&sq| pos.piece_at(sq).map(|pc| pc.kind) == Some(kind))
                .count()
        };
        let lost_k = count(start, Kind::Knight).saturating_sub(count(now, Kind::Knight));
        let lost_m = count(start, Kind::Man).saturating_sub(count(now, Kind::Man));
        ui.horizontal(|ui| {
            ui.add_sized([60.0, 18.0], egui::Label::new(seat_text(rules, player)));
            ui.label(format!(
                "lost {lost_k} knight{}, {lost_m} m{}   ({} left)",
                if lost_k == 1 { "" } else { "s" },
                if lost_m == 1 { "an" } else { "en" },
                now.count(player)
            ));
        });
    }
}

fn move_list(ui: &mut egui::Ui, game: &camelot_engine::Game, style: Notation) {
    let texts = game.move_texts(style);
    let players = game.position().rules().players();
    // Numbering follows the start position's first mover (a seat, not always White).
    let first = game.start().turn().0 as usize;
    let mut rows: Vec<String> = Vec::new();
    let mut seat = first;
    let mut row = String::new();
    let mut number = 1;
    if first != 0 {
        row = format!("{number}. …");
    }
    for t in texts {
        if seat == 0 {
            if !row.is_empty() {
                rows.push(std::mem::take(&mut row));
                number += 1;
            }
            row = format!("{number}.");
        }
        row.push(' ');
        row.push_str(&t);
        seat = (seat + 1) % players;
    }
    if !row.is_empty() {
        rows.push(row);
    }
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(260.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if rows.is_empty() {
                ui.label(egui::RichText::new("No moves yet.").weak());
            }
            for r in rows {
                ui.label(egui::RichText::new(r).monospace());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::rule_now;
    use camelot_engine::{Position, Variant};

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn the_rule_that_applies_now_is_named() {
        assert_eq!(rule_now(&Position::start(Variant::Camelot), "White"), None);
        let r = rule_now(&Position::start(Variant::River), "White").unwrap();
        assert!(
            r.starts_with("Tree planting") && r.contains("6 trees"),
            "{r}"
        );
        let capture = pos("variant=camelot turn=white white=ME5,MA4 black=ME6,ML10");
        assert_eq!(
            rule_now(&capture, "White").unwrap(),
            "Capture is compulsory: White must jump an enemy piece (from E5)."
        );
        let exit = pos("variant=camelot turn=white white=MF1,MA4 black=MB5,MJ13 must_leave=F1");
        assert_eq!(
            rule_now(&exit, "White").unwrap(),
            "Forced castle exit: the piece on F1 must leave White's own castle this move."
        );
        let exit_capturing =
            pos("variant=camelot turn=white white=MF1,MA4 black=MF2,MB5,MJ13 must_leave=F1");
        assert!(rule_now(&exit_capturing, "White")
            .unwrap()
            .ends_with("this move, capturing."));
    }
}
