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

/// The first line of a table file, then the checksum of the values (8 bytes, little
/// endian), then the values.
const MAGIC: &[u8] = b"camelot camette tablebase 2\n";
/// The first line of a table written before tables carried a checksum.
const MAGIC_V1: &[u8] = b"camelot camette tablebase 1\n";
/// The bytes before the values.
const HEADER: u64 = MAGIC.len() as u64 + 8;
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

fn offsets(header: u64) -> [u64; CLASSES] {
    let mut o = [0u64; CLASSES];
    let mut at = header;
    for (id, slot) in o.iter_mut().enumerate() {
        *slot = at;
        at += Material::of_class(id).size();
    }
    o
}

/// The values' bytes, all classes together.
fn values_len() -> u64 {
    (0..CLASSES)
        .map(|id| Material::of_class(id).size())
        .sum::<u64>()
}

/// A checksum of a table's values, fed in pieces: eight bytes at a time, multiplied and
/// rotated (fast enough for the 0.9 GB a whole table has), so that a changed, swapped or
/// zeroed byte anywhere changes it.
#[derive(Clone, Copy)]
struct Checksum {
    h: u64,
    /// Bytes fed so far not yet a whole word, and how many.
    tail: [u8; 8],
    tail_len: usize,
}

impl Checksum {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;

    fn new() -> Checksum {
        Checksum {
            h: 0x243F_6A88_85A3_08D3,
            tail: [0; 8],
            tail_len: 0,
        }
    }

    fn word(&mut self, w: u64) {
        self.h = (self.h ^ w).wrapping_mul(Self::K).rotate_left(29);
    }

    fn feed(&mut self, mut data: &[u8]) {
        while self.tail_len > 0 && !data.is_empty() {
            self.tail[self.tail_len] = data[0];
            self.tail_len += 1;
            data = &data[1..];
            if self.tail_len == 8 {
                self.word(u64::from_le_bytes(self.tail));
                self.tail_len = 0;
            }
        }
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        for &b in words.remainder() {
            self.tail[self.tail_len] = b;
            self.tail_len += 1;
        }
    }

    fn finish(mut self, len: u64) -> u64 {
        if self.tail_len > 0 {
            self.tail[self.tail_len..].fill(0);
            self.word(u64::from_le_bytes(self.tail));
        }
        self.word(len);
        self.h
    }
}

/// The checksum of the values in `file` from `from` on, read in pieces.
fn checksum_of(file: &mut File, from: u64, len: u64) -> std::io::Result<u64> {
    file.seek(SeekFrom::Start(from))?;
    let mut sum = Checksum::new();
    let mut buf = vec![0u8; 8 << 20];
    let mut left = len;
    while left > 0 {
        let n = buf.len().min(left as usize);
        file.read_exact(&mut buf[..n])?;
        sum.feed(&buf[..n]);
        left -= n as u64;
    }
    Ok(sum.finish(len))
}

/// Tables this process has found sound: (path, size, last change). A table is read whole
/// once to check it, not at every open.
static CHECKED: Mutex<Vec<(PathBuf, u64, std::time::SystemTime)>> = Mutex::new(Vec::new());

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
                offsets: offsets(HEADER),
            },
            stats,
        )
    }

    /// Writes a whole table (solved with all 8 pieces) to `path`, atomically, with the
    /// checksum of its values.
    pub fn write(&self, path: &Path) -> Result<u64, FileError> {
        let Store::Memory(classes) = &self.store else {
            return Ok(0);
        };
        let mut sum = Checksum::new();
        for (id, vals) in classes.iter().enumerate() {
            assert_eq!(
                vals.len() as u64,
                Material::of_class(id).size(),
                "only a whole table is written"
            );
            sum.feed(vals);
        }
        let mut data = Vec::with_capacity((HEADER + values_len()) as usize);
        data.extend_from_slice(MAGIC);
        data.extend_from_slice(&sum.finish(values_len()).to_le_bytes());
        for vals in classes {
            data.extend_from_slice(vals);
        }
        write_atomic(path, &data)?;
        Ok(data.len() as u64)
    }

    /// Opens a table file written by [`Tablebase::write`]. The first open in a process
    /// reads it whole once to check its checksum (a second or so); a table that fails is
    /// refused, never used.
    pub fn open(path: &Path) -> Result<Tablebase, TablebaseError> {
        let (file, version) = open_file(path)?;
        if version == 1 {
            return Err(corrupt(
                path,
                "an older table, without a checksum: `camelot-cli solve camette --verify` checks it and adds one"
                    .into(),
            ));
        }
        Ok(Tablebase {
            store: Store::File {
                file: Mutex::new(file),
                path: path.to_path_buf(),
            },
            offsets: offsets(HEADER),
        })
    }

    /// Reads a whole table file into memory (for [`Tablebase::check_mirror`]); an older
    /// table without a checksum is read too, so that it can be checked and written again
    /// with one. Whether it was such an older table.
    pub fn load(path: &Path) -> Result<(Tablebase, bool), TablebaseError> {
        let (_, version) = open_file(path)?;
        let header = if version == 1 {
            MAGIC_V1.len() as u64
        } else {
            HEADER
        };
        let bytes =
            std::fs::read(path).map_err(|e| TablebaseError::File(FileError::io(path, e)))?;
        let offsets = offsets(header);
        let classes = (0..CLASSES)
            .map(|id| {
                let from = offsets[id] as usize;
                bytes[from..from + Material::of_class(id).size() as usize].to_vec()
            })
            .collect();
        Ok((
            Tablebase {
                store: Store::Memory(classes),
                offsets,
            },
            version == 1,
        ))
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

fn corrupt(path: &Path, why: String) -> TablebaseError {
    TablebaseError::Corrupt {
        path: path.to_path_buf(),
        why,
    }
}

/// Opens a table file and checks it: its first line, its size, and (for a table of this
/// version) its checksum. The file, and the version it was written in (1: no checksum).
fn open_file(path: &Path) -> Result<(File, u32), TablebaseError> {
    let io = |e| TablebaseError::File(FileError::io(path, e));
    let mut file = File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    let len = meta.len();
    let mut magic = vec![0u8; MAGIC.len()];
    if file.read_exact(&mut magic).is_err() || (magic != MAGIC && magic != MAGIC_V1) {
        return Err(corrupt(
            path,
            "it does not start as a table of this version".into(),
        ));
    }
    if magic == MAGIC_V1 {
        let expected = MAGIC_V1.len() as u64 + values_len();
        if len != expected {
            return Err(corrupt(
                path,
                format!("{len} bytes where {expected} were expected"),
            ));
        }
        return Ok((file, 1));
    }
    let expected = HEADER + values_len();
    if len != expected {
        return Err(corrupt(
            path,
            format!("{len} bytes where {expected} were expected"),
        ));
    }
    let stamp = (path.to_path_buf(), len, meta.modified().map_err(io)?);
    if CHECKED.lock().is_ok_and(|c| c.contains(&stamp)) {
        return Ok((file, 2));
    }
    let mut stored = [0u8; 8];
    file.read_exact(&mut stored).map_err(io)?;
    let actual = checksum_of(&mut file, HEADER, values_len()).map_err(io)?;
    if actual != u64::from_le_bytes(stored) {
        return Err(corrupt(
            path,
            "its checksum does not match its values: it was damaged".into(),
        ));
    }
    if let Ok(mut c) = CHECKED.lock() {
        c.push(stamp);
    }
    Ok((file, 2))
}

/// `$CAMELOT_DATA_DIR/camette.tablebase`, or the same file in the platform's data
/// directory (where the game keeps its saves).
pub fn default_path() -> Option<PathBuf> {
    crate::files::data_dir().map(|d| d.join(TABLEBASE_FILE))
}

#[cfg(test)]
mod tests;
