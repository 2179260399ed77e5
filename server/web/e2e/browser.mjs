// What the browser tests share: Chromium driven by Playwright (Debian's, or the one
// CHROMIUM names), and a player that plays the seat a page shows by clicking, the way a
// person would: a piece that may move, then its landings, until the move is sent.

import { chromium } from "playwright-core";

/** Starts Chromium. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
  });
}

/**
 * `url` opened in a new browser, its script errors kept: `done()` closes the browser and
 * throws if the page failed.
 * @param {string} url
 * @param {import("playwright-core").BrowserContextOptions} [options] a desktop window by default
 */
export async function openPage(url, options = { viewport: { width: 1280, height: 800 } }) {
  const browser = await launch();
  const page = await browser.newPage(options);
  /** @type {string[]} */
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  const done = async () => {
    await browser.close();
    if (errors.length > 0) {
      throw new Error(`the page failed: ${errors.join("; ")}`);
    }
  };
  return { page, done };
}

/** A phone held upright: its size, touch, and a phone's scale. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/**
 * What the page says of the turn: `Your move`, `White to move`, `Game over: White wins: resignation.`.
 * @param {import("playwright-core").Page} page
 */
export async function turn(page) {
  return (await page.locator(".turn").textContent()) ?? "";
}

/**
 * The finished game's result as its record writes it: `0-1 (all pieces captured)`.
 * @param {import("playwright-core").Page} page
 */
export async function result(page) {
  return (await page.locator(".turn").getAttribute("data-result")) ?? "";
}

/**
 * Waits until it is this page's move or the game is over; which.
 * @param {import("playwright-core").Page} page
 * @param {number} timeout
 */
export async function waitForTurn(page, timeout) {
  await page.waitForFunction(
    () => {
      const t = document.querySelector(".turn")?.textContent ?? "";
      return t === "Your move" || t.startsWith("Game over");
    },
    undefined,
    { timeout, polling: 50 },
  );
  return turn(page);
}

/**
 * Plays one move as a person would: taps (or clicks) the first piece that may move, then
 * the first landing offered, until the move is sent. A seat with nothing to move passes.
 * @param {import("playwright-core").Page} page
 * @param {{ tap?: boolean }} [how]
 */
export async function playOneMove(page, how = {}) {
  // A square may go from under the click: the board is drawn again when a connection
  // is mended or a move arrives. A click that finds nothing soon gives up, and the
  // turn is read again (as the caller does after every move).
  const press = async (/** @type {import("playwright-core").Locator} */ l) => {
    try {
      await (how.tap ? l.tap({ timeout: 5000 }) : l.click({ timeout: 5000 }));
      return true;
    } catch (e) {
      if ((await l.count()) === 0 || (await turn(page)) !== "Your move") {
        return false;
      }
      throw e;
    }
  };
  const movable = page.locator("rect.sq.movable");
  const pass = page.getByRole("button", { name: "Pass" });
  // On a busy machine the marks have been seen to come a moment after the turn's
  // words: they are waited for a little before a turn is taken to offer nothing.
  await movable
    .or(pass)
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => {});
  if ((await movable.count()) === 0) {
    // The connection went away since the turn was read: nothing may be entered until
    // it is back, as the page says. The caller waits for the turn again.
    if ((await turn(page)) !== "Your move") {
      return;
    }
    if ((await pass.count()) === 0) {
      const said = await page.locator(".panel").innerText();
      const offered = await page.locator("rect.sq.offered").count();
      const path = await page.locator("rect.sq.path").count();
      throw new Error(`nothing to move (offered ${offered}, path ${path}):\n${said}`);
    }
    await press(pass);
    return;
  }
  if (!(await press(movable.first()))) {
    return;
  }
  for (let step = 0; step < 40; step++) {
    if ((await turn(page)) !== "Your move") {
      return;
    }
    const offered = page.locator("rect.sq.offered");
    if ((await offered.count()) === 0) {
      return;
    }
    if (!(await press(offered.first()))) {
      return;
    }
  }
  throw new Error("a move that never ended");
}

/**
 * Plays the page's seat until the game is over; the result line and the moves played.
 * @param {import("playwright-core").Page} page
 * @param {{ timeout?: number, onMove?: (n: number) => Promise<void> }} [o]
 */
export async function playToTheEnd(page, o = {}) {
  let played = 0;
  for (;;) {
    const t = await waitForTurn(page, o.timeout ?? 120_000);
    if (t.startsWith("Game over")) {
      return { result: await result(page), said: t, played };
    }
    const before = await page.locator(".moves .ply").count();
    await playOneMove(page);
    // The move is the game's once the server has it back; where the connection broke
    // first and the move never got there, it is this page's move again.
    await page.waitForFunction(
      (n) => {
        const t = document.querySelector(".turn")?.textContent ?? "";
        const now = document.querySelectorAll(".moves .ply").length;
        return now > n || t.startsWith("Game over") || (t === "Your move" && now === n);
      },
      before,
      { timeout: 60_000, polling: 50 },
    );
    if ((await page.locator(".moves .ply").count()) > before) {
      played += 1;
      await o.onMove?.(played);
    }
  }
}

/**
 * The moves the page lists, in order.
 * @param {import("playwright-core").Page} page
 */
export async function moveList(page) {
  // A move's text, without the analysis's mark after it ("E6-E8?").
  return (await page.locator(".moves .ply").allTextContents()).map((t) => (t.split(" ").pop() ?? "").replace(/[?!]+$/, ""));
}

/**
 * Signs up on `base`'s own form as `name` with `password`, puts the recovery codes
 * away, and waits on the front page until the header names the account.
 * @param {import("playwright-core").Page} page
 * @param {string} base
 * @param {string} name
 * @param {string} password
 */
export async function signUp(page, base, name, password) {
  await page.goto(`${base}/signup`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  // The recovery codes, shown once, then on.
  await page.getByRole("button", { name: "I have kept them: go on" }).click();
  await page.waitForURL(`${base}/`);
  await page.locator(".account-links .me").waitFor();
}

/**
 * Scrolls the page until the board's top is the window's, as a player on a phone holds it
 * to look at the board and what is under it.
 * @param {import("playwright-core").Page} page
 */
export async function boardToTop(page) {
  await page.locator("svg.board").evaluate((b) => window.scrollTo(0, b.getBoundingClientRect().top + window.scrollY));
}

/**
 * How much of the board is on screen now (0 to 1 of its height).
 * @param {import("playwright-core").Page} page
 */
export function boardInView(page) {
  return page.locator("svg.board").evaluate((b) => {
    const r = b.getBoundingClientRect();
    const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
    return Math.max(0, seen) / r.height;
  });
}

/**
 * Prints a result line for the test that ran the script and exits; an error exits 1.
 * @param {() => Promise<object>} body
 */
export async function main(body) {
  try {
    const out = await body();
    process.stdout.write(`${JSON.stringify(out)}\n`);
    process.exit(0);
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  }
}
