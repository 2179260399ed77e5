//! The rules page (`docs/rules.md`) and the 3D game's rules window (`Rules::help_text`)
//! say the same: each variant's part of the page opens with the very words the window
//! gives for how that variant is won, and every ruling the page cites exists.

use camelot_engine::Variant;

const PAGE: &str = include_str!("../../docs/rules.md");

/// Words with every run of white space made one space (the page wraps its lines).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The page's section that opens with the variant's rules (`## N. ...`).
fn section(number: u32) -> &'static str {
    let heading = format!("\n## {number}. ");
    let start = PAGE
        .find(&heading)
        .unwrap_or_else(|| panic!("no section {number}"));
    let rest = &PAGE[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

fn section_of(v: Variant) -> u32 {
    match v {
        Variant::Camelot => 1,
        Variant::Classic => 5,
        Variant::River => 6,
        Variant::Anti => 7,
        Variant::Camette => 8,
        Variant::GrandCam => 9,
    }
}

#[test]
fn each_variant_opens_with_how_to_win_in_the_rules_windows_words() {
    for v in Variant::ALL {
        let rules = v.rules();
        let part = flat(section(section_of(v)));
        let said = part
            .split("**How to win.** ")
            .nth(1)
            .unwrap_or_else(|| panic!("{v}: its part of the page has no \"How to win\""));
        let words = flat(rules.how_to_win);
        assert!(
            said.starts_with(&words),
            "{v}: the page says how to win as\n  {}\nthe rules window as\n  {words}",
            &said[..said.len().min(words.len() + 40)]
        );
        assert!(
            flat(&rules.help_text()).contains(&format!("How to win: {words}")),
            "{v}: the rules window does not open with how to win"
        );
        // How to win comes first: before the part's first picture or table.
        let first_rule = part.find("**How to win.**").unwrap();
        for later in ["![", "| "] {
            if let Some(at) = part.find(later) {
                assert!(first_rule < at, "{v}: \"How to win\" after {later}");
            }
        }
    }
}

/// The ruling numbers a text cites: "(ruling 14)", "rulings 22, 2 and 3", "Ruling 5."
fn cited(text: &str) -> Vec<u32> {
    let lower = flat(text).to_lowercase();
    let mut out = Vec::new();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("ruling") {
        rest = &rest[at + "ruling".len()..];
        let tail = rest.strip_prefix('s').unwrap_or(rest);
        let mut tokens = tail.split_whitespace().peekable();
        while let Some(token) = tokens.next() {
            if !token.starts_with(|c: char| c.is_ascii_digit()) {
                break;
            }
            let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
            out.push(digits.parse().expect("digits"));
            // A list goes on after a comma, or with "and".
            if token.ends_with(',') {
                continue;
            }
            if tokens.peek() == Some(&"and") {
                tokens.next();
                continue;
            }
            break;
        }
    }
    out
}

#[test]
fn every_ruling_is_written_once_and_cited_where_it_applies() {
    let written: Vec<u32> = flat(PAGE)
        .split("**Ruling ")
        .skip(1)
        .map(|r| {
            r.split('.')
                .next()
                .unwrap()
                .parse()
                .expect("a ruling's number")
        })
        .collect();
    let mut numbers = written.clone();
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=27).collect::<Vec<_>>(),
        "rulings 1 to 27, each once"
    );
    for n in cited(PAGE) {
        assert!(numbers.contains(&n), "ruling {n} is cited but not written");
    }
    // Every reading of a text is cited in the rules where it applies; 4, 6 and 13 are
    // the program's conventions, not readings.
    let players = cited(&PAGE[..PAGE.find("## 11. Rulings").unwrap()]);
    for n in numbers.iter().filter(|n| ![4, 6, 13].contains(*n)) {
        assert!(
            players.contains(n),
            "ruling {n} is never cited in the rules"
        );
    }
}

#[test]
fn the_citation_reader_reads_lists() {
    assert_eq!(
        cited("(rulings 22, 2 and 3) and (ruling 14). Rulings 12 and 11."),
        [22, 2, 3, 14, 12, 11]
    );
}

#[test]
fn the_players_part_keeps_programmer_words_out() {
    let players = &PAGE[..PAGE.find("## 11. Rulings").unwrap()];
    for word in ["plies", "perft", "position string", "must_leave", "seat"] {
        assert!(
            !players.to_lowercase().contains(word),
            "the player's part says \"{word}\""
        );
    }
}
