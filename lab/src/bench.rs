//! The search benchmark: a fixed set of positions (every variant, opening to endgame)
//! searched to fixed depths from an empty table. Its total node count is the search's
//! signature: a change that should not alter the search must leave it unchanged, and a
//! change that does alter it states the new one.

use std::time::{Duration, Instant};

use camelot_engine::search::{SearchLimits, Searcher};
use camelot_engine::Position;

/// The positions, as data: `depth name position-string`, one per line.
const POSITIONS: &str = include_str!("bench_positions.txt");

/// The bench's total node count on this search: its signature. A change to the search
/// changes it on purpose, here and in the commit that says so; any other change must
/// leave it as it is (`the_bench_counts_its_signature`).
pub const BENCH_SIGNATURE: u64 = 2_075_868;

/// The table size every bench search starts with (cleared before each position).
const BENCH_TABLE_MB: usize = 16;

/// One benchmark position.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    pub name: String,
    pub depth: u32,
    pub position: Position,
}

/// What one position cost.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub name: String,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
}

/// The benchmark's positions, parsed from the data file.
pub fn bench_positions() -> Vec<BenchPosition> {
    POSITIONS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let depth = parts.next().and_then(|d| d.parse().ok());
            let name = parts.next();
            let position = parts.next().and_then(|p| p.parse::<Position>().ok());
            match (depth, name, position) {
                (Some(depth), Some(name), Some(position)) => BenchPosition {
                    name: name.to_string(),
                    depth,
                    position,
                },
                _ => panic!("bad line in bench_positions.txt: {l}"),
            }
        })
        .collect()
}

/// Searches every benchmark position once, each from an empty table, on this thread.
pub fn run_bench() -> Vec<BenchLine> {
    let mut searcher = Searcher::new(BENCH_TABLE_MB);
    bench_positions()
        .into_iter()
        .map(|b| {
            searcher.clear();
            let start = Instant::now();
            let result = searcher.search(&b.position, &[], SearchLimits::depth(b.depth), |_| {});
            BenchLine {
                name: b.name,
                depth: b.depth,
                nodes: result.nodes,
                time: start.elapsed(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_counts_its_signature() {
        let nodes: u64 = run_bench().iter().map(|l| l.nodes).sum();
        assert_eq!(
            nodes, BENCH_SIGNATURE,
            "the search's tree changed: if on purpose, pin the new signature"
        );
    }
}
