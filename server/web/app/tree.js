// The analysis board's move tree: every move tried from the start kept, a position's
// first move its main line and the others its variations, as a record with variations is
// written ("1. C3-C4 C5xC3 (1... D6-D5 2. ...) 2. ..."). The moves are the server's named
// moves; the tree knows no rules, only which move followed which.

/**
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 * @typedef {{ move: NamedMove | null, parent: TreeNode | null, children: TreeNode[], ply: number, game: boolean }} TreeNode
 *   `ply`: the moves from the start to here; `game`: a move of the game studied, not one tried
 * @typedef {{ t: "move", node: TreeNode, number: string | null } | { t: "open" } | { t: "close" }} Token
 */

/**
 * The start, with the game's moves (if any) as its main line.
 * @param {NamedMove[]} [played]
 * @returns {TreeNode}
 */
export function startTree(played = []) {
  /** @type {TreeNode} */
  const root = { move: null, parent: null, children: [], ply: 0, game: true };
  let at = root;
  for (const m of played) {
    at = child(at, m, true);
  }
  return root;
}

/**
 * @param {TreeNode} parent
 * @param {NamedMove} move
 * @param {boolean} game
 * @returns {TreeNode}
 */
function child(parent, move, game) {
  /** @type {TreeNode} */
  const node = { move, parent, children: [], ply: parent.ply + 1, game };
  parent.children.push(node);
  return node;
}

/**
 * The position after `move` from `node`: the one kept if the move was tried before,
 * else a new variation (the main line, where none went on from here).
 * @param {TreeNode} node
 * @param {NamedMove} move
 * @returns {TreeNode}
 */
export function tryMove(node, move) {
  const kept = node.children.find((c) => c.move?.notation === move.notation);
  return kept ?? child(node, move, false);
}

/**
 * The moves from the start to `node`.
 * @param {TreeNode} node
 * @returns {NamedMove[]}
 */
export function movesTo(node) {
  /** @type {NamedMove[]} */
  const out = [];
  for (let at = /** @type {TreeNode | null} */ (node); at?.move; at = at.parent) {
    out.push(at.move);
  }
  return out.reverse();
}

/**
 * How far `node`'s moves go along the game's own (the position of the game to start
 * from), and the moves tried after it.
 * @param {TreeNode} node
 * @returns {{ ply: number, tried: NamedMove[] }}
 */
export function fromGame(node) {
  /** @type {NamedMove[]} */
  const tried = [];
  let at = /** @type {TreeNode | null} */ (node);
  while (at && !at.game) {
    tried.push(/** @type {NamedMove} */ (at.move));
    at = at.parent;
  }
  return { ply: at?.ply ?? 0, tried: tried.reverse() };
}

/**
 * The node a key takes the board to, or none for a key it ignores: back and on along
 * the line shown (on: the main line's move from here), the start, the line's end.
 * @param {TreeNode} node
 * @param {string} key
 * @returns {TreeNode | null}
 */
export function stepTo(node, key) {
  switch (key) {
    case "ArrowLeft":
      return node.parent;
    case "ArrowRight":
      return node.children[0] ?? null;
    case "Home": {
      let at = node;
      while (at.parent) at = at.parent;
      return at === node ? null : at;
    }
    case "End": {
      let at = node;
      while (at.children[0]) at = at.children[0];
      return at === node ? null : at;
    }
    default:
      return null;
  }
}

/**
 * Takes `node` and every move after it out of the tree; the node to show instead (its
 * parent). The start stays.
 * @param {TreeNode} node
 * @returns {TreeNode}
 */
export function cut(node) {
  const parent = node.parent;
  if (!parent) {
    return node;
  }
  parent.children = parent.children.filter((c) => c !== node);
  return parent;
}

/**
 * Whether `node` is on the main line (every move the first from where it was made).
 * @param {TreeNode} node
 */
export function onMainLine(node) {
  for (let at = node; at.parent; at = at.parent) {
    if (at.parent.children[0] !== at) {
      return false;
    }
  }
  return true;
}

/**
 * The tree written out as a record with variations is: each move with its number where
 * a round starts or a line opens ("3." for the first seat's, "3…" for another's), each
 * variation between an open and a close after the move it stands instead of.
 * @param {TreeNode} root
 * @param {number} seats the seats that move in turn
 * @returns {Token[]}
 */
export function tokens(root, seats) {
  /** @type {Token[]} */
  const out = [];
  const per = Math.max(1, seats);
  const number = (/** @type {TreeNode} */ n, /** @type {boolean} */ forced) => {
    const i = n.ply - 1;
    const round = Math.floor(i / per) + 1;
    if (i % per === 0) return `${round}.`;
    return forced ? `${round}…` : null;
  };
  /** @param {TreeNode} from @param {boolean} opened */
  const line = (from, opened) => {
    let at = from;
    let forced = opened;
    while (at.children.length > 0) {
      const [main, ...others] = at.children;
      out.push({ t: "move", node: main, number: number(main, forced) });
      forced = false;
      for (const other of others) {
        out.push({ t: "open" });
        out.push({ t: "move", node: other, number: number(other, true) });
        line(other, false);
        out.push({ t: "close" });
        forced = true;
      }
      at = main;
    }
  };
  line(root, true);
  return out;
}
