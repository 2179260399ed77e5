// A finished game analysed on a phone: `node e2e/analysis.mjs GAME_URL [shot.png]` opens a
// finished game as a watcher, asks for its analysis, waits for the graph, and reads the
// marks in the move list; then, the board in view, clicks the first marked move (or the
// first move) and reads what the analysis says of it, whether the better move is drawn
// on the board, and how much of the board is still on screen.

import { boardInView, boardToTop, main, openPage, PHONE } from "./browser.mjs";

const [url, shot] = process.argv.slice(2);

main(async () => {
  const { page, done } = await openPage(url, PHONE);
  await page.locator("button.analyse").click({ timeout: 15_000 });
  await page.waitForSelector(".analysis-graph svg path.first", { timeout: 90_000 });
  const marks = await page.evaluate(() =>
    [...document.querySelectorAll(".moves .ply")].flatMap((p) => {
      const j = p.querySelector(".judged");
      return j ? [{ ply: Number(p.getAttribute("data-ply")), sign: j.textContent, title: j.getAttribute("title") }] : [];
    }),
  );
  const graph = await page.locator(".analysis-graph svg").boundingBox();
  const chosen = marks.length > 0 ? marks[0].ply : 0;
  // The player looks at the board and the moves under it, as a phone shows them.
  await boardToTop(page);
  const inView = () => boardInView(page);
  const before = await inView();
  await page.locator(`.moves .ply[data-ply="${chosen}"]`).click();
  await page.waitForFunction((n) => (document.querySelector(".best-line")?.textContent ?? "").startsWith(`${n}.`), Math.floor(chosen / 2) + 1);
  const line = await page.locator(".best-line").textContent();
  const arrow = await page.locator(".best-move polyline").count();
  const after = await inView();
  const summary = await page.locator(".analysis-summary li").allTextContents();
  const axes = {
    sides: await page.locator(".graph-sides span").allTextContents(),
    moves: await page.locator(".graph-moves span").allTextContents(),
  };
  if (shot) {
    await page.locator(".analysis").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot, fullPage: true });
  }
  await done();
  return { marks, chosen, line, arrow, summary, axes, graphWidth: graph?.width ?? 0, boardSeen: [before, after] };
});
