//! The Online screen: the server and the player's name, then creating a game (its
//! variant, who sits where, friends' seats chosen here, its time) beside joining one
//! (with a code, an open seat, a live game to watch, my games).

use bevy_egui::egui;
use camelot_engine::Variant;

use super::play::{seat_choice, PlayChoice};
use crate::online::account::OnlineAccount;
use crate::online::challenge_view;
use crate::online::challenges::OnlineChallenges;
use crate::online::following::{self, OnlineFollowing};
use crate::online::lobby::Lobby;
use crate::online::settings::OnlineSettings;
use crate::online::tournament_view;
use crate::online::tournaments::OnlineTournaments;
use crate::online::view::{self as online_view, OnlinePick, TimeChoice};
use crate::storage::saving::Storage;

/// The club's parts of the Online screen: the challenges, the players followed and the
/// tournaments.
pub struct Club<'a> {
    pub challenges: &'a mut OnlineChallenges,
    pub following: &'a mut OnlineFollowing,
    pub tournaments: &'a mut OnlineTournaments,
}

pub fn online_page(
    ui: &mut egui::Ui,
    choice_now: &mut PlayChoice,
    time: &mut TimeChoice,
    lobby: &mut Lobby,
    account: &mut OnlineAccount,
    club: Club<'_>,
    settings: &mut OnlineSettings,
    storage: &Storage,
) -> Option<OnlinePick> {
    let (server, name) = online_view::server_and_name(ui, lobby, settings, storage);
    online_view::account_section(ui, account, server.as_ref(), storage);
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
        online_view::rated_choice(ui, lobby, account, server.as_ref());
        pick = online_view::create_section(
            ui,
            lobby,
            time,
            storage,
            server.as_ref(),
            choice_now.variant,
            &choice_now.seats,
        );
        ui.add_space(6.0);
        online_view::quick_game(
            ui,
            account,
            storage,
            server.as_ref(),
            choice_now.variant,
            time,
        );
        ui.add_space(6.0);
        challenge_view::challenges_section(
            ui,
            club.challenges,
            storage,
            choice_now.variant,
            time.control(),
        );
        let ui = &mut columns[1];
        ui.heading("Join a game");
        if let Some(p) = online_view::join_section(ui, lobby, storage, server.as_ref(), name) {
            pick = Some(p);
        }
        ui.add_space(6.0);
        let logged_in = account
            .logged_in
            .as_ref()
            .is_some_and(|m| Some(&m.server) == server.as_ref());
        tournament_view::tournaments_section(
            ui,
            club.tournaments,
            storage,
            server.as_ref(),
            logged_in,
        );
        ui.add_space(6.0);
        let watched =
            following::following_section(ui, club.following, storage, server.as_ref(), logged_in);
        if watched.is_some() {
            pick = watched;
        }
    });
    pick
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::view::TimeKind;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    struct Online {
        choice: PlayChoice,
        time: TimeChoice,
        lobby: Lobby,
        account: OnlineAccount,
        challenges: OnlineChallenges,
        following: OnlineFollowing,
        tournaments: OnlineTournaments,
        settings: OnlineSettings,
        storage: Storage,
    }

    /// Each column keeps to its half: in the menu's column (800 pixels wide in any
    /// window of 800 or more) nothing of "Create a game" reaches under "Join a game",
    /// for every variant and every kind of time. (At 1024x700 the time's line ran on
    /// under the joining column's list of my games.)
    #[test]
    fn creating_keeps_to_its_column_beside_joining() {
        for v in Variant::ALL {
            for kind in [TimeKind::Clock, TimeKind::Days, TimeKind::Untimed] {
                let mut h = Harness::builder()
                    .with_size(egui::vec2(800.0, 700.0))
                    .build_ui_state(
                        |ui, o: &mut Online| {
                            online_page(
                                ui,
                                &mut o.choice,
                                &mut o.time,
                                &mut o.lobby,
                                &mut o.account,
                                Club {
                                    challenges: &mut o.challenges,
                                    following: &mut o.following,
                                    tournaments: &mut o.tournaments,
                                },
                                &mut o.settings,
                                &o.storage,
                            );
                        },
                        Online {
                            choice: PlayChoice::online(v),
                            time: TimeChoice {
                                kind,
                                ..TimeChoice::default()
                            },
                            lobby: Lobby::default(),
                            account: OnlineAccount::default(),
                            challenges: OnlineChallenges::default(),
                            following: OnlineFollowing::default(),
                            tournaments: OnlineTournaments::default(),
                            settings: OnlineSettings::default(),
                            storage: Storage::new(None),
                        },
                    );
                crate::menu::title::tests::themed(&mut h);
                h.run();
                let joining = h.get_by_label("Join a game").rect().left();
                let create = h
                    .query_all_by(|n| n.label().is_some_and(|l| l.starts_with("Create the game")))
                    .map(|n| n.rect().right())
                    .collect::<Vec<_>>();
                assert!(!create.is_empty(), "{v}: no Create button");
                let mut widest = create.into_iter().fold(0.0, f32::max);
                for label in ["clock", "days a move", "none", "min +", "s a move", "days"] {
                    if let Some(n) = h.query_by_label(label) {
                        widest = widest.max(n.rect().right());
                    }
                }
                assert!(
                    widest < joining,
                    "{v}, {kind:?}: creating reaches {widest}, joining starts at {joining}"
                );
            }
        }
    }
}
