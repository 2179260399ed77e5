//! Reading what a user gives without trusting it: only regular files (a FIFO would
//! hang the reader, a device never end), never past a size limit, and lines of input
//! kept to a bounded length.

use std::fs::{self, File};
use std::io::{BufRead, Read};
use std::path::Path;

use crate::error::FileError;

/// What a path names, when it is not a regular file.
fn special_kind(meta: &fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuses a path that names something other than a regular file (links followed).
pub(crate) fn check_regular(path: &Path) -> Result<(), FileError> {
    match fs::metadata(path) {
        Ok(meta) => match special_kind(&meta) {
            Some(kind) => Err(FileError::NotAFile {
                path: path.to_path_buf(),
                kind,
            }),
            None => Ok(()),
        },
        Err(e) => Err(FileError::io(path, e)),
    }
}

/// Reads a text file of at most `max` bytes. Only a regular file is read: a FIFO is
/// refused before it is opened (opening one would wait for a writer).
pub fn read_text(path: &Path, max: usize) -> Result<String, FileError> {
    check_regular(path)?;
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    if bytes.len() > max {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            max,
        });
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotUtf8 {
        path: path.to_path_buf(),
    })
}

/// The longest line of input kept (the engine protocol's commands, the terminal game's
/// lines); a longer one is skipped whole.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of text input, as far as it could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    Text(String),
    /// The line is not UTF-8 text.
    NotUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`]; it was skipped without being kept.
    TooLong,
}

/// Reads the next line of a text interface (without its end), keeping at most
/// [`MAX_LINE_BYTES`] of it; `None` at the end of input or on a read error.
pub fn read_line<R: BufRead>(input: &mut R) -> Option<InputLine> {
    let mut buf = Vec::new();
    let read = (&mut *input)
        .take(MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', &mut buf)
        .ok()?;
    if read == 0 {
        return None;
    }
    if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE_BYTES {
        // Skip the rest of the line without keeping it.
        loop {
            let chunk = input.fill_buf().ok()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let n = chunk.len();
                    input.consume(n);
                }
            }
        }
        return Some(InputLine::TooLong);
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    Some(match String::from_utf8(buf) {
        Ok(s) => InputLine::Text(s),
        Err(_) => InputLine::NotUtf8,
    })
}
