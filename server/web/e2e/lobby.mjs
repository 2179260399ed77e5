// Reads the front page's lists whole: `node e2e/lobby.mjs URL`, URL the server's front
// page. For the open seats and the live games, prints the rows the list showed at first
// (each row's words and its link), every row after clicking its "More" button until
// there is none, and how many clicks that took.

import { launch, main } from "./browser.mjs";

const [url] = process.argv.slice(2);

/**
 * The rows of a list, its "More" row left out: each one's words, and where its link
 * goes if it has one.
 * @param {import("playwright-core").Page} page
 * @param {string} list
 */
function rows(page, list) {
  return page
    .locator(`${list} > li:not(.more)`)
    .evaluateAll((lis) =>
      lis.map((li) =>
        [li.textContent, li.querySelector("a")?.getAttribute("href"), /** @type {HTMLElement} */ (li).dataset.game]
          .filter(Boolean)
          .join(" "),
      ),
    );
}

/**
 * A list read whole: its first rows, then "More" clicked until it is gone.
 * @param {import("playwright-core").Page} page
 * @param {string} list
 * @param {string} more
 */
async function readWhole(page, list, more) {
  const first = await rows(page, list);
  let clicks = 0;
  const button = page.getByRole("button", { name: more });
  while ((await button.count()) > 0) {
    const before = (await rows(page, list)).length;
    await button.click({ timeout: 5_000 });
    clicks += 1;
    // More rows, or (a last page that came empty) no "More" left.
    await page.waitForFunction(
      ([l, n]) =>
        document.querySelectorAll(`${l} > li:not(.more)`).length > Number(n) ||
        document.querySelector(`${l} > li.more`) === null,
      [list, before],
      { timeout: 15_000 },
    );
    // The next "More", if any, came with the rows.
  }
  return { first, all: await rows(page, list), clicks };
}

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector(".open-seats > li");
  await page.waitForSelector(".games > li");
  const seats = await readWhole(page, ".open-seats", "More open seats");
  const live = await readWhole(page, ".games", "More live games");
  const said = (await page.locator(".notice").allTextContents()).join("");
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { seats, live, said };
});
