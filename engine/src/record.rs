//! Game records: a PGN-like text of tag pairs and numbered movetext.
//!
//! ```text
//! [Event "WCF match"]
//! [Variant "camelot"]
//! [White "Nolan"]
//! [Black "Chaxx 1.05"]
//! [Result "0-1"]
//!
//! 1. E6-E8 H11-F9 2. H6-F8 F11-H9 0-1
//! ```
//!
//! Import takes scores as the WCF prints them: move numbers (`1.`, `1...`), moves in WCF
//! or numbered notation, annotation glyphs (`!`, `?`, `!?`, `?!`, `!!`, `??`, `$n`),
//! `{comments}`, `;` line comments, `(variations)` (skipped), numbered-notation capture
//! counts such as `(3M, 2K)`, and a closing result. River Camelot's trees are the `Trees`
//! tag, in placement order; a custom start is the `Position` tag (a position string).
//! A byte-order mark and CRLF line ends are read as any editor writes them.
//!
//! Nothing is guessed: a tag given twice, a move after the result, a result that
//! differs from the `Result` tag or is missing where the tag gives one (a record cut
//! short) are errors. Reading is linear in the text, which may be at most
//! [`MAX_RECORD_BYTES`] long.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::excerpt::Excerpt;
use crate::game::{DrawClaim, Game};
use crate::move_text::{Notation, NotationError};
use crate::moves::MoveKind;
use crate::outcome::{EndReason, Outcome};
use crate::piece::Side;
use crate::position::Position;
use crate::position_string::ParsePositionError;
use crate::variant::{ParseVariantError, Variant};

/// The largest record read: a long game's record is a few tens of kilobytes.
pub const MAX_RECORD_BYTES: usize = 4 << 20;
/// The most moves a record may hold.
pub const MAX_RECORD_MOVES: usize = 20_000;
/// The most tag pairs a record may hold.
pub const MAX_RECORD_TAGS: usize = 200;

/// One move of a record, as text, with its annotations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    pub text: String,
    pub glyph: Option<String>,
    pub comment: Option<String>,
}

/// A record as read or to be written: tags, moves and result, not yet replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub preamble: Option<String>,
    pub moves: Vec<RecordedMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// A record that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Longer than [`MAX_RECORD_BYTES`].
    TooLarge {
        bytes: usize,
    },
    /// More than [`MAX_RECORD_MOVES`] moves or [`MAX_RECORD_TAGS`] tags.
    TooMany {
        what: &'static str,
        max: usize,
    },
    /// The text is not a record.
    Syntax {
        line: usize,
        kind: RecordSyntaxError,
    },
    DuplicateTag(Excerpt),
    Variant(ParseVariantError),
    PositionTag(ParsePositionError),
    /// The `Position` tag is of another variant than the `Variant` tag.
    PositionVariant {
        tag: Variant,
        position: Variant,
    },
    /// A tree of the `Trees` tag that cannot be planted.
    Tree {
        number: usize,
        error: NotationError,
    },
    /// A move that is not legal: its move number, the seat, and why.
    IllegalMove {
        number: usize,
        player: &'static str,
        error: NotationError,
    },
    /// The movetext ends in another result than the `Result` tag's.
    ResultMismatch {
        tag: Excerpt,
        movetext: Excerpt,
    },
    /// The `Result` tag gives a result but the movetext does not end with it: the
    /// record was cut short.
    Truncated {
        tag: Excerpt,
    },
}

/// Why a record's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordSyntaxError {
    UnclosedComment,
    UnclosedVariation,
    VariationTooLong,
    Unexpected(char),
    TagAfterMoves(Excerpt),
    TagWithoutName,
    TagWithoutValue(Excerpt),
    TagQuoteNotClosed(Excerpt),
    TagNotClosed(Excerpt),
    /// A move or tag after the result that ends the movetext.
    AfterResult(Excerpt),
    /// A second capture count after one move.
    TwoCaptureCounts(Excerpt),
}

impl fmt::Display for RecordSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordSyntaxError::*;
        match self {
            UnclosedComment => f.write_str("a '{' comment is not closed"),
            UnclosedVariation => f.write_str("a '(' is not closed"),
            VariationTooLong => f.write_str("a variation is too long"),
            Unexpected(c) => write!(f, "unexpected '{}'", c.escape_default()),
            TagAfterMoves(k) => write!(f, "tag [{k}] after the moves"),
            TagWithoutName => f.write_str("a tag needs a name, as [Variant \"camelot\"]"),
            TagWithoutValue(k) => write!(f, "tag [{k}] needs a quoted value"),
            TagQuoteNotClosed(k) => write!(f, "tag [{k}]: the value's quote is not closed"),
            TagNotClosed(k) => write!(f, "tag [{k}] is not closed by ']'"),
            AfterResult(w) => write!(f, "'{w}' after the result, which ends the moves"),
            TwoCaptureCounts(m) => write!(f, "{m}: two capture counts for one move"),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordError::*;
        match self {
            TooLarge { bytes } => write!(
                f,
                "{bytes} bytes is too large for a game record (at most {MAX_RECORD_BYTES})"
            ),
            TooMany { what, max } => write!(f, "more than {max} {what} in one record"),
            Syntax { line, kind } => write!(f, "line {line}: {kind}"),
            DuplicateTag(k) => write!(f, "tag [{k}] is given twice"),
            Variant(e) => write!(f, "Variant tag: {e}"),
            PositionTag(e) => write!(f, "Position tag: {e}"),
            PositionVariant { tag, position } => write!(
                f,
                "the Position tag is {position} but the Variant tag is {tag}"
            ),
            Tree { number, error } => write!(f, "Trees tag, tree {number}: {error}"),
            IllegalMove {
                number,
                player,
                error,
            } => write!(f, "move {number} ({player}) {error}"),
            ResultMismatch { tag, movetext } => write!(
                f,
                "the moves end in {movetext} but the Result tag says {tag}"
            ),
            Truncated { tag } => write!(
                f,
                "the Result tag says {tag} but the moves do not end with a result: is the record cut short?"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    pub fn variant(&self) -> Result<Variant, RecordError> {
        match self.tag("Variant") {
            None => Ok(Variant::Camelot),
            Some(v) => v.parse().map_err(RecordError::Variant),
        }
    }

    /// Reads the text of a record (syntax only; see [`Record::replay`]).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge { bytes: text.len() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut rec = Record {
            result: "*".into(),
            ..Record::default()
        };
        let mut lexer = Lexer {
            chars: text.char_indices().peekable(),
            text,
            line: 1,
        };
        let mut pending_comment: Option<String> = None;
        // The result token that ended the movetext, if one did.
        let mut ended: Option<&'static str> = None;
        while let Some(tok) = lexer.next_token()? {
            let after_result =
                |w: &str| lexer.syntax(RecordSyntaxError::AfterResult(Excerpt::new(w)));
            match tok {
                Token::Tag(k, _) if ended.is_some() => return after_result(&format!("[{k}]")),
                Token::Tag(k, v) => {
                    if !rec.moves.is_empty() {
                        return lexer.syntax(RecordSyntaxError::TagAfterMoves(Excerpt::new(&k)));
                    }
                    if rec.tag(&k).is_some() {
                        return Err(RecordError::DuplicateTag(Excerpt::new(&k)));
                    }
                    if rec.tags.len() >= MAX_RECORD_TAGS {
                        return Err(RecordError::TooMany {
                            what: "tags",
                            max: MAX_RECORD_TAGS,
                        });
                    }
                    rec.tags.push((k, printable(&v, false)));
                }
                Token::Comment(c) => {
                    let c = printable(&c, true);
                    match rec.moves.last_mut() {
                        Some(m) => append(&mut m.comment, &c),
                        None => append(&mut pending_comment, &c),
                    }
                }
                Token::Group(g) => {
                    // `(3M, 2K)` after a numbered-notation move is its capture count;
                    // anything else in brackets is a variation, which we skip.
                    if is_capture_count(&g) {
                        if let Some(m) = rec.moves.last_mut() {
                            if m.text.contains('(') {
                                let e = RecordSyntaxError::TwoCaptureCounts(Excerpt::new(&m.text));
                                return lexer.syntax(e);
                            }
                            m.text = format!("{} ({})", m.text, g.trim());
                        }
                    }
                }
                Token::Word(w) if ended.is_some() => return after_result(&w),
                Token::Word(w) => {
                    if let Some(res) = result_token(&w) {
                        ended = Some(res);
                        rec.result = res.to_string();
                        continue;
                    }
                    let w = strip_move_number(&w);
                    if w.is_empty() {
                        continue;
                    }
                    if w.starts_with('$') {
                        if let Some(m) = rec.moves.last_mut() {
                            m.glyph = Some(w.to_string());
                        }
                        continue;
                    }
                    let (text, glyph) = split_glyph(w);
                    if text.is_empty() {
                        if let Some(m) = rec.moves.last_mut() {
                            m.glyph = glyph;
                        }
                        continue;
                    }
                    if rec.moves.len() >= MAX_RECORD_MOVES {
                        return Err(RecordError::TooMany {
                            what: "moves",
                            max: MAX_RECORD_MOVES,
                        });
                    }
                    rec.moves.push(RecordedMove {
                        text: text.to_string(),
                        glyph,
                        comment: None,
                    });
                }
            }
        }
        rec.preamble = pending_comment;
        if let Some(tag) = rec.tag("Result") {
            match (result_token(tag.trim()), ended) {
                (Some(t), Some(m)) if t != m => {
                    return Err(RecordError::ResultMismatch {
                        tag: Excerpt::new(tag),
                        movetext: Excerpt::new(m),
                    })
                }
                (Some(t), None) if t != "*" => {
                    return Err(RecordError::Truncated {
                        tag: Excerpt::new(tag),
                    })
                }
                _ => {}
            }
        }
        Ok(rec)
    }

    /// The start position: the `Position` tag, or the variant's start.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let variant = self.variant()?;
        match self.tag("Position").or(self.tag("FEN")) {
            Some(s) => {
                let p: Position = s.parse().map_err(RecordError::PositionTag)?;
                if p.variant() != variant {
                    return Err(RecordError::PositionVariant {
                        tag: variant,
                        position: p.variant(),
                    });
                }
                Ok(p)
            }
            None => Ok(Position::start(variant)),
        }
    }

    /// Replays the record move by move into a game.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::from_position(self.start_position()?);
        if let Some(trees) = self.tag("Trees") {
            for (i, t) in trees
                .split([' ', ','])
                .filter(|t| !t.is_empty())
                .enumerate()
            {
                let token = if t.to_ascii_lowercase().starts_with("t@") {
                    t.to_string()
                } else {
                    format!("T@{t}")
                };
                game.play_notation(&token)
                    .map_err(|error| RecordError::Tree {
                        number: i + 1,
                        error,
                    })?;
            }
        }
        let players = game.position().rules().players();
        let first_seat = game.position().turn().0 as usize;
        for (i, m) in self.moves.iter().enumerate() {
            let mover = game.position().turn();
            if let Err(error) = game.play_notation(&m.text) {
                let ply = i + first_seat;
                return Err(RecordError::IllegalMove {
                    number: ply / players + 1,
                    player: game.position().rules().seat_title(mover),
                    error,
                });
            }
        }
        if game.position().outcome().is_none() {
            if let Some(o) = declared_result(&self.result, self.tag("Termination"), &game) {
                game.declare(o);
            }
        }
        Ok(game)
    }

    /// Builds the record of a game, with these tags (Variant and Result are filled in).
    pub fn from_game(game: &Game, tags: &[(&str, &str)], notation: Notation) -> Record {
        let mut rec = Record::default();
        let variant = game.variant();
        let mut defaults = vec![
            ("Event".to_string(), "?"),
            ("Site".into(), "?"),
            ("Date".into(), "????.??.??"),
        ];
        let rules = game.start().rules();
        for p in rules.players_in_order() {
            defaults.push((rules.seat_title(p).to_string(), "?"));
        }
        for (k, v) in defaults {
            let given = tags
                .iter()
                .find(|(t, _)| t.eq_ignore_ascii_case(&k))
                .map(|(_, v)| *v);
            rec.tags.push((k, given.unwrap_or(v).to_string()));
        }
        rec.tags.push(("Variant".into(), variant.id().into()));
        for (k, v) in tags {
            if rec.tag(k).is_none() {
                rec.tags.push((k.to_string(), v.to_string()));
            }
        }
        if *game.start() != Position::start(variant) {
            rec.set_tag("Position", &game.start().to_string());
        }
        let texts = game.move_texts(notation);
        let mut trees = Vec::new();
        for (i, m) in game.moves().iter().enumerate() {
            if m.kind == MoveKind::PlaceTree {
                trees.push(game.start().geometry().name(m.to));
            } else {
                rec.moves.push(RecordedMove {
                    text: texts[i].clone(),
                    glyph: None,
                    comment: None,
                });
            }
        }
        if !trees.is_empty() {
            rec.set_tag("Trees", &trees.join(" "));
        }
        rec.result = game.outcome().map_or("*", |o| o.result_token()).to_string();
        rec.set_tag("Result", &rec.result.clone());
        rec
    }

    /// The record as text.
    pub fn to_text(&self, players: usize, first_seat: usize) -> String {
        let mut out = String::new();
        for (k, v) in &self.tags {
            out.push_str(&format!(
                "[{k} \"{}\"]\n",
                printable(v, false)
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
            ));
        }
        out.push('\n');
        let mut line = String::new();
        let push = |word: String, line: &mut String, out: &mut String| {
            if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                out.push_str(line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        };
        if let Some(c) = &self.preamble {
            push(format!("{{{}}}", printable(c, true)), &mut line, &mut out);
        }
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + first_seat;
            // The number goes with its move, never alone at a line's end.
            let mut w = if ply.is_multiple_of(players) {
                format!("{}. ", ply / players + 1)
            } else if i == 0 {
                format!("{}... ", ply / players + 1)
            } else {
                String::new()
            };
            w.push_str(&m.text);
            if let Some(g) = &m.glyph {
                if g.starts_with('$') {
                    w.push(' ');
                }
                w.push_str(g);
            }
            push(w, &mut line, &mut out);
            if let Some(c) = &m.comment {
                push(format!("{{{}}}", printable(c, true)), &mut line, &mut out);
            }
        }
        push(self.result.clone(), &mut line, &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// Text with its control characters (a terminal's escapes, a tag's newline) made
/// spaces, so that a record's text reads back and prints safely; a comment keeps its
/// line ends.
fn printable(s: &str, keep_newlines: bool) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .map(|c| {
            if c.is_control() && !(keep_newlines && c == '\n') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

impl Record {
    /// Keeps what `source`, the record a game was read from, says besides the moves: its
    /// tags (where this record has none of its own, or only the `?` of an unknown), its
    /// opening comment, and each move's glyph and comment as long as the moves are the
    /// source's. So a record loaded and saved again loses nothing of what it held.
    pub fn keep_annotations(&mut self, source: &Record) {
        for (k, v) in &source.tags {
            match self.tag(k) {
                None => self.tags.push((k.clone(), v.clone())),
                Some("?") if v != "?" => self.set_tag(k, v),
                Some(_) => {}
            }
        }
        if self.preamble.is_none() {
            self.preamble = source.preamble.clone();
        }
        for (mine, theirs) in self.moves.iter_mut().zip(&source.moves) {
            if mine.text != theirs.text {
                break;
            }
            mine.glyph = mine.glyph.take().or_else(|| theirs.glyph.clone());
            mine.comment = mine.comment.take().or_else(|| theirs.comment.clone());
        }
    }

    /// The record's text for `game`, the game it was made from.
    pub fn text_for(&self, game: &Game) -> String {
        let first = game
            .moves()
            .iter()
            .position(|m| m.kind != MoveKind::PlaceTree)
            .unwrap_or(game.ply());
        let first_seat = game.position_at(first).turn().0 as usize;
        self.to_text(game.start().rules().players(), first_seat)
    }

    /// A game as record text, with these tags (Variant and Result are filled in).
    pub fn export(game: &Game, tags: &[(&str, &str)], notation: Notation) -> String {
        Record::from_game(game, tags, notation).text_for(game)
    }

    /// Reads record text and replays it move by move.
    pub fn import(text: &str) -> Result<(Record, Game), RecordError> {
        let rec = Record::parse(text)?;
        let game = rec.replay()?;
        Ok((rec, game))
    }
}

/// The end a record declares where the board has not decided the game: its result, for
/// the reason its `Termination` tag names where the game bears it out (a repetition or a
/// fifty-move draw only where the player to move may claim it; time as said); without
/// one, a resignation or an agreed draw.
fn declared_result(token: &str, termination: Option<&str>, game: &Game) -> Option<Outcome> {
    let named = |r: EndReason| termination == Some(r.describe());
    let claimable = |c: DrawClaim| game.claimable().contains(&c);
    let winner = match token {
        "1-0" => Some(Side::First),
        "0-1" => Some(Side::Second),
        "1/2-1/2" => None,
        _ => return None,
    };
    Some(match winner {
        Some(side) if named(EndReason::Time) => Outcome::win(side, EndReason::Time),
        Some(side) => Outcome::win(side, EndReason::Resignation),
        None if named(EndReason::Repetition) && claimable(DrawClaim::Repetition) => {
            Outcome::draw(EndReason::Repetition)
        }
        None if named(EndReason::FiftyMoves) && claimable(DrawClaim::FiftyMoves) => {
            Outcome::draw(EndReason::FiftyMoves)
        }
        None if named(EndReason::Time) => Outcome::draw(EndReason::Time),
        None => Outcome::draw(EndReason::Agreement),
    })
}

fn append(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(s) => {
            s.push(' ');
            s.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}

fn result_token(w: &str) -> Option<&'static str> {
    match w {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "1/2" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// `12.E6-E8` → `E6-E8`; `12.` and `12...` → empty.
fn strip_move_number(w: &str) -> &str {
    let digits = w.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return w;
    }
    let rest = &w[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    if dots == 0 {
        return w; // a numbered-notation move such as 26-27
    }
    &rest[dots..]
}

fn split_glyph(w: &str) -> (&str, Option<String>) {
    let body = w.trim_end_matches(['!', '?']);
    let glyph = &w[body.len()..];
    (body, (!glyph.is_empty()).then(|| glyph.to_string()))
}

fn is_capture_count(g: &str) -> bool {
    let parts: Vec<&str> = g.split(',').map(str::trim).collect();
    !parts.is_empty()
        && parts.len() <= 2
        && parts.iter().all(|p| {
            let p = p.to_ascii_uppercase();
            p.len() >= 2
                && (p.ends_with('M') || p.ends_with('K'))
                && p[..p.len() - 1].bytes().all(|b| b.is_ascii_digit())
        })
}

enum Token {
    Tag(String, String),
    Comment(String),
    Group(String),
    Word(String),
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
}

impl Lexer<'_> {
    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn syntax<T>(&self, kind: RecordSyntaxError) -> Result<T, RecordError> {
        Err(RecordError::Syntax {
            line: self.line,
            kind,
        })
    }

    fn next_token(&mut self) -> Result<Option<Token>, RecordError> {
        loop {
            let Some(&(start, c)) = self.chars.peek() else {
                return Ok(None);
            };
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                ';' => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '%' if self.at_line_start(start) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                '{' => {
                    self.bump();
                    let mut s = String::new();
                    loop {
                        match self.bump() {
                            None => return self.syntax(RecordSyntaxError::UnclosedComment),
                            Some('}') => break,
                            Some(c) => s.push(c),
                        }
                    }
                    return Ok(Some(Token::Comment(
                        s.split_whitespace().collect::<Vec<_>>().join(" "),
                    )));
                }
                '(' => {
                    self.bump();
                    let mut depth = 1;
                    let mut s = String::new();
                    loop {
                        match self.bump() {
                            None => return self.syntax(RecordSyntaxError::UnclosedVariation),
                            Some('(') => depth += 1,
                            Some(')') => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            Some(c) => s.push(c),
                        }
                        if depth > 0 && s.len() > 1_000_000 {
                            return self.syntax(RecordSyntaxError::VariationTooLong);
                        }
                    }
                    return Ok(Some(Token::Group(s)));
                }
                '[' => return self.tag().map(Some),
                ')' | ']' | '}' => return self.syntax(RecordSyntaxError::Unexpected(c)),
                _ => {
                    let mut s = String::new();
                    while let Some(&(_, c)) = self.chars.peek() {
                        if c.is_whitespace() || "{}()[];".contains(c) {
                            break;
                        }
                        s.push(c);
                        self.bump();
                    }
                    return Ok(Some(Token::Word(s)));
                }
            }
        }
    }

    fn at_line_start(&self, at: usize) -> bool {
        at == 0 || self.text[..at].ends_with('\n')
    }

    fn tag(&mut self) -> Result<Token, RecordError> {
        self.bump(); // [
        let mut name = String::new();
        while let Some(&(_, c)) = self.chars.peek() {
            if c.is_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return self.syntax(RecordSyntaxError::TagWithoutName);
        }
        while matches!(self.chars.peek(), Some(&(_, c)) if c.is_whitespace() && c != '\n') {
            self.bump();
        }
        if self.bump() != Some('"') {
            return self.syntax(RecordSyntaxError::TagWithoutValue(Excerpt::new(&name)));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => {
                    return self.syntax(RecordSyntaxError::TagQuoteNotClosed(Excerpt::new(&name)))
                }
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => {
                        return self
                            .syntax(RecordSyntaxError::TagQuoteNotClosed(Excerpt::new(&name)))
                    }
                },
                Some('"') => break,
                Some(c) => value.push(c),
            }
        }
        while matches!(self.chars.peek(), Some(&(_, c)) if c.is_whitespace() && c != '\n') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return self.syntax(RecordSyntaxError::TagNotClosed(Excerpt::new(&name)));
        }
        Ok(Token::Tag(name, value))
    }
}
