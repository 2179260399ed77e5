// The page's pictures for the README and docs/online.md: `node e2e/gallery.mjs PLAYER_URL
// WATCHER_URL PHONE_URL OUT_DIR`. The player's page after a few moves with a piece picked
// and its landings marked; the watcher's page; a phone held upright at its seat.

import { PHONE, launch, main, playOneMove, waitForTurn } from "./browser.mjs";

const [player, watcher, phone, out] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const desk = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desk.goto(player);
  for (let i = 0; i < 4; i++) {
    await waitForTurn(desk, 60_000);
    await playOneMove(desk);
    await desk.waitForFunction(() => document.querySelector(".turn")?.textContent !== "Sent…");
  }
  await waitForTurn(desk, 60_000);
  // A knight picked: its landings marked.
  const knight = desk.locator("g.piece.knight").first();
  const square = await knight.getAttribute("data-square");
  await desk.locator(`rect.sq[data-square="${square}"]`).click();
  await desk.mouse.move(0, 0);
  await desk.screenshot({ path: `${out}/web-player.png` });
  const watch = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await watch.goto(watcher);
  await watch.waitForSelector("svg.board .piece");
  await watch.screenshot({ path: `${out}/web-watcher.png` });
  const context = await browser.newContext(PHONE);
  const tel = await context.newPage();
  await tel.goto(phone);
  await waitForTurn(tel, 60_000);
  await tel.screenshot({ path: `${out}/web-phone.png` });
  await browser.close();
  return { pictures: ["web-player.png", "web-watcher.png", "web-phone.png"] };
});
