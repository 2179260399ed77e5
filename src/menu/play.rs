//! The Play screen: the six variants as cards, each with a picture of its board and a line
//! on how it differs, then who sits where, Start, a record to load, and the games played
//! here before.

use bevy_egui::egui;
use camelot_engine::{Player, Position, Variant, LEVELS, SERVER_LEVELS};

use super::board_picture;
use crate::game::session::{default_seats, parse_seats, Seat};
use crate::online::SeatChoice;
use crate::storage::data_dir::SavedGame;
use crate::table::settings::BoardTheme;
use crate::widgets::theme::{choice, quiet, seat_text, ChoiceCard, ChoicePicture};

/// A card's width, and its picture's size (the pictures are taken at 480x300).
const CARD_WIDTH: f32 = 250.0;
const PICTURE: egui::Vec2 = egui::vec2(226.0, 141.0);
/// Tall enough for the longest name on two lines and three lines under it.
const CARD_HEIGHT: f32 = 292.0;

/// What the Play screen's player chose.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayPick {
    Start,
    Load,
    Resume(SavedGame),
}

/// The variant and the seats chosen so far.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayChoice {
    pub variant: Variant,
    pub seats: Vec<SeatChoice>,
}

impl PlayChoice {
    pub fn new(variant: Variant) -> PlayChoice {
        PlayChoice {
            variant,
            seats: default_seats(variant)
                .into_iter()
                .map(SeatChoice::At)
                .collect(),
        }
    }

    /// `v` online: this table's player in the first seat, friends elsewhere in the rest.
    pub fn online(variant: Variant) -> PlayChoice {
        let players = variant.rules().players();
        PlayChoice {
            variant,
            seats: (0..players)
                .map(|i| SeatChoice::At(if i == 0 { Seat::Human } else { Seat::Remote }))
                .collect(),
        }
    }

    /// Chooses `v`, with its usual seats when it is another variant.
    pub fn choose(&mut self, v: Variant) {
        if self.variant != v {
            *self = PlayChoice::new(v);
        }
    }
}

/// The Play screen; `pictures` holds each variant's picture once loaded.
pub fn play_page(
    ui: &mut egui::Ui,
    choice_now: &mut PlayChoice,
    pictures: &[(Variant, egui::TextureId)],
    history: &[SavedGame],
    theme: BoardTheme,
) -> Option<PlayPick> {
    let mut pick = None;
    variant_cards(ui, choice_now, pictures, theme);
    ui.add_space(10.0);
    ui.heading("Who sits where");
    seat_choice(ui, choice_now, false);
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let start = egui::Button::new(
            egui::RichText::new(format!("Start {}", choice_now.variant.rules().name)).font(
                crate::widgets::theme::font(ui, crate::widgets::theme::CHOICE),
            ),
        )
        .min_size(egui::vec2(260.0, 44.0));
        if ui.add(start).clicked() {
            pick = Some(PlayPick::Start);
        }
        if ui.button("Load a record…").clicked() {
            pick = Some(PlayPick::Load);
        }
    });
    saved_games(ui, history, &mut pick);
    pick
}

/// The six variants as cards, three to a row.
pub fn variant_cards(
    ui: &mut egui::Ui,
    choice_now: &mut PlayChoice,
    pictures: &[(Variant, egui::TextureId)],
    theme: BoardTheme,
) {
    for row in Variant::ALL.chunks(3) {
        ui.horizontal_top(|ui| {
            for &v in row {
                let rules = v.rules();
                let picture = pictures.iter().find(|(p, _)| *p == v).map(|(_, id)| *id);
                // Painted only while the picture has not loaded.
                let paint = |painter: &egui::Painter, rect: egui::Rect| {
                    board_picture::paint(painter, rect, &Position::start(v), theme);
                };
                let shown = match picture {
                    Some(id) => ChoicePicture::Texture(id, PICTURE),
                    None => ChoicePicture::Painted(PICTURE, &paint),
                };
                let r = choice(
                    ui,
                    ChoiceCard {
                        title: rules.name,
                        line: rules.description,
                        picture: shown,
                        width: CARD_WIDTH,
                        vertical: true,
                        chosen: choice_now.variant == v,
                        min_height: CARD_HEIGHT,
                    },
                );
                if r.clicked() {
                    choice_now.choose(v);
                }
            }
        });
    }
}

/// Each seat's player: here, the computer at a level, and with `online` a friend
/// elsewhere or anyone on the server.
pub fn seat_choice(ui: &mut egui::Ui, choice_now: &mut PlayChoice, online: bool) {
    let rules = choice_now.variant.rules();
    for (i, seat) in choice_now.seats.iter_mut().enumerate() {
        if !online && seat.is_online() {
            *seat = SeatChoice::At(Seat::Human);
        }
        ui.horizontal(|ui| {
            // The list is named by its seat, for a screen reader.
            let name = ui.add_sized(
                [70.0, 22.0],
                egui::Label::new(seat_text(rules, Player(i as u8))),
            );
            let here = if online { "You, at this table" } else { "Human" };
            let shown = if *seat == SeatChoice::At(Seat::Human) {
                here.to_string()
            } else {
                seat.label()
            };
            let list = egui::ComboBox::from_id_salt(("seat", online, i))
                .selected_text(shown)
                .width(240.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(seat, SeatChoice::At(Seat::Human), here);
                    if online {
                        ui.selectable_value(
                            seat,
                            SeatChoice::At(Seat::Remote),
                            Seat::Remote.label(),
                        )
                        .on_hover_text("A friend on another machine, invited by a code");
                        ui.selectable_value(seat, SeatChoice::Anyone, SeatChoice::Anyone.label())
                            .on_hover_text(
                                "Anyone on the server: the seat is listed as open until someone takes it",
                            );
                        for l in SERVER_LEVELS {
                            let computer = SeatChoice::ServerComputer(l);
                            ui.selectable_value(seat, computer, computer.label())
                                .on_hover_text(format!(
                                    "The server plays the seat: {}. Nobody here needs to stay",
                                    l.description
                                ));
                        }
                    }
                    for l in LEVELS {
                        let computer = SeatChoice::At(Seat::Computer(l));
                        ui.selectable_value(seat, computer, computer.label())
                            .on_hover_text(l.description);
                    }
                });
            list.response.labelled_by(name.id);
        });
    }
    if rules.players() == 4 {
        ui.label(
            egui::RichText::new(
                "Red and Blue play against Green and Yellow; partners sit opposite.",
            )
            .color(quiet(ui)),
        );
    }
}

/// `Human · Computer (club)` for a `Seats` tag.
pub fn seats_text(variant: Option<Variant>, token: Option<&str>) -> String {
    match (variant, token) {
        (Some(v), Some(t)) => match parse_seats(t, v) {
            Ok(seats) => seats
                .iter()
                .map(Seat::label)
                .collect::<Vec<_>>()
                .join(" · "),
            Err(_) => t.to_string(),
        },
        _ => "seats not recorded".into(),
    }
}

/// The games played here, newest first.
fn saved_games(ui: &mut egui::Ui, history: &[SavedGame], pick: &mut Option<PlayPick>) {
    if history.is_empty() {
        return;
    }
    ui.add_space(8.0);
    egui::CollapsingHeader::new(format!("Games played here ({})", history.len()))
        .id_salt("history")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(200.0)
                .show(ui, |ui| {
                    egui::Grid::new("history").striped(true).show(ui, |ui| {
                        for g in history {
                            ui.label(&g.date);
                            ui.label(g.variant.map_or("?", |v| v.rules().name));
                            ui.label(seats_text(g.variant, g.seats.as_deref()));
                            ui.label(format!("{} moves", g.moves));
                            let result = if g.finished() {
                                g.result.as_str()
                            } else {
                                "unfinished"
                            };
                            ui.label(result);
                            let button = if g.finished() { "Open" } else { "Continue" };
                            if ui
                                .add_enabled(g.variant.is_some(), egui::Button::new(button))
                                .on_hover_text(g.path.display().to_string())
                                .clicked()
                            {
                                *pick = Some(PlayPick::Resume(g.clone()));
                            }
                            ui.end_row();
                        }
                    });
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::Level;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    struct Play {
        choice: PlayChoice,
        picked: Option<PlayPick>,
    }

    /// A variant is chosen by its card's name, its seats follow, a seat is given to the
    /// computer through its list, and Start starts it.
    #[test]
    fn a_variant_and_its_seats_are_chosen_by_name() {
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 900.0))
            .build_ui_state(
                |ui, p: &mut Play| {
                    if let Some(pick) = play_page(ui, &mut p.choice, &[], &[], BoardTheme::Walnut) {
                        p.picked = Some(pick);
                    }
                },
                Play {
                    choice: PlayChoice::new(Variant::Camelot),
                    picked: None,
                },
            );
        crate::menu::title::tests::themed(&mut h);
        for v in Variant::ALL {
            h.get_by_label(v.rules().name);
        }
        h.get_by_label("Grand Cam").click();
        h.run();
        assert_eq!(h.state().choice.variant, Variant::GrandCam);
        assert_eq!(h.state().choice.seats.len(), 4);
        h.get_by_label("Camette").click();
        h.run();
        assert_eq!(h.state().choice.variant, Variant::Camette);
        assert_eq!(h.state().choice.seats.len(), 2);
        // The second seat's list, then another level in it.
        let label = |l: Level| SeatChoice::At(Seat::Computer(l)).label();
        let beginner = Level::by_name("beginner").unwrap();
        h.get_by_label("Black").click();
        h.run();
        h.get_by_label(&label(beginner)).click();
        h.run();
        assert_eq!(
            h.state().choice.seats[1],
            SeatChoice::At(Seat::Computer(beginner))
        );
        // No seat can be set to play elsewhere from here.
        h.get_by_label("White").click();
        h.run();
        assert!(h.query_by_label(&Seat::Remote.label()).is_none());
        h.key_press(egui::Key::Escape);
        h.run();
        h.get_by_label("Start Camette").click();
        h.run();
        assert_eq!(h.state().picked, Some(PlayPick::Start));
    }
}
