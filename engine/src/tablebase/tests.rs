use std::sync::{Arc, OnceLock};

use super::index::{Material, Pieces, CLASSES};
use super::*;
use crate::ai::{Limits, Searcher};

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
    let mut rng = crate::ai::rng::Rng::new(seed);
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
            let r = s.search(&p, &[], Limits::depth(DEPTH), |_| {});
            let found = r.score.plies_to_end();
            match v {
                Value::Win(n) if n <= DEPTH => {
                    decided += 1;
                    assert_eq!(found, Some(n as i32), "{p}: table {v}, search {}", r.score)
                }
                Value::Loss(n) if n < DEPTH => {
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
                        (Some(m), Value::Win(n)) => {
                            assert!(m >= n as i32, "{p}: {v} vs {}", r.score)
                        }
                        (Some(m), Value::Loss(n)) => {
                            assert!(-m <= n as i32 && m <= 0, "{p}: {v} vs {}", r.score)
                        }
                        (Some(_), Value::Draw) => panic!("{p}: table draw, search {}", r.score),
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
            assert_eq!(v, Value::Loss(0));
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
    assert_eq!(table.probe(&p), Some(Value::Win(1)));
    // Black to move, White's man next to Black's castle with Black unable to stop it:
    // Black's lone man on A3 cannot jump it, so Black loses in 2.
    let p = pos("variant=camette turn=black white=MC6 black=MA3");
    assert_eq!(table.probe(&p), Some(Value::Loss(2)));
    // A piece in its own castle without the duty to leave is not a game position.
    let p = pos("variant=camette turn=white white=MC1 black=MA4");
    assert_eq!(table.probe(&p), None);
    // Other variants are not in the table.
    assert_eq!(table.probe(&Position::start(Variant::Camelot)), None);
}

#[test]
fn a_bad_file_is_refused_with_a_reason() {
    let dir = std::env::temp_dir().join(format!("camette-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(TABLEBASE_FILE);
    std::fs::write(&path, b"not a table").unwrap();
    let e = Tablebase::open(&path).err().unwrap().to_string();
    assert!(e.contains("does not start as a table"), "{e}");
    std::fs::write(&path, MAGIC).unwrap();
    let e = Tablebase::open(&path).err().unwrap().to_string();
    assert!(e.contains("bytes where"), "{e}");
    let e = Tablebase::open(&dir.join("missing"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("missing"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
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
        let r = s.search(&p, &[], Limits::depth(3), |i| {
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
            Value::Win(n) => {
                won += 1;
                assert_eq!(r.score.plies_to_end(), Some(n as i32));
                assert_eq!(r.nodes, 0, "a solved win needs no search");
                assert_eq!(r.pv.first(), Some(&best));
            }
            Value::Loss(n) => assert_eq!(r.score.plies_to_end(), Some(-(n as i32))),
            Value::Draw => {
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
        .filter(|p| table.probe(p) == Some(Value::Draw))
        .filter(|p| {
            // Only positions where some move would lose: there the choice matters.
            table.rank_moves(p).iter().any(|&(_, v)| v != Value::Draw)
        })
        .take(5)
        .collect();
    assert!(!drawn.is_empty(), "the sample should hold drawn positions");
    for p in drawn {
        let mut s = Searcher::new(1);
        s.set_tablebase(Some(table.clone()));
        let r = s.search(&p, &[], Limits::depth(4), |i| assert_eq!(i.score.0, 0));
        let chosen = table
            .rank_moves(&p)
            .into_iter()
            .find(|&(m, _)| Some(m) == r.best);
        assert_eq!(chosen.map(|(_, v)| v), Some(Value::Draw), "{p}");
        assert!(r.nodes > 0, "the search chose among the drawing moves");
        assert_eq!(r.score.0, 0);
    }
}

#[test]
fn the_top_levels_play_from_the_table_and_the_others_search() {
    use crate::ai::{Ai, Decision, Level};
    use crate::game::Game;
    let table = small();
    let won = samples(4, 400, 5)
        .into_iter()
        .find(|p| matches!(table.probe(p), Some(Value::Win(n)) if n >= 5))
        .expect("a long win in the sample");
    for name in ["club", "expert", "master"] {
        let mut ai = Ai::new(Level::by_name(name).unwrap(), 1);
        ai.set_tablebase(Some(table.clone()));
        let (decision, result) = ai
            .decide(&Game::from_position(won.clone()), |_| {})
            .unwrap();
        let Decision::Play(m) = decision else {
            panic!("no claim is due")
        };
        if crate::ai::TABLEBASE_LEVELS.iter().any(|l| l.name == name) {
            assert_eq!(result.nodes, 0, "{name} answers from the table");
            assert_eq!(
                table.rank_moves(&won)[0].1,
                Value::from_child(table.probe(&won.after(&m)).unwrap())
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

/// A whole-size table file of zero values (sparse: no disk is used), with a header
/// whose checksum is `sum`.
fn zero_table(path: &Path, sum: u64) {
    use std::io::Write;
    let mut f = File::create(path).unwrap();
    f.write_all(MAGIC).unwrap();
    f.write_all(&sum.to_le_bytes()).unwrap();
    f.set_len(HEADER + values_len()).unwrap();
}

#[test]
fn a_table_is_opened_only_if_its_checksum_matches() {
    let dir = std::env::temp_dir().join(format!("camelot-tablebase-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("zeros.tablebase");
    let mut sum = Checksum::new();
    let zeros = vec![0u8; 8 << 20];
    let mut left = values_len();
    while left > 0 {
        let n = zeros.len().min(left as usize);
        sum.feed(&zeros[..n]);
        left -= n as u64;
    }
    let sum = sum.finish(values_len());
    zero_table(&path, sum);
    assert!(Tablebase::open(&path).is_ok(), "a sound table opens");
    // The right header and size, one value changed: refused, and said why.
    let damaged = dir.join("damaged.tablebase");
    zero_table(&damaged, sum);
    {
        use std::io::{Seek, Write};
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&damaged)
            .unwrap();
        f.seek(SeekFrom::Start(HEADER + values_len() / 2)).unwrap();
        f.write_all(&[3]).unwrap();
    }
    let err = Tablebase::open(&damaged)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("checksum does not match"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
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
