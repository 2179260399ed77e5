// The page's entry: `/` is the server's front page, `/GAME` watches a game (or plays my
// seat in it, logged in) and `/GAME/TOKEN` plays the seat the token holds (an invitation
// code is such an address); `/tv` shows the computer match the server keeps on;
// `/signup`, `/login` and `/settings` are the account's; `/players/NAME` a player's page
// and `/players` the best players.

import { accountLinks, accountPage, settingsPage } from "./account.js";
import { followChallenges } from "./challenges.js";
import { el } from "./dom.js";
import { leadersPage, playerPage } from "./player.js";
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

accountLinks(/** @type {HTMLElement} */ (document.getElementById("account")));
void followChallenges(/** @type {HTMLElement} */ (document.getElementById("challenges")));

const parts = location.pathname.split("/").filter((p) => p.length > 0);
/** The pages with names of their own, beside the games' ids. */
const named = ["tv", "signup", "login", "settings", "players"];
if (parts.length === 0) {
  lobbyPage(main);
} else if (parts.length === 1 && parts[0] === "tv") {
  tvPage(main);
} else if (parts.length === 1 && (parts[0] === "signup" || parts[0] === "login")) {
  void accountPage(main, parts[0] === "signup");
} else if (parts.length === 1 && parts[0] === "settings") {
  settingsPage(main);
} else if (parts.length === 1 && parts[0] === "players") {
  leadersPage(main);
} else if (parts.length === 2 && parts[0] === "players") {
  playerPage(main, decodeURIComponent(parts[1]));
} else if (named.includes(parts[0])) {
  main.append(el("p", {}, "There is no such page."));
} else if (parts.length <= 2 && parts.every((p) => /^[A-Za-z0-9]+$/.test(p))) {
  gamePage(main, parts[0], parts[1]);
} else {
  main.append(el("p", {}, "There is no such page."));
}
