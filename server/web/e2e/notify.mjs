// My turn noticed in a hidden tab: `node e2e/notify.mjs URL READY` opens a seat's page
// (URL) as a tab the player has put behind another, the browser's notifications stood in
// for by a recorder that starts undecided; clicks "Notify me of my move" (which asks
// leave, granted), writes READY, and waits for the notification of the next turn. Prints
// whether the button was offered, the notifications made and the tab's title.

import { writeFileSync } from "node:fs";

import { launch, main } from "./browser.mjs";

const [url, ready] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.notes = [];
    Object.defineProperty(document, "hidden", { get: () => true });
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    class Recorded {
      /** @param {string} title @param {{ body?: string }} o */
      constructor(title, o) {
        w.notes.push({ title, body: o.body ?? "" });
        /** @type {(() => void) | null} */
        this.onclick = null;
      }
      close() {}
      static permission = "default";
      static async requestPermission() {
        Recorded.permission = "granted";
        return "granted";
      }
    }
    w.Notification = Recorded;
  });
  await page.goto(url);
  await page.waitForSelector("svg.board");
  const button = page.getByRole("button", { name: "Notify me of my move" });
  const offered = (await button.count()) > 0;
  if (offered) {
    await button.click();
    await page.waitForFunction(
      () => ![...document.querySelectorAll("button")].some((b) => b.textContent === "Notify me of my move"),
    );
  }
  writeFileSync(ready, "ready\n");
  await page.waitForFunction(() => /** @type {any} */ (window).notes.length > 0, undefined, {
    timeout: 30_000,
  });
  const notes = await page.evaluate(() => /** @type {any} */ (window).notes);
  const title = await page.title();
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { offered, notes, title };
});
