//! The menu's online side, behind the screens: requests to a server run on threads of
//! their own (the menu never waits on the network), a local server started for a LAN
//! evening, and "my games": the online games this machine holds seats in, kept in the
//! data directory (`online.json`) so that slow games over days are found again.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};

use bevy::prelude::*;
use camelot_engine::{Player, Variant};
use camelot_online::protocol::{GameSummary, TimeControl};
use camelot_online::{create_game_blocking, list_games_blocking, peek_game_blocking, Created};
use serde::{Deserialize, Serialize};

use super::invite;
use crate::play::session::Seat;
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>()
        .add_systems(Update, hear_answers);
}

/// A game this machine holds seats in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyGame {
    pub server: String,
    pub game: String,
    pub variant: String,
    pub time: TimeControl,
    /// Seat name and token of each seat held here.
    pub tokens: Vec<(String, String)>,
    /// Seats by turn order as this machine seats them (`human`, `ai:club`, `remote`).
    pub seats: Vec<String>,
}

/// What a background request came back with.
enum Answer {
    Created {
        request: Creation,
        result: Result<Created, String>,
    },
    Listed(Result<Vec<GameSummary>, String>),
    /// For game `index` of my games: whether it is my move, or why that is unknown.
    Peeked(usize, Result<MyTurn, String>),
}

/// How a game of mine stands.
#[derive(Clone, Debug, PartialEq)]
pub enum MyTurn {
    Mine,
    Theirs,
    Over(String),
}

/// A game asked for: its variant, time and who sits where.
#[derive(Clone, Debug)]
pub struct Creation {
    pub server: String,
    pub variant: Variant,
    pub time: TimeControl,
    pub seats: Vec<Seat>,
}

/// A game created, with the codes to send for the seats played elsewhere.
#[derive(Clone, Debug)]
pub struct Invitations {
    pub creation: Creation,
    pub game: String,
    /// (seat name, seat code) for every seat marked to be played elsewhere.
    pub codes: Vec<(String, String)>,
    pub watch: String,
    /// The tokens of the seats played here.
    pub here: Vec<(Player, String)>,
}

#[derive(Resource)]
pub struct Lobby {
    tx: Sender<Answer>,
    rx: std::sync::Mutex<Receiver<Answer>>,
    /// A request on its way.
    pub busy: bool,
    /// The last thing to tell the player.
    pub status: Option<String>,
    pub created: Option<Invitations>,
    pub live: Vec<GameSummary>,
    pub mine: Vec<(MyGame, Option<Result<MyTurn, String>>)>,
    pub join_code: String,
    /// A server started from the menu, and its address.
    local: Option<(Child, String)>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        let (tx, rx) = channel();
        Lobby {
            tx,
            rx: std::sync::Mutex::new(rx),
            busy: false,
            status: None,
            created: None,
            live: Vec::new(),
            mine: Vec::new(),
            join_code: String::new(),
            local: None,
        }
    }
}

impl Drop for Lobby {
    fn drop(&mut self) {
        if let Some((child, _)) = &mut self.local {
            let _ = child.kill();
        }
    }
}

impl Lobby {
    fn spawn(&mut self, f: impl FnOnce() -> Answer + Send + 'static) {
        let tx = self.tx.clone();
        self.busy = true;
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
    }

    pub fn create(&mut self, c: Creation) {
        self.status = Some("Creating the game…".into());
        self.created = None;
        self.spawn(move || {
            let result = create_game_blocking(&c.server, c.variant.id(), c.time);
            Answer::Created { request: c, result }
        });
    }

    pub fn list(&mut self, server: String) {
        self.status = Some("Asking for the live games…".into());
        self.spawn(move || Answer::Listed(list_games_blocking(&server)));
    }

    /// Reads my games from the data directory and asks the servers how each stands.
    pub fn refresh_mine(&mut self, storage: &Storage) {
        self.mine = read_mine(storage).into_iter().map(|g| (g, None)).collect();
        for (i, (g, _)) in self.mine.iter().enumerate() {
            let g = g.clone();
            let tx = self.tx.clone();
            std::thread::spawn(move || {
                let token = g.tokens.first().map(|(_, t)| t.clone());
                let r =
                    peek_game_blocking(&g.server, &g.game, token.as_deref()).map(|(_, view)| {
                        match view.result {
                            Some(r) => MyTurn::Over(format!("{} ({})", r.result, r.reason)),
                            None => {
                                // Turns go round the seats in order, passes included.
                                let to_move =
                                    &view.seats[view.moves.len() % view.seats.len().max(1)];
                                if g.tokens.iter().any(|(s, _)| *s == to_move.name) {
                                    MyTurn::Mine
                                } else {
                                    MyTurn::Theirs
                                }
                            }
                        }
                    });
                let _ = tx.send(Answer::Peeked(i, r));
            });
        }
    }

    /// Starts `camelot-server` (found beside this program) on every interface of this
    /// machine, for players on the same network; its address becomes the server's.
    pub fn start_local_server(&mut self, storage: &Storage) -> Result<String, String> {
        if let Some((_, url)) = &self.local {
            return Ok(url.clone());
        }
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let server = exe.with_file_name("camelot-server");
        if !server.exists() {
            return Err(format!(
                "no camelot-server beside {} (cargo build --release -p camelot-server makes it)",
                exe.display()
            ));
        }
        let db = storage
            .store
            .as_ref()
            .map(|s| s.dir().join("server.db"))
            .ok_or("no data directory for the server's games")?;
        let mut child = Command::new(&server)
            .args(["--listen", "0.0.0.0:0", "--database"])
            .arg(format!("sqlite://{}", db.display()))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
        let mut line = String::new();
        let out = child.stdout.take().ok_or("no output from the server")?;
        std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line)
            .map_err(|e| e.to_string())?;
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse::<u16>().ok())
            .ok_or_else(|| format!("the server said '{}'", line.trim()))?;
        let url = format!("http://{}:{port}", local_address());
        self.local = Some((child, url.clone()));
        Ok(url)
    }
}

/// This machine's address on its network (what a friend on the same network types),
/// or loopback where none is found.
fn local_address() -> String {
    // Connecting a UDP socket sends nothing; it only picks the interface a route uses.
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| {
            s.connect("192.0.2.1:9")?;
            s.local_addr()
        })
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|_| "127.0.0.1".into())
}

fn mine_path(storage: &Storage) -> Option<PathBuf> {
    storage.store.as_ref().map(|s| s.dir().join("online.json"))
}

fn read_mine(storage: &Storage) -> Vec<MyGame> {
    mine_path(storage)
        .and_then(|p| camelot_engine::read_text(&p, 1 << 20).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Adds (or updates) a game of mine in the data directory's list.
pub fn remember(storage: &Storage, game: MyGame) -> Result<(), String> {
    let Some(path) = mine_path(storage) else {
        return Ok(());
    };
    let mut mine = read_mine(storage);
    mine.retain(|g| !(g.server == game.server && g.game == game.game));
    mine.insert(0, game);
    mine.truncate(200);
    let text = serde_json::to_string_pretty(&mine).expect("the list serialises");
    camelot_engine::write_atomic(&path, text.as_bytes()).map_err(|e| e.to_string())
}

fn hear_answers(mut lobby: ResMut<Lobby>) {
    let answers: Vec<Answer> = match lobby.rx.lock() {
        Ok(rx) => rx.try_iter().collect(),
        Err(_) => return,
    };
    for a in answers {
        lobby.busy = false;
        match a {
            Answer::Created { request, result } => match result {
                Ok(c) => {
                    lobby.status = None;
                    lobby.created = Some(invitations(request, c));
                }
                Err(e) => lobby.status = Some(format!("The game could not be created: {e}")),
            },
            Answer::Listed(Ok(games)) => {
                lobby.status = if games.is_empty() {
                    Some("No live games on that server.".into())
                } else {
                    None
                };
                lobby.live = games;
            }
            Answer::Listed(Err(e)) => lobby.status = Some(format!("The server: {e}")),
            Answer::Peeked(i, r) => {
                if let Some(entry) = lobby.mine.get_mut(i) {
                    entry.1 = Some(r);
                }
            }
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
        let name = rules.seat_title(p);
        let Some(token) = c.seats.get(name) else {
            continue;
        };
        if creation.seats.get(p.0 as usize) == Some(&Seat::Remote) {
            codes.push((
                name.to_string(),
                invite::seat_code(&creation.server, &c.game, token),
            ));
        } else {
            here.push((p, token.clone()));
        }
    }
    Invitations {
        watch: invite::watch_code(&creation.server, &c.game),
        game: c.game,
        creation,
        codes,
        here,
    }
}
