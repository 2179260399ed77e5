//! The retrograde solver.
//!
//! Classes are solved from the fewest pieces up, so a capture always leads into a class
//! already solved; a quiet move leads from a class into its swap (the same material seen
//! by the other side), so the two are solved together. The engine's own move generator
//! judges every move: the solver never restates a rule.
//!
//! Values are settled level by level, the level being the number of plies to the end:
//! wins at odd levels, losses at even ones. A position settled as a loss at level d
//! marks its predecessors as wins at d + 1; one settled as a win counts down its
//! predecessors' unrefuted moves, and a predecessor left with none may be a loss. The
//! predecessors are found by taking a move back (a plain step or a chain of canters, the
//! only moves that keep the material), which finds a few positions that are not real
//! predecessors; so a position is confirmed by generating its moves before it is
//! settled, and the marks are only hints.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::index::{bits, shift, tables, Material, Pieces, CLASSES, GOAL, OWN_CASTLE};
use super::value::{TablebaseValue, DRAW_OR_UNKNOWN, UNREACHABLE};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// `cnt` value of a position that can never be lost (it has a drawing capture).
const NEVER_LOST: u8 = u8::MAX;
const WIN_HINT: u8 = 1;
const LOSS_HINT: u8 = 2;
/// Indices handed to a thread at a time.
const CHUNK: usize = 1 << 14;

/// What a solve measured, for the report.
#[derive(Clone, Debug, Default)]
pub struct TablebaseSolveStats {
    pub positions: u64,
    pub reachable: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The longest win found, in plies.
    pub longest: u32,
    pub time: Duration,
}

/// One class of the pair being solved: its settled values and the working state.
struct Work {
    material: Material,
    val: Vec<AtomicU8>,
    /// Moves not yet known to lose (quiet moves; captures are counted at the start).
    cnt: Vec<AtomicU8>,
    hints: Vec<AtomicU8>,
    /// A level known in advance (a win by capture, or a loss all of whose moves are
    /// settled): the encoded value the position takes when that level comes.
    pending: Vec<AtomicU8>,
}

impl Work {
    fn new(material: Material) -> Work {
        let n = material.size() as usize;
        let zeros = |n| (0..n).map(|_| AtomicU8::new(0)).collect::<Vec<_>>();
        Work {
            material,
            val: zeros(n),
            cnt: zeros(n),
            hints: zeros(n),
            pending: zeros(n),
        }
    }
}

/// Values of solved classes, by class id.
pub type Solved = Vec<Vec<u8>>;

/// Solves every class with at most `max_pieces` pieces (8 is the whole game), on
/// `threads` threads; `progress` hears a line per class pair.
pub fn solve(
    max_pieces: u32,
    threads: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> (Solved, TablebaseSolveStats) {
    let start = Instant::now();
    let mut solved: Solved = vec![Vec::new(); CLASSES];
    let mut stats = TablebaseSolveStats::default();
    let mut order: Vec<Material> = (0..CLASSES)
        .map(Material::of_class)
        .filter(|m| m.is_playable() && m.pieces() <= max_pieces)
        .collect();
    order.sort_by_key(|m| (m.pieces(), m.class()));
    for m in order {
        if !solved[m.class()].is_empty() {
            continue;
        }
        let t = Instant::now();
        let pair = if m.swapped() == m {
            vec![m]
        } else {
            vec![m, m.swapped()]
        };
        let works: Vec<Work> = pair.iter().map(|&m| Work::new(m)).collect();
        let ctx = Ctx {
            solved: &solved,
            works: &works,
            threads: threads.max(1),
        };
        ctx.initialise();
        let levels = ctx.settle();
        for w in works {
            let vals: Vec<u8> = w.val.into_iter().map(AtomicU8::into_inner).collect();
            count(&vals, &mut stats);
            solved[w.material.class()] = vals;
        }
        let sizes: u64 = pair.iter().map(|m| m.size()).sum();
        progress(&format!(
            "{} : {} positions, {} levels, {:.1} s",
            pair.iter().map(describe).collect::<Vec<_>>().join(" and "),
            sizes,
            levels,
            t.elapsed().as_secs_f64()
        ));
    }
    stats.time = start.elapsed();
    (solved, stats)
}

fn count(vals: &[u8], stats: &mut TablebaseSolveStats) {
    for &v in vals {
        stats.positions += 1;
        match TablebaseValue::decode(v) {
            None => {}
            Some(value) => {
                stats.reachable += 1;
                match value {
                    TablebaseValue::Win(n) => {
                        stats.wins += 1;
                        stats.longest = stats.longest.max(n);
                    }
                    TablebaseValue::Loss(_) => stats.losses += 1,
                    TablebaseValue::Draw => stats.draws += 1,
                }
            }
        }
    }
}

/// "K3M against K2M": a class's material.
pub fn describe(m: &Material) -> String {
    let side = |k: u32, men: u32| match (k, men) {
        (0, n) => format!("{n}M"),
        (_, 0) => "K".to_string(),
        (_, n) => format!("K{n}M"),
    };
    format!(
        "{} against {}",
        side(m.our_knights, m.our_men),
        side(m.their_knights, m.their_men)
    )
}

struct Ctx<'a> {
    solved: &'a Solved,
    works: &'a [Work],
    threads: usize,
}

impl Ctx<'_> {
    /// Runs `job(work, index)` over every index of the pair, on all threads.
    fn for_all(&self, job: &(dyn Fn(&Work, usize) + Sync)) {
        for w in self.works {
            let next = AtomicUsize::new(0);
            let n = w.val.len();
            std::thread::scope(|s| {
                for _ in 0..self.threads {
                    s.spawn(|| loop {
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= n {
                            break;
                        }
                        for i in from..(from + CHUNK).min(n) {
                            job(w, i);
                        }
                    });
                }
            });
        }
    }

    fn work_of(&self, m: Material) -> &Work {
        self.works
            .iter()
            .find(|w| w.material == m)
            .expect("a quiet move stays in the pair")
    }

    /// The value of the position after a move, for the player who moved: `None` while
    /// it is not settled. `child` has the other side to move.
    fn child_value(&self, child: &Position) -> Option<TablebaseValue> {
        if child.decided().is_some() {
            // In Camette a move that ends the game wins it.
            return Some(TablebaseValue::Win(1));
        }
        self.value_of(&Pieces::of(child))
    }

    /// The value of a move for its mover (see [`Ctx::child_value`]), cheaply for a
    /// quiet move.
    fn move_value(&self, pos: &Position, here: &Pieces, m: &Move) -> Option<TablebaseValue> {
        if m.is_capture() || m.to.0 as u32 == GOAL {
            return self.child_value(&pos.after(m));
        }
        self.value_of(&here.after_quiet(m.from.0 as u32, m.to.0 as u32))
    }

    /// The value, for the other side, of `p` as the other side to move sees it.
    fn value_of(&self, p: &Pieces) -> Option<TablebaseValue> {
        let m = p.material();
        let v = match self.solved[m.class()].get(p.index() as usize) {
            Some(&v) => v,
            None => self.work_of(m).val[p.index() as usize].load(Ordering::Relaxed),
        };
        TablebaseValue::decode(v)
            .filter(|v| *v != TablebaseValue::Draw || !self.solved[m.class()].is_empty())
            .map(TablebaseValue::from_child)
    }

    /// First pass: unreachable indices, and what the captures and goal entries already
    /// decide.
    fn initialise(&self) {
        self.for_all(&|w, i| {
            let p = Pieces::at(w.material, i as u64);
            if !p.is_reachable() {
                w.val[i].store(UNREACHABLE, Ordering::Relaxed);
                return;
            }
            let pos = p.position();
            let mut moves = MoveList::new();
            movegen::generate(&pos, &mut moves);
            if moves.is_empty() {
                // The side to move with no legal move loses.
                w.pending[i].store(TablebaseValue::Loss(0).encode(), Ordering::Relaxed);
                return;
            }
            let mut best_win: Option<u32> = None;
            let mut longest_loss = 0;
            let mut never_lost = false;
            let mut quiet = 0u32;
            for m in moves.iter() {
                if !m.is_capture() && m.to.0 as u32 == GOAL {
                    best_win = Some(1);
                } else if m.is_capture() {
                    let child = pos.after(m);
                    match self
                        .child_value(&child)
                        .expect("captures lead to solved classes")
                    {
                        TablebaseValue::Win(n) => best_win = Some(best_win.map_or(n, |b| b.min(n))),
                        TablebaseValue::Loss(n) => longest_loss = longest_loss.max(n),
                        TablebaseValue::Draw => never_lost = true,
                    }
                } else {
                    quiet += 1;
                }
            }
            if let Some(n) = best_win {
                w.pending[i].store(TablebaseValue::Win(n).encode(), Ordering::Relaxed);
                w.cnt[i].store(NEVER_LOST, Ordering::Relaxed);
            } else if never_lost {
                w.cnt[i].store(NEVER_LOST, Ordering::Relaxed);
            } else if quiet == 0 {
                w.pending[i].store(
                    TablebaseValue::Loss(longest_loss).encode(),
                    Ordering::Relaxed,
                );
            } else {
                w.cnt[i].store(quiet.min(NEVER_LOST as u32 - 1) as u8, Ordering::Relaxed);
            }
        });
    }

    /// Settles level after level; returns the number of levels.
    fn settle(&self) -> u32 {
        let mut quiet_levels = 0;
        let mut level = 0u32;
        loop {
            let settled = AtomicUsize::new(0);
            let future = AtomicUsize::new(0);
            self.for_all(&|w, i| {
                if w.val[i].load(Ordering::Relaxed) != DRAW_OR_UNKNOWN {
                    return;
                }
                let pending = w.pending[i].load(Ordering::Relaxed);
                if pending != 0
                    && TablebaseValue::decode(pending).map(TablebaseValue::plies) > Some(level)
                {
                    future.fetch_add(1, Ordering::Relaxed);
                }
                let hint = if level % 2 == 1 { WIN_HINT } else { LOSS_HINT };
                // Most positions have nothing new: a plain load decides that cheaply.
                if pending == 0 && w.hints[i].load(Ordering::Relaxed) & hint == 0 {
                    return;
                }
                if let Some(v) = self.settles_at(w, i, level) {
                    w.val[i].store(v.encode(), Ordering::Relaxed);
                    settled.fetch_add(1, Ordering::Relaxed);
                    self.mark_predecessors(w, i, v);
                }
            });
            let settled = settled.into_inner();
            quiet_levels = if settled == 0 { quiet_levels + 1 } else { 0 };
            if quiet_levels >= 2 && future.into_inner() == 0 {
                return level;
            }
            level += 1;
            assert!(
                level < TablebaseValue::MAX_PLIES,
                "a Camette value beyond the table's range"
            );
        }
    }

    /// The value position `i` takes at `level`, if it is settled there.
    // Kept out of the scan's loop: its frame is large, and most positions never get here.
    #[inline(never)]
    fn settles_at(&self, w: &Work, i: usize, level: u32) -> Option<TablebaseValue> {
        let pending = w.pending[i].load(Ordering::Relaxed);
        let v = if level % 2 == 1 {
            TablebaseValue::Win(level)
        } else {
            TablebaseValue::Loss(level)
        };
        if pending == v.encode() {
            return Some(v);
        }
        let hint = if level % 2 == 1 { WIN_HINT } else { LOSS_HINT };
        if w.hints[i].fetch_and(!hint, Ordering::Relaxed) & hint == 0 {
            return None;
        }
        let here = Pieces::at(w.material, i as u64);
        let pos = here.position();
        let mut moves = MoveList::new();
        movegen::generate(&pos, &mut moves);
        if level % 2 == 1 {
            // A move into a loss settled at the level before.
            let wins = moves.iter().any(|m| {
                !m.is_capture()
                    && self.move_value(&pos, &here, m) == Some(TablebaseValue::Win(level))
            });
            return wins.then_some(v);
        }
        // Every move settled as a win for the other side: lost, in as many plies as the
        // longest of them allows.
        let mut longest = 0;
        for m in moves.iter() {
            match self.move_value(&pos, &here, m) {
                Some(TablebaseValue::Loss(n)) => longest = longest.max(n),
                _ => return None,
            }
        }
        if longest == level {
            Some(v)
        } else {
            debug_assert!(longest > level, "a loss is settled when its last move is");
            w.pending[i].store(TablebaseValue::Loss(longest).encode(), Ordering::Relaxed);
            None
        }
    }

    /// Tells the positions a quiet move leads here from what was settled.
    #[inline(never)]
    fn mark_predecessors(&self, w: &Work, i: usize, v: TablebaseValue) {
        let here = Pieces::at(w.material, i as u64);
        let before = self.work_of(w.material.swapped());
        for q in quiet_predecessors(&here) {
            let j = q.index() as usize;
            if before.val[j].load(Ordering::Relaxed) != DRAW_OR_UNKNOWN {
                continue;
            }
            match v {
                TablebaseValue::Loss(_) => {
                    before.hints[j].fetch_or(WIN_HINT, Ordering::Relaxed);
                }
                _ => {
                    let left =
                        before.cnt[j].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| {
                            (c != NEVER_LOST).then(|| c.saturating_sub(1))
                        });
                    if matches!(left, Ok(1) | Ok(0)) {
                        before.hints[j].fetch_or(LOSS_HINT, Ordering::Relaxed);
                    }
                }
            }
        }
    }
}

/// Every position (the other side to move) from which a plain move or a chain of
/// canters of theirs could have led here; a few are not legal (a capture was due, or a
/// castle rule forbids the move), which the settling check rules out.
fn quiet_predecessors(here: &Pieces) -> impl Iterator<Item = Pieces> + '_ {
    let occupied = here.occupied();
    let theirs = here.theirs();
    bits(theirs).filter(|&t| t != GOAL).flat_map(move |t| {
        let empty = !occupied & ((1 << 23) - 1);
        let mut from = tables().adjacent[t as usize] & empty;
        // Canter chains back from t over their other pieces.
        let mut seen = 1u32 << t;
        let mut frontier = 1u32 << t;
        while frontier != 0 {
            let s = frontier.trailing_zeros();
            frontier &= frontier - 1;
            for &(mid, land) in &tables().leaps[s as usize] {
                if land as u32 >= 23 || mid as u32 >= 23 {
                    continue;
                }
                let (mid, land) = (mid as u32, land as u32);
                if theirs & !(1 << t) & (1 << mid) != 0
                    && empty & (1 << land) != 0
                    && seen & (1 << land) == 0
                {
                    seen |= 1 << land;
                    frontier |= 1 << land;
                }
            }
        }
        from |= seen & !(1 << t);
        // Nothing of theirs stood in our castle (they would have won).
        from &= !(1 << OWN_CASTLE);
        bits(from).map(move |f| {
            let mut q = *here;
            shift(&mut q.their_knights, &mut q.their_men, t, f);
            q.turned()
        })
    })
}
