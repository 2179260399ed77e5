//! Challenges at the 3D table: while an account is logged in, the site socket is kept
//! open on a thread of its own (the account online meanwhile), and its challenges are
//! heard as they change; a challenge to me is answered here (accepted, the table opens at
//! its game; or declined with a reason), one of mine waits here (and can be cancelled),
//! and once it is accepted the table opens by itself. The server judges every
//! challenge; this only shows what it says.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use camelot_engine::Variant;
use camelot_online::protocol::accounts::{AccountName, AccountToken, Done};
use camelot_online::protocol::challenges::{
    AcceptChallenge, Acceptance, CancelChallenge, ChallengeGame, ChallengeId, ChallengeList,
    ChallengeState, ColourChoice, DeclineChallenge, DeclineReason, NewChallenge,
};
use camelot_online::protocol::site::SiteServerMessage;
use camelot_online::protocol::{GameId, TimeControl};
use camelot_online::{
    ask_as, blocking, challenge_settled, OnlineError, ServerAddress, SiteConnection, Waker,
};

use super::account::{saved_token, OnlineAccount};
use super::background::Background;
use super::wake::waker;
use super::{JoinOnline, JoinOrigin};
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineChallenges>()
        .add_systems(Startup, wake_the_window)
        .add_systems(Update, (follow_the_account, hear).chain());
}

fn wake_the_window(
    mut challenges: ResMut<OnlineChallenges>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let wake = waker(proxy.as_deref());
    challenges.requests.wake = wake.clone();
    challenges.wake = wake;
}

/// What a request came to.
enum Answer {
    Sent(Result<ChallengeId, OnlineError>),
    Accepted(ServerAddress, Result<ChallengeGame, OnlineError>),
    /// A table accepted whose other seats have still to answer.
    Waiting(TableWait),
    /// A table I accepted that made no game, and why.
    TableClosed(String),
    /// Declined or cancelled.
    Closed(Result<Done, OnlineError>),
}

/// A table I accepted, waiting for the others: where, as whom, and whom it waits for.
struct TableWait {
    server: ServerAddress,
    token: Option<AccountToken>,
    id: ChallengeId,
    waiting_for: Vec<AccountName>,
}

/// The site socket's thread: what it heard, and how to stop it.
struct Follower {
    server: ServerAddress,
    heard: Mutex<Receiver<Heard>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What the site socket's thread tells the table.
enum Heard {
    Challenges(ChallengeList),
    /// The server ended it for good (the session ended), in its words.
    Ended(String),
}

/// The form to challenge a player.
#[derive(Clone, Debug, Default)]
pub struct ChallengeForm {
    /// The player challenged (Grand Cam: my partner).
    pub to: String,
    /// Grand Cam: the two who partner each other against us.
    pub against: [String; 2],
    pub rated: bool,
    pub colour: ColourChoice,
}

/// My challenges as the server last said them, and the requests about them.
#[derive(Resource, Default)]
pub struct OnlineChallenges {
    requests: Background<Answer>,
    wake: Option<Waker>,
    follower: Option<Follower>,
    /// The latest list, where one was heard.
    pub list: Option<ChallengeList>,
    /// Each of my challenges' state when last heard: one seen open and now accepted
    /// takes the table to its game.
    known: HashMap<ChallengeId, &'static str>,
    pub form: ChallengeForm,
    /// The reason picked to decline each challenge to me.
    pub reasons: HashMap<ChallengeId, DeclineReason>,
    /// What the last request came to, or what the server said, in words.
    pub status: Option<String>,
    pub busy: bool,
    /// The account followed: a table's seat is found by its name.
    pub me: Option<AccountName>,
}

fn state_code(s: &ChallengeState) -> &'static str {
    match s {
        ChallengeState::Open => "open",
        ChallengeState::Accepted { .. } => "accepted",
        ChallengeState::Declined { .. } => "declined",
        ChallengeState::Cancelled => "cancelled",
        ChallengeState::Expired => "expired",
    }
}

/// The games my challenges made since they were last heard open.
pub fn newly_accepted(
    known: &HashMap<ChallengeId, &'static str>,
    list: &ChallengeList,
) -> Vec<GameId> {
    list.outgoing
        .iter()
        .filter_map(|c| match &c.state {
            ChallengeState::Accepted { game, .. } if known.get(&c.id) == Some(&"open") => {
                Some(game.clone())
            }
            _ => None,
        })
        .collect()
}

/// Follows `server`'s site socket as `token`'s account until `stop`: each list heard
/// is sent on `tell`; a broken socket is opened again, a little later each time.
fn follow(
    server: ServerAddress,
    token: camelot_online::protocol::accounts::AccountToken,
    tell: std::sync::mpsc::Sender<Heard>,
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
    let mut attempt = 0u32;
    while !stop.load(Ordering::Relaxed) {
        let ended = blocking(async {
            let mut site = SiteConnection::open(&server, &token).await?;
            while !stop.load(Ordering::Relaxed) {
                // A second at a time, to look at `stop` between.
                let Some(m) = site.recv_within(Duration::from_secs(1)).await? else {
                    continue;
                };
                match m {
                    SiteServerMessage::Challenges(list) => {
                        attempt = 0;
                        if told(Heard::Challenges(list)) {
                            break;
                        }
                    }
                    SiteServerMessage::SignedOut { message, .. }
                    | SiteServerMessage::Error { message, .. } => return Ok(Some(message)),
                    SiteServerMessage::Pong { .. } | SiteServerMessage::Unheard => {}
                }
            }
            Ok::<_, OnlineError>(None)
        });
        match ended {
            Ok(Some(why)) => {
                told(Heard::Ended(why));
                return;
            }
            Ok(None) => return,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(200 << attempt.min(4)));
                attempt += 1;
            }
        }
    }
}

impl OnlineChallenges {
    /// The server followed, where one is.
    pub fn following(&self) -> Option<&ServerAddress> {
        self.follower.as_ref().map(|f| &f.server)
    }

    fn spawn(&mut self, f: impl FnOnce() -> Answer + Send + 'static) {
        self.busy = true;
        self.requests.spawn(f);
    }

    /// Challenges the form's player to `variant` at `time`.
    pub fn challenge(&mut self, storage: &Storage, variant: Variant, time: TimeControl) {
        let Some(server) = self.following().cloned() else {
            return;
        };
        let Some(token) = saved_token(storage, &server) else {
            return;
        };
        let to = match AccountName::parse(self.form.to.trim()) {
            Ok(n) => n,
            Err(e) => {
                self.status = Some(e.to_string());
                return;
            }
        };
        let mut against = Vec::new();
        if variant.rules().players() == 4 {
            for name in &self.form.against {
                match AccountName::parse(name.trim()) {
                    Ok(n) => against.push(n),
                    Err(e) => {
                        self.status = Some(e.to_string());
                        return;
                    }
                }
            }
        }
        let asked = NewChallenge {
            to,
            variant,
            time,
            rated: self.form.rated,
            colour: self.form.colour,
            against,
        };
        self.spawn(move || {
            Answer::Sent(blocking(ask_as(&server, Some(&token), &asked)).map(|m| m.challenge))
        });
    }

    /// Accepts the challenge `id`: the table opens at its game.
    pub fn accept(&mut self, storage: &Storage, id: ChallengeId) {
        let Some(server) = self.following().cloned() else {
            return;
        };
        let token = saved_token(storage, &server);
        self.spawn(move || {
            let accept = AcceptChallenge { id: id.clone() };
            match blocking(ask_as(&server, token.as_ref(), &accept)) {
                Ok(Acceptance::Game(at)) => Answer::Accepted(server, Ok(at)),
                Ok(Acceptance::Waiting { waiting_for }) => Answer::Waiting(TableWait {
                    server,
                    token,
                    id,
                    waiting_for,
                }),
                Err(e) => Answer::Accepted(server, Err(e)),
            }
        });
    }

    /// Waits beside the screen's other requests for the table `wait` to make its game.
    fn wait_for_table(&mut self, wait: TableWait) {
        self.requests.spawn(move || {
            let settled = challenge_settled(&wait.server, wait.token.as_ref(), wait.id);
            let view = match blocking(settled) {
                Ok(v) => v,
                Err(e) => return Answer::Accepted(wait.server, Err(e)),
            };
            match view.state {
                ChallengeState::Accepted { game, seat } => {
                    Answer::Accepted(wait.server, Ok(ChallengeGame { game, seat }))
                }
                ChallengeState::Declined { reason } => Answer::TableClosed(format!(
                    "{} declined the table: {}",
                    view.declined_by(),
                    reason.words()
                )),
                ChallengeState::Expired => Answer::TableClosed("The table expired".into()),
                // Open is never settled.
                ChallengeState::Cancelled | ChallengeState::Open => {
                    Answer::TableClosed("The table was cancelled".into())
                }
            }
        });
    }

    /// Declines the challenge `id` with the reason picked for it.
    pub fn decline(&mut self, storage: &Storage, id: ChallengeId) {
        let Some(server) = self.following().cloned() else {
            return;
        };
        let token = saved_token(storage, &server);
        let reason = self.reasons.get(&id).copied().unwrap_or_default();
        self.spawn(move || {
            let asked = DeclineChallenge { id, reason };
            Answer::Closed(blocking(ask_as(&server, token.as_ref(), &asked)))
        });
    }

    /// Takes back my challenge `id`.
    pub fn cancel(&mut self, storage: &Storage, id: ChallengeId) {
        let Some(server) = self.following().cloned() else {
            return;
        };
        let token = saved_token(storage, &server);
        self.spawn(move || {
            Answer::Closed(blocking(ask_as(
                &server,
                token.as_ref(),
                &CancelChallenge { id },
            )))
        });
    }
}

/// Keeps the site socket open for the account logged in, and only for it.
fn follow_the_account(
    mut challenges: ResMut<OnlineChallenges>,
    account: Res<OnlineAccount>,
    storage: Res<Storage>,
) {
    let wanted = account.logged_in.as_ref().map(|m| &m.server);
    let me = account.logged_in.as_ref().map(|m| &m.name);
    if challenges.me.as_ref() != me {
        challenges.me = me.cloned();
    }
    if challenges.following() == wanted {
        return;
    }
    challenges.follower = None;
    challenges.list = None;
    challenges.known.clear();
    let Some(server) = wanted.cloned() else {
        return;
    };
    let Some(token) = saved_token(&storage, &server) else {
        return;
    };
    let (tell, heard) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    let (s, st, w) = (server.clone(), stop.clone(), challenges.wake.clone());
    std::thread::spawn(move || follow(s, token, tell, st, w));
    challenges.follower = Some(Follower {
        server,
        heard: Mutex::new(heard),
        stop,
    });
}

fn hear(
    mut challenges: ResMut<OnlineChallenges>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut join: MessageWriter<JoinOnline>,
) {
    let heard: Vec<Heard> = challenges
        .follower
        .as_ref()
        .and_then(|f| f.heard.lock().ok().map(|rx| rx.try_iter().collect()))
        .unwrap_or_default();
    let server = challenges.following().cloned();
    for h in heard {
        redraw.write(RequestRedraw);
        match h {
            Heard::Challenges(list) => {
                let first = challenges.list.is_none();
                let games = if first {
                    Vec::new()
                } else {
                    newly_accepted(&challenges.known, &list)
                };
                for c in &list.outgoing {
                    challenges.known.insert(c.id.clone(), state_code(&c.state));
                }
                challenges.list = Some(list);
                if let (Some(game), Some(server)) = (games.into_iter().next(), server.clone()) {
                    join.write(JoinOnline {
                        server,
                        game,
                        tokens: Vec::new(),
                        seats: None,
                        origin: JoinOrigin::Menu,
                    });
                }
            }
            Heard::Ended(why) => {
                challenges.status = Some(why);
                challenges.list = None;
            }
        }
    }
    for a in challenges.requests.answers() {
        redraw.write(RequestRedraw);
        challenges.busy = false;
        match a {
            Answer::Sent(Ok(_)) => {
                challenges.status = Some(format!("Challenge sent to {}", challenges.form.to.trim()))
            }
            Answer::Accepted(server, Ok(at)) => {
                challenges.status = None;
                join.write(JoinOnline {
                    server,
                    game: at.game,
                    tokens: Vec::new(),
                    seats: None,
                    origin: JoinOrigin::Menu,
                });
            }
            Answer::Closed(Ok(_)) => challenges.status = None,
            Answer::Waiting(wait) => {
                let names: Vec<String> = wait.waiting_for.iter().map(|n| n.to_string()).collect();
                challenges.status = Some(format!(
                    "Accepted: waiting for {} to accept",
                    names.join(" and ")
                ));
                challenges.wait_for_table(wait);
            }
            Answer::TableClosed(why) => challenges.status = Some(why),
            Answer::Sent(Err(e)) | Answer::Accepted(_, Err(e)) | Answer::Closed(Err(e)) => {
                challenges.status = Some(e.to_string())
            }
        }
    }
}
