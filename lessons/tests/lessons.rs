//! The lessons and puzzles, checked against the rules and the search.

use camelot_engine::{MoveKind, Notation, TurnConstraint, Variant};
use camelot_lessons::{parse_lessons, parse_puzzles, Lesson, LessonGoal, Puzzle, PuzzleTheme};

#[test]
fn every_lesson_can_be_done_and_teaches_something() {
    let lessons = Lesson::all();
    assert!(lessons.len() >= 14, "{} lessons", lessons.len());
    for l in &lessons {
        let pos = &l.position;
        assert!(
            pos.outcome().is_none(),
            "{}: the game is already over",
            l.id
        );
        let legal = pos.legal_moves();
        let accepted: Vec<String> = legal
            .iter()
            .filter(|m| l.goal.accepts(pos, m))
            .map(|m| pos.move_text(m, Notation::Wcf).unwrap())
            .collect();
        assert!(
            !accepted.is_empty(),
            "{}: no legal move does what it asks",
            l.id
        );
        // Either some move misses the goal, or the rules themselves force it (the
        // lesson is the constraint: compulsory capture, leaving the castle).
        let forced = pos.constraint().is_some();
        assert!(
            forced || accepted.len() < legal.len(),
            "{}: every legal move passes ({accepted:?})",
            l.id
        );
        if let LessonGoal::Win = l.goal {
            for m in legal.iter().filter(|m| l.goal.accepts(pos, m)) {
                let o = pos.after(m).outcome().unwrap();
                assert_eq!(o.winner, Some(pos.rules().side(pos.turn())), "{}", l.id);
            }
        }
        assert!(!l.text.is_empty() && !l.done.is_empty() && !l.title.is_empty());
    }
}

#[test]
fn the_lessons_cover_every_move_and_every_variant() {
    let lessons = Lesson::all();
    let camelot: Vec<&Lesson> = lessons
        .iter()
        .filter(|l| l.variant() == Variant::Camelot)
        .collect();
    for kind in [
        MoveKind::Plain,
        MoveKind::Canter,
        MoveKind::Jump,
        MoveKind::Charge,
        MoveKind::CastleMove,
    ] {
        assert!(
            camelot.iter().any(|l| l.goal == LessonGoal::Kind(kind)),
            "no Camelot lesson teaches {kind:?}"
        );
    }
    assert!(camelot.iter().any(|l| l.goal == LessonGoal::Win));
    assert!(camelot.iter().any(|l| matches!(
        l.position.constraint(),
        Some(TurnConstraint::MustCapture { .. })
    )));
    assert!(camelot.iter().any(|l| matches!(
        l.position.constraint(),
        Some(TurnConstraint::LeaveCastle { .. })
    )));
    for v in Variant::ALL {
        assert!(
            lessons.iter().any(|l| l.variant() == v),
            "no lesson for {v}"
        );
    }
}

#[test]
fn a_lesson_goal_accepts_exactly_its_moves() {
    let lessons = Lesson::all();
    let anti = lessons.iter().find(|l| l.id == "anti-give-away").unwrap();
    let pos = &anti.position;
    let mut accepted: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| anti.goal.accepts(pos, m))
        .map(|m| pos.move_text(m, Notation::Wcf).unwrap())
        .collect();
    accepted.sort();
    assert_eq!(accepted, ["E6-D7", "E6-E7", "E6-F7"]);
    // Each of them leaves Black a compulsory capture; the others do not.
    for m in pos.legal_moves().iter() {
        let gives = matches!(
            pos.after(m).constraint(),
            Some(TurnConstraint::MustCapture { .. })
        );
        assert_eq!(gives, anti.goal.accepts(pos, m), "{m:?}");
    }
}

#[test]
fn bad_lesson_lists_are_refused_with_the_line() {
    let good = "id: a\ntitle: T\nposition: variant=camette turn=white white=KB6,MB3,MC3 black=MD5,ME4,MA4\ngoal: win\ntext: x\ndone: y\n";
    assert_eq!(parse_lessons(good).unwrap().len(), 1);
    let cases = [
        (good.replace("goal: win", "goal: fly"), "goal 'fly'"),
        (good.replace("goal: win", "goal: moves B6-C9"), "goal:"),
        (
            good.replace("goal: win", "goal: kind hop"),
            "unknown move kind",
        ),
        (good.replace("done: y\n", ""), "no 'done'"),
        (
            good.replace("title: T", "title: T\ntitle: U"),
            "line 3: 'title' given twice",
        ),
        (good.replace("text: x", "txt: x"), "unknown key 'txt'"),
        (good.replace("text: x", "just words"), "is not 'key: value'"),
        (good.replace("white=KB6", "white=KZ9"), "not a square"),
    ];
    for (text, expected) in cases {
        let e = parse_lessons(&text).unwrap_err().to_string();
        assert!(e.contains(expected), "{e:?} should contain {expected:?}");
    }
}

#[test]
fn at_least_thirty_puzzles_each_with_a_single_winning_move() {
    let puzzles = Puzzle::all();
    assert!(puzzles.len() >= 30, "{} puzzles", puzzles.len());
    // Each check is a search of its own: spread them over the cores.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = puzzles.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = puzzles
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|p| p.check().err().map(|e| e.to_string()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
    // The list teaches tactics: leaps, charges and castle entries, not only quiet moves.
    for theme in [
        PuzzleTheme::Leap,
        PuzzleTheme::Charge,
        PuzzleTheme::CastleEntry,
    ] {
        assert!(
            puzzles.iter().any(|p| p.theme == theme),
            "no {} puzzle",
            theme.id()
        );
    }
}

#[test]
fn puzzle_lines_round_trip_and_bad_ones_are_refused() {
    for p in Puzzle::all() {
        assert_eq!(parse_puzzles(&p.line()).unwrap(), std::slice::from_ref(&p));
    }
    let ok = "x\tcastle\tB6-C7\tvariant=camette turn=white white=KB6,MB3,MC3 black=MD5,ME4,MA4";
    assert_eq!(parse_puzzles(ok).unwrap().len(), 1);
    let cases = [
        (
            ok.replace("castle", "leap"),
            "the answer is a castle move, not leap",
        ),
        (ok.replace("castle", "magic"), "unknown theme 'magic'"),
        (ok.replace("B6-C7", "B6-C9"), "answer:"),
        (
            ok.replace("\tB6-C7", ""),
            "should have 4 tab-separated fields, not 3",
        ),
        (format!("{ok}\n{ok}"), "the id is used twice"),
    ];
    for (text, expected) in cases {
        let e = parse_puzzles(&text).unwrap_err().to_string();
        assert!(e.contains(expected), "{e:?} should contain {expected:?}");
    }
}

#[test]
fn a_puzzle_whose_answer_is_not_the_best_fails_its_check() {
    // The Camette lesson's win, with the answer changed to a move that does not win.
    let line = "x\tquiet\tB3-A3\tvariant=camette turn=white white=KB6,MB3,MC3 black=MD5,ME4,MA4";
    let p = parse_puzzles(line).unwrap().remove(0);
    let e = p.check().unwrap_err().to_string();
    assert!(
        e.contains("the search prefers B6-C7 to the answer B3-A3"),
        "{e}"
    );
}
