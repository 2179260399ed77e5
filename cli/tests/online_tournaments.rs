//! `camelot-cli online tournament create|join|standings` against a real `camelot-server`
//! on loopback: eight programs' accounts join an arena and play every game they are
//! paired in by themselves; the standings the server gives equal the test's own count
//! from the games as stored (each game's result asked of the game itself), nobody plays
//! two games at once, and nobody meets the same opponent twice in a row.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use camelot_online::protocol::tournaments::{LookAtTournament, TournamentId, TournamentState};
use camelot_online::{ask, blocking, ServerAddress};
use camelot_test_support::tournaments::{check_finished_arena, cli_account, program_joins};
use camelot_test_support::{scratch, sqlite, workspace_binary, Server};

fn cli_path() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-cli"))
}

fn cli(data: &Path, args: &[&str]) -> Output {
    Command::new(cli_path())
        .args(args)
        .env("CAMELOT_DATA_DIR", data)
        .stdin(Stdio::null())
        .output()
        .expect("runs camelot-cli")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// Arthur (a person) makes a one-minute arena of Camette 1+0 starting in 15 s, and
/// eight programs join it, each playing its games at a level; each program's command
/// ends with the final standings. The tournament's id.
fn an_arena_played_by_eight_programs(dir: &Path, url: &str) -> String {
    let host = dir.join("Arthur");
    cli_account(cli_path(), &host, url, "Arthur", false);
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
    let players: Vec<_> = names
        .iter()
        .map(|(name, level)| {
            let data = dir.join(name);
            cli_account(cli_path(), &data, url, name, true);
            program_joins(cli_path(), &data, url, &id, level)
        })
        .collect();
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
    blocking(check_finished_arena(&server_url, &page));
    // The standings from the command line, as scripts read them.
    let line = json(&cli(
        &dir.join("Arthur"),
        &["online", "tournament", "standings", &id, "--server", url],
    ));
    assert_eq!(line["state"], "finished");
    assert_eq!(line["standings"][0]["rank"], 1);
    assert_eq!(
        line["standings"][0]["name"],
        page.standings[0].name.as_str()
    );
    assert_eq!(line["standings"][0]["points"], page.standings[0].points);
}
