//! The menu's online side, behind the screens: requests to a server run on threads of
//! their own (the menu never waits on the network), a local server started for a LAN
//! evening, the open seats anyone may take, and "my games": the online games this machine
//! holds seats in, kept in the data directory (`online.json`) so that slow games over
//! days are found again.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use camelot_engine::{Player, SeatColour, Variant};
use camelot_files::{read_text, write_atomic, FileError};
use camelot_online::protocol::accounts::AccountToken;
use camelot_online::protocol::requests::{
    ComputerSeat, Created, GameSummary, ListGames, ListSeats, LookAtGame, NewGame, OpenSeat, Paged,
    TakeSeat, Taken,
};
use camelot_online::protocol::{GameEnd, GameId, PlayerName, SeatToken, TimeControl};
use camelot_online::{
    ask, ask_as, ask_page, blocking, Invitation, Mirror, OnlineError, Page, ServerAddress,
};
use serde::{Deserialize, Serialize};

use super::background::Background;
use super::local_server::{LocalServer, LocalServerError};
use super::wake::waker;
use super::{JoinOnline, JoinOrigin};
use crate::game::session::Seat;
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .add_systems(Startup, wake_the_window)
        .add_systems(Update, hear_answers);
}

/// The answers to the menu's requests come on threads: each wakes the window, so that
/// it is shown at once, pointer or not.
fn wake_the_window(mut lobby: ResMut<Lobby>, proxy: Option<Res<EventLoopProxyWrapper>>) {
    lobby.requests.wake = waker(proxy.as_deref());
}

/// A game this machine holds seats in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub server: ServerAddress,
    pub game: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    /// The seats held here and their tokens.
    pub tokens: Vec<(SeatColour, SeatToken)>,
    /// Seats by turn order as this machine seats them.
    pub seats: Vec<Seat>,
}

/// What a background request came back with.
enum Answer {
    Created {
        request: Creation,
        result: Result<Created, OnlineError>,
    },
    /// A page of the live games: the first, or (`more`) the next below those shown.
    Listed {
        more: bool,
        result: Result<Page<ListGames>, OnlineError>,
    },
    /// A page of the open seats, as the live games.
    OpenSeats {
        more: bool,
        result: Result<Page<ListSeats>, OnlineError>,
    },
    /// An open seat taken, or why not.
    Took {
        server: ServerAddress,
        seat: OpenSeat,
        result: Result<Taken, OnlineError>,
    },
    /// For game `index` of my games: whether it is my move, or why that is unknown.
    Peeked(usize, Result<MyTurn, OnlineError>),
    /// A server started here, and its address for players on this network.
    LocalServer(Result<LocalServer, LocalServerError>),
}

/// How a game of mine stands.
#[derive(Clone, Debug, PartialEq)]
pub enum MyTurn {
    Mine,
    Theirs,
    Over(GameEnd),
}

/// A game asked for: its variant, time and who sits where.
#[derive(Clone, Debug)]
pub struct Creation {
    pub server: ServerAddress,
    pub variant: Variant,
    pub time: TimeControl,
    pub seats: Vec<Seat>,
    /// Seats left open to anyone who takes them from the server's list.
    pub open: Vec<SeatColour>,
    /// Seats the server's computer plays.
    pub computer: Vec<ComputerSeat>,
    /// Rated: the session of the account that makes it (logged in on the Online screen).
    pub rated_as: Option<AccountToken>,
}

/// A game created, with the codes to send for the seats played elsewhere.
#[derive(Clone, Debug)]
pub struct Invitations {
    pub creation: Creation,
    pub game: GameId,
    /// The seat and its invitation, for every seat marked to be played elsewhere.
    pub codes: Vec<(SeatColour, Invitation)>,
    pub watch: Invitation,
    /// The tokens of the seats played here.
    pub here: Vec<(Player, SeatToken)>,
}

/// How many live games (or open seats) a page the menu asks for holds.
pub const PAGE: u32 = 50;

#[derive(Resource, Default)]
pub struct Lobby {
    requests: Background<Answer>,
    /// A request on its way.
    pub busy: bool,
    /// The last thing to tell the player.
    pub status: Option<String>,
    pub created: Option<Invitations>,
    pub live: Vec<GameSummary>,
    /// The next page of the live games, where there are more than those shown.
    pub live_next: Option<ListGames>,
    pub open_seats: Vec<OpenSeat>,
    /// The next page of the open seats, where there are more.
    pub open_seats_next: Option<ListSeats>,
    pub mine: Vec<(MyGame, Option<Result<MyTurn, OnlineError>>)>,
    pub join_code: String,
    /// Whether the game to be created is rated (for a player logged in).
    pub rated: bool,
    /// A server started from the menu, and its address.
    local: Option<LocalServer>,
    /// The address a server started here took, for the menu to use once.
    pub local_address: Option<ServerAddress>,
}

impl Lobby {
    fn spawn(&mut self, f: impl FnOnce() -> Answer + Send + 'static) {
        self.busy = true;
        self.requests.spawn(f);
    }

    pub fn create(&mut self, c: Creation) {
        self.status = Some("Creating the game…".into());
        self.created = None;
        self.spawn(move || {
            let new = NewGame {
                variant: c.variant,
                time: c.time,
                open: c.open.clone(),
                computer: c.computer.clone(),
                rated: c.rated_as.is_some(),
                rating_range: None,
            };
            let result = blocking(ask_as(&c.server, c.rated_as.as_ref(), &new));
            Answer::Created { request: c, result }
        });
    }

    /// Asks for the first page of the live games.
    pub fn list(&mut self, server: ServerAddress) {
        self.list_page(server, ListGames::page(None, Some(PAGE)), false);
    }

    /// Asks for the live games after those shown.
    pub fn more_live_games(&mut self, server: ServerAddress) {
        if let Some(next) = self.live_next.clone() {
            self.list_page(server, next, true);
        }
    }

    fn list_page(&mut self, server: ServerAddress, page: ListGames, more: bool) {
        self.status = Some("Asking for the live games…".into());
        self.spawn(move || Answer::Listed {
            more,
            result: blocking(ask_page(&server, &page)),
        });
    }

    /// Asks for the first page of the open seats.
    pub fn list_open_seats(&mut self, server: ServerAddress) {
        self.seats_page(server, ListSeats::page(None, Some(PAGE)), false);
    }

    /// Asks for the open seats after those shown.
    pub fn more_open_seats(&mut self, server: ServerAddress) {
        if let Some(next) = self.open_seats_next.clone() {
            self.seats_page(server, next, true);
        }
    }

    fn seats_page(&mut self, server: ServerAddress, page: ListSeats, more: bool) {
        self.status = Some("Asking for the open seats…".into());
        self.spawn(move || Answer::OpenSeats {
            more,
            result: blocking(ask_page(&server, &page)),
        });
    }

    /// Takes an open seat under `name`; the game is joined once it is ours.
    pub fn take(&mut self, server: ServerAddress, seat: OpenSeat, name: Option<PlayerName>) {
        self.status = Some(format!("Taking {} in game {}…", seat.seat, seat.game));
        self.spawn(move || {
            let take = TakeSeat {
                game: seat.game.clone(),
                seat: seat.seat,
                name,
            };
            let result = blocking(ask(&server, &take));
            Answer::Took {
                server,
                seat,
                result,
            }
        });
    }

    /// Reads my games from the data directory and asks the servers how each stands.
    pub fn refresh_mine(&mut self, storage: &Storage) {
        self.mine = read_mine(storage).into_iter().map(|g| (g, None)).collect();
        for (i, (g, _)) in self.mine.iter().enumerate() {
            let g = g.clone();
            // Each game is asked on its own; the menu is not busy meanwhile.
            self.requests
                .spawn(move || Answer::Peeked(i, how_it_stands(&g)));
        }
    }

    /// Starts `camelot-server` (found beside this program) on every interface of this
    /// machine, for players on the same network; its address becomes the server's once
    /// it has said where it listens (the menu goes on meanwhile).
    pub fn start_local_server(&mut self, storage: &Storage) {
        if let Some(server) = &self.local {
            self.local_address = Some(server.address.clone());
            return;
        }
        let db = storage.store().map(|s| s.dir().join("server.db"));
        self.status = Some("Starting a server here…".into());
        self.spawn(move || Answer::LocalServer(LocalServer::start(db)));
    }
}

/// Whether it is my move in a game of mine: the server's game replayed by the engine,
/// whose turn it then is.
fn how_it_stands(g: &MyGame) -> Result<MyTurn, OnlineError> {
    let look = LookAtGame {
        game: g.game.clone(),
        token: g.tokens.first().map(|(_, t)| t.clone()),
    };
    let state = blocking(ask(&g.server, &look))?;
    let (you, view) = (state.you, state.game);
    if let Some(end) = view.result {
        return Ok(MyTurn::Over(end));
    }
    let mirror = Mirror::from_state(you, &view)?;
    let to_move = mirror.variant.rules().seat_colour(mirror.to_move());
    Ok(if g.tokens.iter().any(|(s, _)| *s == to_move) {
        MyTurn::Mine
    } else {
        MyTurn::Theirs
    })
}

/// What a server started for a program says first: where it listens.
fn mine_path(storage: &Storage) -> Option<PathBuf> {
    storage.store().map(|s| s.dir().join("online.json"))
}

fn read_mine(storage: &Storage) -> Vec<MyGame> {
    mine_path(storage)
        .and_then(|p| read_text(&p, 1 << 20).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Adds (or updates) a game of mine in the data directory's list.
pub fn remember(storage: &Storage, game: MyGame) -> Result<(), FileError> {
    let Some(path) = mine_path(storage) else {
        return Ok(());
    };
    let mut mine = read_mine(storage);
    mine.retain(|g| !(g.server == game.server && g.game == game.game));
    mine.insert(0, game);
    mine.truncate(200);
    let text = serde_json::to_string_pretty(&mine).expect("the list serialises");
    write_atomic(&path, text.as_bytes())
}

fn hear_answers(
    mut lobby: ResMut<Lobby>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut join: MessageWriter<JoinOnline>,
    storage: Res<Storage>,
) {
    for a in lobby.requests.answers() {
        // What came back is shown in the next frame, pointer or not.
        redraw.write(RequestRedraw);
        lobby.busy = false;
        match a {
            Answer::Created { request, result } => match result {
                Ok(c) => {
                    lobby.status = None;
                    lobby.created = Some(invitations(request, c));
                }
                Err(e) => lobby.status = Some(format!("The game could not be created: {e}")),
            },
            Answer::Listed {
                more,
                result: Ok(page),
            } => {
                if !more {
                    lobby.live.clear();
                }
                // A full page that was the last brings an empty one, and no next.
                lobby.live_next = page.next.filter(|_| !page.items.is_empty());
                lobby.live.extend(page.items);
                lobby.status = lobby
                    .live
                    .is_empty()
                    .then(|| "No live games on that server.".to_string());
            }
            Answer::OpenSeats {
                more,
                result: Ok(page),
            } => {
                if !more {
                    lobby.open_seats.clear();
                }
                lobby.open_seats_next = page.next.filter(|_| !page.items.is_empty());
                lobby.open_seats.extend(page.items);
                lobby.status = lobby
                    .open_seats
                    .is_empty()
                    .then(|| "No open seats on that server.".to_string());
            }
            Answer::Listed { result: Err(e), .. } | Answer::OpenSeats { result: Err(e), .. } => {
                lobby.status = Some(format!("The server: {e}"))
            }
            Answer::Took {
                server,
                seat,
                result: Ok(taken),
            } => {
                lobby.open_seats.retain(|s| s != &seat);
                let rules = seat.variant.rules();
                let mine = MyGame {
                    server: server.clone(),
                    game: taken.game.clone(),
                    variant: seat.variant,
                    time: seat.time,
                    tokens: vec![(taken.seat, taken.token.clone())],
                    seats: Vec::new(),
                };
                if let Err(e) = remember(&storage, mine) {
                    lobby.status = Some(format!("The game is not in My games: {e}"));
                }
                join.write(JoinOnline {
                    server,
                    game: taken.game,
                    tokens: vec![(rules.seat_with_colour(taken.seat), taken.token)],
                    seats: None,
                    origin: JoinOrigin::Menu,
                });
            }
            Answer::Took {
                seat,
                result: Err(e),
                ..
            } => {
                lobby.open_seats.retain(|s| s != &seat);
                lobby.status = Some(format!("{} in game {}: {e}", seat.seat, seat.game));
            }
            Answer::Peeked(i, r) => {
                if let Some(entry) = lobby.mine.get_mut(i) {
                    entry.1 = Some(r);
                }
            }
            Answer::LocalServer(Ok(server)) => {
                lobby.status = Some(format!("A server runs here: {}", server.address));
                lobby.local_address = Some(server.address.clone());
                lobby.local = Some(server);
            }
            Answer::LocalServer(Err(e)) => lobby.status = Some(e.to_string()),
        }
    }
}

/// The codes of a created game: one for each seat played elsewhere, and the tokens of
/// the seats played here.
fn invitations(creation: Creation, c: Created) -> Invitations {
    let rules = creation.variant.rules();
    let mut codes = Vec::new();
    let mut here = Vec::new();
    for p in rules.players_in_order() {
        let colour = rules.seat_colour(p);
        let Some(token) = c.seats.get(&colour) else {
            continue;
        };
        if creation.seats.get(p.0 as usize) == Some(&Seat::Remote) {
            let code = Invitation {
                server: creation.server.clone(),
                game: c.game.clone(),
                token: Some(token.clone()),
            };
            codes.push((colour, code));
        } else {
            here.push((p, token.clone()));
        }
    }
    Invitations {
        watch: Invitation {
            server: creation.server.clone(),
            game: c.game.clone(),
            token: None,
        },
        game: c.game,
        creation,
        codes,
        here,
    }
}
