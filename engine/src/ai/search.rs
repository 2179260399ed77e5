//! Iterative-deepening alpha-beta (negamax with principal-variation search), with a
//! transposition table, move ordering (hash move, captures by size, killers, history)
//! and a quiescence search over captures and knight's charges.
//!
//! Two-player variants alternate sides every ply, and so do Grand Cam's partnerships
//! (Red, Green, Blue, Yellow), so one negamax serves every variant: a score is always
//! for the team to move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::eval::tables;
use super::eval_cache::EvalCache;
use super::pruning::{
    forked, goal_threat, late_move_reduction, null_move_allowed, null_move_reduction,
    quiet_and_harmless, FUTILITY_MARGIN, NULL_MOVE_MIN_DEPTH,
};
use super::tt::{Bound, MoveEntry, Table};
use crate::movegen::{capture_is_compulsory, generate_tactical, generate_undecided};
use crate::moves::{Move, MoveList};
use crate::outcome::Outcome;
use crate::piece::BySide;
use crate::position::Position;
use crate::tables::{Tablebase, TablebaseValue};
use crate::variant::Variant;

pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses in so many plies.
pub const WIN_BOUND: i32 = WIN - 1_000;
const MAX_PLY: usize = 128;
/// The deepest search a limit may ask for.
pub const MAX_SEARCH_DEPTH: u32 = MAX_PLY as u32 - 8;

/// A root move and its score at one depth.
type ScoredMove = (Move, i32);

/// A search score for the side (team) to move: hundredths of a man, or a win or a loss
/// in so many plies. Prints as the engine protocol writes it: `cp 34`, `win 5`, `loss 5`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SearchScore(pub i32);

impl SearchScore {
    /// No score is further from 0 than this: a win (or loss) on the spot.
    pub const MAX_ABS: i32 = WIN;

    /// Plies to the end if the score is a forced win (positive) or loss (negative).
    pub fn plies_to_end(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }
}

impl std::fmt::Display for SearchScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.plies_to_end() {
            Some(n) if n >= 0 => write!(f, "win {n}"),
            Some(n) => write!(f, "loss {}", -n),
            None => write!(f, "cp {}", self.0),
        }
    }
}
const QSEARCH_MAX: i32 = 12;
/// Stack for a helper thread: searches recurse deeply.
const SEARCH_STACK: usize = 64 << 20;

/// When to stop searching. Any limit reached stops the search; a time limit is used to
/// its end unless the result is forced sooner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl SearchLimits {
    pub fn depth(d: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        }
    }
    pub fn nodes(n: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(n),
            ..SearchLimits::default()
        }
    }
    pub fn time(t: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(t),
            ..SearchLimits::default()
        }
    }
}

/// One of the best root moves with its score and the line that follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLine {
    pub score: SearchScore,
    /// Starts with the root move.
    pub pv: Vec<Move>,
}

/// What the search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub score: SearchScore,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// The best [`Searcher::multipv`] lines, best first (the first is `score` and `pv`).
    pub lines: Vec<SearchLine>,
    /// The scores come from a solved table (Camette), not from a search: exact.
    pub solved: bool,
}

impl SearchInfo {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}

#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub score: SearchScore,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// Every root move with the score it got in the last full iteration (for noisy play).
    pub root_scores: Vec<(Move, i32)>,
    /// The best lines of the last iteration (as many as [`Searcher::multipv`] asks).
    pub lines: Vec<SearchLine>,
}

/// Move list and ordering scores of one ply, allocated once per searcher.
struct PlyBuffers {
    moves: MoveList,
    scores: [i32; 512],
}

pub struct Searcher {
    /// Shared with the helper threads of a search on several cores.
    tt: Arc<Table>,
    /// One buffer per ply, taken out while that ply is searched: no allocation and
    /// little stack per node.
    plies: Vec<Option<Box<PlyBuffers>>>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Evaluations by hash, this thread's own.
    evals: EvalCache,
    nodes: u64,
    stop: Arc<AtomicBool>,
    limits: SearchLimits,
    start: Instant,
    stopped: bool,
    /// Hashes of the positions from the last irreversible move to the current node.
    path: Vec<u64>,
    /// Score every root move exactly (no pruning at the root), for levels that add noise.
    pub exact_root: bool,
    /// How many best root moves get an exact score and a line (multi-PV); 1 is plain
    /// search. Each extra line costs a full-window search of that move.
    pub multipv: usize,
    /// Solved values (Camette): a won or lost root is answered from the table, a drawn
    /// one searched among the drawing moves only.
    tablebase: Option<Arc<Tablebase>>,
    /// Threads searching at once (lazy SMP: helpers search the same root and share the
    /// table); 1 searches alone, reproducibly.
    pub threads: usize,
    /// The depth iterative deepening starts at (helpers start one deeper, so that the
    /// threads spread over two depths).
    first_depth: u32,
    /// The variant of the last search: the hash leaves the variant out (Camelot, the
    /// 1930 rules and Anti-Camelot share a start), so what the table and the evaluation
    /// cache hold is good only for the variant it came from.
    variant: Option<Variant>,
    /// What a draw scores for each side to move in this search: the variant's contempt
    /// against the side at the root, for its opponent.
    draw: BySide<i32>,
    /// `after_null[ply]`: the node at this ply was reached by a null move.
    after_null: [bool; MAX_PLY + 2],
    /// `after_fork[ply]`: the node at this ply is a child of a fork's extension.
    after_fork: [bool; MAX_PLY + 2],
}

/// The threads a search of `asked` threads runs on: at most one a core. More threads
/// than cores only take turns on them, each slower to see a stop (256 threads on two
/// cores took 37 s to answer one) and each with its own tables.
pub fn usable_search_threads(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.clamp(1, cores)
}

impl Default for Searcher {
    fn default() -> Self {
        Self::new(32)
    }
}

impl Searcher {
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Table::new(tt_mb)),
            plies: (0..MAX_PLY + 2)
                .map(|_| {
                    Some(Box::new(PlyBuffers {
                        moves: MoveList::new(),
                        scores: [0; 512],
                    }))
                })
                .collect(),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 160 * 160],
            evals: EvalCache::new(),
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            limits: SearchLimits::default(),
            start: Instant::now(),
            stopped: false,
            path: Vec::new(),
            exact_root: false,
            multipv: 1,
            tablebase: None,
            threads: 1,
            first_depth: 1,
            variant: None,
            draw: BySide([0; 2]),
            after_null: [false; MAX_PLY + 2],
            after_fork: [false; MAX_PLY + 2],
        }
    }

    /// Answers from a solved table where it knows the position (see the field).
    pub fn set_tablebase(&mut self, table: Option<Arc<Tablebase>>) {
        self.tablebase = table;
    }

    /// The flag that stops a running search from another thread.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    pub fn clear(&mut self) {
        self.tt.clear();
        self.evals.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches `pos`, whose game history (positions before it, oldest first) is given
    /// for repetition. Calls `on_info` after each completed depth. With
    /// [`Searcher::threads`] above 1, helper threads search the same position until this
    /// one is done, sharing its table; their nodes count in the result's.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: SearchLimits,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        if self
            .variant
            .replace(pos.variant())
            .is_some_and(|v| v != pos.variant())
        {
            self.clear();
        }
        let helpers = usable_search_threads(self.threads) - 1;
        if helpers == 0 {
            return self.search_alone(pos, history, limits, on_info);
        }
        let done = Arc::new(AtomicBool::new(false));
        std::thread::scope(|scope| {
            let mut running = Vec::new();
            for i in 0..helpers {
                let mut helper = Searcher::new(0);
                helper.tt = self.tt.clone();
                helper.stop = done.clone();
                helper.first_depth = 1 + (i as u32 + 1) % 2;
                let spawned = std::thread::Builder::new()
                    .name(format!("search helper {}", i + 1))
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        helper.search_alone(pos, history, limits, |_| {});
                        helper.nodes
                    });
                // A helper that cannot start leaves the search to the others.
                if let Ok(handle) = spawned {
                    running.push(handle);
                }
            }
            let mut result = self.search_alone(pos, history, limits, on_info);
            done.store(true, Ordering::Relaxed);
            for handle in running {
                result.nodes += handle.join().unwrap_or(0);
            }
            result
        })
    }

    /// [`Searcher::search`] on this thread only.
    fn search_alone(
        &mut self,
        pos: &Position,
        history: &[Position],
        limits: SearchLimits,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.prepare(pos, history, limits);
        let mut root = pos.legal_moves().to_vec();
        let solved = self
            .tablebase
            .as_ref()
            .map(|t| t.rank_moves(pos))
            .unwrap_or_default();
        match solved.first() {
            Some(&(_, TablebaseValue::Draw)) => {
                // Any drawing move holds the draw: let the search choose among them.
                root.retain(|m| {
                    solved
                        .iter()
                        .any(|(s, v)| s == m && *v == TablebaseValue::Draw)
                });
            }
            Some(_) => return self.solved_result(pos, &solved, on_info),
            None => {}
        }
        let drawn = !solved.is_empty();
        let mut on_info = |info: &SearchInfo| {
            if drawn {
                // The table's word stands over the evaluation's.
                let mut info = info.clone();
                info.solved = true;
                info.score = SearchScore(0);
                info.lines.iter_mut().for_each(|l| l.score = SearchScore(0));
                on_info(&info);
            } else {
                on_info(info);
            }
        };
        let mut result = SearchResult {
            best: root.first().copied(),
            score: SearchScore(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
            root_scores: Vec::new(),
            lines: Vec::new(),
        };
        if root.is_empty() || pos.decided().is_some() {
            result.root_scores = root.iter().map(|&m| (m, 0)).collect();
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let mut scores: Vec<(Move, i32)> = root.iter().map(|&m| (m, 0)).collect();
        let multipv = self.multipv.max(1);
        for depth in self.first_depth.min(max_depth)..=max_depth {
            let (best, this_iter) = self.search_root(pos, &root, depth, multipv);
            if self.stopped && this_iter.is_empty() {
                break;
            }
            // A partial iteration still searched the previous best move first, so its
            // best is at least as good as what we had.
            if let Some((m, s)) = best {
                result.best = Some(m);
                result.score = SearchScore(s);
                result.depth = depth;
            }
            if !self.stopped {
                scores = this_iter;
            }
            // Next iteration: best first, then by score.
            let order: Vec<(Move, i32)> = {
                let mut v = scores.clone();
                v.sort_by_key(|&(m, s)| (std::cmp::Reverse(s), Some(m) != result.best));
                v
            };
            root = order.iter().map(|&(m, _)| m).collect();
            if let Some(b) = result.best {
                if let Some(i) = root.iter().position(|&m| m == b) {
                    root[..=i].rotate_right(1);
                }
            }
            result.pv = self.principal_variation(pos, result.best);
            result.lines = self.lines(pos, &result, &order, multipv);
            let info = SearchInfo {
                depth,
                score: result.score,
                nodes: self.nodes,
                time: self.start.elapsed(),
                pv: result.pv.clone(),
                lines: result.lines.clone(),
                solved: false,
            };
            on_info(&info);
            // A time limit is used to its end: the next depth, even if unfinished, has
            // searched the best move first and may find a better one. (Stopping once a
            // third of the time had passed left about a third of it unused: measured
            // against that, using it all was +118 Elo at 200 ms a move.)
            if self.stopped
                || result.score.0.abs() > WIN_BOUND && depth as i32 > WIN - result.score.0.abs()
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.start.elapsed();
        result.root_scores = scores;
        if drawn {
            result.score = SearchScore(0);
            result
                .lines
                .iter_mut()
                .for_each(|l| l.score = SearchScore(0));
        }
        result
    }

    /// Clears what one search leaves for the next and sets the draw's score and the
    /// path of positions that can repeat.
    fn prepare(&mut self, pos: &Position, history: &[Position], limits: SearchLimits) {
        self.nodes = 0;
        self.start = Instant::now();
        self.limits = limits;
        self.stopped = false;
        let contempt = tables(pos.variant()).weights.contempt;
        let root = pos.rules().side(pos.turn());
        self.draw[root] = -contempt;
        self.draw[root.other()] = contempt;
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 8);
        // Positions since the last capture can repeat; older ones cannot.
        let reversible = (pos.quiet() as usize).min(history.len());
        self.path = history[history.len() - reversible..]
            .iter()
            .map(|p| p.hash())
            .collect();
        self.path.push(pos.hash());
    }

    /// One iteration over the root moves, in order: the best move and score, and each
    /// move's score (those searched before time ran out).
    fn search_root(
        &mut self,
        pos: &Position,
        root: &[Move],
        depth: u32,
        multipv: usize,
    ) -> (Option<ScoredMove>, Vec<ScoredMove>) {
        let beta = WIN + 1;
        let mut best: Option<(Move, i32)> = None;
        let mut this_iter: Vec<(Move, i32)> = Vec::with_capacity(root.len());
        let mut failed_high: Option<(Move, i32)> = None;
        for (i, m) in root.iter().enumerate() {
            // The score a move must beat to be among the best `multipv` so far (with
            // one line: the best score so far, plain principal-variation search).
            let floor = multipv_floor(&this_iter, multipv);
            let child = pos.after(m);
            self.path.push(child.hash());
            let score = if i < multipv || self.exact_root {
                let a = if self.exact_root { -WIN - 1 } else { floor };
                -self.negamax(&child, depth as i32 - 1, -beta, -a, 1)
            } else {
                let s = -self.negamax(&child, depth as i32 - 1, -floor - 1, -floor, 1);
                if s > floor && !self.stopped {
                    let full = -self.negamax(&child, depth as i32 - 1, -beta, -floor, 1);
                    if self.stopped && multipv == 1 {
                        // Out of time while re-searching a move that proved better
                        // than the best so far: it is better, by how much unknown.
                        failed_high = Some((*m, s));
                    }
                    full
                } else {
                    s
                }
            };
            self.path.pop();
            if self.stopped {
                if let Some((m, s)) = failed_high {
                    this_iter.push((m, s));
                    best = Some((m, s));
                }
                break;
            }
            this_iter.push((*m, score));
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((*m, score));
            }
        }
        (best, this_iter)
    }

    /// A won or lost root answered from the table: the quickest win (or the longest
    /// defence), its line by the table's best moves, every move scored.
    fn solved_result(
        &mut self,
        pos: &Position,
        ranked: &[(Move, TablebaseValue)],
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let score = |v: TablebaseValue| match v {
            TablebaseValue::Win(n) => WIN - n as i32,
            TablebaseValue::Loss(n) => -(WIN - n as i32),
            TablebaseValue::Draw => 0,
        };
        let table = self.tablebase.clone().expect("a table answered");
        let line = |first: Move| {
            let mut pv = vec![first];
            let mut p = pos.after(&first);
            while pv.len() < 32 {
                match table.rank_moves(&p).first() {
                    Some(&(m, _)) => {
                        pv.push(m);
                        p.play_unchecked(&m);
                    }
                    None => break,
                }
            }
            pv
        };
        let (best, value) = ranked[0];
        let pv = line(best);
        let lines: Vec<SearchLine> = ranked
            .iter()
            .take(self.multipv.max(1))
            .map(|&(m, v)| SearchLine {
                score: SearchScore(score(v)),
                pv: if m == best { pv.clone() } else { line(m) },
            })
            .collect();
        let info = SearchInfo {
            depth: value.plies(),
            score: SearchScore(score(value)),
            nodes: 0,
            time: self.start.elapsed(),
            pv: pv.clone(),
            lines: lines.clone(),
            solved: true,
        };
        on_info(&info);
        SearchResult {
            best: Some(best),
            score: info.score,
            depth: info.depth,
            nodes: 0,
            time: info.time,
            pv,
            root_scores: ranked.iter().map(|&(m, v)| (m, score(v))).collect(),
            lines,
        }
    }

    /// The best line, then the next best root moves of `order` (sorted by score) with
    /// their lines, `multipv` in all.
    fn lines(
        &self,
        pos: &Position,
        result: &SearchResult,
        order: &[(Move, i32)],
        multipv: usize,
    ) -> Vec<SearchLine> {
        let mut lines = vec![SearchLine {
            score: result.score,
            pv: result.pv.clone(),
        }];
        for &(m, s) in order {
            if lines.len() >= multipv {
                break;
            }
            if Some(m) != result.best {
                lines.push(SearchLine {
                    score: SearchScore(s),
                    pv: self.principal_variation(pos, Some(m)),
                });
            }
        }
        lines
    }

    fn principal_variation(&self, pos: &Position, first: Option<Move>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = pos.clone();
        let mut next = first;
        let mut seen = Vec::new();
        while let Some(m) = next {
            if pv.len() >= 32 || seen.contains(&p.hash()) || !p.is_legal(&m) {
                break;
            }
            seen.push(p.hash());
            pv.push(m);
            p.play_unchecked(&m);
            next = self.tt.probe(p.hash()).and_then(|e| e.best);
        }
        pv
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.nodes & 1023 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(t) = self.limits.time {
                if self.start.elapsed() >= t {
                    self.stopped = true;
                }
            }
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
    }

    fn terminal_score(&self, o: Outcome, pos: &Position, ply: i32) -> i32 {
        match o.winner {
            None => self.draw_score(pos),
            Some(t) if t == pos.rules().side(pos.turn()) => WIN - ply,
            Some(_) => -(WIN - ply),
        }
    }

    /// A draw's score for the team to move in `pos` (see [`Searcher::draw`]).
    fn draw_score(&self, pos: &Position) -> i32 {
        self.draw[pos.rules().side(pos.turn())]
    }

    /// The evaluation where quiescence stops, with the draw the 50-move count brings
    /// nearer: a share of the draw's score as large as the share of the count run. With a
    /// contempt, the side that searches prefers the lines that reset the count (a
    /// capture, a castle entry) the longer it runs, instead of waiting out an even
    /// standoff until the rule draws it.
    fn static_score(&mut self, pos: &Position) -> i32 {
        let fifty = pos.rules().fifty_move_plies as i32;
        self.evals.evaluate(pos) + self.draw_score(pos) * (pos.quiet() as i32).min(fifty) / fifty
    }

    /// The node's position (last on the path) stood earlier on the path or in the game.
    /// The hash includes the player to move; a capture makes every earlier position
    /// unequal, so the path need not be cut at captures.
    fn is_repetition(&self, pos: &Position) -> bool {
        self.path.iter().rev().skip(1).any(|&h| h == pos.hash())
    }

    /// What every node does first: count itself, check the limits, and score a game
    /// the board has decided. `Some` ends the node with that score.
    fn enter(&mut self, pos: &Position, ply: i32) -> Option<i32> {
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return Some(0);
        }
        pos.decided().map(|o| self.terminal_score(o, pos, ply))
    }

    fn negamax(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        if let Some(score) = self.enter(pos, ply) {
            return score;
        }
        if self.is_repetition(pos) || pos.quiet() >= pos.rules().fifty_move_plies {
            return self.draw_score(pos);
        }
        let mut depth = depth;
        let mut fork = false;
        if depth <= 0 || ply as usize >= MAX_PLY - 2 {
            if depth == 0 && self.extend_fork(pos, ply) {
                depth = 1;
                fork = true;
            } else {
                // The horizon node was counted when it was entered above: search its
                // captures without entering it a second time.
                return self.qsearch_node(pos, alpha, beta, ply, 0);
            }
        }
        let tt_entry = self.tt.probe(pos.hash());
        if let Some(e) = tt_entry {
            if e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        if let Some(score) = self.null_move(pos, depth, (alpha, beta), ply) {
            return score;
        }
        let mut buf = self.plies[ply as usize]
            .take()
            .expect("each ply's buffer is free");
        self.after_fork[ply as usize + 1] = fork;
        let best = self.negamax_moves(
            pos,
            depth,
            (alpha, beta),
            ply,
            tt_entry.and_then(|e| e.best),
            &mut buf,
        );
        self.after_fork[ply as usize + 1] = false;
        self.plies[ply as usize] = Some(buf);
        best
    }

    /// Null-move pruning: at a null-window node whose evaluation is already at least
    /// beta, let the opponent move twice (a shallower search); if we still hold beta, the
    /// node fails high without searching its moves. Never twice in a row, and only where
    /// [`null_move_allowed`].
    fn null_move(
        &mut self,
        pos: &Position,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: i32,
    ) -> Option<i32> {
        let min_pieces = tables(pos.variant()).weights.null_move_pieces.max(0) as u32;
        if beta - alpha > 1
            || depth < NULL_MOVE_MIN_DEPTH
            || self.after_null[ply as usize]
            || beta.abs() > WIN_BOUND
            || !null_move_allowed(pos, min_pieces)
            || self.static_score(pos) < beta
        {
            return None;
        }
        let null = pos.after(&Move::PASS);
        self.path.push(null.hash());
        self.after_null[ply as usize + 1] = true;
        let reduced = depth - 1 - null_move_reduction(depth);
        let score = -self.negamax(&null, reduced, -beta, -beta + 1, ply + 1);
        self.after_null[ply as usize + 1] = false;
        self.path.pop();
        (score >= beta && !self.stopped).then_some(score.min(WIN_BOUND))
    }

    /// A [`forked`] horizon node is searched one ply deeper, once on a line (a fork
    /// answered by a fork is left to quiescence).
    fn extend_fork(&self, pos: &Position, ply: i32) -> bool {
        !self.after_fork[ply as usize] && ply as usize + 4 < MAX_PLY && forked(pos)
    }

    fn negamax_moves(
        &mut self,
        pos: &Position,
        depth: i32,
        (mut alpha, beta): (i32, i32),
        ply: i32,
        hash_move: Option<Move>,
        buf: &mut PlyBuffers,
    ) -> i32 {
        let PlyBuffers { moves, scores } = buf;
        moves.clear();
        generate_undecided(pos, moves);
        if moves.is_empty() {
            return self.terminal_score(pos.no_move_outcome(), pos, ply);
        }
        // A forced move costs nothing to look past.
        let depth = if moves.len() == 1 { depth + 1 } else { depth };
        self.score_moves(moves, hash_move, ply as usize, scores);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        let pv = beta - alpha0 > 1;
        // The evaluation, asked only where futility pruning may use it.
        let mut futile_below: Option<i32> = None;
        for i in 0..moves.len() {
            pick_next(moves, scores, i);
            let m = *moves.get(i);
            // Cloned and played in place: `pos.after(&m)` compiled here to two copies of
            // the position where one will do.
            let mut child = pos.clone();
            child.play_unchecked(&m);
            let late_quiet = i > 0 && order_score(scores, i) < KILLER_ORDER - 1;
            if depth == 1 && !pv && late_quiet {
                // Futility: a quiet move will not lift this node to alpha.
                let reach =
                    *futile_below.get_or_insert_with(|| self.static_score(pos) + FUTILITY_MARGIN);
                if reach <= alpha && quiet_and_harmless(pos, &m, &child) {
                    best = best.max(reach);
                    continue;
                }
            }
            self.path.push(child.hash());
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let r = late_move_reduction(depth, i, pv);
                let r = if r > 0 && late_quiet && quiet_and_harmless(pos, &m, &child) {
                    r
                } else {
                    0
                };
                let mut s = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                if r > 0 && s > alpha && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture() {
                    let k = &mut self.killers[ply as usize];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    self.history[m.from.index() * 160 + m.to.index()] += depth * depth;
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(MoveEntry {
            key: pos.hash(),
            best: best_move,
            score: to_tt(best, ply),
            depth: depth as i8,
            bound,
        });
        best
    }

    fn qsearch(&mut self, pos: &Position, alpha: i32, beta: i32, ply: i32, qdepth: i32) -> i32 {
        if let Some(score) = self.enter(pos, ply) {
            return score;
        }
        self.qsearch_node(pos, alpha, beta, ply, qdepth)
    }

    /// Quiescence at a node already entered (counted and checked).
    fn qsearch_node(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: i32,
        qdepth: i32,
    ) -> i32 {
        let mut buf = self.plies[ply as usize]
            .take()
            .expect("each ply's buffer is free");
        let best = self.qsearch_moves(pos, alpha, beta, ply, qdepth, &mut buf);
        self.plies[ply as usize] = Some(buf);
        best
    }

    fn qsearch_moves(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        qdepth: i32,
        buf: &mut PlyBuffers,
    ) -> i32 {
        // Never stand pat while a jump is compulsory, or (in the first plies) while the
        // opponent could win at once by entering the goal castle: then every move is
        // searched, as when a jump is compulsory. Otherwise try standing first, before
        // spending time on move generation.
        let mut best = -WIN - 1;
        let may_stand = !capture_is_compulsory(pos);
        let threatened = may_stand
            && qdepth < tables(pos.variant()).weights.goal_threat_plies
            && (ply as usize) < MAX_PLY - 2
            && goal_threat(pos);
        if may_stand && !threatened {
            let stand = self.static_score(pos);
            if stand >= beta || qdepth >= QSEARCH_MAX || ply as usize >= MAX_PLY - 2 {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        let PlyBuffers { moves, scores } = buf;
        moves.clear();
        let complete = if threatened {
            generate_undecided(pos, moves);
            true
        } else {
            generate_tactical(pos, moves, !may_stand)
        };
        if complete && moves.is_empty() {
            return self.terminal_score(pos.no_move_outcome(), pos, ply);
        }
        let forced = threatened || complete && moves.iter().all(|m| m.is_capture());
        if !may_stand && !forced {
            // A forced exit from one's own castle overrode the jump: the moves are
            // quiet after all, so standing is allowed.
            let stand = self.static_score(pos);
            if stand >= beta {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        if !may_stand && (qdepth >= QSEARCH_MAX * 2 || ply as usize >= MAX_PLY - 2) {
            return self.static_score(pos);
        }
        let goal = pos.rules().goal[pos.turn().0 as usize];
        self.score_moves(moves, None, ply as usize, scores);
        for i in 0..moves.len() {
            pick_next(moves, scores, i);
            let m = *moves.get(i);
            let enters_goal = goal.contains(m.to) && !goal.contains(m.from);
            if !forced && !m.is_capture() && !enters_goal {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(&m);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, qdepth + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn score_moves(
        &self,
        moves: &MoveList,
        hash_move: Option<Move>,
        ply: usize,
        scores: &mut [i32; 512],
    ) {
        let [k0, k1] = self.killers[ply];
        let is = |m: &Move, other: Option<Move>| other.is_some_and(|o| o == *m);
        for (i, m) in moves.iter().enumerate().take(512) {
            scores[i] = if is(m, hash_move) {
                1 << 30
            } else if m.is_capture() {
                (1 << 24) + m.capture_count() as i32 * 1000
            } else if is(m, k0) {
                KILLER_ORDER
            } else if is(m, k1) {
                KILLER_ORDER - 1
            } else {
                self.history[m.from.index() * 160 + m.to.index()].min((1 << 21) - 1)
            };
        }
    }
}

/// The ordering score of the first killer move (the second's is one less); history
/// scores stay below both.
const KILLER_ORDER: i32 = 1 << 22;

/// The `multipv`-th best score among the root moves searched so far, or below any score
/// while fewer have been searched.
fn multipv_floor(searched: &[(Move, i32)], multipv: usize) -> i32 {
    if searched.len() < multipv {
        return -WIN - 1;
    }
    if multipv == 1 {
        return searched.iter().map(|&(_, s)| s).max().unwrap_or(-WIN - 1);
    }
    let mut top: Vec<i32> = searched.iter().map(|&(_, s)| s).collect();
    top.sort_unstable_by(|a, b| b.cmp(a));
    top[multipv - 1]
}

/// The ordering score of the `i`-th move. Only the first 512 moves are scored and
/// sorted (a list spills past that only in rare positions, Anti-Camelot's among them);
/// the moves after them count as quiet moves with no history.
fn order_score(scores: &[i32; 512], i: usize) -> i32 {
    scores.get(i).copied().unwrap_or(0)
}

/// Moves the best-scored remaining move to index `i` (selection sort, lazily).
#[inline]
fn pick_next(moves: &mut MoveList, scores: &mut [i32; 512], i: usize) {
    if i >= 512 {
        return;
    }
    let n = moves.len().min(512);
    let mut best = i;
    for j in i + 1..n {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    if best != i {
        moves.swap(i, best);
        scores.swap(i, best);
    }
}

fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}
