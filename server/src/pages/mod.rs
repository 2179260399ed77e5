//! The browser page: an invitation code is its address. `GET /` is the server's front
//! page (a game to start, the TV, my games, live games, open seats), `GET /GAME` watches
//! a game, `GET /GAME/TOKEN` plays the seat the token holds, `GET /tv` follows the
//! computer match the server keeps on and `GET /rules` (`/rules/VARIANT`) are the rules.
//! The page's files (`server/web/`) are built into this program, so the server serves
//! them with nothing else installed; `GET /variants/ID.json` describes a variant's board
//! to the page, which knows no rules.
//!
//! A token in the address is a secret: nothing here logs a request, the page is served
//! with `Referrer-Policy: no-referrer` (no other site learns the address) and a
//! Content-Security-Policy that lets it load only this server's own files and talk only to
//! this server.

use std::sync::{Arc, LazyLock};

use axum::extract::{FromRef, Path, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use camelot_engine::Variant;
use camelot_online::protocol::{ErrorCode, GameId, VariantView, PROTOCOL_VERSION};

use crate::common::client::ClientAddress;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::TextBody;
use crate::common::limits::PerMinute;
use crate::round::Hubs;

mod qr;
mod rules;
mod served;

use served::Served;

/// The page, and the files it loads, with their types.
const PAGE: &str = include_str!("../../web/index.html");
const FILES: &[(&str, &str, &str)] = &[
    ("main.js", JS, include_str!("../../web/app/main.js")),
    ("game.js", JS, include_str!("../../web/app/game.js")),
    ("lobby.js", JS, include_str!("../../web/app/lobby.js")),
    ("board.js", JS, include_str!("../../web/app/board.js")),
    ("moves.js", JS, include_str!("../../web/app/moves.js")),
    ("clock.js", JS, include_str!("../../web/app/clock.js")),
    ("net.js", JS, include_str!("../../web/app/net.js")),
    ("create.js", JS, include_str!("../../web/app/create.js")),
    ("invite.js", JS, include_str!("../../web/app/invite.js")),
    ("variants.js", JS, include_str!("../../web/app/variants.js")),
    ("mine.js", JS, include_str!("../../web/app/mine.js")),
    ("replay.js", JS, include_str!("../../web/app/replay.js")),
    ("round.js", JS, include_str!("../../web/app/round.js")),
    ("panel.js", JS, include_str!("../../web/app/panel.js")),
    ("words.js", JS, include_str!("../../web/app/words.js")),
    ("entry.js", JS, include_str!("../../web/app/entry.js")),
    ("pieces.js", JS, include_str!("../../web/app/pieces.js")),
    ("show.js", JS, include_str!("../../web/app/show.js")),
    ("analysis.js", JS, include_str!("../../web/app/analysis.js")),
    ("tv.js", JS, include_str!("../../web/app/tv.js")),
    ("rules.js", JS, include_str!("../../web/app/rules.js")),
    ("protocol.js", JS, include_str!("../../web/app/protocol.js")),
    ("dom.js", JS, include_str!("../../web/app/dom.js")),
    ("sound.js", JS, include_str!("../../web/app/sound.js")),
    ("account.js", JS, include_str!("../../web/app/account.js")),
    ("player.js", JS, include_str!("../../web/app/player.js")),
    ("history.js", JS, include_str!("../../web/app/history.js")),
    ("recovery.js", JS, include_str!("../../web/app/recovery.js")),
    ("study.js", JS, include_str!("../../web/app/study.js")),
    (
        "challengeform.js",
        JS,
        include_str!("../../web/app/challengeform.js"),
    ),
    ("tree.js", JS, include_str!("../../web/app/tree.js")),
    ("lines.js", JS, include_str!("../../web/app/lines.js")),
    ("why.js", JS, include_str!("../../web/app/why.js")),
    ("notify.js", JS, include_str!("../../web/app/notify.js")),
    (
        "challenges.js",
        JS,
        include_str!("../../web/app/challenges.js"),
    ),
    ("terms.js", JS, include_str!("../../web/app/terms.js")),
    ("around.js", JS, include_str!("../../web/app/around.js")),
    (
        "tournaments.js",
        JS,
        include_str!("../../web/app/tournaments.js"),
    ),
    (
        "relations.js",
        JS,
        include_str!("../../web/app/relations.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/app/style.css"),
    ),
];
const JS: &str = "text/javascript; charset=utf-8";

/// Only this server's own files and this server's socket; no inline script or style.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; media-src 'self'; base-uri 'none'; form-action 'none'; \
                   frame-ancestors 'none'";

/// The page's routes, with the room's own allowance: `qr`, the QR codes one address may
/// ask the server to draw a minute.
pub fn routes(hubs: Arc<Hubs>, qr: PerMinute) -> Router {
    Router::new()
        .route("/", get(front))
        .route("/version", get(version))
        .route("/favicon.ico", get(icon))
        .route("/tv", get(front))
        // The account's pages, which the page draws by its address.
        .route("/signup", get(front))
        .route("/login", get(front))
        .route("/settings", get(front))
        .route("/recover", get(front))
        .route("/analysis", get(front))
        .route("/rules", get(all_rules))
        .route("/rules/{variant}", get(variant_rules))
        .route("/qr", post(qr_code))
        .route("/app/{file}", get(file))
        .route("/variants/{file}", get(variant))
        .route("/{game}", get(game))
        .route("/{game}/{token}", get(seat))
        .with_state(PagesRoom {
            hubs,
            qr: Arc::new(qr),
        })
}

/// What every answer of the page's carries.
fn secure(mut r: Response) -> Response {
    let h = r.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        ),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    r
}

/// A served text's answer: a 304 carries only what names the copy the browser holds
/// (what a page's headers guard is in the copy's own answer).
fn secure_served(r: Response) -> Response {
    if r.status() == StatusCode::NOT_MODIFIED {
        r
    } else {
        secure(r)
    }
}

/// The pages room's state: the games its pages name, and its allowance.
#[derive(Clone)]
struct PagesRoom {
    hubs: Arc<Hubs>,
    qr: Arc<PerMinute>,
}

impl FromRef<PagesRoom> for Arc<Hubs> {
    fn from_ref(room: &PagesRoom) -> Arc<Hubs> {
        room.hubs.clone()
    }
}

impl FromRef<PagesRoom> for Arc<PerMinute> {
    fn from_ref(room: &PagesRoom) -> Arc<PerMinute> {
        room.qr.clone()
    }
}

pub fn page() -> Response {
    let mut r = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response();
    // An address with a token in it is nobody's to keep.
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    secure(r)
}

async fn front() -> Response {
    page()
}

async fn version() -> String {
    format!(
        "camelot-server {}: the Camelot game server, protocol version {PROTOCOL_VERSION} at /ws\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// The page's own 404: styled as the page, with the way back to the front page.
const MISSING: &str = include_str!("../../web/missing.html");

fn not_found() -> Response {
    let mut r = (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        MISSING,
    )
        .into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    secure(r)
}

/// What an address no route knows is answered: the same 404, with the same headers as
/// every page.
pub async fn no_such_page() -> Response {
    not_found()
}

async fn game(State(hubs): State<Arc<Hubs>>, Path(game): Path<String>) -> Response {
    match GameId::parse(&game) {
        Ok(id) => page_of_game(&hubs, &id).await,
        Err(_) => not_found(),
    }
}

async fn seat(
    State(hubs): State<Arc<Hubs>>,
    Path((game, token)): Path<(String, String)>,
) -> Response {
    let token_like =
        !token.is_empty() && token.len() <= 64 && token.bytes().all(|b| b.is_ascii_alphanumeric());
    match GameId::parse(&game) {
        Ok(id) if token_like => page_of_game(&hubs, &id).await,
        _ => not_found(),
    }
}

/// A game's page, where the game is there (live here, or stored); the 404 otherwise.
/// A database that cannot answer now leaves the page to say so once it has loaded.
async fn page_of_game(hubs: &Hubs, id: &GameId) -> Response {
    if hubs.held(id).await.is_some() {
        return page();
    }
    match hubs.db.load(id).await {
        Ok(None) => not_found(),
        Ok(Some(_)) | Err(_) => page(),
    }
}

/// The game's icon, as the browser's tab shows it (a PNG, which every browser reads at
/// this address).
async fn icon() -> Response {
    let mut r = (
        [(header::CONTENT_TYPE, "image/png")],
        include_bytes!("../../../assets/icon.png").as_slice(),
    )
        .into_response();
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    secure(r)
}

/// `GET /rules`: the rules of every game.
async fn all_rules(headers: HeaderMap) -> Response {
    rules_page(None, &headers)
}

/// `GET /rules/VARIANT`: one game's rules.
async fn variant_rules(Path(id): Path<String>, headers: HeaderMap) -> Response {
    match id.parse::<Variant>() {
        Ok(v) => rules_page(Some(v), &headers),
        Err(_) => not_found(),
    }
}

fn rules_page(variant: Option<Variant>, headers: &HeaderMap) -> Response {
    static SERVED: LazyLock<Vec<(Option<Variant>, Served)>> = LazyLock::new(|| {
        std::iter::once(None)
            .chain(Variant::ALL.map(Some))
            .map(|v| (v, Served::new("text/html; charset=utf-8", rules::page(v))))
            .collect()
    });
    match SERVED.iter().find(|(v, _)| *v == variant) {
        Some((_, served)) => secure_served(served.answer(headers, "no-cache")),
        None => not_found(),
    }
}

/// `POST /qr` with a link as its body: the link's QR code, as SVG. A POST, so that an
/// invitation's token never stands in an address; so many a minute from one address
/// (`--qr-per-minute`), for a text of at most [`qr::LONGEST`] bytes.
async fn qr_code(
    State(qr_limit): State<Arc<PerMinute>>,
    client: ClientAddress,
    headers: HeaderMap,
    TextBody(text): TextBody,
) -> Response {
    if !qr_limit.allow(client.key()) {
        let per_minute = qr_limit.limit().unwrap_or(0);
        let refused = ServiceError::refused(
            Answer::too_many(per_minute),
            ErrorCode::TooMany,
            format!("too many QR codes from your address: at most {per_minute} a minute"),
        );
        return secure(refused.into_response());
    }
    match qr::svg(text.trim()) {
        Ok(svg) => {
            let mut r = match gzipped(&headers, svg.as_bytes()) {
                Some(gz) => (
                    [
                        (header::CONTENT_TYPE, "image/svg+xml"),
                        (header::CONTENT_ENCODING, "gzip"),
                    ],
                    gz,
                )
                    .into_response(),
                None => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
            };
            let h = r.headers_mut();
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            secure(r)
        }
        Err(why) => secure(
            ServiceError::refused(Answer::BadRequest, ErrorCode::Unreadable, why).into_response(),
        ),
    }
}

/// `body` gzipped, where the request says it takes gzip.
fn gzipped(request: &HeaderMap, body: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let takes_gzip = request
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|e| e.split(';').next().unwrap_or("").trim() == "gzip")
        });
    if !takes_gzip {
        return None;
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(body).ok()?;
    gz.finish().ok()
}

/// The page's files, each revalidated on every load (`no-cache`) and answered 304 while
/// the browser's copy is this build's.
async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    static SERVED: LazyLock<Vec<(&str, Served)>> = LazyLock::new(|| {
        FILES
            .iter()
            .map(|(name, kind, body)| (*name, Served::new(kind, *body)))
            .collect()
    });
    match SERVED.iter().find(|(n, _)| *n == name) {
        Some((_, served)) => secure_served(served.answer(&headers, "no-cache")),
        None => not_found(),
    }
}

/// `GET /variants/ID.json`: a variant's board, the same for every game of it.
async fn variant(Path(name): Path<String>, headers: HeaderMap) -> Response {
    static SERVED: LazyLock<Vec<(Variant, Served)>> = LazyLock::new(|| {
        Variant::ALL
            .map(|v| {
                let json = serde_json::to_string(&VariantView::of(v)).unwrap_or_default();
                (v, Served::new("application/json", json))
            })
            .into()
    });
    let Some(id) = name.strip_suffix(".json") else {
        return not_found();
    };
    match id.parse::<Variant>() {
        Ok(v) => match SERVED.iter().find(|(w, _)| *w == v) {
            Some((_, served)) => secure_served(served.answer(&headers, "no-cache")),
            None => not_found(),
        },
        Err(_) => not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file the page imports is served: a module missing here would leave the
    /// page blank.
    #[test]
    fn every_module_the_page_imports_is_served() {
        let served: Vec<&str> = FILES.iter().map(|(n, _, _)| *n).collect();
        for (_, _, body) in FILES {
            for line in body.lines() {
                if let Some(from) = line.split(" from \"./").nth(1) {
                    let module = from.split('"').next().unwrap();
                    assert!(served.contains(&module), "{module} is imported, not served");
                }
            }
        }
        assert!(PAGE.contains("/app/main.js") && PAGE.contains("/app/style.css"));
    }
}
