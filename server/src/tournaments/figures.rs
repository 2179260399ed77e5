//! How long pairing takes, for the operator's `tournament figures`: a field of players
//! with a history (points, opponents met, colours) paired as an arena's wave and as a
//! Swiss round, timed.

use std::collections::HashSet;
use std::time::Instant;

use crate::tournaments::pairings::{self, Seeker};

/// A field of `n` players five rounds into a Swiss: points from 0 to 5 by halves,
/// ratings spread over 1000 to 2500, each having met the five below it.
fn field(n: usize) -> Vec<Seeker> {
    (0..n)
        .map(|i| Seeker {
            account: format!("p{i:05}"),
            points: ((i * 7) % 11) as f64 / 2.0,
            rating: 1000 + ((i * 37) % 1500) as i32,
            met: (1..=5)
                .map(|d| format!("p{:05}", (i + d) % n))
                .collect::<HashSet<_>>(),
            last_opponent: Some(format!("p{:05}", (i + 1) % n)),
            balance: (i % 3) as i32 - 1,
            last_white: Some(i % 2 == 0),
            had_bye: i % 10 == 0,
        })
        .collect()
}

fn median_ms(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..21)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The medians, in milliseconds, of an arena's wave and of a Swiss round for `n`.
pub fn pairing_times(n: usize) -> (f64, f64) {
    let players = field(n);
    let arena = median_ms(|| {
        std::hint::black_box(pairings::arena(players.clone(), false));
    });
    let swiss = median_ms(|| {
        std::hint::black_box(pairings::swiss(players.clone()));
    });
    (arena, swiss)
}
