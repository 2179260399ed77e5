//! A button whose action cannot be taken back (resigning) asks once: the first click
//! turns it into "Really resign?" with a "Cancel" beside it, and only a click on that
//! acts, as on the sites players know. Left alone, the question goes away after a few
//! seconds. What is asked is kept in egui's memory under the button's id, so the panels
//! that show one keep no state of their own for it.

use bevy_egui::egui;

/// How long the question stays.
const ASKING_FOR_SECONDS: f64 = 5.0;

/// `label` ("Resign") as a button that asks `question` ("Really resign?") before it
/// acts: `true` on the click that confirms.
pub fn confirmed_button(ui: &mut egui::Ui, enabled: bool, label: &str, question: &str) -> bool {
    let id = ui.id().with(("confirm", label));
    let now = ui.input(|i| i.time);
    let asked_at: Option<f64> = ui.data(|d| d.get_temp(id));
    let asking = asked_at.is_some_and(|t| now - t < ASKING_FOR_SECONDS) && enabled;
    if !asking {
        if asked_at.is_some() {
            ui.data_mut(|d| d.remove::<f64>(id));
        }
        if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
            ui.data_mut(|d| d.insert_temp(id, now));
            // The question must show, and go away in time, without the pointer moving.
            ui.ctx().request_repaint();
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(ASKING_FOR_SECONDS));
        }
        return false;
    }
    let yes = ui
        .add(egui::Button::new(egui::RichText::new(question).strong()))
        .clicked();
    if yes || ui.button("Cancel").clicked() {
        ui.data_mut(|d| d.remove::<f64>(id));
    }
    yes
}
