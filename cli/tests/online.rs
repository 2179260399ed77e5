//! `camelot-cli online` against a real `camelot-server` process on loopback: the exact
//! command forms and output lines scripts rely on, a whole game between two headless
//! players with a watcher, and players that ride out a server killed in mid-game.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use camelot_engine::Record;
use camelot_test_support::{http_get, scratch, sqlite, wait_until, workspace_binary, Server};

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
    let (_, g) = Record::import(&http_get(&s.url, &format!("/games/{game}.cgn"))).unwrap();
    let all = g.move_texts(camelot_engine::Notation::Wcf);
    assert_eq!(
        &all[..before.len()],
        &before[..],
        "every move heard before the kill is kept"
    );
}

/// A server never reached, and a game the server does not know, are said plainly and
/// at once, with exit status 1: nothing waits for a game it never had.
#[test]
fn a_server_or_game_that_cannot_be_had_is_said_plainly() {
    // Port 9 (discard) has nobody listening on loopback.
    let started = std::time::Instant::now();
    let o = run(&[
        "online",
        "play",
        "--server",
        "http://127.0.0.1:9",
        "--game",
        "nosuch",
        "--token",
        "t",
        "--level",
        "beginner",
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
