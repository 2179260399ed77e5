// Looking back during a live game: `node e2e/lookback.mjs SEAT_URL [shot.png]` opens a seat whose
// turn it is after two moves, clicks the first move in the list, reads what the board
// shows (the squares of the move marked as the last), then presses Escape and reads it
// again, and whether the board offers the seat its moves each time.

import { launch, main, waitForTurn } from "./browser.mjs";

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
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
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
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { now, back, again };
});
