// Building the page: elements with attributes and children, every text a text node,
// never markup (a name or a reason from the server is shown as it is, never as HTML).

const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {Record<string, string | number | boolean | EventListener | undefined>} Props
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * @param {Element} e
 * @param {Props} props
 * @param {Child[]} children
 */
function fill(e, props, children) {
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === false) {
      continue;
    }
    if (typeof v === "function") {
      e.addEventListener(k.replace(/^on/, ""), v);
    } else {
      e.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) {
      continue;
    }
    e.append(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

/**
 * An HTML element.
 * @param {string} tag
 * @param {Props} [props]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  fill(e, props, children);
  return e;
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Props} [props]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function svg(tag, props = {}, ...children) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  fill(e, props, children);
  return e;
}

/**
 * Replaces an element's children.
 * @param {Element} parent
 * @param {...Child} children
 */
export function put(parent, ...children) {
  parent.replaceChildren();
  fill(parent, {}, children);
}

/**
 * Scrolls `list` so that `item` is in view, and nothing else: the window (and the board
 * above the list on a phone) stays where the player put it. `scrollIntoView` would move
 * every scrolling ancestor, the page included.
 * @param {HTMLElement} list
 * @param {Element | null} item
 */
export function scrollWithin(list, item) {
  if (!item) {
    return;
  }
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) {
    list.scrollTop -= box.top - at.top;
  } else if (at.bottom > box.bottom) {
    list.scrollTop += at.bottom - box.bottom;
  }
}

/** Where the browser keeps the name the player gave. */
const NAME_KEY = "camelot.name";

/** The name the player last gave on this browser, or "". */
export function savedName() {
  return localStorage.getItem(NAME_KEY) ?? "";
}

/**
 * Keeps the name the player gave for the next page.
 * @param {string} name
 */
export function saveName(name) {
  localStorage.setItem(NAME_KEY, name.trim());
}

/** The field a player's name is typed in, filled with the name last given. */
export function nameField() {
  return /** @type {HTMLInputElement} */ (
    el("input", {
      type: "text",
      name: "name",
      maxlength: 24,
      value: savedName(),
      placeholder: "your name",
      "aria-label": "Your name",
    })
  );
}

/**
 * A labelled field of a form.
 * @param {string} label
 * @param {Record<string, string | number | boolean>} props
 */
export function field(label, props) {
  const input = /** @type {HTMLInputElement} */ (el("input", { required: true, ...props }));
  return { input, row: el("label", { class: "field" }, el("span", {}, label), input) };
}

/**
 * A text shown on its own as a sentence: its first letter a capital (the server's
 * messages begin in lower case, to stand after a colon in a program's output).
 * @param {string} text
 */
export function sentence(text) {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}
