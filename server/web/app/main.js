// The page's entry: `/` is the server's front page, `/GAME` watches a game and
// `/GAME/TOKEN` plays the seat the token holds (an invitation code is such an address);
// `/tv` shows the computer match the server keeps on.

import { el } from "./dom.js";
import { gamePage } from "./game.js";
import { lobbyPage } from "./lobby.js";
import { tvPage } from "./tv.js";
import { muted, setMuted } from "./sound.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const toggle = /** @type {HTMLButtonElement} */ (document.getElementById("sound"));
const showSound = () => {
  toggle.textContent = muted() ? "Sound off" : "Sound on";
  toggle.setAttribute("aria-pressed", String(!muted()));
};
toggle.addEventListener("click", () => {
  setMuted(!muted());
  showSound();
});
showSound();

const parts = location.pathname.split("/").filter((p) => p.length > 0);
if (parts.length === 0) {
  lobbyPage(main);
} else if (parts.length === 1 && parts[0] === "tv") {
  tvPage(main);
} else if (parts.length <= 2 && parts.every((p) => /^[A-Za-z0-9]+$/.test(p))) {
  gamePage(main, parts[0], parts[1]);
} else {
  main.append(el("p", {}, "There is no such page."));
}
