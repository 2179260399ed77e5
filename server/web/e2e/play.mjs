// Plays a seat in the browser to the end of its game: `node e2e/play.mjs URL [phone]
// [screenshot.png] [hold=FILE]`, URL an invitation (`http://HOST:PORT/GAME/TOKEN`).
// Prints `{"result":"1-0 (...)","played":N,"moves":[...]}`. A page that says it lost the
// server and got it back is counted (`"reconnected":true`). With `hold=FILE` the page
// writes FILE after its third move and plays no other until it has said the connection
// was lost and has it again: a test restarts the server then, sure that the game is
// still going (a quick game could end before a test watching the moves killed it).

import { writeFileSync } from "node:fs";
import { PHONE, launch, main, moveList, playToTheEnd } from "./browser.mjs";

const args = process.argv.slice(2);
const hold = args.find((a) => a.startsWith("hold="))?.slice("hold=".length);
const [url, mode, shot] = args.filter((a) => !a.startsWith("hold="));

main(async () => {
  const browser = await launch();
  const context = await browser.newContext(mode === "phone" ? PHONE : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  let reconnected = false;
  page.on("console", () => {});
  await page.goto(url);
  const watchConnection = setInterval(async () => {
    try {
      const t = (await page.locator(".connection").textContent()) ?? "";
      if (t.startsWith("Connection lost")) {
        reconnected = true;
      }
    } catch {
      // The page is closing.
    }
  }, 100);
  const { result, played } = await playToTheEnd(page, {
    onMove: async (n) => {
      if (shot && n === 3) {
        await page.screenshot({ path: shot });
      }
      if (hold && n === 3) {
        writeFileSync(hold, "");
        const status = page.locator(".connection");
        await status.filter({ hasText: /^Connection lost/ }).waitFor({ timeout: 60_000 });
        reconnected = true;
        await page.waitForFunction(() => document.querySelector(".connection")?.textContent === "", null, {
          timeout: 60_000,
        });
      }
    },
  });
  clearInterval(watchConnection);
  const moves = await moveList(page);
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { result, played, moves, reconnected };
});
