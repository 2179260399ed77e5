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
use crate::round::Hubs;
use crate::setup::Setup;
use crate::{
    accounts, analysis, challenges, pages, pairing, players, presence, relations, round, seats,
    setup, tournaments, tv,
};

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
    pub challenges: challenges::ChallengeLimits,
    pub tournaments: tournaments::TournamentLimits,
}

pub fn router(
    hubs: Arc<Hubs>,
    setup: Arc<Setup>,
    accounts: Arc<Accounts>,
    origins: Origins,
    limits: RoomLimits,
    site: presence::SiteRooms,
) -> Router {
    let api = round::api(hubs.clone())
        .merge(setup::api(setup))
        .merge(seats::api(hubs.clone(), limits.takes))
        .merge(pairing::api(hubs.db.clone(), limits.quick_games))
        .merge(tv::api(hubs.db.clone()))
        .merge(challenges::api(
            hubs.db.clone(),
            site.challenges.clone(),
            limits.challenges,
        ))
        .merge(presence::api(site.clone()))
        .merge(relations::api(hubs.db.clone()))
        .merge(tournaments::api(hubs.db.clone(), limits.tournaments))
        .merge(analysis::api(hubs.clone(), limits.analyses))
        .merge(accounts::api().with_state(accounts.clone()))
        .merge(players::api().with_state(accounts.clone()))
        .route_layer(middleware::from_fn(speaks_this_version));
    Router::new()
        .merge(round::socket(
            hubs.clone(),
            accounts.watch.clone(),
            site.present.clone(),
        ))
        .merge(presence::socket(site, accounts.watch.clone()))
        .merge(api)
        .merge(pages::routes(hubs, limits.qr))
        .fallback(pages::no_such_page)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(origins, site::same_site))
        .layer(middleware::from_fn(no_sniffing))
}
