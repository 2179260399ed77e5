// A game in the browser: the seat the link's token holds (or watching, without one).
// The server's game is the truth: the page shows what the server sends, offers only the
// moves the server lists, and sends what the player does; the server judges it.

import { me } from "./account.js";
import { Analysis } from "./analysis.js";
import { Board } from "./board.js";
import { el, nameField, put, savedName, saveName, sentence } from "./dom.js";
import { rememberGame } from "./mine.js";
import { typed } from "./moves.js";
import { GameLink, request } from "./net.js";
import { renderSeats } from "./panel.js";
import { apply, initial } from "./round.js";
import { show, showStatus } from "./show.js";
import { refused } from "./panel.js";
import { acceptedText, declinedText } from "./words.js";
import { Replay } from "./replay.js";
import { sound } from "./sound.js";
import { timeText } from "./terms.js";
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

export class GamePage {
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
    /** The round as the server's messages make it (round.js). */
    this.r = initial();
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

    this.boardHost = el("div", { class: "board-host" });
    this.status = el("p", { class: "connection", role: "status", "aria-live": "polite" });
    /** What kind of game it is: its variant, time, and rated or casual. */
    this.kind = el("p", { class: "game-kind" });
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
          this.kind,
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
          refused(this, why ?? "the server refused", code);
        }
        this.render();
      },
    });
  }


  /** @param {string} text */
  say(text) {
    this.notice = sentence(text);
    this.said.textContent = this.notice;
  }

  /** The moves this page may enter now: its seat's, on its turn, while connected. */
  myLegal() {
    const to = this.r.position?.to_move;
    const live = this.connection === "live";
    return live && this.r.you && to === this.r.you && !this.r.view?.result ? this.r.legal : [];
  }

  /** @param {ServerMessage} m */
  async heard(m) {
    const { round, news } = apply(this.r, m, Date.now(), this.variant?.seats ?? []);
    this.r = round;
    if (round.needsWhole) {
      // A ply never heard: the whole game again, as after a dropped connection.
      this.link.resync();
      return;
    }
    if (m.t === "state") {
      await this.tookState(m);
    }
    if (m.t === "seated") {
      // The seat's account and rating come with the game, not with the news.
      this.refreshSeats();
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
    if (news.accepted) {
      this.say(acceptedText(news.accepted.kind, news.accepted.mine));
    }
    if (news.ended) {
      if (!this.quiet) {
        sound("end");
      }
      if (this.r.view?.rated) {
        this.refreshSeats();
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
    const session = await me();
    if (this.token && m.you && !session) {
      rememberGame({ game: this.gameId, seat: m.you, url: location.href, variant: m.game.variant });
    }
    // Logged in, a player is their account's name: no name of their own to give.
    this.nameForm.hidden = session !== null;
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
      this.kind.textContent = `${this.variant.name}, ${timeText(m.game.time)}, ${m.game.rated ? "rated" : "casual"}`;
      this.rules.replaceChildren(el("a", { href: `/rules/${this.variant.id}` }, `The rules of ${this.variant.name}`));
      this.title = `${this.variant.name}: game ${this.gameId}`;
      if (!this.quiet) {
        this.heading.textContent = this.title;
      }
    }
    this.board?.orient(this.r.you ?? this.variant.seats[0].seat);
  }

  /** @param {NamedMove} move */
  play(move) {
    if (this.r.pending) {
      return;
    }
    this.moveId += 1;
    if (this.link.send({ t: "move", id: this.moveId, ply: this.r.moves.length, move })) {
      this.r = { ...this.r, pending: true };
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


  tick() {
    if (this.connection === "away") {
      showStatus(this);
    }
    if (this.r.view?.clocks?.running !== undefined || this.r.view?.move_due_ms) {
      renderSeats(this);
    }
  }

  /** Draws the page from the round it holds. */
  render() {
    show(this);
  }

  /**
   * The seats as the server has them now, which the socket's news does not carry: who
   * took one, with their rating; at a rated game's end, each player's change.
   */
  async refreshSeats() {
    try {
      /** @type {import("./protocol.js").GameState} */
      const now = await request("GET", `/games/${this.gameId}`);
      if (this.r.view) {
        this.r = { ...this.r, view: { ...this.r.view, seats: now.game.seats } };
        this.render();
      }
    } catch {
      // The seats stay as the news left them (the change is on the players' pages).
    }
  }





  /** The seat that made ply `i`, as the server says. */
  seatOf(/** @type {number} */ i) {
    return this.r.movers[i] ?? "";
  }





}

