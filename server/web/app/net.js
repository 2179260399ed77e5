// The page's connections to the server: one-shot requests over HTTP (`request`), and a
// WebSocket at /ws that says hello to its game (asking for the board and the legal moves,
// since the page knows no rules), pings every ten seconds, and when it drops connects
// again, a little later each time, and asks for the whole game anew.

import { PROTOCOL, VERSION_HEADER } from "./protocol.js";

/**
 * How long to wait before reconnection number `attempt` (from 0): 0.2 s, doubling, at
 * most 2 s, as the other clients do.
 * @param {number} attempt
 * @returns {number} milliseconds
 */
export function backoff(attempt) {
  return Math.min(2000, 200 * 2 ** Math.min(attempt, 10));
}

/** The server's WebSocket, beside the page. */
export function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws`;
}

/**
 * @typedef {import("./protocol.js").ServerMessage} ServerMessage
 * @typedef {import("./protocol.js").ClientMessage} ClientMessage
 * @typedef {"connecting" | "live" | "away" | "stopped"} LinkState
 */

/** A link to one game. */
export class GameLink {
  /**
   * @param {{ game: string, token?: string, name?: string,
   *   onMessage: (m: ServerMessage) => void,
   *   onState: (s: LinkState, why?: string, code?: import("./protocol.js").ErrorCode) => void }} o
   */
  constructor(o) {
    this.o = o;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.attempt = 0;
    /** @type {number | undefined} */
    this.pinger = undefined;
    this.stopped = false;
    this.joined = false;
    this.connect();
  }

  connect() {
    this.o.onState(this.joined ? "away" : "connecting");
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      /** @type {ClientMessage} */
      const hello = { t: "hello", v: PROTOCOL, game: this.o.game, board: true };
      if (this.o.token) {
        hello.token = this.o.token;
      }
      if (this.o.name) {
        hello.name = this.o.name;
      }
      ws.send(JSON.stringify(hello));
      this.pinger = window.setInterval(() => this.send({ t: "ping", n: 0 }), 10_000);
    };
    ws.onmessage = (e) => {
      /** @type {ServerMessage} */
      let m;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.t === "pong") {
        return;
      }
      if (m.t === "state") {
        this.joined = true;
        this.attempt = 0;
        this.o.onState("live");
      } else if (m.t === "error" && !this.joined) {
        // The server refused the game or the seat: no use trying again.
        this.stop();
        this.o.onState("stopped", m.message, m.code);
        return;
      } else if (m.t === "signed_out") {
        // The account's session ended (logged out elsewhere, the password changed, the
        // account closed): coming back would come back as someone else.
        this.stop();
        this.o.onState("stopped", m.message, "signed_out");
        return;
      }
      this.o.onMessage(m);
    };
    ws.onclose = () => {
      window.clearInterval(this.pinger);
      if (this.stopped) {
        return;
      }
      this.o.onState(this.joined ? "away" : "connecting");
      window.setTimeout(() => {
        if (!this.stopped) {
          this.connect();
        }
      }, backoff(this.attempt++));
    };
  }

  /** @param {ClientMessage} m */
  send(m) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(m));
      return true;
    }
    return false;
  }

  /** Joins again, for the whole game: the connection is closed and made anew. */
  resync() {
    this.ws?.close();
  }

  stop() {
    this.stopped = true;
    window.clearInterval(this.pinger);
    this.ws?.close();
  }
}

/**
 * @typedef {import("./protocol.js").SiteServerMessage} SiteServerMessage
 */

/**
 * The site socket (`/site`): a logged-in tab's one live connection, which hears the
 * account's challenges as they change. It connects again when it drops, a little later
 * each time, and stops for good once the server says the session is over.
 */
export class SiteLink {
  /**
   * @param {{ onMessage: (m: SiteServerMessage) => void, onStopped: (why: string) => void }} o
   */
  constructor(o) {
    this.o = o;
    this.attempt = 0;
    this.stopped = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/site`);
    this.ws = ws;
    ws.onmessage = (e) => {
      /** @type {SiteServerMessage} */
      let m;
      try {
        m = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (m.t === "signed_out" || (m.t === "error" && m.code === "not_signed_in")) {
        this.stop();
        this.o.onStopped(m.message);
        return;
      }
      if (m.t === "challenges") {
        this.attempt = 0;
      }
      this.o.onMessage(m);
    };
    ws.onclose = () => {
      if (!this.stopped) {
        window.setTimeout(() => {
          if (!this.stopped) {
            this.connect();
          }
        }, backoff(this.attempt++));
      }
    };
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }
}

/** A refused request: the server's code and its words. */
export class Refused extends Error {
  /**
   * @param {import("./protocol.js").ErrorCode | "unreachable"} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * One of the server's one-shot requests, over HTTP: its answer, or a `Refused` with the
 * server's code and words.
 * @template T
 * @param {"GET" | "POST" | "DELETE"} method
 * @param {string} path
 * @param {object} [body]
 * @param {{ signal?: AbortSignal }} [options] `signal` gives the request up (a wait
 *   for news the page no longer needs)
 * @returns {Promise<T>}
 */
export async function request(method, path, body, options = {}) {
  return (await exchange(method, path, body, options.signal)).answer;
}

/**
 * A page of one of the lists the server gives a page at a time (`GET /games`,
 * `GET /seats`): its items, and the path of the next page where there are more (the
 * answer's `Link: <PATH>; rel="next"`).
 * @template T
 * @param {string} path
 * @returns {Promise<{ items: T[], next: string | null }>}
 */
export async function requestPage(path) {
  const { answer, response } = await exchange("GET", path);
  return { items: answer, next: nextPage(response.headers.get("link")) };
}

/**
 * The next page's path a `Link` header names, if it names one.
 * @param {string | null} link
 */
export function nextPage(link) {
  const m = /<([^>]*)>\s*;\s*rel="?next"?/.exec(link ?? "");
  return m ? m[1] : null;
}

/**
 * @param {"GET" | "POST" | "DELETE"} method
 * @param {string} path
 * @param {object} [body]
 * @param {AbortSignal} [signal]
 */
async function exchange(method, path, body, signal) {
  /** @type {Record<string, string>} */
  const headers = { [VERSION_HEADER]: String(PROTOCOL), accept: "application/json" };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
  }
  let r;
  try {
    r = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
    });
  } catch {
    throw new Refused("unreachable", "the server cannot be reached");
  }
  const answer = await r.json().catch(() => null);
  if (!r.ok) {
    /** @type {import("./protocol.js").ApiError | null} */
    const e = answer;
    throw new Refused(e?.code ?? "other", e?.message ?? `the server answered ${r.status}`);
  }
  return { answer, response: r };
}
