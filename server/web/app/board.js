// The board, drawn as SVG from the server's description of the variant and of the
// position: squares, castles, river and bridges, coordinates, pieces, the last move, and
// the landings a piece may reach, marked by how it gets there (as the 3D table marks
// them). The seat played here sits at the bottom. A move is entered by clicks, a landing
// at a time, by dragging through the landings, or with the keyboard (arrows and Enter).

import { down, drag, key, up } from "./entry.js";
import { pieceAt, treeAt } from "./pieces.js";
import { svg, put } from "./dom.js";
import { marks, starts } from "./moves.js";
import { named } from "./why.js";

/**
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {import("./protocol.js").SquareView} SquareView
 * @typedef {import("./protocol.js").VariantView} VariantView
 * @typedef {import("./protocol.js").PieceView} PieceView
 * @typedef {import("./protocol.js").BoardView} BoardView
 * @typedef {import("./moves.js").Mark} Mark
 */

// The marks' inks, which the contrast tests read from the board.
export { INK_DARK, INK_LIGHT } from "./pieces.js";

/** @type {Record<string, string>} */
const MARK_WORDS = {
  plain: "plain move",
  canter: "canter",
  jump: "jump (capture)",
  charge: "knight's charge",
  castle: "castle move",
  tree: "plant a tree",
};

/**
 * The quarter turns that bring `seat`'s castle to the bottom of the picture.
 * @param {VariantView} v
 * @param {string | null} seat
 * @returns {number}
 */
export function turnsFor(v, seat) {
  const place = v.seats.find((s) => s.seat === seat);
  if (!place) {
    return 0;
  }
  const at = new Map(v.squares.map((s) => [s.name, s]));
  const cx = (v.files - 1) / 2;
  const cy = (v.ranks - 1) / 2;
  let dx = 0;
  let dy = 0;
  for (const name of place.castle) {
    const s = at.get(name);
    if (s) {
      dx += s.file - cx;
      dy += s.rank - cy;
    }
  }
  // A castle below the middle (dy < 0) is at the bottom already; otherwise turn the
  // board until it is.
  let best = 0;
  let lowest = Infinity;
  for (let k = 0; k < 4; k++) {
    const [, ry] = rotate(dx, dy, k);
    if (ry < lowest - 1e-9) {
      lowest = ry;
      best = k;
    }
  }
  return best;
}

/**
 * (x, y) turned `k` quarter turns anticlockwise.
 * @param {number} x
 * @param {number} y
 * @param {number} k
 * @returns {[number, number]}
 */
function rotate(x, y, k) {
  switch (k % 4) {
    case 1:
      return [-y, x];
    case 2:
      return [-x, -y];
    case 3:
      return [y, -x];
    default:
      return [x, y];
  }
}

export class Board {
  /**
   * @param {HTMLElement} host
   * @param {VariantView} variant
   * @param {{ onMove: (move: NamedMove) => void, onHover?: (text: string) => void, onExplain?: (text: string) => void, still?: string }} o
   *   `still`: a picture, not a place to play (a diagram), and what it shows
   */
  constructor(host, variant, o) {
    this.host = host;
    this.v = variant;
    this.o = o;
    this.turns = 0;
    /** @type {BoardView | null} */
    this.board = null;
    /** @type {NamedMove[]} */
    this.legal = [];
    /** @type {string[]} */
    this.path = [];
    /** @type {string[]} */
    this.last = [];
    /** @type {string[]} */
    this.since = [];
    /** @type {string[]} */
    this.best = [];
    /** @type {string} */
    this.cursor = variant.squares[0].name;
    this.dragging = false;
    this.dragMoved = false;
    /** @type {Map<string, SquareView>} */
    this.at = new Map(variant.squares.map((s) => [s.name, s]));
    const wide = this.turns % 2 === 1;
    this.width = wide ? variant.ranks : variant.files;
    this.height = wide ? variant.files : variant.ranks;
    if (o.still !== undefined) {
      this.root = svg("svg", { class: "board still", role: "img", "aria-label": o.still });
      put(host, this.root);
      this.draw();
      return;
    }
    this.root = svg("svg", {
      class: "board",
      role: "application",
      tabindex: 0,
      "aria-roledescription": "board",
      "aria-label": `${variant.name} board: arrows move, Enter picks a piece or a landing`,
    });
    this.root.addEventListener("keydown", (e) => key(this, /** @type {KeyboardEvent} */ (e)));
    this.root.addEventListener("pointerdown", (e) => down(this, /** @type {PointerEvent} */ (e)));
    this.root.addEventListener("pointermove", (e) => drag(this, /** @type {PointerEvent} */ (e)));
    this.root.addEventListener("pointerup", (e) => up(this, /** @type {PointerEvent} */ (e)));
    // The keyboard's square is shown while the board has the focus.
    this.root.addEventListener("focus", () => this.draw());
    this.root.addEventListener("blur", () => this.draw());
    put(host, this.root);
    this.draw();
  }

  /**
   * The seat shown at the bottom (a watcher: the first).
   * @param {string | null} seat
   */
  orient(seat) {
    const turns = turnsFor(this.v, seat);
    if (turns !== this.turns) {
      this.turns = turns;
      const wide = turns % 2 === 1;
      this.width = wide ? this.v.ranks : this.v.files;
      this.height = wide ? this.v.files : this.v.ranks;
      this.draw();
    }
  }

  /**
   * The position to show, the moves this page may enter (none when it is not its turn),
   * the squares of the last move, and those of the moves made before it since this
   * seat's last turn (Grand Cam's other three seats move between two of mine).
   * @param {BoardView} board
   * @param {NamedMove[]} legal
   * @param {string[]} last
   * @param {string[]} [since]
   * @param {string[]} [best] a move to draw as an arrow (the analysis's better move)
   */
  show(board, legal, last, since = [], best = []) {
    this.board = board;
    const same =
      legal.length === this.legal.length && legal.every((m, i) => m.notation === this.legal[i].notation);
    this.legal = legal;
    if (!same) {
      this.path = [];
    }
    this.last = last;
    this.since = since;
    this.best = best;
    this.draw();
  }

  /**
   * Shows a piece picked up and the landings clicked so far (`path`, its square first),
   * as a player's clicks would: the landings still open are marked.
   * @param {string[]} path
   */
  pick(path) {
    this.path = [...path];
    this.draw();
  }

  /**
   * A square's place in the picture: its top-left corner.
   * @param {SquareView} s
   * @returns {[number, number]}
   */
  place(s) {
    const cx = (this.v.files - 1) / 2;
    const cy = (this.v.ranks - 1) / 2;
    const [u, w] = rotate(s.file - cx, s.rank - cy, this.turns);
    return [u + (this.width - 1) / 2, (this.height - 1) / 2 - w];
  }

  /** The marks of the landings offered now. */
  marks() {
    return this.path.length === 0 ? [] : marks(this.legal, this.path);
  }

  draw() {
    const v = this.v;
    const margin = 0.7;
    this.root.setAttribute(
      "viewBox",
      `${-margin} ${-0.15} ${this.width + margin + 0.15} ${this.height + margin + 0.15}`,
    );
    const castleOf = new Map();
    for (const s of v.seats) {
      for (const sq of s.castle) {
        castleOf.set(sq, s.seat);
      }
    }
    const water = new Set(v.water ?? []);
    const bridges = new Set(v.bridges ?? []);
    const pieces = new Map((this.board?.pieces ?? []).map((p) => [p.square, p]));
    const trees = new Set(this.board?.trees ?? []);
    const offered = new Map(this.marks().map((m) => [m.square, m]));
    const movable = this.path.length === 0 ? starts(this.legal) : new Set();
    // The pieces a rule obliges (a capture, a castle to leave), marked plainly.
    const obliged = this.path.length === 0 && this.legal.length > 0 ? named(this.board?.constraint) : new Set();
    const squares = svg("g", { class: "squares" });
    const labels = svg("g", { class: "coords", "aria-hidden": "true" });
    const overlay = svg("g", { class: "marks" });
    const men = svg("g", { class: "pieces" });
    /** @type {Map<number, string>} */
    const columns = new Map();
    /** @type {Map<number, string>} */
    const rows = new Map();
    for (const s of v.squares) {
      const [x, y] = this.place(s);
      const name = s.name;
      columns.set(Math.round(x), this.turns % 2 === 0 ? name[0] : name.slice(1));
      rows.set(Math.round(y), this.turns % 2 === 0 ? name.slice(1) : name[0]);
      const classes = ["sq", (s.file + s.rank) % 2 === 0 ? "dark" : "light"];
      if (castleOf.has(name)) classes.push("castle", `castle-${castleOf.get(name)}`);
      if (water.has(name)) classes.push("water");
      if (bridges.has(name)) classes.push("bridge");
      if (this.last.includes(name)) classes.push("last");
      else if (this.since.includes(name)) classes.push("since");
      if (this.path.includes(name)) classes.push("path");
      if (movable.has(name)) classes.push("movable");
      if (obliged.has(name)) classes.push("must");
      if (offered.has(name)) classes.push("offered");
      if (name === this.cursor && document.activeElement === this.root) classes.push("cursor");
      const piece = pieces.get(name);
      squares.append(
        svg(
          "rect",
          { x, y, width: 1, height: 1, class: classes.join(" "), "data-square": name },
          svg("title", {}, this.describe(name, piece, offered.get(name))),
        ),
      );
      if (trees.has(name)) {
        men.append(treeAt(x, y));
      }
      if (piece) {
        men.append(pieceAt(piece, x, y));
      }
      if (obliged.has(name)) {
        overlay.append(
          svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.44, class: "must-ring", "data-square": name }),
        );
      }
      const mark = offered.get(name);
      if (mark) {
        overlay.append(
          svg("circle", {
            cx: x + 0.5,
            cy: y + 0.5,
            r: mark.ends ? 0.17 : 0.13,
            class: `mark mark-${mark.kind}${mark.ends ? "" : " goes-on"}`,
            "data-square": name,
          }),
        );
      }
    }
    const arrow = this.arrow(this.best);
    if (arrow) {
      overlay.append(arrow);
    }
    for (const [x, text] of columns) {
      labels.append(svg("text", { x: x + 0.5, y: this.height + 0.45 }, text));
    }
    for (const [y, text] of rows) {
      labels.append(svg("text", { x: -0.38, y: y + 0.55 }, text));
    }
    put(this.root, squares, labels, men, overlay);
  }

  /**
   * A move drawn as an arrow through the centres of its squares (the analysis's better
   * move), or none for an empty path.
   * @param {string[]} path
   */
  arrow(path) {
    const at = new Map(this.v.squares.map((s) => [s.name, s]));
    const points = path
      .map((name) => at.get(name))
      .filter((s) => s !== undefined)
      .map((s) => {
        const [x, y] = this.place(s);
        return [x + 0.5, y + 0.5];
      });
    if (points.length < 2) {
      return null;
    }
    const [hx, hy] = points[points.length - 1];
    return svg(
      "g",
      { class: "best-move", "aria-hidden": "true" },
      svg("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "best-arrow" }),
      svg("circle", { cx: hx, cy: hy, r: 0.16, class: "best-head" }),
    );
  }

  /**
   * What a square is, for a screen reader and the pointer's tooltip.
   * @param {string} name
   * @param {PieceView | undefined} piece
   * @param {Mark | undefined} mark
   */
  describe(name, piece, mark) {
    const parts = [name];
    if (piece) {
      parts.push(`${piece.seat} ${piece.kind === "Knight" ? "knight" : "man"}`);
    } else if ((this.board?.trees ?? []).includes(name)) {
      parts.push("a tree");
    }
    if (mark) {
      parts.push(`landing: ${MARK_WORDS[mark.kind]}${mark.ends ? "" : ", the move goes on"}`);
    }
    return parts.join(", ");
  }

  /**
   * The square under a pointer.
   * @param {PointerEvent} e
   * @returns {string | null}
   */
  squareAt(e) {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const sq = hit?.closest("[data-square]")?.getAttribute("data-square");
    return sq ?? null;
  }









  /** @param {string} sq */
  say(sq) {
    const board = this.board;
    const piece = board?.pieces.find((p) => p.square === sq);
    const mark = this.marks().find((m) => m.square === sq);
    const landings = this.marks()
      .map((m) => `${m.square} ${MARK_WORDS[m.kind]}`)
      .join("; ");
    let text = this.describe(sq, piece, mark);
    if (this.path.length > 0 && landings) {
      text += `. Landings: ${landings}`;
    }
    this.o.onHover?.(text);
  }
}
