//! The game's command line as a newcomer meets it: `--version`, `--help`, and the one
//! short message (exit code 1, no panic, no backtrace) when the machine has no display
//! or no graphics adapter.

mod display;

use std::process::{Command, Output};

fn camelot(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_camelot"));
    c.args(args)
        .env(
            "CAMELOT_DATA_DIR",
            std::env::temp_dir().join("camelot-cli-tests"),
        )
        .env("RUST_BACKTRACE", "1");
    c
}

/// The game with these arguments on the display there is, or on a virtual one through
/// `xvfb-run`; `None` (said on stderr) where neither can be had.
fn on_a_display(args: &[&str]) -> Option<Command> {
    let Some(mut c) = display::game_on_a_display("1280x800x24") else {
        display::skip(
            &format!("camelot {}", args.join(" ")),
            "no DISPLAY and no xvfb-run (apt-get install xvfb)",
        );
        return None;
    };
    c.args(args).env(
        "CAMELOT_DATA_DIR",
        std::env::temp_dir().join("camelot-cli-tests"),
    );
    Some(c)
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        display::stderr_text(out),
    )
}

fn version_and_help_are_answered() {
    let out = camelot(&["--version"]).output().unwrap();
    let (stdout, _) = text(&out);
    assert!(out.status.success());
    // The version and the commit the binary was built from (the clone's HEAD).
    let commit = camelot_test_support::head_commit();
    assert_eq!(
        stdout.trim(),
        format!("camelot {} ({commit})", env!("CARGO_PKG_VERSION"))
    );

    let out = camelot(&["--help"]).output().unwrap();
    let (stdout, _) = text(&out);
    assert!(out.status.success());
    for flag in [
        "--terminal",
        "--variant",
        "--seats",
        "--quality",
        "--window",
        "--diagnose",
    ] {
        assert!(
            stdout.contains(flag),
            "--help does not mention {flag}:\n{stdout}"
        );
    }

    let out = camelot(&["--quality", "ultra"]).output().unwrap();
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("ultra"), "{stderr}");
}

/// Without a display the game says what is missing, the package, and `--terminal`.
fn without_a_display_the_game_says_so_and_exits_with_one() {
    let out = camelot(&[])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    let line = stderr.trim();
    assert!(!line.contains('\n'), "one line, not a backtrace:\n{stderr}");
    assert!(!line.contains("panicked"), "{stderr}");
    assert!(line.contains("DISPLAY"), "{line}");
    assert!(line.contains("xvfb"), "{line}");
    assert!(line.contains("camelot --terminal"), "{line}");
}

/// Without a graphics adapter: `--diagnose` names both missing parts; the game itself
/// stops with the adapter's message. (`WGPU_BACKEND=dx12` asks Linux for a backend it
/// does not have, which is a machine without a driver as far as the game can tell.)
#[cfg(target_os = "linux")]
fn without_an_adapter_the_game_says_so_and_exits_with_one() {
    let out = camelot(&["--diagnose"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("WGPU_BACKEND", "dx12")
        .output()
        .unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("display: camelot: the 3D game cannot open: no display"),
        "{stdout}"
    );
    assert!(
        stdout.contains("adapter: camelot: the 3D game cannot open: no graphics adapter"),
        "{stdout}"
    );
    assert!(stdout.contains("mesa-vulkan-drivers"), "{stdout}");

    // The game itself, given a display.
    let Some(mut cmd) = on_a_display(&[]) else {
        return;
    };
    let out = cmd.env("WGPU_BACKEND", "dx12").output().unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(display::exit_code(&out), Some(1), "{stdout}{stderr}");
    let line = stderr.trim();
    assert!(!line.contains("panicked"), "{stderr}");
    assert!(line.contains("no graphics adapter"), "{line}");
    assert!(line.contains("camelot --terminal"), "{line}");
}

/// `--diagnose` on a machine that can draw: the adapter and the tier it gets.
fn diagnose_names_the_adapter_and_its_tier() {
    let Some(mut cmd) = on_a_display(&["--diagnose"]) else {
        return;
    };
    let out = cmd.output().unwrap();
    let (stdout, stderr) = text(&out);
    assert_eq!(display::exit_code(&out), Some(0), "{stdout}{stderr}");
    assert!(stdout.starts_with("display: X11 display "), "{stdout}");
    let quality = stdout
        .lines()
        .find_map(|l| l.strip_prefix("quality: "))
        .unwrap_or_else(|| panic!("no quality line:\n{stdout}"));
    let tier = quality.split_whitespace().next().unwrap();
    assert!(["low", "medium", "high"].contains(&tier), "{stdout}");
    // Mesa's software Vulkan is a CPU: it gets the cheapest tier.
    if stdout.contains("llvmpipe") {
        assert_eq!(tier, "low", "{stdout}");
    }
    // Sound, on or off and why, in one line; never alsa-lib's own complaints.
    let sound = stdout
        .lines()
        .find_map(|l| l.strip_prefix("sound: "))
        .unwrap_or_else(|| panic!("no sound line:\n{stdout}"));
    assert!(
        sound.starts_with("on: ") || sound.starts_with("off: "),
        "{sound}"
    );
    assert!(!stderr.contains("ALSA lib"), "{stderr}");
}

/// A `kill` (SIGTERM) or Ctrl-C (SIGINT) ends the game as closing its window does:
/// at once, though the window is resting, with success and no panic (so that what it
/// started, a server of its own, is stopped, and nothing is left half-written). So too
/// when it was started with SIGHUP and SIGINT ignored (under `nohup`, or as a script's
/// background job): SIGTERM and SIGINT still end it in order, and the ignored SIGHUP
/// stays ignored.
fn a_signal_closes_the_resting_window_in_order() {
    // (started with SIGHUP and SIGINT ignored, the signals sent: all but the last leave
    // the game running)
    let cases: [(bool, &[&str]); 5] = [
        (false, &["TERM"]),
        (false, &["INT"]),
        (false, &["HUP"]),
        (true, &["HUP", "TERM"]),
        (true, &["INT"]),
    ];
    for (ignoring, signals) in cases {
        let case = format!(
            "{}{}",
            if ignoring {
                "ignoring HUP and INT, "
            } else {
                ""
            },
            signals
                .iter()
                .map(|s| format!("SIG{s}"))
                .collect::<Vec<_>>()
                .join(" then ")
        );
        let Some(screen) = display::VirtualScreen::start(800, 600) else {
            return display::skip(
                "a_signal_closes_the_resting_window_in_order",
                "no Xvfb (apt-get install xvfb)",
            );
        };
        let data = std::env::temp_dir().join(format!(
            "camelot-signal-{}-{ignoring}-{}",
            signals.join("-"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        std::fs::write(data.join("settings.json"), r#"{"muted":true}"#).unwrap();
        let Some(game) = resting_game(&screen, &data, ignoring, &case) else {
            return display::skip(
                "a_signal_closes_the_resting_window_in_order",
                "the window never drew",
            );
        };
        ends_in_order_on_the_last(game, signals, &case);
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// The game in a window on `screen`, once its menu is drawn and it rests (`None` if it
/// never draws); started, where `ignoring`, with SIGHUP and SIGINT ignored by a shell
/// that then becomes the game (the same process).
fn resting_game(
    screen: &display::VirtualScreen,
    data: &std::path::Path,
    ignoring: bool,
    case: &str,
) -> Option<std::process::Child> {
    let bin = env!("CARGO_BIN_EXE_camelot");
    let args = ["--window", "800x600", "--quality", "low"];
    let mut command = if ignoring {
        let mut c = Command::new("sh");
        c.args(["-c", "trap '' HUP INT; exec \"$0\" \"$@\"", bin])
            .args(args);
        c
    } else {
        let mut c = Command::new(bin);
        c.args(args);
        c
    };
    let mut game = command
        .env("DISPLAY", &screen.display)
        .env("CAMELOT_DATA_DIR", data)
        .env("RUST_BACKTRACE", "1")
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or("vulkan".into()),
        )
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The menu is on the screen, then the window rests (nothing moves on the menu).
    let start = std::time::Instant::now();
    loop {
        let pixels = screen.capture();
        if pixels.chunks(4).any(|p| p[..3] != pixels[..3]) {
            break;
        }
        if let Ok(Some(status)) = game.try_wait() {
            panic!("{case}: the game ended before its window was up: {status:?}");
        }
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = game.kill();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    std::thread::sleep(std::time::Duration::from_secs(2));
    Some(game)
}

/// Sends `signals` to the game: each but the last must leave it running (it came
/// ignored), the last must end it in order, with success, no panic and no complaint
/// that a signal could not be handled.
fn ends_in_order_on_the_last(mut game: std::process::Child, signals: &[&str], case: &str) {
    let pid = game.id().to_string();
    let send = |signal: &str| {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    let (last, before) = signals.split_last().unwrap();
    for signal in before {
        send(signal);
        std::thread::sleep(std::time::Duration::from_secs(2));
        assert!(
            game.try_wait().unwrap().is_none(),
            "{case}: SIG{signal} came ignored and should have stayed so"
        );
    }
    let asked = std::time::Instant::now();
    send(last);
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        assert!(
            asked.elapsed() < std::time::Duration::from_secs(10),
            "{case}: the game did not end within 10 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut stderr = String::new();
    use std::io::Read;
    game.stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(
        status.success(),
        "{case}: the game ended with {status:?} (a signal's default would kill it)\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{case}: {stderr}");
    assert!(
        !stderr.contains("will not close the game in order"),
        "{case}: {stderr}"
    );
}

camelot_test_support::harness!(
    a_signal_closes_the_resting_window_in_order,
    version_and_help_are_answered,
    without_a_display_the_game_says_so_and_exits_with_one,
    without_an_adapter_the_game_says_so_and_exits_with_one,
    diagnose_names_the_adapter_and_its_tier
);
