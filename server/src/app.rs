//! The server's door: every room's routes under one router, and what holds for all of
//! them (the protocol version a request states, the size of a body, requests from
//! another site's page).

use std::sync::Arc;

use axum::middleware;
use axum::Router;

use crate::accounts::Accounts;
use crate::common::http::{no_sniffing, speaks_this_version, wrong_method, MAX_BODY_BYTES};
use crate::common::limits::Cap;
use crate::common::site::{self, Origins};
use crate::games::Hubs;
use crate::{accounts, analysis, games, pages, pairing, players, seats, tv};

/// `quick_games`: the quick-game requests one address may have waiting at once.
pub fn router(
    hubs: Arc<Hubs>,
    accounts: Arc<Accounts>,
    origins: Origins,
    quick_games: Cap,
) -> Router {
    let api = games::api()
        .merge(seats::api())
        .merge(pairing::api(hubs.clone(), quick_games))
        .merge(tv::api())
        .merge(analysis::api())
        .merge(accounts::api().with_state(accounts.clone()))
        .merge(players::api().with_state(accounts.clone()))
        .route_layer(middleware::from_fn(speaks_this_version));
    Router::new()
        .merge(games::socket().layer(axum::Extension(accounts.watch.clone())))
        .merge(api)
        .merge(pages::routes())
        .fallback(pages::no_such_page)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(origins, site::same_site))
        .layer(middleware::from_fn(no_sniffing))
        .with_state(hubs)
}
