// Move entry on the board: a square chosen by a click, a tap, a drag or the keyboard
// becomes a piece picked, a landing taken, or the move sent, from the server's list of
// legal moves alone (moves.js); the board draws what is entered.

import { made, starts } from "./moves.js";
import { whyNot } from "./why.js";

/**
 * @typedef {import("./board.js").Board} Board
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 */

/**
 * A square chosen (a click, a tap, Enter): a piece picked, a landing taken, or the
 * move finished where it stands.
 * @param {Board} board
 * @param {string} sq
 */
export function choose(board, sq) {
  if (board.legal.length === 0) {
    return;
  }
  const offered = board.marks().find((m) => m.square === sq);
  if (offered) {
    board.path = [...board.path, sq];
    const move = made(board.legal, board.path);
    if (move && board.marks().length === 0) {
      submit(board, move);
      return;
    }
  } else if (
    board.path.length > 1 &&
    sq === board.path[board.path.length - 1] &&
    made(board.legal, board.path)
  ) {
    // A move that could go on stops here.
    submit(board, /** @type {NamedMove} */ (made(board.legal, board.path)));
    return;
  } else if (starts(board.legal).has(sq) && board.path[0] !== sq) {
    board.path = [sq];
    const move = made(board.legal, board.path);
    if (move && board.marks().length === 0) {
      // A tree planted, or a pass.
      submit(board, move);
      return;
    }
  } else {
    board.path = [];
    const why = explained(board, sq);
    if (why) {
      board.draw();
      board.o.onExplain?.(why);
      return;
    }
  }
  board.draw();
  board.say(sq);
}

/**
 * Why my piece on `sq` has no move now, when it is my turn; `null` otherwise.
 * @param {Board} b
 * @param {string} sq
 */
export function explained(b, sq) {
  const position = b.board;
  const piece = position?.pieces.find((p) => p.square === sq);
  if (!position || !piece || b.legal.length === 0 || piece.seat !== position.to_move) {
    return null;
  }
  return whyNot(sq, position.constraint, position.pieces, b.legal);
}

/**
 * @param {Board} board
 * @param {NamedMove} move
 */
export function submit(board, move) {
  board.path = [];
  board.dragging = false;
  board.draw();
  board.o.onMove(move);
}

/**
 * @param {Board} board
 * @param {PointerEvent} e
 */
export function down(board, e) {
  const sq = board.squareAt(e);
  if (sq === null) {
    return;
  }
  board.dragging = true;
  board.dragMoved = false;
  board.cursor = sq;
  choose(board, sq);
}

/**
 * @param {Board} board
 * @param {PointerEvent} e
 */
export function drag(board, e) {
  if (!board.dragging) {
    return;
  }
  const sq = board.squareAt(e);
  if (sq !== null && board.marks().some((m) => m.square === sq)) {
    board.dragMoved = true;
    board.path = [...board.path, sq];
    const move = made(board.legal, board.path);
    if (move && board.marks().length === 0) {
      submit(board, move);
    } else {
      board.draw();
    }
  }
}

/**
 * @param {Board} board
 * @param {PointerEvent} e
 */
export function up(board, e) {
  if (!board.dragging) {
    return;
  }
  board.dragging = false;
  const sq = board.squareAt(e);
  // A drag that ends where a move may stop finishes it there.
  if (board.dragMoved && sq === board.path[board.path.length - 1]) {
    const move = made(board.legal, board.path);
    if (move) {
      submit(board, move);
    }
  }
}

/**
 * @param {Board} board
 * @param {KeyboardEvent} e
 */
export function key(board, e) {
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
    const here = board.at.get(board.cursor);
    if (!here) {
      return;
    }
    const [x, y] = board.place(here);
    // The nearest square that way.
    let best = null;
    let bestDistance = Infinity;
    for (const s of board.v.squares) {
      const [sx, sy] = board.place(s);
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
      board.cursor = best;
      board.draw();
      board.say(best);
    }
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    choose(board, board.cursor);
  } else if (e.key === "Escape") {
    board.path = [];
    board.draw();
  }
}
