//! Where a player's games, settings and tables live.

use std::path::PathBuf;

/// The per-user data directory: `$CAMELOT_DATA_DIR`, else the platform's (for example
/// `~/.local/share/camelot`); `None` when neither it nor a home directory is set.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CAMELOT_DATA_DIR") {
        return Some(PathBuf::from(d));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let base = if cfg!(windows) {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| home.map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join("camelot"))
}
