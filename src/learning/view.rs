//! Lessons and puzzles in the interface: the menu's "Learn" lists, and the panel's
//! section with the exercise's text, how it stands, the answer and the next one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use camelot_engine::{Notation, Variant};

use crate::game::session::Session;
use crate::learning::{ExerciseRef, Exercises, Progress, StartExercise};

/// The menu's lists: lessons by variant, puzzles by variant; a click starts one.
pub fn menu_lists(ui: &mut egui::Ui, exercises: &Exercises, pick: &mut Option<ExerciseRef>) {
    ui.heading("Learn");
    egui::CollapsingHeader::new(format!("Lessons ({})", exercises.lessons.len()))
        .id_salt("lessons")
        .show(ui, |ui| {
            for (i, l) in exercises.lessons.iter().enumerate() {
                let label = format!("{}. {}", i + 1, l.title);
                if ui.link(label).clicked() {
                    *pick = Some(ExerciseRef::Lesson(i));
                }
            }
        });
    egui::CollapsingHeader::new(format!("Puzzles ({})", exercises.puzzles.len()))
        .id_salt("puzzles")
        .show(ui, |ui| {
            for v in Variant::ALL {
                let of_variant: Vec<(usize, &camelot_lessons::Puzzle)> = exercises
                    .puzzles
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.position.variant() == v)
                    .collect();
                if of_variant.is_empty() {
                    continue;
                }
                ui.label(egui::RichText::new(v.rules().name).strong());
                ui.horizontal_wrapped(|ui| {
                    for (i, p) in of_variant {
                        if ui
                            .button(format!("{}", i + 1))
                            .on_hover_text(p.theme.task())
                            .clicked()
                        {
                            *pick = Some(ExerciseRef::Puzzle(i));
                        }
                    }
                });
            }
        });
}

/// What the panel's section asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnAction {
    Start(ExerciseRef),
    Reveal,
}

/// The panel's section while a lesson or puzzle is at the table.
pub fn panel_section(
    ui: &mut egui::Ui,
    exercises: &Exercises,
    session: &Session,
    notation: Notation,
) -> Option<LearnAction> {
    let active = exercises.active(session)?.clone();
    let mut act = None;
    let which = active.which;
    ui.label(
        egui::RichText::new(exercises.title(which))
            .strong()
            .size(15.0),
    );
    for paragraph in exercises.task(which).split("\n\n") {
        ui.label(paragraph);
    }
    let (text, colour) = match active.progress {
        Progress::Solved => ("Done.".to_string(), egui::Color32::from_rgb(120, 220, 120)),
        Progress::Shown => (
            format!(
                "The answer: {}",
                exercises.answer_text(which, notation).unwrap_or_default()
            ),
            egui::Color32::from_rgb(240, 200, 110),
        ),
        Progress::Trying if active.misses > 0 => (
            format!("Not yet ({} tried).", active.misses),
            egui::Color32::from_rgb(240, 160, 110),
        ),
        Progress::Trying => ("Your move.".into(), ui.visuals().text_color()),
    };
    ui.colored_label(colour, text);
    ui.horizontal(|ui| {
        if ui
            .button("Start again")
            .on_hover_text("Set the exercise's position up again")
            .clicked()
        {
            act = Some(LearnAction::Start(which));
        }
        let puzzle = matches!(which, ExerciseRef::Puzzle(_));
        if puzzle && active.progress == Progress::Trying && ui.button("Show the answer").clicked() {
            act = Some(LearnAction::Reveal);
        }
        if let Some(next) = exercises.next(which) {
            let label = if puzzle { "Next puzzle" } else { "Next lesson" };
            if ui.button(label).clicked() {
                act = Some(LearnAction::Start(next));
            }
        }
    });
    ui.separator();
    act
}

/// Does what the section asked.
pub fn apply(
    act: LearnAction,
    exercises: &mut Exercises,
    start: &mut MessageWriter<StartExercise>,
) {
    match act {
        LearnAction::Start(which) => {
            start.write(StartExercise(which));
        }
        LearnAction::Reveal => exercises.reveal(),
    }
}

/// The panel's section for a lesson or puzzle at the table: what it needs.
#[derive(SystemParam)]
pub struct LearnSection<'w> {
    exercises: ResMut<'w, Exercises>,
    start: MessageWriter<'w, StartExercise>,
}

impl LearnSection<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, notation: Notation) {
        if let Some(a) = panel_section(ui, &self.exercises, session, notation) {
            apply(a, &mut self.exercises, &mut self.start);
        }
    }
}

/// The menu's Learn page: the lessons and puzzles, one started when picked.
#[derive(SystemParam)]
pub struct LearnMenu<'w> {
    exercises: Res<'w, Exercises>,
    start: MessageWriter<'w, StartExercise>,
}

impl LearnMenu<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let mut exercise = None;
        menu_lists(ui, &self.exercises, &mut exercise);
        if let Some(e) = exercise {
            self.start.write(StartExercise(e));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    /// The panel's section as the player sees it, with what it last asked for.
    struct Table {
        exercises: Exercises,
        session: Session,
        asked: Option<LearnAction>,
    }

    fn harness(which: ExerciseRef) -> Harness<'static, Table> {
        let mut exercises = Exercises::default();
        let session = exercises.begin(which).unwrap();
        let table = Table {
            exercises,
            session,
            asked: None,
        };
        Harness::new_ui_state(
            |ui, t: &mut Table| {
                if let Some(a) = panel_section(ui, &t.exercises, &t.session, Notation::Wcf) {
                    t.asked = Some(a);
                }
            },
            table,
        )
    }

    #[test]
    fn a_lesson_shows_its_title_and_text_and_offers_the_next() {
        let mut h = harness(ExerciseRef::Lesson(0));
        let title = {
            let e = &h.state().exercises;
            format!("Lesson 1 of {}: {}", e.lessons.len(), e.lessons[0].title)
        };
        h.get_by_label(&title);
        h.get_by_label("Your move.");
        // Lessons have no answer to show: several moves may do.
        assert!(h.query_by_label("Show the answer").is_none());
        h.get_by_label("Next lesson").click();
        h.run();
        assert_eq!(
            h.state().asked,
            Some(LearnAction::Start(ExerciseRef::Lesson(1)))
        );
        h.get_by_label("Start again").click();
        h.run();
        assert_eq!(
            h.state().asked,
            Some(LearnAction::Start(ExerciseRef::Lesson(0)))
        );
    }

    /// No mouse: Tab walks the section's buttons in order and Enter presses the one
    /// with the focus.
    #[test]
    fn the_buttons_are_reached_and_pressed_from_the_keyboard() {
        let mut h = harness(ExerciseRef::Puzzle(0));
        let order = ["Start again", "Show the answer", "Next puzzle"];
        for (i, label) in order.iter().enumerate() {
            h.key_press(egui::Key::Tab);
            h.run();
            for (j, other) in order.iter().enumerate() {
                assert_eq!(
                    h.get_by_label(other).is_focused(),
                    i == j,
                    "{label}: {other}"
                );
            }
        }
        h.key_press(egui::Key::Enter);
        h.run();
        assert_eq!(
            h.state().asked,
            Some(LearnAction::Start(ExerciseRef::Puzzle(1)))
        );
        // Shift+Tab goes back.
        h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
        h.run();
        assert!(h.get_by_label("Show the answer").is_focused());
    }

    #[test]
    fn a_puzzle_shows_its_answer_when_asked() {
        let mut h = harness(ExerciseRef::Puzzle(0));
        h.get_by_label_contains("to play. Find");
        h.get_by_label("Show the answer").click();
        h.run();
        assert_eq!(h.state().asked, Some(LearnAction::Reveal));
        let t = h.state_mut();
        t.exercises.reveal();
        let answer = t
            .exercises
            .answer_text(ExerciseRef::Puzzle(0), Notation::Wcf)
            .unwrap();
        h.run();
        h.get_by_label(&format!("The answer: {answer}"));
        assert!(h.query_by_label("Show the answer").is_none());
    }

    #[test]
    fn the_last_lesson_has_no_next_and_another_game_hides_the_section() {
        let last = Exercises::default().lessons.len() - 1;
        let mut h = harness(ExerciseRef::Lesson(last));
        assert!(h.query_by_label("Next lesson").is_none());
        h.state_mut().session = Session::fresh(camelot_engine::Variant::Camelot);
        h.run();
        assert!(h.query_by_label("Start again").is_none());
    }
}
