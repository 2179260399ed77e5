//! Windows over the game: the game's end, and the rules of the variant. One function
//! per window.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};

use crate::game::actions::GameActions;
use crate::game::screens::Screen;
use crate::game::session::GameKey;

/// Which windows are open.
#[derive(Resource, Default)]
pub struct PanelWindows {
    pub rules: bool,
    /// The finished game whose window was closed.
    dismissed: Option<GameKey>,
}

#[derive(SystemParam)]
pub struct WindowParams<'w> {
    dialogs: ResMut<'w, PanelWindows>,
    actions: GameActions<'w>,
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
}

pub fn panel_windows(mut contexts: EguiContexts, mut p: WindowParams) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *p.screen.get() == Screen::Playing {
        game_over(ctx, &mut p);
    }
    rules(ctx, &mut p);
    Ok(())
}

fn game_over(ctx: &egui::Context, p: &mut WindowParams) {
    let key = p.actions.session.key();
    // A tournament's games end in the banner: the next game follows by itself.
    if p.dialogs.dismissed == Some(key) || p.actions.session.in_tournament {
        return;
    }
    let Some(result) = p.actions.session.result_text() else {
        return;
    };
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(result);
            ui.label(format!("{} moves played.", p.actions.session.game.ply()));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    p.next.set(Screen::Menu);
                    p.dialogs.dismissed = Some(key);
                }
                if ui.button("Undo the last move").clicked() {
                    p.actions.undo();
                }
                if ui.button("Look at the board").clicked() {
                    p.dialogs.dismissed = Some(key);
                }
            });
        });
}

fn rules(ctx: &egui::Context, p: &mut WindowParams) {
    let mut open = p.dialogs.rules;
    let rules = p.actions.session.position().rules();
    egui::Window::new(format!("Rules: {}", rules.name))
        .open(&mut open)
        .default_width(520.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.label(rules.help_text());
            ui.separator();
            ui.label(
                "Entering moves: click a piece, then its landing squares one at a time \
                 (green: plain move, blue: canter, red: jump, orange: the canter of a \
                 knight's charge, gold: castle move). A move completes itself when only \
                 one way remains; click the last landing again to stop a leap there; \
                 right-click or Backspace takes back a landing, Escape drops the piece. \
                 You may also drag a piece to where its move ends.\n\
                 Camera: right-drag to orbit, middle-drag (or Shift + right-drag) to pan, \
                 wheel to zoom; WASD orbit (with Shift they pan), +/- zoom, \
                 R resets, T looks from above, V turns to the player to move.\n\
                 Moves: click one in the list, or Left and Right, to see that position \
                 (Home: the start); End or \"Back to the game\" returns to play.\n\
                 Keyboard: M puts the cursor in \"Type a move\" (WCF E6-E8 or 1930 \
                 26-27; Enter plays it); Tab and Shift+Tab go through the panel's \
                 controls, Space or Enter presses the one with the focus.",
            );
        });
    p.dialogs.rules = open;
}
