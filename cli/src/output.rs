//! What every room shares: printing to a pipe that may close, a thread with room for a
//! search, and the arguments several commands take.

use std::path::Path;

use camelot_engine::{read_text, Position, Record, MAX_RECORD_BYTES};

/// Prints a line to stdout; a closed pipe (`| head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Searches need more stack than a default thread has.
pub fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .expect("spawns a thread")
        .join()
        .expect("search thread")
}

/// A position string from the command line. A bad one is bad input (exit 1), not a usage
/// error, so it is read here rather than by clap.
pub fn position(s: &str) -> Result<Position, String> {
    s.parse::<Position>().map_err(|e| e.to_string())
}

/// A record file read and replayed; the error names the file.
pub fn read_record(path: &Path) -> Result<(Record, camelot_engine::Game), String> {
    let text = read_text(path, MAX_RECORD_BYTES).map_err(|e| format!("cannot read {e}"))?;
    Record::import(&text).map_err(|e| format!("{}: {e}", path.display()))
}
