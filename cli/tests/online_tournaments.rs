//! `camelot-cli online tournament create|join|standings` against a real `camelot-server`
//! on loopback: eight programs' accounts join an arena and play every game they are
//! paired in by themselves; the standings the server gives equal the test's own count
//! from the games as stored (each game's result asked of the game itself), nobody plays
//! two games at once, and nobody meets the same opponent twice in a row.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use camelot_engine::Side;
use camelot_online::protocol::requests::LookAtGame;
use camelot_online::protocol::tournaments::{
    GameScore, LookAtTournament, TournamentId, TournamentPage, TournamentState,
};
use camelot_online::protocol::GameEnd;
use camelot_online::{ask, blocking, ServerAddress};
use camelot_test_support::{scratch, sqlite, workspace_binary, Server};

fn cli(data: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
        .args(args)
        .env("CAMELOT_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs camelot-cli");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn account(data: &Path, url: &str, name: &str, program: bool) {
    let mut args = vec![
        "online",
        "account",
        "create",
        "--server",
        url,
        "--name",
        name,
        "--password-stdin",
    ];
    if program {
        args.push("--computer");
    }
    let made = cli(data, &args, "round table\n");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
}

/// The arena's points recounted from the games in the order they ended: 2 a win, 1 a
/// draw, doubled after two wins in a row until a game that is not a win.
fn recount(page: &TournamentPage) -> HashMap<String, f64> {
    let mut games: Vec<_> = page.games.iter().collect();
    games.sort_by_key(|g| (g.ended_at, g.started_at, g.game.to_string()));
    let mut points: HashMap<String, f64> = HashMap::new();
    let mut run: HashMap<String, u32> = HashMap::new();
    for g in games {
        let (white, black) = (g.white.to_string(), g.black.to_string());
        let results = match g.score.expect("every game over") {
            GameScore::First => [(white, 2.0), (black, 0.0)],
            GameScore::Second => [(white, 0.0), (black, 2.0)],
            GameScore::Draw => [(white, 1.0), (black, 1.0)],
            GameScore::Void => continue,
        };
        for (who, base) in results {
            let streak = run.entry(who.clone()).or_default();
            let got = if *streak >= 2 { base * 2.0 } else { base };
            *streak = if base == 2.0 { *streak + 1 } else { 0 };
            *points.entry(who).or_default() += got;
        }
    }
    points
}

/// Arthur (a person) makes a one-minute arena of Camette 1+0 starting in 15 s, and
/// eight programs join it, each playing its games at a level; each program's command
/// ends with the final standings. The tournament's id.
fn an_arena_played_by_eight_programs(dir: &Path, url: &str) -> String {
    let host = dir.join("Arthur");
    account(&host, url, "Arthur", false);
    let made = json(&cli(
        &host,
        &[
            "online",
            "tournament",
            "create",
            "--server",
            url,
            "--name",
            "Midwinter Arena",
            "--kind",
            "arena",
            "--variant",
            "camette",
            "--time",
            "1+0",
            "--minutes",
            "1",
            "--start",
            "+15s",
            "--programs",
        ],
        "",
    ));
    let id = made["tournament"].as_str().expect("an id").to_string();
    let names = [
        ("Tor", "beginner"),
        ("Lamorak", "novice"),
        ("Dagonet", "beginner"),
        ("Bors", "novice"),
        ("Lionel", "beginner"),
        ("Ector", "novice"),
        ("Kay", "beginner"),
        ("Lucan", "novice"),
    ];
    let mut players = Vec::new();
    for (name, level) in names {
        let data = dir.join(name);
        account(&data, url, name, true);
        players.push(
            Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
                .args([
                    "online",
                    "tournament",
                    "join",
                    &id,
                    "--server",
                    url,
                    "--level",
                    level,
                ])
                .env("CAMELOT_DATA_DIR", &data)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
    }
    for p in players {
        let o = p.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{text}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let lines: Vec<&str> = text.lines().collect();
        let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(first, serde_json::json!({"tournament": id, "joined": true}));
        let last: serde_json::Value = serde_json::from_str(lines[lines.len() - 1]).unwrap();
        assert_eq!(last["state"], "finished", "{text}");
        assert_eq!(last["standings"].as_array().unwrap().len(), 8);
    }
    id
}

#[test]
fn an_arena_of_eight_programs_runs_itself_and_its_standings_add_up() {
    let dir = scratch("cli-arena");
    let db = sqlite(&dir);
    // Nine accounts from one address: more sign-ups than a minute's allowance.
    let server = Server::start_with(
        &workspace_binary("camelot-server", env!("CARGO_BIN_EXE_camelot-cli")),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &db,
            "--sign-ups-per-minute",
            "0",
        ],
    );
    let url = server.url.as_str();
    let id = an_arena_played_by_eight_programs(&dir, url);
    let server_url: ServerAddress = url.parse().unwrap();
    let page = blocking(ask(
        &server_url,
        &LookAtTournament {
            id: TournamentId::parse(&id).unwrap(),
        },
    ))
    .unwrap();
    assert_eq!(page.tournament.state, TournamentState::Finished);
    assert_eq!(page.tournament.name, "Midwinter Arena");
    assert!(page.games.len() >= 8, "{} games", page.games.len());
    // Each game's score is the game's own result.
    for g in &page.games {
        let state = blocking(ask(
            &server_url,
            &LookAtGame {
                game: g.game.clone(),
                token: None,
            },
        ))
        .unwrap();
        let score = match state.game.result.expect("over") {
            GameEnd::Aborted => GameScore::Void,
            GameEnd::Decided(o) => match o.winner {
                Some(Side::First) => GameScore::First,
                Some(Side::Second) => GameScore::Second,
                None => GameScore::Draw,
            },
        };
        assert_eq!(g.score, Some(score), "{}", g.game);
    }
    // The standings are the recount, ranked by points.
    let recounted = recount(&page);
    for s in &page.standings {
        let mine = recounted.get(s.name.as_str()).copied().unwrap_or(0.0);
        assert_eq!(s.points, mine, "{}", s.name);
    }
    assert!(page
        .standings
        .windows(2)
        .all(|w| w[0].points >= w[1].points));
    // Nobody in two games at once, nor against the last opponent again.
    let mut by_player: HashMap<String, Vec<(i64, i64, String)>> = HashMap::new();
    for g in &page.games {
        let end = g.ended_at.expect("ended");
        for (me, them) in [(&g.white, &g.black), (&g.black, &g.white)] {
            by_player.entry(me.to_string()).or_default().push((
                g.started_at,
                end,
                them.to_string(),
            ));
        }
    }
    for (who, mut games) in by_player {
        games.sort();
        for w in games.windows(2) {
            assert!(w[0].1 <= w[1].0, "{who} played two at once: {w:?}");
            assert_ne!(w[0].2, w[1].2, "{who} met {} twice in a row", w[0].2);
        }
    }
    // The standings from the command line, as scripts read them.
    let record = cli(
        &dir.join("Arthur"),
        &["online", "tournament", "standings", &id, "--server", url],
        "",
    );
    let line = json(&record);
    assert_eq!(line["standings"][0]["rank"], 1);
    assert_eq!(
        line["standings"][0]["name"],
        page.standings[0].name.as_str()
    );
}
