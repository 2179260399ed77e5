//! Challenges by name, against real server processes on loopback: a challenge reaches the
//! player waiting for news at once (on another process too, through PostgreSQL), an
//! acceptance makes one game with both seated by their accounts, and every refusal says
//! what it is.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::accounts::{AccountName, AccountToken};
use camelot_online::protocol::challenges::{
    AcceptChallenge, Acceptance, CancelChallenge, ChallengeGame, ChallengeId, ChallengeList,
    ChallengeMade, ChallengeState, ColourChoice, DeclineChallenge, DeclineReason, ListChallenges,
    LookAtChallenge, NewChallenge, SeatAnswer,
};
use camelot_online::protocol::requests::LookAtGame;
use camelot_online::protocol::{ErrorCode, TimeControl};
use camelot_online::{ask, ask_as, OnlineError, ServerAddress};
use camelot_test_support::online::{signed_up, sqlite_server_with};
use camelot_test_support::{postgres_url, Server};

#[path = "shared/databases.rs"]
mod databases;
use databases::{drop_database, fresh_database};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

const PASSWORD: &str = "round table";

/// Well inside the server's eight seconds of waiting with nothing new: an answer sooner
/// than this was woken by the news.
const WOKEN_WITHIN: Duration = Duration::from_secs(6);

fn five_three() -> TimeControl {
    TimeControl::Clock {
        minutes: 5,
        increment: 3,
    }
}

fn challenge(to: &str, rated: bool, colour: ColourChoice) -> NewChallenge {
    NewChallenge {
        to: AccountName::parse(to).unwrap(),
        variant: Variant::Camette,
        time: five_three(),
        rated,
        colour,
        against: Vec::new(),
    }
}

async fn try_send(
    url: &ServerAddress,
    from: &AccountToken,
    to: &str,
) -> Result<ChallengeMade, OnlineError> {
    ask_as(url, Some(from), &challenge(to, false, ColourChoice::Random)).await
}

async fn send(url: &ServerAddress, from: &AccountToken, to: &str) -> ChallengeId {
    try_send(url, from, to).await.unwrap().challenge
}

/// The refusal's code and words.
fn refusal<T: std::fmt::Debug>(r: Result<T, OnlineError>) -> (ErrorCode, String) {
    match r {
        Err(OnlineError::Refused { code, message }) => (code, message),
        other => panic!("refused, not {other:?}"),
    }
}

/// Asks for `token`'s challenges, waiting for news after `since`, in a task: its
/// answer and how long it took.
fn wait_for_news(
    url: &ServerAddress,
    token: &AccountToken,
    since: i64,
) -> tokio::task::JoinHandle<(ChallengeList, Duration)> {
    let (url, token) = (url.clone(), token.clone());
    tokio::spawn(async move {
        let start = Instant::now();
        let list = ask_as(&url, Some(&token), &ListChallenges { since: Some(since) })
            .await
            .unwrap();
        (list, start.elapsed())
    })
}

/// Each seat of `game` and the name of the account it is played by.
fn seated_by_account(game: &camelot_online::protocol::GameView) -> Vec<(SeatColour, String)> {
    game.seats
        .iter()
        .map(|s| {
            let name = s.account.as_ref().and_then(|a| a.name.clone());
            (s.seat, name.map(|n| n.to_string()).unwrap_or_default())
        })
        .collect()
}

/// The game an acceptance made.
fn game_of(a: Acceptance) -> ChallengeGame {
    match a {
        Acceptance::Game(g) => g,
        Acceptance::Waiting { waiting_for } => panic!("a game, not waiting for {waiting_for:?}"),
    }
}

/// Waits on `id`'s answer in a task, as its sender does.
fn wait_for_answer(
    url: &ServerAddress,
    token: &AccountToken,
    id: &ChallengeId,
) -> tokio::task::JoinHandle<(ChallengeState, Duration)> {
    let (url, token, id) = (url.clone(), token.clone(), id.clone());
    tokio::spawn(async move {
        let start = Instant::now();
        let look = LookAtChallenge { id, wait: true };
        let view = ask_as(&url, Some(&token), &look).await.unwrap();
        (view.state, start.elapsed())
    })
}

/// Gawain challenges Lancelot to a rated Camette 5+3, playing White: Lancelot, waiting for
/// news, hears of it at once with Gawain's rating; Gawain, waiting for the answer, hears
/// the acceptance at once; the game is rated, Gawain White and Lancelot Black by their
/// accounts; a second acceptance is refused, and the lists say what became of it.
async fn a_challenge_by_name_reaches_its_player_at_once_and_makes_one_rated_game() {
    let server = sqlite_server_with(bin(), "challenges-accepted", &[]);
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&url, "Lancelot", PASSWORD).await;
    let before = ask_as(&url, Some(&lancelot), &ListChallenges::default())
        .await
        .unwrap();
    assert!(before.incoming.is_empty() && before.outgoing.is_empty());
    let news = wait_for_news(&url, &lancelot, before.seen);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sent = ask_as(
        &url,
        Some(&gawain),
        &challenge("Lancelot", true, ColourChoice::White),
    )
    .await
    .unwrap()
    .challenge;
    let (heard, took) = news.await.unwrap();
    assert!(took < WOKEN_WITHIN, "heard after {took:?}");
    let [c] = heard.incoming.as_slice() else {
        panic!("one challenge: {heard:?}");
    };
    assert_eq!(
        (
            c.id.clone(),
            c.from.as_str(),
            c.to.as_str(),
            c.variant,
            c.time
        ),
        (
            sent.clone(),
            "Gawain",
            "Lancelot",
            Variant::Camette,
            five_three()
        )
    );
    assert!(c.rated && c.provisional && c.rating == 1500, "{c:?}");
    assert_eq!(
        (c.colour, c.state.clone()),
        (ColourChoice::White, ChallengeState::Open)
    );
    assert!(heard.seen > before.seen);
    let answer = wait_for_answer(&url, &gawain, &sent);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let accepted = game_of(
        ask_as(&url, Some(&lancelot), &AcceptChallenge { id: sent.clone() })
            .await
            .unwrap(),
    );
    assert_eq!(accepted.seat, SeatColour::Black);
    let (state, took) = answer.await.unwrap();
    assert!(took < WOKEN_WITHIN, "answered after {took:?}");
    assert_eq!(
        state,
        ChallengeState::Accepted {
            game: accepted.game.clone(),
            seat: SeatColour::White
        }
    );
    let look = LookAtGame {
        game: accepted.game.clone(),
        token: None,
    };
    let game = ask(&url, &look).await.unwrap().game;
    assert!(game.rated);
    let seated = seated_by_account(&game);
    assert_eq!(
        seated,
        [
            (SeatColour::White, "Gawain".to_string()),
            (SeatColour::Black, "Lancelot".to_string())
        ]
    );
    let again = ask_as(&url, Some(&lancelot), &AcceptChallenge { id: sent.clone() }).await;
    assert_eq!(
        refusal(again),
        (
            ErrorCode::ChallengeClosed,
            "that challenge is no longer open: it was accepted".to_string()
        )
    );
    let theirs = ask_as(&url, Some(&lancelot), &ListChallenges::default())
        .await
        .unwrap();
    assert!(theirs.incoming.is_empty(), "{theirs:?}");
    let mine = ask_as(&url, Some(&gawain), &ListChallenges::default())
        .await
        .unwrap();
    assert_eq!(mine.outgoing.len(), 1);
    assert!(matches!(
        mine.outgoing[0].state,
        ChallengeState::Accepted {
            seat: SeatColour::White,
            ..
        }
    ));
}

/// Each way a challenge can fail says so: no such player, oneself, Grand Cam, nobody
/// logged in; a challenge answered by its sender or looked at by a third player; declined
/// with a reason (the sender, waiting, hears it at once); cancelled by its sender and
/// then neither listed nor accepted; a second challenge to the same player replaces the
/// first.
async fn a_challenge_declined_cancelled_or_refused_says_why() {
    let server = sqlite_server_with(bin(), "challenges-refused", &[]);
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&url, "Lancelot", PASSWORD).await;
    let percival = signed_up(&url, "Percival", PASSWORD).await;
    let to_nobody = try_send(&url, &gawain, "Mordred");
    assert_eq!(
        refusal(to_nobody.await),
        (
            ErrorCode::NoSuchPlayer,
            "nobody has the name 'Mordred'".to_string()
        )
    );
    let to_me = try_send(&url, &gawain, "gawain");
    assert_eq!(
        refusal(to_me.await),
        (
            ErrorCode::NotAllowed,
            "you cannot challenge yourself".to_string()
        )
    );
    let mut grand = challenge("Lancelot", false, ColourChoice::Random);
    grand.variant = Variant::GrandCam;
    assert_eq!(
        refusal(ask_as(&url, Some(&gawain), &grand).await).0,
        ErrorCode::NotAllowed
    );
    let anonymous = ask(&url, &challenge("Lancelot", false, ColourChoice::Random)).await;
    assert_eq!(refusal(anonymous).0, ErrorCode::NotSignedIn);

    let first = send(&url, &gawain, "Lancelot").await;
    let own = DeclineChallenge {
        id: first.clone(),
        reason: DeclineReason::Generic,
    };
    assert_eq!(
        refusal(ask_as(&url, Some(&gawain), &own).await),
        (
            ErrorCode::NotAllowed,
            "that challenge is yours: Lancelot is to answer it".to_string()
        )
    );
    let stranger = ask_as(
        &url,
        Some(&percival),
        &AcceptChallenge { id: first.clone() },
    )
    .await;
    assert_eq!(refusal(stranger).0, ErrorCode::NoSuchChallenge);
    // Challenged again: the new challenge replaces the first.
    let second = send(&url, &gawain, "Lancelot").await;
    let theirs = ask_as(&url, Some(&lancelot), &ListChallenges::default())
        .await
        .unwrap();
    let ids: Vec<&ChallengeId> = theirs.incoming.iter().map(|c| &c.id).collect();
    assert_eq!(ids, [&second]);
    let look = LookAtChallenge {
        id: first.clone(),
        wait: false,
    };
    assert_eq!(
        ask_as(&url, Some(&gawain), &look).await.unwrap().state,
        ChallengeState::Cancelled
    );
    // Declined as too fast: the sender, waiting, hears it at once.
    let answer = wait_for_answer(&url, &gawain, &second);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let no = DeclineChallenge {
        id: second.clone(),
        reason: DeclineReason::TooFast,
    };
    ask_as(&url, Some(&lancelot), &no).await.unwrap();
    let (state, took) = answer.await.unwrap();
    assert!(took < WOKEN_WITHIN, "answered after {took:?}");
    assert_eq!(
        state,
        ChallengeState::Declined {
            reason: DeclineReason::TooFast
        }
    );
    // Cancelled by its sender (only): gone from the list, and accepted no more.
    let third = send(&url, &gawain, "Lancelot").await;
    let theirs_to_cancel = CancelChallenge { id: third.clone() };
    assert_eq!(
        refusal(ask_as(&url, Some(&lancelot), &theirs_to_cancel).await),
        (
            ErrorCode::NotAllowed,
            "Gawain sent that challenge: only they may cancel it (decline it instead)".to_string()
        )
    );
    ask_as(&url, Some(&gawain), &theirs_to_cancel)
        .await
        .unwrap();
    let theirs = ask_as(&url, Some(&lancelot), &ListChallenges::default())
        .await
        .unwrap();
    assert!(theirs.incoming.is_empty(), "{theirs:?}");
    let late = ask_as(&url, Some(&lancelot), &AcceptChallenge { id: third }).await;
    assert_eq!(
        refusal(late),
        (
            ErrorCode::ChallengeClosed,
            "that challenge is no longer open: it was cancelled".to_string()
        )
    );
}

/// A sender has at most five challenges waiting (a sixth to someone new is refused, one
/// to a player already challenged replaces theirs), and sends at most N a minute.
async fn challenges_are_bounded_per_sender() {
    let server = sqlite_server_with(
        bin(),
        "challenges-bounded",
        &["--sign-ups-per-minute", "0", "--challenges-per-minute", "7"],
    );
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let mut sent = Vec::new();
    for i in 0..6 {
        signed_up(&url, &format!("Knight{i}"), PASSWORD).await;
    }
    for i in 0..5 {
        sent.push(send(&url, &gawain, &format!("Knight{i}")).await);
    }
    let sixth = try_send(&url, &gawain, "Knight5");
    assert_eq!(
        refusal(sixth.await),
        (
            ErrorCode::TooMany,
            "you have 5 challenges waiting for an answer already: cancel one first".to_string()
        )
    );
    // Knight0 again: it replaces the one to Knight0 (the sixth sent this minute).
    send(&url, &gawain, "Knight0").await;
    ask_as(
        &url,
        Some(&gawain),
        &CancelChallenge {
            id: sent[1].clone(),
        },
    )
    .await
    .unwrap();
    send(&url, &gawain, "Knight5").await;
    ask_as(
        &url,
        Some(&gawain),
        &CancelChallenge {
            id: sent[2].clone(),
        },
    )
    .await
    .unwrap();
    let eighth = try_send(&url, &gawain, "Knight1");
    let (code, words) = refusal(eighth.await);
    assert_eq!(
        (code, words.as_str()),
        (
            ErrorCode::TooMany,
            "too many challenges: at most 7 a minute"
        )
    );
}

/// Whom a player takes challenges from, and blocks: Lancelot takes none, then only from
/// players he follows (Gawain, once followed, may; Percival may not), then from everyone
/// but Percival, whom he blocks; his page shows Percival that, his list of players
/// followed names Gawain; and a blocked pair is never paired for a quick game, while
/// another player is.
async fn choices_and_blocks_decide_who_may_challenge_and_who_is_paired() {
    use camelot_online::protocol::accounts::LookAtPlayer;
    use camelot_online::protocol::pairing::{Pairing, QuickGame};
    use camelot_online::protocol::relations::{
        AcceptFrom, LookAtChallengeChoice, LookAtFollowing, Relation, SetChallengeChoice,
        SetRelation,
    };
    let server = sqlite_server_with(bin(), "challenges-choices", &[]);
    let url = server.address();
    let gawain = signed_up(&url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&url, "Lancelot", PASSWORD).await;
    let percival = signed_up(&url, "Percival", PASSWORD).await;
    let choose = |accept| SetChallengeChoice { accept };
    let relate = |name: &str, relation| SetRelation {
        name: AccountName::parse(name).unwrap(),
        relation,
    };
    ask_as(&url, Some(&lancelot), &choose(AcceptFrom::Nobody))
        .await
        .unwrap();
    let choice = ask_as(&url, Some(&lancelot), &LookAtChallengeChoice {})
        .await
        .unwrap();
    assert_eq!(choice.accept, AcceptFrom::Nobody);
    assert_eq!(
        refusal(try_send(&url, &gawain, "Lancelot").await),
        (
            ErrorCode::NotAccepting,
            "Lancelot takes no challenges just now".to_string()
        )
    );
    ask_as(&url, Some(&lancelot), &choose(AcceptFrom::Following))
        .await
        .unwrap();
    assert_eq!(
        refusal(try_send(&url, &gawain, "Lancelot").await).1,
        "Lancelot takes challenges only from players they follow"
    );
    ask_as(
        &url,
        Some(&lancelot),
        &relate("Gawain", Some(Relation::Follow)),
    )
    .await
    .unwrap();
    send(&url, &gawain, "Lancelot").await;
    assert_eq!(
        refusal(try_send(&url, &percival, "Lancelot").await).0,
        ErrorCode::NotAccepting
    );
    ask_as(&url, Some(&lancelot), &choose(AcceptFrom::Everyone))
        .await
        .unwrap();
    ask_as(
        &url,
        Some(&lancelot),
        &relate("Percival", Some(Relation::Block)),
    )
    .await
    .unwrap();
    assert_eq!(
        refusal(try_send(&url, &percival, "Lancelot").await).1,
        "Lancelot takes no challenges from you"
    );
    let me_too = relate("Lancelot", Some(Relation::Follow));
    assert_eq!(
        refusal(ask_as(&url, Some(&lancelot), &me_too).await).0,
        ErrorCode::NotAllowed
    );
    let page = ask_as(
        &url,
        Some(&lancelot),
        &LookAtPlayer {
            name: AccountName::parse("Percival").unwrap(),
        },
    )
    .await
    .unwrap();
    assert_eq!(page.relation, Some(Relation::Block));
    let followed = ask_as(&url, Some(&lancelot), &LookAtFollowing {})
        .await
        .unwrap();
    let names: Vec<&str> = followed.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Gawain"]);
    // Blocked, never paired: Percival waits, Lancelot asks for the same game and waits
    // too (his request's eight seconds pass unpaired); Gawain, asking, is paired.
    let quick = QuickGame {
        variant: Variant::Camette,
        time: TimeControl::Untimed,
    };
    let (u, t, q) = (url.clone(), percival.clone(), quick.clone());
    let percival_waits = tokio::spawn(async move { ask_as(&u, Some(&t), &q).await.unwrap() });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let lancelots = ask_as(&url, Some(&lancelot), &quick).await.unwrap();
    assert!(
        matches!(lancelots, Pairing::Waiting { .. }),
        "{lancelots:?}"
    );
    let gawains = ask_as(&url, Some(&gawain), &quick).await.unwrap();
    assert!(matches!(gawains, Pairing::Paired { .. }), "{gawains:?}");
    let _ = percival_waits.await;
}

/// Two processes on one PostgreSQL: Lancelot waits for news on B, Gawain challenges him
/// through A; B hears of it at once (its watch on the table), Lancelot accepts through B,
/// and Gawain, waiting on A, hears the acceptance at once; both processes serve the game.
async fn a_challenge_sent_through_one_process_reaches_its_player_on_the_other() {
    let test = "a_challenge_sent_through_one_process_reaches_its_player_on_the_other";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let name = format!("camelot_challenges_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let a = Server::start(bin(), &db, "127.0.0.1:0");
    let b = Server::start(bin(), &db, "127.0.0.1:0");
    let (a_url, b_url) = (a.address(), b.address());
    let gawain = signed_up(&a_url, "Gawain", PASSWORD).await;
    let lancelot = signed_up(&b_url, "Lancelot", PASSWORD).await;
    let before = ask_as(&b_url, Some(&lancelot), &ListChallenges::default())
        .await
        .unwrap();
    let news = wait_for_news(&b_url, &lancelot, before.seen);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sent = send(&a_url, &gawain, "Lancelot").await;
    let (heard, took) = news.await.unwrap();
    assert!(took < WOKEN_WITHIN, "heard on B after {took:?}");
    assert_eq!(heard.incoming.first().map(|c| &c.id), Some(&sent));
    let answer = wait_for_answer(&a_url, &gawain, &sent);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let accepted = game_of(
        ask_as(
            &b_url,
            Some(&lancelot),
            &AcceptChallenge { id: sent.clone() },
        )
        .await
        .unwrap(),
    );
    let (state, took) = answer.await.unwrap();
    assert!(took < WOKEN_WITHIN, "answered on A after {took:?}");
    let ChallengeState::Accepted { game, seat } = state else {
        panic!("accepted: {state:?}");
    };
    assert_eq!(game, accepted.game);
    assert_ne!(seat, accepted.seat);
    for url in [&a_url, &b_url] {
        let look = LookAtGame {
            game: game.clone(),
            token: None,
        };
        assert!(ask(url, &look)
            .await
            .unwrap()
            .game
            .seats
            .iter()
            .all(|s| !s.open));
    }
    drop((a, b));
    drop_database(&admin, &name).await;
}

/// Gawain's Grand Cam table: Guinevere his partner against `against`, his side moving
/// first where `colour` is White.
fn table(against: &[&str], colour: ColourChoice) -> NewChallenge {
    NewChallenge {
        variant: Variant::GrandCam,
        against: against
            .iter()
            .map(|n| AccountName::parse(n).unwrap())
            .collect(),
        ..challenge("Guinevere", false, colour)
    }
}

/// A table's seats as a view shows them: seat, name, answer.
fn seats_now(
    view: &camelot_online::protocol::challenges::ChallengeView,
) -> Vec<(SeatColour, String, SeatAnswer)> {
    view.seats
        .iter()
        .map(|s| (s.seat, s.name.to_string(), s.answer))
        .collect()
}

/// Gawain and Guinevere (Red and Blue) against Lancelot and Percival, with the answers.
fn red_blue(a: [SeatAnswer; 4]) -> Vec<(SeatColour, String, SeatAnswer)> {
    vec![
        (SeatColour::Red, "Gawain".to_string(), a[0]),
        (SeatColour::Green, "Lancelot".to_string(), a[1]),
        (SeatColour::Blue, "Guinevere".to_string(), a[2]),
        (SeatColour::Yellow, "Percival".to_string(), a[3]),
    ]
}

fn waiting(names: &[&str]) -> Acceptance {
    Acceptance::Waiting {
        waiting_for: names
            .iter()
            .map(|n| AccountName::parse(n).unwrap())
            .collect(),
    }
}

async fn accept(url: &ServerAddress, who: &AccountToken, id: &ChallengeId) -> Acceptance {
    ask_as(url, Some(who), &AcceptChallenge { id: id.clone() })
        .await
        .unwrap()
}

/// The four of a Grand Cam table, signed up on `url`: Gawain, Guinevere, Lancelot,
/// Percival.
async fn four(url: &ServerAddress) -> [AccountToken; 4] {
    let mut players = Vec::new();
    for name in ["Gawain", "Guinevere", "Lancelot", "Percival"] {
        players.push(signed_up(url, name, PASSWORD).await);
    }
    players.try_into().unwrap()
}

/// Grand Cam by name: Gawain asks Guinevere to partner him against Lancelot and Percival,
/// his side to move first. Each of the three hears of it with every seat named; each
/// acceptance before the last is told whom the table waits for (and the others hear of
/// it); the last makes one game, every seat its player's account, and Gawain, waiting,
/// hears it at once.
async fn a_grand_cam_table_is_made_once_all_three_accept() {
    use SeatAnswer::{Accepted as A, Challenger as C, Waiting as W};
    let server = sqlite_server_with(bin(), "challenges-table", &[]);
    let url = server.address();
    let [gawain, guinevere, lancelot, percival] = four(&url).await;
    let sent = ask_as(
        &url,
        Some(&gawain),
        &table(&["Lancelot", "Percival"], ColourChoice::White),
    )
    .await
    .unwrap()
    .challenge;
    for asked in [&guinevere, &lancelot, &percival] {
        let list = ask_as(&url, Some(asked), &ListChallenges::default())
            .await
            .unwrap();
        let [c] = list.incoming.as_slice() else {
            panic!("one: {list:?}")
        };
        assert_eq!((c.id.clone(), c.variant), (sent.clone(), Variant::GrandCam));
        assert_eq!(seats_now(c), red_blue([C, W, W, W]));
    }
    let answer = wait_for_answer(&url, &gawain, &sent);
    let seen = ask_as(&url, Some(&percival), &ListChallenges::default())
        .await
        .unwrap()
        .seen;
    let percival_hears = wait_for_news(&url, &percival, seen);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        accept(&url, &lancelot, &sent).await,
        waiting(&["Guinevere", "Percival"])
    );
    let (heard, took) = percival_hears.await.unwrap();
    assert!(took < WOKEN_WITHIN, "Percival heard after {took:?}");
    assert_eq!(seats_now(&heard.incoming[0]), red_blue([C, A, W, W]));
    // Accepting twice changes nothing.
    assert_eq!(
        accept(&url, &lancelot, &sent).await,
        waiting(&["Guinevere", "Percival"])
    );
    assert_eq!(
        accept(&url, &guinevere, &sent).await,
        waiting(&["Percival"])
    );
    let made = game_of(accept(&url, &percival, &sent).await);
    assert_eq!(made.seat, SeatColour::Yellow);
    let (state, took) = answer.await.unwrap();
    assert!(took < WOKEN_WITHIN, "Gawain heard after {took:?}");
    assert_eq!(
        state,
        ChallengeState::Accepted {
            game: made.game.clone(),
            seat: SeatColour::Red
        }
    );
    let look = LookAtGame {
        game: made.game.clone(),
        token: None,
    };
    let game = ask(&url, &look).await.unwrap().game;
    let seated = seated_by_account(&game);
    let expected: Vec<(SeatColour, String)> = red_blue([A; 4])
        .into_iter()
        .map(|(s, n, _)| (s, n))
        .collect();
    assert_eq!(seated, expected);
    let theirs = LookAtChallenge {
        id: sent,
        wait: false,
    };
    let view = ask_as(&url, Some(&lancelot), &theirs).await.unwrap();
    assert_eq!(
        view.state,
        ChallengeState::Accepted {
            game: made.game,
            seat: SeatColour::Green
        }
    );
}

/// A table named wrong is refused in words; a table declined by one of the three is
/// declined for all, the seat of who said no marked, and accepted by nobody after.
async fn a_grand_cam_table_named_wrong_is_refused_and_one_no_declines_it() {
    let server = sqlite_server_with(bin(), "challenges-table-no", &[]);
    let url = server.address();
    let [gawain, guinevere, lancelot, percival] = four(&url).await;
    let send = |c: NewChallenge| {
        let (url, gawain) = (url.clone(), gawain.clone());
        async move { ask_as(&url, Some(&gawain), &c).await }
    };
    let (code, words) = refusal(send(table(&["Lancelot"], ColourChoice::White)).await);
    assert_eq!(code, ErrorCode::NotAllowed);
    assert_eq!(
        words,
        "Grand Cam is for 4 players: name 3 (Grand Cam: a partner, and two against you)"
    );
    let twice = send(table(&["Lancelot", "Guinevere"], ColourChoice::White)).await;
    assert_eq!(
        refusal(twice).1,
        "Guinevere is named twice: each seat is another player's"
    );
    let me = send(table(&["Lancelot", "Gawain"], ColourChoice::White)).await;
    assert_eq!(refusal(me).1, "you cannot challenge yourself");
    let two = NewChallenge {
        variant: Variant::Camette,
        ..table(&["Lancelot", "Percival"], ColourChoice::White)
    };
    assert_eq!(refusal(send(two).await).0, ErrorCode::NotAllowed);

    // Their side to move first this time; Percival says no, for all of them.
    let second = send(table(&["Lancelot", "Percival"], ColourChoice::Black))
        .await
        .unwrap()
        .challenge;
    assert_eq!(
        accept(&url, &guinevere, &second).await,
        waiting(&["Lancelot", "Percival"])
    );
    let no = DeclineChallenge {
        id: second.clone(),
        reason: DeclineReason::Later,
    };
    ask_as(&url, Some(&percival), &no).await.unwrap();
    let look = LookAtChallenge {
        id: second.clone(),
        wait: false,
    };
    let view = ask_as(&url, Some(&gawain), &look).await.unwrap();
    assert_eq!(
        view.state,
        ChallengeState::Declined {
            reason: DeclineReason::Later
        }
    );
    let answers: Vec<(String, SeatAnswer)> = view
        .seats
        .iter()
        .map(|s| (s.name.to_string(), s.answer))
        .collect();
    assert_eq!(
        answers,
        [
            ("Lancelot".to_string(), SeatAnswer::Waiting),
            ("Gawain".to_string(), SeatAnswer::Challenger),
            ("Percival".to_string(), SeatAnswer::Declined),
            ("Guinevere".to_string(), SeatAnswer::Accepted),
        ]
    );
    let late = ask_as(&url, Some(&lancelot), &AcceptChallenge { id: second }).await;
    assert_eq!(refusal(late).0, ErrorCode::ChallengeClosed);
}

/// A table counts among its sender's open challenges like any (five at once), and a
/// challenge of two to the partner replaces no table: both stand.
async fn tables_count_toward_the_senders_open_challenges() {
    let server = sqlite_server_with(bin(), "challenges-table-open", &[]);
    let url = server.address();
    let [gawain, ..] = four(&url).await;
    let mut tables = Vec::new();
    for _ in 0..5 {
        let sent = ask_as(
            &url,
            Some(&gawain),
            &table(&["Lancelot", "Percival"], ColourChoice::White),
        )
        .await
        .unwrap();
        tables.push(sent.challenge);
    }
    let sixth = ask_as(
        &url,
        Some(&gawain),
        &table(&["Lancelot", "Percival"], ColourChoice::White),
    )
    .await;
    assert_eq!(refusal(sixth).0, ErrorCode::TooMany);
    let open = ask_as(&url, Some(&gawain), &ListChallenges::default())
        .await
        .unwrap();
    assert_eq!(open.outgoing.len(), 5);
    // Four tables and a game of two with the partner: the tables still stand.
    ask_as(
        &url,
        Some(&gawain),
        &CancelChallenge {
            id: tables[0].clone(),
        },
    )
    .await
    .unwrap();
    try_send(&url, &gawain, "Guinevere").await.unwrap();
    let open = ask_as(&url, Some(&gawain), &ListChallenges::default())
        .await
        .unwrap();
    let standing = open
        .outgoing
        .iter()
        .filter(|c| c.state == ChallengeState::Open)
        .count();
    assert_eq!(standing, 5, "{open:?}");
}

camelot_test_support::harness!(;
    async: a_grand_cam_table_is_made_once_all_three_accept,
    tables_count_toward_the_senders_open_challenges,
    a_grand_cam_table_named_wrong_is_refused_and_one_no_declines_it,
    a_challenge_by_name_reaches_its_player_at_once_and_makes_one_rated_game,
    a_challenge_declined_cancelled_or_refused_says_why,
    challenges_are_bounded_per_sender,
    choices_and_blocks_decide_who_may_challenge_and_who_is_paired,
    a_challenge_sent_through_one_process_reaches_its_player_on_the_other
);
