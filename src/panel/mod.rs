//! The in-game panel: the turn banner across the top (whose turn, the rule that applies
//! now), and beside the board the game's controls, the views, the watching controls,
//! the landing legend, the computer's thinking, captured pieces and the move list. One
//! function per section.

pub mod windows;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::search::ReviewedPly;
use camelot_engine::{DrawClaim, Game, Notation, PieceKind, Player, Position, TurnConstraint};

use crate::analysis::view as analysis_view;
use crate::analysis::Analysis;
use crate::game::actions::GameActions;
use crate::game::browse::{Browse, BrowseSection};
use crate::game::computer::{AiPlayer, ComputerSection, HintRequest, Purpose, Spectate};
use crate::game::screens::Screen;
use crate::game::session::{Seat, Session};
use crate::game::settings::PlaySettings;
use crate::input::move_entry::{EntrySection, MoveInput};
use crate::learning::view::LearnSection;
use crate::online::view::OnlineSection;
use crate::review::view as review_view;
use crate::review::view::ReviewSection;
use crate::settings::view::SettingsWindow;
use crate::storage::view::FileWindows;
use crate::table::camera::{CameraCommand, ViewInsets, ViewSection};
use crate::table::settings::TableSettings;
use crate::table::theme::MarkerKind;
use crate::watching::view::WatchSection;
use crate::widgets::confirm::confirmed_button;
use crate::widgets::move_box;
use crate::widgets::theme::seat_text;
use windows::PanelWindows;

/// The rule that constrains the player to move, in a sentence.
pub fn rule_now(pos: &Position, who: &str) -> Option<String> {
    let g = pos.geometry();
    let names = |set: camelot_engine::SquareSet| {
        set.iter().map(|s| g.name(s)).collect::<Vec<_>>().join(", ")
    };
    Some(match pos.constraint()? {
        TurnConstraint::PlantTree { left } => format!(
            "Tree planting: {who} plants a tree on an empty square of their side of the river ({left} trees still to plant)."
        ),
        TurnConstraint::Pass => format!("{who} has no legal move and passes."),
        TurnConstraint::LeaveCastle { pieces, capturing } => format!(
            "Forced castle exit: the piece on {} must leave {who}'s own castle this move{}.",
            names(pieces),
            if capturing { ", capturing" } else { "" }
        ),
        TurnConstraint::MustCapture { pieces } => format!(
            "Capture is compulsory: {who} must jump an enemy piece (from {}).",
            names(pieces)
        ),
    })
}

/// A button that changes the game; it acts after the panel is drawn.
enum PanelAction {
    Undo,
    Redo,
    Claim(DrawClaim),
    Resign,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelWindows>();
}

/// The panel: the game's actions and settings, and a section from each feature that
/// shows itself there.
#[derive(SystemParam)]
pub struct Panel<'w> {
    actions: GameActions<'w>,
    play: ResMut<'w, PlaySettings>,
    computer: ComputerSection<'w>,
    browse: BrowseSection<'w>,
    view: ViewSection<'w>,
    entry: EntrySection<'w>,
    menu: GameMenu<'w>,
    analysis: ResMut<'w, Analysis>,
    review: ReviewSection<'w>,
    learn: LearnSection<'w>,
    watch: WatchSection<'w>,
    online: OnlineSection<'w>,
}

/// What the panel's Game menu opens: the file windows, the settings, the rules, a new
/// game.
#[derive(SystemParam)]
struct GameMenu<'w> {
    windows: ResMut<'w, PanelWindows>,
    files: ResMut<'w, FileWindows>,
    settings: ResMut<'w, SettingsWindow>,
    next: ResMut<'w, NextState<Screen>>,
}

pub fn panel(mut contexts: EguiContexts, mut p: Panel) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::widgets::screen_ui(ctx, "viewport");
    let top = egui::Panel::top("turn")
        .frame(banner_frame(&p.actions.session))
        .show(&mut root, |ui| {
            banner(ui, &p.actions.session, &p.browse.browse)
        });
    let mut act = None;
    // The review's plies, copied out of their lock once a frame.
    let reviewed = p.review.plies(&p.actions.session);
    let right = egui::Panel::right("game")
        .default_size(330.0)
        .resizable(true)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .show(ui, |ui| sections(ui, &mut p, reviewed.as_deref(), &mut act));
        });
    match act {
        Some(PanelAction::Undo) => {
            p.actions.undo();
        }
        Some(PanelAction::Redo) => {
            p.actions.redo();
        }
        Some(PanelAction::Claim(c)) => p.actions.claim(c),
        Some(PanelAction::Resign) => p.actions.resign(),
        None => {}
    }
    // The review's graph, under the board (between the banner and the side panel).
    let bottom = reviewed.as_ref().map(|plies| {
        egui::Panel::bottom("review")
            .show(&mut root, |ui| {
                let shown = p.browse.browse.shown_ply(&p.actions.session);
                review_view::graph(ui, &p.actions.session, plies, shown, &mut p.browse.to);
            })
            .response
            .rect
            .height()
    });
    // egui measures in points; the 3D view's insets are logical pixels.
    let zoom = ctx.zoom_factor();
    let insets = ViewInsets {
        top: top.response.rect.height() * zoom,
        right: right.response.rect.width() * zoom,
        bottom: bottom.unwrap_or(0.0) * zoom,
    };
    if *p.view.insets != insets {
        *p.view.insets = insets;
    }
    Ok(())
}

/// The side panel's sections, top to bottom.
fn sections(
    ui: &mut egui::Ui,
    p: &mut Panel,
    reviewed: Option<&[ReviewedPly]>,
    act: &mut Option<PanelAction>,
) {
    ui.add_space(4.0);
    let session = &p.actions.session;
    p.learn.show(ui, session, p.play.notation);
    p.watch.show(ui, session);
    if p.online.is_online() {
        // Online, the server's game is the truth: no undo or redo, but offers to the
        // other side, and the seats' clocks and presence.
        p.online.show(ui, session);
    } else {
        game_buttons(ui, p, act);
    }
    p.online.show_challenges(ui);
    p.online.show_tournament(ui);
    typed_move(ui, p);
    table_buttons(ui, p, act);
    ui.separator();
    let (session, browse) = (&p.actions.session, &p.browse.browse);
    analysis_view::analysis(ui, &mut p.analysis, session, browse);
    p.review.show(ui, session, reviewed);
    if session.all_computers() {
        ui.separator();
        watching(
            ui,
            &mut p.computer.spectate,
            &mut p.play,
            &mut p.view.settings,
            session.game.is_over(),
        );
    }
    landings(ui, &p.entry.input, session);
    ui.separator();
    thinking(ui, &p.computer.ai, session);
    ui.separator();
    ui.label(egui::RichText::new("Captured").strong());
    captured(ui, &session.game, browse.shown(session));
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Moves").strong());
        // Assigned only on a click, so the settings are not marked changed every frame.
        for (n, label) in [(Notation::Wcf, "WCF"), (Notation::Classic, "1930 numbers")] {
            if ui.radio(p.play.notation == n, label).clicked() {
                p.play.notation = n;
            }
        }
    });
    analysis_view::browse_controls(ui, session, browse, &mut p.browse.to);
    let classes: Vec<_> = reviewed
        .map(|plies| plies.iter().map(|r| r.class).collect())
        .unwrap_or_default();
    analysis_view::move_list(
        ui,
        &session.game,
        p.play.notation,
        browse.shown_ply(session),
        &classes,
        &mut p.browse.to,
    );
}

/// The banner's background: the colour of the seat to move, dimmed.
fn banner_frame(session: &Session) -> egui::Frame {
    let rules = session.position().rules();
    let [r, g, b] = crate::table::theme::seat_text_color(rules.seat_colour(session.to_move()));
    let tint = |c: u8| (c as u16 * 22 / 100) as u8;
    egui::Frame::new()
        .fill(if session.game.is_over() {
            egui::Color32::from_rgb(24, 20, 18)
        } else {
            egui::Color32::from_rgb(tint(r), tint(g), tint(b))
        })
        .inner_margin(egui::Margin::symmetric(10, 6))
}

/// Whose turn (and partner), or the result; the rule that applies now. While an earlier
/// position is shown, says so first.
fn banner(ui: &mut egui::Ui, session: &Session, browse: &Browse) {
    if let Some(n) = browse.browsing(session) {
        ui.colored_label(
            egui::Color32::from_rgb(150, 200, 255),
            format!(
                "Looking back: the position after move {n} of {}. End (or \"Back to the game\") returns to play.",
                session.game.ply()
            ),
        );
    }
    let pos = browse.shown(session);
    let rules = pos.rules();
    let me = pos.turn();
    let live = browse.browsing(session).is_none();
    ui.horizontal(|ui| {
        if let Some(result) = session.result_text().filter(|_| live) {
            ui.heading(egui::RichText::new(result).strong());
        } else {
            ui.heading(seat_text(rules, me));
            let who_plays = match session.seats.get(me.0 as usize) {
                Some(Seat::Computer(l)) => format!("to move (computer, {})", l.name),
                _ => "to move".to_string(),
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
    if let Some(rule) = rule_now(pos, session.seat_label(me)) {
        ui.colored_label(egui::Color32::from_rgb(255, 200, 110), rule);
    }
}

/// A large button with an icon before its words.
fn big_button(ui: &mut egui::Ui, enabled: bool, icon: &str, words: &str) -> egui::Response {
    let text = egui::RichText::new(format!("{icon}  {words}")).size(17.0);
    ui.add_enabled(
        enabled,
        egui::Button::new(text).min_size(egui::vec2(96.0, 34.0)),
    )
}

/// What a person at this table needs now: undo, redo and a hint as large buttons, and a
/// draw to claim as a prompt when there is one.
fn game_buttons(ui: &mut egui::Ui, p: &mut Panel, act: &mut Option<PanelAction>) {
    let session = &p.actions.session;
    let over = session.game.is_over();
    let human = session.human_to_move();
    ui.horizontal_wrapped(|ui| {
        if big_button(ui, session.game.ply() > 0, "⟲", "Undo")
            .on_hover_text("Take back to your last move")
            .clicked()
        {
            *act = Some(PanelAction::Undo);
        }
        if big_button(ui, session.game.can_redo(), "⟳", "Redo").clicked() {
            *act = Some(PanelAction::Redo);
        }
        let can_hint =
            human && !p.computer.ai.is_thinking() && !session.position().in_setup() && !over;
        if big_button(ui, can_hint, "💡", "Hint")
            .on_hover_text("The computer's choice, marked on the board")
            .clicked()
        {
            p.computer.hint.write(HintRequest);
        }
    });
    let claims = if over || !human {
        Vec::new()
    } else {
        session.game.claimable()
    };
    if let Some(&c) = claims.first() {
        crate::widgets::theme::prompt_frame(ui).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("You may claim a draw.");
                if ui
                    .button(egui::RichText::new("Claim the draw").strong())
                    .clicked()
                {
                    *act = Some(PanelAction::Claim(c));
                }
            });
        });
    }
}

/// The move box, open while a person is to move in the live game.
fn typed_move(ui: &mut egui::Ui, p: &mut Panel) {
    let s = &p.actions.session;
    let closed = if s.game.is_over() {
        Some("The game is over.")
    } else if p.browse.browse.browsing(s).is_some() {
        Some("An earlier position is shown: press End to return to the game.")
    } else if !s.human_to_move() {
        Some("The computer is to move.")
    } else {
        None
    };
    let typed = &mut p.entry.typed;
    let mut text = typed.text.clone();
    let submitted = move_box::move_box(ui, &mut text, closed);
    // Written only on a change, so the resource is not marked changed every frame.
    if text != typed.text {
        typed.text = text;
    }
    if let Some(t) = submitted {
        typed.text = t;
        typed.submitted = true;
    }
}

/// The rest, tucked in a menu: a new game, save, load, the rules, the settings; resigning
/// beside it in a local game (online, the online section has its own); and the views as
/// small buttons.
fn table_buttons(ui: &mut egui::Ui, p: &mut Panel, act: &mut Option<PanelAction>) {
    ui.horizontal(|ui| {
        ui.menu_button("☰ Game", |ui| {
            if ui.button("New game…").clicked() {
                p.computer.ai.cancel();
                p.menu.next.set(Screen::Menu);
            }
            if ui.button("Save…").clicked() {
                p.menu.files.open_save();
            }
            if ui.button("Load…").clicked() {
                p.menu.files.open_load();
            }
            ui.separator();
            if ui.button("Rules").clicked() {
                p.menu.windows.rules = true;
            }
            if ui.button("Settings").clicked() {
                p.menu.settings.open = true;
            }
        });
        let session = &p.actions.session;
        if !p.online.is_online() {
            let can = !session.game.is_over() && session.human_to_move();
            if confirmed_button(ui, can, "Resign", "Really resign?") {
                *act = Some(PanelAction::Resign);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("View:");
        for (label, hover, cmd) in [
            ("Seated", "From your seat", CameraCommand::Reset),
            ("Above", "From above", CameraCommand::TopDown),
            (
                "Turn",
                "From the seat of the player to move",
                CameraCommand::PlayerView,
            ),
        ] {
            if ui.small_button(label).on_hover_text(hover).clicked() {
                p.view.camera.write(cmd);
            }
        }
    });
}

/// Pause, step, speed and delay while computers play each other.
fn watching(
    ui: &mut egui::Ui,
    spectate: &mut Spectate,
    play: &mut PlaySettings,
    table: &mut TableSettings,
    over: bool,
) {
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
    ui.add(egui::Slider::new(&mut table.animation_speed, 0.0..=4.0).text("speed"));
    ui.add(egui::Slider::new(&mut play.watch_pace, PlaySettings::AI_DELAYS).text("seconds a move"));
    ui.checkbox(&mut table.orbit_when_watching, "Orbit slowly");
}

/// What the marks on the offered landings mean, while a piece is selected.
fn landings(ui: &mut egui::Ui, input: &MoveInput, session: &Session) {
    // The square under the pointer, by name: the board's coordinates, said.
    if let Some(sq) = input.hovered {
        ui.label(format!(
            "Pointer on {}",
            session.position().geometry().name(sq)
        ));
    }
    if input.offers.is_empty() {
        return;
    }
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
            let [r, g, b] = crate::table::theme::marker_text_color(k);
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

/// The computer's latest search: depth, evaluation (for which seat), speed, best line.
fn thinking(ui: &mut egui::Ui, ai: &AiPlayer, session: &Session) {
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
    let pos = session.position();
    // The report may come from the previous game, with other seats.
    let searched_for = if ai.info_seat < pos.rules().players() {
        session.seat_label(Player(ai.info_seat as u8))
    } else {
        ""
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

/// Each seat's losses from the start to the position shown.
fn captured(ui: &mut egui::Ui, game: &Game, now: &Position) {
    let start = game.start();
    let rules = now.rules();
    for player in rules.players_in_order() {
        let count = |pos: &Position, kind: PieceKind| {
            pos.pieces_of(player)
                .iter()
                .filter(|&sq| pos.piece_at(sq).map(|pc| pc.kind) == Some(kind))
                .count()
        };
        let lost_k = count(start, PieceKind::Knight).saturating_sub(count(now, PieceKind::Knight));
        let lost_m = count(start, PieceKind::Man).saturating_sub(count(now, PieceKind::Man));
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
