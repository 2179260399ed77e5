use std::sync::{Arc, OnceLock};

use super::index::{Material, Pieces, CLASSES};
use super::*;
use crate::ai::{SearchLimits, Searcher};

/// Every class of at most four pieces, solved once for all the tests (a few seconds).
fn small() -> Arc<Tablebase> {
    static T: OnceLock<Arc<Tablebase>> = OnceLock::new();
    T.get_or_init(|| Arc::new(Tablebase::solve(4, 2, &|_| {}).0))
        .clone()
}

fn pos(s: &str) -> Position {
    s.parse().expect("a valid position string")
}

/// Random reachable positions of the classes with `pieces` pieces.
fn samples(pieces: u32, n: usize, seed: u64) -> Vec<Position> {
    let classes: Vec<Material> = (0..CLASSES)
        .map(Material::of_class)
        .filter(|m| m.is_playable() && m.pieces() == pieces)
        .collect();
    let mut rng = crate::ai::SeededRng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let m = classes[rng.below(classes.len())];
        let p = Pieces::at(m, rng.next_u64() % m.size());
        if !p.is_reachable() {
            continue;
        }
        let position = if rng.below(2) == 1 {
            // Half of them with Black to move: the same pieces, the board turned over.
            let mut b = p.turned().position();
            b.set_turn(crate::piece::Player(1));
            assert_eq!(Pieces::of(&b), p);
            b
        } else {
            p.position()
        };
        out.push(position);
    }
    out
}

#[test]
fn values_agree_with_a_full_width_search() {
    const DEPTH: u32 = 7;
    let table = small();
    let mut decided = 0;
    for pieces in 2..=4 {
        for p in samples(pieces, 150, pieces as u64) {
            let v = table.probe(&p).expect("a small class is in the table");
            let mut s = Searcher::new(1);
            let r = s.search(&p, &[], SearchLimits::depth(DEPTH), |_| {});
            let found = r.score.plies_to_end();
            match v {
                TablebaseValue::Win(n) if n <= DEPTH => {
                    decided += 1;
                    assert_eq!(found, Some(n as i32), "{p}: table {v}, search {}", r.score)
                }
                TablebaseValue::Loss(n) if n < DEPTH => {
                    decided += 1;
                    assert_eq!(
                        found,
                        Some(-(n as i32)),
                        "{p}: table {v}, search {}",
                        r.score
                    )
                }
                _ => {
                    // Beyond the horizon the search may still prove something, but
                    // never a quicker win or loss than the table's, nor a wrong side.
                    match (found, v) {
                        (None, _) => {}
                        (Some(m), TablebaseValue::Win(n)) => {
                            assert!(m >= n as i32, "{p}: {v} vs {}", r.score)
                        }
                        (Some(m), TablebaseValue::Loss(n)) => {
                            assert!(-m <= n as i32 && m <= 0, "{p}: {v} vs {}", r.score)
                        }
                        (Some(_), TablebaseValue::Draw) => {
                            panic!("{p}: table draw, search {}", r.score)
                        }
                    }
                }
            }
        }
    }
    assert!(
        decided > 100,
        "the sample should hold many short wins and losses: {decided}"
    );
}

#[test]
fn the_best_move_keeps_the_value() {
    let table = small();
    for p in samples(4, 60, 9) {
        let v = table.probe(&p).unwrap();
        let ranked = table.rank_moves(&p);
        if p.legal_moves().is_empty() {
            assert_eq!(v, TablebaseValue::Loss(0));
            continue;
        }
        assert_eq!(ranked[0].1, v, "{p}");
        // Every move is worth at most the position.
        assert!(ranked.iter().all(|&(_, mv)| mv.rank() <= v.rank()));
    }
}

#[test]
fn hand_built_positions() {
    let table = small();
    // White's man on C6 walks into the goal: a win in one.
    let p = pos("variant=camette turn=white white=MC6 black=MA3");
    assert_eq!(table.probe(&p), Some(TablebaseValue::Win(1)));
    // Black to move, White's man next to Black's castle with Black unable to stop it:
    // Black's lone man on A3 cannot jump it, so Black loses in 2.
    let p = pos("variant=camette turn=black white=MC6 black=MA3");
    assert_eq!(table.probe(&p), Some(TablebaseValue::Loss(2)));
    // A piece in its own castle without the duty to leave is not a game position.
    let p = pos("variant=camette turn=white white=MC1 black=MA4");
    assert_eq!(table.probe(&p), None);
    // Other variants are not in the table.
    assert_eq!(table.probe(&Position::start(Variant::Camelot)), None);
}

#[test]
fn a_bad_table_is_refused_with_a_reason() {
    let e = Tablebase::from_source(std::io::Cursor::new(b"not a table".to_vec()), true);
    assert!(matches!(e, Err(TablebaseError::NotATable)));
    let e = Tablebase::from_source(std::io::Cursor::new(MAGIC.to_vec()), true)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("bytes where"), "{e}");
    let e = Tablebase::from_source(std::io::Cursor::new(MAGIC_V1.to_vec()), true);
    assert!(matches!(e, Err(TablebaseError::WrongSize { .. })));
}

#[test]
fn a_searcher_with_the_table_plays_and_scores_from_it() {
    let table = small();
    let (mut won, mut drawn) = (0, 0);
    for p in samples(4, 80, 21) {
        let v = table.probe(&p).unwrap();
        if p.legal_moves().is_empty() {
            continue;
        }
        let mut s = Searcher::new(1);
        s.set_tablebase(Some(table.clone()));
        let mut infos = 0;
        let mut solved = true;
        let r = s.search(&p, &[], SearchLimits::depth(3), |i| {
            infos += 1;
            solved &= i.solved;
        });
        assert!(infos >= 1);
        assert!(solved, "every report says the table answered");
        let best = r.best.expect("a move");
        let best_value = table
            .rank_moves(&p)
            .into_iter()
            .find(|&(m, _)| m == best)
            .map(|(_, v)| v);
        // The move played keeps the position's value: a win stays a win as quick.
        assert_eq!(best_value, Some(v), "{p}");
        match v {
            TablebaseValue::Win(n) => {
                won += 1;
                assert_eq!(r.score.plies_to_end(), Some(n as i32));
                assert_eq!(r.nodes, 0, "a solved win needs no search");
                assert_eq!(r.pv.first(), Some(&best));
            }
            TablebaseValue::Loss(n) => assert_eq!(r.score.plies_to_end(), Some(-(n as i32))),
            TablebaseValue::Draw => {
                drawn += 1;
                assert_eq!(r.score.0, 0, "{p}: the table's draw is the score");
            }
        }
    }
    assert!(won > 10, "{won} wins sampled");
    let _ = drawn;
}

#[test]
fn in_a_drawn_position_the_search_keeps_to_drawing_moves() {
    let table = small();
    let drawn: Vec<Position> = samples(4, 4000, 33)
        .into_iter()
        .filter(|p| table.probe(p) == Some(TablebaseValue::Draw))
        .filter(|p| {
            // Only positions where some move would lose: there the choice matters.
            table
                .rank_moves(p)
                .iter()
                .any(|&(_, v)| v != TablebaseValue::Draw)
        })
        .take(5)
        .collect();
    assert!(!drawn.is_empty(), "the sample should hold drawn positions");
    for p in drawn {
        let mut s = Searcher::new(1);
        s.set_tablebase(Some(table.clone()));
        let r = s.search(&p, &[], SearchLimits::depth(4), |i| {
            assert_eq!(i.score.0, 0)
        });
        let chosen = table
            .rank_moves(&p)
            .into_iter()
            .find(|&(m, _)| Some(m) == r.best);
        assert_eq!(chosen.map(|(_, v)| v), Some(TablebaseValue::Draw), "{p}");
        assert!(r.nodes > 0, "the search chose among the drawing moves");
        assert_eq!(r.score.0, 0);
    }
}

#[test]
fn the_top_levels_play_from_the_table_and_the_others_search() {
    use crate::ai::{Ai, AiDecision, Level};
    use crate::game::Game;
    let table = small();
    let won = samples(4, 400, 5)
        .into_iter()
        .find(|p| matches!(table.probe(p), Some(TablebaseValue::Win(n)) if n >= 5))
        .expect("a long win in the sample");
    for name in ["club", "expert", "master"] {
        let mut ai = Ai::new(Level::by_name(name).unwrap(), 1);
        ai.set_tablebase(Some(table.clone()));
        let (decision, result) = ai
            .decide(&Game::from_position(won.clone()), |_| {})
            .unwrap();
        let AiDecision::Play(m) = decision else {
            panic!("no claim is due")
        };
        if crate::ai::TABLEBASE_LEVELS.iter().any(|l| l.name == name) {
            assert_eq!(result.nodes, 0, "{name} answers from the table");
            assert_eq!(
                table.rank_moves(&won)[0].1,
                TablebaseValue::from_child(table.probe(&won.after(&m)).unwrap())
            );
        } else {
            assert!(result.nodes > 0, "{name} searches");
        }
    }
}

#[test]
fn the_small_table_is_mirror_symmetric() {
    let (checked, wrong) = small().check_mirror();
    assert!(checked > 1_000_000, "{checked}");
    assert_eq!(wrong, 0);
}

/// A whole-size table of zero values with a header whose checksum is `sum`, and one
/// value changed where `poke` says: made up as it is read, so that no test needs the
/// 0.9 GB a real table has.
struct ZeroTable {
    header: Vec<u8>,
    poke: Option<(u64, u8)>,
    at: u64,
}

impl ZeroTable {
    fn new(sum: u64, poke: Option<(u64, u8)>) -> ZeroTable {
        let mut header = MAGIC.to_vec();
        header.extend_from_slice(&sum.to_le_bytes());
        ZeroTable {
            header,
            poke,
            at: 0,
        }
    }

    fn len(&self) -> u64 {
        HEADER + values_len()
    }
}

impl Read for ZeroTable {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf
            .len()
            .min((self.len() - self.at.min(self.len())) as usize);
        for (i, b) in buf[..n].iter_mut().enumerate() {
            let at = self.at + i as u64;
            *b = match self.poke {
                Some((p, v)) if p == at => v,
                _ => self.header.get(at as usize).copied().unwrap_or(0),
            };
        }
        self.at += n as u64;
        Ok(n)
    }
}

impl Seek for ZeroTable {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.at = match to {
            SeekFrom::Start(n) => n,
            SeekFrom::End(d) => (self.len() as i64 + d) as u64,
            SeekFrom::Current(d) => (self.at as i64 + d) as u64,
        };
        Ok(self.at)
    }
}

#[test]
fn a_table_is_opened_only_if_its_checksum_matches() {
    let mut sum = Checksum::new();
    let zeros = vec![0u8; 8 << 20];
    let mut left = values_len();
    while left > 0 {
        let n = zeros.len().min(left as usize);
        sum.feed(&zeros[..n]);
        left -= n as u64;
    }
    let sum = sum.finish(values_len());
    assert!(
        Tablebase::from_source(ZeroTable::new(sum, None), true).is_ok(),
        "a sound table opens"
    );
    // The right header and size, one value changed: refused, and said why.
    let damaged = ZeroTable::new(sum, Some((HEADER + values_len() / 2, 3)));
    let err = Tablebase::from_source(damaged, true)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("checksum does not match"), "{err}");
    // Unverified, a table is only checked for its first line and size.
    let damaged = ZeroTable::new(sum, Some((HEADER + 7, 3)));
    assert!(Tablebase::from_source(damaged, false).is_ok());
}

#[test]
fn the_checksum_sees_every_byte_wherever_the_pieces_split() {
    let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
    let whole = {
        let mut s = Checksum::new();
        s.feed(&data);
        s.finish(data.len() as u64)
    };
    for split in [1, 3, 8, 13, 999] {
        let mut s = Checksum::new();
        s.feed(&data[..split]);
        s.feed(&data[split..]);
        assert_eq!(s.finish(data.len() as u64), whole, "split at {split}");
    }
    let mut changed = data.clone();
    changed[500] ^= 1;
    let mut s = Checksum::new();
    s.feed(&changed);
    assert_ne!(s.finish(changed.len() as u64), whole);
}
