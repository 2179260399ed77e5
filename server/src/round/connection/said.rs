//! What a connection's client says, answered: a hello that joins the game as a seat or
//! a watcher, and then its moves, offers and requests, each asked of the round's hub.

use camelot_online::protocol::{ClientMessage, ErrorCode, Hello, OfferKind, ServerMessage};
use tokio::sync::broadcast;

use crate::accounts::Account;
use crate::common::limits::AddressKey;
use crate::common::tokens;
use crate::games::{Agreement, LiveGame, Refusal};
use crate::round::hub::{BoardsWanted, Hubs, RematchNews};

use super::*;

pub(super) async fn handle(
    hubs: &Hubs,
    client: AddressKey,
    me: Option<&Account>,
    sink: &mut Sink,
    joined: &mut Option<Joined>,
    message: ClientMessage,
) -> Result<Next, Gone> {
    let reply = match message {
        ClientMessage::Ping { n } => ServerMessage::Pong { n },
        ClientMessage::Hello(h) => {
            if joined.is_some() {
                ServerMessage::error(
                    ErrorCode::AlreadyJoined,
                    "this connection has joined a game already",
                )
            } else {
                return hello(hubs, me, sink, joined, h).await;
            }
        }
        other => match joined {
            None => ServerMessage::error(ErrorCode::NotJoined, "say hello to a game first"),
            Some(j) => {
                let reply = act(hubs, client, j, other).await;
                // What the request changed reaches this connection before its answer:
                // an acknowledged move is already in the client's copy of the game.
                loop {
                    match j.rx.try_recv() {
                        Ok(b) => forward(sink, j, Ok(b)).await?,
                        Err(broadcast::error::TryRecvError::Lagged(n)) => {
                            forward(sink, j, Err(broadcast::error::RecvError::Lagged(n))).await?
                        }
                        Err(_) => break,
                    }
                }
                match reply {
                    Some(reply) => reply,
                    None => return Ok(Next::Go),
                }
            }
        },
    };
    send(sink, &reply).await?;
    Ok(match reply {
        ServerMessage::Ack { .. } => Next::Stored,
        _ => Next::Go,
    })
}

/// Joins a game as a seat or a watcher and sends it whole (and, to a seat of a game
/// whose rematch is agreed, its seat there).
async fn hello(
    hubs: &Hubs,
    me: Option<&Account>,
    sink: &mut Sink,
    joined: &mut Option<Joined>,
    asked: Hello,
) -> Result<Next, Gone> {
    let game = &asked.game;
    let cannot_read = |e: &dyn std::fmt::Display| {
        eprintln!("camelot-server: game {}: {e}", clip(game.as_str()));
        Next::Close(Box::new(ServerMessage::error(
            ErrorCode::Storage,
            "the server cannot read its games",
        )))
    };
    let (hub, rx) = match hubs.join(game).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            return Ok(Next::Close(Box::new(ServerMessage::error(
                ErrorCode::NoSuchGame,
                format!("there is no game '{}'", clip(game.as_str())),
            ))))
        }
        Err(e) => return Ok(cannot_read(&e)),
    };
    let seat = match asked.token {
        // A player logged in plays their own seat without its token.
        None => match me {
            None => None,
            Some(a) => match hubs.db.seat_of_account(&hub.id, &a.id).await {
                Ok(player) => player.map(|player| Seat {
                    player,
                    token: None,
                }),
                Err(e) => {
                    hubs.leave(hub, rx).await;
                    return Ok(cannot_read(&e));
                }
            },
        },
        Some(t) => match hubs.db.seat_of(&hub.id, &tokens::hash(t.as_str())).await {
            Ok(Some(player)) => Some(Seat {
                player,
                token: Some(t),
            }),
            Ok(None) => {
                hubs.leave(hub, rx).await;
                return Ok(Next::Close(Box::new(ServerMessage::error(
                    ErrorCode::WrongToken,
                    format!("that token holds no seat in game {game}"),
                ))));
            }
            Err(e) => {
                hubs.leave(hub, rx).await;
                return Ok(cannot_read(&e));
            }
        },
    };
    if let Some(s) = &seat {
        hubs.seat_joined(&hub, s.player, asked.name.as_ref(), me)
            .await;
        let g = hub.state.lock().await;
        hub.seat_presence(s.player, &g, 1);
    }
    // The game as it stands, and a subscription from that moment on: the hub announces
    // every change under the game's lock, so nothing announced before the state is sent
    // after it (a stale move, whose board would take the client a ply back).
    let (state, plies, rematch, rx, boards) = {
        let g = hub.state.lock().await;
        let fresh = hub.tx.subscribe();
        drop(rx);
        let boards = asked.board.then(|| BoardsWanted::new(&hub));
        let state = state_in(&hub, &g, seat.as_ref().map(|s| s.player), asked.board);
        (state, g.plies.len(), RematchNews::of(&g), fresh, boards)
    };
    *joined = Some(Joined {
        hub,
        rx,
        seat,
        board: boards,
        plies_sent: plies,
    });
    send(sink, &state).await?;
    if let (Some(news), Some(j)) = (rematch, joined.as_ref()) {
        if j.seat.is_some() {
            send(sink, &rematch_for(&news, j.seat.as_ref())).await?;
        }
    }
    Ok(Next::Go)
}

/// A seat's request on the joined game; the reply for this connection, if any.
async fn act(
    hubs: &Hubs,
    client: AddressKey,
    j: &Joined,
    message: ClientMessage,
) -> Option<ServerMessage> {
    let Some(seat) = j.player() else {
        return Some(match message {
            ClientMessage::Move { id, .. } => ServerMessage::Rejected {
                id,
                code: Refusal::Watcher.code(),
                reason: Refusal::Watcher.to_string(),
            },
            _ => refused(Refusal::Watcher),
        });
    };
    let done = match message {
        ClientMessage::Move { id, ply, mv } => {
            let r = hubs
                .act(&j.hub, |g: &mut LiveGame, now| g.play(seat, ply, &mv, now))
                .await;
            return Some(match r {
                Ok(plies) => ServerMessage::Ack {
                    id,
                    ply: plies as u32 - 1,
                },
                Err(refusal) => ServerMessage::Rejected {
                    id,
                    code: refusal.code(),
                    reason: refusal.to_string(),
                },
            });
        }
        ClientMessage::Offer { kind } | ClientMessage::Accept { kind } => {
            let offer = matches!(message, ClientMessage::Offer { .. });
            let rematch = match kind {
                OfferKind::Rematch => match hubs.setup.rematch_plan(&j.hub.id, client).await {
                    Ok(plan) => Some(plan),
                    Err(refusal) => return Some(refused(refusal)),
                },
                _ => None,
            };
            let done = hubs
                .act(&j.hub, |g, now| {
                    let agreed = Agreement {
                        now,
                        rematch: rematch.clone(),
                    };
                    if offer {
                        g.offer(seat, kind, &agreed)
                    } else {
                        g.accept(seat, kind, &agreed)
                    }
                })
                .await;
            if let Some(plan) = &rematch {
                let agreed_here = j.hub.state.lock().await.rematch.as_ref() == Some(&plan.id);
                if !agreed_here {
                    hubs.setup.rematch_not_agreed(plan, client);
                }
            }
            done
        }
        ClientMessage::Decline { kind } => hubs.act(&j.hub, |g, _| g.decline(seat, kind)).await,
        ClientMessage::Resign => hubs.act(&j.hub, |g, _| g.resign(seat)).await,
        ClientMessage::Claim { kind } => hubs.act(&j.hub, |g, _| g.claim(seat, kind)).await,
        ClientMessage::Abort => hubs.act(&j.hub, |g, _| g.abort()).await,
        // Answered before a game's requests are (see `handle`).
        ClientMessage::Hello(_) | ClientMessage::Ping { .. } => return None,
    };
    match done {
        Ok(_) => None,
        // A rematch asked for again (or by the side that has not heard yet): the
        // asker's seat in it.
        Err(Refusal::RematchAgreed(_)) => {
            let news = RematchNews::of(&*j.hub.state.lock().await)?;
            Some(rematch_for(&news, j.seat.as_ref()))
        }
        // Success is announced to everyone; only a refusal is said to the asker alone.
        Err(r) => Some(refused(r)),
    }
}

/// A refusal as the error message that says it.
fn refused(r: Refusal) -> ServerMessage {
    ServerMessage::error(r.code(), r.to_string())
}

/// At most 40 characters of what a client sent, for a message.
fn clip(s: &str) -> String {
    camelot_engine::Excerpt::new(s).to_string()
}
