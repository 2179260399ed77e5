//! A Camelot player's files, kept safe: the engine has no file system, and everything
//! that touches one (the game, `camelot-cli`, the server) goes through here.
//!
//! Every write goes through [`write_atomic`]: the text goes to a new, uniquely named file
//! beside the target, is flushed to the disk, and only then renamed over the target, and
//! the directory is flushed too. A crash, a full disk or a second program writing the
//! same file leaves either the old file or the new one, never a fragment. A symbolic
//! link is followed, so the file it points to is replaced and the link stays.
//!
//! Every read goes through [`read_text`], which reads only regular files (a FIFO would
//! hang it, a device never end) and stops at a size limit; lines of input go through
//! [`read_line`], which keeps at most [`MAX_LINE_BYTES`] of one.
//!
//! A file the user names (`save FILE`, `--out FILE`) is written with [`write_new_file`],
//! which also refuses to replace anything unasked or to make folders nobody asked for.
//!
//! Camette's solved table lives in the data directory as one large file, probed on
//! demand: [`open_tablebase`] and its neighbours.

mod data_dir;
mod error;
mod read;
mod tablebase;
mod write;

pub use data_dir::data_dir;
pub use error::FileError;
pub use read::{read_line, read_text, InputLine, MAX_LINE_BYTES};
pub use tablebase::{
    default_tablebase_path, load_tablebase, open_default_tablebase, open_tablebase,
    write_tablebase, TableFileError, TABLEBASE_FILE,
};
pub use write::{
    remove_stale_temporaries, report_file_size_limit, write_atomic, write_new_file, write_private,
};

#[cfg(test)]
mod tests;
