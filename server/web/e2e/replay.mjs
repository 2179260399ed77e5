// Replays a finished game on its page: `node e2e/replay.mjs URL [screenshot.png]`, URL the
// game's address (`http://HOST:PORT/GAME`). Goes to the start with Home, then forward a
// ply at a time with the arrow key to the end, and back one with the slider; prints the
// pieces the board showed at each ply (`"White Man E6"`, sorted), the ply the page said,
// and the record the download link gives.

import { main, openPage } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);

/** @param {import("playwright-core").Page} page */
async function pieces(page) {
  return page.$$eval("svg.board g.piece", (gs) =>
    gs
      .map((g) => {
        const seat = [...g.classList].find((c) => c.startsWith("piece-"))?.slice(6);
        const kind = g.classList.contains("knight") ? "Knight" : "Man";
        return `${seat} ${kind} ${g.getAttribute("data-square")}`;
      })
      .sort(),
  );
}

main(async () => {
  const { page, done } = await openPage(url);
  await page.waitForSelector("section.replay:not([hidden])");
  const where = page.locator(".replay .where");
  const plies = Number((await page.locator(".replay input[type=range]").getAttribute("max")) ?? "0");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Home");
  await page.waitForFunction(() => document.querySelector(".replay .where")?.textContent?.startsWith("Move 0 "));
  const boards = [await pieces(page)];
  const said = [await where.textContent()];
  for (let i = 1; i <= plies; i++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      (k) => document.querySelector(".replay .where")?.textContent?.startsWith(`Move ${k} `),
      i,
    );
    boards.push(await pieces(page));
    said.push(await where.textContent());
  }
  // The slider: one back from the end, and the list marks that move.
  await page.locator(".replay input[type=range]").fill(String(plies - 1));
  await page.waitForFunction(
    (k) => document.querySelector(".replay .where")?.textContent?.startsWith(`Move ${k} `),
    plies - 1,
  );
  const sliderBoard = await pieces(page);
  const current = await page.locator(".moves .ply.current").getAttribute("data-ply");
  if (shot) {
    await page.screenshot({ path: shot });
  }
  const href = (await page.locator(".replay a[download]").getAttribute("href")) ?? "";
  const record = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  await done();
  return { plies, boards, said, sliderBoard, current: Number(current), record };
});
