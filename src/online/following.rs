//! The players one follows, on the Online screen: each with whether they are online and
//! their games going on, to watch at the table with one click; follow a player by name,
//! unfollow one. The server keeps the list (`GET /following`); this only shows it.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use bevy_egui::egui;
use camelot_online::protocol::accounts::{AccountName, Done, Relation};
use camelot_online::protocol::relations::{Following, LookAtFollowing, SetRelation};
use camelot_online::{ask_as, blocking, OnlineError, ServerAddress};

use super::account::saved_token;
use super::background::Background;
use super::view::OnlinePick;
use super::wake::waker;
use super::{JoinOnline, JoinOrigin};
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineFollowing>()
        .add_systems(Startup, wake_the_window)
        .add_systems(Update, hear);
}

fn wake_the_window(
    mut following: ResMut<OnlineFollowing>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    following.requests.wake = waker(proxy.as_deref());
}

/// How long the list shown is kept before it is asked again.
const LIST_KEPT: Duration = Duration::from_secs(10);

enum Answer {
    Listed(ServerAddress, Result<Following, OnlineError>),
    Set(String, Result<Done, OnlineError>),
}

/// The players the account logged in follows, as last listed.
#[derive(Resource, Default)]
pub struct OnlineFollowing {
    requests: Background<Answer>,
    /// The latest list, its server and when it came.
    pub list: Option<(ServerAddress, Following, Instant)>,
    /// The name typed in to follow.
    pub name: String,
    pub status: Option<String>,
    pub busy: bool,
}

impl OnlineFollowing {
    /// Asks `server` for the players followed, unless the list shown is recent.
    pub fn refresh(&mut self, storage: &Storage, server: &ServerAddress) {
        let fresh = self
            .list
            .as_ref()
            .is_some_and(|(s, _, at)| s == server && at.elapsed() < LIST_KEPT);
        if fresh || self.busy {
            return;
        }
        let Some(token) = saved_token(storage, server) else {
            return;
        };
        let server = server.clone();
        self.busy = true;
        self.requests.spawn(move || {
            let answer = blocking(ask_as(&server, Some(&token), &LookAtFollowing {}));
            Answer::Listed(server, answer)
        });
    }

    /// Follows `name` (or, `follow` false, no longer), as the account logged in.
    pub fn set(
        &mut self,
        storage: &Storage,
        server: &ServerAddress,
        name: AccountName,
        follow: bool,
    ) {
        let Some(token) = saved_token(storage, server) else {
            self.status = Some("Log in to follow players".into());
            return;
        };
        let server = server.clone();
        self.busy = true;
        let said = if follow {
            format!("You follow {name}")
        } else {
            format!("You no longer follow {name}")
        };
        self.requests.spawn(move || {
            let asked = SetRelation {
                name,
                relation: follow.then_some(Relation::Follow),
            };
            Answer::Set(said, blocking(ask_as(&server, Some(&token), &asked)))
        });
    }
}

fn hear(mut following: ResMut<OnlineFollowing>, mut redraw: MessageWriter<RequestRedraw>) {
    for a in following.requests.answers() {
        redraw.write(RequestRedraw);
        following.busy = false;
        match a {
            Answer::Listed(server, Ok(list)) => {
                following.list = Some((server, list, Instant::now()));
            }
            Answer::Set(said, Ok(_)) => {
                following.status = Some(said);
                following.name.clear();
                // Asked again at once: the list has changed.
                following.list = None;
            }
            Answer::Listed(_, Err(e)) | Answer::Set(_, Err(e)) => {
                following.status = Some(e.to_string());
            }
        }
    }
}

/// The Online screen's players followed on `server`, for an account logged in there:
/// the game to watch, where one is clicked.
pub fn following_section(
    ui: &mut egui::Ui,
    following: &mut OnlineFollowing,
    storage: &Storage,
    server: Option<&ServerAddress>,
    logged_in: bool,
) -> Option<OnlinePick> {
    let server = server.filter(|_| logged_in)?;
    following.refresh(storage, server);
    ui.heading("Players you follow");
    let players = following
        .list
        .as_ref()
        .filter(|(s, _, _)| s == server)
        .map(|(_, l, _)| l.players.clone())
        .unwrap_or_default();
    if players.is_empty() && following.list.is_some() {
        ui.label("Nobody yet: follow a player by name to see them here.");
    }
    let mut pick = None;
    for p in players {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(p.name.as_str()).strong());
            let playing = !p.playing.is_empty();
            ui.label(match (p.online, playing) {
                (_, true) => "playing now",
                (true, false) => "online now",
                (false, false) => "not online",
            });
            for game in &p.playing {
                if ui
                    .button("Watch")
                    .on_hover_text(format!("Watch {}'s game at the table", p.name))
                    .clicked()
                {
                    pick = Some(OnlinePick::Join(JoinOnline {
                        server: server.clone(),
                        game: game.clone(),
                        tokens: Vec::new(),
                        seats: None,
                        origin: JoinOrigin::Menu,
                    }));
                }
            }
            if ui
                .add_enabled(!following.busy, egui::Button::new("Unfollow"))
                .clicked()
            {
                following.set(storage, server, p.name.clone(), false);
            }
        });
    }
    ui.horizontal(|ui| {
        let label = ui.label("Follow");
        ui.add(
            egui::TextEdit::singleline(&mut following.name)
                .hint_text("a player's name")
                .desired_width(160.0),
        )
        .labelled_by(label.id);
        if ui
            .add_enabled(!following.busy, egui::Button::new("Follow them"))
            .clicked()
        {
            match AccountName::parse(following.name.trim()) {
                Ok(name) => following.set(storage, server, name, true),
                Err(e) => following.status = Some(e.to_string()),
            }
        }
    });
    if let Some(s) = &following.status {
        ui.label(s);
    }
    pick
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_online::protocol::relations::FollowedPlayer;
    use camelot_online::protocol::GameId;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    struct Shown {
        following: OnlineFollowing,
        storage: Storage,
        server: ServerAddress,
        pick: Option<OnlinePick>,
    }

    fn player(name: &str, online: bool, playing: &[&str]) -> FollowedPlayer {
        FollowedPlayer {
            name: AccountName::parse(name).unwrap(),
            online,
            playing: playing.iter().map(|g| GameId::parse(g).unwrap()).collect(),
        }
    }

    /// Each player followed says where they are; Watch on a player's game takes the
    /// table to it as a watcher; a name that no account could have is refused in words,
    /// nothing sent.
    #[test]
    fn the_players_followed_are_shown_and_their_games_watched() {
        let server = ServerAddress::parse("http://127.0.0.1:8080").unwrap();
        let list = Following {
            players: vec![
                player("Iseult", true, &["g1"]),
                player("Dinadan", true, &[]),
                player("Kay", false, &[]),
            ],
        };
        let following = OnlineFollowing {
            list: Some((server.clone(), list, Instant::now())),
            ..OnlineFollowing::default()
        };
        let mut h = Harness::builder()
            .with_size(egui::vec2(500.0, 400.0))
            .build_ui_state(
                |ui, s: &mut Shown| {
                    if let Some(p) =
                        following_section(ui, &mut s.following, &s.storage, Some(&s.server), true)
                    {
                        s.pick = Some(p);
                    }
                },
                Shown {
                    following,
                    storage: Storage::new(None),
                    server,
                    pick: None,
                },
            );
        h.run();
        for words in ["playing now", "online now", "not online"] {
            h.get_by_label(words);
        }
        h.get_by_label("Watch").click();
        h.run();
        match &h.state().pick {
            Some(OnlinePick::Join(j)) => {
                assert_eq!(j.game.as_str(), "g1");
                assert!(j.tokens.is_empty(), "a watcher holds no seat");
            }
            _ => panic!("Watch took the table nowhere"),
        }
        let text = egui::accesskit::Role::TextInput;
        h.get_by_role_and_label(text, "Follow").focus();
        h.run();
        h.get_by_role_and_label(text, "Follow")
            .type_text("no spaces allowed");
        h.run();
        h.get_by_label("Follow them").click();
        h.run();
        let said = h.state().following.status.clone().unwrap();
        assert!(!h.state().following.busy, "nothing sent");
        assert!(said.contains("letters"), "{said}");
    }
}
