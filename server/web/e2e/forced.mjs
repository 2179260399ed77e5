// A compulsory capture explains itself: `node e2e/forced.mjs URL SQUARE [shot.png]` opens
// a seat whose turn it is with a capture compulsory, clicks the player's own piece on
// SQUARE (one that cannot capture), and prints what the page said and which pieces it
// marks as the ones that must move.

import { launch, main, waitForTurn } from "./browser.mjs";

const [url, square, shot] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
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
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { notice, marked };
});
