// Watches the server's TV: `node e2e/tv.mjs BASE N [screenshot-dir]`. On the front page,
// follows the computer match until it has N moves, noting every length its move list had
// (each length one more than the last, when the page follows the game move by move); then
// opens `/tv` and reads the same game there. Prints `{"game":ID,"moves":[...],
// "steps":[lengths],"full":{...}}`.

import { launch, main, PHONE } from "./browser.mjs";

const [base, wanted, shots] = process.argv.slice(2);
const n = Number(wanted);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForSelector(".tv-section:not([hidden]) .tv-game svg.board", { timeout: 60_000 });
  const game = await page.locator(".tv-game").getAttribute("data-game");
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const list = document.querySelector(".tv .moves");
    w.lengths = [list?.querySelectorAll(".ply").length ?? 0];
    if (list) {
      new MutationObserver(() => w.lengths.push(list.querySelectorAll(".ply").length)).observe(list, { childList: true });
    }
  });
  await page.waitForFunction(
    (k) => (document.querySelector(".tv .moves")?.querySelectorAll(".ply").length ?? 0) >= k,
    n,
    { timeout: 120_000, polling: 100 },
  );
  const moves = (await page.locator(".tv .moves .ply").allTextContents()).map((t) => t.split(" ").pop());
  const lengths = await page.evaluate(() => /** @type {any} */ (window).lengths);
  if (shots) {
    await page.screenshot({ path: `${shots}/front-desktop.png` });
  }
  const full = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  full.on("pageerror", (e) => errors.push(String(e)));
  await full.goto(`${base}/tv`);
  await full.waitForSelector(".tv-game svg.board");
  await full.waitForFunction(() => document.querySelectorAll(".moves .ply").length > 0);
  const fullGame = await full.locator(".tv-game").getAttribute("data-game");
  const title = await full.locator("h1.tv-title").textContent();
  // The whole board, its coordinates included, inside the window.
  const fits = await full.locator(".tv-game svg.board").evaluate((b) => {
    const r = b.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), height: window.innerHeight };
  });
  if (shots) {
    await full.screenshot({ path: `${shots}/tv-desktop.png` });
    const phone = await (await browser.newContext(PHONE)).newPage();
    await phone.goto(`${base}/tv`);
    await phone.waitForSelector(".tv-game svg.board");
    await phone.waitForTimeout(1000);
    await phone.screenshot({ path: `${shots}/tv-phone.png` });
    await phone.goto(base);
    await phone.waitForSelector(".tv-game svg.board");
    await phone.waitForTimeout(1000);
    await phone.screenshot({ path: `${shots}/front-phone.png`, fullPage: true });
  }
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  const steps = [...new Set(lengths.filter((/** @type {number} */ l) => l > 0))].sort((a, b) => a - b);
  return { game, moves, steps, full: { game: fullGame, title, fits } };
});
