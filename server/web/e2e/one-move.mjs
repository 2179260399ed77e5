// Plays one move of the seat a page shows: `node e2e/one-move.mjs URL [phone|desktop]
// [screenshot.png]` (a phone held upright plays by touch). Prints the move list after
// it, and the board's width beside the screen's.

import { PHONE, launch, main, moveList, playOneMove, waitForTurn } from "./browser.mjs";

const [url, mode, shot] = process.argv.slice(2);

main(async () => {
  const phone = mode === "phone";
  const browser = await launch();
  const context = await browser.newContext(phone ? PHONE : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await waitForTurn(page, 30_000);
  const box = await page.locator("svg.board").boundingBox();
  await playOneMove(page, { tap: phone });
  await page.waitForFunction(() => document.querySelectorAll(".moves .ply").length > 0, undefined, {
    timeout: 15_000,
  });
  if (shot) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot, fullPage: phone });
  }
  const moves = await moveList(page);
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  const screenWidth = phone ? PHONE.viewport.width : 1280;
  return { moves, boardWidth: box?.width ?? 0, screenWidth };
});
