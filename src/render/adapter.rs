//! What the machine can draw with, checked before the window opens: the display (X11 on
//! Linux) and a graphics adapter (Vulkan on Linux). A missing one is a short message
//! naming what is missing, the Debian package that provides it, and `--terminal`; never
//! a panic with a backtrace. `camelot --diagnose` prints what is found and the quality
//! tier the adapter gets.

use std::fmt;

use wgpu::{AdapterInfo, Backends, DeviceType};

use crate::render::tier::Quality;

/// Why the 3D game cannot open here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// No display to open a window on.
    NoDisplay { wayland_only: bool },
    /// A system library the window needs is missing.
    MissingLibrary {
        library: &'static str,
        package: &'static str,
    },
    /// `DISPLAY` names a display that cannot be opened.
    DisplayUnreachable(String),
    /// No graphics adapter (on Linux: no Vulkan driver).
    NoAdapter,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            Problem::NoDisplay {
                wayland_only: false,
            } => "no display: DISPLAY is not set (a desktop session, or Xvfb from the \
                 Debian package xvfb, provides one)"
                .to_string(),
            Problem::NoDisplay { wayland_only: true } => {
                "no X11 display: this Wayland session has no XWayland (Debian package \
                 xwayland)"
                    .to_string()
            }
            Problem::MissingLibrary { library, package } => {
                format!("the library {library} is missing (Debian package {package})")
            }
            Problem::DisplayUnreachable(d) => format!("the display {d} cannot be opened"),
            Problem::NoAdapter => "no graphics adapter: a Vulkan driver is needed (Debian \
                                   packages libvulkan1 and mesa-vulkan-drivers; the latter \
                                   includes a software driver for machines without a GPU)"
                .to_string(),
        };
        write!(
            f,
            "camelot: the 3D game cannot open: {what}. To play in the terminal instead: camelot --terminal"
        )
    }
}

/// The backends Bevy will use: `WGPU_BACKEND` if set, else all compiled in.
fn backends() -> Backends {
    Backends::from_env().unwrap_or(Backends::all())
}

/// Checks that a window can be opened (on Linux, an X11 display and the libraries the
/// window system loads at run time).
#[cfg(target_os = "linux")]
pub fn check_display() -> Result<String, Problem> {
    use x11_dl::{xcursor, xinput2, xlib, xlib_xcb, xrandr};
    let Some(name) = std::env::var_os("DISPLAY").filter(|d| !d.is_empty()) else {
        return Err(Problem::NoDisplay {
            wayland_only: std::env::var_os("WAYLAND_DISPLAY").is_some(),
        });
    };
    let name = name.to_string_lossy().into_owned();
    let missing = |library, package| Problem::MissingLibrary { library, package };
    let x = xlib::Xlib::open().map_err(|_| missing("libX11.so.6", "libx11-6"))?;
    xcursor::Xcursor::open().map_err(|_| missing("libXcursor.so.1", "libxcursor1"))?;
    xrandr::Xrandr_2_2_0::open().map_err(|_| missing("libXrandr.so.2", "libxrandr2"))?;
    xinput2::XInput2::open().map_err(|_| missing("libXi.so.6", "libxi6"))?;
    xlib_xcb::Xlib_xcb::open().map_err(|_| missing("libX11-xcb.so.1", "libx11-xcb1"))?;
    // A display that is there but busy (a session still starting, a loaded machine) may
    // refuse one connection: tried again for a second before the game says it cannot.
    let mut tries = 0;
    let display = loop {
        // SAFETY: XOpenDisplay with a null name opens $DISPLAY; the handle is closed at
        // once.
        let display = unsafe { (x.XOpenDisplay)(std::ptr::null()) };
        tries += 1;
        if !display.is_null() {
            break display;
        }
        if tries == 5 {
            return Err(Problem::DisplayUnreachable(name));
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    };
    // SAFETY: `display` is the live connection opened above.
    unsafe { (x.XCloseDisplay)(display) };
    Ok(format!("X11 display {name}"))
}

#[cfg(not(target_os = "linux"))]
pub fn check_display() -> Result<String, Problem> {
    Ok("the system's window manager".into())
}

/// The graphics adapter the renderer would use.
pub fn find_adapter() -> Result<AdapterInfo, Problem> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: backends(),
        ..wgpu::InstanceDescriptor::new_without_display_handle_from_env()
    });
    let adapter = bevy::tasks::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        compatible_surface: None,
        force_fallback_adapter: false,
    }))
    .map_err(|_| Problem::NoAdapter)?;
    Ok(adapter.get_info())
}

/// The quality an adapter gets: a software renderer draws everything on the CPU, so it
/// gets the cheapest; a discrete GPU gets everything.
pub fn tier_for(info: &AdapterInfo) -> Quality {
    match info.device_type {
        DeviceType::Cpu => Quality::Low,
        DeviceType::DiscreteGpu => Quality::High,
        DeviceType::IntegratedGpu | DeviceType::VirtualGpu | DeviceType::Other => Quality::Medium,
    }
}

/// What `--diagnose` prints: the display, the adapter and its tier, or why not.
pub fn diagnose() -> (String, bool) {
    let mut out = String::new();
    let mut ok = true;
    match check_display() {
        Ok(d) => out.push_str(&format!("display: {d}\n")),
        Err(p) => {
            ok = false;
            out.push_str(&format!("display: {p}\n"));
        }
    }
    match find_adapter() {
        Ok(info) => out.push_str(&format!(
            "adapter: {} ({:?}, {:?}; driver {} {})\nquality: {} (picked for this adapter; \
             --quality or the settings choose another)\n",
            info.name,
            info.backend,
            info.device_type,
            info.driver,
            info.driver_info,
            tier_for(&info).id()
        )),
        Err(p) => {
            ok = false;
            out.push_str(&format!("adapter: {p}\n"));
        }
    }
    #[cfg(feature = "sound")]
    out.push_str(&format!("sound: {}\n", crate::sound::speaker::describe()));
    #[cfg(not(feature = "sound"))]
    out.push_str("sound: off: built without the sound feature\n");
    (out, ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_name_the_package_and_the_terminal_game() {
        for p in [
            Problem::NoDisplay {
                wayland_only: false,
            },
            Problem::NoAdapter,
            Problem::MissingLibrary {
                library: "libX11.so.6",
                package: "libx11-6",
            },
        ] {
            let text = p.to_string();
            assert!(text.contains("--terminal"), "{text}");
            assert!(text.contains("Debian package"), "{text}");
            assert!(!text.contains('\n'), "one line: {text}");
        }
    }
}
