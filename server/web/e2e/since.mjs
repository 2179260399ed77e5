// Grand Cam against three computers: `node e2e/since.mjs SEAT_URL [shot.png]` opens Red's
// seat, plays a move, waits for Red's turn again and prints what the page marks: the
// last move's squares, the squares of the moves before it since Red's, the moves the
// list marks as recent, and the partnerships line.

import { main, openPage, playOneMove, waitForTurn } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);

main(async () => {
  const { page, done } = await openPage(url);
  await waitForTurn(page, 60_000);
  await playOneMove(page);
  await page.waitForFunction(() => document.querySelectorAll(".moves .ply").length >= 4, undefined, {
    timeout: 120_000,
  });
  await waitForTurn(page, 120_000);
  const seen = await page.evaluate(() => ({
    last: [...document.querySelectorAll("rect.sq.last")].map((r) => r.getAttribute("data-square")).sort(),
    since: [...document.querySelectorAll("rect.sq.since")].map((r) => r.getAttribute("data-square")).sort(),
    recent: [...document.querySelectorAll(".moves .ply.recent")].map((p) => p.textContent),
    plies: document.querySelectorAll(".moves .ply").length,
    partners: document.querySelector(".partners")?.textContent ?? "",
  }));
  if (shot) {
    await page.screenshot({ path: shot });
  }
  await done();
  return seen;
});
