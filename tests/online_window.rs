//! An online game in a real window (Xvfb, Mesa's software Vulkan), the way a player
//! waits for the other side: the window rests while nothing happens, and a move sent by
//! another client (`camelot-cli online move`) is on the screen within a second, with
//! nothing touched; two windows, each a computer seat of one untimed game, play it to
//! its end with nothing touched. A resting table with a live connection uses no CPU. A
//! tournament joined from the command line opens its paired game by itself.
//!
//! The headless tests cannot see this: their app runs every frame.

mod display;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::requests::{Created, NewGame};
use camelot_online::protocol::TimeControl;
use camelot_online::{ask, blocking};
use camelot_test_support::{scratch, sqlite, within, workspace_binary, Server};
use display::VirtualScreen;

/// Software rendering takes every core there is: one window at a time, so that the
/// second a window has to show a move is not spent drawing the other test's window.
static ONE_WINDOW_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_window_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_WINDOW_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn sibling(name: &str) -> PathBuf {
    workspace_binary(name, env!("CARGO_BIN_EXE_camelot"))
}

/// The game at the table of `created`'s Black seat, on `screen`.
fn open_table(screen: &VirtualScreen, server: &Server, created: &Created, data: &Path) -> Child {
    open_table_from(screen, server, created, data, &[])
}

/// The same, with more of the game's arguments (`--menu online`: the table opens over
/// the Online screen).
fn open_table_from(
    screen: &VirtualScreen,
    server: &Server,
    created: &Created,
    data: &Path,
    more: &[&str],
) -> Child {
    let size = format!("{}x{}", screen.width, screen.height);
    let args = [
        &["--server", &server.url, "--game", created.game.as_str()][..],
        &["--token", created.seats[&SeatColour::Black].as_str()],
        more,
        &["--window", &size],
    ]
    .concat();
    game_window(screen, data, &args)
}

/// The game with `args` in a window on `screen`, its data directory `data` (its output
/// kept there, in `stdout` and `stderr`). Muted: a test machine seldom has a sound card,
/// and the notice that says so fades by the clock.
fn game_window(screen: &VirtualScreen, data: &Path, args: &[&str]) -> Child {
    std::fs::create_dir_all(data).unwrap();
    std::fs::write(data.join("settings.json"), r#"{"muted":true}"#).unwrap();
    Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(args)
        .env("DISPLAY", &screen.display)
        .env("CAMELOT_DATA_DIR", data)
        .stdout(Stdio::from(
            std::fs::File::create(data.join("stdout")).unwrap(),
        ))
        .stderr(Stdio::from(
            std::fs::File::create(data.join("stderr")).unwrap(),
        ))
        .spawn()
        .expect("the game starts")
}

/// Waits until the game has said its picture is complete (every pipeline compiled and
/// every texture in: a window still being set up may show the screen's old pixels for
/// seconds) and then the screen stays the same for `still`: the window has drawn the
/// game and rests. The picture it rests on.
fn resting(screen: &VirtualScreen, data: &Path, still: Duration, limit: Duration) -> Vec<u8> {
    let start = Instant::now();
    while !std::fs::read_to_string(data.join("stdout"))
        .unwrap_or_default()
        .contains("first complete frame")
    {
        std::thread::sleep(Duration::from_millis(100));
        assert!(start.elapsed() < limit, "the picture was never complete");
    }
    let mut last = screen.capture();
    let mut since = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let now = screen.capture();
        if now != last {
            last = now;
            since = Instant::now();
        } else if since.elapsed() >= still && last.iter().any(|&b| b > 40) {
            return last;
        }
        assert!(start.elapsed() < limit, "the window never rested");
    }
}

fn a_move_from_elsewhere_is_on_screen_untouched() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(1024, 700) else {
        return display::skip(
            "a_move_from_elsewhere_is_on_screen_untouched",
            "no Xvfb (apt-get install xvfb mesa-vulkan-drivers)",
        );
    };
    let dir = scratch("online-window");
    let server = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = blocking(ask(
        &server.address(),
        &NewGame::new(Variant::Camette, TimeControl::Untimed),
    ))
    .expect("the server creates a game");
    let mut game = open_table(&screen, &server, &created, &dir.join("data"));
    // The board drawn, and then nothing changes for two seconds: the window rests.
    let before = resting(
        &screen,
        &dir.join("data"),
        Duration::from_secs(2),
        Duration::from_secs(180),
    );
    let mv = Command::new(sibling("camelot-cli"))
        .args(["online", "move", "--server", &server.url])
        .args(["--game", created.game.as_str()])
        .args(["--token", created.seats[&SeatColour::White].as_str()])
        .arg("C3-C4")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&mv.stdout), "accepted\n");
    let moved = Instant::now();
    // The window wakes by itself: the move is drawn with nothing touched. How soon is a
    // figure (about a second on a quiet machine; `scripts/` and docs/online.md), and a
    // loaded 2-core machine with a software renderer may take several: the bound here
    // only tells a window that woke from one that slept until touched.
    let changed = |now: &[u8]| before.iter().zip(now).filter(|(a, b)| a != b).count();
    let mut seen = 0;
    while moved.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(250));
        seen = changed(&screen.capture());
        if seen > 1000 {
            break;
        }
    }
    eprintln!(
        "the move on screen after {} ms ({seen} bytes changed)",
        moved.elapsed().as_millis()
    );
    let _ = game.kill();
    let _ = game.wait();
    let stderr = std::fs::read_to_string(dir.join("data/stderr")).unwrap_or_default();
    assert!(
        seen > 1000,
        "a minute after White's move the screen is as before ({seen} bytes changed): the \
         window did not wake\n{stderr}"
    );
}

fn a_resting_table_with_a_live_connection_draws_nothing_for_it() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(800, 600) else {
        return display::skip(
            "a_resting_table_with_a_live_connection_draws_nothing_for_it",
            "no Xvfb (apt-get install xvfb mesa-vulkan-drivers)",
        );
    };
    let dir = scratch("online-idle");
    let server = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = blocking(ask(
        &server.address(),
        &NewGame::new(Variant::Camette, TimeControl::Untimed),
    ))
    .expect("the server creates a game");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("settings.json"), r#"{"muted":true}"#).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["--server", &server.url, "--game", created.game.as_str()])
        .args(["--token", created.seats[&SeatColour::Black].as_str()])
        .args(["--window", "800x600", "--idle-cpu", "12"])
        .env("DISPLAY", &screen.display)
        .env("CAMELOT_DATA_DIR", &data)
        .output()
        .expect("the game runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("idle: ") && l.ends_with("of one core"))
        .unwrap_or_else(|| {
            panic!(
                "no idle line: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    // Twelve seconds take in at least one of the link's pings: answered, and heard by
    // nobody. The CPU the table used at rest is a figure (printed); what load cannot
    // change is that the connection asked for no frame, and that no frame ran but the
    // window's own (its minute's timer, a late window-system event on a busy machine).
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("--idle-cpu: "))
        .collect();
    eprintln!("{line}\n{}", said.join("\n"));
    let frames = text
        .lines()
        .find_map(|l| l.strip_prefix("idle: ").filter(|l| l.contains(" frames, ")))
        .unwrap_or_else(|| panic!("no frames line: {text}"));
    assert!(
        frames.ends_with(", 0 woken by the connection"),
        "the connection woke the resting table: {frames}\n{}",
        said.join("\n")
    );
    let ran: u32 = frames.split(' ').next().unwrap().parse().unwrap();
    assert!(
        ran <= 2,
        "{frames}: the table did not rest\n{}",
        said.join("\n")
    );
}

/// Two windows on one screen, each with the computer in its seat: each move arrives in
/// the other window with nothing touched, the computer there answers, and the whole
/// untimed game is played. A window that slept until the pointer moved would stop the
/// game at its first move.
fn two_windows_play_a_whole_untimed_game_untouched() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(1300, 600) else {
        return display::skip(
            "two_windows_play_a_whole_untimed_game_untouched",
            "no Xvfb (apt-get install xvfb mesa-vulkan-drivers)",
        );
    };
    let dir = scratch("online-two-windows");
    let server = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = blocking(ask(
        &server.address(),
        &NewGame::new(Variant::Camette, TimeControl::Untimed),
    ))
    .expect("the server creates a game");
    let window = |seat: SeatColour, seats: &str| {
        let token = created.seats[&seat].as_str();
        game_window(
            &screen,
            &dir.join(seat.name()),
            &[
                "--server",
                &server.url,
                "--game",
                created.game.as_str(),
                "--token",
                token,
                "--seats",
                seats,
                "--window",
                "640x560",
            ],
        )
    };
    let mut white = window(SeatColour::White, "ai:beginner,remote");
    let mut black = window(SeatColour::Black, "remote,ai:beginner");
    let record =
        || camelot_test_support::http_get(&server.url, &format!("/games/{}.cgn", created.game));
    let start = Instant::now();
    let ended = loop {
        let text = record();
        if !text.contains("[Result \"*\"]") {
            break Some(text);
        }
        if start.elapsed() > Duration::from_secs(300) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(500));
    };
    for w in [&mut white, &mut black] {
        let _ = w.kill();
        let _ = w.wait();
    }
    let text = ended.unwrap_or_else(|| panic!("the game stopped: {}", record()));
    let (_, game) = camelot_engine::notation::Record::import(&text).unwrap();
    assert!(game.is_over(), "{text}");
    // Each window moved at least once, the second answering the first's move it was
    // sent. A beginner may lose at once (1. C3-C4 C5xC3xC1, a jump into the castle).
    assert!(game.ply() >= 2, "{text}");
}

/// A screen's first frames show every letter with nothing touched: the table of an
/// online game, whose panel's words ("Offer a draw", "Resign") no earlier screen drew,
/// rests on the same picture it shows once the pointer has moved. (New letters reach
/// egui's font texture a frame late; a window that rested on that frame showed holes,
/// "O er a draw", until the pointer moved.)
fn a_screens_first_frames_show_every_letter_untouched() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(1024, 700) else {
        return display::skip(
            "a_screens_first_frames_show_every_letter_untouched",
            "no Xvfb (apt-get install xvfb)",
        );
    };
    let dir = scratch("online-window-letters");
    let server = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let created = blocking(ask(
        &server.address(),
        &NewGame::new(Variant::Camelot, TimeControl::Untimed),
    ))
    .expect("the server creates a game");
    // The pointer rests in a corner, away from every button.
    screen.move_pointer(1020, 696);
    let data = dir.join("data");
    // The Online screen first, then the table once the server has sent the game: its
    // letters join a font texture the menu filled.
    let mut game = open_table_from(&screen, &server, &created, &data, &["--menu", "online"]);
    let untouched = resting(
        &screen,
        &data,
        Duration::from_secs(3),
        Duration::from_secs(180),
    );
    screen.move_pointer(1016, 690);
    std::thread::sleep(Duration::from_secs(1));
    let touched = resting(
        &screen,
        &data,
        Duration::from_secs(2),
        Duration::from_secs(30),
    );
    let _ = game.kill();
    let _ = game.wait();
    let differing = untouched
        .chunks(4)
        .zip(touched.chunks(4))
        .filter(|(a, b)| a[..3] != b[..3])
        .count();
    assert!(
        differing == 0,
        "{differing} pixels changed when the pointer moved: the resting picture was not whole"
    );
}

/// The processes whose parent is `parent` and whose name is `name`.
fn children_named(parent: u32, name: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().map_while(Result::ok) {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `PID (NAME) STATE PPID ...`, the name in parentheses as it may hold spaces.
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let ppid = stat[close + 1..].split_whitespace().nth(1);
        if &stat[open + 1..close] == name && ppid == Some(&parent.to_string()) {
            found.extend(stat[..open].trim().parse::<u32>());
        }
    }
    found
}

/// Whether process `pid` still runs (a zombie has stopped: only its parent's word on it
/// is left).
fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let close = stat.rfind(')')?;
            stat[close + 1..]
                .split_whitespace()
                .next()
                .map(|s| s != "Z")
        })
        .unwrap_or(false)
}

/// "Start a server here" ends with the game, however the game ends: a SIGTERM (a `kill`,
/// a desktop logging out) closes the game as its window's close button does, and the
/// server it started stops; a SIGKILL leaves the game no say, and its server stops all
/// the same (it reads its input from the game, and the end of that input stops it).
fn a_server_started_here_ends_with_the_game_however_the_game_ends() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(1024, 700) else {
        return display::skip(
            "a_server_started_here_ends_with_the_game_however_the_game_ends",
            "no Xvfb (apt-get install xvfb mesa-vulkan-drivers)",
        );
    };
    // The game starts the server beside it.
    sibling("camelot-server");
    for signal in ["TERM", "KILL"] {
        let dir = scratch(&format!("online-window-own-server-{signal}"));
        let data = dir.join("data");
        let mut game = game_window(
            &screen,
            &data,
            &["--menu", "online", "--start-server", "--window", "1024x700"],
        );
        let said = || {
            std::fs::read_to_string(data.join("stderr")).unwrap_or_default()
                + &std::fs::read_to_string(data.join("stdout")).unwrap_or_default()
        };
        let mut server = Vec::new();
        let started = within(Duration::from_secs(180), || {
            server = children_named(game.id(), "camelot-server");
            !server.is_empty()
                && data.join("server.db").exists()
                && said().contains("first complete frame")
        });
        if !started {
            let _ = game.kill();
            let _ = game.wait();
            panic!("SIG{signal}: no server started here: {}", said());
        }
        let kill = Command::new("kill")
            .args([&format!("-{signal}"), &game.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let mut ended = None;
        let game_ended = within(Duration::from_secs(60), || {
            ended = game.try_wait().unwrap();
            ended.is_some()
        });
        if !game_ended {
            let _ = game.kill();
            let _ = game.wait();
        }
        let server_ended = within(Duration::from_secs(10), || !runs(server[0]));
        if !server_ended {
            let _ = Command::new("kill").arg(server[0].to_string()).status();
        }
        assert!(game_ended, "SIG{signal}: the game went on: {}", said());
        if signal == "TERM" {
            assert!(
                ended.is_some_and(|s| s.success()),
                "SIGTERM: the game ended in {ended:?}: {}",
                said()
            );
        }
        assert!(
            server_ended,
            "SIG{signal}: the server the game started runs on after it"
        );
    }
}

/// The game joins a tournament from its command line (`camelot --server URL
/// --join-tournament ID`, the account logged in with camelot-cli): the window rests on its
/// menu, and when the server pairs it (a program joins), the game opens at the table with
/// nothing touched.
fn a_tournament_game_opens_in_a_resting_window_untouched() {
    let _alone = one_window_at_a_time();
    let Some(screen) = VirtualScreen::start(1024, 700) else {
        return display::skip(
            "a_tournament_game_opens_in_a_resting_window_untouched",
            "no Xvfb (apt-get install xvfb mesa-vulkan-drivers)",
        );
    };
    let dir = scratch("online-window-tournament");
    let server = Server::start(&sibling("camelot-server"), &sqlite(&dir), "127.0.0.1:0");
    let cli = sibling("camelot-cli");
    let account = |data: &Path, name: &str, program: bool| {
        camelot_test_support::tournaments::cli_account(&cli, data, &server.url, name, program)
    };
    let (mine, theirs) = (dir.join("data"), dir.join("palamedes"));
    account(&mine, "Tristram", false);
    account(&theirs, "Palamedes", true);
    let made = Command::new(&cli)
        .args(["online", "tournament", "create", "--server", &server.url])
        .args(["--kind", "arena", "--variant", "camette", "--time", "5+3"])
        .args(["--minutes", "30", "--programs", "--casual"])
        .env("CAMELOT_DATA_DIR", &theirs)
        .output()
        .unwrap();
    let made: serde_json::Value = serde_json::from_slice(&made.stdout).unwrap();
    let id = made["tournament"].as_str().unwrap().to_string();
    let size = format!("{}x{}", screen.width, screen.height);
    let mut game = game_window(
        &screen,
        &mine,
        &[
            "--server",
            &server.url,
            "--join-tournament",
            &id,
            "--window",
            &size,
        ],
    );
    let before = resting(
        &screen,
        &mine,
        Duration::from_secs(2),
        Duration::from_secs(180),
    );
    let joined = |data: &Path| {
        std::fs::read_to_string(data.join("stdout"))
            .unwrap_or_default()
            .contains(&format!("joined tournament {id}"))
    };
    let start = Instant::now();
    while !joined(&mine) {
        assert!(start.elapsed() < Duration::from_secs(60), "never joined");
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut other = camelot_test_support::tournaments::program_joins(
        &cli,
        &theirs,
        &server.url,
        &id,
        "beginner",
    );
    let paired = Instant::now();
    let changed = |now: &[u8]| before.iter().zip(now).filter(|(a, b)| a != b).count();
    let mut seen = 0;
    while paired.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(250));
        seen = changed(&screen.capture());
        if seen > 10_000 {
            break;
        }
    }
    eprintln!(
        "the tournament's game on screen {} ms after the second player joined ({seen} bytes changed)",
        paired.elapsed().as_millis()
    );
    let _ = other.kill();
    let _ = other.wait();
    let _ = game.kill();
    let _ = game.wait();
    let stderr = std::fs::read_to_string(mine.join("stderr")).unwrap_or_default();
    assert!(
        seen > 10_000,
        "a minute after the pairing the screen is as before ({seen} bytes changed): the \
         game did not open by itself\n{stderr}"
    );
}

camelot_test_support::harness!(
    a_tournament_game_opens_in_a_resting_window_untouched,
    a_server_started_here_ends_with_the_game_however_the_game_ends,
    a_screens_first_frames_show_every_letter_untouched,
    a_move_from_elsewhere_is_on_screen_untouched,
    a_resting_table_with_a_live_connection_draws_nothing_for_it,
    two_windows_play_a_whole_untimed_game_untouched
);
