//! What can go wrong with a file, naming the file.

use std::io;
use std::path::{Path, PathBuf};

/// A file that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: larger than {} KiB, too large to be read", path.display(), max / 1024)]
    TooLarge { path: PathBuf, max: usize },
    #[error("{}: not UTF-8 text", path.display())]
    NotUtf8 { path: PathBuf },
    /// A FIFO, a device, a socket or a folder where a file was expected.
    #[error("{}: {kind}, not a regular file", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },
    /// A symbolic link to nothing: not followed, so nothing is written outside where
    /// the user looks.
    #[error(
        "{}: a link to {}, which does not exist (not followed)",
        path.display(),
        target.display()
    )]
    DanglingLink { path: PathBuf, target: PathBuf },
    /// A file the user named exists and may not be replaced unasked.
    #[error("{}: the file exists", path.display())]
    Exists { path: PathBuf },
    /// The folder a file was to go in does not exist.
    #[error("{}: the folder does not exist", path.parent().unwrap_or(Path::new(".")).display())]
    NoFolder { path: PathBuf },
}

impl FileError {
    pub fn io(path: &Path, source: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Io { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::NotUtf8 { path }
            | FileError::NotAFile { path, .. }
            | FileError::DanglingLink { path, .. }
            | FileError::Exists { path }
            | FileError::NoFolder { path } => path,
        }
    }

    /// True if the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, FileError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}
