// Plays a seat in the browser to the end of its game: `node e2e/play.mjs URL [phone]
// [screenshot.png]`, URL an invitation (`http://HOST:PORT/GAME/TOKEN`). Prints
// `{"result":"1-0 (...)","played":N,"moves":[...]}`. A page that says it lost the
// server and got it back is counted (`"reconnected":true`).

import { PHONE, launch, main, moveList, playToTheEnd } from "./browser.mjs";

const [url, mode, shot] = process.argv.slice(2);

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
