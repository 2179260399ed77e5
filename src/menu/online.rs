//! The Online screen: the server and the player's name, then creating a game (its
//! variant, who sits where, friends' seats chosen here, its time) beside joining one
//! (with a code, an open seat, a live game to watch, my games).

use bevy_egui::egui;
use camelot_engine::Variant;

use super::play::{seat_choice, PlayChoice};
use crate::online::lobby::Lobby;
use crate::online::settings::OnlineSettings;
use crate::online::view::{self as online_view, OnlinePick, TimeChoice};
use crate::storage::saving::Storage;

pub fn online_page(
    ui: &mut egui::Ui,
    choice_now: &mut PlayChoice,
    time: &mut TimeChoice,
    lobby: &mut Lobby,
    settings: &mut OnlineSettings,
    storage: &Storage,
) -> Option<OnlinePick> {
    let (server, name) = online_view::server_and_name(ui, lobby, settings, storage);
    ui.add_space(8.0);
    let mut pick = None;
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        ui.heading("Create a game");
        egui::ComboBox::from_id_salt("online variant")
            .selected_text(choice_now.variant.rules().name)
            .width(240.0)
            .show_ui(ui, |ui| {
                for v in Variant::ALL {
                    let clicked = ui
                        .selectable_label(choice_now.variant == v, v.rules().name)
                        .on_hover_text(v.rules().description)
                        .clicked();
                    if clicked && choice_now.variant != v {
                        *choice_now = PlayChoice::online(v);
                    }
                }
            });
        seat_choice(ui, choice_now, true);
        pick = online_view::create_section(
            ui,
            lobby,
            time,
            storage,
            server.as_ref(),
            choice_now.variant,
            &choice_now.seats,
        );
        let ui = &mut columns[1];
        ui.heading("Join a game");
        if let Some(p) = online_view::join_section(ui, lobby, storage, server.as_ref(), name) {
            pick = Some(p);
        }
    });
    pick
}
