// A tournament between two browsers: `node e2e/tournament.mjs BASE [screenshot-dir]`.
// Gareth (a desktop) signs up, makes an arena of Camette 5+3 from /tournaments starting
// now, and joins it on its page; Lynette (a phone) signs up, finds it on the front page,
// opens it and joins. The server pairs them: both pages open the game by themselves.
// White plays a move, and a visitor's /tv shows their game as the tournament's top game;
// Black resigns; back on the tournament's page, the standings give White 2 points.
// Prints `{"listed":TEXT,"kind":TEXT,"garethAt":PATH,"lynetteAt":PATH,"gameKind":TEXT,
// "tvGame":ID,"tvTitle":TEXT,"standings":[ROW,...],"winner":NAME,"errors":[...]}`.

import { PROTOCOL, VERSION_HEADER } from "../app/protocol.js";
import { launch, main, PHONE, playOneMove, signUp, waitForTurn } from "./browser.mjs";

const [base, shots] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const gareth = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const lynette = await (await browser.newContext(PHONE)).newPage();
  const errors = [];
  for (const p of [gareth, lynette]) {
    p.on("pageerror", (e) => errors.push(String(e)));
  }
  await signUp(gareth, base, "Gareth", "the perilous chapel");
  await signUp(lynette, base, "Lynette", "the perilous chapel");
  await gareth.goto(`${base}/tournaments`);
  const form = gareth.getByRole("form", { name: "Make a tournament" });
  await form.getByLabel("Name", { exact: true }).fill("Orkney Arena");
  await form.getByLabel("Kind", { exact: true }).selectOption("arena");
  await form.getByLabel("Game", { exact: true }).selectOption("camette");
  await form.getByLabel("Time", { exact: true }).selectOption({ label: "5 minutes + 3 s a move" });
  await form.getByLabel("Minutes", { exact: true }).fill("30");
  await form.getByLabel("Starts in (minutes)", { exact: true }).fill("0");
  await form.getByRole("button", { name: "Make it" }).click();
  await gareth.waitForURL(/\/tournaments\/[A-Za-z0-9]+$/);
  const page = gareth.url();
  await gareth.getByRole("button", { name: "Join" }).click();
  await gareth.getByRole("button", { name: "Withdraw" }).waitFor();
  const kind = (await gareth.locator(".tournament-kind").textContent()) ?? "";
  if (shots) {
    await gareth.screenshot({ path: `${shots}/tournament-desktop.png` });
  }
  // Lynette finds it on the front page.
  await lynette.goto(base);
  const item = lynette.getByRole("region", { name: "Tournaments", exact: true }).locator("li[data-tournament]");
  await item.waitFor();
  const listed = (await item.textContent()) ?? "";
  await item.getByRole("link").click();
  await lynette.getByRole("button", { name: "Join" }).click();
  // Paired within the director's next look: both pages open the game by themselves.
  await Promise.all([gareth.waitForSelector("svg.board", { timeout: 20_000 }), lynette.waitForSelector("svg.board", { timeout: 20_000 })]);
  const garethAt = new URL(gareth.url()).pathname;
  await gareth.locator(".game-kind:not(:empty)").waitFor();
  const gameKind = (await gareth.locator(".game-kind").textContent()) ?? "";
  const lynetteAt = new URL(lynette.url()).pathname;
  // White moves; Black resigns.
  const first = await Promise.race([gareth, lynette].map(async (p) => (await waitForTurn(p, 20_000), p)));
  const [white, black] = first === gareth ? [gareth, lynette] : [lynette, gareth];
  await playOneMove(white, { tap: white === lynette });
  await black.waitForFunction(() => document.querySelector(".turn")?.textContent === "Your move", undefined, { timeout: 20_000 });
  // A visitor's TV follows the tournament's top game.
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  visitor.on("pageerror", (e) => errors.push(String(e)));
  await visitor.goto(`${base}/tv`);
  const tv = visitor.locator(".tv-game[data-game]");
  await tv.waitFor({ timeout: 20_000 });
  const tvGame = (await tv.getAttribute("data-game")) ?? "";
  await visitor.locator(".tv-title a").waitFor();
  const tvTitle = (await visitor.locator(".tv-title").textContent()) ?? "";
  if (shots) {
    await visitor.locator(".tv-game svg.board").waitFor();
    await visitor.screenshot({ path: `${shots}/tv-tournament-desktop.png` });
  }
  await black.getByRole("button", { name: "Resign" }).click();
  await black.getByRole("button", { name: "Really resign?" }).click();
  await white.locator(".turn[data-result]").waitFor({ timeout: 20_000 });
  const winner = (await white.locator(".account-links .me").textContent()) ?? "";
  // The standings, on the tournament's page, once the director has scored the game
  // (opened afresh: the page left open would take each to the game they are paired in
  // next, at once).
  const scored = async () =>
    gareth.evaluate(
      async ({ url, header, version }) => {
        const r = await fetch(url, { headers: { accept: "application/json", [header]: String(version) } });
        return (await r.json()).standings?.[0]?.points === 2;
      },
      { url: page, header: VERSION_HEADER, version: PROTOCOL },
    );
  for (let i = 0; i < 100 && !(await scored()); i++) {
    await gareth.waitForTimeout(200);
  }
  await gareth.goto(page);
  await gareth.waitForFunction(
    () => document.querySelector("table.standings td.points")?.textContent === "2",
    undefined,
    { timeout: 20_000 },
  );
  const standings = await gareth.locator("table.standings tbody tr").allTextContents();
  if (shots) {
    await gareth.screenshot({ path: `${shots}/tournament-standings-desktop.png`, fullPage: true });
    await lynette.goto(page);
    await lynette.locator("table.standings").waitFor();
    await lynette.screenshot({ path: `${shots}/tournament-phone.png`, fullPage: true });
  }
  await browser.close();
  return { listed, kind, garethAt, lynetteAt, gameKind, tvGame, tvTitle, standings, winner, errors };
});
