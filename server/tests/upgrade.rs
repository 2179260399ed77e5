//! A server upgraded in place keeps every game: a database written by the server of
//! protocol version 1 (`data/v1-server.db`, made by that build: games ended by
//! resignation, agreement, time, abort and the board, a game still live after a
//! takeback) is opened by this one, its stored sentences become codes, and every game
//! reads back with its result, its record, its seats' tokens and its moves.

use std::path::Path;

use camelot_engine::notation::Record;
use camelot_engine::{EndReason, Outcome, SeatColour, Side};
use camelot_online::protocol::requests::{ListSeats, LookAtGame};
use camelot_online::protocol::{GameEnd, GameId, GameView, SeatToken, TimeControl};
use camelot_online::{ask, ServerAddress};
use camelot_test_support::{http_get, scratch, sqlite, Server};
use sqlx::{Connection as _, Row as _};

/// The games of the version 1 database, by how they ended.
const RESIGNED: &str = "o709mzh1";
const AGREED: &str = "16d0yg6j";
const FLAGGED: &str = "me7js00q";
const ABORTED: &str = "6wzfus94";
const LIVE: &str = "pnptunt2";
const CAMETTE: &str = "244y5wry";
const CAMETTE_WHITE: &str = "SuzeawqklwPmpE7q3QKeoTwl";

async fn state(
    url: &ServerAddress,
    game: &str,
    token: Option<&str>,
) -> (Option<SeatColour>, GameView) {
    let look = LookAtGame {
        game: GameId::parse(game).unwrap(),
        token: token.map(SeatToken::new),
    };
    let state = ask(url, &look)
        .await
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    (state.you, state.game)
}

fn record(url: &ServerAddress, game: &str) -> Record {
    let text = http_get(&url.to_string(), &format!("/games/{game}.cgn"));
    Record::import(&text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
        .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_keeps_every_game_with_its_result() {
    let dir = scratch("upgrade");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1-server.db"),
        dir.join("server.db"),
    )
    .unwrap();
    // The fixture's last move a minute ago, whatever day this runs: its live game's three
    // days have not passed.
    bring_forward(&dir, now_ms() - MINUTE_MS).await;
    let server = Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.address();
    let decided = |winner, reason| Some(GameEnd::Decided(Outcome { winner, reason }));
    for (game, end, token, tag) in [
        (
            RESIGNED,
            decided(Some(Side::Second), EndReason::Resignation),
            "0-1",
            "resignation",
        ),
        (
            AGREED,
            decided(None, EndReason::Agreement),
            "1/2-1/2",
            "agreement",
        ),
        (
            FLAGGED,
            decided(Some(Side::Second), EndReason::Time),
            "0-1",
            "time",
        ),
        (ABORTED, Some(GameEnd::Aborted), "*", "aborted"),
        (
            CAMETTE,
            decided(Some(Side::First), EndReason::GoalCastle),
            "1-0",
            "pieces in the goal castle",
        ),
    ] {
        let (_, view) = state(&url, game, None).await;
        assert_eq!(view.result, end, "{game}");
        let rec = record(&url, game);
        assert_eq!(rec.result, token, "{game}: the record keeps its result");
        assert_eq!(rec.tag("Termination"), Some(tag), "{game}");
    }
    // A seat's token from before still holds its seat; the finished game's moves are all
    // there.
    let (you, view) = state(&url, CAMETTE, Some(CAMETTE_WHITE)).await;
    assert_eq!(you, Some(SeatColour::White));
    assert_eq!(view.moves.len(), 15);
    // The live game, after its takeback, goes on where it stood.
    let (_, live) = state(&url, LIVE, None).await;
    let moves: Vec<&str> = live.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(moves, ["F6-F8", "F11-F9"]);
    assert_eq!(live.time, TimeControl::Days { days: 3 });
    assert_eq!(live.result, None);
    drop(server);

    // What is stored now is codes, never the sentences a person reads.
    let mut db = sqlx::SqliteConnection::connect(&sqlite(&dir))
        .await
        .unwrap();
    let reasons: Vec<(String, String)> =
        sqlx::query_as("SELECT id, reason FROM games WHERE status = 'over' ORDER BY id")
            .fetch_all(&mut db)
            .await
            .unwrap();
    for (id, reason) in &reasons {
        assert!(
            reason == "aborted" || EndReason::from_code(reason).is_some(),
            "{id}: '{reason}' is not a code"
        );
    }
    assert!(
        reasons.iter().any(|(_, r)| r == "goal_castle"),
        "{reasons:?}"
    );
}

/// An older server on a database a newer one has brought forward refuses to start, says
/// why in a sentence, and leaves the database as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_server_refuses_a_newer_database_and_changes_nothing() {
    let dir = scratch("downgrade");
    let server = Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.address();
    let made = camelot_test_support::online::create(
        &url,
        camelot_engine::Variant::Camette,
        TimeControl::Untimed,
    )
    .await;
    drop(server);
    // What a newer server's next schema change leaves in the migrations' table.
    let mut db = sqlx::SqliteConnection::connect(&sqlite(&dir))
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99990101000000, 'from a newer server', TRUE, X'00', 1)",
    )
    .execute(&mut db)
    .await
    .unwrap();
    let before = contents(&mut db).await;
    db.close().await.unwrap();

    let out = std::process::Command::new(env!("CARGO_BIN_EXE_camelot-server"))
        .args([
            "--no-tv",
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&dir),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        said.trim(),
        format!(
            "camelot-server: this database was brought forward by a newer camelot-server (it \
             has schema change 99990101000000, which camelot-server {} does not know): run \
             that newer version again; nothing was changed",
            env!("CARGO_PKG_VERSION")
        )
    );
    let mut db = sqlx::SqliteConnection::connect(&sqlite(&dir))
        .await
        .unwrap();
    let after = contents(&mut db).await;
    assert_eq!(after, before, "the database is unchanged");
    assert!(
        after.1.contains(&made.game.to_string()),
        "the game is there for the newer server: {after:?}"
    );
}

/// The schema changes applied, and every game's id.
async fn contents(db: &mut sqlx::SqliteConnection) -> (Vec<i64>, Vec<String>) {
    let versions: Vec<(i64,)> =
        sqlx::query_as("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut *db)
            .await
            .unwrap();
    let games: Vec<(String,)> = sqlx::query_as("SELECT id FROM games ORDER BY id")
        .fetch_all(&mut *db)
        .await
        .unwrap();
    (
        versions.into_iter().map(|v| v.0).collect(),
        games.into_iter().map(|g| g.0).collect(),
    )
}

/// A database made by the released 0.1.0 server (`data/v0.1.0/`, made by that build:
/// a finished game between two named computer players, a live game on a clock, an
/// unplayed Grand Cam game by correspondence, an open seat, a game against the server's
/// computer) opens in this one with every game: its moves, names, result, variant and
/// time as 0.1.0 recorded them, its seats' tokens holding their seats, the open seat
/// still open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_0_1_0_release_keeps_every_game() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v0.1.0");
    let dir = scratch("upgrade-0.1.0");
    std::fs::copy(data.join("server.db"), dir.join("server.db")).unwrap();
    // As if the fixture were made a minute ago: its clocks have not run out, and its
    // unjoined games are not yet forgotten, whatever day this runs.
    bring_forward(&dir, now_ms() - MINUTE_MS).await;
    let server = Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.address();
    let created = std::fs::read_to_string(data.join("games.txt")).unwrap();
    let mut checked = 0;
    for line in created.lines() {
        let (_, answer) = line.split_once('=').unwrap();
        let answer: serde_json::Value = serde_json::from_str(answer).unwrap();
        let game = answer["game"].as_str().unwrap();
        let text = std::fs::read_to_string(data.join(format!("{game}.cgn"))).unwrap();
        let then = Record::import(&text).unwrap().0;
        let now = record(&url, game);
        let moves = |r: &Record| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(moves(&now), moves(&then), "{game}'s moves");
        for tag in ["Variant", "TimeControl", "Round"] {
            assert_eq!(now.tag(tag), then.tag(tag), "{game}'s {tag}");
        }
        for seat in ["White", "Black", "Red", "Green", "Blue", "Yellow"] {
            if let Some(name) = then.tag(seat).filter(|n| *n != "?") {
                assert_eq!(now.tag(seat), Some(name), "{game}'s {seat}");
            }
        }
        assert_eq!(now.result, then.result, "{game}'s result");
        assert_eq!(now.tag("Termination"), then.tag("Termination"), "{game}");
        for (seat, token) in answer["seats"].as_object().unwrap() {
            let (you, _) = state(&url, game, token.as_str()).await;
            let you = you.map(|c| c.to_string());
            assert_eq!(
                you.as_deref(),
                Some(seat.as_str()),
                "{game}: {seat}'s token"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
    let open = ask(&url, &ListSeats::default()).await.unwrap();
    assert!(
        open.iter()
            .any(|s| s.game.to_string() == "vp8frzti" && s.seat == SeatColour::Black),
        "{open:?}"
    );
}

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 3_600_000;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// Moves every time a copied fixture holds (each table's `*_at` column, unix
/// milliseconds) by one amount, so that its latest move was made at `latest`: the
/// fixture's games stand as they did when it was made, however long ago that was, and a
/// test of time passing says how much passed.
async fn bring_forward(dir: &Path, latest: i64) {
    let mut db = sqlx::SqliteConnection::connect(&sqlite(dir)).await.unwrap();
    let (made,): (i64,) = sqlx::query_as("SELECT MAX(last_move_at) FROM games")
        .fetch_one(&mut db)
        .await
        .unwrap();
    let by = latest - made;
    let tables: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table'")
            .fetch_all(&mut db)
            .await
            .unwrap();
    let mut moved = 0;
    for (table,) in tables {
        let columns = sqlx::query(&format!("PRAGMA table_info({table})"))
            .fetch_all(&mut db)
            .await
            .unwrap();
        for column in columns {
            let name: String = column.get("name");
            if name.ends_with("_at") {
                sqlx::query(&format!(
                    "UPDATE {table} SET {name} = {name} + $1 WHERE {name} IS NOT NULL"
                ))
                .bind(by)
                .execute(&mut db)
                .await
                .unwrap();
                moved += 1;
            }
        }
    }
    assert!(moved >= 3, "the fixture's times were found");
    db.close().await.unwrap();
}

/// A game by correspondence whose days ran out while the server was stopped is decided
/// on time when the server opens its database again: the side that did not move in its
/// three days loses, the record says so, and the games whose time had not run out (the
/// untimed, and the one on a clock within its time) are as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_whose_days_ran_out_while_the_server_was_stopped_is_lost_on_time() {
    let dir = scratch("upgrade-days-passed");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1-server.db"),
        dir.join("server.db"),
    )
    .unwrap();
    // White, to move after F6-F8 F11-F9, had three days; the server was stopped for
    // three days and an hour.
    bring_forward(&dir, now_ms() - 3 * DAY_MS - 60 * MINUTE_MS).await;
    let server = Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.address();
    // The server's sweep of the clocks (four times a second) finds it.
    let mut live = state(&url, LIVE, None).await.1;
    let looking = std::time::Instant::now();
    while live.result.is_none() && looking.elapsed() < std::time::Duration::from_secs(20) {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        live = state(&url, LIVE, None).await.1;
    }
    assert_eq!(live.moves.len(), 2, "no move is lost");
    assert_eq!(
        live.result,
        Some(GameEnd::Decided(Outcome {
            winner: Some(Side::Second),
            reason: EndReason::Time,
        })),
        "White, to move, let its three days pass"
    );
    let rec = record(&url, LIVE);
    assert_eq!(rec.result, "0-1");
    assert_eq!(rec.tag("Termination"), Some("time"));
    // The untimed game that was waiting for its second seat still waits.
    let (_, untimed) = state(&url, "xl9raz4c", None).await;
    assert_eq!(untimed.result, None);
}
