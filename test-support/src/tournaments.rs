//! Tournaments as the tests check them: accounts and players made with the command line,
//! and a finished tournament's page held against the games themselves.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use camelot_engine::Side;
use camelot_online::protocol::requests::LookAtGame;
use camelot_online::protocol::tournaments::{GameScore, TournamentPage};
use camelot_online::protocol::GameEnd;
use camelot_online::{ask, ServerAddress};

/// `camelot-cli online account create` for `name` (a program's with `program`), its token
/// kept in the data directory `data`.
pub fn cli_account(cli: &Path, data: &Path, url: &str, name: &str, program: bool) {
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
    let mut child = Command::new(cli)
        .args(&args)
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
        .write_all(b"round table\n")
        .unwrap();
    let made = child.wait_with_output().unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
}

/// `camelot-cli online tournament join ID --level LEVEL` as the account kept in `data`:
/// it plays every game it is paired in until the tournament ends.
pub fn program_joins(cli: &Path, data: &Path, url: &str, id: &str, level: &str) -> Child {
    Command::new(cli)
        .args([
            "online",
            "tournament",
            "join",
            id,
            "--server",
            url,
            "--level",
            level,
        ])
        .env("CAMELOT_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The arena's points recounted from the games in the order they ended: 2 a win, 1 a
/// draw, doubled after two wins in a row until a game that is not a win.
pub fn arena_recount(page: &TournamentPage) -> HashMap<String, f64> {
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

/// A finished arena's page held against its games: each game's score is the game's own
/// result (asked of the server at `url`), the standings are the recount ranked, nobody
/// played two games at once, and nobody met the same opponent twice in a row.
pub async fn check_finished_arena(url: &ServerAddress, page: &TournamentPage) {
    for g in &page.games {
        let state = ask(
            url,
            &LookAtGame {
                game: g.game.clone(),
                token: None,
            },
        )
        .await
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
    let recounted = arena_recount(page);
    for s in &page.standings {
        let mine = recounted.get(s.name.as_str()).copied().unwrap_or(0.0);
        assert_eq!(s.points, mine, "{}", s.name);
    }
    assert!(page
        .standings
        .windows(2)
        .all(|w| w[0].points >= w[1].points));
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
}
