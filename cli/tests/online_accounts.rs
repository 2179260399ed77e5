//! `camelot-cli online account create|login|logout|player` against a real
//! `camelot-server` on loopback: the password read from standard input, the token kept
//! in the data directory (0600) and used, and forgotten at logout.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use camelot_test_support::{scratch, sqlite, workspace_binary, Server};

/// `camelot-cli ARGS` with `stdin` on standard input and `data` as its data directory.
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

/// A command that failed, saying `why` on standard error.
fn refused_saying(o: &Output, why: &str) {
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && said.contains(why), "{why}: {said}");
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn an_account_from_the_command_line() {
    let dir = scratch("cli-accounts");
    let data = dir.join("data");
    let server = Server::start(
        &workspace_binary("camelot-server", env!("CARGO_BIN_EXE_camelot-cli")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.url.as_str();
    let made = cli(
        &data,
        &[
            "online",
            "account",
            "create",
            "--server",
            url,
            "--name",
            "Elaine",
            "--password-stdin",
        ],
        "lady of shalott\n",
    );
    let made = json(&made);
    assert_eq!(
        (&made["name"], &made["kind"]),
        (&"Elaine".into(), &"person".into())
    );
    // The recovery codes, printed this once (and kept nowhere here).
    let codes: Vec<String> = made["recovery_codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(codes.len(), 8, "{made}");
    let file = data.join("accounts.json");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(codes.iter().all(|c| !kept.contains(c.as_str())));
    assert!(
        kept.contains("Elaine") && !kept.contains("shalott"),
        "{kept}"
    );
    // A player's page, JSON: name, kind, ratings per variant, games going on.
    let page = json(&cli(
        &data,
        &["online", "player", "--server", url, "elaine"],
        "",
    ));
    assert_eq!(page["name"], "Elaine");
    assert_eq!(page["ratings"], serde_json::json!([]));
    // A wrong password, and one not given on standard input.
    let wrong = cli(
        &data,
        &[
            "online",
            "login",
            "--server",
            url,
            "--name",
            "Elaine",
            "--password-stdin",
        ],
        "lady of camelot\n",
    );
    refused_saying(&wrong, "no account has that name and password");
    let bare = cli(
        &data,
        &["online", "login", "--server", url, "--name", "Elaine"],
        "",
    );
    assert!(!bare.status.success());
    let again = cli(
        &data,
        &[
            "online",
            "login",
            "--server",
            url,
            "--name",
            "elaine",
            "--password-stdin",
        ],
        "lady of shalott\n",
    );
    assert_eq!(json(&again)["name"], "Elaine");
    let out = cli(&data, &["online", "logout", "--server", url], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("logged out of {url} as Elaine")
    );
    assert!(!std::fs::read_to_string(&file).unwrap().contains("Elaine"));
    let twice = cli(&data, &["online", "logout", "--server", url], "");
    refused_saying(&twice, "not logged in");
}

/// Two programs logged in (computers' accounts) ask for a quick game from the command
/// line, each with a computer level: both are paired into one rated game, print its
/// line, and play it to the end by their accounts; then each one's page shows one rated
/// game. A person's account is refused a program's play.
#[test]
fn a_quick_game_from_the_command_line_is_paired_and_played_out() {
    let dir = scratch("cli-pair");
    let server = Server::start(
        &workspace_binary("camelot-server", env!("CARGO_BIN_EXE_camelot-cli")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    let url = server.url.as_str();
    let person = dir.join("Pellinore");
    let made = cli(
        &person,
        &[
            "online",
            "account",
            "create",
            "--server",
            url,
            "--name",
            "Pellinore",
            "--password-stdin",
        ],
        "questing beast\n",
    );
    assert!(made.status.success());
    let refused = cli(
        &person,
        &[
            "online",
            "pair",
            "--server",
            url,
            "--variant",
            "camette",
            "--level",
            "beginner",
        ],
        "",
    );
    refused_saying(&refused, "is a person's account");
    let mut players = Vec::new();
    for name in ["Tor", "Lamorak"] {
        let data = dir.join(name);
        let made = cli(
            &data,
            &[
                "online",
                "account",
                "create",
                "--server",
                url,
                "--name",
                name,
                "--password-stdin",
                "--computer",
            ],
            "questing beast\n",
        );
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
        players.push(
            Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
                .args([
                    "online",
                    "pair",
                    "--server",
                    url,
                    "--variant",
                    "camette",
                    "--level",
                    "beginner",
                ])
                .env("CAMELOT_DATA_DIR", &data)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
    }
    let outs: Vec<Output> = players
        .into_iter()
        .map(|p| p.wait_with_output().unwrap())
        .collect();
    let mut games = Vec::new();
    for o in &outs {
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{text}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        games.push((first["game"].clone(), first["seat"].clone()));
        assert!(
            text.lines().any(|l| l.starts_with("result: ")),
            "played to the end: {text}"
        );
    }
    assert_eq!(games[0].0, games[1].0, "one game");
    assert_ne!(games[0].1, games[1].1, "two seats");
    for name in ["Tor", "Lamorak"] {
        let page = json(&cli(
            &dir.join(name),
            &["online", "player", "--server", url, name],
            "",
        ));
        assert_eq!(page["ratings"][0]["games"], 1, "{page}");
        assert_eq!(page["ratings"][0]["variant"], "camette");
    }
}

/// `camelot-cli ARGS` as the account whose data directory is `data`, started: its
/// standard output's lines come through the receiver as they are printed.
fn started(data: &Path, args: &[&str]) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
        .args(args)
        .env("CAMELOT_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tell, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            if tell.send(line).is_err() {
                break;
            }
        }
    });
    (child, lines)
}

/// The next line, as JSON, within a minute.
fn next_json(lines: &std::sync::mpsc::Receiver<String>) -> serde_json::Value {
    let line = lines
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("a line within a minute");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// Two programs' accounts: Ector waits for challenges; Kay challenges him by name to a
/// Camette 5+3 as White; Ector sees the challenge's line, accepts it, and both play it
/// out at their level; then Kay's next challenge is declined as too fast, which Kay's
/// command says and exits 1 for; a reason that is none is refused with the choices.
/// A server, and two programs' accounts on it, Kay's and Ector's, each logged in from
/// a data directory of its own.
fn kay_and_ector(test: &str) -> (Server, std::path::PathBuf, std::path::PathBuf) {
    let (server, dirs) = programs(test, &["Kay", "Ector"]);
    let [kay, ector] = dirs.try_into().unwrap();
    (server, kay, ector)
}

/// A server, and a program's account for each of `names` on it, each logged in from a
/// data directory of its own (in `names`' order).
fn programs(test: &str, names: &[&str]) -> (Server, Vec<std::path::PathBuf>) {
    let dir = scratch(test);
    let server = Server::start(
        &workspace_binary("camelot-server", env!("CARGO_BIN_EXE_camelot-cli")),
        &sqlite(&dir),
        "127.0.0.1:0",
    );
    for name in names {
        let made = cli(
            &dir.join(name),
            &[
                "online",
                "account",
                "create",
                "--server",
                &server.url,
                "--name",
                name,
                "--password-stdin",
                "--computer",
            ],
            "foster father\n",
        );
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
    }
    let dirs = names.iter().map(|n| dir.join(n)).collect();
    (server, dirs)
}

/// Grand Cam from the command line: Kay asks Ector to partner him against Bors and
/// Lionel, their side first; Bors, waiting for challenges, sees the line with every seat;
/// the first two to accept are told whom the table waits for and go on waiting, and once
/// the last accepts all four print the one game's line, each with their own seat.
#[test]
fn a_grand_cam_table_from_the_command_line_is_made_once_all_three_accept() {
    let (server, dirs) = programs("cli-table", &["Kay", "Ector", "Bors", "Lionel"]);
    let [kay, ector, bors, lionel] = dirs.as_slice() else {
        unreachable!()
    };
    let url = server.url.as_str();
    let (mut waiting, incoming) = started(bors, &["online", "challenges", "--server", url]);
    let (challenger, said) = started(
        kay,
        &[
            "online",
            "challenge",
            "Ector",
            "--server",
            url,
            "--variant",
            "grandcam",
            "--against",
            "Bors,Lionel",
            "--color",
            "white",
        ],
    );
    let id = next_json(&said)["challenge"].as_str().unwrap().to_string();
    let seen = next_json(&incoming);
    assert_eq!(seen["challenge"], id.as_str(), "{seen}");
    let seats: Vec<(String, String)> = seen["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_str().unwrap().into(),
                s["name"].as_str().unwrap().into(),
            )
        })
        .collect();
    let expected = [
        ("Red", "Kay"),
        ("Green", "Bors"),
        ("Blue", "Ector"),
        ("Yellow", "Lionel"),
    ];
    assert_eq!(seats, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    let accept = |dir: &Path| started(dir, &["online", "accept", &id, "--server", url]);
    let mut accepters = Vec::new();
    for dir in [ector, bors] {
        let (child, lines) = accept(dir);
        // Told on its error stream whom it waits for; nothing on its output yet.
        std::thread::sleep(std::time::Duration::from_millis(500));
        assert!(lines.try_recv().is_err(), "no game yet");
        accepters.push((child, lines));
    }
    accepters.push(accept(lionel));
    let mut games = vec![(next_json(&said), "Red")];
    for ((_, lines), seat) in accepters.iter().zip(["Blue", "Green", "Yellow"]) {
        games.push((next_json(lines), seat));
    }
    for (line, seat) in &games {
        assert_eq!(line["game"], games[0].0["game"], "{line}");
        assert_eq!(line["seat"], *seat, "{line}");
    }
    for child in std::iter::once(challenger).chain(accepters.into_iter().map(|(c, _)| c)) {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    waiting.kill().unwrap();
    let _ = waiting.wait();
}

#[test]
fn a_challenge_from_the_command_line_is_seen_accepted_played_and_declined() {
    let (server, kay, ector) = kay_and_ector("cli-challenge");
    let url = server.url.as_str();
    let (mut waiting, incoming) = started(&ector, &["online", "challenges", "--server", url]);
    let challenge = [
        "online",
        "challenge",
        "Ector",
        "--server",
        url,
        "--variant",
        "camette",
        "--time",
        "5+3",
        "--color",
        "white",
        "--level",
        "beginner",
    ];
    let (challenger, said) = started(&kay, &challenge);
    let id = next_json(&said)["challenge"].as_str().unwrap().to_string();
    let seen = next_json(&incoming);
    assert_eq!(
        seen,
        serde_json::json!({
            "challenge": id, "from": "Kay", "rating": 1500, "provisional": true,
            "variant": "camette", "time": "5+3", "rated": false, "you_play": "black"
        })
    );
    let (accepter, accepted) = started(
        &ector,
        &[
            "online", "accept", &id, "--server", url, "--level", "beginner",
        ],
    );
    let ector_seat = next_json(&accepted);
    let kay_seat = next_json(&said);
    assert_eq!(ector_seat["game"], kay_seat["game"]);
    assert_eq!(
        (&ector_seat["seat"], &kay_seat["seat"]),
        (&"Black".into(), &"White".into())
    );
    for (name, child, lines) in [("Kay", challenger, said), ("Ector", accepter, accepted)] {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The rest of what it printed, to its end: the game played out.
        let rest: Vec<String> = lines.iter().collect();
        assert!(
            rest.iter().any(|l| l.starts_with("result: ")),
            "{name} played to the end: {rest:?}"
        );
    }
    // Declined: the challenger's command says why and fails.
    let (challenger, said) = started(&kay, &challenge[..challenge.len() - 2]);
    let second = next_json(&said)["challenge"].as_str().unwrap().to_string();
    assert_eq!(
        next_json(&incoming)["challenge"].as_str(),
        Some(second.as_str())
    );
    let wrong = cli(
        &ector,
        &[
            "online", "decline", &second, "--server", url, "--reason", "purple",
        ],
        "",
    );
    refused_saying(&wrong, "'purple' is none of: generic, later, too-fast");
    let declined = cli(
        &ector,
        &[
            "online", "decline", &second, "--server", url, "--reason", "too-fast",
        ],
        "",
    );
    assert!(
        declined.status.success(),
        "{}",
        String::from_utf8_lossy(&declined.stderr)
    );
    let out = challenger.wait_with_output().unwrap();
    refused_saying(&out, "Ector declined: this clock is too fast for them");
    waiting.kill().unwrap();
    let _ = waiting.wait();
}

/// Ector takes challenges from nobody: Kay's is refused, saying so; Ector follows Kay,
/// and `online following` lists him.
#[test]
fn whom_a_program_takes_challenges_from_and_follows_from_the_command_line() {
    let (server, kay, ector) = kay_and_ector("cli-relations");
    let url = server.url.as_str();
    let challenge = ["online", "challenge", "Ector", "--server", url];
    let nobody = cli(
        &ector,
        &["online", "challenges-from", "nobody", "--server", url],
        "",
    );
    assert!(
        nobody.status.success(),
        "{}",
        String::from_utf8_lossy(&nobody.stderr)
    );
    let refused = cli(&kay, &challenge, "");
    refused_saying(&refused, "Ector takes no challenges just now");
    let follow = cli(&ector, &["online", "follow", "Kay", "--server", url], "");
    assert!(
        follow.status.success(),
        "{}",
        String::from_utf8_lossy(&follow.stderr)
    );
    let following = cli(&ector, &["online", "following", "--server", url], "");
    assert_eq!(
        json(&following),
        serde_json::json!({"name": "Kay", "online": false, "playing": []})
    );
}
