// The page's figures (docs/online.md keeps them): `node e2e/figures.mjs URL`, URL a
// seat's invitation in a game whose other seats are played elsewhere. Opens the page,
// counts what it loads (bytes, requests, and any to another host), times the opening to a
// board ready for a move, then plays the seat to the end, timing each move from the page
// sending it to the server's acknowledgement (measured in the page). Prints one JSON line.

import { launch, main, playToTheEnd, waitForTurn } from "./browser.mjs";

const [url] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const host = new URL(url).host;
  let bytes = 0;
  let requests = 0;
  const elsewhere = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.host !== host) {
      elsewhere.push(r.url());
    }
  });
  /** @type {Promise<number>[]} */
  const bodies = [];
  page.on("response", (r) => {
    if (new URL(r.url()).protocol.startsWith("http")) {
      requests += 1;
      bodies.push(r.body().then((b) => b.length, () => 0));
    }
  });
  // Each move's round trip, from the page's socket: sent, then acknowledged.
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.trips = [];
    const Native = window.WebSocket;
    class Timed extends Native {
      /** @param {ConstructorParameters<typeof WebSocket>} args */
      constructor(...args) {
        super(...args);
        /** @type {Map<number, number>} */
        this.sent = new Map();
        this.addEventListener("message", (e) => {
          const m = JSON.parse(String(e.data));
          const at = this.sent.get(m.id);
          if (m.t === "ack" && at !== undefined) {
            w.trips.push(performance.now() - at);
          }
        });
      }
      /** @param {string} data */
      send(data) {
        const m = JSON.parse(data);
        if (m.t === "move") {
          this.sent.set(m.id, performance.now());
        }
        super.send(data);
      }
    }
    window.WebSocket = Timed;
  });
  const opened = Date.now();
  await page.goto(url);
  await waitForTurn(page, 30_000);
  const readyMs = Date.now() - opened;
  await page.waitForLoadState("networkidle");
  for (const n of await Promise.all(bodies)) {
    bytes += n;
  }
  const loaded = { bytes, requests };
  const { result, played } = await playToTheEnd(page);
  /** @type {number[]} */
  const trips = (await page.evaluate(() => /** @type {any} */ (window).trips)).sort(
    (/** @type {number} */ a, /** @type {number} */ b) => a - b,
  );
  await browser.close();
  const pct = (/** @type {number} */ p) =>
    trips.length === 0 ? 0 : trips[Math.min(trips.length - 1, Math.ceil(trips.length * p) - 1)];
  return {
    bytes: loaded.bytes,
    requests: loaded.requests,
    elsewhere,
    ready_ms: readyMs,
    moves: played,
    p50_ms: Number(pct(0.5).toFixed(1)),
    p99_ms: Number(pct(0.99).toFixed(1)),
    result,
  };
});
