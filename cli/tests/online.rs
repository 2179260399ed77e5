//! `camelot-cli online` against a real `camelot-server` process on loopback: the exact
//! command forms and output lines scripts rely on, a whole game between two headless
//! players with a watcher, players that ride out a server killed in mid-game or a network
//! that drops them, open seats, names and a rematch, and a server that speaks TLS with a
//! certificate made in the test.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use camelot_engine::notation::Record;
use camelot_engine::Notation;
use camelot_test_support::online::sqlite_server_with;
use camelot_test_support::{
    http, http_get, scratch, self_signed_certificate, sqlite, stored_game, wait_until,
    workspace_binary, Proxy, Server,
};

fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
}

/// The server binary beside this one, built first if this test was built alone.
fn server_bin() -> PathBuf {
    workspace_binary("camelot-server", env!("CARGO_BIN_EXE_camelot-cli"))
}

fn run(args: &[&str]) -> Output {
    cli().args(args).output().expect("runs camelot-cli")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `online create`'s JSON line: the game and each seat's token, in turn order.
fn create(url: &str, variant: &str, extra: &[&str]) -> (String, Vec<(String, String)>) {
    let mut args = vec!["online", "create", "--server", url, "--variant", variant];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = stdout(&o);
    assert_eq!(line.lines().count(), 1, "{line}");
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    let game = v["game"].as_str().unwrap().to_string();
    // The seats in the order the line lists them.
    let seats_text = &line[line.find("\"seats\":").unwrap()..];
    let mut seats = Vec::new();
    for (name, token) in v["seats"].as_object().unwrap() {
        seats.push((name.clone(), token.as_str().unwrap().to_string()));
    }
    seats.sort_by_key(|(n, _)| seats_text.find(&format!("\"{n}\"")).unwrap());
    (game, seats)
}

fn spawn(args: &[&str], out: &Path) -> Child {
    cli()
        .args(args)
        .stdout(Stdio::from(std::fs::File::create(out).unwrap()))
        .stderr(Stdio::from(
            std::fs::File::create(out.with_extension("err")).unwrap(),
        ))
        .spawn()
        .expect("runs camelot-cli")
}

fn wait(mut child: Child, limit: Duration) -> i32 {
    let start = std::time::Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s.code().unwrap_or(-1);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("a client did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn last_line(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

/// The plies a client printed (`12. Black F11-F9`), as moves.
fn printed_moves(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| {
            l.split('.')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .map(|l| l.rsplit(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_command_forms_scripts_rely_on() {
    let dir = scratch("cli-forms");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    let (_, seats) = create(&s.url, "grandcam", &["--days", "3"]);
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Red", "Green", "Blue", "Yellow"]);
    let (game, seats) = create(&s.url, "camelot", &["--clock", "5+3"]);
    let token = |i: usize| seats[i].1.as_str();
    let mv = |t: &str, m: &str| {
        run(&[
            "online", "move", "--server", &s.url, "--game", &game, "--token", t, m,
        ])
    };
    let o = mv(token(1), "H11-F9");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "rejected: it is White's turn, not Black's\n");
    let o = mv(token(0), "E6-E8");
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "accepted\n")
    );
    let o = mv(token(1), "H11-F8");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("rejected: H11-F8"), "{}", stdout(&o));
    let o = mv("wrong", "H11-F9");
    assert_eq!(
        stdout(&o),
        format!("rejected: that token holds no seat in game {game}\n")
    );
    for bad in [["--clock", "5"], ["--days", "0"]] {
        let o = run(&["online", "create", "--server", &s.url, bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
    let o = run(&["online", "list", "--server", &s.url]);
    assert!(stdout(&o)
        .lines()
        .any(|l| l.starts_with(&format!("{game} camelot 5+3 plies 1"))));
}

#[test]
fn a_whole_game_between_two_headless_players_with_a_watcher() {
    let dir = scratch("cli-game");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    let (game, seats) = create(&s.url, "camette", &[]);
    let record = dir.join("watched.cgn");
    let at = ["--server", s.url.as_str(), "--game", game.as_str()];
    let watch = spawn(
        &[
            &["online", "watch"][..],
            &at,
            &["--record", record.to_str().unwrap()],
        ]
        .concat(),
        &dir.join("watch.out"),
    );
    let white = spawn(
        &[
            &["online", "play"][..],
            &at,
            &["--token", &seats[0].1, "--level", "club"],
        ]
        .concat(),
        &dir.join("white.out"),
    );
    let black = spawn(
        &[
            &["online", "play"][..],
            &at,
            &["--token", &seats[1].1, "--level", "novice"],
        ]
        .concat(),
        &dir.join("black.out"),
    );
    for (child, name) in [(white, "white"), (black, "black"), (watch, "watch")] {
        let code = wait(child, Duration::from_secs(300));
        let err = std::fs::read_to_string(dir.join(name).with_extension("err")).unwrap();
        assert_eq!(code, 0, "{name}: {err}");
    }
    let result = last_line(&dir.join("watch.out"));
    assert!(result.starts_with("result: "), "{result}");
    assert_eq!(last_line(&dir.join("white.out")), result);
    assert_eq!(last_line(&dir.join("black.out")), result);
    // The watcher saw every move, its record replays, and the server's record agrees.
    let watched = printed_moves(&dir.join("watch.out"));
    assert!(watched.len() >= 2);
    let (rec, replayed) = Record::import(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(replayed.move_texts(camelot_engine::Notation::Wcf), watched);
    assert_eq!(
        format!(
            "result: {} ({})",
            rec.result,
            rec.tag("Termination").unwrap()
        ),
        result
    );
    let served = http_get(&s.url, &format!("/games/{game}.cgn"));
    let (_, from_server) = Record::import(&served).unwrap();
    assert_eq!(from_server.moves(), replayed.moves());
    assert_eq!(from_server.outcome(), replayed.outcome());
}

#[test]
fn players_ride_out_a_server_killed_in_mid_game() {
    let dir = scratch("cli-restart");
    let db = sqlite(&dir);
    let mut s = Server::start(&server_bin(), &db, "127.0.0.1:0");
    let (game, seats) = create(&s.url, "camelot", &[]);
    let at = ["--server", s.url.as_str(), "--game", game.as_str()];
    let white = spawn(
        &[
            &["online", "play"][..],
            &at,
            &["--token", &seats[0].1, "--level", "beginner"],
        ]
        .concat(),
        &dir.join("white.out"),
    );
    let black = spawn(
        &[
            &["online", "play"][..],
            &at,
            &["--token", &seats[1].1, "--level", "beginner"],
        ]
        .concat(),
        &dir.join("black.out"),
    );
    let out = dir.join("white.out");
    wait_until("ten plies", Duration::from_secs(120), || {
        printed_moves(&out).len() >= 10
    });
    s.kill();
    let before = printed_moves(&out);
    std::thread::sleep(Duration::from_secs(3));
    let s = Server::start(&server_bin(), &db, &format!("127.0.0.1:{}", s.port));
    for (child, name) in [(white, "white"), (black, "black")] {
        let code = wait(child, Duration::from_secs(600));
        let err = std::fs::read_to_string(dir.join(name).with_extension("err")).unwrap();
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            err.contains("connection lost"),
            "{name} noticed the server go: {err}"
        );
    }
    let result = last_line(&out);
    assert!(result.starts_with("result: "), "{result}");
    assert_eq!(last_line(&dir.join("black.out")), result);
    let g = stored_game(&s.url, &game);
    let all = g.move_texts(camelot_engine::Notation::Wcf);
    assert_eq!(
        &all[..before.len()],
        &before[..],
        "every move heard before the kill is kept"
    );
}

/// A player started a moment before its server (a reboot, a restart) waits for it, as
/// it waits for a server lost in mid-game, and plays the game through.
#[test]
fn a_player_started_before_its_server_waits_for_it() {
    let dir = scratch("cli-early");
    let db = sqlite(&dir);
    let mut s = Server::start(&server_bin(), &db, "127.0.0.1:0");
    let (game, seats) = create(&s.url, "camette", &["--computer", "Black=beginner"]);
    let (url, port) = (s.url.clone(), s.port);
    s.kill();
    let out = dir.join("white.out");
    let white = spawn(
        &[
            "online",
            "play",
            "--server",
            &url,
            "--game",
            &game,
            "--token",
            &seats[0].1,
            "--level",
            "beginner",
        ],
        &out,
    );
    std::thread::sleep(Duration::from_secs(3));
    let _s = Server::start(&server_bin(), &db, &format!("127.0.0.1:{port}"));
    let code = wait(white, Duration::from_secs(300));
    let err = std::fs::read_to_string(out.with_extension("err")).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!(
            "the server at {url} does not answer yet (cannot connect to"
        )) && err.contains("trying for up to 90 s\nconnected\n"),
        "{err}"
    );
    assert!(
        last_line(&out).starts_with("result: "),
        "{}",
        last_line(&out)
    );
}

/// A server never reached by a watcher, and a game the server does not know, are said
/// plainly and at once, with exit status 1: nothing waits for a game it never had. (A
/// player waits for its server: `a_player_started_before_its_server_waits_for_it`.)
#[test]
fn a_server_or_game_that_cannot_be_had_is_said_plainly() {
    // Port 9 (discard) has nobody listening on loopback.
    let started = std::time::Instant::now();
    let o = run(&[
        "online",
        "watch",
        "--server",
        "http://127.0.0.1:9",
        "--game",
        "nosuch",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("Cannot reach the server at http://127.0.0.1:9: "),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(15), "said at once");
    let dir = scratch("cli-nosuch");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    for args in [
        &["online", "watch", "--server", &s.url, "--game", "nosuch"][..],
        &[
            "online", "play", "--server", &s.url, "--game", "nosuch", "--token", "t", "--level",
            "beginner",
        ][..],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            format!("No game nosuch on {}\n", s.url),
            "{args:?}"
        );
    }
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(o);
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// A move for the side to move in the server's game: its first legal move.
fn a_legal_move(url: &str, game: &str) -> String {
    let g = stored_game(url, game);
    let pos = g.position();
    pos.move_text(&pos.legal_moves().get(0).clone(), Notation::Wcf)
        .unwrap()
}

fn plies_stored(url: &str, game: &str) -> usize {
    let g = stored_game(url, game);
    g.ply()
}

#[test]
fn open_seats_names_and_a_rematch_from_the_command_line() {
    let dir = scratch("cli-meeting");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    let made = json(&run(&[
        "online", "create", "--server", &s.url, "--clock", "0+1", "--open", "Black",
    ]));
    let game = made["game"].as_str().unwrap().to_string();
    assert_eq!(made["open"], serde_json::json!(["Black"]));
    assert_eq!(made["seats"].as_object().unwrap().len(), 1);
    let white = made["seats"]["White"].as_str().unwrap().to_string();
    let o = run(&["online", "seats", "--server", &s.url]);
    assert_eq!(
        stdout(&o),
        format!(
            "{{\"game\":\"{game}\",\"seat\":\"Black\",\"variant\":\"camelot\",\"time\":{{\"kind\":\"clock\",\"minutes\":0,\"increment\":1}}}}\n"
        )
    );
    let take = |name: &str| {
        run(&[
            "online", "take", "--server", &s.url, "--game", &game, "--seat", "Black", "--name",
            name,
        ])
    };
    let taken = json(&take("Bo"));
    assert_eq!(
        (taken["game"].as_str(), taken["seat"].as_str()),
        (Some(game.as_str()), Some("Black"))
    );
    let black = taken["token"].as_str().unwrap().to_string();
    let o = take("Cy");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "rejected: the Black seat is not open\n");
    assert_eq!(stdout(&run(&["online", "seats", "--server", &s.url])), "");
    let o = run(&[
        "online", "take", "--server", &s.url, "--game", &game, "--seat", "Black", "--name", "<b>",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "a name is checked before it is sent"
    );

    // One move each (untimed), then White's second of a second runs out.
    for (token, name) in [(&white, "Ann"), (&black, "Bo")] {
        let mv = a_legal_move(&s.url, &game);
        let o = run(&[
            "online", "move", "--server", &s.url, "--game", &game, "--token", token, "--name",
            name, &mv,
        ]);
        assert_eq!(stdout(&o), "accepted\n");
    }
    std::thread::sleep(Duration::from_millis(1800));
    let record = http_get(&s.url, &format!("/games/{game}.cgn"));
    assert!(
        record.contains("[White \"Ann\"]") && record.contains("[Black \"Bo\"]"),
        "{record}"
    );
    assert!(record.contains("[Result \"0-1\"]"), "{record}");

    // White offers and waits; Black's offer meets it.
    let offer = |token: &str| -> Vec<String> {
        vec![
            "online".into(),
            "rematch".into(),
            "--server".into(),
            s.url.clone(),
            "--game".into(),
            game.clone(),
            "--token".into(),
            token.into(),
        ]
    };
    let white_args = offer(&white);
    let waiting = spawn(
        &white_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &dir.join("rematch-white.out"),
    );
    // Whichever offer comes second accepts the first.
    let black_args = offer(&black);
    let b = json(&run(&black_args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()));
    assert_eq!(wait(waiting, Duration::from_secs(30)), 0);
    let w: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("rematch-white.out")).unwrap())
            .unwrap();
    assert_eq!(w["game"], b["game"]);
    assert_ne!(w["game"].as_str(), Some(game.as_str()));
    assert_eq!(
        (w["seat"].as_str(), w["token"].as_str()),
        (Some("Black"), Some(white.as_str()))
    );
    assert_eq!(
        (b["seat"].as_str(), b["token"].as_str()),
        (Some("White"), Some(black.as_str()))
    );
    // The rematch is played with those tokens: Bo has White now.
    let next = b["game"].as_str().unwrap();
    let mv = a_legal_move(&s.url, next);
    let o = run(&[
        "online", "move", "--server", &s.url, "--game", next, "--token", &black, &mv,
    ]);
    assert_eq!(stdout(&o), "accepted\n");
    let again = http_get(&s.url, &format!("/games/{next}.cgn"));
    assert!(
        again.contains("[White \"Bo\"]") && again.contains("[Black \"Ann\"]"),
        "{again}"
    );
}

/// `online play` prints every ply once, in order, even those stored while its
/// connection was down (they come in the whole game it is sent on reconnecting).
#[test]
fn a_player_cut_off_by_the_network_prints_every_ply() {
    let dir = scratch("cli-cut");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    let proxy = Proxy::start(s.port);
    let (game, seats) = create(&s.url, "camelot", &[]);
    let out = dir.join("white.out");
    let white = spawn(
        &[
            "online",
            "play",
            "--server",
            &proxy.url(),
            "--game",
            &game,
            "--token",
            &seats[0].1,
            "--level",
            "beginner",
        ],
        &out,
    );
    for round in 0..4 {
        let white_moved = 2 * round + 1;
        wait_until("White's move", Duration::from_secs(60), || {
            plies_stored(&s.url, &game) == white_moved
        });
        // White is cut off; Black moves meanwhile.
        proxy.cut();
        let mv = a_legal_move(&s.url, &game);
        let o = run(&[
            "online",
            "move",
            "--server",
            &s.url,
            "--game",
            &game,
            "--token",
            &seats[1].1,
            &mv,
        ]);
        assert_eq!(stdout(&o), "accepted\n");
        std::thread::sleep(Duration::from_millis(300));
        proxy.mend();
    }
    wait_until("nine plies printed", Duration::from_secs(60), || {
        printed_moves(&out).len() >= 9
    });
    let mut white = white;
    let _ = white.kill();
    let _ = white.wait();
    let g = stored_game(&s.url, &game);
    let stored = g.move_texts(Notation::Wcf);
    let printed = printed_moves(&out);
    assert_eq!(
        printed[..],
        stored[..printed.len()],
        "every ply, once, in order"
    );
    let err = std::fs::read_to_string(out.with_extension("err")).unwrap();
    assert!(err.contains("connection lost"), "{err}");
}

#[test]
fn a_game_over_wss_with_a_certificate_made_here() {
    let dir = scratch("cli-tls");
    let cert = self_signed_certificate(&dir);
    let db = sqlite(&dir);
    let s = Server::start_with(
        &server_bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &db,
            "--tls-cert",
            cert.cert.to_str().unwrap(),
            "--tls-key",
            cert.key.to_str().unwrap(),
        ],
    );
    assert!(s.url.starts_with("https://127.0.0.1:"), "{}", s.url);
    let trusting = |args: &[&str]| {
        cli()
            .args(args)
            .env("SSL_CERT_FILE", &cert.cert)
            .output()
            .unwrap()
    };
    let made = json(&trusting(&["online", "create", "--server", &s.url]));
    let game = made["game"].as_str().unwrap();
    let wss = s.url.replace("https://", "wss://");
    for (seat, mv, server) in [("White", "E6-E8", &s.url), ("Black", "H11-F9", &wss)] {
        let token = made["seats"][seat].as_str().unwrap();
        let o = trusting(&[
            "online", "move", "--server", server, "--game", game, "--token", token, mv,
        ]);
        assert_eq!(
            stdout(&o),
            "accepted\n",
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let o = trusting(&["online", "list", "--server", &s.url]);
    assert!(
        stdout(&o).starts_with(&format!("{game} camelot no clock plies 2")),
        "{}",
        stdout(&o)
    );

    // A machine that does not trust the certificate says so in one line, naming the
    // server (here a machine that trusts no authority at all, whatever this one's are).
    let none = dir.join("no-authorities.pem");
    std::fs::write(&none, "").unwrap();
    let distrusting = |args: &[&str]| {
        cli()
            .args(args)
            .env("SSL_CERT_FILE", &none)
            .env_remove("SSL_CERT_DIR")
            .output()
            .unwrap()
    };
    let why = "its certificate is signed by no authority this machine trusts (to trust it, name its certificate in SSL_CERT_FILE)";
    let o = distrusting(&["online", "create", "--server", &s.url]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!("error: cannot trust the server at {}: {why}\n", s.url)
    );
    let o = distrusting(&[
        "online", "play", "--server", &s.url, "--game", game, "--token", "t", "--level", "beginner",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        format!("Cannot reach the server at {}: {why}\n", s.url)
    );
}

/// A server that lets one address create games as fast as a load test does.
fn load_test_server(dir: &Path) -> Server {
    Server::start_with(
        &server_bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(dir),
            "--games-per-minute",
            "0",
        ],
    )
}

/// The board and the legal moves the server sends a client without rules (the browser
/// page) are checked, move by move, against the engine of `camelot-cli`: every variant.
#[test]
fn the_servers_boards_and_legal_moves_are_the_engines_in_every_variant() {
    let dir = scratch("cli-boards");
    let s = load_test_server(&dir);
    for variant in ["camelot", "classic", "river", "anti", "camette", "grandcam"] {
        let o = run(&[
            "online",
            "loadtest",
            "--server",
            &s.url,
            "--games",
            "3",
            "--concurrency",
            "3",
            "--variant",
            variant,
            "--board",
            "--seed",
            "7",
        ]);
        let last = stdout(&o).lines().last().unwrap_or("").to_string();
        assert!(
            o.status.success()
                && last.starts_with("games 3, moves ")
                && last.contains(", errors 0,"),
            "{variant}: {last}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn the_servers_computer_plays_the_seats_given_it_and_only_the_others_get_tokens() {
    let dir = scratch("cli-computer");
    let s = Server::start(&server_bin(), &sqlite(&dir), "127.0.0.1:0");
    let (game, seats) = create(
        &s.url,
        "grandcam",
        &[
            "--computer",
            "Green=beginner",
            "--computer",
            "Yellow=beginner",
        ],
    );
    let names: Vec<&str> = seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["Red", "Blue"],
        "only the people's seats have tokens"
    );
    let players: Vec<Child> = seats
        .iter()
        .map(|(name, token)| {
            spawn(
                &[
                    "online", "play", "--server", &s.url, "--game", &game, "--token", token,
                    "--level", "beginner",
                ],
                &dir.join(format!("{name}.out")),
            )
        })
        .collect();
    for mut p in players {
        assert!(p.wait().unwrap().success());
    }
    let g = stored_game(&s.url, &game);
    assert!(g.outcome().is_some(), "played to the end");
    // Every seat moved: the computer's two among them.
    assert!(g.ply() >= 4, "{} plies", g.ply());
    for bad in ["Black=club", "Green=genius", "Green"] {
        let o = run(&[
            "online",
            "create",
            "--server",
            &s.url,
            "--variant",
            "grandcam",
            "--computer",
            bad,
        ]);
        assert_ne!(o.status.code(), Some(0), "{bad}");
        assert!(!o.stderr.is_empty(), "{bad} is refused with a reason");
    }
}

/// The load test against the server's computer: every other seat the computer's, the
/// computer's waits timed a level at a time, and every board checked against the engine
/// here.
#[test]
fn the_load_test_times_the_computers_answers_level_by_level() {
    let dir = scratch("cli-loadtest-computer");
    let s = load_test_server(&dir);
    for variant in ["camette", "grandcam"] {
        let o = run(&[
            "online",
            "loadtest",
            "--server",
            &s.url,
            "--games",
            "4",
            "--concurrency",
            "4",
            "--variant",
            variant,
            "--computer",
            "beginner",
            "--computer",
            "novice",
            "--board",
        ]);
        let said = stdout(&o);
        let lines: Vec<&str> = said.lines().collect();
        let last = lines.last().copied().unwrap_or("");
        assert!(
            o.status.success()
                && last.starts_with("games 4, moves ")
                && last.contains(", errors 0,"),
            "{variant}: {said}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        for level in ["beginner", "novice"] {
            let line = lines
                .iter()
                .find(|l| l.starts_with(&format!("computer {level}: turns ")))
                .unwrap_or_else(|| panic!("{variant}: no line for {level}: {said}"));
            let turns: u32 = line
                .split("turns ")
                .nth(1)
                .and_then(|t| t.split(',').next())
                .and_then(|t| t.parse().ok())
                .unwrap();
            assert!(turns > 0, "{line}");
        }
    }
}

/// `online seats` and `online list` print every open seat and every live game, page
/// after page: more than the server's largest page (200) are all there, each once.
#[test]
fn the_lists_are_printed_whole_past_the_servers_largest_page() {
    let s = sqlite_server_with(&server_bin(), "cli-pages", &["--games-per-minute", "0"]);
    let mut made = std::collections::BTreeSet::new();
    for _ in 0..205 {
        let a = http(
            &s.url,
            "POST",
            "/games",
            Some(r#"{"variant":"camette","open":["Black"]}"#),
        );
        assert_eq!(a.status, 201, "{a:?}");
        let v: serde_json::Value = serde_json::from_str(&a.body).unwrap();
        made.insert(v["game"].as_str().unwrap().to_string());
    }
    let seats = run(&["online", "seats", "--server", &s.url]);
    assert!(seats.status.success());
    let listed: Vec<String> = stdout(&seats)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["game"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(listed.len(), made.len(), "every open seat once");
    assert_eq!(
        listed
            .iter()
            .cloned()
            .collect::<std::collections::BTreeSet<_>>(),
        made
    );
    let live = run(&["online", "list", "--server", &s.url]);
    assert!(live.status.success());
    let listed: Vec<String> = stdout(&live)
        .lines()
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect();
    assert_eq!(listed.len(), made.len(), "every live game once");
    assert_eq!(
        listed
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>(),
        made
    );
}
