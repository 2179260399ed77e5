// The page's connection to the server: a WebSocket at /ws that says hello to its game
// (asking for the board and the legal moves, since the page knows no rules), pings every
// ten seconds, and when it drops connects again, a little later each time, and asks for
// the whole game anew.

export const PROTOCOL = 3;

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
 * @typedef {{ t: string, [key: string]: any }} Message
 * @typedef {"connecting" | "live" | "away" | "stopped"} LinkState
 */

/** A link to one game. */
export class GameLink {
  /**
   * @param {{ game: string, token?: string, name?: string,
   *   onMessage: (m: Message) => void, onState: (s: LinkState, why?: string) => void }} o
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
      /** @type {Message} */
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
      /** @type {Message} */
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
        this.o.onState("stopped", m.message);
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

  /** @param {Message} m */
  send(m) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(m));
      return true;
    }
    return false;
  }

  stop() {
    this.stopped = true;
    window.clearInterval(this.pinger);
    this.ws?.close();
  }
}

/**
 * One request and its answer on a connection of its own (the game list, the open seats,
 * taking a seat).
 * @param {Message} request
 * @returns {Promise<Message>}
 */
export function ask(request) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl());
    const give_up = window.setTimeout(() => {
      ws.close();
      reject(new Error("the server did not answer"));
    }, 15_000);
    ws.onopen = () => ws.send(JSON.stringify(request));
    ws.onmessage = (e) => {
      window.clearTimeout(give_up);
      ws.close();
      try {
        resolve(JSON.parse(String(e.data)));
      } catch (err) {
        reject(err);
      }
    };
    ws.onerror = () => {
      window.clearTimeout(give_up);
      reject(new Error("the server cannot be reached"));
    };
  });
}
