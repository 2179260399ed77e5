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
/// A short window's cards: their pictures no smaller than this share of the size.
const SMALLEST_PICTURE: f32 = 0.55;
/// The space between the two rows of cards.
const ROW_GAP: f32 = 8.0;
/// What the Play screen puts below the cards besides the seats' rows: the heading, the
/// Start row and the spaces between, with a margin (178 px with two seats, measured by
/// the test below).
const BELOW_THE_CARDS: f32 = 110.0;
/// One seat's row in "Who sits where".
const SEAT_ROW: f32 = 40.0;

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
    // When the window is short, the cards shrink (smaller pictures, then no
    // description) so that the seats and the choice that starts the game are on the
    // screen without scrolling.
    let below = BELOW_THE_CARDS + SEAT_ROW * choice_now.seats.len().max(2) as f32;
    let room = ui.clip_rect().bottom() - ui.cursor().top() - below;
    let fit = CardFit::for_room(room);
    variant_cards(ui, choice_now, pictures, theme, fit);
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

/// How the cards fit a window's height: their pictures' share of the full size, and
/// whether the description fits under the name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardFit {
    pub picture: f32,
    pub described: bool,
}

impl CardFit {
    pub const FULL: CardFit = CardFit {
        picture: 1.0,
        described: true,
    };

    /// The largest cards whose two rows fit in `room` pixels.
    fn for_room(room: f32) -> CardFit {
        let rows = 2.0;
        let deficit = rows * CARD_HEIGHT + ROW_GAP - room;
        if deficit <= 0.0 {
            return CardFit::FULL;
        }
        let picture = 1.0 - deficit / (rows * PICTURE.y);
        if picture >= SMALLEST_PICTURE {
            return CardFit {
                picture,
                described: true,
            };
        }
        CardFit {
            picture: SMALLEST_PICTURE,
            described: false,
        }
    }
}

/// The six variants as cards, three to a row, as large as `fit` lets them be.
pub fn variant_cards(
    ui: &mut egui::Ui,
    choice_now: &mut PlayChoice,
    pictures: &[(Variant, egui::TextureId)],
    theme: BoardTheme,
    fit: CardFit,
) {
    let picture_size = PICTURE * fit.picture;
    let min_height = CARD_HEIGHT - PICTURE.y * (1.0 - fit.picture);
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
                    Some(id) => ChoicePicture::Texture(id, picture_size),
                    None => ChoicePicture::Painted(picture_size, &paint),
                };
                let r = choice(
                    ui,
                    ChoiceCard {
                        title: rules.name,
                        line: if fit.described { rules.description } else { "" },
                        picture: shown,
                        width: CARD_WIDTH,
                        vertical: true,
                        chosen: choice_now.variant == v,
                        min_height: if fit.described { min_height } else { 0.0 },
                    },
                )
                .on_hover_text(rules.description);
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

    /// The choice that starts the game is on the screen without scrolling at 1280x720
    /// and larger, for every variant (Grand Cam's four seats the tallest), in the
    /// menu's column with its heading above.
    #[test]
    fn start_is_on_screen_at_1280x720() {
        for (w, h) in [(1280.0, 720.0), (1280.0, 800.0), (1920.0, 1080.0)] {
            for v in Variant::ALL {
                let mut harness = Harness::builder()
                    .with_size(egui::vec2(w, h))
                    .build_ui_state(
                        |ui, p: &mut Play| {
                            // The menu's heading and back button take this much.
                            ui.add_space(64.0);
                            egui::ScrollArea::vertical().show(ui, |ui| {
                                if let Some(pick) =
                                    play_page(ui, &mut p.choice, &[], &[], BoardTheme::Walnut)
                                {
                                    p.picked = Some(pick);
                                }
                            });
                        },
                        Play {
                            choice: PlayChoice::new(v),
                            picked: None,
                        },
                    );
                crate::menu::title::tests::themed(&mut harness);
                harness.run();
                let label = format!("Start {}", v.rules().name);
                let bottom = harness.get_by_label(&label).rect().bottom();
                assert!(
                    bottom <= h,
                    "{w}x{h}, {v}: Start ends at {bottom}, below the fold"
                );
            }
        }
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
