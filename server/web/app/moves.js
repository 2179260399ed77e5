// Move entry from the server's list of legal moves: the page knows no rules. A move is
// entered a landing at a time; each step offers the landings of the listed moves that
// begin with the squares entered so far, marked by how the piece gets there.

/**
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {"plain" | "canter" | "jump" | "charge" | "castle" | "tree"} MarkKind
 * @typedef {{ square: string, kind: MarkKind, ends: boolean }} Mark
 */

/**
 * How a move reaches its landing number `i` (counting from 1), as the server names its
 * steps: a charge's canters are marked as the charge's, its jumps as jumps.
 * @param {NamedMove} m
 * @param {number} i
 * @returns {MarkKind}
 */
export function stepKind(m, i) {
  switch (m.kind) {
    case "CastleMove":
      return "castle";
    case "PlaceTree":
      return "tree";
    case "Charge":
      return m.steps[i - 1] === "Jump" ? "jump" : "charge";
    default:
      return STEP_MARKS[m.steps[i - 1]] ?? "plain";
  }
}

/** @type {Record<string, MarkKind>} */
const STEP_MARKS = { Plain: "plain", Canter: "canter", Jump: "jump" };

/**
 * The listed moves that begin with `path`.
 * @param {NamedMove[]} legal
 * @param {string[]} path
 * @returns {NamedMove[]}
 */
export function continuing(legal, path) {
  return legal.filter(
    (m) => m.path.length >= path.length && path.every((sq, i) => m.path[i] === sq),
  );
}

/**
 * The squares a piece may start from: the first square of every listed move (a tree's
 * square, for River Camelot's planting).
 * @param {NamedMove[]} legal
 * @returns {Set<string>}
 */
export function starts(legal) {
  return new Set(legal.filter((m) => m.path.length > 0).map((m) => m.path[0]));
}

/**
 * The landings offered after `path`: each next square once, with how the piece gets
 * there and whether a move may end on it.
 * @param {NamedMove[]} legal
 * @param {string[]} path
 * @returns {Mark[]}
 */
export function marks(legal, path) {
  /** @type {Map<string, Mark>} */
  const found = new Map();
  for (const m of continuing(legal, path)) {
    if (m.path.length <= path.length) {
      continue;
    }
    const square = m.path[path.length];
    const ends = m.path.length === path.length + 1;
    const seen = found.get(square);
    if (seen) {
      seen.ends ||= ends;
    } else {
      found.set(square, { square, kind: stepKind(m, path.length), ends });
    }
  }
  return [...found.values()];
}

/**
 * The move `path` makes, if it is a whole listed move; `null` while it is only the
 * beginning of one.
 * @param {NamedMove[]} legal
 * @param {string[]} path
 * @returns {NamedMove | null}
 */
export function made(legal, path) {
  return (
    legal.find(
      (m) => m.path.length === path.length && m.path.every((sq, i) => sq === path[i]),
    ) ?? null
  );
}

/**
 * Whether the move entered so far must go on: no listed move ends where it stands.
 * @param {NamedMove[]} legal
 * @param {string[]} path
 * @returns {boolean}
 */
export function mustGoOn(legal, path) {
  return made(legal, path) === null;
}

/**
 * The listed move whose notation a typed text is, in any letter case.
 * @param {NamedMove[]} legal
 * @param {string} text
 * @returns {NamedMove | null}
 */
export function typed(legal, text) {
  const t = text.trim().toUpperCase().replace(/\s+/g, "");
  return legal.find((m) => m.notation.toUpperCase() === t) ?? null;
}

/**
 * A game's plies as its move list shows them: a numbered line a round, each seat's move
 * in it in turn order ("1. E6-E8 F11-F9"; Grand Cam's four a line).
 * @param {number} plies
 * @param {number} seats
 * @returns {{ number: number, plies: number[] }[]}
 */
export function rounds(plies, seats) {
  const per = Math.max(1, seats);
  const out = [];
  for (let first = 0; first < plies; first += per) {
    const these = [];
    for (let i = first; i < Math.min(plies, first + per); i++) {
      these.push(i);
    }
    out.push({ number: first / per + 1, plies: these });
  }
  return out;
}
