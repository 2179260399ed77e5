//! The rules pages: `/rules` is `docs/rules.md`, the program's one rules text, built into
//! the server and turned into HTML here; `/rules/VARIANT` is the part a player of that
//! game needs (moving, the castles and the ends, and the game's own section). Each of
//! the text's pictures becomes a diagram the page draws with its own board, sharp at any
//! size: the position the picture was taken from, and the piece picked up with the
//! landings clicked so far, so that the landings still open are marked as in play.

use std::fmt::Write;
use std::sync::OnceLock;

use camelot_engine::notation::Record;
use camelot_engine::{Game, NamedMove, Variant};
use camelot_online::protocol::BoardView;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use serde::Serialize;

mod references;

use references::Here;

/// The rules, as the repository keeps them.
const TEXT: &str = include_str!("../../../../docs/rules.md");

/// Where the part of the text for players ends: what follows is the tests' figures.
const PLAYERS_PART_ENDS: &str = "## For developers";

/// How a diagram's position is set up.
enum Setup {
    /// A variant's starting position.
    Start(Variant),
    /// A position kept as a record (`docs/scenes/`).
    Scene(&'static str),
}

/// A picture of the text (`rules/NAME.png`), and what its diagram shows.
struct Picture {
    name: &'static str,
    setup: Setup,
    /// The squares clicked: the piece picked up, then its landings so far.
    picked: &'static [&'static str],
}

/// The pictures, as `scripts/rules-pictures` takes them for the 3D table.
const PICTURES: &[Picture] = &[
    Picture {
        name: "start-camelot",
        setup: Setup::Start(Variant::Camelot),
        picked: &[],
    },
    Picture {
        name: "start-river",
        setup: Setup::Start(Variant::River),
        picked: &[],
    },
    Picture {
        name: "start-camette",
        setup: Setup::Start(Variant::Camette),
        picked: &[],
    },
    Picture {
        name: "start-grandcam",
        setup: Setup::Start(Variant::GrandCam),
        picked: &[],
    },
    Picture {
        name: "canter",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/canter.cgn")),
        picked: &["D4", "D6", "F8"],
    },
    Picture {
        name: "jump",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/jump.cgn")),
        picked: &["E6", "E8"],
    },
    Picture {
        name: "charge",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/charge.cgn")),
        picked: &["C6"],
    },
    Picture {
        name: "castle-move",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/castle.cgn")),
        picked: &["F16"],
    },
    Picture {
        name: "river-trees",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/river-trees.cgn")),
        picked: &[],
    },
    Picture {
        name: "plain",
        setup: Setup::Start(Variant::Camelot),
        picked: &["F7"],
    },
    Picture {
        name: "own-castle",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/own-castle.cgn")),
        picked: &["F3"],
    },
    Picture {
        name: "castle-exit",
        setup: Setup::Scene(include_str!(
            "../../../../docs/scenes/rules/castle-exit.cgn"
        )),
        picked: &["F1"],
    },
    Picture {
        name: "win-castle",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/win-castle.cgn")),
        picked: &["G15"],
    },
    Picture {
        name: "win-capture",
        setup: Setup::Scene(include_str!(
            "../../../../docs/scenes/rules/win-capture.cgn"
        )),
        picked: &["E6"],
    },
    Picture {
        name: "win-no-move",
        setup: Setup::Scene(include_str!(
            "../../../../docs/scenes/rules/win-no-move.cgn"
        )),
        picked: &[],
    },
    Picture {
        name: "draw-bare",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/draw-bare.cgn")),
        picked: &[],
    },
    Picture {
        name: "anti",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/anti.cgn")),
        picked: &["F14"],
    },
    Picture {
        name: "camette",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/camette.cgn")),
        picked: &["B3"],
    },
    Picture {
        name: "grandcam",
        setup: Setup::Scene(include_str!("../../../../docs/scenes/rules/grandcam.cgn")),
        picked: &["E4"],
    },
];

/// What the page needs to draw a diagram: the board, and the moves and squares that
/// mark the landings still open to the piece picked up.
#[derive(Serialize)]
struct Diagram {
    variant: Variant,
    board: BoardView,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    legal: Vec<NamedMove>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    picked: &'static [&'static str],
}

impl Picture {
    fn game(&self) -> Option<Game> {
        match self.setup {
            Setup::Start(v) => Some(Game::new(v)),
            Setup::Scene(text) => Record::import(text).ok().map(|(_, g)| g),
        }
    }

    fn diagram(&self) -> Option<Diagram> {
        let game = self.game()?;
        Some(Diagram {
            variant: game.variant(),
            board: BoardView::of(&game),
            legal: if self.picked.is_empty() {
                Vec::new()
            } else {
                BoardView::legal(&game)
            },
            picked: self.picked,
        })
    }
}

/// The picture a text's image address names: `rules/canter.png` is `canter`.
fn picture(address: &str) -> Option<&'static Picture> {
    let name = address.strip_prefix("rules/")?.strip_suffix(".png")?;
    PICTURES.iter().find(|p| p.name == name)
}

/// The text's sections: the lead (before the first `##`), then each `## ` section whole,
/// up to the tests' figures.
fn sections() -> (String, Vec<String>) {
    let players = TEXT.split(PLAYERS_PART_ENDS).next().unwrap_or(TEXT);
    let mut lead = String::new();
    let mut all: Vec<String> = Vec::new();
    for line in players.lines() {
        if line.starts_with("## ") {
            all.push(String::new());
        }
        let into = match all.last_mut() {
            Some(section) => section,
            None => &mut lead,
        };
        into.push_str(line);
        into.push('\n');
    }
    (lead, all)
}

/// The number a section's heading starts with: `## 8. Camette` is 8.
fn number(section: &str) -> Option<u32> {
    let heading = section.strip_prefix("## ")?;
    heading.split('.').next()?.trim().parse().ok()
}

/// The sections a player of `variant` reads: the game's own section first (it opens
/// with how that game is won), then moving, the castles, how a game ends, and the
/// notation.
fn numbers_for(variant: Variant) -> &'static [u32] {
    match variant {
        Variant::Camelot => &[1, 2, 3, 4, 10],
        Variant::Classic => &[5, 1, 2, 3, 4, 10],
        Variant::River => &[6, 1, 2, 3, 4, 10],
        Variant::Anti => &[7, 1, 2, 3, 4, 10],
        Variant::Camette => &[8, 1, 2, 3, 4, 10],
        Variant::GrandCam => &[9, 1, 2, 3, 4, 10],
    }
}

/// A section without its "How to win" paragraph: on another game's page, Camelot's
/// aims (§1) would contradict the game's own.
fn without_how_to_win(section: &str) -> String {
    section
        .split("\n\n")
        .filter(|paragraph| !paragraph.starts_with("**How to win.**"))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// `/rules`: the whole text. `/rules/VARIANT`: one game's part, its own section first
/// where it changes the board. Built once: the text is the program's own.
pub fn page(variant: Option<Variant>) -> &'static str {
    static PAGES: OnceLock<Vec<(Option<Variant>, String)>> = OnceLock::new();
    let pages = PAGES.get_or_init(|| {
        std::iter::once(None)
            .chain(Variant::ALL.map(Some))
            .map(|v| (v, build(v)))
            .collect()
    });
    pages
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or("", |(_, html)| html.as_str())
}

/// Every numbered section's anchor, and the rulings the text for players writes.
fn targets(all: &[String]) -> (Vec<(u32, String)>, Vec<u32>) {
    let anchors = all
        .iter()
        .filter_map(|s| {
            let heading = s.lines().next()?.strip_prefix("## ")?;
            Some((number(s)?, slug(heading)))
        })
        .collect();
    let rulings = all
        .iter()
        .flat_map(|s| s.split("**").filter_map(references::ruling_number))
        .collect();
    (anchors, rulings)
}

fn build(variant: Option<Variant>) -> String {
    let (lead, all) = sections();
    let (anchors, rulings) = targets(&all);
    let here = Here {
        sections: variant.map(numbers_for),
        anchors: &anchors,
        rulings: &rulings,
    };
    let (title, body) = match variant {
        None => {
            let mut md = lead;
            for s in &all {
                md.push_str(s);
            }
            ("The rules".to_string(), html(&md, &here))
        }
        Some(v) => {
            let mut md = format!(
                "# The rules of {}\n\n{}\n\n",
                v.rules().name,
                v.rules().description
            );
            let numbers = numbers_for(v);
            for n in numbers {
                if let Some(s) = all.iter().find(|s| number(s) == Some(*n)) {
                    if *n == numbers[0] {
                        md.push_str(s);
                    } else {
                        md.push_str(&without_how_to_win(s));
                    }
                    md.push('\n');
                }
            }
            md.push_str(
                "\n*Where the published texts are silent or disagree, the program's \
                 rulings decide: [every ruling](/rules#11-rulings).*\n",
            );
            (format!("The rules of {}", v.rules().name), html(&md, &here))
        }
    };
    let mut nav = String::from("<nav class=\"rules-nav\" aria-label=\"The games\">");
    let _ = write!(nav, "<a href=\"/rules\">All</a>");
    for v in Variant::ALL {
        let _ = write!(
            nav,
            " <a href=\"/rules/{}\"{}>{}</a>",
            v.id(),
            if Some(v) == variant {
                " aria-current=\"page\""
            } else {
                ""
            },
            escape(v.rules().name)
        );
    }
    nav.push_str("</nav>");
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"icon\" type=\"image/png\" href=\"/favicon.ico\">\n\
         <link rel=\"stylesheet\" href=\"/app/style.css\">\n\
         <script type=\"module\" src=\"/app/rules.js\"></script>\n</head>\n<body>\n\
         <header><a class=\"home\" href=\"/\">Camelot</a>\
         <a class=\"site-link\" href=\"/players\">Best players</a>\
         <nav id=\"account\" class=\"account-links\" aria-label=\"Account\"></nav></header>\n\
         <aside id=\"challenges\" class=\"challenges\" aria-label=\"Challenges\" \
         aria-live=\"polite\" hidden></aside>\n<main>\n{nav}\n\
         <article class=\"rules\">\n{body}</article>\n</main>\n</body>\n</html>\n",
        escape(&title)
    )
}

/// The text as HTML: headings with anchors, tables, the pictures as diagrams for the
/// page to draw, and links only to this server's pages (the repository's files are not
/// here), each reference to a section or a ruling a link to it.
fn html(md: &str, here: &Here) -> String {
    let mut events = Vec::new();
    // Inside an image: the picture it names (if the server draws it) and its words.
    let mut image: Option<Option<&'static Picture>> = None;
    let mut alt = String::new();
    let mut heading: Option<(usize, String)> = None;
    let mut dropped_links = 0usize;
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        if let Some(shown) = image {
            match event {
                Event::End(TagEnd::Image) => {
                    let tag = match shown.and_then(Picture::diagram) {
                        Some(d) => format!(
                            "<span class=\"diagram\" role=\"img\" aria-label=\"{}\" \
                             data-diagram=\"{}\"></span>",
                            escape(&alt),
                            escape(&serde_json::to_string(&d).expect("a diagram serialises"))
                        ),
                        None => format!("<span class=\"missing\">{}</span>", escape(&alt)),
                    };
                    events.push(Event::Html(CowStr::from(tag)));
                    image = None;
                }
                Event::Text(t) | Event::Code(t) => alt.push_str(&t),
                Event::SoftBreak | Event::HardBreak => alt.push(' '),
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::Image { dest_url, .. }) => {
                image = Some(picture(&dest_url));
                alt.clear();
            }
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((events.len(), String::new()));
                events.push(Event::Start(Tag::Heading {
                    level,
                    id: None,
                    classes: Vec::new(),
                    attrs: Vec::new(),
                }));
            }
            Event::End(TagEnd::Heading(level)) => {
                // The anchor is the heading's words, known once it ends.
                if let Some((at, text)) = heading.take() {
                    events[at] = Event::Start(Tag::Heading {
                        level,
                        id: Some(CowStr::from(slug(&text))),
                        classes: Vec::new(),
                        attrs: Vec::new(),
                    });
                }
                events.push(Event::End(TagEnd::Heading(level)));
            }
            Event::Text(t) | Event::Code(t) if heading.is_some() => {
                if let Some((_, h)) = heading.as_mut() {
                    h.push_str(&t);
                }
                events.push(Event::Text(t));
            }
            Event::Start(Tag::Link { dest_url, .. })
                if !dest_url.starts_with('/')
                    && !dest_url.starts_with('#')
                    && !dest_url.starts_with("http") =>
            {
                dropped_links += 1;
            }
            Event::End(TagEnd::Link) if dropped_links > 0 => dropped_links -= 1,
            // Raw HTML in the text is shown as text: the page holds only what this builds.
            Event::Html(h) | Event::InlineHtml(h) => events.push(Event::Text(h)),
            other => events.push(other),
        }
    }
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, references::linked(events, here).into_iter());
    out
}

/// A heading's anchor: `11. Rulings` is `11-rulings`.
fn slug(text: &str) -> String {
    let mut s = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    s.trim_end_matches('-').to_string()
}

/// Text for HTML, in an element or an attribute.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every picture the text shows has its diagram, and every diagram's clicks are the
    /// start of a legal move, so that the page marks landings as the 3D table does.
    #[test]
    fn every_picture_of_the_text_is_a_diagram_of_a_real_position() {
        let mut named = 0;
        for line in TEXT.split("](rules/").skip(1) {
            let name = line.split(".png)").next().unwrap();
            let p = picture(&format!("rules/{name}.png"))
                .unwrap_or_else(|| panic!("no diagram for rules/{name}.png"));
            let d = p.diagram().unwrap_or_else(|| panic!("{name}: no position"));
            if !p.picked.is_empty() {
                assert!(
                    d.legal.iter().any(|m| {
                        let path: Vec<String> = m.path.iter().map(|c| c.to_string()).collect();
                        path.len() > p.picked.len() && path[..p.picked.len()] == *p.picked
                    }),
                    "{name}: {:?} starts no legal move",
                    p.picked
                );
            }
            named += 1;
        }
        assert_eq!(
            named,
            PICTURES.len(),
            "a diagram for every picture, no more"
        );
    }

    #[test]
    fn the_whole_page_has_every_section_and_the_variant_pages_their_own() {
        let all = page(None);
        for n in 1..=12 {
            assert!(
                all.contains(&format!("<h2 id=\"{n}-")),
                "section {n} on /rules"
            );
        }
        assert!(!all.contains("Reference figures"));
        assert_eq!(all.matches("class=\"diagram\"").count(), PICTURES.len());
        let camette = page(Some(Variant::Camette));
        assert!(camette.contains("<h1 id=\"the-rules-of-camette\">The rules of Camette</h1>"));
        assert!(camette.contains("<h2 id=\"8-camette\">"));
        assert!(!camette.contains("<h2 id=\"9-grand-cam\">"));
        assert!(camette.contains("href=\"/rules#11-rulings\""));
        assert!(camette.contains("aria-current=\"page\">Camette</a>"));
        // Each game's page says how that game is won, and no other game's aims.
        for v in Variant::ALL {
            let part = page(Some(v));
            assert_eq!(part.matches("How to win.").count(), 1, "{v}");
            let flat = part.split_whitespace().collect::<Vec<_>>().join(" ");
            let first_words = v.rules().how_to_win.split(['\'', ',']).next().unwrap();
            assert!(flat.contains(first_words), "{v}: {first_words}");
        }
        let anti = page(Some(Variant::Anti));
        assert!(!anti.contains("Get two of your pieces into"));
    }

    /// The ids a page gives its elements.
    fn ids(page: &str) -> Vec<&str> {
        page.split(" id=\"")
            .skip(1)
            .filter_map(|r| r.split('"').next())
            .collect()
    }

    /// Every page is for players, and every reference in it lands on a part that exists.
    #[test]
    fn the_pages_hold_no_developers_notes_and_every_reference_lands() {
        let all = page(None);
        let all_ids = ids(all);
        for n in (1..=27).filter(|n| ![4, 6].contains(n)) {
            assert!(
                all_ids.contains(&format!("ruling-{n}").as_str()),
                "ruling {n}"
            );
        }
        assert!(all.contains("<a href=\"#ruling-14\">ruling 14</a>"));
        assert!(all.contains("<a href=\"#11-rulings\">§11</a>"));
        for v in std::iter::once(None).chain(Variant::ALL.map(Some)) {
            let html = page(v);
            for dev in ["scripts/", "scenes/", ".md", "cargo", "perft", "Perft"] {
                assert!(!html.contains(dev), "{v:?}: {dev}");
            }
            let own = ids(html);
            let mut links = 0;
            for href in html
                .split("href=\"")
                .skip(1)
                .filter_map(|r| r.split('"').next())
            {
                if let Some(id) = href.strip_prefix('#') {
                    assert!(own.contains(&id), "{v:?}: {href}");
                    links += 1;
                } else if let Some(id) = href.strip_prefix("/rules#") {
                    assert!(all_ids.contains(&id), "{v:?}: {href}");
                    links += 1;
                }
            }
            assert!(links >= 5, "{v:?}: {links} references");
        }
        // A game's page sends its rulings to the whole text.
        let grand = page(Some(Variant::GrandCam));
        assert!(grand.contains("<a href=\"/rules#ruling-8\">ruling 8</a>"));
        // The games table names each value for a phone.
        assert!(all.contains("<td data-label=\"players\">"));
    }

    #[test]
    fn the_repositorys_links_are_text_and_markup_is_shown_as_text() {
        let here = Here {
            sections: None,
            anchors: &[],
            rulings: &[],
        };
        let out = html(
            "see [the scenes](scenes/rules/) and [the top](#top) <b>x</b>",
            &here,
        );
        assert!(
            out.contains("see the scenes and <a href=\"#top\">the top</a>"),
            "{out}"
        );
        assert!(out.contains("&lt;b&gt;x&lt;/b&gt;"), "{out}");
    }
}
