//! No acknowledged move is lost, whatever dies when: games played fast while the server
//! is killed with SIGKILL, then restarted on the same database and port. Every move the
//! server acknowledged is in the game it serves after the restart, and the games are
//! played on to their end. A real server process on loopback.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use camelot_engine::{NamedMove, SeatColour, Variant};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, Hello, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{Connection, Mirror, ServerAddress};
use camelot_test_support::online::{create, join};
use camelot_test_support::{scratch, sqlite, Server};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

/// Plays every seat of a game with random legal moves until `stop` says so or the
/// game ends; returns the acknowledged plies, in order.
async fn play(
    url: ServerAddress,
    game: GameId,
    tokens: Vec<SeatToken>,
    acked: Arc<AtomicUsize>,
    budget: usize,
) -> Vec<NamedMove> {
    let mut conns = Vec::new();
    let mut mirror = None;
    for t in &tokens {
        let (c, state) = join(&url, Hello::seat(&game, Some(t), None)).await;
        let ServerMessage::State { you, game, .. } = state else {
            panic!("{state:?}")
        };
        mirror = Some(Mirror::from_state(you, &game).unwrap());
        conns.push(c);
    }
    let mut mirror = mirror.unwrap();
    let mut mine = Vec::new();
    let mut rng = game
        .as_str()
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
    let mut id = 0;
    while !mirror.game.is_over() && mine.len() < budget {
        let seat = mirror.to_move().0 as usize;
        let pos = mirror.game.position();
        let legal = pos.legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = *legal.get((rng % legal.len() as u64) as usize);
        let named = pos.name_move(&m).unwrap();
        id += 1;
        let c = &mut conns[seat];
        if c.send(&ClientMessage::Move {
            id,
            ply: mirror.game.ply() as u32,
            mv: named.clone(),
        })
        .await
        .is_err()
        {
            break;
        }
        let acknowledged = loop {
            match c.recv().await {
                Ok(ServerMessage::Ack { id: a, .. }) if a == id => break true,
                // The server's automatic draws (fivefold repetition, 150 moves without
                // progress) end games the engine's own rules leave open.
                Ok(ServerMessage::Rejected {
                    code: ErrorCode::GameOver,
                    ..
                }) => return mine,
                Ok(ServerMessage::Rejected { reason, .. }) => panic!("refused: {reason}"),
                Ok(_) => continue,
                Err(_) => break false,
            }
        };
        if !acknowledged {
            break;
        }
        mirror.game.play(&m).unwrap();
        mine.push(named);
        acked.fetch_add(1, Ordering::Relaxed);
    }
    mine
}

/// The game's plies as the server has them, and whether it has ended.
async fn state_of(url: &ServerAddress, game: &GameId) -> (Vec<NamedMove>, bool) {
    let mut c = Connection::open(url).await.unwrap();
    c.send(&Hello::watch(game).into()).await.unwrap();
    loop {
        if let ServerMessage::State { game, .. } = c.recv().await.unwrap() {
            return (game.moves, game.result.is_some());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_server_keeps_every_acknowledged_move() {
    let dir = scratch("durability");
    let db = sqlite(&dir);
    let mut server = Server::start(bin(), &db, "127.0.0.1:0");
    let url = server.address();
    let acked = Arc::new(AtomicUsize::new(0));
    let mut games = Vec::new();
    for _ in 0..4 {
        let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
        let tokens = vec![
            created.seats[&SeatColour::White].clone(),
            created.seats[&SeatColour::Black].clone(),
        ];
        let task = tokio::spawn(play(
            url.clone(),
            created.game.clone(),
            tokens.clone(),
            acked.clone(),
            usize::MAX,
        ));
        games.push((created.game, tokens, task));
    }
    // Kill while the games are in full flight.
    let deadline = Instant::now() + Duration::from_secs(60);
    while acked.load(Ordering::Relaxed) < 150 {
        assert!(Instant::now() < deadline, "the games did not get going");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.kill();
    let killed_at = acked.load(Ordering::Relaxed);
    let mut before = Vec::new();
    for (game, tokens, task) in games {
        before.push((game, tokens, task.await.unwrap()));
    }
    assert!(before.iter().all(|(_, _, m)| !m.is_empty()));

    // Restarted on the same database and port: every acknowledged move is there, and at
    // most the one move in flight at the kill besides.
    let restarted = Instant::now();
    let server = Server::start(bin(), &db, &format!("127.0.0.1:{}", server.port));
    eprintln!(
        "restarted in {:?}; {killed_at} moves acknowledged before the kill",
        restarted.elapsed()
    );
    for (game, tokens, acked_moves) in &before {
        let (stored, _) = state_of(&server.address(), game).await;
        assert!(
            stored.len() >= acked_moves.len(),
            "{game}: {} stored, {} acknowledged",
            stored.len(),
            acked_moves.len()
        );
        assert_eq!(&stored[..acked_moves.len()], &acked_moves[..], "{game}");
        assert!(
            stored.len() <= acked_moves.len() + 1,
            "{game}: a move nobody sent"
        );
        // And the game goes on to its end.
        let more = play(
            server.address(),
            game.clone(),
            tokens.clone(),
            acked.clone(),
            usize::MAX,
        )
        .await;
        let (after, ended) = state_of(&server.address(), game).await;
        assert_eq!(after.len(), stored.len() + more.len(), "{game}");
        assert!(ended, "{game} was played to its end");
    }
}
