//! Legal move generation.
//!
//! Each piece is lifted off a scratch copy of the board and its moves are found by
//! search: a breadth-first search over canter landings (canters change nothing, so a
//! canter move is just a reachable square) and a depth-first search over jump sequences
//! (jumps remove pieces, so the board changes along the way). Captures are deduplicated
//! per piece by (end square, captured set), the identity docs/rules.md gives a move.
//!
//! Nothing here allocates unless a list overflows its inline capacity.

use crate::board::{BoardGeometry, NONE};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{is_knight, is_piece, team_of, Cell, Player, Side, EMPTY};
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::variant::{NoMoveRule, Rules};

/// Receives generated moves. `PATHS` asks the generator to report each move's canonical
/// path (every landing square, start first); the hot path leaves it off.
pub trait Sink {
    const PATHS: bool;
    fn push(&mut self, m: Move, path: &[Square]);
}

impl Sink for MoveList {
    const PATHS: bool = false;
    #[inline]
    fn push(&mut self, m: Move, _: &[Square]) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them (perft's bulk counting).
#[derive(Default)]
pub struct CountSink(pub u64);

impl Sink for CountSink {
    const PATHS: bool = false;
    #[inline]
    fn push(&mut self, _: Move, _: &[Square]) {
        self.0 += 1;
    }
}

/// A legal move with its canonical path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathMove {
    pub mv: Move,
    /// Start square, then every landing square.
    pub path: Vec<Square>,
    /// How many leading landings are canters (for a knight's charge).
    pub canters: usize,
}

#[derive(Default)]
pub struct PathSink(pub Vec<PathMove>);

impl Sink for PathSink {
    const PATHS: bool = true;
    fn push(&mut self, mv: Move, path: &[Square]) {
        let canters = match mv.kind {
            MoveKind::Canter => path.len() - 1,
            MoveKind::Charge => path.len() - 1 - mv.captured.len() as usize,
            _ => 0,
        };
        self.0.push(PathMove {
            mv,
            path: path.to_vec(),
            canters,
        });
    }
}

/// The legal moves, asked of the position: the generator is the one place that knows
/// them.
impl Position {
    /// Every legal move, each once.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut list);
        list
    }

    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().iter().any(|x| x == m)
    }
}

/// Generates every legal move of `pos` into `sink`, each exactly once.
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    if pos.setup_left == 0 && pos.decided().is_some() {
        return;
    }
    generate_undecided(pos, sink);
}

/// [`generate`] for a position already known not to be decided (the search checks that
/// first).
pub fn generate_undecided<S: Sink>(pos: &Position, sink: &mut S) {
    if pos.setup_left > 0 {
        generate_trees(pos, sink);
        return;
    }
    let mut gen = Gen::new(pos, pos.turn.0, sink);
    gen.run();
    if gen.emitted == 0 && pos.rules.no_move == NoMoveRule::Pass && someone_else_can_move(pos) {
        sink.push(Move::PASS, &[]);
    }
}

/// The legal moves a quiescence search looks at: all moves when a capture is
/// compulsory (they are all captures then), otherwise only captures (knight's charges)
/// and moves into the goal castle. Returns true if that is every legal move. Like
/// [`generate_undecided`], for a position not decided; `compulsory` is
/// [`capture_is_compulsory`] of `pos`, which the caller has already asked.
pub fn generate_tactical<S: Sink>(pos: &Position, sink: &mut S, compulsory: bool) -> bool {
    if pos.setup_left > 0
        || !pos.must_leave_now().is_empty()
        || pos.rules.no_move == NoMoveRule::Pass
    {
        generate_undecided(pos, sink);
        return true;
    }
    let mut gen = Gen::new(pos, pos.turn.0, sink);
    gen.compulsory = Some(compulsory);
    if compulsory {
        gen.run();
        return true;
    }
    gen.tactical = true;
    gen.run();
    false
}

/// All legal moves with their canonical paths, in generation order.
pub fn legal_moves_with_paths(pos: &Position) -> Vec<PathMove> {
    let mut sink = PathSink::default();
    generate(pos, &mut sink);
    sink.0
}

/// The canonical path of a legal move: the piece's own moves are generated with their
/// paths (a move's path depends only on its piece), the rest of the board is not.
pub fn path_of_legal(pos: &Position, m: &Move) -> Option<PathMove> {
    match m.kind {
        MoveKind::Pass => {
            return Some(PathMove {
                mv: *m,
                path: Vec::new(),
                canters: 0,
            })
        }
        MoveKind::PlaceTree => {
            return Some(PathMove {
                mv: *m,
                path: vec![m.to],
                canters: 0,
            })
        }
        _ => {}
    }
    let mut sink = PathSink::default();
    let mut gen = Gen::new(pos, pos.turn.0, &mut sink);
    if gen.goal.contains(m.from) {
        gen.castle_moves(m.from.0);
    } else {
        gen.piece(m.from.0, false);
    }
    sink.0.into_iter().find(|pm| pm.mv == *m)
}

/// True if any of the mover's pieces (outside its goal castle) can capture by a direct
/// jump now: the capture obligation. Reads the board directly; no generator needed.
pub fn capture_is_compulsory(pos: &Position) -> bool {
    can_jump(pos, pos.turn.0)
}

/// Whether any piece of `player` outside its goal castle can jump now.
pub(crate) fn can_jump(pos: &Position, player: u8) -> bool {
    let me = player as usize;
    let enemies = pos.side_pieces(Side::of(Player(player)).other());
    pos.occ[me]
        .difference(pos.rules.goal[me])
        .iter()
        .any(|sq| !jumps_over(pos, sq, enemies).is_empty())
}

/// How many pieces of `side` an enemy piece (outside its goal castle) could jump now:
/// the pieces left hanging if `side` let the enemy move.
pub(crate) fn jumpable_pieces(pos: &Position, side: Side) -> u32 {
    let r = pos.rules;
    let targets = pos.side_pieces(side);
    let mut hit = SquareSet::EMPTY;
    for p in (0..r.players()).filter(|&p| Side::from_index(p) != side) {
        for sq in pos.occ[p].difference(r.goal[p]).iter() {
            hit = hit.union(jumps_over(pos, sq, targets));
        }
    }
    hit.len()
}

/// The pieces of `targets` the piece on `sq` could jump now (each beside it, with an
/// empty square beyond). Always inlined, so that its first set test, which rules out
/// most pieces, runs in the caller's loop rather than behind a call per piece.
#[inline(always)]
fn jumps_over(pos: &Position, sq: Square, targets: SquareSet) -> SquareSet {
    let geo = pos.rules.geometry;
    let mut jumped = SquareSet::EMPTY;
    // Most pieces have no target beside them: one set test rules them out.
    if geo.around(sq).intersection(targets).is_empty() {
        return jumped;
    }
    for d in 0..8 {
        let over = geo.step(sq.0, d);
        let land = geo.leaps(sq.0)[d];
        if over != NONE
            && targets.contains(Square(over))
            && land != NONE
            && pos.cells[land as usize] == EMPTY
        {
            jumped.insert(Square(over));
        }
    }
    jumped
}

fn someone_else_can_move(pos: &Position) -> bool {
    let players = pos.rules.players() as u8;
    (1..players).any(|i| {
        let p = (pos.turn.0 + i) % players;
        let mut count = CountSink::default();
        Gen::new(pos, p, &mut count).run();
        count.0 > 0
    })
}

fn generate_trees<S: Sink>(pos: &Position, sink: &mut S) {
    let Some(rule) = &pos.rules.trees else { return };
    for sq in rule.side[pos.turn.0 as usize].iter() {
        if pos.cells[sq.index()] == EMPTY && !rule.excluded.contains(sq) {
            sink.push(Move::tree(sq), &[sq]);
        }
    }
}

/// The board facts a canter search needs, split from the generator so that the search
/// can write into the generator's scratch arrays.
#[derive(Clone, Copy)]
struct CanterRules {
    geo: &'static BoardGeometry,
    team: u8,
    goal: SquareSet,
    no_entry: SquareSet,
}

/// Breadth-first search over canter landings from `from` (the piece already lifted).
/// Fills `order` with the squares reached, in order, and `parent` with a shortest route;
/// `allowed` filters which squares may be landed on. Returns how many were reached.
fn canter_bfs(
    b: CanterRules,
    cells: &[Cell; 160],
    from: u8,
    order: &mut [u8; 160],
    parent: &mut [u8; 160],
    allowed: impl Fn(u8) -> bool,
) -> usize {
    let mut seen = SquareSet::EMPTY;
    seen.insert(Square(from));
    order[0] = from;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let c = order[head];
        head += 1;
        if head > 1 && b.goal.contains(Square(c)) {
            continue; // a piece that enters the goal castle stops there
        }
        for (d, &over) in b.geo.steps(c).iter().enumerate() {
            if over == NONE {
                continue;
            }
            let oc = cells[over as usize];
            if !is_piece(oc) || team_of(oc) != b.team {
                continue;
            }
            let land = b.geo.leaps(c)[d];
            if land == NONE || cells[land as usize] != EMPTY {
                continue;
            }
            let l = Square(land);
            if seen.contains(l) || b.no_entry.contains(l) || !allowed(land) {
                continue;
            }
            seen.insert(l);
            parent[land as usize] = c;
            order[tail] = land;
            tail += 1;
        }
    }
    tail
}

/// How many captures of one piece [`Seen`] holds before it spills onto the heap.
const SEEN_INLINE: usize = 16;

/// Capture moves found so far for one piece: (end, captured).
struct Seen {
    /// The end squares recorded: a capture ending anywhere else is new without a scan.
    ends: SquareSet,
    /// The first [`SEEN_INLINE`] pairs, as two arrays: the end squares scan fast, and
    /// the whole is cleared as plain zeroed memory, once per generator.
    tos: [u8; SEEN_INLINE],
    caps: [SquareSet; SEEN_INLINE],
    len: usize,
    spill: Vec<(u8, SquareSet)>,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            ends: SquareSet::EMPTY,
            tos: [0; SEEN_INLINE],
            caps: [SquareSet::EMPTY; SEEN_INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.ends = SquareSet::EMPTY;
        self.len = 0;
        self.spill.clear();
    }

    /// Records the pair; false if it was already there.
    #[inline]
    fn insert(&mut self, to: u8, caps: SquareSet) -> bool {
        if self.ends.contains(Square(to)) {
            let known = (0..self.len).any(|i| self.tos[i] == to && self.caps[i] == caps)
                || self.spill.iter().any(|&(t, c)| t == to && c == caps);
            if known {
                return false;
            }
        }
        self.ends.insert(Square(to));
        if self.len < SEEN_INLINE {
            self.tos[self.len] = to;
            self.caps[self.len] = caps;
            self.len += 1;
        } else {
            self.spill.push((to, caps));
        }
        true
    }
}

const MAX_PATH: usize = 200;

struct Gen<'a, S: Sink> {
    rules: &'static Rules,
    geo: &'static BoardGeometry,
    cells: [Cell; 160],
    pos: &'a Position,
    me: u8,
    team: u8,
    goal: SquareSet,
    no_entry: SquareSet,
    /// The mover's team's pieces and the other team's, as on the board (the generator
    /// lifts and removes pieces only in its scratch copy of the cells).
    friends: SquareSet,
    enemies: SquareSet,
    sink: &'a mut S,
    emitted: usize,
    seen: Seen,
    path: [Square; MAX_PATH],
    path_len: usize,
    from: u8,
    kind: MoveKind,
    /// Only captures and moves into the goal castle (quiescence search).
    tactical: bool,
    /// Whether the mover must capture (a piece outside the goal castle can jump), once
    /// known: the search often knows it before generating.
    compulsory: Option<bool>,
    /// The mover's pieces beside an empty square of its goal castle: a canter can end
    /// in the castle only by leaping one of them (tactical mode, which wants no other
    /// canter of a man, skips the men's canter search without one).
    goal_vaulters: SquareSet,
    /// Breadth-first search scratch, shared by all pieces of one call.
    order: [u8; 160],
    parent: [u8; 160],
    free: [u8; 160],
    free_parent: [u8; 160],
}

impl<'a, S: Sink> Gen<'a, S> {
    fn new(pos: &'a Position, me: u8, sink: &'a mut S) -> Gen<'a, S> {
        let rules = pos.rules;
        Gen {
            rules,
            geo: rules.geometry,
            cells: pos.cells,
            pos,
            me,
            team: me & 1,
            goal: rules.goal[me as usize],
            no_entry: rules.no_entry[me as usize],
            friends: pos.side_pieces(Side::of(Player(me))),
            enemies: pos.side_pieces(Side::of(Player(me)).other()),
            sink,
            emitted: 0,
            seen: Seen::new(),
            path: [Square(0); MAX_PATH],
            path_len: 0,
            from: 0,
            kind: MoveKind::Plain,
            tactical: false,
            compulsory: None,
            goal_vaulters: SquareSet::EMPTY,
            order: [0; 160],
            parent: [0; 160],
            free: [0; 160],
            free_parent: [0; 160],
        }
    }

    #[inline]
    fn enemy(&self, c: Cell) -> bool {
        is_piece(c) && team_of(c) != self.team
    }

    /// Whether a piece on `sq` could jump right now (the board as it stands in scratch).
    #[inline]
    fn can_jump_from(&self, sq: u8) -> bool {
        if self
            .geo
            .around(Square(sq))
            .intersection(self.enemies)
            .is_empty()
        {
            return false;
        }
        let steps = self.geo.steps(sq);
        for (d, &over) in steps.iter().enumerate() {
            if over != NONE && self.enemy(self.cells[over as usize]) {
                let land = self.geo.leaps(sq)[d];
                if land != NONE && self.cells[land as usize] == EMPTY {
                    return true;
                }
            }
        }
        false
    }

    fn any_direct_jump(&mut self) -> bool {
        *self
            .compulsory
            .get_or_insert_with(|| can_jump(self.pos, self.me))
    }

    fn run(&mut self) {
        let mine = self.pos.occ[self.me as usize];
        if self.tactical {
            for g in self.goal.iter() {
                if self.cells[g.index()] == EMPTY {
                    let beside = self.geo.around(g).intersection(mine);
                    self.goal_vaulters = self.goal_vaulters.union(beside);
                }
            }
        }
        let leaving = self.pos.must_leave.intersection(mine);
        if !leaving.is_empty() {
            // The piece that jumped into a castle must come out, jumping if it can: this
            // replaces the capture obligation elsewhere. If it cannot move at all, the
            // turn is played normally.
            let mut must_capture = leaving.iter().any(|s| self.can_jump_from(s.0));
            if !must_capture && self.rules.charge_out_compulsory {
                must_capture = leaving.iter().any(|s| {
                    let mut probe = CountSink::default();
                    let mut g = Gen::new(self.pos, self.me, &mut probe);
                    g.piece(s.0, true);
                    probe.0 > 0
                });
            }
            for s in leaving.iter() {
                self.piece(s.0, must_capture);
            }
            if self.emitted > 0 {
                return;
            }
        }
        let must_capture = self.any_direct_jump();
        for s in mine.iter() {
            if self.goal.contains(s) {
                // A castle move never enters the goal: not tactical.
                if !must_capture && !self.tactical {
                    self.castle_moves(s.0);
                }
            } else {
                self.piece(s.0, must_capture);
            }
        }
    }

    #[inline]
    fn emit(&mut self, to: u8, captured: SquareSet) {
        let m = Move {
            from: Square(self.from),
            to: Square(to),
            kind: self.kind,
            captured,
        };
        self.sink.push(m, &self.path[..self.path_len]);
        self.emitted += 1;
    }

    fn castle_moves(&mut self, from: u8) {
        if self.pos.castle_moves[self.me as usize] >= self.rules.castle_move_limit {
            return;
        }
        for &to in self.geo.steps(from) {
            if to != NONE && self.goal.contains(Square(to)) && self.cells[to as usize] == EMPTY {
                self.from = from;
                self.kind = MoveKind::CastleMove;
                self.set_path(&[Square(from), Square(to)]);
                self.emit(to, SquareSet::EMPTY);
            }
        }
    }

    fn set_path(&mut self, squares: &[Square]) {
        if S::PATHS {
            self.path[..squares.len()].copy_from_slice(squares);
            self.path_len = squares.len();
        }
    }

    /// All moves of the piece on `from`; only captures if `captures_only`.
    fn piece(&mut self, from: u8, captures_only: bool) {
        let code = self.cells[from as usize];
        let knight = is_knight(code);
        self.cells[from as usize] = EMPTY;
        self.from = from;
        self.seen.clear();

        // Jumps first, so that a capture reachable both directly and by a charge is
        // written as the plain jump.
        // No piece can jump when the capture obligation is known not to hold.
        if self.compulsory != Some(false) {
            self.kind = MoveKind::Jump;
            self.set_path(&[Square(from)]);
            self.jumps(from, SquareSet::EMPTY, 0);
        }

        // In tactical mode a step counts only into the goal castle: most pieces have
        // none of its squares beside them.
        let around = self.geo.around(Square(from));
        let step_to = if self.tactical {
            around.intersection(self.goal)
        } else {
            around
        };
        if !captures_only && !step_to.is_empty() {
            self.kind = MoveKind::Plain;
            for &to in self.geo.steps(from) {
                if to != NONE
                    && self.cells[to as usize] == EMPTY
                    && !self.no_entry.contains(Square(to))
                    && (!self.tactical || self.goal.contains(Square(to)))
                {
                    self.set_path(&[Square(from), Square(to)]);
                    self.emit(to, SquareSet::EMPTY);
                }
            }
        }
        // In tactical mode a man's quiet canters matter only near the goal castle, and
        // only if a piece of his own (not himself) stands beside an empty square of it.
        let near_goal = !self.tactical || {
            let mut vaulters = self.goal_vaulters;
            vaulters.remove(Square(from));
            !vaulters.is_empty()
                && self.goal.iter().any(|g| {
                    self.geo
                        .coord(g)
                        .rank
                        .abs_diff(self.geo.coord(Square(from)).rank)
                        <= 6
                })
        };
        // A canter leaps a piece of the mover's own team beside it: with none there, the
        // search would find nothing.
        let beside = around.intersection(self.friends);
        if !beside.is_empty() && (knight || (!captures_only && near_goal)) {
            self.canters(from, knight, captures_only);
        }
        self.cells[from as usize] = code;
    }

    /// Writes the canter route from `from` to `to` into the path (from the restricted
    /// search's parents if `free`).
    fn path_to(&mut self, from: u8, to: u8, free: bool) {
        if !S::PATHS {
            return;
        }
        let parent = if free {
            &self.free_parent
        } else {
            &self.parent
        };
        let mut rev = [0u8; 160];
        let mut n = 0;
        let mut c = to;
        while c != from {
            rev[n] = c;
            n += 1;
            c = parent[c as usize];
        }
        self.path[0] = Square(from);
        for i in 0..n {
            self.path[1 + i] = Square(rev[n - 1 - i]);
        }
        self.path_len = n + 1;
    }

    fn canter_rules(&self) -> CanterRules {
        CanterRules {
            geo: self.geo,
            team: self.team,
            goal: self.goal,
            no_entry: self.no_entry,
        }
    }

    fn canters(&mut self, from: u8, knight: bool, captures_only: bool) {
        let rules = self.canter_rules();
        let reached = canter_bfs(
            rules,
            &self.cells,
            from,
            &mut self.order,
            &mut self.parent,
            |_| true,
        );
        if reached == 1 {
            return;
        }
        // Squares from which a knight could jump: a canter may not stop there, nor pass
        // there unless the move goes on to capture (the charge obligation). Men have no
        // such obligation.
        let mut jumpable = SquareSet::EMPTY;
        if knight {
            for i in 1..reached {
                let c = self.order[i];
                if !self.goal.contains(Square(c)) && self.can_jump_from(c) {
                    jumpable.insert(Square(c));
                }
            }
        }
        if !captures_only {
            self.kind = MoveKind::Canter;
            // Pure canters: every square reached, or for a knight next to a possible
            // jump, those reached without landing on a jumpable square.
            // Tactical mode writes only canters into the goal castle: none reached, none
            // to write, and no need of the second search.
            let to_goal = !self.tactical
                || self.order[1..reached]
                    .iter()
                    .any(|&c| self.goal.contains(Square(c)));
            let (n, free) = if !to_goal {
                (0, false)
            } else if jumpable.is_empty() {
                (reached, false)
            } else {
                let avoid = |s: u8| !jumpable.contains(Square(s));
                (
                    canter_bfs(
                        rules,
                        &self.cells,
                        from,
                        &mut self.free,
                        &mut self.free_parent,
                        avoid,
                    ),
                    true,
                )
            };
            for i in 1..n {
                let to = if free { self.free[i] } else { self.order[i] };
                // In tactical mode a quiet canter counts only if it enters the goal.
                if !self.tactical || self.goal.contains(Square(to)) {
                    self.path_to(from, to, free);
                    self.emit(to, SquareSet::EMPTY);
                }
            }
        }
        for i in 1..reached {
            let c = self.order[i];
            if jumpable.contains(Square(c)) {
                self.kind = MoveKind::Charge;
                self.path_to(from, c, false);
                if !S::PATHS {
                    self.path_len = 1;
                }
                self.jumps(c, SquareSet::EMPTY, 0);
            }
        }
    }

    /// Depth-first search over jump sequences from `at`; `depth` jumps made so far.
    fn jumps(&mut self, at: u8, captured: SquareSet, depth: u32) {
        if depth > 0 {
            let here = Square(at);
            if self.goal.contains(here)
                || (self.rules.own_castle_jump_ends_move && self.no_entry.contains(here))
            {
                self.emit_capture(at, captured);
                return;
            }
        }
        // Most squares have no enemy left beside them: one set test rules them out.
        let victims = self.enemies.difference(captured);
        let beside = self.geo.around(Square(at)).intersection(victims);
        if beside.is_empty() {
            if depth > 0 {
                self.emit_capture(at, captured);
            }
            return;
        }
        let mut extended = false;
        for d in 0..8 {
            let over = self.geo.step(at, d);
            if over == NONE || !beside.contains(Square(over)) {
                continue;
            }
            let land = self.geo.leaps(at)[d];
            if land == NONE || self.cells[land as usize] != EMPTY {
                continue;
            }
            extended = true;
            let victim = self.cells[over as usize];
            self.cells[over as usize] = EMPTY;
            let mut caps = captured;
            caps.insert(Square(over));
            let saved_len = self.path_len;
            if S::PATHS {
                self.path[self.path_len] = Square(land);
                self.path_len += 1;
            }
            self.jumps(land, caps, depth + 1);
            self.path_len = saved_len;
            self.cells[over as usize] = victim;
        }
        if !extended && depth > 0 {
            self.emit_capture(at, captured);
        }
    }

    #[inline]
    fn emit_capture(&mut self, to: u8, captured: SquareSet) {
        if self.seen.insert(to, captured) {
            self.emit(to, captured);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::SeededRng;
    use crate::variant::Variant;

    /// The quiescence generator against the full one, along random games of every
    /// variant: with a jump compulsory it writes every legal move; otherwise exactly the
    /// captures (knight's charges) and the entries into the goal castle, leaving out only
    /// a man's canter into it from more than six ranks away.
    #[test]
    fn the_tactical_moves_are_the_captures_and_goal_entries_of_the_legal_ones() {
        // A man canters into the goal castle over the man beside it; the man beside it
        // steps in.
        let pos: Position = "variant=camelot turn=white white=MF14,MF15,MC3 black=MD10"
            .parse()
            .expect("a valid position");
        let mut tactical = MoveList::new();
        assert!(!generate_tactical(&pos, &mut tactical, false));
        let mut written: Vec<String> = tactical
            .iter()
            .map(|m| crate::move_text::format_wcf(&pos, &path_of_legal(&pos, m).expect("legal")))
            .collect();
        written.sort();
        assert_eq!(written, ["F14-F16", "F15-F16", "F15-G16"]);

        let mut rng = SeededRng::new(5);
        let mut entries = 0;
        let mut checked = 0;
        for v in Variant::ALL {
            for _ in 0..12 {
                let mut pos = Position::start(v);
                for _ in 0..160 {
                    if pos.decided().is_some() {
                        break;
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let compulsory = capture_is_compulsory(&pos);
                    let mut tactical = MoveList::new();
                    let complete = generate_tactical(&pos, &mut tactical, compulsory);
                    let mut got: Vec<Move> = tactical.iter().copied().collect();
                    let goal = pos.rules.goal[pos.turn.0 as usize];
                    let g = pos.rules.geometry;
                    let expected: Vec<Move> = if complete {
                        legal.iter().copied().collect()
                    } else {
                        legal
                            .iter()
                            .filter(|m| {
                                let enters = goal.contains(m.to) && !goal.contains(m.from);
                                let far_man_canter = m.kind == MoveKind::Canter
                                    && !is_knight(pos.cells[m.from.index()])
                                    && goal.iter().all(|s| {
                                        g.coord(s).rank.abs_diff(g.coord(m.from).rank) > 6
                                    });
                                m.is_capture() || enters && !far_man_canter
                            })
                            .copied()
                            .collect()
                    };
                    if !complete {
                        entries += expected.iter().filter(|m| !m.is_capture()).count();
                    }
                    let key = |m: &Move| (m.from, m.to, m.kind as u8, m.captured.0);
                    got.sort_by_key(key);
                    let mut expected = expected;
                    expected.sort_by_key(key);
                    assert_eq!(got, expected, "{pos}");
                    checked += 1;
                    pos.play_unchecked(legal.get(rng.below(legal.len())));
                }
            }
        }
        assert!(
            checked > 5_000 && entries > 20,
            "{checked} positions, {entries} entries"
        );
    }
}
