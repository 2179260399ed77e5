//! The browser page's copy of the protocol, made from the definitions here: the version,
//! the end reasons and draw claims in words, the seats' colours, and every message's
//! shape as JSDoc types the page's type check reads. `server/web/app/protocol.js` is this
//! module's [`module_text`]; a test of the server fails when the file is not what the
//! definitions make (`CAMELOT_WRITE_GENERATED=1` writes it anew).
//!
//! The shapes are read off serde's own output: every type is serialised from samples
//! that fill each optional field in one and leave it out in another, and a field is
//! optional where some sample leaves it out. A value equal to a sample of another named
//! type is written as that type's name.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use camelot_engine::search::MoveQuality;
use camelot_engine::{
    Coord, DrawClaim, EndReason, Game, Level, MoveKind, Outcome, PieceKind, SeatColour, Side, Step,
    Variant, SERVER_LEVELS,
};
use serde::Serialize;
use serde_json::Value;

use super::accounts::Recover;
use super::accounts::{
    AccountKind, AccountName, AccountToken, ChangePassword, CloseAccount, Leader, Leaders, LogIn,
    Password, PlayedGame, PlayedGames, PlayerProfile, RatingPoint, Score, SeatAccount, Session,
    SignUp, VariantLeaders, VariantRating,
};
use super::analysis::{AnalysedPly, AnalysisView, ScoreView};
use super::challenges::{
    Acceptance, ChallengeGame, ChallengeId, ChallengeList, ChallengeMade, ChallengeSeat,
    ChallengeState, ChallengeView, ColourChoice, DeclineChallenge, DeclineReason, NewChallenge,
    SeatAnswer,
};
use super::history::{GamesFilter, OtherSeat};
use super::look::{flat_piece, partner_ring, FlatPiece};
use super::pairing::{Pairing, QuickGame};
use super::recovery::{RecoveryCode, RecoveryCodes};
use super::relations::{
    AcceptFrom, ChallengeChoice, FollowedPlayer, Following, Relation, SetChallengeChoice,
    SetRelation,
};
use super::requests::{
    ApiError, ComputerSeat, Created, GameState, GameSummary, NewGame, OpenSeat, TakeSeat, Taken,
};
use super::site::{Around, SiteClientMessage, SiteServerMessage, WaitingPlayer};
use super::study::{LinesView, StudiedPosition, Study, StudyLine, StudyStart};
use super::tournaments::{
    Bye, GameScore, MyNext, MyPlace, NewTournament, PauseInTournament, Standing, TournamentGame,
    TournamentId, TournamentKind, TournamentList, TournamentMade, TournamentPage, TournamentSeat,
    TournamentState, TournamentView,
};
use super::tv::{TvGame, TvNext, TvNow, TvTournament};
use super::{
    Accepted, Ask, BoardView, ClientMessage, ClockView, ConstraintView, ErrorCode, GameEnd, GameId,
    GameView, Hello, OfferKind, OfferView, PlayerName, SeatAsks, SeatToken, SeatView,
    ServerMessage, TimeControl, VariantView, PROTOCOL_VERSION, VERSION_HEADER,
};

/// The generated module, as `server/web/app/protocol.js` holds it.
pub fn module_text() -> String {
    let mut out = String::from(
        "// The protocol's vocabulary and message shapes, generated from the Rust definitions\n\
         // (online/src/protocol/page.rs): do not edit. `CAMELOT_WRITE_GENERATED=1 cargo test\n\
         // -p camelot-server --test page_protocol` writes it anew; that test fails while it\n\
         // differs from what the definitions make.\n\n",
    );
    constants(&mut out);
    out.push('\n');
    Shapes::new().typedefs(&mut out);
    out
}

fn constants(out: &mut String) {
    let _ = writeln!(out, "/** The protocol version this page speaks. */");
    let _ = writeln!(out, "export const PROTOCOL = {PROTOCOL_VERSION};\n");
    let _ = writeln!(out, "/** The HTTP header that states it. */");
    let _ = writeln!(
        out,
        "export const VERSION_HEADER = {};\n",
        js(&VERSION_HEADER)
    );
    let reasons: BTreeMap<&str, &str> = EndReason::ALL
        .into_iter()
        .map(|r| (r.code(), r.describe()))
        .collect();
    let _ = writeln!(
        out,
        "/** Why a game ended, in words, by the reason's code. */"
    );
    let _ = writeln!(out, "export const REASONS = {};\n", record(&reasons));
    let claims: BTreeMap<String, String> = DrawClaim::ALL
        .into_iter()
        .map(|c| (code(&c), c.to_string()))
        .collect();
    let _ = writeln!(
        out,
        "/** The draws a player may claim, by code: \"a 50-move draw\". */"
    );
    let _ = writeln!(out, "export const CLAIMS = {};\n", record(&claims));
    club_constants(out);
    let colours: BTreeMap<String, String> = SeatColour::ALL
        .into_iter()
        .map(|s| (code(&s), flat_piece(s).fill.hex()))
        .collect();
    let _ = writeln!(out, "/** Each seat's pieces' colour on a flat board. */");
    let _ = writeln!(out, "export const SEAT_COLOURS = {};\n", record(&colours));
    let rings: BTreeMap<String, String> = SeatColour::ALL
        .into_iter()
        .filter_map(|s| Some((code(&s), partner_ring(s)?.hex())))
        .collect();
    let _ = writeln!(
        out,
        "/** The ring that tells one Grand Cam partner from the other. */"
    );
    let _ = writeln!(out, "export const PARTNER_RINGS = {};\n", record(&rings));
    let seats_where = |keep: fn(FlatPiece) -> bool| -> Vec<String> {
        SeatColour::ALL
            .into_iter()
            .filter(|&s| keep(flat_piece(s)))
            .map(|s| code(&s))
            .collect()
    };
    let _ = writeln!(
        out,
        "/** The seats whose pieces take a dark edge (the others are dark enough alone). */"
    );
    let _ = writeln!(
        out,
        "export const EDGED_SEATS = {};\n",
        js(&seats_where(FlatPiece::edged))
    );
    let _ = writeln!(out, "/** The seats whose pieces bear dark marks. */");
    let _ = writeln!(
        out,
        "export const DARK_INK_SEATS = {};\n",
        js(&seats_where(FlatPiece::dark_ink))
    );
    let variants: Vec<Value> = Variant::ALL
        .into_iter()
        .map(|v| {
            let rules = v.rules();
            let seats: Vec<SeatColour> = rules
                .players_in_order()
                .map(|p| rules.seat_colour(p))
                .collect();
            serde_json::json!({ "id": v, "name": rules.name, "seats": seats })
        })
        .collect();
    let _ = writeln!(
        out,
        "/** The variants, each with its name and its seats in turn order. */"
    );
    let _ = writeln!(
        out,
        "export const VARIANTS = /** @type {{{{ id: Variant, name: string, seats: SeatColour[] }}[]}} */ ({});\n",
        js(&variants)
    );
    let levels: Vec<Value> = SERVER_LEVELS
        .into_iter()
        .map(|l| serde_json::json!({ "level": l, "description": l.description }))
        .collect();
    let _ = writeln!(
        out,
        "/** The levels the server's computer plays a seat at, weakest first. */"
    );
    let _ = writeln!(
        out,
        "export const LEVELS = /** @type {{{{ level: Level, description: string }}[]}} */ ({});",
        js(&levels)
    );
}

/// The club's words: whom a player takes challenges from, and why a challenge may be
/// declined.
fn club_constants(out: &mut String) {
    let _ = writeln!(out, "/** What an account's name may be, in a sentence. */");
    let _ = writeln!(
        out,
        "export const NAME_RULE = {};\n",
        js(&super::accounts::AccountName::RULE)
    );
    let _ = writeln!(out, "/** The most characters a name has. */");
    let _ = writeln!(
        out,
        "export const NAME_MAX = {};\n",
        super::accounts::AccountName::MAX_CHARS
    );
    let declines: Vec<Value> = DeclineReason::ALL
        .into_iter()
        .map(|r| serde_json::json!({ "reason": r, "label": r.label(), "words": r.words() }))
        .collect();
    let accepts: Vec<Value> = crate::protocol::relations::AcceptFrom::ALL
        .into_iter()
        .map(|a| serde_json::json!({ "accept": a, "words": a.words() }))
        .collect();
    let _ = writeln!(
        out,
        "/** Whom a player may take challenges from, in their words. */"
    );
    let _ = writeln!(
        out,
        "export const ACCEPT_FROM = /** @type {{{{ accept: AcceptFrom, words: string }}[]}} */ ({});\n",
        js(&accepts)
    );
    let _ = writeln!(
        out,
        "/** Why a challenge may be declined, in the order offered: the decliner's label, the challenger's words. */"
    );
    let _ = writeln!(
        out,
        "export const DECLINES = /** @type {{{{ reason: DeclineReason, label: string, words: string }}[]}} */ ({});\n",
        js(&declines)
    );
}

/// A value as JavaScript (JSON is).
fn js<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("plain values serialise")
}

/// A frozen object of strings, one entry a line.
fn record<K: AsRef<str>, V: AsRef<str>>(entries: &BTreeMap<K, V>) -> String {
    let mut s = String::from("Object.freeze({\n");
    for (k, v) in entries {
        let _ = writeln!(s, "  {}: {},", js(k.as_ref()), js(v.as_ref()));
    }
    s.push_str("})");
    s
}

/// A unit variant's serde name, through serde itself.
fn code<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        other => panic!("{other:?} is not a unit variant's name"),
    }
}

fn values<T: Serialize>(samples: &[T]) -> Vec<Value> {
    samples
        .iter()
        .map(|s| serde_json::to_value(s).expect("samples serialise"))
        .collect()
}

/// The named types and their samples, in the order they are written.
struct Shapes {
    /// Enums written as their names: every name a variant has.
    enums: Vec<(&'static str, BTreeSet<String>)>,
    /// Objects (and unions of them), with the key that tells a union's members apart.
    objects: Vec<(&'static str, Option<&'static str>, Vec<Value>)>,
}

impl Shapes {
    fn new() -> Shapes {
        let names = |vs: Vec<Value>| -> BTreeSet<String> {
            vs.into_iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        let enums = vec![
            ("Variant", names(values(&Variant::ALL))),
            ("SeatColour", names(values(&SeatColour::ALL))),
            // Before `MoveKind`, whose names hold a step's: a kind is a step's only
            // where every value is.
            ("Step", names(values(&Step::ALL))),
            ("MoveKind", names(values(&MoveKind::ALL))),
            ("Ask", names(values(&Ask::ALL))),
            ("PieceKind", names(values(&PieceKind::ALL))),
            ("OfferKind", names(values(&OfferKind::ALL))),
            ("DrawClaim", names(values(&DrawClaim::ALL))),
            ("EndReason", names(values(&EndReason::ALL))),
            ("ErrorCode", names(values(&ErrorCode::ALL))),
            (
                "SessionEnd",
                names(values(&crate::protocol::SessionEnd::ALL)),
            ),
            ("Level", names(values(&SERVER_LEVELS))),
            ("MoveQuality", names(values(&MoveQuality::ALL))),
            ("ColourChoice", names(values(&ColourChoice::ALL))),
            (
                "Relation",
                names(values(&[Relation::Follow, Relation::Block])),
            ),
            ("AcceptFrom", names(values(&AcceptFrom::ALL))),
            ("DeclineReason", names(values(&DeclineReason::ALL))),
            (
                "SeatAnswer",
                names(values(&[
                    SeatAnswer::Challenger,
                    SeatAnswer::Waiting,
                    SeatAnswer::Accepted,
                    SeatAnswer::Declined,
                ])),
            ),
        ];
        Shapes {
            enums,
            objects: samples::all(),
        }
    }

    fn typedefs(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "/** A square's name: `E6`. @typedef {{string}} Coord */\n"
        );
        for (name, variants) in &self.enums {
            let union: Vec<String> = variants.iter().map(js).collect();
            let _ = writeln!(out, "/** @typedef {{{}}} {name} */\n", union.join(" | "));
        }
        for (name, tag, samples) in &self.objects {
            let refs: Vec<&Value> = samples.iter().collect();
            let shape = self.shape(&refs, name, *tag);
            let _ = writeln!(out, "/**\n * @typedef {{{shape}}} {name}\n */\n");
        }
        while out.ends_with("\n\n") {
            out.pop();
        }
    }

    /// The type of the values one place holds, `own` being the type being written.
    fn shape(&self, values: &[&Value], own: &str, tag: Option<&str>) -> String {
        if values.is_empty() {
            return "never".into();
        }
        if let Some(name) = self.named(values, own) {
            return name.to_string();
        }
        let mut kinds: Vec<String> = Vec::new();
        let mut push = |k: String| {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        };
        if values.iter().any(|v| v.is_null()) {
            push("null".into());
        }
        if values.iter().any(|v| v.is_boolean()) {
            push("boolean".into());
        }
        if values.iter().any(|v| v.is_number()) {
            push("number".into());
        }
        let strings: Vec<&Value> = values.iter().copied().filter(|v| v.is_string()).collect();
        if !strings.is_empty() {
            push(self.named(&strings, own).unwrap_or("string").to_string());
        }
        let arrays: Vec<&Value> = values
            .iter()
            .filter_map(|v| v.as_array())
            .flatten()
            .collect();
        if values.iter().any(|v| v.is_array()) {
            let inner = self.shape(&arrays, own, None);
            push(if inner.contains(' ') {
                format!("({inner})[]")
            } else {
                format!("{inner}[]")
            });
        }
        let objects: Vec<&Value> = values.iter().copied().filter(|v| v.is_object()).collect();
        if !objects.is_empty() {
            push(self.object(&objects, own, tag));
        }
        kinds.join(" | ")
    }

    /// A named type every one of `values` is a sample (or variant name) of.
    fn named(&self, values: &[&Value], own: &str) -> Option<&'static str> {
        if values.iter().all(|v| v.as_str().is_some_and(is_coord)) {
            return Some("Coord");
        }
        for (name, variants) in &self.enums {
            if values
                .iter()
                .all(|v| v.as_str().is_some_and(|s| variants.contains(s)))
            {
                return Some(name);
            }
        }
        self.objects
            .iter()
            .filter(|(name, _, _)| *name != own)
            .find(|(_, _, samples)| values.iter().all(|v| v.is_object() && samples.contains(v)))
            .map(|(name, _, _)| *name)
    }

    /// Objects: one shape, or a union of shapes told apart by `tag`'s value.
    fn object(&self, objects: &[&Value], own: &str, tag: Option<&str>) -> String {
        let Some(tag) = tag else {
            return self.fields(objects, own, None);
        };
        let mut groups: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
        let mut order = Vec::new();
        for o in objects {
            let key = o.get(tag).and_then(Value::as_str).unwrap_or("").to_string();
            if !groups.contains_key(&key) {
                order.push(key.clone());
            }
            groups.entry(key).or_default().push(o);
        }
        let members: Vec<String> = order
            .iter()
            .map(|k| self.fields(&groups[k], own, Some(tag)))
            .collect();
        members.join("\n *   | ")
    }

    /// One object shape: every key any sample has, optional where some sample lacks it.
    fn fields(&self, objects: &[&Value], own: &str, tag: Option<&str>) -> String {
        // Keys in one order whatever serde_json's maps keep: the tag, then by name.
        let mut keys: BTreeSet<(bool, String)> = BTreeSet::new();
        for o in objects {
            for k in o.as_object().into_iter().flat_map(|m| m.keys()) {
                keys.insert((Some(k.as_str()) != tag, k.clone()));
            }
        }
        let parts: Vec<String> = keys
            .iter()
            .map(|(_, k)| {
                let present: Vec<&Value> = objects.iter().filter_map(|o| o.get(k)).collect();
                let optional = if present.len() < objects.len() {
                    "?"
                } else {
                    ""
                };
                let ty = if Some(k.as_str()) == tag {
                    js(&present[0])
                } else {
                    self.shape(&present, own, None)
                };
                format!("{k}{optional}: {ty}")
            })
            .collect();
        format!("{{ {} }}", parts.join(", "))
    }
}

fn is_coord(s: &str) -> bool {
    s.parse::<Coord>().is_ok_and(|c| c.to_string() == s)
}

/// Samples of every type the page reads or sends, each optional field filled in one
/// and left out in another.
mod samples {
    use super::*;

    pub fn all() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        let game = game_views();
        vec![
            ("NamedMove", None, values(&moves())),
            (
                "SquareView",
                None,
                values(
                    &variants()
                        .iter()
                        .flat_map(|v| v.squares.clone())
                        .collect::<Vec<_>>(),
                ),
            ),
            (
                "SeatPlace",
                None,
                values(
                    &variants()
                        .iter()
                        .flat_map(|v| v.seats.clone())
                        .collect::<Vec<_>>(),
                ),
            ),
            ("VariantView", None, values(&variants())),
            (
                "PieceView",
                None,
                values(
                    &boards()
                        .iter()
                        .flat_map(|b| b.pieces.clone())
                        .collect::<Vec<_>>(),
                ),
            ),
            (
                "LostView",
                None,
                values(
                    &boards()
                        .iter()
                        .flat_map(|b| b.lost.clone())
                        .collect::<Vec<_>>(),
                ),
            ),
            ("ConstraintView", Some("kind"), values(&constraints())),
            ("BoardView", None, values(&boards())),
            ("TimeControl", Some("kind"), values(&times())),
            ("SeatView", None, values(&seats())),
            ("ClockView", None, values(&clocks())),
            ("OfferView", None, values(&offers())),
            ("GameEnd", Some("end"), values(&ends())),
            ("GameView", None, values(&game)),
            ("ServerMessage", Some("t"), values(&server_messages(&game))),
            ("ClientMessage", Some("t"), values(&client_messages())),
            ("GameSummary", None, values(&summaries())),
            ("OpenSeat", None, values(&open_seats())),
            ("NewGame", None, values(&new_games())),
            ("Created", None, values(&created())),
            ("TakeSeat", None, values(&take_seats())),
            ("Taken", None, values(&taken())),
            ("GameState", None, values(&game_states(&game))),
            ("SeatAccount", None, values(&seat_accounts())),
            (
                "QuickGame",
                None,
                values(&[QuickGame {
                    variant: Variant::Camelot,
                    time: times()[1],
                }]),
            ),
            (
                "Pairing",
                Some("state"),
                values(&[
                    Pairing::Waiting {
                        waited_ms: 4000,
                        range: 140,
                    },
                    Pairing::Paired {
                        game: id(),
                        seat: SeatColour::Black,
                    },
                ]),
            ),
            (
                "ApiError",
                None,
                values(&[ApiError {
                    code: ErrorCode::NoSuchGame,
                    message: "no such game".into(),
                }]),
            ),
            ("TvGame", None, values(&[tv_game(), tournament_tv_game()])),
            (
                "TvTournament",
                None,
                values(&[tournament_tv_game().tournament.expect("a tournament")]),
            ),
            ("TvNext", None, values(&tv_nexts())),
            ("TvNow", None, values(&tv_nows())),
        ]
        .into_iter()
        .chain(accounts())
        .chain([
            ("ScoreView", None, values(&scores())),
            ("AnalysedPly", None, values(&analysed_plies())),
            ("AnalysisView", Some("state"), values(&analysis_views())),
        ])
        .chain(studies())
        .chain(club())
        .chain(tournaments())
        .collect()
    }

    /// Accounts, sessions, players' pages and the best players.
    fn accounts() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        vec![
            ("Session", None, values(&sessions())),
            (
                "Here",
                None,
                values(&[
                    crate::protocol::accounts::Here {
                        session: Some(sessions()[1].clone()),
                    },
                    crate::protocol::accounts::Here { session: None },
                ]),
            ),
            ("SignUp", None, values(&sign_ups())),
            ("LogIn", None, values(&log_ins())),
            ("ChangePassword", None, values(&change_passwords())),
            ("CloseAccount", None, values(&close_accounts())),
            (
                "RecoveryCodes",
                None,
                values(&[RecoveryCodes {
                    codes: sessions()[0].recovery_codes.clone(),
                }]),
            ),
            (
                "Recover",
                None,
                values(&[Recover {
                    name: account_name(),
                    code: sessions()[0].recovery_codes[0].clone(),
                    new: Password::parse("a secret of nine").expect("a password"),
                    token: true,
                }]),
            ),
            ("VariantRating", None, values(&variant_ratings())),
            ("RatingPoint", None, values(&profiles()[0].history)),
            ("PlayedGame", None, values(&profiles()[0].games.games)),
            (
                "OtherSeat",
                None,
                values(
                    &profiles()[0]
                        .games
                        .games
                        .iter()
                        .flat_map(|g| g.others.clone())
                        .collect::<Vec<_>>(),
                ),
            ),
            (
                "GamesFilter",
                None,
                values(&[GamesFilter {
                    variant: Some(Variant::Camette),
                    rated: Some(true),
                    result: Some(Score::Won),
                }]),
            ),
            (
                "PlayedGames",
                None,
                values(&[profiles()[0].games.clone(), PlayedGames::default()]),
            ),
            ("PlayerProfile", None, values(&profiles())),
            ("Leader", None, values(&leaders()[0].variants[0].players)),
            ("VariantLeaders", None, values(&leaders()[0].variants)),
            ("Leaders", None, values(&leaders())),
        ]
    }

    /// The club's requests and messages: challenges, the site socket, who is around,
    /// relations.
    fn club() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        vec![
            ("NewChallenge", None, values(&new_challenges())),
            (
                "ChallengeMade",
                None,
                values(&[ChallengeMade {
                    challenge: challenge_id(),
                }]),
            ),
            ("ChallengeView", Some("state"), values(&challenge_views())),
            (
                "ChallengeList",
                None,
                values(&[ChallengeList {
                    incoming: challenge_views(),
                    outgoing: challenge_views(),
                    seen: 1_700_000_000_000,
                }]),
            ),
            (
                "ChallengeGame",
                None,
                values(&[ChallengeGame {
                    game: id(),
                    seat: SeatColour::Black,
                }]),
            ),
            ("ChallengeSeat", None, values(&challenge_seats())),
            (
                "Acceptance",
                None,
                values(&[
                    Acceptance::Game(ChallengeGame {
                        game: id(),
                        seat: SeatColour::Black,
                    }),
                    Acceptance::Waiting {
                        waiting_for: vec![AccountName::parse("Percival").expect("a name")],
                    },
                ]),
            ),
            (
                "DeclineChallenge",
                None,
                values(&[DeclineChallenge {
                    id: challenge_id(),
                    reason: DeclineReason::TooFast,
                }]),
            ),
        ]
        .into_iter()
        .chain(site())
        .collect()
    }

    /// The site socket, who is around, relations.
    fn site() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        vec![
            (
                "SiteServerMessage",
                Some("t"),
                values(&[
                    SiteServerMessage::Challenges(ChallengeList {
                        incoming: challenge_views(),
                        outgoing: vec![],
                        seen: 1_700_000_000_000,
                    }),
                    SiteServerMessage::Pong { n: 1 },
                    SiteServerMessage::SignedOut {
                        why: crate::protocol::SessionEnd::PasswordChanged,
                        message: "the password was changed".into(),
                    },
                    SiteServerMessage::Error {
                        code: ErrorCode::NotSignedIn,
                        message: "log in first".into(),
                    },
                ]),
            ),
            (
                "SiteClientMessage",
                Some("t"),
                values(&[SiteClientMessage::Ping { n: 1 }]),
            ),
            (
                "WaitingPlayer",
                None,
                values(&[WaitingPlayer {
                    name: account_name(),
                    rating: 1512,
                    variant: Variant::Camette,
                    time: times()[1],
                    waited_ms: 4_000,
                }]),
            ),
            (
                "Around",
                None,
                values(&[Around {
                    online: 2,
                    players: vec![account_name()],
                    waiting: vec![WaitingPlayer {
                        name: account_name(),
                        rating: 1512,
                        variant: Variant::Camette,
                        time: times()[1],
                        waited_ms: 4_000,
                    }],
                }]),
            ),
            (
                "SetRelation",
                None,
                values(&[
                    SetRelation {
                        name: account_name(),
                        relation: Some(Relation::Block),
                    },
                    SetRelation {
                        name: account_name(),
                        relation: None,
                    },
                ]),
            ),
            (
                "Following",
                None,
                values(&[Following {
                    players: vec![FollowedPlayer {
                        name: account_name(),
                        online: true,
                        playing: vec![id()],
                    }],
                }]),
            ),
            (
                "ChallengeChoice",
                None,
                values(&[ChallengeChoice {
                    accept: AcceptFrom::Following,
                }]),
            ),
            (
                "SetChallengeChoice",
                None,
                values(&[SetChallengeChoice {
                    accept: AcceptFrom::Nobody,
                }]),
            ),
        ]
    }

    /// Tournaments: one made, the lists, one's page.
    fn tournaments() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        let page = tournament_page();
        vec![
            (
                "NewTournament",
                None,
                values(&[
                    NewTournament {
                        name: "Midwinter Arena".into(),
                        kind: TournamentKind::Arena,
                        variant: Variant::Camelot,
                        time: times()[1],
                        minutes: Some(60),
                        rounds: None,
                        starts_at: Some(1_700_000_000_000),
                        casual: false,
                        programs: true,
                        max_players: None,
                    },
                    NewTournament {
                        name: "Postal Championship".into(),
                        kind: TournamentKind::RoundRobin,
                        variant: Variant::Camelot,
                        time: TimeControl::Days { days: 3 },
                        minutes: None,
                        rounds: Some(2),
                        starts_at: None,
                        casual: true,
                        programs: false,
                        max_players: Some(12),
                    },
                ]),
            ),
            (
                "TournamentMade",
                None,
                values(&[TournamentMade {
                    tournament: tournament_id(),
                }]),
            ),
            ("TournamentView", None, values(&tournament_views())),
            (
                "TournamentList",
                None,
                values(&[TournamentList {
                    soon: tournament_views(),
                    running: tournament_views(),
                    finished: vec![],
                }]),
            ),
            ("Standing", None, values(&page.standings)),
            ("TournamentGame", None, values(&page.games)),
            ("Bye", None, values(&page.byes)),
            ("TournamentSeat", None, values(&[tournament_seat()])),
            (
                "MyPlace",
                None,
                values(&[
                    page.me.clone().expect("my place"),
                    MyPlace {
                        withdrawn: true,
                        paused: false,
                        game: None,
                    },
                ]),
            ),
            (
                "TournamentPage",
                None,
                values(&[page.clone(), TournamentPage { me: None, ..page }]),
            ),
            (
                "PauseInTournament",
                None,
                values(&[PauseInTournament {
                    id: tournament_id(),
                    paused: true,
                }]),
            ),
            (
                "MyNext",
                None,
                values(&[
                    MyNext {
                        state: TournamentState::Running,
                        game: Some(tournament_seat()),
                        paused: false,
                    },
                    MyNext {
                        state: TournamentState::Running,
                        game: None,
                        paused: true,
                    },
                    MyNext {
                        state: TournamentState::Finished,
                        game: None,
                        paused: false,
                    },
                ]),
            ),
        ]
    }

    fn tournament_id() -> TournamentId {
        TournamentId::parse("t0urn4m3nt").expect("an id")
    }

    fn tournament_seat() -> TournamentSeat {
        TournamentSeat {
            game: id(),
            seat: SeatColour::White,
        }
    }

    fn tournament_views() -> Vec<TournamentView> {
        let arena = TournamentView {
            id: tournament_id(),
            name: "Midwinter Arena".into(),
            kind: TournamentKind::Arena,
            variant: Variant::Camelot,
            time: times()[1],
            rated: true,
            programs: false,
            minutes: 60,
            rounds: 0,
            round: 3,
            max_players: 500,
            players: 12,
            starts_at: 1_700_000_000_000,
            ends_at: Some(1_700_003_600_000),
            state: TournamentState::Running,
            creator: Some(account_name()),
        };
        let swiss = TournamentView {
            kind: TournamentKind::Swiss,
            rounds: 5,
            minutes: 0,
            ends_at: None,
            state: TournamentState::Soon,
            creator: None,
            ..arena.clone()
        };
        let postal = TournamentView {
            kind: TournamentKind::RoundRobin,
            time: TimeControl::Days { days: 3 },
            state: TournamentState::Finished,
            ..swiss.clone()
        };
        let cancelled = TournamentView {
            state: TournamentState::Cancelled,
            ..swiss.clone()
        };
        vec![arena, swiss, postal, cancelled]
    }

    fn tournament_page() -> TournamentPage {
        let standing = Standing {
            rank: 1,
            name: account_name(),
            rating: 1612,
            points: 2.5,
            games: 3,
            wins: 2,
            draws: 1,
            losses: 0,
            fire: true,
            buchholz: Some(4.0),
            sonneborn_berger: Some(3.25),
            withdrawn: false,
            paused: false,
            playing: Some(id()),
        };
        let other = Standing {
            rank: 2,
            fire: false,
            buchholz: None,
            sonneborn_berger: None,
            withdrawn: true,
            paused: true,
            playing: None,
            ..standing.clone()
        };
        let game = TournamentGame {
            game: id(),
            round: 1,
            white: account_name(),
            black: account_name(),
            partners: None,
            score: Some(GameScore::First),
            points: Some(vec![2.0, 0.0]),
            started_at: 1_700_000_000_000,
            ended_at: Some(1_700_000_300_000),
        };
        let scores = [GameScore::Second, GameScore::Draw, GameScore::Void];
        let mut games = vec![game.clone()];
        // A Grand Cam arena's table of four.
        games.push(TournamentGame {
            partners: Some([
                AccountName::parse("Lancelot").expect("a name"),
                AccountName::parse("Percival").expect("a name"),
            ]),
            points: Some(vec![2.0, 0.0, 4.0, 0.0]),
            ..game.clone()
        });
        games.extend(scores.into_iter().map(|score| TournamentGame {
            score: Some(score),
            ..game.clone()
        }));
        games.push(TournamentGame {
            score: None,
            points: None,
            ended_at: None,
            ..game
        });
        TournamentPage {
            tournament: tournament_views()[0].clone(),
            standings: vec![standing, other],
            games,
            byes: vec![Bye {
                round: 2,
                name: account_name(),
            }],
            me: Some(MyPlace {
                withdrawn: false,
                paused: false,
                game: Some(tournament_seat()),
            }),
        }
    }

    fn challenge_id() -> ChallengeId {
        ChallengeId::parse("ch4ll3ng3id1").expect("an id")
    }

    fn new_challenges() -> Vec<NewChallenge> {
        let two = NewChallenge {
            to: account_name(),
            variant: Variant::Camette,
            time: times()[1],
            rated: true,
            colour: ColourChoice::White,
            against: Vec::new(),
        };
        let four = NewChallenge {
            variant: Variant::GrandCam,
            against: vec![
                AccountName::parse("Lancelot").expect("a name"),
                AccountName::parse("Percival").expect("a name"),
            ],
            ..two.clone()
        };
        vec![two, four]
    }

    /// A Grand Cam challenge's seats, every answer among them.
    fn challenge_seats() -> Vec<ChallengeSeat> {
        [
            (SeatColour::Red, "Gawain", SeatAnswer::Challenger),
            (SeatColour::Green, "Lancelot", SeatAnswer::Accepted),
            (SeatColour::Blue, "Guinevere", SeatAnswer::Waiting),
            (SeatColour::Yellow, "Percival", SeatAnswer::Waiting),
        ]
        .into_iter()
        .map(|(seat, name, answer)| ChallengeSeat {
            seat,
            name: AccountName::parse(name).expect("a name"),
            answer,
        })
        .collect()
    }

    fn challenge_views() -> Vec<ChallengeView> {
        let states = [
            ChallengeState::Open,
            ChallengeState::Accepted {
                game: id(),
                seat: SeatColour::White,
            },
            ChallengeState::Declined {
                reason: DeclineReason::Later,
            },
            ChallengeState::Cancelled,
            ChallengeState::Expired,
        ];
        // Each state with a table's seats and without: the seats are optional in each.
        states
            .into_iter()
            .flat_map(|state| [(state.clone(), true), (state, false)])
            .map(|(state, table)| ChallengeView {
                id: challenge_id(),
                from: account_name(),
                to: AccountName::parse("Lancelot").expect("a name"),
                variant: Variant::Camelot,
                time: times()[1],
                rated: false,
                colour: ColourChoice::Random,
                rating: 1500,
                provisional: true,
                expires_at: 1_700_000_600_000,
                seats: if table { challenge_seats() } else { Vec::new() },
                state,
            })
            .collect()
    }

    fn scores() -> Vec<ScoreView> {
        vec![ScoreView::Cp(-34), ScoreView::Win(5), ScoreView::Loss(3)]
    }

    fn analysed_plies() -> Vec<AnalysedPly> {
        let m = moves();
        let judged = [
            Some(MoveQuality::Best),
            Some(MoveQuality::Good),
            Some(MoveQuality::Inaccuracy),
            Some(MoveQuality::Mistake),
            Some(MoveQuality::Blunder),
            None,
        ];
        // Every named move as played and as best, so that both are seen as moves.
        (0..m.len().max(judged.len()))
            .map(|i| {
                let judgement = judged[i % judged.len()];
                AnalysedPly {
                    ply: i as u32,
                    seat: [SeatColour::White, SeatColour::Black][i % 2],
                    played: m[i % m.len()].clone(),
                    score: scores()[i % 3],
                    before: 0.5,
                    after: 0.25,
                    judgement,
                    best: judgement.map(|_| m[i % m.len()].clone()),
                    line: if judgement.is_some() {
                        m[..2].to_vec()
                    } else {
                        Vec::new()
                    },
                }
            })
            .collect()
    }

    /// The analysis board's requests and answers.
    fn studies() -> Vec<(&'static str, Option<&'static str>, Vec<Value>)> {
        let starts = [
            StudyStart::Start {
                variant: Variant::Camelot,
            },
            StudyStart::Game {
                game: id(),
                ply: 20,
            },
        ];
        let studies: Vec<Study> = starts
            .iter()
            .map(|start| Study {
                start: start.clone(),
                moves: moves(),
            })
            .collect();
        let positions: Vec<StudiedPosition> = [None, Some(ends()[0])]
            .into_iter()
            .map(|over| StudiedPosition {
                variant: Variant::Camelot,
                board: boards()[0].clone(),
                legal: moves(),
                moves: moves()[..1].to_vec(),
                over,
            })
            .collect();
        let lines: Vec<StudyLine> = scores()
            .into_iter()
            .map(|score| StudyLine {
                score,
                chance: 0.75,
                moves: moves(),
            })
            .collect();
        vec![
            ("StudyStart", Some("from"), values(&starts)),
            ("Study", None, values(&studies)),
            ("StudiedPosition", None, values(&positions)),
            ("StudyLine", None, values(&lines)),
            (
                "LinesView",
                Some("state"),
                values(&[
                    LinesView::Queued { ahead: 2 },
                    LinesView::Running,
                    LinesView::Done { depth: 11, lines },
                ]),
            ),
        ]
    }

    fn analysis_views() -> Vec<AnalysisView> {
        vec![
            AnalysisView::Queued { ahead: 2 },
            AnalysisView::Running {
                searched: 3,
                positions: 41,
            },
            AnalysisView::Done {
                plies: analysed_plies(),
            },
        ]
    }

    fn id() -> GameId {
        GameId::parse("k3x9qz2a").expect("an id")
    }

    fn account_name() -> AccountName {
        AccountName::parse("Guinevere").expect("a name")
    }

    fn seat_accounts() -> Vec<SeatAccount> {
        vec![
            SeatAccount {
                name: Some(account_name()),
                rating: Some(1620),
                provisional: true,
                change: Some(-12),
            },
            SeatAccount {
                name: None,
                rating: None,
                provisional: false,
                change: None,
            },
        ]
    }

    fn sessions() -> Vec<Session> {
        vec![
            Session {
                name: account_name(),
                kind: AccountKind::Person,
                token: Some(AccountToken::new("Pq8Vn1aZ")),
                device: Some(super::super::accounts::DeviceToken::new("Dv3Kq9xB")),
                recovery_codes: vec![
                    RecoveryCode::parse("k3x9-qz2a-7mfp").expect("a code"),
                    RecoveryCode::parse("abcd-efgh-ijkm").expect("a code"),
                ],
            },
            Session {
                name: account_name(),
                kind: AccountKind::Computer,
                token: None,
                device: None,
                recovery_codes: Vec::new(),
            },
        ]
    }

    fn sign_ups() -> Vec<SignUp> {
        let password = Password::parse("a secret of eight").expect("a password");
        vec![
            SignUp {
                name: account_name(),
                password: password.clone(),
                kind: AccountKind::Computer,
                rated_with_people: true,
                token: true,
            },
            SignUp {
                name: account_name(),
                password,
                kind: AccountKind::Person,
                rated_with_people: false,
                token: false,
            },
        ]
    }

    fn log_ins() -> Vec<LogIn> {
        let password = Password::parse("a secret of eight").expect("a password");
        vec![
            LogIn {
                name: account_name(),
                password: password.clone(),
                token: true,
                device: Some(super::super::accounts::DeviceToken::new("Dv3Kq9xB")),
            },
            LogIn {
                name: account_name(),
                password,
                token: false,
                device: None,
            },
        ]
    }

    fn change_passwords() -> Vec<ChangePassword> {
        let password = Password::parse("a secret of eight").expect("a password");
        vec![
            ChangePassword {
                old: password.clone(),
                new: password.clone(),
                token: true,
            },
            ChangePassword {
                old: password.clone(),
                new: password,
                token: false,
            },
        ]
    }

    fn variant_ratings() -> Vec<VariantRating> {
        vec![VariantRating {
            variant: Variant::Camelot,
            rating: 1620.5,
            deviation: 80.25,
            games: 12,
            provisional: false,
        }]
    }

    fn profiles() -> Vec<PlayerProfile> {
        vec![PlayerProfile {
            name: account_name(),
            kind: AccountKind::Person,
            since: 1_700_000_000_000,
            ratings: variant_ratings(),
            playing: vec![id()],
            playing_games: Vec::new(),
            history: vec![RatingPoint {
                variant: Variant::Camelot,
                at: 1_700_000_100_000,
                rating: 1620.5,
            }],
            games: PlayedGames {
                games: vec![
                    PlayedGame {
                        game: id(),
                        variant: Variant::Camelot,
                        at: 1_700_000_000_000,
                        seat: SeatColour::White,
                        score: Some(Score::Won),
                        rated: true,
                        change: Some(12),
                        time: times()[1],
                        others: vec![OtherSeat {
                            seat: SeatColour::Black,
                            partner: false,
                            account: Some(SeatAccount {
                                name: Some(account_name()),
                                rating: Some(1487),
                                provisional: true,
                                change: None,
                            }),
                            name: None,
                            computer: None,
                        }],
                    },
                    PlayedGame {
                        game: id(),
                        variant: Variant::Camette,
                        at: 1_700_000_000_000,
                        seat: SeatColour::Black,
                        score: None,
                        rated: false,
                        change: None,
                        time: times()[0],
                        others: vec![
                            OtherSeat {
                                seat: SeatColour::White,
                                partner: false,
                                account: None,
                                name: Some(name()),
                                computer: None,
                            },
                            OtherSeat {
                                seat: SeatColour::Green,
                                partner: true,
                                account: None,
                                name: None,
                                computer: Some(Level::NOVICE),
                            },
                        ],
                    },
                ],
                next: Some(id()),
            },
            online: true,
            seen_at: Some(1_700_000_200_000),
            relation: Some(Relation::Follow),
        }]
    }

    fn leaders() -> Vec<Leaders> {
        vec![Leaders {
            variants: vec![VariantLeaders {
                variant: Variant::Camelot,
                players: vec![Leader {
                    name: account_name(),
                    rating: 1700.25,
                    deviation: 60.5,
                    games: 40,
                }],
            }],
        }]
    }

    fn token() -> SeatToken {
        SeatToken::new("Xq7Tn0pWz5Rk2mYc")
    }

    fn name() -> PlayerName {
        PlayerName::parse("Ann").expect("a name")
    }

    /// A charge with a capture, a canter, a tree and a pass.
    fn moves() -> Vec<camelot_engine::NamedMove> {
        let charge: camelot_engine::Position =
            "variant=camelot turn=white white=KF6,MF7 black=MF9,ML10"
                .parse()
                .expect("a position");
        let mut out = charge.named_moves();
        out.extend(
            camelot_engine::Position::start(Variant::River)
                .named_moves()
                .into_iter()
                .take(2),
        );
        let grand: camelot_engine::Position =
            "variant=grandcam turn=red red= green=MK8 blue=MG12 yellow=MC9"
                .parse()
                .expect("a position");
        out.extend(grand.named_moves());
        out
    }

    fn variants() -> Vec<VariantView> {
        vec![
            VariantView::of(Variant::Camelot),
            VariantView::of(Variant::River),
        ]
    }

    fn boards() -> Vec<BoardView> {
        let mut river = Game::new(Variant::River);
        let tree = river.position().named_moves()[0].clone();
        let mv = river.position().read_named(&tree).expect("a tree");
        let _ = river.play(&mv);
        let mut with_claim = BoardView::of(&river);
        with_claim.claims = vec![DrawClaim::Repetition];
        let mut capture = Game::new(Variant::Camette);
        capture.play_notation("C3-C4").expect("a move");
        vec![
            BoardView::of(&Game::new(Variant::Camelot)),
            with_claim,
            BoardView::of(&capture),
        ]
    }

    /// The boards' own, and the kinds no sample board has.
    fn constraints() -> Vec<ConstraintView> {
        let square = |s: &str| s.parse().expect("a square");
        let mut out: Vec<ConstraintView> =
            boards().into_iter().filter_map(|b| b.constraint).collect();
        out.extend([
            ConstraintView::Pass,
            ConstraintView::LeaveCastle {
                pieces: vec![square("F1")],
                capturing: false,
            },
        ]);
        out
    }

    fn times() -> Vec<TimeControl> {
        vec![
            TimeControl::Untimed,
            TimeControl::Clock {
                minutes: 5,
                increment: 3,
            },
            TimeControl::Days { days: 3 },
        ]
    }

    fn seats() -> Vec<SeatView> {
        vec![
            SeatView {
                seat: SeatColour::White,
                name: Some(name()),
                open: false,
                connected: true,
                away_ms: None,
                computer: None,
                account: Some(seat_accounts()[0].clone()),
            },
            SeatView {
                seat: SeatColour::Black,
                name: None,
                open: true,
                connected: false,
                away_ms: Some(3000),
                computer: Some(Level::NOVICE),
                account: None,
            },
        ]
    }

    fn clocks() -> Vec<ClockView> {
        vec![
            ClockView {
                remaining_ms: vec![300_000, 290_000],
                running: Some(1),
            },
            ClockView {
                remaining_ms: vec![0, 1000],
                running: None,
            },
        ]
    }

    fn offers() -> Vec<OfferView> {
        vec![OfferView {
            kind: OfferKind::Draw,
            by: SeatColour::White,
        }]
    }

    /// Every ask, and a seat with none.
    fn may() -> Vec<SeatAsks> {
        vec![
            SeatAsks {
                seat: SeatColour::White,
                asks: Ask::ALL.to_vec(),
            },
            SeatAsks {
                seat: SeatColour::Black,
                asks: Vec::new(),
            },
        ]
    }

    fn ends() -> Vec<GameEnd> {
        vec![
            GameEnd::Decided(Outcome::win(Side::Second, EndReason::Time)),
            GameEnd::Decided(Outcome::draw(EndReason::Agreement)),
            GameEnd::Aborted,
        ]
    }

    pub fn game_views() -> Vec<GameView> {
        let full = GameView {
            id: id(),
            variant: Variant::Camelot,
            time: times()[1],
            seats: seats(),
            moves: moves()[..2].to_vec(),
            movers: vec![SeatColour::White, SeatColour::Black],
            may: may(),
            clocks: Some(clocks()[0].clone()),
            move_due_ms: Some(86_400_000),
            offers: offers(),
            result: Some(ends()[0]),
            rematch: Some(GameId::parse("r2d2c3po").expect("an id")),
            board: Some(boards()[0].clone()),
            legal: moves(),
            rated: true,
        };
        let bare = GameView {
            time: times()[0],
            moves: Vec::new(),
            movers: Vec::new(),
            may: Vec::new(),
            clocks: None,
            move_due_ms: None,
            offers: Vec::new(),
            result: None,
            rematch: None,
            board: None,
            legal: Vec::new(),
            rated: false,
            ..full.clone()
        };
        vec![full, bare]
    }

    fn server_messages(game: &[GameView]) -> Vec<ServerMessage> {
        let moved = |board: bool| ServerMessage::Moved {
            ply: 3,
            mv: moves()[0].clone(),
            seat: SeatColour::White,
            clocks: board.then(|| clocks()[0].clone()),
            move_due_ms: board.then_some(60_000),
            board: board.then(|| Box::new(boards()[1].clone())),
            legal: if board { moves() } else { Vec::new() },
            may: if board { may() } else { Vec::new() },
        };
        vec![
            ServerMessage::State {
                v: PROTOCOL_VERSION,
                you: Some(SeatColour::White),
                game: Box::new(game[0].clone()),
                accepted: Some(Accepted {
                    kind: OfferKind::Takeback,
                    by: SeatColour::Black,
                }),
            },
            ServerMessage::State {
                v: PROTOCOL_VERSION,
                you: None,
                game: Box::new(game[1].clone()),
                accepted: None,
            },
            moved(true),
            moved(false),
            ServerMessage::Ack { id: 7, ply: 3 },
            ServerMessage::Rejected {
                id: 7,
                code: ErrorCode::IllegalMove,
                reason: "E6-E9: not a leap".into(),
            },
            ServerMessage::Offered {
                kind: OfferKind::Draw,
                by: SeatColour::Black,
                may: may(),
            },
            ServerMessage::Offered {
                kind: OfferKind::Draw,
                by: SeatColour::Black,
                may: Vec::new(),
            },
            ServerMessage::Declined {
                kind: OfferKind::Takeback,
                by: SeatColour::Black,
                may: may(),
            },
            ServerMessage::Declined {
                kind: OfferKind::Takeback,
                by: SeatColour::Black,
                may: Vec::new(),
            },
            ServerMessage::Ended {
                result: ends()[0],
                may: may(),
                accepted: Some(Accepted {
                    kind: OfferKind::Draw,
                    by: SeatColour::White,
                }),
            },
            ServerMessage::Ended {
                result: ends()[1],
                may: Vec::new(),
                accepted: None,
            },
            ServerMessage::Presence {
                seat: SeatColour::Black,
                connected: true,
                name: Some(name()),
            },
            ServerMessage::Presence {
                seat: SeatColour::Black,
                connected: false,
                name: None,
            },
            ServerMessage::Seated {
                seat: SeatColour::Black,
                name: Some(name()),
            },
            ServerMessage::Seated {
                seat: SeatColour::Black,
                name: None,
            },
            ServerMessage::Rematch {
                game: id(),
                seat: Some(SeatColour::Black),
                token: Some(token()),
            },
            ServerMessage::Rematch {
                game: id(),
                seat: None,
                token: None,
            },
            ServerMessage::error(ErrorCode::NoSuchGame, "there is no game 'x'"),
            ServerMessage::Pong { n: 1 },
            ServerMessage::signed_out(crate::protocol::SessionEnd::PasswordChanged),
        ]
    }

    fn client_messages() -> Vec<ClientMessage> {
        vec![
            Hello::seat(&id(), Some(&token()), Some(&name()))
                .with_board()
                .into(),
            Hello::watch(&id()).into(),
            ClientMessage::Move {
                id: 7,
                ply: 3,
                mv: moves()[0].clone(),
            },
            ClientMessage::Offer {
                kind: OfferKind::Draw,
            },
            ClientMessage::Accept {
                kind: OfferKind::Rematch,
            },
            ClientMessage::Decline {
                kind: OfferKind::Takeback,
            },
            ClientMessage::Resign,
            ClientMessage::Claim {
                kind: DrawClaim::FiftyMoves,
            },
            ClientMessage::Abort,
            ClientMessage::Ping { n: 0 },
        ]
    }

    fn tv_nexts() -> Vec<TvNext> {
        vec![TvNext {
            variant: Variant::River,
            in_ms: 14_000,
        }]
    }

    fn close_accounts() -> Vec<CloseAccount> {
        vec![CloseAccount {
            password: Password::parse("a secret of eight").expect("a password"),
        }]
    }

    fn tv_game() -> TvGame {
        TvGame {
            id: id(),
            variant: Variant::Anti,
            tournament: None,
        }
    }

    fn tournament_tv_game() -> TvGame {
        TvGame {
            id: id(),
            variant: Variant::Camelot,
            tournament: Some(TvTournament {
                id: tournament_id(),
                name: "Evening arena".into(),
            }),
        }
    }

    fn tv_nows() -> Vec<TvNow> {
        vec![
            TvNow {
                game: Some(tv_game()),
                next: None,
            },
            TvNow {
                game: Some(tv_game()),
                next: Some(tv_nexts()[0]),
            },
            TvNow {
                game: None,
                next: None,
            },
            TvNow {
                game: Some(tournament_tv_game()),
                next: None,
            },
        ]
    }

    fn summaries() -> Vec<GameSummary> {
        vec![
            GameSummary {
                id: id(),
                variant: Variant::Camelot,
                time: times()[1],
                plies: 12,
                connected: 2,
                tv: false,
                rated: true,
            },
            GameSummary {
                id: id(),
                variant: Variant::Camette,
                time: times()[0],
                plies: 3,
                connected: 0,
                tv: true,
                rated: false,
            },
        ]
    }

    fn open_seats() -> Vec<OpenSeat> {
        vec![
            OpenSeat {
                game: id(),
                seat: SeatColour::Black,
                variant: Variant::Camelot,
                time: times()[0],
                rated: true,
                creator: Some(seat_accounts()[1].clone()),
                rating_range: Some(200),
            },
            OpenSeat {
                game: id(),
                seat: SeatColour::White,
                variant: Variant::Camette,
                time: times()[1],
                rated: false,
                creator: None,
                rating_range: None,
            },
        ]
    }

    fn new_games() -> Vec<NewGame> {
        vec![
            NewGame {
                variant: Variant::GrandCam,
                time: times()[2],
                open: vec![SeatColour::Blue],
                computer: vec![ComputerSeat {
                    seat: SeatColour::Green,
                    level: Level::CLUB,
                }],
                rated: false,
                rating_range: None,
            },
            NewGame {
                rated: true,
                open: vec![SeatColour::Black],
                rating_range: Some(200),
                ..NewGame::new(Variant::Camelot, times()[0])
            },
            NewGame::new(Variant::Camelot, times()[0]),
        ]
    }

    fn created() -> Vec<Created> {
        let mut seats = BTreeMap::new();
        seats.insert(SeatColour::White, token());
        vec![
            Created {
                game: id(),
                seats: seats.clone(),
                open: vec![SeatColour::Black],
                computer: vec![ComputerSeat {
                    seat: SeatColour::Red,
                    level: Level::MASTER,
                }],
            },
            Created {
                game: id(),
                seats,
                open: Vec::new(),
                computer: Vec::new(),
            },
        ]
    }

    fn take_seats() -> Vec<TakeSeat> {
        vec![
            TakeSeat {
                game: id(),
                seat: SeatColour::Black,
                name: Some(name()),
            },
            TakeSeat {
                game: id(),
                seat: SeatColour::Black,
                name: None,
            },
        ]
    }

    fn taken() -> Vec<Taken> {
        vec![Taken {
            game: id(),
            seat: SeatColour::Black,
            token: token(),
        }]
    }

    fn game_states(game: &[GameView]) -> Vec<GameState> {
        vec![
            GameState {
                you: Some(SeatColour::White),
                game: game[0].clone(),
            },
            GameState {
                you: None,
                game: game[1].clone(),
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_names_the_version_reasons_and_shapes() {
        let text = module_text();
        assert!(text.contains(&format!("export const PROTOCOL = {PROTOCOL_VERSION};")));
        assert!(
            text.contains(r#""goal_castle": "pieces in the goal castle","#),
            "{text}"
        );
        assert!(text.contains(r##""White": "#faf7f0","##), "{text}");
        assert!(
            text.contains(
                "@typedef {{ captures: Coord[], kind: MoveKind, notation: string, path: Coord[], steps: Step[] }} NamedMove"
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"{ t: "moved", board?: BoardView, clocks?: ClockView, legal?: NamedMove[], may?: ({ asks: Ask[], seat: SeatColour })[], move: NamedMove,"#),
            "{text}"
        );
        assert!(
            text.contains(r#"{ end: "decided", reason: EndReason, winner: null | number }"#),
            "{text}"
        );
        assert!(text.contains("legal?: NamedMove[]"), "{text}");
    }
}
