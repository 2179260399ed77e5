// The page's entry: `/` is the server's front page, `/GAME` watches a game (or plays my
// seat in it, logged in) and `/GAME/TOKEN` plays the seat the token holds (an invitation
// code is such an address); `/tv` shows the computer match the server keeps on;
// `/signup`, `/login` and `/settings` are the account's; `/players/NAME` a player's page
// and `/players` the best players; `/tournaments` the tournaments, `/tournaments/ID` one;
// `/analysis` the analysis board (`?game=ID&ply=N` from a finished game's position).

import { accountLinks, accountPage, settingsPage } from "./account.js";
import { recoverPage } from "./recovery.js";
import { followChallenges } from "./challenges.js";
import { el, svg } from "./dom.js";
import { leadersPage, playerPage } from "./player.js";
import { gamePage } from "./game.js";
import { lobbyPage } from "./lobby.js";
import { tournamentPage, tournamentsPage } from "./tournaments.js";
import { tvPage } from "./tv.js";
import { muted, setMuted } from "./sound.js";

const main = /** @type {HTMLElement} */ (document.getElementById("main"));
const toggle = /** @type {HTMLButtonElement} */ (document.getElementById("sound"));
/** A speaker, drawn (a phone may have no emoji font): with waves, or struck through. */
const speaker = (/** @type {boolean} */ on) =>
  svg(
    "svg",
    { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" },
    svg("path", { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }),
    on
      ? svg("path", { d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", fill: "none", stroke: "currentColor", "stroke-width": 2 })
      : svg("path", { d: "M16 9l6 6M22 9l-6 6", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
  );
const showSound = () => {
  // A word on a wide screen, the speaker alone on a phone's narrow header (the style
  // says which shows); aria-pressed says on or off either way.
  const word = toggle.querySelector(".sound-word");
  const icon = toggle.querySelector(".sound-icon");
  if (word && icon) {
    word.textContent = muted() ? "Sound off" : "Sound on";
    icon.replaceChildren(speaker(!muted()));
  }
  toggle.title = muted() ? "Sound off" : "Sound on";
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
const named = ["tv", "signup", "login", "settings", "recover", "players", "tournaments", "analysis"];
if (parts.length === 0) {
  lobbyPage(main);
} else if (parts.length === 1 && parts[0] === "tv") {
  tvPage(main);
} else if (parts.length === 1 && (parts[0] === "signup" || parts[0] === "login")) {
  void accountPage(main, parts[0] === "signup");
} else if (parts.length === 1 && parts[0] === "settings") {
  settingsPage(main);
} else if (parts.length === 1 && parts[0] === "analysis") {
  // The analysis board's modules are loaded by its own page only.
  void import("./study.js").then(({ studyPage }) => studyPage(main, location.search));
} else if (parts.length === 1 && parts[0] === "recover") {
  recoverPage(main);
} else if (parts.length === 1 && parts[0] === "players") {
  leadersPage(main);
} else if (parts.length === 2 && parts[0] === "players") {
  playerPage(main, decodeURIComponent(parts[1]));
} else if (parts.length === 1 && parts[0] === "tournaments") {
  void tournamentsPage(main);
} else if (parts.length === 2 && parts[0] === "tournaments" && /^[A-Za-z0-9]+$/.test(parts[1])) {
  void tournamentPage(main, parts[1]);
} else if (named.includes(parts[0])) {
  main.append(el("p", {}, "There is no such page."));
} else if (parts.length <= 2 && parts.every((p) => /^[A-Za-z0-9]+$/.test(p))) {
  gamePage(main, parts[0], parts[1]);
} else {
  main.append(el("p", {}, "There is no such page."));
}
