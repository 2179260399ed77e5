//! The game on a display: the one there is, or a virtual screen through `xvfb-run`,
//! for the tests that open a window.

#![allow(dead_code)] // each test crate uses its own part

use std::process::{Command, Output};

/// The wrapped game's last line on stderr: its own exit status. `xvfb-run` exits with its
/// own status when it fails to clean up after itself ("problem while cleaning up
/// temporary directory", status 5, seen under CI's parallel tests), so the game's status
/// is passed this way instead.
pub const EXIT_MARK: &str = "camelot exit status: ";

/// A command that runs the game (arguments are added after it) on the display there
/// is, or on a virtual `screen` ("1280x800x24") through `xvfb-run`; `None` where neither
/// can be had.
pub fn game_on_a_display(screen: &str) -> Option<Command> {
    let game = env!("CARGO_BIN_EXE_camelot");
    if std::env::var_os("DISPLAY").is_some() {
        return Some(Command::new(game));
    }
    Command::new("xvfb-run").arg("--help").output().ok()?;
    let mut c = Command::new("xvfb-run");
    c.args(["-a", "-s", &format!("-screen 0 {screen}")])
        .args([
            "sh",
            "-c",
            &format!(r#""$0" "$@"; echo "{EXIT_MARK}$?" >&2"#),
        ])
        .arg(game);
    Some(c)
}

/// A test that cannot draw here says why, loudly, and returns; with
/// `CAMELOT_REQUIRE_RENDER=1` (set by `.ci/run` once it has installed Xvfb and Mesa's
/// Vulkan) it fails instead.
pub fn skip(test: &str, why: &str) {
    camelot_test_support::skip(
        test,
        &format!("cannot render ({why})"),
        "CAMELOT_REQUIRE_RENDER",
    );
}

/// The game's exit status, also when it ran inside `xvfb-run`.
pub fn exit_code(out: &Output) -> Option<i32> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix(EXIT_MARK)?.trim().parse().ok())
        .or(out.status.code())
}

/// The game's standard error, without the status line.
pub fn stderr_text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.starts_with(EXIT_MARK))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A virtual X screen of the test's own (`Xvfb`), whose pixels the test reads back: what
/// a person would see on it, taken without touching the game's window.
pub struct VirtualScreen {
    xvfb: std::process::Child,
    /// `:N`
    pub display: String,
    pub width: u32,
    pub height: u32,
}

impl VirtualScreen {
    /// Starts `Xvfb` on a free display; `None` where there is no Xvfb.
    pub fn start(width: u32, height: u32) -> Option<VirtualScreen> {
        use std::io::{BufRead, BufReader};
        // `-noreset`: an X server resets when its last client leaves, and refuses
        // connections while it does; a window that checks the display (open, close) and
        // then opens it would find it resetting.
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-noreset",
                "-screen",
                "0",
            ])
            .arg(format!("{width}x{height}x24"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .ok()?;
        let mut line = String::new();
        BufReader::new(xvfb.stdout.take()?)
            .read_line(&mut line)
            .ok()?;
        let number: u32 = line.trim().parse().ok()?;
        Some(VirtualScreen {
            xvfb,
            display: format!(":{number}"),
            width,
            height,
        })
    }

    /// Moves the pointer to (x, y) on the screen, as a person's hand would: the window
    /// under it hears of it and draws again.
    pub fn move_pointer(&self, x: i32, y: i32) {
        use x11_dl::xlib;
        let x11 = xlib::Xlib::open().expect("libX11");
        let name = std::ffi::CString::new(self.display.clone()).unwrap();
        // SAFETY: the display is opened, used and closed here.
        unsafe {
            let d = (x11.XOpenDisplay)(name.as_ptr());
            assert!(!d.is_null(), "the virtual screen {} opens", self.display);
            let root = (x11.XDefaultRootWindow)(d);
            (x11.XWarpPointer)(d, 0, root, 0, 0, 0, 0, x, y);
            (x11.XFlush)(d);
            (x11.XCloseDisplay)(d);
        }
    }

    /// The screen's pixels now (four bytes a pixel, as the X server keeps them).
    pub fn capture(&self) -> Vec<u8> {
        use x11_dl::xlib;
        let x = xlib::Xlib::open().expect("libX11");
        let name = std::ffi::CString::new(self.display.clone()).unwrap();
        // SAFETY: the display is opened, read and closed here; the image's data is
        // copied before the image is destroyed by its own function.
        unsafe {
            let d = (x.XOpenDisplay)(name.as_ptr());
            assert!(!d.is_null(), "the virtual screen {} opens", self.display);
            let root = (x.XDefaultRootWindow)(d);
            let img = (x.XGetImage)(d, root, 0, 0, self.width, self.height, !0, xlib::ZPixmap);
            assert!(!img.is_null(), "the screen's image is read");
            let len = ((*img).bytes_per_line * (*img).height) as usize;
            let pixels = std::slice::from_raw_parts((*img).data as *const u8, len).to_vec();
            if let Some(destroy) = (*img).funcs.destroy_image {
                destroy(img);
            }
            (x.XCloseDisplay)(d);
            pixels
        }
    }
}

impl Drop for VirtualScreen {
    fn drop(&mut self) {
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
    }
}
