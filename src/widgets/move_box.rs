//! The move box: a move typed in WCF (`E6-E8`, `F7xF9`) or 1930 numbered notation
//! (`110C84`), played with Enter. M puts the cursor in it from anywhere on the table.
//! The engine reads the text; a move it refuses is explained, and the text stays for
//! mending.

use bevy_egui::egui;

/// The box's label: the screen reader's name for it, and what tests find it by.
pub const LABEL: &str = "Type a move";

/// Draws the box. `closed` says why no move can be typed now (not a person's turn, an
/// earlier position shown); returns the text to play when Enter is pressed.
pub fn move_box(ui: &mut egui::Ui, text: &mut String, closed: Option<&str>) -> Option<String> {
    let mut typed = None;
    ui.horizontal(|ui| {
        let label = ui.label(LABEL);
        let edit = egui::TextEdit::singleline(text)
            .hint_text("E6-E8 or 110C84, then Enter")
            .desired_width(150.0);
        let response = ui.add_enabled(closed.is_none(), edit).labelled_by(label.id);
        let response = match closed {
            Some(why) => response.on_disabled_hover_text(why),
            None => response.on_hover_text("M puts the cursor here"),
        };
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if entered && !text.trim().is_empty() {
            typed = Some(text.trim().to_string());
        }
        // M, when no other control has the keyboard, reaches the box.
        let wants_focus = closed.is_none()
            && !response.has_focus()
            && !ui.ctx().egui_wants_keyboard_input()
            && ui.input(|i| i.key_pressed(egui::Key::M));
        if wants_focus {
            response.request_focus();
        }
        if ui
            .add_enabled(
                closed.is_none() && !text.trim().is_empty(),
                egui::Button::new("Play"),
            )
            .clicked()
        {
            typed = Some(text.trim().to_string());
        }
    });
    typed
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    struct Box {
        text: String,
        closed: Option<&'static str>,
        typed: Vec<String>,
    }

    fn harness(closed: Option<&'static str>) -> Harness<'static, Box> {
        Harness::new_ui_state(
            |ui, b: &mut Box| {
                if let Some(t) = move_box(ui, &mut b.text, b.closed) {
                    b.typed.push(t);
                }
            },
            Box {
                text: String::new(),
                closed,
                typed: Vec::new(),
            },
        )
    }

    #[test]
    fn a_typed_move_is_played_with_enter_or_the_button() {
        let mut h = harness(None);
        h.get_by_label(LABEL).focus();
        h.run();
        h.get_by_label(LABEL).type_text(" E6-E8 ");
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert_eq!(h.state().typed, ["E6-E8"]);
        h.get_by_label("Play").click();
        h.run();
        assert_eq!(h.state().typed, ["E6-E8", "E6-E8"]);
    }

    #[test]
    fn m_reaches_the_box_and_a_closed_box_takes_nothing() {
        let mut h = harness(None);
        assert!(!h.get_by_label(LABEL).is_focused());
        h.key_press(egui::Key::M);
        h.run();
        assert!(h.get_by_label(LABEL).is_focused());

        let mut h = harness(Some("The computer is to move."));
        h.key_press(egui::Key::M);
        h.run();
        assert!(!h.get_by_label(LABEL).is_focused());
        h.get_by_label("Play").click();
        h.run();
        assert!(h.state().typed.is_empty());
    }
}
