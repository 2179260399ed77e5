//! The rules text's cross references as links, and the anchors they land on: "§11" goes to
//! its section, "(ruling 14)" and "rulings 22, 2 and 3" to each ruling's paragraph. A
//! reference to a part the page shows stays on the page; one to a part it leaves out goes
//! to the whole text at `/rules`. Also the tables' labels, so that a phone can show a
//! table's rows one under another, each value named.

use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};

/// Where references point from one page.
pub struct Here<'a> {
    /// The sections this page shows, by number and anchor; `None`: all of them.
    pub sections: Option<&'a [u32]>,
    /// Every numbered section of the text, with its anchor (`11` → `11-rulings`).
    pub anchors: &'a [(u32, String)],
    /// The rulings the whole page writes (`ruling-N` anchors there).
    pub rulings: &'a [u32],
}

impl Here<'_> {
    /// Where `§n` points, if that section is served.
    fn section(&self, n: u32) -> Option<String> {
        let (_, anchor) = self.anchors.iter().find(|(m, _)| *m == n)?;
        Some(match self.sections {
            Some(shown) if !shown.contains(&n) => format!("/rules#{anchor}"),
            _ => format!("#{anchor}"),
        })
    }

    /// Where "ruling n" points, if the page for players writes it.
    fn ruling(&self, n: u32) -> Option<String> {
        if !self.rulings.contains(&n) {
            return None;
        }
        Some(match self.sections {
            Some(_) => format!("/rules#ruling-{n}"),
            None => format!("#ruling-{n}"),
        })
    }
}

/// The number a ruling's own paragraph opens with: `Ruling 14. The 1930 rules'…` is 14.
pub fn ruling_number(text: &str) -> Option<u32> {
    let rest = text.strip_prefix("Ruling ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if rest[digits.len()..].starts_with('.') {
        digits.parse().ok()
    } else {
        None
    }
}

/// The events with every reference in running text made a link, each ruling's paragraph
/// given its anchor, and every table's body cells labelled with their column's heading.
pub fn linked<'a>(events: Vec<Event<'a>>, here: &Here) -> Vec<Event<'a>> {
    let mut out: Vec<Event<'a>> = Vec::with_capacity(events.len());
    // Text where a link would be wrong: a heading, a link, a ruling's own bold title.
    let mut quiet = 0usize;
    let mut head: Vec<String> = Vec::new();
    let mut in_head = false;
    let mut column = 0usize;
    for event in events {
        match event {
            Event::Start(Tag::Heading { .. } | Tag::Link { .. } | Tag::Strong) => {
                quiet += 1;
                out.push(event);
            }
            Event::End(TagEnd::Heading(_) | TagEnd::Link | TagEnd::Strong) => {
                quiet = quiet.saturating_sub(1);
                out.push(event);
            }
            Event::Start(Tag::TableHead) => {
                head.clear();
                in_head = true;
                out.push(event);
            }
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                out.push(event);
            }
            Event::Start(Tag::TableRow) => {
                column = 0;
                out.push(event);
            }
            Event::Start(Tag::TableCell) if in_head => {
                head.push(String::new());
                out.push(event);
            }
            Event::Start(Tag::TableCell) => {
                let label = head.get(column).map_or("", String::as_str);
                out.push(Event::Html(CowStr::from(format!(
                    "<td data-label=\"{}\">",
                    super::escape(label)
                ))));
            }
            Event::End(TagEnd::TableCell) => {
                column += 1;
                out.push(event);
            }
            Event::Text(ref t) | Event::Code(ref t) if in_head => {
                if let Some(h) = head.last_mut() {
                    h.push_str(t);
                }
                out.push(event);
            }
            Event::Text(t) if quiet == 0 => out.extend(referenced(t.into_string(), here)),
            Event::Text(t) => {
                if let Some(n) = ruling_number(&t) {
                    anchor_paragraph(&mut out, n);
                }
                out.push(Event::Text(t));
            }
            other => out.push(other),
        }
    }
    out
}

/// A ruling's bold title opens its paragraph: that paragraph is the ruling's anchor.
fn anchor_paragraph(out: &mut [Event], n: u32) {
    let len = out.len();
    if len >= 2
        && matches!(out[len - 1], Event::Start(Tag::Strong))
        && matches!(out[len - 2], Event::Start(Tag::Paragraph))
    {
        out[len - 2] = Event::Html(CowStr::from(format!("<p id=\"ruling-{n}\">")));
    }
}

/// One run of text, its references made links.
fn referenced<'a>(text: String, here: &Here) -> Vec<Event<'a>> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text.as_str();
    while !rest.is_empty() {
        if let Some((len, n)) = section_at(rest) {
            if let Some(to) = here.section(n) {
                flush(&mut out, &mut plain);
                link(&mut out, to, &rest[..len]);
                rest = &rest[len..];
                continue;
            }
        }
        if let Some(numbers) = rulings_at(rest) {
            let mut at = 0;
            for (start, end, n) in numbers {
                plain.push_str(&rest[at..start]);
                match here.ruling(n) {
                    Some(to) => {
                        flush(&mut out, &mut plain);
                        link(&mut out, to, &rest[start..end]);
                    }
                    None => plain.push_str(&rest[start..end]),
                }
                at = end;
            }
            rest = &rest[at..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        plain.push(c);
        rest = &rest[c.len_utf8()..];
    }
    flush(&mut out, &mut plain);
    out
}

fn flush<'a>(out: &mut Vec<Event<'a>>, plain: &mut String) {
    if !plain.is_empty() {
        out.push(Event::Text(CowStr::from(std::mem::take(plain))));
    }
}

fn link<'a>(out: &mut Vec<Event<'a>>, to: String, words: &str) {
    out.push(Event::Start(Tag::Link {
        link_type: LinkType::Inline,
        dest_url: CowStr::from(to),
        title: CowStr::from(""),
        id: CowStr::from(""),
    }));
    out.push(Event::Text(CowStr::from(words.to_string())));
    out.push(Event::End(TagEnd::Link));
}

/// `§11` at the start of `text`: its length in bytes and its number.
fn section_at(text: &str) -> Option<(usize, u32)> {
    let rest = text.strip_prefix('§')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let n = digits.parse().ok()?;
    Some(('§'.len_utf8() + digits.len(), n))
}

/// "ruling 14" or "rulings 22, 2 and 3" at the start of `text` (either case): each
/// number's span, the first taking in the word so that a lone reference reads as one
/// link ("ruling 14"), and a list's later numbers linked alone.
fn rulings_at(text: &str) -> Option<Vec<(usize, usize, u32)>> {
    let lower = text.get(..7).map(str::to_ascii_lowercase)?;
    if !lower.starts_with("ruling") {
        return None;
    }
    let word = if lower.starts_with("rulings") { 7 } else { 6 };
    let mut spans = Vec::new();
    let mut at = word;
    loop {
        let gap = text[at..].len() - text[at..].trim_start().len();
        let start = at + gap;
        let digits = text[start..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count();
        if gap == 0 || digits == 0 {
            break;
        }
        let n: u32 = text[start..start + digits].parse().ok()?;
        let from = if spans.is_empty() && word == 6 {
            0
        } else {
            start
        };
        spans.push((from, start + digits, n));
        at = start + digits;
        let after = &text[at..];
        if let Some(more) = after.strip_prefix(',') {
            at += 1;
            if more.trim_start().starts_with("and ") {
                at += more.len() - more.trim_start().len() + 3;
            }
        } else if after.starts_with(" and ") {
            at += 4;
        } else {
            break;
        }
    }
    (!spans.is_empty()).then_some(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchors() -> Vec<(u32, String)> {
        vec![(4, "4-how-a-game-ends".into()), (11, "11-rulings".into())]
    }

    fn text_of(events: &[Event]) -> String {
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, events.iter().cloned());
        html
    }

    #[test]
    fn sections_and_rulings_become_links_to_where_they_are_written() {
        let anchors = anchors();
        let whole = Here {
            sections: None,
            anchors: &anchors,
            rulings: &[2, 3, 14, 22],
        };
        let out = text_of(&referenced(
            "(§4 has every ending; ruling 14) and rulings 22, 2 and 3, §9.".into(),
            &whole,
        ));
        assert_eq!(
            out,
            "(<a href=\"#4-how-a-game-ends\">§4</a> has every ending; \
             <a href=\"#ruling-14\">ruling 14</a>) and rulings \
             <a href=\"#ruling-22\">22</a>, <a href=\"#ruling-2\">2</a> and \
             <a href=\"#ruling-3\">3</a>, §9."
        );
        // A game's page leaves the rulings out: they are on the whole text's page.
        let camette = Here {
            sections: Some(&[4]),
            anchors: &anchors,
            rulings: &[2, 3, 14, 22],
        };
        let out = text_of(&referenced(
            "§4, §11, Ruling 2 and ruling 6".into(),
            &camette,
        ));
        assert_eq!(
            out,
            "<a href=\"#4-how-a-game-ends\">§4</a>, <a href=\"/rules#11-rulings\">§11</a>, \
             <a href=\"/rules#ruling-2\">Ruling 2</a> and ruling 6"
        );
    }

    #[test]
    fn a_list_of_rulings_ends_where_its_numbers_do() {
        assert_eq!(
            rulings_at("rulings 12 and 11.)"),
            Some(vec![(8, 10, 12), (15, 17, 11)])
        );
        assert_eq!(
            rulings_at("rulings 4, 6, and 13 are"),
            Some(vec![(8, 9, 4), (11, 12, 6), (18, 20, 13)])
        );
        assert_eq!(rulings_at("ruling 5)"), Some(vec![(0, 8, 5)]));
        assert_eq!(rulings_at("rulings decide"), None);
        assert_eq!(rulings_at("ruling"), None);
        assert_eq!(ruling_number("Ruling 14. The"), Some(14));
        assert_eq!(ruling_number("Ruling 14 says"), None);
    }
}
