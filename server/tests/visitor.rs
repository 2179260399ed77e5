//! A visitor with only a browser, on the server's front page (Chromium driven by
//! Playwright, real server processes on loopback): starts a game against the server's
//! computer and plays it to the end; starts a game for a friend, who joins from the
//! invitation on a phone-sized page, and the two play it out.

use std::path::Path;

use camelot_engine::notation::Record;
use camelot_engine::Notation;
use camelot_test_support::{http_get, scratch, sqlite, Browser, Server};

fn start(dir: &Path) -> Server {
    Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(dir),
        "127.0.0.1:0",
    )
}

/// The game an invitation (`BASE/GAME/TOKEN`) names.
fn game_of(url: &str) -> String {
    let parts: Vec<&str> = url.rsplit('/').collect();
    parts[1].to_string()
}

/// The server's record of a game: its moves as the page lists them, and its result line.
fn record(s: &Server, game: &str) -> (Vec<String>, String) {
    let text = http_get(&s.url, &format!("/games/{game}.cgn"));
    let (_, g) = Record::import(&text).unwrap();
    let result = g
        .outcome()
        .map(|o| format!("{} ({})", o.result_token(), o.reason.describe()))
        .unwrap_or_default();
    (g.move_texts(Notation::Wcf), result)
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_visitor_plays_the_computer_at_beginner_from_the_front_page_to_the_end() {
    let test = "a_visitor_plays_the_computer_at_beginner_from_the_front_page_to_the_end";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-computer");
    let s = start(&dir);
    let out = browser
        .run("computer.mjs", &[&s.url, "camette", "beginner"])
        .unwrap_or_else(|e| panic!("{e}"));
    let game = game_of(out["url"].as_str().unwrap());
    let (moves, result) = record(&s, &game);
    assert_eq!(strings(&out["moves"]), moves, "the page listed every move");
    assert!(moves.len() >= 2, "{moves:?}");
    assert_eq!(
        out["played"].as_u64().unwrap() as usize,
        moves.len().div_ceil(2),
        "the visitor made White's moves, the computer Black's"
    );
    assert_eq!(out["result"].as_str().unwrap(), result);
    let mine = strings(&out["mine"]);
    assert!(
        mine.iter().any(|g| g.contains(&format!("game {game}"))),
        "the front page lists the game among mine: {mine:?}"
    );
}

#[test]
fn a_friend_joins_from_the_invitation_on_a_phone_and_the_game_is_played_out() {
    let test = "a_friend_joins_from_the_invitation_on_a_phone_and_the_game_is_played_out";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-friend");
    let s = start(&dir);
    let out = browser
        .run("friend.mjs", &[&s.url, "camette"])
        .unwrap_or_else(|e| panic!("{e}"));
    let invitation = out["invitation"].as_str().unwrap();
    assert!(invitation.starts_with(&s.url), "{invitation}");
    let game = game_of(invitation);
    let (moves, result) = record(&s, &game);
    assert!(!result.is_empty(), "the game is over");
    for (i, page) in out["moves"].as_array().unwrap().iter().enumerate() {
        assert_eq!(strings(page), moves, "page {i} listed every move");
    }
    for r in out["results"].as_array().unwrap() {
        assert_eq!(r.as_str().unwrap(), result);
    }
    assert_eq!(out["qr"], true, "the invitation has its QR code");
}
