// Why a piece of mine cannot move now, in words: the server names the rule that narrows
// the turn (a compulsory capture, a castle to leave, trees to plant, a pass); the page
// only says it. It knows no rules of its own.

/**
 * @typedef {import("./protocol.js").ConstraintView} ConstraintView
 * @typedef {import("./protocol.js").PieceView} PieceView
 * @typedef {import("./protocol.js").NamedMove} NamedMove
 */

/**
 * `the knight on K4`, `the man on D5`.
 * @param {string} square
 * @param {PieceView[]} pieces
 */
function pieceOn(square, pieces) {
  const p = pieces.find((x) => x.square === square);
  const kind = p?.kind === "Knight" ? "knight" : p?.kind === "Man" ? "man" : "piece";
  return `the ${kind} on ${square}`;
}

/**
 * `the knight on K4`, `the knight on K4 or the man on D5`, `… , … or …`.
 * @param {string[]} squares
 * @param {PieceView[]} pieces
 */
function either(squares, pieces) {
  const named = squares.map((sq) => pieceOn(sq, pieces));
  return named.length <= 1
    ? named.join("")
    : `${named.slice(0, -1).join(", ")} or ${named[named.length - 1]}`;
}

/**
 * What to say when the player picks the piece on `square`, one of theirs, which has no
 * move now; `null` where it has one.
 * @param {string} square
 * @param {ConstraintView | undefined} constraint
 * @param {PieceView[]} pieces
 * @param {NamedMove[]} legal
 * @returns {string | null}
 */
export function whyNot(square, constraint, pieces, legal) {
  if (legal.some((m) => m.path[0] === square)) {
    return null;
  }
  switch (constraint?.kind) {
    case "must_capture":
      return `You must capture: ${either(constraint.pieces, pieces)} can jump`;
    case "leave_castle":
      return `You must leave the castle: ${either(constraint.pieces, pieces)} must go out${
        constraint.capturing ? ", capturing" : ""
      }`;
    case "plant_tree":
      return `First plant your ${constraint.left === 1 ? "tree" : "trees"}: ${constraint.left} left`;
    case "pass":
      return "You have no move: pass";
    default:
      return `${pieceOn(square, pieces).replace(/^the/, "The")} has no move now`;
  }
}

/**
 * The squares of the pieces the rule names (to be marked plainly), if any.
 * @param {ConstraintView | undefined} constraint
 * @returns {Set<string>}
 */
export function named(constraint) {
  return new Set(
    constraint?.kind === "must_capture" || constraint?.kind === "leave_castle"
      ? constraint.pieces
      : [],
  );
}
