// The board, drawn as SVG from the server's description of the variant and of the
// position: squares, castles, river and bridges, coordinates, pieces, the last move, and
// the landings a piece may reach, marked by how it gets there (as the 3D table marks
// them). The seat played here sits at the bottom. A move is entered by clicks, a landing
// at a time, by dragging through the landings, or with the keyboard (arrows and Enter).

import { svg, put } from "./dom.js";
import { made, marks, starts } from "./moves.js";
import { named, whyNot } from "./why.js";
import { DARK_INK_SEATS, EDGED_SEATS, PARTNER_RINGS, SEAT_COLOURS } from "./protocol.js";

/**
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {import("./protocol.js").SquareView} SquareView
 * @typedef {import("./protocol.js").VariantView} VariantView
 * @typedef {import("./protocol.js").PieceView} PieceView
 * @typedef {import("./protocol.js").BoardView} BoardView
 * @typedef {import("./moves.js").Mark} Mark
 */

/** The colours of the seats' pieces, by seat. */
const COLOURS = /** @type {Record<string, string>} */ (SEAT_COLOURS);
const RINGS = /** @type {Record<string, string>} */ (PARTNER_RINGS);
const EDGED = new Set(EDGED_SEATS);
const DARK_INK = new Set(DARK_INK_SEATS);

/** The marks on a piece (a man's ring, a knight's head): dark on a light fill. */
export const INK_DARK = "#2a2118";
export const INK_LIGHT = "#f1e6cf";

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
    this.root.addEventListener("keydown", (e) => this.key(/** @type {KeyboardEvent} */ (e)));
    this.root.addEventListener("pointerdown", (e) => this.down(/** @type {PointerEvent} */ (e)));
    this.root.addEventListener("pointermove", (e) => this.drag(/** @type {PointerEvent} */ (e)));
    this.root.addEventListener("pointerup", (e) => this.up(/** @type {PointerEvent} */ (e)));
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

  /**
   * A square chosen (a click, a tap, Enter): a piece picked, a landing taken, or the
   * move finished where it stands.
   * @param {string} sq
   */
  choose(sq) {
    if (this.legal.length === 0) {
      return;
    }
    const offered = this.marks().find((m) => m.square === sq);
    if (offered) {
      this.path = [...this.path, sq];
      const move = made(this.legal, this.path);
      if (move && this.marks().length === 0) {
        this.submit(move);
        return;
      }
    } else if (
      this.path.length > 1 &&
      sq === this.path[this.path.length - 1] &&
      made(this.legal, this.path)
    ) {
      // A move that could go on stops here.
      this.submit(/** @type {NamedMove} */ (made(this.legal, this.path)));
      return;
    } else if (starts(this.legal).has(sq) && this.path[0] !== sq) {
      this.path = [sq];
      const move = made(this.legal, this.path);
      if (move && this.marks().length === 0) {
        // A tree planted, or a pass.
        this.submit(move);
        return;
      }
    } else {
      this.path = [];
      const why = this.whyNot(sq);
      if (why) {
        this.draw();
        this.o.onExplain?.(why);
        return;
      }
    }
    this.draw();
    this.say(sq);
  }

  /**
   * Why my piece on `sq` has no move now, when it is my turn; `null` otherwise.
   * @param {string} sq
   */
  whyNot(sq) {
    const board = this.board;
    const piece = board?.pieces.find((p) => p.square === sq);
    if (!board || !piece || this.legal.length === 0 || piece.seat !== board.to_move) {
      return null;
    }
    return whyNot(sq, board.constraint, board.pieces, this.legal);
  }

  /** @param {NamedMove} move */
  submit(move) {
    this.path = [];
    this.dragging = false;
    this.draw();
    this.o.onMove(move);
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

  /** @param {PointerEvent} e */
  down(e) {
    const sq = this.squareAt(e);
    if (sq === null) {
      return;
    }
    this.dragging = true;
    this.dragMoved = false;
    this.cursor = sq;
    this.choose(sq);
  }

  /** @param {PointerEvent} e */
  drag(e) {
    if (!this.dragging) {
      return;
    }
    const sq = this.squareAt(e);
    if (sq !== null && this.marks().some((m) => m.square === sq)) {
      this.dragMoved = true;
      this.path = [...this.path, sq];
      const move = made(this.legal, this.path);
      if (move && this.marks().length === 0) {
        this.submit(move);
      } else {
        this.draw();
      }
    }
  }

  /** @param {PointerEvent} e */
  up(e) {
    if (!this.dragging) {
      return;
    }
    this.dragging = false;
    const sq = this.squareAt(e);
    // A drag that ends where a move may stop finishes it there.
    if (this.dragMoved && sq === this.path[this.path.length - 1]) {
      const move = made(this.legal, this.path);
      if (move) {
        this.submit(move);
      }
    }
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    /** @type {Record<string, [number, number]>} */
    const arrows = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    if (e.key in arrows) {
      e.preventDefault();
      const [dx, dy] = arrows[e.key];
      const here = this.at.get(this.cursor);
      if (!here) {
        return;
      }
      const [x, y] = this.place(here);
      // The nearest square that way.
      let best = null;
      let bestDistance = Infinity;
      for (const s of this.v.squares) {
        const [sx, sy] = this.place(s);
        const along = (sx - x) * dx + (sy - y) * dy;
        if (along <= 0.5) {
          continue;
        }
        const across = Math.abs((sx - x) * dy) + Math.abs((sy - y) * dx);
        const d = along + 2 * across;
        if (d < bestDistance) {
          bestDistance = d;
          best = s.name;
        }
      }
      if (best) {
        this.cursor = best;
        this.draw();
        this.say(best);
      }
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.choose(this.cursor);
    } else if (e.key === "Escape") {
      this.path = [];
      this.draw();
    }
  }
}

/**
 * A piece: a disc of its seat's colour; a knight's has a horse's head on it.
 * @param {PieceView} p
 * @param {number} x
 * @param {number} y
 */
function pieceAt(p, x, y) {
  const g = svg("g", {
    class: `piece piece-${p.seat} ${EDGED.has(p.seat) ? "edged" : "dark"} ${p.kind === "Knight" ? "knight" : "man"}`,
    "data-square": p.square,
  });
  g.append(
    svg("circle", {
      cx: x + 0.5,
      cy: y + 0.5,
      r: 0.4,
      fill: COLOURS[p.seat] ?? "#888",
      class: "disc",
    }),
  );
  const ring = RINGS[p.seat];
  if (ring) {
    g.append(
      svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.31, fill: "none", stroke: ring, "stroke-width": 0.06 }),
    );
  }
  const ink = DARK_INK.has(p.seat) ? INK_DARK : INK_LIGHT;
  if (p.kind === "Knight") {
    g.append(
      svg("path", {
        d: KNIGHT,
        fill: ink,
        transform: `translate(${x + 0.5} ${y + 0.5}) scale(0.021)`,
      }),
    );
  } else {
    g.append(
      svg("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.16, fill: "none", stroke: ink, "stroke-width": 0.035, opacity: 0.55 }),
    );
  }
  return g;
}

/**
 * River Camelot's tree.
 * @param {number} x
 * @param {number} y
 */
function treeAt(x, y) {
  return svg(
    "g",
    { class: "tree" },
    svg("rect", { x: x + 0.45, y: y + 0.55, width: 0.1, height: 0.3, fill: "#5b3a1e" }),
    svg("circle", { cx: x + 0.5, cy: y + 0.42, r: 0.27, fill: "#2f6b2a" }),
  );
}

/** A horse's head facing left, centred on the origin, about 28 units across. */
const KNIGHT =
  "M -9 13 L 11 13 L 11 9 C 11 3 8 -2 5 -6 C 7 -8 8 -10 7 -13 C 4 -12 2 -11 0 -10 " +
  "C -4 -11 -8 -8 -10 -4 L -13 2 C -13 4 -11 5 -9 4 L -6 2 C -4 3 -2 3 0 1 " +
  "C -3 5 -8 8 -9 13 Z";
