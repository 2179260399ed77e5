//! The server's door: every room's routes under one router, and what holds for all of
//! them (the protocol version a request states, the size of a body, requests from
//! another site's page).

use std::sync::Arc;

use axum::middleware;
use axum::Router;

use crate::accounts::Accounts;
use crate::common::http::{no_sniffing, speaks_this_version, wrong_method, MAX_BODY_BYTES};
use crate::common::limits::{Cap, PerMinute};
use crate::common::site::{self, Origins};
use crate::games::Hubs;
use crate::{accounts, analysis, games, pages, pairing, players, seats, tv};

/// What the rooms that keep an allowance of their own may give one address.
pub struct RoomLimits {
    /// Quick-game requests waiting at once.
    pub quick_games: Cap,
    /// Open seats taken a minute.
    pub takes: PerMinute,
    /// QR codes drawn a minute.
    pub qr: PerMinute,
    /// Analyses waiting or under way.
    pub analyses: Cap,
}

pub fn router(
    hubs: Arc<Hubs>,
    accounts: Arc<Accounts>,
    origins: Origins,
    limits: RoomLimits,
) -> Router {
    let api = games::api()
        .merge(seats::api(hubs.clone(), limits.takes))
        .merge(pairing::api(hubs.clone(), limits.quick_games))
        .merge(tv::api())
        .merge(analysis::api(hubs.clone(), limits.analyses))
        .merge(accounts::api().with_state(accounts.clone()))
        .merge(players::api().with_state(accounts.clone()))
        .route_layer(middleware::from_fn(speaks_this_version));
    Router::new()
        .merge(games::socket().layer(axum::Extension(accounts.watch.clone())))
        .merge(api)
        .merge(pages::routes(hubs.clone(), limits.qr))
        .fallback(pages::no_such_page)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(origins, site::same_site))
        .layer(middleware::from_fn(no_sniffing))
        .with_state(hubs)
}
