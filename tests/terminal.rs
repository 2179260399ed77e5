//! The terminal game, driven through its input: the console a line at a time, and the
//! real `camelot --terminal` through its standard input, down to being killed while it
//! saves.

mod terminal_run;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use camelot::game::session::{Seat, Session};
use camelot::storage::data_dir::{read_session, Loaded, Store};
use camelot::storage::keeper::Keeper;
use camelot::terminal::{Console, Step};
use camelot_engine::{Game, Level, Variant};
use camelot_files::InputLine;

fn line(s: &str) -> InputLine {
    InputLine::Text(s.to_string())
}

fn say(c: &mut Console, s: &str) -> String {
    let (out, step) = c.input(&line(s));
    assert_eq!(step, Step::Continue, "{s}");
    out.join("\n")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-terminal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_console_plays_refuses_and_takes_back() {
    let dir = scratch("console");
    let store = Store::at(&dir);
    let humans = vec![Seat::Human, Seat::Human];
    let mut c = Console::new(
        Session::new(Game::new(Variant::Camelot), humans),
        Keeper::new(Some(store.clone())),
        true,
    );
    assert!(c.show().unwrap().contains("White to move."));
    assert!(c.show().is_none(), "the board is shown once per change");
    assert_eq!(
        say(&mut c, "E6-E9"),
        "E6-E9: no legal move from E6 ends on E9"
    );
    assert_eq!(say(&mut c, "e7-e8"), "");
    assert!(c.show().unwrap().contains("Black to move."));
    // The game was saved after the move.
    let Loaded::Read(saved) = store.load_autosave() else {
        panic!("autosaved")
    };
    assert_eq!(saved.game.ply(), 1);
    assert!(say(&mut c, "moves").contains("E10-E9"));
    assert_eq!(say(&mut c, "undo"), "Taken back.");
    assert_eq!(c.session().game.ply(), 0);
    assert_eq!(say(&mut c, "redo"), "Replayed.");
    assert_eq!(c.session().game.ply(), 1);
    // Bytes that are not text, a line that is too long: an answer, and play goes on.
    let (out, step) = c.input(&InputLine::NotUtf8);
    assert_eq!(step, Step::Continue);
    assert!(out[0].contains("not UTF-8"));
    assert!(c.input(&InputLine::TooLong).0[0].contains("longer than"));
    assert!(say(&mut c, "claim").contains("No draw"));
    // Save, start another game (the first goes to the history), load it back.
    let file = dir.join("mine.cgn");
    assert_eq!(
        say(&mut c, &format!("save {}", file.display())),
        format!("Saved to {}.", file.display())
    );
    assert!(say(&mut c, "new camette").contains("New game: Camette."));
    assert_eq!(store.history().len(), 1);
    assert!(say(&mut c, "new chess").contains("unknown variant 'chess'"));
    assert!(say(&mut c, &format!("load {}", file.display())).contains("Loaded"));
    assert_eq!(c.session().variant(), Variant::Camelot);
    assert_eq!(c.session().game.ply(), 1);
    assert!(say(&mut c, "load /no/such/file.cgn").starts_with("Cannot load"));
    assert!(say(&mut c, "resign").contains("resigns"));
    assert!(c
        .show()
        .unwrap()
        .contains("Game over: White wins: resignation."));
    assert!(say(&mut c, "E10-E9").contains("The game is over"));
    assert_eq!(c.input(&line("quit")).1, Step::Quit);
}

#[test]
fn computers_move_by_themselves_and_hints_are_legal() {
    let seats = vec![Seat::Human, Seat::Computer(Level::NOVICE)];
    let mut c = Console::new(
        Session::new(Game::new(Variant::Camette), seats),
        Keeper::new(None),
        false,
    );
    let hint = say(&mut c, "hint");
    let text = hint.strip_prefix("Hint: ").unwrap();
    assert!(
        Game::new(Variant::Camette)
            .position()
            .parse_move(text)
            .is_ok(),
        "{hint}"
    );
    say(&mut c, text);
    assert!(c.computer_to_move());
    let said = c.computer_moves().unwrap();
    assert!(said.starts_with("Black plays "), "{said}");
    assert!(!c.computer_to_move());
    // Files are off here.
    assert!(say(&mut c, "save x.cgn").contains("off"));
}

/// Runs `camelot --terminal` with `input`: its standard output and exit status.
fn run_terminal(data: &Path, args: &[&str], input: &[u8]) -> (String, i32) {
    let out = terminal_run::run(data, args, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_terminal_game_reads_its_input_and_keeps_the_game() {
    let dir = scratch("binary");
    let (out, code) = run_terminal(
        &dir,
        &["--variant", "camelot", "--seats", "human,human"],
        b"E7-E8\n\xe9\xff\nH10-H9\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("not UTF-8"), "{out}");
    assert!(out.contains("Input ended; the game is saved in "), "{out}");
    let Loaded::Read(saved) = Store::at(&dir).load_autosave() else {
        panic!("autosaved: {out}")
    };
    assert_eq!(saved.game.ply(), 2);
    // --continue takes it up again.
    let (out, _) = run_terminal(&dir, &["--continue"], b"moves\nquit\n");
    assert!(out.contains("White to move."), "{out}");
    assert!(out.contains("E8-E9"), "{out}");
    let (err, code) = {
        let o = Command::new(env!("CARGO_BIN_EXE_camelot"))
            .args(["--terminal", "--load", "/no/such.cgn"])
            .env("CAMELOT_DATA_DIR", &dir)
            .output()
            .unwrap();
        (
            String::from_utf8_lossy(&o.stderr).into_owned(),
            o.status.code(),
        )
    };
    assert_eq!(code, Some(1));
    assert!(err.contains("/no/such.cgn"), "{err}");
}

/// The game of computers in Camette saves after every move; killed at random moments,
/// the saved game always reads. `AUTOSAVE_SOAK_KILLS` sets how many kills (the closing
/// note's soak ran 500).
#[cfg(unix)]
#[test]
fn the_autosave_survives_being_killed_at_any_moment() {
    let kills: u64 = std::env::var("AUTOSAVE_SOAK_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let dir = scratch("kills");
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let started = Instant::now();
    let mut readable = 0;
    for _ in 0..kills {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
            .args(["--terminal", "--variant", "camette"])
            .args(["--seats", "ai:novice,ai:beginner"])
            .env("CAMELOT_DATA_DIR", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(20 + seed % 400));
        child.kill().unwrap();
        child.wait().unwrap();
        // Whatever moment it died at, the game in progress and every game in the
        // history read as records.
        let store = Store::at(&dir);
        match store.load_autosave() {
            Loaded::Read(_) | Loaded::Missing => readable += 1,
            Loaded::Unreadable { error, .. } => {
                panic!("a kill left an unreadable autosave: {error}")
            }
        }
        for g in store.history() {
            read_session(&g.path).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    eprintln!(
        "autosave soak: {kills} kills in {:.1} s, every autosave readable ({readable}), {} games in the history",
        started.elapsed().as_secs_f64(),
        Store::at(&dir).history().len()
    );
}
