// Watches a game in the browser to its end: `node e2e/watch.mjs URL [READY]`, URL a
// watcher's invitation (`http://HOST:PORT/GAME`), READY a file written once the page
// shows the game and its move list is watched (a test starts the players then). Prints the moves as the page
// listed them, the list's length when watching began (a slow start may find moves
// played), every length it had after (one a move, when the page follows the game move
// by move), and the result.

import { writeFileSync } from "node:fs";

import { main, openPage, moveList, result, turn } from "./browser.mjs";

const [url, ready] = process.argv.slice(2);

main(async () => {
  const { page, done } = await openPage(url);
  await page.waitForSelector("svg.board");
  // Every length the move list has had, as the page changed it.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.lengths = [];
    const list = document.querySelector(".moves");
    w.first = list?.querySelectorAll(".ply").length ?? 0;
    if (list) {
      new MutationObserver(() => w.lengths.push(list.querySelectorAll(".ply").length)).observe(list, {
        childList: true,
      });
    }
  });
  if (ready) {
    writeFileSync(ready, "watching\n");
  }
  for (;;) {
    const t = await turn(page);
    if (t.startsWith("Game over")) {
      const moves = await moveList(page);
      const recorded = await result(page);
      const { first, lengths } = await page.evaluate(() => {
        const w = /** @type {any} */ (window);
        return { first: w.first, lengths: w.lengths };
      });
      await done();
      return { moves, first, lengths, result: recorded, said: t };
    }
    await page.waitForTimeout(50);
  }
});
