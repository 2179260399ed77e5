// Looking back during a live game: `node e2e/lookback.mjs SEAT_URL [shot.png]` opens a seat whose
// turn it is after two moves, clicks the first move in the list, reads what the board
// shows (the squares of the move marked as the last), then presses Escape and reads it
// again, and whether the board offers the seat its moves each time.

import { main, openPage, waitForTurn } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);

/** @param {import("playwright-core").Page} page */
function board(page) {
  return page.evaluate(() => ({
    last: [...document.querySelectorAll("rect.sq.last")].map((r) => r.getAttribute("data-square")).sort(),
    current: [...document.querySelectorAll(".moves .ply.current")].map((p) => p.textContent),
    where: document.querySelector(".replay:not([hidden]) .where")?.textContent ?? null,
    movable: document.querySelectorAll(".movable, circle.mark").length,
  }));
}

main(async () => {
  const { page, done } = await openPage(url);
  await waitForTurn(page, 30_000);
  const now = await board(page);
  await page.locator(".moves .ply").first().click();
  await page.waitForSelector(".moves .ply.current");
  const back = await board(page);
  if (shot) {
    await page.screenshot({ path: shot });
  }
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.querySelector(".moves .ply.current") === null);
  const again = await board(page);
  await done();
  return { now, back, again };
});
