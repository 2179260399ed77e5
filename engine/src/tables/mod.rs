//! Camette solved: a table of every position's value, built by retrograde analysis.
//!
//! [`Tablebase::solve`] builds it (minutes on two cores), [`Tablebase::to_bytes`] gives
//! it as one table (a byte per position, behind a header and a checksum), and
//! [`Tablebase::from_source`] reads single values from such a table on demand, so a
//! program probing it holds none of it in memory. Where the table is kept (a file in
//! the data directory) is no business of the engine's: `camelot-files` opens it.

mod index;
mod solve;
mod value;

use std::io::{self, Read, Seek, SeekFrom};
use std::sync::Mutex;

use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;

use index::{Material, Pieces, CLASSES};
pub use solve::TablebaseSolveStats;
pub use value::TablebaseValue;

/// The first line of a table file, then the checksum of the values (8 bytes, little
/// endian), then the values.
const MAGIC: &[u8] = b"camelot camette tablebase 2\n";
/// The first line of a table written before tables carried a checksum.
const MAGIC_V1: &[u8] = b"camelot camette tablebase 1\n";
/// The bytes before the values.
const HEADER: u64 = MAGIC.len() as u64 + 8;
/// Where a table's values are read from on demand: a file, opened by whoever has a file
/// system, or anything else that reads and seeks.
pub trait TableSource: Read + Seek + Send {}

impl<T: Read + Seek + Send> TableSource for T {}

/// Where the values are: in memory (just solved, or read whole) or in a source.
enum Store {
    Memory(Vec<Vec<u8>>),
    Source(Mutex<Box<dyn TableSource>>),
}

/// The solved values of Camette.
pub struct Tablebase {
    store: Store,
    /// Where each class starts in the file, after the header.
    offsets: [u64; CLASSES],
}

/// Why a table could not be used.
#[derive(Debug)]
pub enum TablebaseError {
    /// Reading it failed.
    Io(io::Error),
    /// It does not start as a table of this version.
    NotATable,
    /// It is cut short or too long.
    WrongSize { found: u64, expected: u64 },
    /// Its checksum does not match its values: it was damaged.
    Damaged,
    /// An older table, written before tables carried a checksum: it is used only once
    /// it has been checked whole and written again with one.
    WithoutChecksum,
}

impl std::fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablebaseError::Io(e) => write!(f, "it could not be read: {e}"),
            TablebaseError::NotATable => {
                f.write_str("it does not start as a table of this version")
            }
            TablebaseError::WrongSize { found, expected } => {
                write!(f, "{found} bytes where {expected} were expected")
            }
            TablebaseError::Damaged => {
                f.write_str("its checksum does not match its values: it was damaged")
            }
            TablebaseError::WithoutChecksum => f.write_str(
                "an older table, without a checksum: `camelot-cli solve camette --verify` checks it and adds one",
            ),
        }
    }
}

impl std::error::Error for TablebaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TablebaseError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for TablebaseError {
    fn from(e: io::Error) -> Self {
        TablebaseError::Io(e)
    }
}

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

/// The checksum of the values in `source` from `from` on, read in pieces.
fn checksum_of(source: &mut dyn TableSource, from: u64, len: u64) -> io::Result<u64> {
    source.seek(SeekFrom::Start(from))?;
    let mut sum = Checksum::new();
    let mut buf = vec![0u8; 8 << 20];
    let mut left = len;
    while left > 0 {
        let n = buf.len().min(left as usize);
        source.read_exact(&mut buf[..n])?;
        sum.feed(&buf[..n]);
        left -= n as u64;
    }
    Ok(sum.finish(len))
}

impl Tablebase {
    /// Solves Camette on `threads` threads: every position with at most `max_pieces`
    /// pieces (8, the start's, for the whole game). `progress` hears a line per class.
    pub fn solve(
        max_pieces: u32,
        threads: usize,
        progress: &(dyn Fn(&str) + Sync),
    ) -> (Tablebase, TablebaseSolveStats) {
        let (solved, stats) = solve::solve(max_pieces, threads, progress);
        (
            Tablebase {
                store: Store::Memory(solved),
                offsets: offsets(HEADER),
            },
            stats,
        )
    }

    /// The whole table (solved with all 8 pieces) as it is kept: the header, the
    /// checksum of its values, the values. `None` for a table that is not in memory or
    /// not whole.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        let Store::Memory(classes) = &self.store else {
            return None;
        };
        let mut sum = Checksum::new();
        for (id, vals) in classes.iter().enumerate() {
            if vals.len() as u64 != Material::of_class(id).size() {
                return None;
            }
            sum.feed(vals);
        }
        let mut data = Vec::with_capacity((HEADER + values_len()) as usize);
        data.extend_from_slice(MAGIC);
        data.extend_from_slice(&sum.finish(values_len()).to_le_bytes());
        for vals in classes {
            data.extend_from_slice(vals);
        }
        Some(data)
    }

    /// A table kept as [`Tablebase::to_bytes`] wrote it, probed in `source` on demand.
    /// Its first line and size are checked, and with `verify` its checksum too (the
    /// whole table read once, a second or so): a table that fails is refused, never
    /// used. An older table without a checksum is refused.
    pub fn from_source(
        mut source: impl TableSource + 'static,
        verify: bool,
    ) -> Result<Tablebase, TablebaseError> {
        if read_version(&mut source)? == 1 {
            return Err(TablebaseError::WithoutChecksum);
        }
        if verify {
            source.seek(SeekFrom::Start(MAGIC.len() as u64))?;
            let mut stored = [0u8; 8];
            source.read_exact(&mut stored)?;
            if checksum_of(&mut source, HEADER, values_len())? != u64::from_le_bytes(stored) {
                return Err(TablebaseError::Damaged);
            }
        }
        Ok(Tablebase {
            store: Store::Source(Mutex::new(Box::new(source))),
            offsets: offsets(HEADER),
        })
    }

    /// Reads a whole table into memory (for [`Tablebase::check_mirror`]); an older table
    /// without a checksum is read too, so that it can be checked and written again with
    /// one. Whether it was such an older table.
    pub fn read_whole(mut source: impl TableSource) -> Result<(Tablebase, bool), TablebaseError> {
        let version = read_version(&mut source)?;
        let header = if version == 1 {
            MAGIC_V1.len() as u64
        } else {
            HEADER
        };
        let mut stored = [0u8; 8];
        if version == 2 {
            source.seek(SeekFrom::Start(MAGIC.len() as u64))?;
            source.read_exact(&mut stored)?;
        }
        let offsets = offsets(header);
        source.seek(SeekFrom::Start(header))?;
        let mut sum = Checksum::new();
        let mut classes = Vec::with_capacity(CLASSES);
        for id in 0..CLASSES {
            let mut vals = vec![0u8; Material::of_class(id).size() as usize];
            source.read_exact(&mut vals)?;
            sum.feed(&vals);
            classes.push(vals);
        }
        if version == 2 && sum.finish(values_len()) != u64::from_le_bytes(stored) {
            return Err(TablebaseError::Damaged);
        }
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

    fn byte(&self, class: usize, index: u64) -> Option<u8> {
        match &self.store {
            Store::Memory(classes) => classes[class].get(index as usize).copied(),
            Store::Source(source) => {
                let mut f = source.lock().ok()?;
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
    pub fn probe(&self, pos: &Position) -> Option<TablebaseValue> {
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
        TablebaseValue::decode(self.byte(m.class(), pieces.index())?)
    }

    /// The value of each legal move for the side to move, best first (a quicker win, a
    /// slower loss); empty where [`Tablebase::probe`] knows nothing.
    pub fn rank_moves(&self, pos: &Position) -> Vec<(Move, TablebaseValue)> {
        if self.probe(pos).is_none() {
            return Vec::new();
        }
        let mut moves: Vec<(Move, TablebaseValue)> = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = pos.after(m);
            let v = if child.decided().is_some() {
                TablebaseValue::Win(1)
            } else {
                match self.probe(&child) {
                    Some(v) => TablebaseValue::from_child(v),
                    None => return Vec::new(),
                }
            };
            moves.push((*m, v));
        }
        moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v.rank()));
        moves
    }
}

/// Reads a table's first line and checks its size: the version it was written in (1:
/// without a checksum).
fn read_version(source: &mut dyn TableSource) -> Result<u32, TablebaseError> {
    let len = source.seek(SeekFrom::End(0))?;
    source.seek(SeekFrom::Start(0))?;
    let mut magic = vec![0u8; MAGIC.len()];
    if source.read_exact(&mut magic).is_err() || (magic != MAGIC && magic != MAGIC_V1) {
        return Err(TablebaseError::NotATable);
    }
    let (version, expected) = if magic == MAGIC_V1 {
        (1, MAGIC_V1.len() as u64 + values_len())
    } else {
        (2, HEADER + values_len())
    };
    if len != expected {
        return Err(TablebaseError::WrongSize {
            found: len,
            expected,
        });
    }
    Ok(version)
}

#[cfg(test)]
mod tests;
