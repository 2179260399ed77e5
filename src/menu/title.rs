//! The title screen: the game's name, and its large choices: Continue (the game in
//! progress, with a picture of it), Play, Online, Learn, Watch and Settings.

use bevy_egui::egui;

use super::board_picture;
use super::Page;
use crate::game::session::Session;
use crate::table::settings::BoardTheme;
use crate::widgets::theme::{choice, font, quiet, ChoiceCard, ChoicePicture, TITLE};

/// What the title screen's player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitlePick {
    Continue,
    Open(Page),
    Settings,
}

/// The width of the title screen's choices.
const WIDTH: f32 = 440.0;

/// The choices after Continue, with their lines.
const CHOICES: [(&str, &str, Option<Page>); 5] = [
    (
        "Play",
        "At this table: against the computer or a friend beside you",
        Some(Page::Play),
    ),
    (
        "Online",
        "With friends far away, or anyone on a server",
        Some(Page::Online),
    ),
    (
        "Learn",
        "Lessons on the moves and puzzles to solve",
        Some(Page::Learn),
    ),
    (
        "Watch",
        "A tournament of computer players",
        Some(Page::Watch),
    ),
    (
        "Settings",
        "The table, the sound, the pace and the size",
        None,
    ),
];

/// The title screen; `in_progress` is the game to continue, if any.
pub fn title_page(
    ui: &mut egui::Ui,
    in_progress: Option<(&Session, String)>,
    theme: BoardTheme,
) -> Option<TitlePick> {
    let mut pick = None;
    ui.vertical_centered(|ui| {
        ui.add_space((ui.available_height() * 0.06).min(48.0));
        ui.label(egui::RichText::new("Camelot").font(font(ui, TITLE)));
        ui.label(
            egui::RichText::new("The Camelot family of board games")
                .italics()
                .size(17.0)
                .color(quiet(ui)),
        );
        ui.add_space(22.0);
        if let Some((session, line)) = in_progress {
            let position = session.position();
            let paint = |painter: &egui::Painter, rect: egui::Rect| {
                board_picture::paint(painter, rect, position, theme);
            };
            let size = board_picture::fitted(position, egui::vec2(120.0, 120.0));
            let r = choice(
                ui,
                ChoiceCard {
                    title: "Continue",
                    line: &line,
                    picture: ChoicePicture::Painted(size, &paint),
                    width: WIDTH,
                    vertical: false,
                    chosen: false,
                    min_height: 0.0,
                },
            );
            if r.clicked() {
                pick = Some(TitlePick::Continue);
            }
            ui.add_space(4.0);
        }
        for (title, line, page) in CHOICES {
            let r = choice(
                ui,
                ChoiceCard {
                    title,
                    line,
                    picture: ChoicePicture::None,
                    width: WIDTH,
                    vertical: false,
                    chosen: false,
                    min_height: 0.0,
                },
            );
            if r.clicked() {
                pick = Some(page.map_or(TitlePick::Settings, TitlePick::Open));
            }
            ui.add_space(4.0);
        }
    });
    pick
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::session::{default_seats, Session};
    use camelot_engine::{Game, Variant};
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    struct Title {
        session: Option<Session>,
        picked: Vec<TitlePick>,
    }

    /// The theme's fonts and style, as the game sets them.
    pub fn themed<S>(h: &mut Harness<'_, S>) {
        use crate::widgets::theme::{fonts, style, UiColours};
        h.ctx.set_fonts(fonts());
        h.ctx
            .set_global_style(style(UiColours::of(BoardTheme::Walnut)));
        h.run();
    }

    fn harness(session: Option<Session>) -> Harness<'static, Title> {
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 800.0))
            .build_ui_state(
                |ui, t: &mut Title| {
                    let line = "Camelot, 3 moves".to_string();
                    let in_progress = t.session.as_ref().map(|s| (s, line));
                    if let Some(p) = title_page(ui, in_progress, BoardTheme::Walnut) {
                        t.picked.push(p);
                    }
                },
                Title {
                    session,
                    picked: Vec::new(),
                },
            );
        themed(&mut h);
        h
    }

    /// Each choice is a button a screen reader names, and a click or the keyboard
    /// picks it.
    #[test]
    fn every_choice_is_named_and_picks_its_screen() {
        let mut h = harness(None);
        assert!(
            h.query_by_label("Continue").is_none(),
            "nothing to continue"
        );
        for (name, want) in [
            ("Play", TitlePick::Open(Page::Play)),
            ("Online", TitlePick::Open(Page::Online)),
            ("Learn", TitlePick::Open(Page::Learn)),
            ("Watch", TitlePick::Open(Page::Watch)),
            ("Settings", TitlePick::Settings),
        ] {
            h.get_by_label(name).click();
            h.run();
            assert_eq!(h.state().picked.last(), Some(&want), "{name}");
        }
        // From the keyboard: the first choice takes the focus with Tab, Enter picks it.
        h.state_mut().picked.clear();
        h.key_press(egui::Key::Tab);
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert_eq!(h.state().picked, vec![TitlePick::Open(Page::Play)]);
    }

    #[test]
    fn a_game_in_progress_is_offered_first() {
        let mut game = Game::new(Variant::Camelot);
        for m in ["F7-F8", "G10-G9"] {
            game.play_notation(m).unwrap();
        }
        let session = Session::new(game, default_seats(Variant::Camelot));
        let mut h = harness(Some(session));
        h.get_by_label("Continue").click();
        h.run();
        assert_eq!(h.state().picked, vec![TitlePick::Continue]);
    }
}
