//! `online loadtest`: N games of random legal moves, C at a time, every seat on its own
//! connection as a real player would be; each move's round trip (sent to acknowledged,
//! which means stored) is timed. With `--watchers W` every game has W watchers
//! connected before its first move, each reading every message to the end. With
//! `--computer LEVEL` every other seat is the server's computer at that level (levels
//! given again take the games in turn), and the computer's wait is timed too: from a
//! person's move acknowledged to the computer's answer, a line a level. The last line is
//! `games N, moves M, errors E, p50 X ms, p99 Y ms`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use camelot_engine::{Level, NamedMove, Player, Variant};
use camelot_online::protocol::requests::{ComputerSeat, NewGame};
use camelot_online::protocol::{
    BoardView, ClientMessage, GameId, Hello, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{ask, Connection, Mirror, OnlineError, ServerAddress};
use tokio::sync::{Mutex, Semaphore};

use crate::failure::{refused, Failure};

#[derive(clap::Args)]
pub struct LoadtestArgs {
    #[arg(long)]
    server: ServerAddress,
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    concurrency: u32,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// Seeds the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Watchers on every game, connected before its first move.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    watchers: u32,
    /// Ask for the board and the legal moves as the browser page does, and check every
    /// one the server sends against this program's own engine.
    #[arg(long)]
    board: bool,
    /// The server's computer plays every other seat at this level (again for more levels:
    /// the games take them in turn).
    #[arg(long, value_name = "LEVEL")]
    computer: Vec<Level>,
}

/// What the games measured.
#[derive(Default)]
struct Tally {
    round_trips: Vec<Duration>,
    /// The computer's waits, by its level's name.
    waits: Vec<(&'static str, Vec<Duration>)>,
    errors: u64,
    first_errors: Vec<String>,
}

/// The value at fraction `p` of sorted `v`, in milliseconds (0 for none).
fn percentile(v: &[Duration], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let i = ((v.len() as f64 * p).ceil() as usize).clamp(1, v.len()) - 1;
    v[i].as_secs_f64() * 1000.0
}

impl Tally {
    fn waited(&mut self, level: Level, waits: Vec<Duration>) {
        match self.waits.iter_mut().find(|(name, _)| *name == level.name) {
            Some((_, v)) => v.extend(waits),
            None => self.waits.push((level.name, waits)),
        }
    }

    fn error(&mut self, e: String) {
        self.errors += 1;
        if self.first_errors.len() < 5 {
            self.first_errors.push(e);
        }
    }
}

impl LoadtestArgs {
    pub fn run(self) -> Result<(), Failure> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(|e| refused(format!("cannot start a runtime: {e}")))?;
        let started = Instant::now();
        let tally = runtime.block_on(self.drive());
        let elapsed = started.elapsed();
        let mut trips = tally.round_trips;
        trips.sort();
        let pct = |p: f64| percentile(&trips, p);
        for e in &tally.first_errors {
            eprintln!("error: {e}");
        }
        for level in &self.computer {
            let Some((_, waits)) = tally.waits.iter().find(|(n, _)| *n == level.name) else {
                continue;
            };
            let mut waits = waits.clone();
            waits.sort();
            out!(
                "computer {}: turns {}, wait p50 {:.1} ms, p99 {:.1} ms",
                level.name,
                waits.len(),
                percentile(&waits, 0.50),
                percentile(&waits, 0.99)
            );
        }
        out!(
            "{:.1} s, {:.0} moves/s",
            elapsed.as_secs_f64(),
            trips.len() as f64 / elapsed.as_secs_f64().max(1e-9)
        );
        out!(
            "games {}, moves {}, errors {}, p50 {:.1} ms, p99 {:.1} ms",
            self.games,
            trips.len(),
            tally.errors,
            pct(0.50),
            pct(0.99)
        );
        Ok(())
    }

    async fn drive(&self) -> Tally {
        let tally = Arc::new(Mutex::new(Tally::default()));
        let gate = Arc::new(Semaphore::new(self.concurrency as usize));
        let mut games = Vec::new();
        for g in 0..self.games {
            let permit = gate
                .clone()
                .acquire_owned()
                .await
                .expect("the gate stays open");
            let (server, variant, tally) = (self.server.clone(), self.variant, tally.clone());
            let seed = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g as u64;
            let how = How {
                watchers: self.watchers,
                board: self.board,
                computer: (!self.computer.is_empty())
                    .then(|| self.computer[g as usize % self.computer.len()]),
            };
            games.push(tokio::spawn(async move {
                if let Err(e) = one_game(&server, variant, seed, how, &tally).await {
                    tally.lock().await.error(e.to_string());
                }
                drop(permit);
            }));
        }
        for g in games {
            let _ = g.await;
        }
        Arc::try_unwrap(tally).map_or_else(|_| Tally::default(), Mutex::into_inner)
    }
}

/// How each game of the load test is played.
#[derive(Clone, Copy)]
struct How {
    watchers: u32,
    board: bool,
    /// The level the server's computer plays every other seat at, if it plays.
    computer: Option<Level>,
}

async fn one_game(
    server: &ServerAddress,
    variant: Variant,
    seed: u64,
    how: How,
    tally: &Mutex<Tally>,
) -> Result<(), OnlineError> {
    let rules = variant.rules();
    // The second seat of each pair: Black, or Green and Yellow.
    let computer = how
        .computer
        .map(|level| {
            rules
                .players_in_order()
                .filter(|p| p.0 % 2 == 1)
                .map(|p: Player| ComputerSeat {
                    seat: rules.seat_colour(p),
                    level,
                })
                .collect()
        })
        .unwrap_or_default();
    let new = NewGame {
        computer,
        ..NewGame::new(variant, TimeControl::Untimed)
    };
    let created = ask(server, &new).await?;
    let mut watching = Vec::new();
    for _ in 0..how.watchers {
        let mut c = Connection::open(server).await?;
        c.send(&Hello::watch(&created.game).into()).await?;
        while !matches!(c.recv().await?, ServerMessage::State { .. }) {}
        // Each reads to the game's end, as a window showing it would.
        watching.push(tokio::spawn(async move {
            while let Ok(m) = c.recv().await {
                if let ServerMessage::Ended { .. } = m {
                    break;
                }
            }
            c.close().await;
        }));
    }
    let mut seats = Vec::new();
    for (i, token) in created.seats.values().cloned().enumerate() {
        let (server, game) = (server.clone(), created.game.clone());
        let seed = seed ^ (i as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
        // Each seat waits for the others' moves, so they all run at once.
        let board = how.board;
        seats.push(tokio::spawn(async move {
            play_seat(&server, &game, &token, seed, board).await
        }));
    }
    for seat in seats {
        let result = seat.await;
        let mut t = tally.lock().await;
        match result {
            Ok(Ok((trips, waits, refused))) => {
                t.round_trips.extend(trips);
                if let Some(level) = how.computer {
                    t.waited(level, waits);
                }
                for r in refused {
                    t.error(r);
                }
            }
            Ok(Err(e)) => t.error(e.to_string()),
            Err(e) => t.error(format!("a seat's task failed: {e}")),
        }
    }
    for w in watching {
        let _ = w.await;
    }
    Ok(())
}

/// Why a seat of the load test stopped before its game's end.
#[derive(Debug)]
enum SeatError {
    Online(OnlineError),
    /// Nothing heard for this long.
    Silent(Duration),
    /// The server acknowledged a ply it never sent.
    Unsent {
        ply: usize,
    },
    /// The board or the legal moves the server sent are not this program's engine's.
    Disagrees {
        ply: usize,
    },
}

impl std::fmt::Display for SeatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatError::Online(e) => e.fmt(f),
            SeatError::Silent(d) => write!(f, "nothing heard in {} s", d.as_secs()),
            SeatError::Unsent { ply } => write!(f, "ply {ply} acknowledged, never sent"),
            SeatError::Disagrees { ply } => write!(
                f,
                "at ply {ply} the server's board or legal moves are not the engine's here"
            ),
        }
    }
}

impl From<OnlineError> for SeatError {
    fn from(e: OnlineError) -> Self {
        SeatError::Online(e)
    }
}

impl From<camelot_online::MirrorError> for SeatError {
    fn from(e: camelot_online::MirrorError) -> Self {
        SeatError::Online(e.into())
    }
}

/// What a seat measured: its moves' round trips, the waits for the move after each of
/// its own (the computer's, where it plays the next seat), and the moves refused.
type SeatTally = (Vec<Duration>, Vec<Duration>, Vec<String>);

/// One seat: random legal moves on its turns until the game ends; each move's round
/// trip, the wait for the next seat's move, and the moves the server refused.
async fn play_seat(
    server: &ServerAddress,
    game: &GameId,
    token: &SeatToken,
    seed: u64,
    board: bool,
) -> Result<SeatTally, SeatError> {
    let mut c = Connection::open(server).await?;
    let hello = Hello::seat(game, Some(token), None);
    c.send(&if board { hello.with_board() } else { hello }.into())
        .await?;
    let mut mirror = loop {
        match c.recv().await? {
            ServerMessage::State { you, game, .. } => {
                let mirror = Mirror::from_state(you, &game)?;
                agrees(&mirror, game.board.as_ref(), &game.legal, board)?;
                break mirror;
            }
            ServerMessage::Error { code, message } => {
                return Err(OnlineError::Refused { code, message }.into())
            }
            _ => {}
        }
    };
    let mut rng = seed | 1;
    let (mut trips, mut waits, mut refused) = (Vec::new(), Vec::new(), Vec::new());
    // The ply the next seat's answer will be, and since when it is awaited.
    let mut awaited: Option<(usize, Instant)> = None;
    let mut id = 0;
    let timeout = Duration::from_secs(30);
    while !mirror.is_over() {
        if mirror.my_turn() {
            let pos = mirror.game.position();
            let legal = pos.legal_moves();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let m = *legal.get((rng % legal.len() as u64) as usize);
            let mv = pos.name_move(&m).expect("a legal move has a name");
            id += 1;
            let sent = Instant::now();
            let ply = mirror.game.ply();
            c.send(&ClientMessage::Move {
                id,
                ply: ply as u32,
                mv,
            })
            .await?;
            // Until our ack or refusal, follow the game.
            loop {
                let message = tokio::time::timeout(timeout, c.recv())
                    .await
                    .map_err(|_| SeatError::Silent(timeout))??;
                match &message {
                    ServerMessage::Ack { id: a, .. } if *a == id => {
                        trips.push(sent.elapsed());
                    }
                    ServerMessage::Rejected { id: r, reason, .. } if *r == id => {
                        refused.push(format!("game {game}: {reason}"));
                        return Ok((trips, waits, refused));
                    }
                    _ => {}
                }
                mirror.apply(&message)?;
                checked(&mirror, &message, board)?;
                // The server sends the move itself before its ack: once acknowledged, it
                // is in the copy.
                if matches!(message, ServerMessage::Ack { .. }) {
                    if mirror.game.ply() <= ply {
                        return Err(SeatError::Unsent { ply });
                    }
                    awaited = Some((ply + 1, Instant::now()));
                    break;
                }
            }
        } else {
            let message = tokio::time::timeout(timeout, c.recv())
                .await
                .map_err(|_| SeatError::Silent(timeout))??;
            if let (ServerMessage::Moved { ply, .. }, Some((answer, since))) = (&message, awaited) {
                if *ply as usize == answer {
                    waits.push(since.elapsed());
                    awaited = None;
                }
            }
            mirror.apply(&message)?;
            checked(&mirror, &message, board)?;
        }
    }
    c.close().await;
    Ok((trips, waits, refused))
}

/// A move's board and legal moves, where the server sent them, are the engine's here.
fn checked(mirror: &Mirror, m: &ServerMessage, asked: bool) -> Result<(), SeatError> {
    match m {
        ServerMessage::Moved { board, legal, .. } if board.is_some() || !asked => {
            agrees(mirror, board.as_deref(), legal, asked)
        }
        ServerMessage::State { game, .. } => {
            agrees(mirror, game.board.as_ref(), &game.legal, asked)
        }
        _ => Ok(()),
    }
}

/// What the server sent of the board (asked for, or not) against this engine's answer.
fn agrees(
    mirror: &Mirror,
    board: Option<&BoardView>,
    legal: &[NamedMove],
    asked: bool,
) -> Result<(), SeatError> {
    let ply = mirror.game.ply();
    // The server ends a game on its automatic draws as the move is stored, before it
    // says so: the engine here does the same.
    let mut game = mirror.game.clone();
    if let (Some(draw), None) = (game.automatic_draw(), game.outcome()) {
        game.declare(draw);
    }
    let expected = asked.then(|| BoardView::of(&game));
    let expected_legal = if asked {
        BoardView::legal(&game)
    } else {
        Vec::new()
    };
    if board.cloned() == expected && legal == expected_legal.as_slice() {
        Ok(())
    } else {
        Err(SeatError::Disagrees { ply })
    }
}
