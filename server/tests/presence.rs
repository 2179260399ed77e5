//! Who is around, against real server processes on loopback: the site socket tells its
//! account's challenges as they change and keeps the account online, and so does a game
//! socket opened on an account; a closed socket
//! leaves a "last seen"; an ended session closes it, saying why; the players waiting for
//! a quick game are listed and joined; across two processes on PostgreSQL a player
//! connected to one is online on the other and hears a challenge sent through it.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::Variant;
use camelot_online::protocol::accounts::{AccountName, AccountToken, LogOut, LookAtPlayer};
use camelot_online::protocol::challenges::{
    CancelChallenge, ChallengeList, ColourChoice, NewChallenge,
};
use camelot_online::protocol::pairing::{Pairing, QuickGame};
use camelot_online::protocol::site::{LookAround, SiteClientMessage, SiteServerMessage};
use camelot_online::protocol::{ErrorCode, SessionEnd, TimeControl};
use camelot_online::{ask, ask_as, ServerAddress, SiteConnection};
use camelot_test_support::online::{signed_up, sqlite_server_with};
use camelot_test_support::{postgres_url, Server};

#[path = "shared/databases.rs"]
mod databases;
use databases::{drop_database, fresh_database};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

const PASSWORD: &str = "round table";

/// Well inside the quarter second a process's watch takes, and its ten seconds between
/// marks, on a busy machine: heard sooner than this was told at once.
const AT_ONCE: Duration = Duration::from_secs(5);

fn name(n: &str) -> AccountName {
    AccountName::parse(n).unwrap()
}

fn five_three() -> TimeControl {
    TimeControl::Clock {
        minutes: 5,
        increment: 3,
    }
}

/// The next list of challenges the socket hears, within `AT_ONCE`.
async fn challenges(site: &mut SiteConnection) -> ChallengeList {
    loop {
        match tokio::time::timeout(AT_ONCE, site.recv()).await {
            Ok(Ok(SiteServerMessage::Challenges(list))) => return list,
            Ok(Ok(SiteServerMessage::Pong { .. })) => continue,
            other => panic!("challenges, not {other:?}"),
        }
    }
}

/// Whether `who`'s page says online, and when last seen.
async fn presence_of(url: &ServerAddress, who: &str) -> (bool, Option<i64>) {
    let p = ask(url, &LookAtPlayer { name: name(who) }).await.unwrap();
    (p.online, p.seen_at)
}

/// Waits until `who`'s page says `online`, within `AT_ONCE`.
async fn until_online(url: &ServerAddress, who: &str, online: bool) {
    let start = Instant::now();
    while presence_of(url, who).await.0 != online {
        assert!(start.elapsed() < AT_ONCE, "{who} online: {online}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn challenge(url: &ServerAddress, from: &AccountToken, to: &str) -> NewChallenge {
    let c = NewChallenge {
        to: name(to),
        variant: Variant::Camelot,
        time: five_three(),
        rated: false,
        colour: ColourChoice::Random,
        against: Vec::new(),
    };
    ask_as(url, Some(from), &c).await.unwrap();
    c
}

/// Lancelot's site socket hears his (empty) challenges at once, then Gawain's challenge
/// and its cancelling as they happen; answers a ping; makes him online (his page, `GET
/// /online`) until it closes, when his page says when he was last seen; a second socket
/// is closed with the reason when he logs out; a socket without a session is told to log
/// in.
async fn a_site_socket_hears_its_challenges_and_keeps_its_player_online() {
    let server = sqlite_server_with(bin(), "presence-site", &[]);
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&url, "Lancelot", PASSWORD).await;
    assert_eq!(presence_of(&url, "Lancelot").await, (false, None));
    let mut site = SiteConnection::open(&url, &lancelot).await.unwrap();
    let first = challenges(&mut site).await;
    assert!(first.incoming.is_empty() && first.outgoing.is_empty());
    until_online(&url, "Lancelot", true).await;
    let around = ask(&url, &LookAround {}).await.unwrap();
    assert_eq!((around.online, around.players), (1, vec![name("Lancelot")]));
    let sent = Instant::now();
    challenge(&url, &gawain, "Lancelot").await;
    let heard = challenges(&mut site).await;
    assert!(sent.elapsed() < AT_ONCE);
    assert_eq!(heard.incoming.len(), 1, "{heard:?}");
    assert_eq!(heard.incoming[0].from, name("Gawain"));
    let id = heard.incoming[0].id.clone();
    ask_as(&url, Some(&gawain), &CancelChallenge { id })
        .await
        .unwrap();
    assert!(challenges(&mut site).await.incoming.is_empty());
    site.send(&SiteClientMessage::Ping { n: 7 }).await.unwrap();
    let pong = tokio::time::timeout(AT_ONCE, site.recv()).await.unwrap();
    assert_eq!(pong.unwrap(), SiteServerMessage::Pong { n: 7 });
    site.close().await;
    until_online(&url, "Lancelot", false).await;
    assert!(presence_of(&url, "Lancelot").await.1.is_some(), "last seen");
    assert_eq!(ask(&url, &LookAround {}).await.unwrap().online, 0);
    // Logged out: the socket is told why and closed.
    let mut again = SiteConnection::open(&url, &lancelot).await.unwrap();
    challenges(&mut again).await;
    ask_as(&url, Some(&lancelot), &LogOut {}).await.unwrap();
    let told = tokio::time::timeout(AT_ONCE, again.recv()).await.unwrap();
    assert!(
        matches!(
            told,
            Ok(SiteServerMessage::SignedOut {
                why: SessionEnd::LoggedOut,
                ..
            })
        ),
        "{told:?}"
    );
    let mut stranger = SiteConnection::open(&url, &lancelot).await.unwrap();
    let refused = tokio::time::timeout(AT_ONCE, stranger.recv())
        .await
        .unwrap();
    assert!(
        matches!(
            refused,
            Ok(SiteServerMessage::Error {
                code: ErrorCode::NotSignedIn,
                ..
            })
        ),
        "{refused:?}"
    );
}

/// Lancelot waits for a quick game of Camette 5+3: `GET /online` lists him with his
/// rating, variant and time; Gawain asks for the same game and is paired with him.
async fn a_player_waiting_for_a_quick_game_is_listed_and_joined() {
    let server = sqlite_server_with(bin(), "presence-waiting", &[]);
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&url, "Lancelot", PASSWORD).await;
    let quick = QuickGame {
        variant: Variant::Camette,
        time: five_three(),
    };
    let (u, t, q) = (url.clone(), lancelot.clone(), quick.clone());
    let waiting = tokio::spawn(async move { ask_as(&u, Some(&t), &q).await.unwrap() });
    let start = Instant::now();
    let listed = loop {
        let around = ask(&url, &LookAround {}).await.unwrap();
        if let Some(w) = around.waiting.first() {
            break w.clone();
        }
        assert!(start.elapsed() < AT_ONCE, "Lancelot listed as waiting");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        (listed.name, listed.rating, listed.variant, listed.time),
        (name("Lancelot"), 1500, Variant::Camette, five_three())
    );
    let mine = ask_as(&url, Some(&gawain), &quick).await.unwrap();
    let theirs = waiting.await.unwrap();
    let (Pairing::Paired { game: a, seat: x }, Pairing::Paired { game: b, seat: y }) =
        (mine, theirs)
    else {
        panic!("both paired");
    };
    assert!(a == b && x != y);
    assert!(ask(&url, &LookAround {}).await.unwrap().waiting.is_empty());
}

/// Two processes on one PostgreSQL: Lancelot's site socket on B makes him online on A
/// too, and a challenge Gawain sends through A reaches that socket on B.
async fn a_player_connected_to_one_process_is_around_on_the_other() {
    let test = "a_player_connected_to_one_process_is_around_on_the_other";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let db_name = format!("camelot_presence_{}", std::process::id());
    let db = fresh_database(&admin, &db_name).await;
    let a = Server::start(bin(), &db, "127.0.0.1:0");
    let b = Server::start(bin(), &db, "127.0.0.1:0");
    let (a_url, b_url) = (a.address(), b.address());
    let gawain = signed_up(&a_url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&b_url, "Lancelot", PASSWORD).await;
    let mut site = SiteConnection::open(&b_url, &lancelot).await.unwrap();
    challenges(&mut site).await;
    until_online(&a_url, "Lancelot", true).await;
    assert_eq!(ask(&a_url, &LookAround {}).await.unwrap().online, 1);
    challenge(&a_url, &gawain, "Lancelot").await;
    let heard = challenges(&mut site).await;
    assert_eq!(
        heard.incoming.first().map(|c| c.from.clone()),
        Some(name("Gawain"))
    );
    site.close().await;
    drop((a, b));
    drop_database(&admin, &db_name).await;
}

/// A program (or the 3D game) playing keeps no site socket: its game socket, opened on
/// its account's session, counts it online, and closed leaves a "last seen"; one opened
/// with no session counts nobody.
async fn a_game_socket_on_an_account_keeps_its_player_online() {
    let server = sqlite_server_with(bin(), "presence-game", &[]);
    let url = server.address();
    let tor = signed_up(&url, "Tor", PASSWORD).await;
    let nobody = camelot_online::Connection::open(&url).await.unwrap();
    let around = ask(&url, &LookAround {}).await.unwrap();
    assert_eq!(around.online, 0, "a socket with no session is nobody's");
    nobody.close().await;
    let playing = camelot_online::Connection::open_as(&url, &tor)
        .await
        .unwrap();
    until_online(&url, "Tor", true).await;
    let around = ask(&url, &LookAround {}).await.unwrap();
    assert_eq!((around.online, around.players), (1, vec![name("Tor")]));
    playing.close().await;
    until_online(&url, "Tor", false).await;
    assert!(presence_of(&url, "Tor").await.1.is_some(), "last seen");
}

camelot_test_support::harness!(;
    async: a_game_socket_on_an_account_keeps_its_player_online,
    a_site_socket_hears_its_challenges_and_keeps_its_player_online,
    a_player_waiting_for_a_quick_game_is_listed_and_joined,
    a_player_connected_to_one_process_is_around_on_the_other
);
