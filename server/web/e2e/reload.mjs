// What a page costs on the wire, first and again: `node e2e/reload.mjs URL` opens URL (a
// game's page, say), waits until nothing more loads, then reloads it as a player does,
// and counts each load's bytes as they crossed the network (headers and bodies, after
// compression) and how many answers were whole files (200) or "you have it" (304).
// Prints one JSON line.

import { launch, main } from "./browser.mjs";

const [url] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  /** @type {Promise<{ bytes: number, status: number }>[]} */
  let answers = [];
  page.on("requestfinished", (request) => {
    answers.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        return {
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          status: response ? response.status() : 0,
        };
      })(),
    );
  });
  const load = async (/** @type {() => Promise<unknown>} */ go) => {
    answers = [];
    await go();
    await page.waitForLoadState("networkidle");
    const done = await Promise.all(answers);
    return {
      bytes: done.reduce((sum, a) => sum + a.bytes, 0),
      requests: done.length,
      whole: done.filter((a) => a.status === 200).length,
      notModified: done.filter((a) => a.status === 304).length,
    };
  };
  const first = await load(() => page.goto(url));
  const again = await load(() => page.reload());
  await browser.close();
  return { first, again };
});
