// A finished game analysed on a phone: `node e2e/analysis.mjs GAME_URL [shot.png]` opens a
// finished game as a watcher, asks for its analysis, waits for the graph, and reads the
// marks in the move list; then goes to the position of the first marked move (or the
// first move) and reads the computer's line and whether its move is drawn on the board.

import { main, openPage, PHONE } from "./browser.mjs";

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
  // The board before that move (after the one before it, or the start), where the
  // computer's line begins.
  if (chosen > 0) {
    await page.locator(`.moves .ply[data-ply="${chosen - 1}"]`).click();
  } else {
    await page.locator('button[aria-label="The start"]').click();
  }
  await page.waitForFunction(() => (document.querySelector(".best-line")?.textContent ?? "").startsWith("Played"));
  const line = await page.locator(".best-line").textContent();
  const arrow = await page.locator(".best-move polyline").count();
  const summary = await page.locator(".analysis-summary li").allTextContents();
  if (shot) {
    await page.locator(".analysis").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot, fullPage: true });
  }
  await done();
  return { marks, chosen, line, arrow, summary, graphWidth: graph?.width ?? 0 };
});
