//! Tournaments at the 3D table: the Online screen lists the server's tournaments (under
//! way and starting soon); joined, a thread of its own waits on the server for each game
//! the tournament pairs the account in, and the table opens each by itself, nothing
//! clicked. The server pairs and scores; this only shows what it says.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use camelot_online::protocol::accounts::{AccountName, AccountToken, Done};
use camelot_online::protocol::tournaments::{
    JoinTournament, ListTournaments, LookAtTournament, MyTournamentGame, PauseInTournament,
    TournamentId, TournamentList, TournamentPage, TournamentState, WithdrawFromTournament,
};
use camelot_online::protocol::{ErrorCode, GameId};
use camelot_online::{ask, ask_as, blocking, OnlineError, ServerAddress, Waker};

use super::account::{saved_name, saved_token};
use super::background::Background;
use super::wake::waker;
use super::{JoinOnline, JoinOrigin};
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineTournaments>()
        .add_systems(Startup, wake_the_window)
        .add_systems(Update, hear);
}

fn wake_the_window(
    mut tournaments: ResMut<OnlineTournaments>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let wake = waker(proxy.as_deref());
    tournaments.requests.wake = wake.clone();
    tournaments.wake = wake;
}

/// How long the list shown is kept before it is asked again.
const LIST_KEPT: Duration = Duration::from_secs(10);

/// What a request came to.
enum Answer {
    Listed(ServerAddress, Result<TournamentList, OnlineError>),
    Joined(ServerAddress, TournamentId, Result<Done, OnlineError>),
    Withdrawn(Result<Done, OnlineError>),
    Paused(Result<Done, OnlineError>),
    Standings(TournamentId, Result<TournamentPage, OnlineError>),
}

/// How long the standings shown are kept before they are asked again.
const STANDINGS_KEPT: Duration = Duration::from_secs(10);

/// What the thread that waits for my games tells the table.
enum Heard {
    Game(GameId),
    /// Paused (asked, or no first move in time), or back: paired again only once back.
    Paused(bool),
    Over(TournamentState),
    Trouble(String),
    /// The account's session ended (logged out here or elsewhere): it waits no more.
    SignedOut(String),
}

/// The tournament I play in here, and its thread.
struct Playing {
    server: ServerAddress,
    id: TournamentId,
    /// The account that plays in it, to find in the standings.
    name: Option<AccountName>,
    heard: Mutex<Receiver<Heard>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Playing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The server's tournaments as last listed, and the one I play in.
#[derive(Resource, Default)]
pub struct OnlineTournaments {
    requests: Background<Answer>,
    wake: Option<Waker>,
    /// The latest list, its server and when it came.
    pub list: Option<(ServerAddress, TournamentList, Instant)>,
    playing: Option<Playing>,
    /// A tournament to join once the game runs (the command line's `--join-tournament`).
    pending: Option<(ServerAddress, TournamentId)>,
    /// The standings of the tournament I play in, and when they came.
    pub standings: Option<(TournamentPage, Instant)>,
    standings_asked: bool,
    /// I am paused in the tournament I play in.
    pub paused: bool,
    /// What the last request came to, or what the server said, in words.
    pub status: Option<String>,
    pub busy: bool,
}

/// Waits on `server` for each game tournament `id` pairs `token`'s account in, until it
/// is over or `stop`: each new game is sent on `tell`.
fn wait_for_games(
    server: ServerAddress,
    token: AccountToken,
    id: TournamentId,
    tell: Sender<Heard>,
    stop: Arc<AtomicBool>,
    wake: Option<Waker>,
) {
    let told = |h: Heard| {
        let gone = tell.send(h).is_err();
        if let Some(w) = &wake {
            w();
        }
        gone
    };
    let mut opened: HashSet<GameId> = HashSet::new();
    let mut paused = false;
    let next = MyTournamentGame { id, wait: true };
    while !stop.load(Ordering::Relaxed) {
        match blocking(ask_as(&server, Some(&token), &next)) {
            Ok(mine) if mine.paused != paused => {
                paused = mine.paused;
                if told(Heard::Paused(paused)) {
                    return;
                }
            }
            // Said at once while paused: asked again in a while.
            Ok(mine) if mine.paused => std::thread::sleep(Duration::from_secs(3)),
            Ok(mine) => match mine.game {
                Some(seat) => {
                    if !opened.insert(seat.game.clone()) {
                        // The game already open goes on: asked again in a while.
                        std::thread::sleep(Duration::from_secs(2));
                    } else if told(Heard::Game(seat.game)) {
                        return;
                    }
                }
                None if matches!(
                    mine.state,
                    TournamentState::Finished | TournamentState::Cancelled
                ) =>
                {
                    told(Heard::Over(mine.state));
                    return;
                }
                None => {}
            },
            Err(OnlineError::Refused {
                code: ErrorCode::NotSignedIn | ErrorCode::SignedOut,
                message,
            }) => {
                told(Heard::SignedOut(message));
                return;
            }
            Err(e) => {
                if told(Heard::Trouble(e.to_string())) {
                    return;
                }
                std::thread::sleep(Duration::from_secs(2));
            }
        }
    }
}

impl OnlineTournaments {
    /// The tournament I play in here, on which server.
    pub fn playing(&self) -> Option<(&ServerAddress, &TournamentId)> {
        self.playing.as_ref().map(|p| (&p.server, &p.id))
    }

    /// The account that plays in it here.
    pub fn playing_as(&self) -> Option<&AccountName> {
        self.playing.as_ref().and_then(|p| p.name.as_ref())
    }

    /// Asks `server` for its list, unless the one shown is recent.
    pub fn refresh(&mut self, server: &ServerAddress) {
        let fresh = self
            .list
            .as_ref()
            .is_some_and(|(s, _, at)| s == server && at.elapsed() < LIST_KEPT);
        if fresh || self.busy {
            return;
        }
        let server = server.clone();
        self.busy = true;
        self.requests.spawn(move || {
            let answer = blocking(ask(&server, &ListTournaments));
            Answer::Listed(server, answer)
        });
    }

    /// Asks for the standings of the tournament I play in, unless those shown are recent.
    pub fn refresh_standings(&mut self) {
        let Some(p) = &self.playing else {
            return;
        };
        let fresh = self
            .standings
            .as_ref()
            .is_some_and(|(page, at)| page.tournament.id == p.id && at.elapsed() < STANDINGS_KEPT);
        if fresh || self.standings_asked {
            return;
        }
        let (server, id) = (p.server.clone(), p.id.clone());
        self.standings_asked = true;
        self.requests.spawn(move || {
            let answer = blocking(ask(&server, &LookAtTournament { id: id.clone() }));
            Answer::Standings(id, answer)
        });
    }

    /// Joins tournament `id` on `server` as the account logged in there: its games open
    /// here as they are paired.
    pub fn join(&mut self, storage: &Storage, server: &ServerAddress, id: TournamentId) {
        let Some(token) = saved_token(storage, server) else {
            self.status = Some("Log in to play in a tournament".into());
            return;
        };
        let server = server.clone();
        self.busy = true;
        self.requests.spawn(move || {
            let answer = blocking(ask_as(
                &server,
                Some(&token),
                &JoinTournament { id: id.clone() },
            ));
            Answer::Joined(server, id, answer)
        });
    }

    /// Joins tournament `id` on `server` once the game runs (its window can be woken by
    /// then, so that each game it is paired in opens at once).
    pub fn join_when_started(&mut self, server: ServerAddress, id: TournamentId) {
        self.pending = Some((server, id));
    }

    /// Comes back to (or, `paused`, rests from) the tournament I play in, an arena.
    pub fn pause(&mut self, storage: &Storage, paused: bool) {
        let Some(p) = &self.playing else {
            return;
        };
        let token = saved_token(storage, &p.server);
        let (server, id) = (p.server.clone(), p.id.clone());
        self.busy = true;
        self.requests.spawn(move || {
            Answer::Paused(blocking(ask_as(
                &server,
                token.as_ref(),
                &PauseInTournament { id, paused },
            )))
        });
    }

    /// Withdraws from the tournament I play in: paired no more.
    pub fn withdraw(&mut self, storage: &Storage) {
        let Some(p) = self.playing.take() else {
            return;
        };
        let token = saved_token(storage, &p.server);
        let (server, id) = (p.server.clone(), p.id.clone());
        self.busy = true;
        self.requests.spawn(move || {
            Answer::Withdrawn(blocking(ask_as(
                &server,
                token.as_ref(),
                &WithdrawFromTournament { id },
            )))
        });
    }

    fn start_waiting(&mut self, storage: &Storage, server: ServerAddress, id: TournamentId) {
        let Some(token) = saved_token(storage, &server) else {
            return;
        };
        let (tell, heard) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (s, i, st, w) = (server.clone(), id.clone(), stop.clone(), self.wake.clone());
        std::thread::spawn(move || wait_for_games(s, token, i, tell, st, w));
        let name = saved_name(storage, &server);
        // A new tournament: not paused in it until its server says so.
        self.paused = false;
        self.standings = None;
        self.playing = Some(Playing {
            server,
            id,
            name,
            heard: Mutex::new(heard),
            stop,
        });
    }
}

fn hear(
    mut tournaments: ResMut<OnlineTournaments>,
    storage: Res<Storage>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut join: MessageWriter<JoinOnline>,
) {
    if let Some((server, id)) = tournaments.pending.take() {
        tournaments.join(&storage, &server, id);
    }
    let heard: Vec<Heard> = tournaments
        .playing
        .as_ref()
        .and_then(|p| p.heard.lock().ok().map(|rx| rx.try_iter().collect()))
        .unwrap_or_default();
    for h in heard {
        redraw.write(RequestRedraw);
        let Some((server, _)) = tournaments.playing() else {
            continue;
        };
        let server = server.clone();
        match h {
            Heard::Game(game) => {
                tournaments.status = None;
                // A game paired: the last one was scored, asked again when next shown.
                tournaments.standings = None;
                join.write(JoinOnline {
                    server,
                    game,
                    tokens: Vec::new(),
                    seats: None,
                    origin: JoinOrigin::Menu,
                });
            }
            Heard::Over(state) => {
                tournaments.status = Some(format!("The tournament is over: {}", state.words()));
                tournaments.playing = None;
            }
            Heard::Paused(true) => {
                tournaments.paused = true;
                tournaments.status = Some(
                    "You are paused (you asked, or made no first move in time): \
                     paired with nobody until you come back"
                        .into(),
                );
            }
            Heard::Paused(false) => {
                tournaments.paused = false;
                tournaments.status =
                    Some("Back: your games open here as the server pairs you".into());
            }
            Heard::Trouble(why) => tournaments.status = Some(why),
            Heard::SignedOut(why) => {
                tournaments.status = Some(format!("No longer waiting for games: {why}"));
                tournaments.playing = None;
            }
        }
    }
    for a in tournaments.requests.answers() {
        redraw.write(RequestRedraw);
        if let Answer::Standings(id, answer) = a {
            tournaments.standings_asked = false;
            match answer {
                Ok(page) if tournaments.playing().is_some_and(|(_, i)| *i == id) => {
                    tournaments.standings = Some((page, Instant::now()));
                }
                Ok(_) => {}
                Err(e) => tournaments.status = Some(e.to_string()),
            }
            continue;
        }
        tournaments.busy = false;
        match a {
            Answer::Listed(server, Ok(list)) => {
                tournaments.list = Some((server, list, Instant::now()));
            }
            Answer::Joined(server, id, Ok(_)) => {
                println!(
                    "joined tournament {id} on {server}: its games open here as they are paired"
                );
                tournaments.status =
                    Some("Joined: your games open here as the server pairs you".into());
                tournaments.start_waiting(&storage, server, id);
                // The list's count of players is out of date.
                tournaments.list = None;
            }
            // The waiting thread hears the change from the server and says it.
            Answer::Paused(Ok(_)) => {}
            Answer::Withdrawn(Ok(_)) => {
                tournaments.status = Some("Withdrawn: you are paired no more".into());
                tournaments.list = None;
            }
            Answer::Listed(_, Err(e))
            | Answer::Joined(_, _, Err(e))
            | Answer::Withdrawn(Err(e))
            | Answer::Paused(Err(e)) => tournaments.status = Some(e.to_string()),
            Answer::Standings(..) => {}
        }
    }
}
