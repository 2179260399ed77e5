// Starts a game against the server's computer from the front page and plays it to the
// end, as a visitor with only a browser would: `node e2e/computer.mjs BASE VARIANT LEVEL
// [phone] [screenshot-dir]`, BASE the server's address. The visitor plays the first seat,
// the computer the others. Prints `{"url":...,"result":...,"played":N,"moves":[...],
// "boardTops":[...],"title":...}`, the board's top in the window after each of the
// visitor's moves and the tab's title on the visitor's first turn.

import { PHONE, launch, main, moveList, playToTheEnd } from "./browser.mjs";

const [base, variant, level, mode, shots] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const context = await browser.newContext(
    mode === "phone" ? PHONE : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.getByLabel("Variant").selectOption(variant);
  await page.getByLabel("Time").selectOption({ label: "No clock" });
  const seats = page.locator(".seat-choices select");
  const n = await seats.count();
  await seats.nth(0).selectOption("me");
  for (let i = 1; i < n; i++) {
    await seats.nth(i).selectOption(`computer:${level}`);
  }
  if (shots) {
    await page.screenshot({ path: `${shots}/create-${mode ?? "desktop"}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Start the game" }).click();
  // With nobody to invite, the page opens my seat at once.
  await page.waitForURL((u) => u.pathname.split("/").length === 3, { timeout: 30_000 });
  await page.waitForSelector("svg.board");
  const url = page.url();
  // The visitor moves first: the tab says so.
  await page.waitForFunction(() => document.querySelector(".turn")?.textContent === "Your move");
  const title = await page.title();
  // Where the board's top stands in the window after each of the visitor's moves (and
  // the computer's answer): a page that scrolls by itself takes the board up and away.
  /** @type {number[]} */
  const boardTops = [];
  const { result, said, played } = await playToTheEnd(page, {
    onMove: async (k) => {
      if (shots && k === 2) {
        await page.screenshot({ path: `${shots}/computer-${mode ?? "desktop"}.png` });
      }
      boardTops.push(
        await page.evaluate(() => document.querySelector("svg.board")?.getBoundingClientRect().top ?? NaN),
      );
    },
  });
  const moves = await moveList(page);
  // The front page lists the game among mine, named by who played it.
  await page.goto(base);
  await page.locator(".my-games li", { hasText: "against" }).first().waitFor({ timeout: 15_000 });
  const mine = await page
    .locator(".my-games li")
    .evaluateAll((lis) => lis.map((li) => ({ text: li.textContent, href: li.querySelector("a")?.getAttribute("href") })));
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { url, result, said, played, moves, mine, boardTops, title };
});
