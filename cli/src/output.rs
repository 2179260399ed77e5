//! What every room shares: printing to a pipe that may close, a thread with room for a
//! search, and the arguments several commands take.

use std::path::Path;

use camelot_engine::notation::{Record, MAX_RECORD_BYTES};
use camelot_engine::{Game, Position};
use camelot_files::read_text;

use crate::failure::Failure;

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
pub fn position(s: &str) -> Result<Position, Failure> {
    Ok(s.parse::<Position>()?)
}

/// A record file read and replayed; the error names the file.
pub fn read_record(path: &Path) -> Result<(Record, Game), Failure> {
    let text = read_text(path, MAX_RECORD_BYTES).map_err(Failure::Read)?;
    Record::import(&text).map_err(|error| Failure::Record {
        path: path.to_path_buf(),
        error: Box::new(error),
    })
}
