//! Online games at the table, against a real `camelot-server` process on loopback: a
//! move clicked at the table reaches a `camelot-cli online watch` process, a move sent
//! by `camelot-cli online move` arrives at the table, a server killed and restarted is
//! ridden out, the panel's offers and clocks work through the requests its buttons
//! send, and two tables meet: one leaves a seat open, the other takes it from the
//! server's list, each sees the other's name, and they agree on a rematch. The headless
//! app runs the game's plugins on `MinimalPlugins`.

mod headless_app;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use camelot::game::screens::Screen;
use camelot::game::session::{Seat, Session};
use camelot::game::settings::PlaySettings;
use camelot::input::move_entry::SquareClicked;
use camelot::online::lobby::Lobby;
use camelot::online::settings::OnlineSettings;
use camelot::online::{Connection, JoinOnline, JoinOrigin, Online, OnlineRequest, OnlineTable};
use camelot::storage::data_dir::Store;
use camelot::storage::saving::Storage;
use camelot::table::settings::TableSettings;
use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::requests::{Created, ListSeats, NewGame};
use camelot_online::protocol::{GameId, OfferKind, SeatToken, TimeControl};
use camelot_online::{ask, blocking, ServerAddress};
use camelot_test_support::online::sqlite_server_with;
use camelot_test_support::{scratch, sqlite, wait_until, workspace_binary, Browser, Server};

/// A binary of the workspace beside the game's, built first if this test was built
/// alone.
fn sibling(name: &str) -> PathBuf {
    workspace_binary(name, env!("CARGO_BIN_EXE_camelot"))
}

fn app(data: &Path) -> App {
    let mut app = App::new();
    app.insert_resource(Storage::new(Some(Store::at(data))));
    headless_app::add_game_plugins(&mut app)
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_secs_f64(1.0 / 60.0),
        ))
        .insert_resource(Session::fresh(camelot_engine::Variant::Camelot))
        .insert_state(Screen::Menu);
    {
        app.world_mut()
            .resource_mut::<TableSettings>()
            .animation_speed = 0.0;
        app.world_mut().resource_mut::<PlaySettings>().ai_delay = 0.0;
        app.world_mut().resource_mut::<PlaySettings>().watch_pace = 0.0;
    }
    app.update();
    app
}

/// Updates the app until `f` holds (or fails after `limit`).
fn until(app: &mut App, what: &str, limit: Duration, f: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !f(app) {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn moves(app: &App) -> Vec<String> {
    app.world()
        .resource::<Session>()
        .game
        .move_texts(camelot_engine::Notation::Wcf)
}

fn click(app: &mut App, name: &str) {
    let sq = {
        let s = app.world().resource::<Session>();
        s.position().geometry().parse_square(name).unwrap()
    };
    app.world_mut().write_message(SquareClicked {
        square: sq,
        dropped: false,
    });
    app.update();
}

fn join(app: &mut App, server: &ServerAddress, game: &GameId, token: &SeatToken) {
    app.world_mut().write_message(JoinOnline {
        server: server.clone(),
        game: game.clone(),
        tokens: vec![(None, token.clone())],
        seats: None,
        origin: JoinOrigin::Menu,
    });
    until(
        app,
        "the table takes the server's game",
        Duration::from_secs(20),
        |a| {
            a.world()
                .resource::<Session>()
                .online
                .as_ref()
                .is_some_and(|o| o.game == *game)
        },
    );
}

fn create(url: &ServerAddress, time: TimeControl) -> Created {
    blocking(ask(url, &NewGame::new(Variant::Camelot, time))).expect("the server creates a game")
}

/// The online game at the table, once one is joined.
fn table(app: &App) -> Option<&OnlineTable> {
    app.world().resource::<Online>().table.as_ref()
}

/// Every move played at the table stored by the server.
fn all_stored(app: &App) -> bool {
    table(app).is_some_and(|t| t.unsent() == 0)
}

/// A move sent by another client, `camelot-cli online move`, and accepted.
fn move_elsewhere(cli: &Path, server: &str, game: &GameId, token: &SeatToken, mv: &str) {
    let o = Command::new(cli)
        .args([
            "online",
            "move",
            "--server",
            server,
            "--game",
            game.as_str(),
            "--token",
            token.as_str(),
            mv,
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stdout), "accepted\n", "{mv}");
}

fn moves_cross_between_the_table_and_other_clients() {
    let dir = scratch("table");
    let s = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = create(&s.address(), TimeControl::Untimed);
    let cli = sibling("camelot-cli");
    let watch_out = dir.join("watch.out");
    let mut watch = Command::new(&cli)
        .args([
            "online",
            "watch",
            "--server",
            &s.url,
            "--game",
            created.game.as_str(),
        ])
        .stdout(Stdio::from(std::fs::File::create(&watch_out).unwrap()))
        .spawn()
        .unwrap();
    let mut app = app(&dir.join("data"));
    join(
        &mut app,
        &s.address(),
        &created.game,
        &created.seats[&SeatColour::White],
    );
    {
        let session = app.world().resource::<Session>();
        assert_eq!(session.seats, [Seat::Human, Seat::Remote]);
    }
    // Clicked at the table: stored by the server, seen by the watcher.
    click(&mut app, "E7");
    click(&mut app, "E8");
    assert_eq!(moves(&app), ["E7-E8"]);
    wait_until("the watcher sees it", Duration::from_secs(20), || {
        std::fs::read_to_string(&watch_out).is_ok_and(|t| t.contains("1. White E7-E8"))
    });
    until(
        &mut app,
        "the server acknowledges it",
        Duration::from_secs(20),
        all_stored,
    );
    // Black's seat is not this table's: a click there moves nothing.
    click(&mut app, "H10");
    click(&mut app, "H9");
    assert_eq!(moves(&app), ["E7-E8"]);
    // Sent by another client: it arrives at the table.
    move_elsewhere(
        &cli,
        &s.url,
        &created.game,
        &created.seats[&SeatColour::Black],
        "H10-H9",
    );
    until(
        &mut app,
        "Black's move arrives",
        Duration::from_secs(20),
        |a| moves(a) == ["E7-E8", "H10-H9"],
    );
    // The panel's resign button: the game ends on the server and at the table.
    app.world_mut().write_message(OnlineRequest::Resign);
    until(
        &mut app,
        "the resignation is heard",
        Duration::from_secs(20),
        |a| a.world().resource::<Session>().game.outcome().is_some(),
    );
    assert_eq!(
        app.world().resource::<Session>().result_text().as_deref(),
        Some("Black wins: resignation")
    );
    let status = watch.wait().unwrap();
    assert!(status.success());
    assert!(std::fs::read_to_string(&watch_out)
        .unwrap()
        .ends_with("result: 0-1 (resignation)\n"));
}

fn a_dropped_connection_is_said_and_mended_and_offers_cross() {
    let dir = scratch("table-drop");
    let db = sqlite(&dir);
    let mut s = Server::start(&sibling("camelot-server"), &db, "127.0.0.1:0");
    let created = create(
        &s.address(),
        TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
    );
    let mut app = app(&dir.join("data"));
    join(
        &mut app,
        &s.address(),
        &created.game,
        &created.seats[&SeatColour::White],
    );
    click(&mut app, "E7");
    click(&mut app, "E8");
    until(&mut app, "stored", Duration::from_secs(20), all_stored);
    s.kill();
    until(&mut app, "the loss is seen", Duration::from_secs(20), |a| {
        matches!(
            table(a).map(|t| &t.connection),
            Some(Connection::Away { .. })
        )
    });
    let s = Server::start(
        &sibling("camelot-server"),
        &db,
        &format!("127.0.0.1:{}", s.port),
    );
    until(&mut app, "connected again", Duration::from_secs(30), |a| {
        matches!(table(a).map(|t| &t.connection), Some(Connection::Live))
    });
    assert_eq!(moves(&app), ["E7-E8"], "the game picked up where it was");
    // Black (another client) moves; the clocks now run for White.
    let cli = sibling("camelot-cli");
    move_elsewhere(
        &cli,
        &s.url,
        &created.game,
        &created.seats[&SeatColour::Black],
        "H10-H9",
    );
    until(&mut app, "Black's move", Duration::from_secs(20), |a| {
        moves(a).len() == 2
    });
    click(&mut app, "D7");
    click(&mut app, "D8");
    until(
        &mut app,
        "White's second move stored",
        Duration::from_secs(20),
        |a| {
            table(a).is_some_and(|t| {
                t.unsent() == 0 && t.mirror.as_ref().is_some_and(|m| m.game.ply() == 3)
            })
        },
    );
    let clocks = table(&app)
        .and_then(|t| t.mirror.as_ref())
        .and_then(|m| m.clocks.clone())
        .expect("a clocked game");
    assert_eq!(clocks.running, Some(1), "Black's clock runs");
    // Five minutes, the first increment ahead, the second move's time taken and its
    // increment given.
    let white = clocks.remaining_ms[0];
    assert!(white > 300_000 && white <= 306_000, "{white}");
    assert!(clocks.remaining_ms[1] <= 303_000, "{clocks:?}");
    // A draw offered through the panel's request stands on the server.
    app.world_mut()
        .write_message(OnlineRequest::Offer(OfferKind::Draw));
    until(&mut app, "the offer stands", Duration::from_secs(20), |a| {
        table(a)
            .and_then(|t| t.mirror.as_ref())
            .is_some_and(|m| m.offers.iter().any(|o| o.by == SeatColour::White))
    });
    drop(s);
}

/// A game that cannot be had is said where it was asked for, and no table is shown: the
/// menu says it (an unreachable server, a game the server does not know), and a game
/// asked for on the command line ends the program with status 1.
fn a_game_never_had_shows_no_table_and_is_said_in_the_menu() {
    let dir = scratch("table-never");
    let s = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let mut app = app(&dir.join("data"));
    let nowhere = ServerAddress::parse("http://127.0.0.1:9").unwrap();
    let nosuch = GameId::parse("nosuch").unwrap();
    for (server, said) in [
        (nowhere, "Cannot reach the server at http://127.0.0.1:9: "),
        (s.address(), "No game nosuch on http://127.0.0.1:"),
    ] {
        app.world_mut().write_message(JoinOnline {
            server,
            game: nosuch.clone(),
            tokens: Vec::new(),
            seats: None,
            origin: JoinOrigin::Menu,
        });
        until(&mut app, said, Duration::from_secs(20), |a| {
            a.world()
                .resource::<Lobby>()
                .status
                .as_deref()
                .is_some_and(|t| t.starts_with(said))
        });
        assert!(table(&app).is_none(), "no table for a game never had");
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Menu,
            "the menu stays"
        );
    }
    // From the command line, the program ends, and says why.
    app.world_mut().write_message(JoinOnline {
        server: s.address(),
        game: nosuch,
        tokens: Vec::new(),
        seats: None,
        origin: JoinOrigin::CommandLine,
    });
    until(&mut app, "the exit", Duration::from_secs(20), |a| {
        a.world()
            .resource::<Messages<AppExit>>()
            .iter_current_update_messages()
            .any(|e| *e == AppExit::from_code(1))
    });
}

/// Updates both apps until `f` holds of them.
fn until_both(apps: &mut [&mut App; 2], what: &str, f: impl Fn(&App, &App) -> bool) {
    let start = Instant::now();
    while !f(apps[0], apps[1]) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{what}: not within 20 s"
        );
        apps[0].update();
        apps[1].update();
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn named(app: &mut App, name: &str) {
    app.world_mut().resource_mut::<OnlineSettings>().player_name = name.into();
}

/// The game at the table: its id, and the seats held here.
fn at_table(app: &App) -> Option<(GameId, Vec<SeatColour>)> {
    let o = app.world().resource::<Session>().online.clone()?;
    let t = table(app)?;
    let rules = t.mirror.as_ref()?.variant.rules();
    (t.game == o.game).then(|| {
        (
            o.game,
            t.held().into_iter().map(|p| rules.seat_colour(p)).collect(),
        )
    })
}

fn an_open_seat_taken_from_the_list_names_on_both_tables_and_a_rematch() {
    let dir = scratch("table-meet");
    let s = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let url = s.address();
    let new = NewGame {
        variant: Variant::Camelot,
        time: TimeControl::Untimed,
        open: vec![SeatColour::Black],
        computer: Vec::new(),
        rated: false,
        rating_range: None,
    };
    let created = blocking(ask(&url, &new)).unwrap();
    let mut ann = app(&dir.join("ann"));
    named(&mut ann, "Ann");
    join(
        &mut ann,
        &url,
        &created.game,
        &created.seats[&SeatColour::White],
    );
    assert!(table(&ann).unwrap().mirror.as_ref().unwrap().seats[1].open);

    // Bo finds the seat in the server's list and takes it from the menu.
    let mut bo = app(&dir.join("bo"));
    named(&mut bo, "Bo");
    let listed = blocking(ask(&url, &ListSeats::default())).unwrap();
    assert_eq!(listed.len(), 1);
    bo.world_mut().resource_mut::<Lobby>().take(
        url.clone(),
        listed[0].clone(),
        Some("Bo".parse().unwrap()),
    );
    let mut apps = [&mut ann, &mut bo];
    until_both(&mut apps, "Bo at the table as Black", |_, b| {
        at_table(b).is_some_and(|(g, held)| g == created.game && held == [SeatColour::Black])
    });
    let name_of = |a: &App, i: usize| {
        table(a)
            .and_then(|t| t.mirror.as_ref())
            .and_then(|m| m.seats[i].name.as_ref().map(|n| n.to_string()))
    };
    until_both(&mut apps, "each table names both players", |a, b| {
        name_of(a, 1).as_deref() == Some("Bo") && name_of(b, 0).as_deref() == Some("Ann")
    });
    let record = apps[0]
        .world()
        .resource::<Session>()
        .record_text(camelot_engine::Notation::Wcf);
    assert!(
        record.contains("[White \"Ann\"]") && record.contains("[Black \"Bo\"]"),
        "{record}"
    );

    // Ann resigns; she offers a rematch and Bo accepts it.
    apps[0].world_mut().write_message(OnlineRequest::Resign);
    until_both(&mut apps, "the game is over on both tables", |a, b| {
        [a, b].iter().all(|x| {
            table(x)
                .and_then(|t| t.mirror.as_ref())
                .is_some_and(|m| m.is_over())
        })
    });
    apps[0]
        .world_mut()
        .write_message(OnlineRequest::Offer(OfferKind::Rematch));
    until_both(&mut apps, "Bo sees the offer", |_, b| {
        table(b)
            .and_then(|t| t.mirror.as_ref())
            .is_some_and(|m| m.offers.iter().any(|o| o.kind == OfferKind::Rematch))
    });
    apps[1]
        .world_mut()
        .write_message(OnlineRequest::Accept(OfferKind::Rematch));
    until_both(
        &mut apps,
        "both tables at the rematch, colours swapped",
        |a, b| {
            let (ga, ha) = at_table(a).unwrap_or((created.game.clone(), Vec::new()));
            let (gb, hb) = at_table(b).unwrap_or((created.game.clone(), Vec::new()));
            ga != created.game && ga == gb && ha == [SeatColour::Black] && hb == [SeatColour::White]
        },
    );
    until_both(&mut apps, "the names went with the players", |a, _| {
        name_of(a, 0).as_deref() == Some("Bo") && name_of(a, 1).as_deref() == Some("Ann")
    });
    assert_eq!(
        *apps[1].world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
}

/// The 3D game (the computer in White's seat at the table) and a browser (Black's
/// invitation opened in Chromium) play a whole game of Camette against each other.
fn the_table_and_a_browser_play_each_other() {
    let Some(browser) = Browser::find("the_table_and_a_browser_play_each_other") else {
        return;
    };
    let dir = scratch("table-browser");
    let s = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = blocking(ask(
        &s.address(),
        &NewGame::new(Variant::Camette, TimeControl::Untimed),
    ))
    .expect("a game");
    let page = browser.start(
        "play.mjs",
        &[&format!(
            "{}/{}/{}",
            s.url,
            created.game,
            created.seats[&SeatColour::Black]
        )],
    );
    let mut app = app(&dir.join("data"));
    app.world_mut().write_message(JoinOnline {
        server: s.address(),
        game: created.game.clone(),
        tokens: vec![(None, created.seats[&SeatColour::White].clone())],
        seats: Some(vec![
            Seat::Computer(camelot_engine::Level::BEGINNER),
            Seat::Remote,
        ]),
        origin: JoinOrigin::Menu,
    });
    until(
        &mut app,
        "the game's end at the table",
        Duration::from_secs(240),
        |a| {
            table(a)
                .and_then(|t| t.mirror.as_ref())
                .is_some_and(|m| m.is_over())
        },
    );
    let played = Browser::finish("play.mjs", page).unwrap_or_else(|e| panic!("{e}"));
    let listed: Vec<String> = played["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed, moves(&app), "the page and the table saw one game");
    let result = table(&app)
        .and_then(|t| t.mirror.as_ref())
        .and_then(|m| m.result_text())
        .unwrap();
    assert_eq!(played["result"].as_str(), Some(result.as_str()));
}

/// The Online screen's lists come a page at a time: the open seats and the live games
/// show a page, and "More" (`more_open_seats`, `more_live_games`) brings the next until
/// every one is shown once, newest first.
fn the_menus_lists_bring_every_seat_and_game_a_page_at_a_time() {
    use camelot::online::lobby::PAGE;
    let s = sqlite_server_with(
        &sibling("camelot-server"),
        "table-pages",
        &["--games-per-minute", "0"],
    );
    for _ in 0..PAGE + 5 {
        let mut new = NewGame::new(Variant::Camette, TimeControl::Untimed);
        new.open = vec![SeatColour::White];
        blocking(ask(&s.address(), &new)).unwrap();
    }
    // The whole list in one page, in the server's order (newest first; games created
    // in the same millisecond by their ids).
    let games: Vec<GameId> = blocking(ask(&s.address(), &ListSeats::default()))
        .unwrap()
        .into_iter()
        .map(|s| s.game)
        .collect();
    assert_eq!(games.len(), PAGE as usize + 5);
    let mut app = app(&scratch("table-pages-data"));
    let answered = |app: &mut App| {
        until(app, "the server's answer", Duration::from_secs(20), |a| {
            !a.world().resource::<Lobby>().busy
        })
    };
    app.world_mut()
        .resource_mut::<Lobby>()
        .list_open_seats(s.address());
    answered(&mut app);
    let first = app.world().resource::<Lobby>().open_seats.len();
    assert!(first > 0 && first < games.len(), "{first} seats at first");
    app.world_mut()
        .resource_mut::<Lobby>()
        .more_open_seats(s.address());
    answered(&mut app);
    let lobby = app.world().resource::<Lobby>();
    let seats: Vec<GameId> = lobby.open_seats.iter().map(|s| s.game.clone()).collect();
    assert_eq!(seats, games, "every open seat once, newest first");
    assert!(lobby.open_seats_next.is_none(), "no more pages");

    app.world_mut().resource_mut::<Lobby>().list(s.address());
    answered(&mut app);
    assert_eq!(
        app.world().resource::<Lobby>().live.len(),
        PAGE as usize,
        "a page of live games"
    );
    app.world_mut()
        .resource_mut::<Lobby>()
        .more_live_games(s.address());
    answered(&mut app);
    let lobby = app.world().resource::<Lobby>();
    let live: Vec<GameId> = lobby.live.iter().map(|g| g.id.clone()).collect();
    assert_eq!(live, games, "every live game once, newest first");
    assert!(lobby.live_next.is_none(), "no more pages");
}

/// An account from the Online screen: signed up (its session kept 0600 in the data
/// directory, as `camelot-cli online login` keeps it), then a quick game against a
/// player paired elsewhere: the table opens the game by the account, no token, and
/// plays the seat it was given; the other resigns, and the account's ratings show one
/// rated game.
fn an_account_signs_up_and_plays_a_quick_game_at_the_table() {
    use camelot::online::account::OnlineAccount;
    use camelot_online::protocol::accounts::{AccountName, LookAtPlayer};
    use camelot_online::protocol::pairing::{Pairing, QuickGame};
    use camelot_online::protocol::{ClientMessage, Hello, ServerMessage};
    use camelot_online::{ask_as, Connection};
    use std::os::unix::fs::PermissionsExt;

    let s = sqlite_server_with(&sibling("camelot-server"), "table-account", &[]);
    let server = s.address();
    let data = scratch("table-account-data");
    let mut app = app(&data);
    sign_up_at_the_table(&mut app, &server, "Tristram", "harp of cornwall");
    until(
        &mut app,
        "signed up and the page read",
        Duration::from_secs(20),
        |a| {
            a.world()
                .resource::<OnlineAccount>()
                .logged_in
                .as_ref()
                .is_some_and(|m| m.profile.is_some())
        },
    );
    assert!(
        app.world().resource::<OnlineAccount>().password.is_empty(),
        "forgotten once sent"
    );
    // The new account's recovery codes, to show this once (and never kept on disk).
    let codes = app
        .world()
        .resource::<OnlineAccount>()
        .recovery_codes
        .clone();
    assert_eq!(codes.len(), 8);
    let kept = data.join("accounts.json");
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(
        codes.iter().all(|c| !text.contains(c.as_str())),
        "no code on disk"
    );
    let mode = std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(
        kept_device(&kept, &server),
        "the sign-up's device is kept for its logins"
    );
    // Another player, elsewhere, asks for the same quick game.
    let other = palamedes_elsewhere(&server);
    let quick = QuickGame {
        variant: Variant::Camette,
        time: TimeControl::Untimed,
    };
    let elsewhere = {
        let (server, other, quick) = (server.clone(), other.clone(), quick.clone());
        std::thread::spawn(move || loop {
            if let Pairing::Paired { game, seat } =
                blocking(ask_as(&server, Some(&other), &quick)).unwrap()
            {
                return (game, seat);
            }
        })
    };
    {
        app.world_mut()
            .resource_scope(|world, mut account: Mut<OnlineAccount>| {
                let storage = world.resource::<Storage>();
                account.quick_game(storage, Variant::Camette, TimeControl::Untimed);
            });
    }
    until(
        &mut app,
        "paired, at the table",
        Duration::from_secs(30),
        |a| table(a).is_some_and(|t| !t.held().is_empty()),
    );
    let (game, their_seat) = elsewhere.join().unwrap();
    let t = table(&app).unwrap();
    assert_eq!(t.game, game);
    let mine = Variant::Camette.rules().seat_colour(t.held()[0]);
    assert_ne!(mine, their_seat, "the other seat");
    // The other resigns; the table hears the end.
    blocking(async {
        let mut c = Connection::open_as(&server, &other).await.unwrap();
        c.send(&Hello::seat(&game, None, None).into())
            .await
            .unwrap();
        loop {
            match c.recv().await.unwrap() {
                ServerMessage::State { .. } => c.send(&ClientMessage::Resign).await.unwrap(),
                ServerMessage::Ended { .. } => break,
                _ => {}
            }
        }
    });
    until(&mut app, "the end heard", Duration::from_secs(20), |a| {
        table(a)
            .and_then(|t| t.mirror.as_ref())
            .is_some_and(|m| m.result.is_some())
    });
    let page = blocking(ask(
        &server,
        &LookAtPlayer {
            name: AccountName::parse("Tristram").unwrap(),
        },
    ))
    .unwrap();
    assert_eq!(page.ratings.len(), 1);
    assert_eq!(
        (page.ratings[0].variant, page.ratings[0].games),
        (Variant::Camette, 1)
    );
    assert!(page.ratings[0].rating > 1500.0, "won: {:?}", page.ratings);
}

/// Challenges at the table: logged in there, its site socket open (the account online on
/// its page), a challenge from a player elsewhere is heard and accepted at the table,
/// which opens its game with the account's seat; then the table challenges that player,
/// who accepts elsewhere, and the table opens that game by itself.
fn a_challenge_is_heard_accepted_and_sent_at_the_table() {
    use camelot::online::challenges::OnlineChallenges;
    use camelot_online::ask_as;
    use camelot_online::protocol::accounts::{AccountName, LookAtPlayer};
    use camelot_online::protocol::challenges::{
        AcceptChallenge, Acceptance, ChallengeState, ColourChoice, ListChallenges, LookAtChallenge,
        NewChallenge,
    };

    let s = sqlite_server_with(&sibling("camelot-server"), "table-challenges", &[]);
    let server = s.address();
    let data = scratch("table-challenges-data");
    let mut app = app(&data);
    sign_up_at_the_table(&mut app, &server, "Tristram", "harp of cornwall");
    until(
        &mut app,
        "the site socket heard",
        Duration::from_secs(20),
        |a| a.world().resource::<OnlineChallenges>().list.is_some(),
    );
    let tristram = AccountName::parse("Tristram").unwrap();
    let page = blocking(ask(
        &server,
        &LookAtPlayer {
            name: tristram.clone(),
        },
    ))
    .unwrap();
    assert!(page.online, "online while the table is logged in");
    let other = palamedes_elsewhere(&server);
    let challenge = NewChallenge {
        to: tristram,
        variant: Variant::Camette,
        time: TimeControl::Untimed,
        rated: false,
        colour: ColourChoice::White,
        against: Vec::new(),
    };
    let sent = blocking(ask_as(&server, Some(&other), &challenge))
        .unwrap()
        .challenge;
    until(
        &mut app,
        "the challenge heard",
        Duration::from_secs(20),
        |a| {
            a.world()
                .resource::<OnlineChallenges>()
                .list
                .as_ref()
                .is_some_and(|l| l.incoming.iter().any(|c| c.id == sent))
        },
    );
    app.world_mut()
        .resource_scope(|world, mut c: Mut<OnlineChallenges>| {
            c.accept(world.resource::<Storage>(), sent.clone());
        });
    until(
        &mut app,
        "at the challenge's table",
        Duration::from_secs(30),
        |a| table(a).is_some_and(|t| !t.held().is_empty()),
    );
    let look = LookAtChallenge {
        id: sent,
        wait: false,
    };
    let ChallengeState::Accepted { game, seat } = blocking(ask_as(&server, Some(&other), &look))
        .unwrap()
        .state
    else {
        panic!("accepted");
    };
    let t = table(&app).unwrap();
    assert_eq!(t.game, game);
    assert_eq!(seat, SeatColour::White, "the challenger's colour");
    assert_eq!(
        Variant::Camette.rules().seat_colour(t.held()[0]),
        SeatColour::Black
    );
    // The table challenges; accepted elsewhere, the table goes to that game by itself.
    app.world_mut()
        .resource_scope(|world, mut c: Mut<OnlineChallenges>| {
            c.form.to = "Palamedes".into();
            c.challenge(
                world.resource::<Storage>(),
                Variant::Camette,
                TimeControl::Untimed,
            );
        });
    let theirs = (0..200)
        .find_map(|_| {
            app.update();
            let list = blocking(ask_as(&server, Some(&other), &ListChallenges::default())).unwrap();
            if list.incoming.is_empty() {
                std::thread::sleep(Duration::from_millis(50));
            }
            list.incoming.first().map(|c| c.id.clone())
        })
        .expect("Palamedes is challenged");
    let Acceptance::Game(made) = blocking(ask_as(
        &server,
        Some(&other),
        &AcceptChallenge { id: theirs },
    ))
    .unwrap() else {
        panic!("a game of two is made at once")
    };
    until(
        &mut app,
        "at the second game's table",
        Duration::from_secs(30),
        |a| table(a).is_some_and(|t| t.game == made.game && !t.held().is_empty()),
    );
}

/// Tournaments at the table: logged in there, the account joins an arena another player
/// made (as the Online screen's Join does) and that player joins elsewhere; the server
/// pairs them, and the table opens the game with the account's seat by itself, nothing
/// else done.
fn a_tournament_game_opens_at_the_table_by_itself() {
    use camelot::online::tournaments::OnlineTournaments;
    use camelot_online::ask_as;
    use camelot_online::protocol::tournaments::{
        JoinTournament, MyTournamentGame, NewTournament, TournamentKind,
    };

    let s = sqlite_server_with(&sibling("camelot-server"), "table-tournament", &[]);
    let server = s.address();
    let data = scratch("table-tournament-data");
    let mut app = app(&data);
    sign_up_at_the_table(&mut app, &server, "Tristram", "harp of cornwall");
    let other = palamedes_elsewhere(&server);
    let made = blocking(ask_as(
        &server,
        Some(&other),
        &NewTournament {
            name: "Tintagel Arena".into(),
            kind: TournamentKind::Arena,
            variant: Variant::Camette,
            time: TimeControl::Clock {
                minutes: 5,
                increment: 3,
            },
            minutes: Some(30),
            rounds: None,
            starts_at: None,
            casual: true,
            programs: false,
            max_players: None,
        },
    ))
    .unwrap();
    app.world_mut()
        .resource_scope(|_, mut t: Mut<OnlineTournaments>| t.refresh(&server));
    until(&mut app, "the list heard", Duration::from_secs(20), |a| {
        a.world()
            .resource::<OnlineTournaments>()
            .list
            .as_ref()
            .is_some_and(|(_, l, _)| {
                l.running
                    .iter()
                    .chain(&l.soon)
                    .any(|t| t.id == made.tournament && t.name == "Tintagel Arena")
            })
    });
    app.world_mut()
        .resource_scope(|world, mut t: Mut<OnlineTournaments>| {
            t.join(
                world.resource::<Storage>(),
                &server,
                made.tournament.clone(),
            );
        });
    until(&mut app, "joined", Duration::from_secs(20), |a| {
        a.world()
            .resource::<OnlineTournaments>()
            .playing()
            .is_some()
    });
    blocking(ask_as(
        &server,
        Some(&other),
        &JoinTournament {
            id: made.tournament.clone(),
        },
    ))
    .unwrap();
    let theirs = blocking(ask_as(
        &server,
        Some(&other),
        &MyTournamentGame {
            id: made.tournament.clone(),
            wait: true,
        },
    ))
    .unwrap()
    .game
    .expect("paired");
    until(
        &mut app,
        "at the tournament game's table",
        Duration::from_secs(30),
        |a| table(a).is_some_and(|t| t.game == theirs.game && !t.held().is_empty()),
    );
    let t = table(&app).unwrap();
    assert_ne!(
        Variant::Camette.rules().seat_colour(t.held()[0]),
        theirs.seat,
        "the account's own seat"
    );
    standings_and_a_player_followed(&mut app, &server, &theirs.game);
}

/// At the tournament's table: the standings it shows (both players, each playing, at no
/// points yet), and Palamedes followed from the Online screen (its Follow button's call),
/// listed as playing `game`.
fn standings_and_a_player_followed(
    app: &mut App,
    server: &camelot_online::ServerAddress,
    game: &camelot_online::protocol::GameId,
) {
    use camelot::online::tournaments::OnlineTournaments;
    // The standings the table shows: both players, each playing, at no points yet.
    app.world_mut()
        .resource_scope(|_, mut t: Mut<OnlineTournaments>| t.refresh_standings());
    until(app, "the standings heard", Duration::from_secs(20), |a| {
        a.world()
            .resource::<OnlineTournaments>()
            .standings
            .is_some()
    });
    let (page, _) = app
        .world()
        .resource::<OnlineTournaments>()
        .standings
        .clone()
        .unwrap();
    let lines: Vec<String> = page
        .standings
        .iter()
        .map(camelot::online::tournament_view::standing_line)
        .collect();
    // The account that plays here, marked "(you)" where the table shows it.
    assert_eq!(
        app.world()
            .resource::<OnlineTournaments>()
            .playing_as()
            .map(|n| n.as_str()),
        Some("Tristram")
    );
    let mut names: Vec<&str> = page.standings.iter().map(|s| s.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["Palamedes", "Tristram"], "{page:?}");
    for (i, line) in lines.iter().enumerate() {
        let name = page.standings[i].name.as_str();
        assert_eq!(*line, format!("{}. {name}  0 points, playing", i + 1));
    }
    assert!(page.games.iter().any(|g| g.game == *game));
    // Tristram follows Palamedes from the Online screen (its Follow button's call): the
    // list says he is playing, with the game to watch.
    use camelot::online::following::OnlineFollowing;
    use camelot_online::protocol::accounts::AccountName;
    app.world_mut()
        .resource_scope(|world, mut f: Mut<OnlineFollowing>| {
            f.set(
                world.resource::<Storage>(),
                server,
                AccountName::parse("Palamedes").unwrap(),
                true,
            )
        });
    until(app, "followed", Duration::from_secs(20), |a| {
        a.world().resource::<OnlineFollowing>().status.is_some()
    });
    assert_eq!(
        app.world().resource::<OnlineFollowing>().status.as_deref(),
        Some("You follow Palamedes")
    );
    app.world_mut()
        .resource_scope(|world, mut f: Mut<OnlineFollowing>| {
            f.refresh(world.resource::<Storage>(), server)
        });
    until(
        app,
        "the players followed heard",
        Duration::from_secs(20),
        |a| a.world().resource::<OnlineFollowing>().list.is_some(),
    );
    let (_, followed, _) = app
        .world()
        .resource::<OnlineFollowing>()
        .list
        .clone()
        .unwrap();
    assert_eq!(followed.players.len(), 1, "{followed:?}");
    assert_eq!(followed.players[0].name.as_str(), "Palamedes");
    assert_eq!(followed.players[0].playing, vec![game.clone()]);
}

/// A Grand Cam table at the 3D table: Palamedes asks the table's account (Tristram) to
/// partner him against Dinadan and Lamorak; the table hears it with its seats, accepts
/// first (the Online screen says whom it waits for), and once the two accept elsewhere
/// the table opens the game by itself at Tristram's seat.
fn a_grand_cam_table_is_accepted_at_the_table_and_opens_once_made() {
    use camelot::online::challenges::OnlineChallenges;
    use camelot_online::ask_as;
    use camelot_online::protocol::accounts::AccountName;
    use camelot_online::protocol::challenges::{AcceptChallenge, ColourChoice, NewChallenge};

    let s = sqlite_server_with(&sibling("camelot-server"), "table-grand-cam", &[]);
    let server = s.address();
    let data = scratch("table-grand-cam-data");
    let mut app = app(&data);
    sign_up_at_the_table(&mut app, &server, "Tristram", "harp of cornwall");
    let palamedes = palamedes_elsewhere(&server);
    let (dinadan, lamorak) = (
        signed_up_elsewhere(&server, "Dinadan"),
        signed_up_elsewhere(&server, "Lamorak"),
    );
    let table_challenge = NewChallenge {
        to: AccountName::parse("Tristram").unwrap(),
        variant: Variant::GrandCam,
        time: TimeControl::Untimed,
        rated: false,
        colour: ColourChoice::White,
        against: vec![
            AccountName::parse("Dinadan").unwrap(),
            AccountName::parse("Lamorak").unwrap(),
        ],
    };
    let sent = blocking(ask_as(&server, Some(&palamedes), &table_challenge))
        .unwrap()
        .challenge;
    until(&mut app, "the table heard", Duration::from_secs(20), |a| {
        a.world()
            .resource::<OnlineChallenges>()
            .list
            .as_ref()
            .is_some_and(|l| {
                l.incoming
                    .iter()
                    .any(|c| c.id == sent && c.seats.len() == 4)
            })
    });
    app.world_mut()
        .resource_scope(|world, mut c: Mut<OnlineChallenges>| {
            c.accept(world.resource::<Storage>(), sent.clone());
        });
    until(
        &mut app,
        "told whom it waits for",
        Duration::from_secs(20),
        |a| {
            a.world().resource::<OnlineChallenges>().status.as_deref()
                == Some("Accepted: waiting for Dinadan and Lamorak to accept")
        },
    );
    assert!(table(&app).is_none(), "no game yet");
    for other in [&dinadan, &lamorak] {
        blocking(ask_as(
            &server,
            Some(other),
            &AcceptChallenge { id: sent.clone() },
        ))
        .unwrap();
    }
    until(
        &mut app,
        "at the table's game",
        Duration::from_secs(30),
        |a| table(a).is_some_and(|t| !t.held().is_empty()),
    );
    let t = table(&app).unwrap();
    assert_eq!(
        Variant::GrandCam.rules().seat_colour(t.held()[0]),
        SeatColour::Blue,
        "Tristram partners Palamedes (Red)"
    );
}

camelot_test_support::harness!(
    a_grand_cam_table_is_accepted_at_the_table_and_opens_once_made,
    a_tournament_game_opens_at_the_table_by_itself,
    an_account_signs_up_and_plays_a_quick_game_at_the_table,
    a_challenge_is_heard_accepted_and_sent_at_the_table,
    moves_cross_between_the_table_and_other_clients,
    a_dropped_connection_is_said_and_mended_and_offers_cross,
    a_game_never_had_shows_no_table_and_is_said_in_the_menu,
    an_open_seat_taken_from_the_list_names_on_both_tables_and_a_rematch,
    the_table_and_a_browser_play_each_other,
    the_menus_lists_bring_every_seat_and_game_a_page_at_a_time
);

/// Palamedes, another player, signed up elsewhere: his program's session.
fn palamedes_elsewhere(
    server: &camelot_online::ServerAddress,
) -> camelot_online::protocol::accounts::AccountToken {
    signed_up_elsewhere(server, "Palamedes")
}

/// Another player `name`, signed up elsewhere: their program's session.
fn signed_up_elsewhere(
    server: &camelot_online::ServerAddress,
    name: &str,
) -> camelot_online::protocol::accounts::AccountToken {
    use camelot_online::protocol::accounts::{AccountKind, AccountName, Password, SignUp};
    let sign_up = SignUp {
        name: AccountName::parse(name).unwrap(),
        password: Password::parse("the questing beast").unwrap(),
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    };
    blocking(ask(server, &sign_up)).unwrap().token.unwrap()
}

/// Whether the sessions file `kept` holds this machine's device token on `server`.
fn kept_device(kept: &std::path::Path, server: &camelot_online::ServerAddress) -> bool {
    let text = std::fs::read_to_string(kept).unwrap();
    camelot_online::sessions::SavedSessions::from_json(&text)
        .device(server)
        .is_some()
}

/// The Online screen's sign-up, as its button does it, with `name` and `password` typed,
/// until the account is logged in there.
fn sign_up_at_the_table(
    app: &mut App,
    server: &camelot_online::ServerAddress,
    name: &str,
    password: &str,
) {
    use camelot::online::account::OnlineAccount;
    app.world_mut()
        .resource_scope(|world, mut a: Mut<OnlineAccount>| {
            let storage = world.resource::<camelot::storage::saving::Storage>();
            a.name = name.into();
            a.password = password.into();
            a.open(server.clone(), true, storage);
        });
    // Signed up and its session kept: what the Online screen's buttons ask with.
    until(
        app,
        "signed up at the table",
        Duration::from_secs(20),
        |a| a.world().resource::<OnlineAccount>().logged_in.is_some(),
    );
}
