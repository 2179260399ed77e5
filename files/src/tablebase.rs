//! Camette's solved table on disk: one file in the data directory, probed on demand by
//! the engine's [`Tablebase`] through the open file. The first open of a file in a
//! process checks the whole of it against its checksum (a second or so); later opens of
//! the same unchanged file do not read it again.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use camelot_engine::tablebase::{Tablebase, TablebaseError};

use crate::data_dir::data_dir;
use crate::error::FileError;
use crate::write::write_atomic;

/// The table's file name in the data directory.
pub const TABLEBASE_FILE: &str = "camette.tablebase";

/// A table file that could not be used: not read at all, or read and found wanting.
#[derive(Debug, thiserror::Error)]
pub enum TableFileError {
    #[error(transparent)]
    File(FileError),
    #[error(
        "{} is not a usable Camette table ({why}); `camelot-cli solve camette` builds it again",
        path.display()
    )]
    Unusable {
        path: PathBuf,
        #[source]
        why: TablebaseError,
    },
}

/// The engine's verdict on a table, with the file named; a read error is the file's.
fn unusable(path: &Path, why: TablebaseError) -> TableFileError {
    match why {
        TablebaseError::Io(e) => TableFileError::File(FileError::io(path, e)),
        why => TableFileError::Unusable {
            path: path.to_path_buf(),
            why,
        },
    }
}

/// Tables this process has found sound: (path, size, last change).
static CHECKED: Mutex<Vec<(PathBuf, u64, SystemTime)>> = Mutex::new(Vec::new());

/// Opens a table file written by [`write_tablebase`], to be probed on demand. Its
/// checksum is checked on the first open in this process; a table that fails is refused,
/// never used.
pub fn open_tablebase(path: &Path) -> Result<Tablebase, TableFileError> {
    let io = |e| TableFileError::File(FileError::io(path, e));
    let file = File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    let stamp = (path.to_path_buf(), meta.len(), meta.modified().map_err(io)?);
    let checked = CHECKED.lock().is_ok_and(|c| c.contains(&stamp));
    let table = Tablebase::from_source(file, !checked).map_err(|e| unusable(path, e))?;
    if !checked {
        if let Ok(mut c) = CHECKED.lock() {
            c.push(stamp);
        }
    }
    Ok(table)
}

/// Reads a whole table file into memory (to check it against the board's symmetry, or to
/// give an older table its checksum). Whether it was an older table without one.
pub fn load_tablebase(path: &Path) -> Result<(Tablebase, bool), TableFileError> {
    let file = File::open(path).map_err(|e| TableFileError::File(FileError::io(path, e)))?;
    Tablebase::read_whole(std::io::BufReader::with_capacity(8 << 20, file))
        .map_err(|e| unusable(path, e))
}

/// Writes a whole table to `path`, atomically, with its checksum; the bytes written.
/// A table that is not whole writes nothing.
pub fn write_tablebase(path: &Path, table: &Tablebase) -> Result<u64, FileError> {
    let Some(data) = table.to_bytes() else {
        return Ok(0);
    };
    write_atomic(path, &data)?;
    Ok(data.len() as u64)
}

/// `$CAMELOT_DATA_DIR/camette.tablebase`, or the same file in the platform's data
/// directory (where the game keeps its saves).
pub fn default_tablebase_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(TABLEBASE_FILE))
}

/// The table in the data directory, if it has been built.
pub fn open_default_tablebase() -> Option<Result<Tablebase, TableFileError>> {
    let path = default_tablebase_path()?;
    path.exists().then(|| open_tablebase(&path))
}
