// What a screen reader and a keyboard find: `node e2e/a11y.mjs SEAT_URL WATCH_URL` opens
// a seat's page and a watcher's page of one game and prints, for each, its h1s and what
// the board offers (its role, whether it takes the focus, its name), and whether the
// board shows a ring when the keyboard focuses it, and where the page's rules link goes.

import { launch, main } from "./browser.mjs";

const [seat, watch] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  /** @param {string} url */
  const look = async (url) => {
    await page.goto(url);
    await page.waitForSelector("svg.board");
    await page.waitForFunction(() => (document.querySelector("h1")?.textContent ?? "").includes("game"));
    return page.evaluate(() => {
      const board = /** @type {SVGElement} */ (document.querySelector("svg.board"));
      return {
        h1: [...document.querySelectorAll("h1")].map((h) => h.textContent),
        role: board.getAttribute("role"),
        tabindex: board.getAttribute("tabindex"),
        label: board.getAttribute("aria-label"),
        rules: document.querySelector(".rules-link a")?.getAttribute("href") ?? null,
      };
    });
  };
  const seated = await look(seat);
  // The keyboard's focus (Tab until the board has it) draws a ring.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.matches("svg.board") ?? false)) {
      break;
    }
  }
  const ring = await page.evaluate(() => {
    const board = /** @type {Element} */ (document.querySelector("svg.board"));
    const s = getComputedStyle(board);
    return document.activeElement === board && s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
  });
  const watching = await look(watch);
  await browser.close();
  return { seated, ring, watching };
});
