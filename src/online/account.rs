//! The player's account on a server, from the Online screen: logging in or signing up
//! (the session's token kept in the data directory's `accounts.json`, 0600, the same file
//! `camelot-cli online login` keeps), the ratings shown, logging out, and quick games
//! (paired by the server with the waiting player of nearest rating, the seat then played
//! by the account). Requests run on threads of their own, as the lobby's do.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use camelot_files::{read_text, write_private, FileError};
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, DeviceToken, LogIn, LogOut, LookAtPlayer, Password,
    PlayerProfile, Session, SignUp,
};
use camelot_online::protocol::pairing::{CancelPairing, Pairing, QuickGame};
use camelot_online::protocol::recovery::RecoveryCode;
use camelot_online::protocol::{ErrorCode, GameId, TimeControl};
use camelot_online::sessions::{SavedSession, SavedSessions, FILE};
use camelot_online::{ask, ask_as, blocking, OnlineError, ServerAddress};

use super::background::Background;
use super::wake::waker;
use super::{JoinOnline, JoinOrigin};
use crate::storage::saving::Storage;
use camelot_engine::Variant;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineAccount>()
        .add_systems(Startup, wake_the_window)
        .add_systems(Update, hear_answers);
}

fn wake_the_window(mut account: ResMut<OnlineAccount>, proxy: Option<Res<EventLoopProxyWrapper>>) {
    account.requests.wake = waker(proxy.as_deref());
}

/// Who is logged in, on which server, and their page.
#[derive(Clone, Debug)]
pub struct LoggedIn {
    pub server: ServerAddress,
    pub name: AccountName,
    pub profile: Option<PlayerProfile>,
}

enum Answer {
    /// Logged in (or signed up): the session, kept.
    Opened(ServerAddress, Result<Session, OnlineError>),
    Profile(ServerAddress, Result<PlayerProfile, OnlineError>),
    LoggedOut(ServerAddress),
    Paired(ServerAddress, Result<GameId, OnlineError>),
    /// The quick game was given up.
    Stopped,
}

#[derive(Resource, Default)]
pub struct OnlineAccount {
    requests: Background<Answer>,
    pub busy: bool,
    pub status: Option<String>,
    /// The fields the player types in (the password is forgotten once sent).
    pub name: String,
    pub password: String,
    pub logged_in: Option<LoggedIn>,
    /// The server the saved session was last looked for on.
    looked: Option<ServerAddress>,
    /// Set to stop a quick game's wait.
    waiting: Option<Arc<AtomicBool>>,
    /// A quick game paired: the table to join.
    pub paired: Option<JoinOnline>,
    /// The recovery codes of the account just made here, shown until put away.
    pub recovery_codes: Vec<RecoveryCode>,
}

/// The saved sessions' file, where there is a data directory.
fn sessions_path(storage: &Storage) -> Option<std::path::PathBuf> {
    storage.store().map(|s| s.dir().join(FILE))
}

fn saved(storage: &Storage) -> SavedSessions {
    sessions_path(storage)
        .and_then(|p| read_text(&p, 1 << 20).ok())
        .map(|t| SavedSessions::from_json(&t))
        .unwrap_or_default()
}

/// The name of the account logged in on `server` here, if any.
pub fn saved_name(storage: &Storage, server: &ServerAddress) -> Option<AccountName> {
    saved(storage).get(server).map(|s| s.name.clone())
}

/// The account session kept for `server`, if any: shown on the game socket, so that a
/// seat the account holds (a quick game's) is played without a token.
pub fn saved_token(storage: &Storage, server: &ServerAddress) -> Option<AccountToken> {
    saved(storage).get(server).map(|s| s.token.clone())
}

fn keep(
    storage: &Storage,
    server: &ServerAddress,
    session: Option<SavedSession>,
    device: Option<DeviceToken>,
) -> Result<(), FileError> {
    let Some(path) = sessions_path(storage) else {
        return Ok(());
    };
    let mut all = saved(storage);
    match session {
        Some(s) => all.insert(server, s),
        None => {
            all.remove(server);
        }
    }
    if let Some(device) = device {
        all.set_device(server, device);
    }
    write_private(&path, all.to_json().as_bytes())
}

impl OnlineAccount {
    fn spawn(&mut self, f: impl FnOnce() -> Answer + Send + 'static) {
        self.busy = true;
        self.requests.spawn(f);
    }

    /// The server ended the kept session of `server` (logged out elsewhere, the
    /// password changed, the account closed): forgotten, so that the Online screen asks
    /// for the password again.
    pub fn signed_out(&mut self, server: &ServerAddress, storage: &Storage) {
        if let Err(e) = keep(storage, server, None, None) {
            self.status = Some(format!("The ended session cannot be forgotten: {e}"));
        }
        if self.logged_in.as_ref().is_some_and(|m| &m.server == server) {
            self.logged_in = None;
        }
        self.looked = None;
    }

    /// Once per server: the session kept for it, if any, and the account's page.
    pub fn look(&mut self, server: &ServerAddress, storage: &Storage) {
        if self.looked.as_ref() == Some(server) || self.busy {
            return;
        }
        self.looked = Some(server.clone());
        self.logged_in = None;
        if let Some(s) = saved(storage).get(server).cloned() {
            self.logged_in = Some(LoggedIn {
                server: server.clone(),
                name: s.name.clone(),
                profile: None,
            });
            self.profile(server.clone(), s.name);
        }
    }

    fn profile(&mut self, server: ServerAddress, name: AccountName) {
        self.spawn(move || {
            let result = blocking(ask(&server, &LookAtPlayer { name }));
            Answer::Profile(server, result)
        });
    }

    /// Logs in (`sign_up`: signs up first) with the fields typed.
    pub fn open(&mut self, server: ServerAddress, sign_up: bool, storage: &Storage) {
        // This machine's device token: a device the account knows logs in while
        // strangers' wrong passwords hold the account back.
        let device = saved(storage).device(&server).cloned();
        let name = match AccountName::parse(&self.name) {
            Ok(n) => n,
            Err(e) => {
                self.status = Some(e.to_string());
                return;
            }
        };
        let password = match Password::parse(&self.password) {
            Ok(p) => p,
            Err(e) => {
                self.status = Some(e.to_string());
                return;
            }
        };
        self.password.clear();
        self.status = Some(
            if sign_up {
                "Signing up…"
            } else {
                "Logging in…"
            }
            .into(),
        );
        self.spawn(move || {
            let result = if sign_up {
                blocking(ask(
                    &server,
                    &SignUp {
                        name,
                        password,
                        kind: AccountKind::Person,
                        rated_with_people: false,
                        token: true,
                    },
                ))
            } else {
                blocking(ask(
                    &server,
                    &LogIn {
                        name,
                        password,
                        token: true,
                        device,
                    },
                ))
            };
            Answer::Opened(server, result)
        });
    }

    /// Logs out of the server logged in to.
    pub fn log_out(&mut self, storage: &Storage) {
        let Some(me) = self.logged_in.take() else {
            return;
        };
        let token = saved_token(storage, &me.server);
        self.spawn(move || {
            // A session the server no longer knows is ended all the same.
            let _ = blocking(ask_as(&me.server, token.as_ref(), &LogOut {}));
            Answer::LoggedOut(me.server)
        });
    }

    /// Asks for a quick game of `variant` at `time`, asking again until paired or
    /// stopped.
    pub fn quick_game(&mut self, storage: &Storage, variant: Variant, time: TimeControl) {
        let Some(me) = &self.logged_in else {
            return;
        };
        let server = me.server.clone();
        let Some(token) = saved_token(storage, &server) else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        self.waiting = Some(stop.clone());
        self.status = Some("Waiting for an opponent…".into());
        self.spawn(move || {
            let quick = QuickGame { variant, time };
            loop {
                if stop.load(Ordering::Relaxed) {
                    let _ = blocking(ask_as(&server, Some(&token), &CancelPairing {}));
                    return Answer::Stopped;
                }
                match blocking(ask_as(&server, Some(&token), &quick)) {
                    Ok(Pairing::Paired { game, .. }) => return Answer::Paired(server, Ok(game)),
                    Ok(Pairing::Waiting { .. }) => continue,
                    Err(e) => return Answer::Paired(server, Err(e)),
                }
            }
        });
    }

    pub fn waiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// Gives up the quick game's wait.
    pub fn stop_waiting(&mut self) {
        if let Some(stop) = &self.waiting {
            stop.store(true, Ordering::Relaxed);
            self.status = Some("Giving up the wait…".into());
        }
    }
}

fn hear_answers(
    mut account: ResMut<OnlineAccount>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut join: MessageWriter<JoinOnline>,
    storage: Res<Storage>,
) {
    for a in account.requests.answers() {
        redraw.write(RequestRedraw);
        account.busy = false;
        match a {
            Answer::Opened(server, Ok(session)) => {
                let kept = session.token.clone().map(|token| SavedSession {
                    name: session.name.clone(),
                    token,
                });
                account.status = keep(&storage, &server, kept, session.device.clone())
                    .err()
                    .map(|e| format!("The session cannot be kept: {e}"));
                account.logged_in = Some(LoggedIn {
                    server: server.clone(),
                    name: session.name.clone(),
                    profile: None,
                });
                account.looked = Some(server.clone());
                account.recovery_codes = session.recovery_codes.clone();
                account.profile(server, session.name);
            }
            Answer::Opened(_, Err(e)) => account.status = Some(e.to_string()),
            Answer::Profile(server, Ok(p)) => {
                if let Some(me) = account.logged_in.as_mut().filter(|m| m.server == server) {
                    me.profile = Some(p);
                }
            }
            Answer::Profile(server, Err(e)) => {
                // A session for an account that is gone: forgotten here too.
                if e.code() == Some(ErrorCode::NoSuchPlayer) {
                    let _ = keep(&storage, &server, None, None);
                    account.logged_in = None;
                }
            }
            Answer::LoggedOut(server) => {
                account.status = keep(&storage, &server, None, None)
                    .err()
                    .map(|e| format!("The session cannot be forgotten: {e}"));
            }
            Answer::Paired(server, result) => {
                account.waiting = None;
                match result {
                    Ok(game) => {
                        account.status = None;
                        join.write(JoinOnline {
                            server,
                            game,
                            tokens: Vec::new(),
                            seats: None,
                            origin: JoinOrigin::Menu,
                        });
                    }
                    Err(e) => account.status = Some(format!("No quick game: {e}")),
                }
            }
            Answer::Stopped => {
                account.waiting = None;
                account.status = None;
            }
        }
    }
}
