//! What can go wrong with a file, naming the file.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A file that could not be read or written.
#[derive(Debug)]
pub enum FileError {
    Io {
        path: PathBuf,
        source: io::Error,
    },
    TooLarge {
        path: PathBuf,
        max: usize,
    },
    NotUtf8 {
        path: PathBuf,
    },
    /// A FIFO, a device, a socket or a folder where a file was expected.
    NotAFile {
        path: PathBuf,
        kind: &'static str,
    },
    /// A symbolic link to nothing: not followed, so nothing is written outside where
    /// the user looks.
    DanglingLink {
        path: PathBuf,
        target: PathBuf,
    },
    /// A file the user named exists and may not be replaced unasked.
    Exists {
        path: PathBuf,
    },
    /// The folder a file was to go in does not exist.
    NoFolder {
        path: PathBuf,
    },
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

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            FileError::TooLarge { path, max } => write!(
                f,
                "{}: larger than {} KiB, too large to be read",
                path.display(),
                max / 1024
            ),
            FileError::NotUtf8 { path } => write!(f, "{}: not UTF-8 text", path.display()),
            FileError::NotAFile { path, kind } => {
                write!(f, "{}: {kind}, not a regular file", path.display())
            }
            FileError::DanglingLink { path, target } => write!(
                f,
                "{}: a link to {}, which does not exist (not followed)",
                path.display(),
                target.display()
            ),
            FileError::Exists { path } => write!(f, "{}: the file exists", path.display()),
            FileError::NoFolder { path } => write!(
                f,
                "{}: the folder does not exist",
                path.parent().unwrap_or(Path::new(".")).display()
            ),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
