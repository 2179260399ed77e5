// A compulsory capture explains itself: `node e2e/forced.mjs URL SQUARE [shot.png]` opens
// a seat whose turn it is with a capture compulsory, clicks the player's own piece on
// SQUARE (one that cannot capture), and prints what the page said and which pieces it
// marks as the ones that must move.

import { main, openPage, waitForTurn } from "./browser.mjs";

const [url, square, shot] = process.argv.slice(2);

main(async () => {
  const { page, done } = await openPage(url);
  await waitForTurn(page, 30_000);
  const marked = await page.$$eval(".must-ring", (rings) =>
    rings.map((r) => r.getAttribute("data-square")),
  );
  await page.click(`rect[data-square="${square}"]`);
  await page.waitForFunction(() => (document.querySelector(".notice")?.textContent ?? "") !== "", undefined, {
    timeout: 10_000,
  });
  const notice = await page.$eval(".notice", (n) => n.textContent);
  if (shot) {
    await page.screenshot({ path: shot });
  }
  await done();
  return { notice, marked };
});
