// Watches a game in the browser to its end: `node e2e/watch.mjs URL [screenshot.png]`,
// URL a watcher's invitation (`http://HOST:PORT/GAME`). Prints the moves as the page
// listed them, how many lengths the list had on the way (one a move, when the page
// follows the game move by move), and the result.

import { launch, main, moveList, result, turn } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector("svg.board");
  // Every length the move list has had, as the page changed it.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.lengths = [];
    const list = document.querySelector(".moves");
    if (list) {
      new MutationObserver(() => w.lengths.push(list.children.length)).observe(list, {
        childList: true,
      });
    }
  });
  let shotTaken = false;
  for (;;) {
    const n = await page.locator(".moves li").count();
    if (shot && !shotTaken && n >= 6) {
      await page.screenshot({ path: shot });
      shotTaken = true;
    }
    const t = await turn(page);
    if (t.startsWith("Game over")) {
      const moves = await moveList(page);
      const recorded = await result(page);
      const lengths = await page.evaluate(() => /** @type {any} */ (window).lengths);
      await browser.close();
      if (errors.length > 0) {
        throw new Error(`the page failed: ${errors.join("; ")}`);
      }
      const steps = new Set(lengths.filter((/** @type {number} */ l) => l > 0)).size;
      return { moves, steps, result: recorded, said: t };
    }
    await page.waitForTimeout(50);
  }
});
