// A game in the browser: the seat the link's token holds (or watching, without one).
// The server's game is the truth: the page shows what the server sends, offers only the
// moves the server lists, and sends what the player does; the server judges it.

import { me, signedOut } from "./account.js";
import { Analysis } from "./analysis.js";
import { Board } from "./board.js";
import { clockClass, clockText, remaining } from "./clock.js";
import { ask as askToNotify, mayAsk as mayNotify, yourMove } from "./notify.js";
import { el, nameField, put, savedName, saveName, scrollWithin, sentence } from "./dom.js";
import { newGame } from "./create.js";
import { keepInvitations, keptInvitations, linkLine, waiting } from "./invite.js";
import { rememberGame } from "./mine.js";
import { rounds, typed } from "./moves.js";
import { GameLink, request } from "./net.js";
import { apply } from "./round.js";
import { changeText } from "./player.js";
import { CLAIMS, REASONS } from "./protocol.js";
import { Replay } from "./replay.js";
import { sound } from "./sound.js";
import { fetchVariant, partnersLine } from "./variants.js";

/**
 * @typedef {import("./protocol.js").ServerMessage} ServerMessage
 * @typedef {import("./protocol.js").ClientMessage} ClientMessage
 * @typedef {import("./protocol.js").GameView} GameView
 * @typedef {import("./protocol.js").BoardView} BoardView
 * @typedef {import("./protocol.js").VariantView} VariantView
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {import("./protocol.js").SeatView} SeatView
 * @typedef {import("./protocol.js").GameEnd} GameEnd
 * @typedef {import("./protocol.js").SeatColour} SeatColour
 */

/**
 * `1-0 (resignation)`: a finished game's last line.
 * @param {GameEnd} r
 */
export function resultText(r) {
  if (r.end === "aborted") {
    return "* (aborted)";
  }
  const token = r.winner === 0 ? "1-0" : r.winner === 1 ? "0-1" : "1/2-1/2";
  return `${token} (${REASONS[r.reason]})`;
}

/**
 * A finished game's result in words, its winners named: "White wins: pieces in the goal
 * castle", "Green and Yellow win: time", "A draw: agreement".
 * @param {GameEnd} r
 * @param {{ seat: SeatColour, side: number }[]} seats the variant's, in turn order
 */
export function resultWords(r, seats) {
  if (r.end === "aborted") {
    return "Aborted before both sides moved";
  }
  if (r.winner === null || r.winner === undefined) {
    return `A draw: ${REASONS[r.reason]}`;
  }
  const winners = seats.filter((s) => s.side === r.winner).map((s) => s.seat);
  const who = winners.join(" and ");
  return `${who} ${winners.length === 1 ? "wins" : "win"}: ${REASONS[r.reason]}`;
}

/**
 * "3 men, 1 knight", "2 men": what a seat has lost (something).
 * @param {number} men
 * @param {number} knights
 */
export function lostText(men, knights) {
  const count = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) =>
    `${n} ${n === 1 ? one : many}`;
  const parts = [];
  if (men > 0) {
    parts.push(count(men, "man", "men"));
  }
  if (knights > 0) {
    parts.push(count(knights, "knight", "knights"));
  }
  return parts.join(", ");
}

/**
 * What a claim's button says: "Claim a 50-move draw".
 * @param {import("./protocol.js").DrawClaim} claim
 */
export function claimText(claim) {
  return `Claim a ${CLAIMS[claim]} draw`;
}

/**
 * An offer that stands, in words: "Black asks to take back their last move.", "You
 * offered a draw."
 * @param {import("./protocol.js").OfferKind} kind
 * @param {string | null} asker who asked, or null for this page's own side
 */
export function offerText(kind, asker) {
  const theirs = {
    draw: "offers a draw",
    takeback: "asks to take back their last move",
    rematch: "asks for a rematch",
  };
  const mine = {
    draw: "You offered a draw",
    takeback: "You asked to take back your last move",
    rematch: "You asked for a rematch",
  };
  return asker === null ? `${mine[kind]}.` : `${asker} ${theirs[kind]}.`;
}

/**
 * The tab's title: the game's, led by "Your move" (with my clock's time in a timed game)
 * while it is my turn, so that a player in another tab sees it.
 * @param {string} game the game's own title, "Camelot: game k3x9qz2a"
 * @param {boolean} myTurn
 * @param {number | null} clockMs what my clock has left, in a timed game
 */
export function titleText(game, myTurn, clockMs) {
  if (!myTurn) {
    return game;
  }
  return clockMs === null ? `Your move · ${game}` : `Your move (${clockText(clockMs)}) · ${game}`;
}

/**
 * What the side that made an offer is told when it is declined.
 * @param {import("./protocol.js").OfferKind} kind
 */
export function declinedText(kind) {
  const offer = { draw: "draw offer", takeback: "takeback", rematch: "rematch" };
  return `Your ${offer[kind]} was declined.`;
}

/**
 * The name a seat is shown by: the player's, or the server's computer and its level,
 * with the colour.
 * @param {SeatView} s
 */
export function who(s) {
  const a = s.account;
  if (a) {
    const rating = a.rating === undefined ? "?" : `${a.rating}${a.provisional ? "?" : ""}`;
    const change = a.change === undefined ? "" : ` ${changeText(a.change)}`;
    return `${a.name ?? "deleted player"} ${rating}${change} (${s.seat})`;
  }
  if (s.name) {
    return `${s.name} (${s.seat})`;
  }
  return s.computer ? `Computer, ${s.computer} (${s.seat})` : s.seat;
}

/**
 * @typedef {{ compact?: boolean }} PageOptions `compact`: the board, the players and the
 *   turn only, without sound (the front page's TV)
 */

/**
 * @param {HTMLElement} main
 * @param {string} game
 * @param {string | undefined} token
 * @param {PageOptions} [options]
 */
export function gamePage(main, game, token, options = {}) {
  return new GamePage(main, game, token, options);
}

class GamePage {
  /**
   * @param {HTMLElement} main
   * @param {string} game
   * @param {string | undefined} token
   * @param {PageOptions} options
   */
  constructor(main, game, token, options) {
    this.main = main;
    this.quiet = Boolean(options.compact);
    this.gameId = game;
    this.token = token;
    /** @type {VariantView | null} */
    this.variant = null;
    /** @type {Board | null} */
    this.board = null;
    /** @type {SeatColour | null} */
    this.you = null;
    /** @type {GameView | null} */
    this.view = null;
    /** @type {NamedMove[]} */
    this.moves = [];
    /** @type {BoardView | null} */
    this.position = null;
    /** @type {NamedMove[]} */
    this.legal = [];
    /** @type {SeatColour[]} the seat that made each ply, as the server says */
    this.movers = [];
    this.clocksReadAt = 0;
    /** @type {string} */
    this.connection = "connecting";
    this.awaySince = 0;
    /** @type {string} */
    this.notice = "";
    /** The tab's title for this game, once its variant is known. */
    this.title = "";
    /** Whether it was my turn when last drawn: a notification only when it becomes so. */
    this.wasMyTurn = false;
    this.resignArmed = false;
    this.moveId = 0;
    this.pending = false;

    this.boardHost = el("div", { class: "board-host" });
    this.status = el("p", { class: "connection", role: "status", "aria-live": "polite" });
    this.seats = el("ul", { class: "seats", "aria-label": "Players" });
    /** Who partners whom, where seats play in partnerships. */
    this.partners = el("p", { class: "partners" });
    this.turn = el("p", { class: "turn", "aria-live": "polite" });
    this.offers = el("div", { class: "offers", "aria-live": "polite" });
    this.actions = el("div", { class: "actions" });
    this.said = el("p", { class: "notice", role: "alert" });
    this.hover = el("p", { class: "hover", "aria-live": "polite" });
    this.list = el("ol", { class: "moves", "aria-label": "Moves" });
    /** The links to send, on the creator's page, until each friend arrives. */
    this.invites = el("section", { class: "invitations", "aria-label": "Invitations" });
    /** The seats whose links are shown (so that a render does not draw them again). */
    this.invitesShown = "";
    this.lost = el("p", { class: "lost" });
    this.replay = new Replay(game, () => this.render(), { keys: !options.compact });
    this.analysis = new Analysis(
      game,
      (ply) => this.replay.go(ply),
      () => this.render(),
    );
    const input = /** @type {HTMLInputElement} */ (
      el("input", {
        type: "text",
        name: "move",
        placeholder: "E6-E8",
        autocomplete: "off",
        "aria-label": "Type a move",
      })
    );
    this.typeForm = el(
      "form",
      {
        class: "type-move",
        hidden: true,
        onsubmit: (/** @type {Event} */ e) => {
          e.preventDefault();
          const m = typed(this.myLegal(), input.value);
          if (m) {
            input.value = "";
            this.play(m);
          } else {
            this.say(input.value.trim() ? `${input.value.trim()} is not a move here now` : "");
          }
        },
      },
      input,
      el("button", { type: "submit" }, "Play"),
    );
    const nameInput = nameField();
    this.nameForm = el(
      "form",
      {
        class: "your-name",
        onsubmit: (/** @type {Event} */ e) => {
          e.preventDefault();
          saveName(nameInput.value);
          // The name goes with a hello: say it again.
          this.link.stop();
          this.link = this.connect();
        },
      },
      el("label", {}, "Your name ", nameInput),
      el("button", { type: "submit" }, "Set"),
    );
    /** The page's heading, for a screen reader's outline: the game's title. */
    this.heading = el("h1", { class: "visually-hidden" }, "A game of Camelot");
    /** A link to the rules of the game on the board, once its variant is known. */
    this.rules = el("p", { class: "rules-link" });
    put(
      main,
      options.compact ? null : this.heading,
      el(
        "div",
        { class: options.compact ? "game compact" : "game" },
        this.boardHost,
        el(
          "section",
          { class: "panel", "aria-label": "The game" },
          this.status,
          this.seats,
          this.partners,
          this.invites,
          this.turn,
          this.offers,
          this.actions,
          this.said,
          this.typeForm,
          this.hover,
          this.lost,
          this.replay.element,
          el("h2", {}, "Moves"),
          this.list,
          options.compact ? null : this.analysis.element,
          this.rules,
          token ? this.nameForm : null,
        ),
      ),
    );
    this.link = this.connect();
    this.ticker = window.setInterval(() => this.tick(), 200);
  }

  /** Leaves the game: the connection closed, the clocks stopped. */
  stop() {
    this.link.stop();
    window.clearInterval(this.ticker);
    this.replay.stop();
    this.analysis.stop();
  }

  connect() {
    return new GameLink({
      game: this.gameId,
      token: this.token,
      name: (this.token && savedName()) || undefined,
      onMessage: (m) => this.heard(m),
      onState: (s, why, code) => {
        if (s === "away" && this.connection !== "away") {
          this.awaySince = Date.now();
        }
        this.connection = s;
        if (s === "stopped") {
          this.refused(why ?? "the server refused", code);
        }
        this.render();
      },
    });
  }

  /**
   * The server would not have this page's seat or game: said, and where the seat's
   * token is wrong (a mistyped or an old link), the game offered to watch instead.
   * @param {string} why
   * @param {import("./protocol.js").ErrorCode | undefined} code
   */
  refused(why, code) {
    this.say(why);
    this.typeForm.hidden = true;
    this.nameForm.hidden = true;
    if (code === "wrong_token") {
      this.said.append(
        " ",
        el("a", { href: `/${this.gameId}` }, "Watch the game instead"),
      );
    }
    if (code === "signed_out") {
      this.said.textContent = `Signed out: ${this.notice}.`;
      this.said.append(" ", el("a", { href: "/login" }, "Log in again"));
      signedOut();
    }
  }

  /** @param {string} text */
  say(text) {
    this.notice = sentence(text);
    this.said.textContent = this.notice;
  }

  /** The moves this page may enter now: its seat's, on its turn, while connected. */
  myLegal() {
    const to = this.position?.to_move;
    const live = this.connection === "live";
    return live && this.you && to === this.you && !this.view?.result ? this.legal : [];
  }

  /** The round as this page holds it ([`apply`]'s). */
  round() {
    return {
      you: this.you,
      view: this.view,
      moves: this.moves,
      movers: this.movers,
      position: this.position,
      legal: this.legal,
      clocksReadAt: this.clocksReadAt,
      pending: this.pending,
      needsWhole: false,
    };
  }

  /** @param {ServerMessage} m */
  async heard(m) {
    const { round, news } = apply(this.round(), m, Date.now(), this.variant?.seats ?? []);
    this.you = round.you;
    this.view = round.view;
    this.moves = round.moves;
    this.movers = round.movers;
    this.position = round.position;
    this.legal = round.legal;
    this.clocksReadAt = round.clocksReadAt;
    this.pending = round.pending;
    if (round.needsWhole) {
      // A ply never heard: the whole game again, as after a dropped connection.
      this.link.resync();
      return;
    }
    if (m.t === "state") {
      await this.tookState(m);
    }
    if (news.moved) {
      this.hover.textContent = "";
      if (!this.quiet) {
        sound(news.moved.captures.length > 0 ? "capture" : "move");
      }
    }
    if (news.rejected) {
      this.say(`The server refused the move: ${news.rejected}`);
    }
    if (news.declined) {
      this.say(declinedText(news.declined));
    }
    if (news.ended) {
      if (!this.quiet) {
        sound("end");
      }
      if (this.view?.rated) {
        this.showRatings();
      }
    }
    if (m.t === "rematch") {
      this.say(`Rematch agreed: on to game ${m.game}.`);
      window.setTimeout(() => {
        location.assign(m.token ? `/${m.game}/${m.token}` : `/${m.game}`);
      }, 800);
    }
    if (m.t === "error") {
      this.say(m.message);
    }
    this.render();
  }

  /**
   * The whole game heard: the game kept among mine, its variant and board.
   * @param {Extract<ServerMessage, { t: "state" }>} m
   */
  async tookState(m) {
    if (this.token && m.you && !(await me())) {
      rememberGame({ game: this.gameId, seat: m.you, url: location.href, variant: m.game.variant });
    }
    if (!this.variant || this.variant.id !== m.game.variant) {
      this.variant = await fetchVariant(m.game.variant);
      this.board = new Board(this.boardHost, this.variant, {
        onMove: (move) => this.play(move),
        onHover: (text) => {
          this.hover.textContent = text;
        },
        onExplain: (text) => this.say(text),
        // A watcher's board (the TV's too) is a picture, not a place to move.
        still: m.you ? undefined : `${this.variant.name} board, as it stands`,
      });
      this.partners.textContent = partnersLine(this.variant);
      this.rules.replaceChildren(el("a", { href: `/rules/${this.variant.id}` }, `The rules of ${this.variant.name}`));
      this.title = `${this.variant.name}: game ${this.gameId}`;
      if (!this.quiet) {
        this.heading.textContent = this.title;
      }
    }
    this.board?.orient(this.you ?? this.variant.seats[0].seat);
  }

  /** @param {NamedMove} move */
  play(move) {
    if (this.pending) {
      return;
    }
    this.moveId += 1;
    if (this.link.send({ t: "move", id: this.moveId, ply: this.moves.length, move })) {
      this.pending = true;
      this.say("");
    } else {
      this.say("Not connected: the move was not sent");
    }
    this.render();
  }

  /** @param {ClientMessage} m */
  request(m) {
    if (!this.link.send(m)) {
      this.say("Not connected");
    }
  }

  showStatus() {
    const away = Math.floor((Date.now() - this.awaySince) / 1000);
    const text =
      this.connection === "live"
        ? ""
        : this.connection === "connecting"
          ? "Connecting to the server…"
          : this.connection === "away"
            ? `Connection lost, reconnecting (${clockText(away * 1000)})`
            : "Not connected";
    this.status.textContent = text;
    this.status.classList.toggle("bad", text !== "");
  }

  tick() {
    if (this.connection === "away") {
      this.showStatus();
    }
    if (this.view?.clocks?.running !== undefined || this.view?.move_due_ms) {
      this.renderSeats();
    }
  }

  /** A rated game's end: the seats again, with each player's change. */
  async showRatings() {
    try {
      /** @type {import("./protocol.js").GameState} */
      const now = await request("GET", `/games/${this.gameId}`);
      if (this.view) {
        this.view.seats = now.game.seats;
        this.render();
      }
    } catch {
      // The seats stay as they were: the change is on the players' pages.
    }
  }

  render() {
    const v = this.view;
    if (!v) {
      return;
    }
    this.showStatus();
    this.replay.update(Boolean(v.result), this.moves.length);
    const replayed = this.replay.current();
    const shown = replayed?.board ?? this.position;
    const ply = replayed?.ply ?? this.moves.length;
    const last = ply > 0 ? this.moves[ply - 1].path : [];
    const recent = replayed ? [] : this.sinceMyTurn();
    const over = Boolean(v.result);
    if (!this.quiet) {
      this.analysis.update(over, ply, this.sides());
    }
    if (this.board && shown) {
      const since = recent.slice(0, -1).flatMap((i) => this.moves[i].path);
      const best = over ? this.analysis.bestPath(ply) : [];
      this.board.show(shown, replayed || this.pending ? [] : this.myLegal(), last, since, best);
    }
    this.renderSeats();
    this.renderInvitations();
    const to = this.position?.to_move;
    if (!v.result) {
      delete this.turn.dataset.result;
    }
    if (v.result) {
      const words = this.variant ? resultWords(v.result, this.variant.seats) : resultText(v.result);
      this.turn.textContent = `Game over: ${words}.`;
      this.turn.dataset.result = resultText(v.result);
    } else if (this.you && to === this.you) {
      this.turn.textContent =
        this.connection !== "live"
          ? "Your move, once the server is back"
          : this.pending
            ? "Sent…"
            : "Your move";
    } else {
      const s = v.seats.find((/** @type {SeatView} */ x) => x.seat === to);
      this.turn.textContent = s ? `${who(s)} to move` : "";
    }
    this.renderOffers();
    this.renderActions();
    put(
      this.list,
      ...rounds(this.moves.length, v.seats.length).map((r) =>
        el(
          "li",
          { class: "round" },
          el("span", { class: "num", "aria-hidden": "true" }, `${r.number}.`),
          ...r.plies.map((i) =>
            el(
              "span",
              {
                class: (over || replayed) && i === ply - 1 ? "ply current" : recent.includes(i) ? "ply recent" : "ply",
                "data-ply": i,
                // Read out with the seat that played it; shown in pairs, as people write.
                "aria-label": `${r.number}. ${this.seatOf(i)} ${this.moves[i].notation}`,
                // A move is a place to look back at (a finished game's, to replay from).
                onclick: () => this.replay.go(i + 1),
              },
              this.moves[i].notation,
              this.judgementMark(i),
            ),
          ),
        ),
      ),
    );
    const current = over || replayed ? this.list.querySelector(".ply.current")?.closest("li") : null;
    scrollWithin(this.list, current ?? this.list.lastElementChild);
    const lost = (shown?.lost ?? [])
      .filter((l) => l.men + l.knights > 0)
      .map((l) => `${l.seat} ${lostText(l.men, l.knights)}`);
    this.lost.textContent = lost.length > 0 ? `Captured: ${lost.join("; ")}` : "";
  }

  /**
   * The analysis's mark after ply `i` in the move list ("?" for a mistake), with the
   * better move in its title; none for a move that gave nothing away.
   * @param {number} i
   */
  judgementMark(i) {
    const m = this.analysis.markOf(i);
    return m ? el("span", { class: `judged judged-${m.judgement}`, title: m.title, "aria-label": m.title }, m.sign) : null;
  }

  /**
   * Each side's name and seats ("Red and Blue"), for the analysis.
   * @returns {{ name: string, seats: string[] }[]}
   */
  sides() {
    const seats = this.variant?.seats ?? [];
    return [0, 1].map((side) => {
      const these = seats.filter((s) => s.side === side).map((s) => s.seat);
      return { name: these.join(" and "), seats: these };
    });
  }

  /**
   * The plies made since my seat's last move, oldest first, where more than one seat
   * moves between two of mine (Grand Cam); none otherwise, where the last move says it.
   * @returns {number[]}
   */
  sinceMyTurn() {
    const n = this.view?.seats.length ?? 0;
    if (!this.you || n <= 2 || this.view?.result) {
      return [];
    }
    const plies = [];
    for (let i = this.moves.length - 1; i >= 0 && plies.length < n - 1; i--) {
      if (this.seatOf(i) === this.you) {
        break;
      }
      plies.unshift(i);
    }
    return plies;
  }

  /** The seat that made ply `i`, as the server says. */
  seatOf(/** @type {number} */ i) {
    return this.movers[i] ?? "";
  }

  renderSeats() {
    const v = this.view;
    if (!v) {
      return;
    }
    const times = remaining(v.clocks, this.clocksReadAt, Date.now());
    const due = v.move_due_ms ? v.move_due_ms - (Date.now() - this.clocksReadAt) : null;
    if (!this.quiet && this.title) {
      const myTurn = Boolean(this.you) && this.position?.to_move === this.you && !v.result;
      const mine = v.seats.findIndex((/** @type {SeatView} */ s) => s.seat === this.you);
      document.title = titleText(this.title, myTurn, times.length > 0 && mine >= 0 ? times[mine] : null);
      const last = this.moves[this.moves.length - 1];
      if (myTurn && !this.wasMyTurn && last) {
        yourMove(`Your move · ${this.title}`, `${this.seatOf(this.moves.length - 1)} played ${last.notation}`);
      }
      this.wasMyTurn = myTurn;
    }
    put(
      this.seats,
      ...v.seats.map((/** @type {SeatView} */ s, /** @type {number} */ i) =>
        el(
          "li",
          {
            class: `seat seat-${s.seat}${this.position?.to_move === s.seat && !v.result ? " to-move" : ""}`,
            "data-seat": s.seat,
          },
          el("span", { class: `swatch swatch-${s.seat}`, "aria-hidden": "true" }),
          el("span", { class: "who" }, who(s), s.seat === this.you ? " (you)" : ""),
          times.length > 0
            ? el(
                "span",
                {
                  class: clockClass(v.clocks?.running === i, times[i]),
                  "aria-label": `${clockText(times[i])} left`,
                },
                clockText(times[i]),
              )
            : null,
          el(
            "span",
            { class: "presence" },
            s.computer
              ? "on the server"
              : s.open
                ? "open seat"
                : s.connected
                  ? "here"
                  : s.away_ms !== undefined
                    ? "away"
                    : "not here",
          ),
        ),
      ),
    );
    if (due !== null && !v.result) {
      this.seats.append(el("li", { class: "due" }, `Move due in ${clockText(Math.max(0, due))}`));
    }
  }

  renderOffers() {
    const v = this.view;
    if (!v) {
      return;
    }
    const offers = v.offers;
    const mine = (/** @type {string} */ seat) => this.sideOf(seat) === this.sideOf(this.you);
    put(
      this.offers,
      ...offers.map((o) => {
        const s = v.seats.find((x) => x.seat === o.by);
        const asker = s ? who(s) : o.by;
        if (!this.you) {
          return el("p", {}, offerText(o.kind, asker));
        }
        if (mine(o.by)) {
          return el("p", {}, offerText(o.kind, null));
        }
        return el(
          "p",
          { class: "offer" },
          `${offerText(o.kind, asker)} `,
          el("button", { onclick: () => this.request({ t: "accept", kind: o.kind }) }, "Accept"),
          " ",
          el("button", { onclick: () => this.request({ t: "decline", kind: o.kind }) }, "Decline"),
        );
      }),
    );
    if (v.rematch) {
      this.offers.append(el("p", {}, `Rematch agreed: game ${v.rematch}.`));
    }
  }

  /**
   * A seat's side (0 or 1), as the variant pairs them.
   * @param {string | null} seat
   */
  sideOf(seat) {
    return this.variant?.seats.find((s) => s.seat === seat)?.side ?? -1;
  }

  /** The links to send for the friends' seats nobody has come to yet. */
  renderInvitations() {
    const v = this.view;
    if (!v || !this.you) {
      return;
    }
    const kept = keptInvitations(location.pathname);
    const left = v.result ? [] : waiting(kept, v.seats);
    if (left.length !== kept.length) {
      keepInvitations(location.pathname, left);
    }
    const shown = left.map((f) => f.seat).join(",");
    if (shown === this.invitesShown) {
      return;
    }
    this.invitesShown = shown;
    put(
      this.invites,
      ...(left.length > 0
        ? [
            el("h2", {}, left.length === 1 ? "Invite your friend" : "Invite your friends"),
            ...left.map((f) => linkLine(`Send to the friend playing ${f.seat}:`, f.url)),
          ]
        : []),
    );
  }

  /**
   * A new game with this one's settings: the variant, the time, the computer's seats
   * at their levels, my seat mine and the others open to anyone; my new seat opened.
   */
  async startAnother() {
    const v = this.view;
    if (!v || !this.you) {
      return;
    }
    const seats = v.seats.map((s) => s.seat);
    const players = v.seats.map((s) =>
      s.seat === this.you ? "me" : s.computer ? /** @type {const} */ (`computer:${s.computer}`) : "anyone",
    );
    const body = newGame(v.variant, v.time, seats, players);
    if (v.rated) {
      body.rated = true;
    }
    try {
      /** @type {import("./protocol.js").Created} */
      const created = await request("POST", "/games", body);
      const token = /** @type {Record<string, string>} */ (created.seats)[this.you];
      const url = `${location.origin}/${created.game}/${token}`;
      rememberGame({ game: created.game, seat: this.you, url, variant: v.variant });
      location.assign(url);
    } catch (e) {
      this.say(sentence(e instanceof Error ? e.message : String(e)));
    }
  }

  renderActions() {
    const v = this.view;
    if (!v) {
      return;
    }
    const buttons = [];
    if (this.you && !v.result) {
      buttons.push(
        el("button", { onclick: () => this.request({ t: "offer", kind: "draw" }) }, "Offer a draw"),
        el(
          "button",
          { onclick: () => this.request({ t: "offer", kind: "takeback" }) },
          "Ask to take back",
        ),
        el(
          "button",
          {
            class: this.resignArmed ? "danger" : "",
            onclick: () => {
              if (this.resignArmed) {
                this.resignArmed = false;
                this.request({ t: "resign" });
              } else {
                this.resignArmed = true;
                window.setTimeout(() => {
                  this.resignArmed = false;
                  this.render();
                }, 3000);
              }
              this.render();
            },
          },
          this.resignArmed ? "Really resign?" : "Resign",
        ),
      );
      if (v.may_abort) {
        buttons.push(el("button", { onclick: () => this.request({ t: "abort" }) }, "Abort"));
      }
      if (this.position?.to_move === this.you) {
        for (const c of this.position?.claims ?? []) {
          buttons.push(
            el("button", { onclick: () => this.request({ t: "claim", kind: c }) }, claimText(c)),
          );
        }
        const pass = this.myLegal().find((m) => m.kind === "Pass");
        if (pass) {
          buttons.push(el("button", { onclick: () => this.play(pass) }, "Pass"));
        }
      }
    }
    if (this.you && v.result) {
      buttons.push(el("button", { onclick: () => this.startAnother() }, "New game"));
    }
    if (this.you && v.result && !v.rematch) {
      const offered = v.offers.some((o) => o.kind === "rematch");
      if (!offered) {
        buttons.push(
          el(
            "button",
            { onclick: () => this.request({ t: "offer", kind: "rematch" }) },
            "Offer a rematch",
          ),
        );
      }
    }
    if (this.you && !v.result && mayNotify()) {
      buttons.push(
        el(
          "button",
          {
            class: "quiet",
            onclick: async () => {
              await askToNotify();
              this.render();
            },
          },
          "Notify me of my move",
        ),
      );
    }
    put(this.actions, ...buttons);
    this.typeForm.hidden = this.myLegal().length === 0;
  }
}

