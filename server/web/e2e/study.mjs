// The analysis board from a finished game: `node e2e/study.mjs GAME_URL desktop|phone
// [shot.png]` opens the game, goes to its 20th move in the replay, follows the replay's
// link to the analysis board, tries three moves there by clicking the board (a variation
// beside the game's own move), goes on along the game's line, returns to the variation
// by the move tree and by the keys, and waits for the computer's lines; at a desk, then
// opens the board from the front page at a variant's start and tries a move there. It
// reads what the page says at each step, and how much of the board a phone keeps on
// screen.

import { boardInView, boardToTop, main, openPage, PHONE } from "./browser.mjs";

const [url, size, shot] = process.argv.slice(2);
const phone = size === "phone";

main(async () => {
  const { page, done } = await openPage(url, phone ? PHONE : undefined);
  const click = (/** @type {import("playwright-core").Locator} */ l) => (phone ? l.tap() : l.click());
  // The replay at the game's 20th move, and its way to the analysis board.
  await page.waitForSelector(".moves .ply[data-ply='19']", { timeout: 15_000 });
  await click(page.locator(".moves .ply[data-ply='19']"));
  await page.waitForFunction(() => (document.querySelector("a.to-study")?.getAttribute("href") ?? "").endsWith("ply=20"));
  const link = await page.locator("a.to-study").getAttribute("href");
  await click(page.locator("a.to-study"));
  await page.waitForURL(/\/analysis\?/);
  const where = () => page.locator(".study-where").textContent();
  await page.waitForFunction(() => document.querySelector(".study-where")?.textContent === "At move 20 of the game.");
  await page.waitForSelector("rect.sq.movable");
  const at20 = await where();
  const gameMoves = await page.locator(".study-moves .ply:not(.tried)").count();

  /** Tries a move by clicking: the `k`-th piece that may move, then the first landings. */
  const tryMove = async (/** @type {number} */ k) => {
    const tried = await page.locator(".study-moves .ply.tried").count();
    const movable = page.locator("rect.sq.movable");
    await movable.first().waitFor();
    await click(movable.nth(Math.min(k, (await movable.count()) - 1)));
    for (let step = 0; step < 40; step++) {
      if ((await page.locator(".study-moves .ply.tried").count()) > tried) {
        break;
      }
      await click(page.locator("rect.sq.offered").first());
    }
    await page.waitForFunction((n) => document.querySelectorAll(".study-moves .ply.tried").length > n, tried);
    await page.waitForSelector("rect.sq.movable, .turn:has-text('Game over')");
    return (await page.locator(".study-moves .ply.current").textContent())?.replace(/^\S+\u00a0/, "") ?? "";
  };
  // The last of the pieces that may move: another move than the game's own, most likely.
  const first = await tryMove(99);
  const second = await tryMove(0);
  const third = await tryMove(0);
  const afterThree = await where();
  const brackets = await page.locator(".study-moves .paren").count();
  const written = (await page.locator(".study-moves").innerText()).replace(/\s+/g, " ").trim();

  // On along the game's own line (its 22nd move), then back to the variation's second move.
  await click(page.locator(".study-moves .ply:not(.tried)").nth(21));
  await page.waitForFunction(() => document.querySelector(".study-where")?.textContent === "At move 22 of the game.");
  const onTheGame = await where();
  await boardToTop(page);
  const inView = () => boardInView(page);
  const seenBefore = await inView();
  await click(page.locator(".study-moves .ply.tried").nth(1));
  await page.waitForFunction(() => (document.querySelector(".study-where")?.textContent ?? "").startsWith("2 moves tried"));
  const back = await where();
  const seenAfter = await inView();
  const last = await page.locator("rect.sq.last").evaluateAll((r) => r.map((x) => x.getAttribute("data-square")));
  // The keys: back a move, then on again along the variation.
  await page.locator("h1.study-title").click();
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => (document.querySelector(".study-where")?.textContent ?? "").startsWith("1 move tried"));
  const keyBack = await where();
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => (document.querySelector(".study-where")?.textContent ?? "").startsWith("2 moves tried"));

  // The computer's lines for the position shown, and its choice drawn on the board.
  await page.waitForSelector(".lines li", { timeout: 90_000 });
  const chances = await page.locator(".lines-chances").textContent();
  const lines = await page.locator(".lines li").evaluateAll((items) =>
    items.map((li) => ({
      score: li.querySelector(".line-score")?.textContent ?? "",
      moves: [...li.querySelectorAll(".line-move")].map((b) => b.textContent ?? ""),
    })),
  );
  await page.waitForSelector(".best-move polyline");
  const arrow = await page.locator(".best-move polyline").count();
  if (shot) {
    await page.screenshot({ path: shot, fullPage: phone });
  }
  // A line's move plays the line to it (kept as a move tried, or the one tried before).
  await click(page.locator(".lines li").first().locator(".line-move").first());
  await page.waitForFunction(() => (document.querySelector(".study-where")?.textContent ?? "").startsWith("3 moves tried"));
  const played = await where();
  // From the front page's link, a variant's start chosen, a move tried there.
  /** @type {{ url: string, where: string | null, options: number } | null} */
  let fromStart = null;
  if (!phone) {
    await page.goto(new URL("/", url).href);
    await page.getByRole("link", { name: "Analysis board" }).click();
    await page.waitForURL(/\/analysis$/);
    await page.waitForSelector("rect.sq.movable");
    const options = await page.locator("select[name=variant] option").count();
    await page.locator("select[name=variant]").selectOption("camette");
    await page.waitForURL(/variant=camette/);
    await page.waitForFunction(() => document.querySelector(".study-where")?.textContent === "At the start.");
    await tryMove(0);
    fromStart = { url: page.url(), where: await where(), options };
  }
  await done();
  return {
    link,
    at20,
    gameMoves,
    tried: [first, second, third],
    afterThree,
    brackets,
    written,
    onTheGame,
    back,
    keyBack,
    last,
    chances,
    lines,
    arrow,
    played,
    fromStart,
    boardSeen: [seenBefore, seenAfter],
  };
});
