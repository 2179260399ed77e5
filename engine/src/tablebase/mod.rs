//! Camette solved: a table of every position's value, built by retrograde analysis.
//!
//! [`Tablebase::solve`] builds it (minutes on two cores), [`Tablebase::write`] stores it
//! in one file (a byte per position), and [`Tablebase::open`] reads single values from
//! that file on demand, so a program probing it holds none of it in memory.

mod index;
mod solve;
mod value;

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::files::{write_atomic, FileError};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

use index::{Material, Pieces, CLASSES};
pub use solve::SolveStats;
pub use value::Value;

/// The first line of a table file.
const MAGIC: &[u8] = b"camelot camette tablebase 1\n";
/// The table's file name in the data directory.
pub const TABLEBASE_FILE: &str = "camette.tablebase";

/// Where the values are: in memory (just solved) or in a file.
enum Store {
    Memory(Vec<Vec<u8>>),
    File { file: Mutex<File>, path: PathBuf },
}

/// The solved values of Camette.
pub struct Tablebase {
    store: Store,
    /// Where each class starts in the file, after the header.
    offsets: [u64; CLASSES],
}

/// Why a table could not be opened.
#[derive(Debug)]
pub enum TablebaseError {
    File(FileError),
    /// The file is not a table of this version (or was cut short).
    Corrupt {
        path: PathBuf,
        why: String,
    },
}

impl std::fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablebaseError::File(e) => e.fmt(f),
            TablebaseError::Corrupt { path, why } => write!(
                f,
                "{} is not a usable Camette table ({why}); `camelot-cli solve camette` builds it again",
                path.display()
            ),
        }
    }
}

impl std::error::Error for TablebaseError {}

fn offsets() -> [u64; CLASSES] {
    let mut o = [0u64; CLASSES];
    let mut at = MAGIC.len() as u64;
    for (id, slot) in o.iter_mut().enumerate() {
        *slot = at;
        at += Material::of_class(id).size();
    }
    o
}

fn total_len() -> u64 {
    MAGIC.len() as u64
        + (0..CLASSES)
            .map(|id| Material::of_class(id).size())
            .sum::<u64>()
}

impl Tablebase {
    /// Solves Camette on `threads` threads: every position with at most `max_pieces`
    /// pieces (8, the start's, for the whole game). `progress` hears a line per class.
    pub fn solve(
        max_pieces: u32,
        threads: usize,
        progress: &(dyn Fn(&str) + Sync),
    ) -> (Tablebase, SolveStats) {
        let (solved, stats) = solve::solve(max_pieces, threads, progress);
        (
            Tablebase {
                store: Store::Memory(solved),
                offsets: offsets(),
            },
            stats,
        )
    }

    /// Writes a whole table (solved with all 8 pieces) to `path`, atomically.
    pub fn write(&self, path: &Path) -> Result<u64, FileError> {
        let Store::Memory(classes) = &self.store else {
            return Ok(0);
        };
        let mut data = Vec::with_capacity(total_len() as usize);
        data.extend_from_slice(MAGIC);
        for (id, vals) in classes.iter().enumerate() {
            assert_eq!(
                vals.len() as u64,
                Material::of_class(id).size(),
                "only a whole table is written"
            );
            data.extend_from_slice(vals);
        }
        write_atomic(path, &data)?;
        Ok(data.len() as u64)
    }

    /// Opens a table file written by [`Tablebase::write`].
    pub fn open(path: &Path) -> Result<Tablebase, TablebaseError> {
        let corrupt = |why: String| TablebaseError::Corrupt {
            path: path.to_path_buf(),
            why,
        };
        let mut file =
            File::open(path).map_err(|e| TablebaseError::File(FileError::io(path, e)))?;
        let len = file
            .metadata()
            .map_err(|e| TablebaseError::File(FileError::io(path, e)))?
            .len();
        let mut magic = vec![0u8; MAGIC.len()];
        if file.read_exact(&mut magic).is_err() || magic != MAGIC {
            return Err(corrupt(
                "it does not start as a table of this version".into(),
            ));
        }
        if len != total_len() {
            return Err(corrupt(format!(
                "{len} bytes where {} were expected",
                total_len()
            )));
        }
        Ok(Tablebase {
            store: Store::File {
                file: Mutex::new(file),
                path: path.to_path_buf(),
            },
            offsets: offsets(),
        })
    }

    /// Reads a whole table file into memory (for [`Tablebase::check_mirror`]).
    pub fn load(path: &Path) -> Result<Tablebase, TablebaseError> {
        let opened = Tablebase::open(path)?;
        let bytes =
            std::fs::read(path).map_err(|e| TablebaseError::File(FileError::io(path, e)))?;
        let classes = (0..CLASSES)
            .map(|id| {
                let from = opened.offsets[id] as usize;
                bytes[from..from + Material::of_class(id).size() as usize].to_vec()
            })
            .collect();
        Ok(Tablebase {
            store: Store::Memory(classes),
            offsets: opened.offsets,
        })
    }

    /// Checks the whole table against the board's left-right symmetry, which the solver
    /// does not use: every position must have its mirror image's value. Returns the
    /// positions checked and those that disagree (none in a sound table).
    pub fn check_mirror(&self) -> (u64, u64) {
        let Store::Memory(classes) = &self.store else {
            return (0, 0);
        };
        let (mut checked, mut wrong) = (0, 0);
        for (id, vals) in classes.iter().enumerate() {
            let m = Material::of_class(id);
            for (i, &v) in vals.iter().enumerate() {
                let mirrored = Pieces::at(m, i as u64).mirrored().index() as usize;
                checked += 1;
                if vals[mirrored] != v {
                    wrong += 1;
                }
            }
        }
        (checked, wrong)
    }

    /// The table in the data directory, if it has been built.
    pub fn open_default() -> Option<Result<Tablebase, TablebaseError>> {
        let path = default_path()?;
        path.exists().then(|| Tablebase::open(&path))
    }

    /// The file behind the table, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.store {
            Store::File { path, .. } => Some(path),
            Store::Memory(_) => None,
        }
    }

    fn byte(&self, class: usize, index: u64) -> Option<u8> {
        match &self.store {
            Store::Memory(classes) => classes[class].get(index as usize).copied(),
            Store::File { file, .. } => {
                let mut f = file.lock().ok()?;
                f.seek(SeekFrom::Start(self.offsets[class] + index)).ok()?;
                let mut b = [0u8];
                f.read_exact(&mut b).ok()?;
                Some(b[0])
            }
        }
    }

    /// The value of a Camette position for the side to move; `None` for other variants,
    /// a finished game, or a position no game reaches (a piece in its own castle without
    /// the duty to leave it).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.variant() != Variant::Camette || pos.decided().is_some() {
            return None;
        }
        let pieces = Pieces::of(pos);
        let m = pieces.material();
        if !m.is_playable()
            || !pieces.is_reachable()
            || pieces.implied_must_leave(pos.turn().0 == 1) != pos.must_leave()
        {
            return None;
        }
        Value::decode(self.byte(m.class(), pieces.index())?)
    }

    /// The value of each legal move for the side to move, best first (a quicker win, a
    /// slower loss); empty where [`Tablebase::probe`] knows nothing.
    pub fn rank_moves(&self, pos: &Position) -> Vec<(Move, Value)> {
        if self.probe(pos).is_none() {
            return Vec::new();
        }
        let mut moves: Vec<(Move, Value)> = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = pos.after(m);
            let v = if child.decided().is_some() {
                Value::Win(1)
            } else {
                match self.probe(&child) {
                    Some(v) => Value::from_child(v),
                    None => return Vec::new(),
                }
            };
            moves.push((*m, v));
        }
        moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v.rank()));
        moves
    }
}

/// `$CAMELOT_DATA_DIR/camette.tablebase`, or the same file in the platform's data
/// directory (where the game keeps its saves).
pub fn default_path() -> Option<PathBuf> {
    crate::files::data_dir().map(|d| d.join(TABLEBASE_FILE))
}

#[cfg(test)]
mod tests;
