//! A position: the board, whose turn it is, and the counters the rules need.

use crate::board::BoardGeometry;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::piece::{
    code, decode, is_piece, owner_of, BySide, Cell, Piece, Player, Side, BLOCKED, EMPTY,
};
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::variant::{CaptureAllRule, GoalRule, NoMoveRule, Rules, Variant};
use crate::zobrist::keys;

/// Copy-make: positions are small (about 350 bytes) and copied per search node.
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: &'static Rules,
    pub(crate) cells: [Cell; 160],
    pub(crate) occ: [SquareSet; 4],
    pub(crate) turn: Player,
    pub(crate) castle_moves: [u8; 4],
    /// Pieces that must leave the castle they stand in on their owner's next move.
    pub(crate) must_leave: SquareSet,
    pub(crate) quiet: u16,
    /// Tree placements still to make before the first move (River Camelot).
    pub(crate) setup_left: u8,
    pub(crate) trees: SquareSet,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.repeats(o) && self.quiet == o.quiet
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self)
    }
}

impl Position {
    /// A board with no pieces and no trees, White (Red) to move.
    pub(crate) fn empty(variant: Variant) -> Position {
        let rules = variant.rules();
        let mut cells = [BLOCKED; 160];
        for sq in rules.geometry.squares() {
            cells[sq.index()] = if rules.water.contains(sq) {
                BLOCKED
            } else {
                EMPTY
            };
        }
        let mut p = Position {
            rules,
            cells,
            occ: [SquareSet::EMPTY; 4],
            turn: Player(0),
            castle_moves: [0; 4],
            must_leave: SquareSet::EMPTY,
            quiet: 0,
            setup_left: 0,
            trees: SquareSet::EMPTY,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The start of a game; River Camelot starts before its trees are planted.
    pub fn start(variant: Variant) -> Position {
        let mut p = Position::empty(variant);
        for &(owner, kind, sq) in &p.rules.start {
            p.put(sq, Piece { owner, kind });
        }
        if let Some(t) = &p.rules.trees {
            p.setup_left = t.per_player * 2;
        }
        p.hash = p.compute_hash();
        p
    }

    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    pub fn rules(&self) -> &'static Rules {
        self.rules
    }

    pub fn geometry(&self) -> &'static BoardGeometry {
        self.rules.geometry
    }

    pub fn turn(&self) -> Player {
        self.turn
    }

    pub fn quiet(&self) -> u16 {
        self.quiet
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The pieces of a side (both partners' in Grand Cam).
    pub(crate) fn side_pieces(&self, side: Side) -> SquareSet {
        (0..self.rules.players())
            .filter(|&p| Side::from_index(p) == side)
            .fold(SquareSet::EMPTY, |set, p| set.union(self.occ[p]))
    }

    pub fn trees(&self) -> SquareSet {
        self.trees
    }

    pub fn setup_left(&self) -> u8 {
        self.setup_left
    }

    pub fn in_setup(&self) -> bool {
        self.setup_left > 0
    }

    pub fn castle_moves(&self, p: Player) -> u8 {
        self.castle_moves[p.0 as usize]
    }

    pub fn must_leave(&self) -> SquareSet {
        self.must_leave
    }

    /// The mover's pieces that must leave the castle they stand in.
    pub fn must_leave_now(&self) -> SquareSet {
        self.must_leave.intersection(self.occ[self.turn.0 as usize])
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.cells[sq.index()])
    }

    pub fn is_empty_square(&self, sq: Square) -> bool {
        self.cells[sq.index()] == EMPTY
    }

    pub fn pieces_of(&self, p: Player) -> SquareSet {
        self.occ[p.0 as usize]
    }

    pub fn count(&self, p: Player) -> u32 {
        self.occ[p.0 as usize].len()
    }

    pub fn side_count(&self, side: Side) -> u32 {
        (0..self.rules.players())
            .filter(|&p| Side::from_index(p) == side)
            .map(|p| self.occ[p].len())
            .sum()
    }

    /// Puts a piece on a square, replacing what stood there.
    pub(crate) fn put(&mut self, sq: Square, pc: Piece) {
        self.remove(sq);
        let c = code(pc.owner.0, pc.kind);
        self.cells[sq.index()] = c;
        self.occ[pc.owner.0 as usize].insert(sq);
        self.hash ^= keys().piece[c as usize][sq.index()];
    }

    /// Empties a square holding a piece.
    pub(crate) fn remove(&mut self, sq: Square) {
        let c = self.cells[sq.index()];
        if is_piece(c) {
            self.cells[sq.index()] = EMPTY;
            self.occ[owner_of(c) as usize].remove(sq);
            self.hash ^= keys().piece[c as usize][sq.index()];
            if self.must_leave.contains(sq) {
                self.must_leave.remove(sq);
                self.hash ^= keys().must_leave[sq.index()];
            }
        }
    }

    /// Gives the move to a player.
    pub(crate) fn set_turn(&mut self, p: Player) {
        self.hash ^= keys().turn[self.turn.0 as usize] ^ keys().turn[p.0 as usize];
        self.turn = p;
    }

    pub(crate) fn set_tree(&mut self, sq: Square) {
        self.cells[sq.index()] = BLOCKED;
        self.trees.insert(sq);
        self.hash ^= keys().tree[sq.index()];
    }

    pub(crate) fn set_must_leave(&mut self, set: SquareSet) {
        self.must_leave = set;
        self.hash = self.compute_hash();
    }

    pub(crate) fn set_counters(&mut self, castle_moves: [u8; 4], quiet: u16, setup_left: u8) {
        self.castle_moves = castle_moves;
        self.quiet = quiet;
        self.setup_left = setup_left;
        self.hash = self.compute_hash();
    }

    /// "The same position" for repetition: everything but the 50-move count, which the
    /// hash leaves out too.
    pub fn repeats(&self, o: &Position) -> bool {
        self.rules.variant == o.rules.variant
            && self.cells[..] == o.cells[..]
            && self.turn == o.turn
            && self.castle_moves == o.castle_moves
            && self.must_leave == o.must_leave
            && self.setup_left == o.setup_left
    }

    /// The hash recomputed from scratch; equals [`Position::hash`] at all times.
    pub fn compute_hash(&self) -> u64 {
        let k = keys();
        let mut h = k.turn[self.turn.0 as usize] ^ k.setup[self.setup_left.min(7) as usize];
        for p in 0..self.rules.players() {
            for sq in self.occ[p].iter() {
                h ^= k.piece[self.cells[sq.index()] as usize][sq.index()];
            }
            h ^= k.castle_moves[p][self.castle_moves[p].min(3) as usize];
        }
        for sq in self.must_leave.iter() {
            h ^= k.must_leave[sq.index()];
        }
        for sq in self.trees.iter() {
            h ^= k.tree[sq.index()];
        }
        h
    }

    /// Plays a move known to be legal here.
    pub fn play_unchecked(&mut self, m: &Move) {
        let k = keys();
        let me = self.turn.0 as usize;
        match m.kind {
            MoveKind::PlaceTree => {
                self.set_tree(m.to);
                self.hash ^= k.setup[self.setup_left.min(7) as usize];
                self.setup_left -= 1;
                self.hash ^= k.setup[self.setup_left.min(7) as usize];
            }
            MoveKind::Pass => self.quiet = self.quiet.saturating_add(1),
            _ => {
                let c = self.cells[m.from.index()];
                self.remove(m.from);
                for sq in m.captured.iter() {
                    self.remove(sq);
                }
                self.cells[m.to.index()] = c;
                self.occ[me].insert(m.to);
                self.hash ^= k.piece[c as usize][m.to.index()];
                if self.rules.no_entry[me].contains(m.to) {
                    self.must_leave.insert(m.to);
                    self.hash ^= k.must_leave[m.to.index()];
                }
                let goal = self.rules.goal[me];
                let castle_move = m.kind == MoveKind::CastleMove;
                if castle_move {
                    let n = self.castle_moves[me] as usize;
                    self.hash ^= k.castle_moves[me][n.min(3)] ^ k.castle_moves[me][(n + 1).min(3)];
                    self.castle_moves[me] += 1;
                }
                let progress = m.is_capture()
                    || (goal.contains(m.to) && !goal.contains(m.from))
                    || (castle_move && self.rules.castle_move_resets_quiet);
                self.quiet = if progress {
                    0
                } else {
                    self.quiet.saturating_add(1)
                };
            }
        }
        let next = self.rules.next_player(self.turn);
        self.set_turn(next);
    }

    /// The position after a move known to be legal.
    pub fn after(&self, m: &Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// An end decided by the board alone (goal castle, captures, bare pieces); cheap, and
    /// what the generator checks before listing moves.
    pub fn decided(&self) -> Option<Outcome> {
        if self.setup_left > 0 {
            return None;
        }
        let r = self.rules;
        for p in 0..r.players() {
            let inside = self.occ[p].intersection(r.goal[p]).len();
            if inside == 0 {
                continue;
            }
            let side = Side::from_index(p);
            match r.goal_rule {
                GoalRule::WinWith(n) if inside >= n as u32 => {
                    return Some(Outcome::win(side, EndReason::GoalCastle))
                }
                GoalRule::EnteringLoses => {
                    return Some(Outcome::win(side.other(), EndReason::EnteredEnemyCastle))
                }
                _ => {}
            }
        }
        let counts = BySide(Side::BOTH.map(|s| self.side_count(s)));
        for side in Side::BOTH {
            if counts[side] == 0 {
                let other = side.other();
                match r.capture_all {
                    CaptureAllRule::VictimWins => {
                        return Some(Outcome::win(side, EndReason::AllCaptured))
                    }
                    CaptureAllRule::WinWithAtLeast(n) if counts[other] >= n => {
                        return Some(Outcome::win(other, EndReason::AllCaptured))
                    }
                    _ => {}
                }
            }
        }
        if r.bare_draw && counts.0.iter().all(|&c| c <= 1) {
            return Some(Outcome::draw(EndReason::BarePieces));
        }
        None
    }

    /// Whether `side` has the pieces to win by any of the variant's rules. A side that
    /// has not cannot win however play goes on: where a clock runs out against it, the
    /// game is drawn (docs/rules.md, ruling 13).
    pub fn has_winning_material(&self, side: Side) -> bool {
        let r = self.rules;
        if r.goal_rule == GoalRule::EnteringLoses {
            // Anti-Camelot: the other side can always be made to win it for you.
            return true;
        }
        let by_goal = match r.goal_rule {
            GoalRule::WinWith(n) => n as u32,
            GoalRule::EnteringLoses => 0,
        };
        let by_capture = match r.capture_all {
            CaptureAllRule::WinWithAtLeast(n) => n,
            CaptureAllRule::VictimWins => u32::MAX,
        };
        let by_stalemate = match r.no_move {
            NoMoveRule::OtherWinsWithTwo => 2,
            NoMoveRule::StalematedLoses => 1,
            NoMoveRule::Draw | NoMoveRule::StalematedWins | NoMoveRule::Pass => u32::MAX,
        };
        self.side_count(side) >= by_goal.min(by_capture).min(by_stalemate)
    }

    /// The rules' verdict on this position, if the game is over here. Claims (repetition,
    /// 50 moves) need the history and live in [`crate::game::Game`].
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        if self.setup_left > 0 || !self.legal_moves().is_empty() {
            return None;
        }
        Some(self.no_move_outcome())
    }

    /// The verdict when the side to move has no legal move.
    pub(crate) fn no_move_outcome(&self) -> Outcome {
        let me = self.rules.side(self.turn);
        let other = me.other();
        match self.rules.no_move {
            NoMoveRule::OtherWinsWithTwo if self.side_count(other) >= 2 => {
                Outcome::win(other, EndReason::NoLegalMove)
            }
            NoMoveRule::OtherWinsWithTwo | NoMoveRule::Draw => {
                Outcome::draw(EndReason::NoLegalMove)
            }
            NoMoveRule::StalematedWins => Outcome::win(me, EndReason::NoLegalMove),
            NoMoveRule::StalematedLoses => Outcome::win(other, EndReason::NoLegalMove),
            NoMoveRule::Pass => Outcome::draw(EndReason::NobodyCanMove),
        }
    }
}
