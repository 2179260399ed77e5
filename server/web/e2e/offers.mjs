// Two players answer each other's offers by clicking: `node e2e/offers.mjs WHITE_URL
// BLACK_URL`. After a move each, White asks to take back and Black declines, then
// accepts; after another move each, White offers a draw and Black declines, then accepts.
// Prints what each page said after each answer: `{"takeback":{"declined":[W,B],
// "accepted":[W,B]},"draw":{...},"plies":N,"result":R}`.

import { launch, main, playOneMove, result, waitForTurn } from "./browser.mjs";

const [whiteUrl, blackUrl] = process.argv.slice(2);

/**
 * What the page says now (its notice), once it says something other than `before`.
 * @param {import("playwright-core").Page} page
 * @param {string} before
 */
async function saidAfter(page, before) {
  await page.waitForFunction(
    (b) => (document.querySelector("p.notice")?.textContent ?? "") !== b,
    before,
    { timeout: 15_000, polling: 50 },
  );
  return (await page.locator("p.notice").textContent()) ?? "";
}

/** @param {import("playwright-core").Page} page */
const notice = async (page) => (await page.locator("p.notice").textContent()) ?? "";

/**
 * White offers `kind` (its button named `button`); Black answers `answer` ("Accept" or
 * "Decline"); what each page said then.
 * @param {import("playwright-core").Page} white
 * @param {import("playwright-core").Page} black
 * @param {string} button
 * @param {"Accept" | "Decline"} answer
 */
async function offerAnswered(white, black, button, answer) {
  await white.getByRole("button", { name: button }).click();
  const answerButton = black.locator(".offer").getByRole("button", { name: answer });
  await answerButton.waitFor({ timeout: 15_000 });
  const [w, b] = [await notice(white), await notice(black)];
  await answerButton.click();
  const saidWhite = await saidAfter(white, w);
  // The side that answered is told only where the answer was yes.
  const saidBlack =
    answer === "Accept" ? await saidAfter(black, b) : await black.locator("p.notice").textContent();
  // The offer is gone from the page that answered it.
  await black.locator(".offer").waitFor({ state: "detached", timeout: 15_000 });
  return [saidWhite, saidBlack ?? ""];
}

/**
 * One move by `page`'s seat, waited for until the server has it.
 * @param {import("playwright-core").Page} page
 */
async function move(page) {
  await waitForTurn(page, 30_000);
  const before = await page.locator(".moves .ply").count();
  await playOneMove(page);
  await page.waitForFunction((n) => document.querySelectorAll(".moves .ply").length > n, before, {
    timeout: 30_000,
  });
}

main(async () => {
  const browser = await launch();
  const pages = [];
  const errors = [];
  for (const url of [whiteUrl, blackUrl]) {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(url);
    await page.waitForSelector("svg.board");
    pages.push(page);
  }
  const [white, black] = pages;
  await move(white);
  await move(black);
  await move(white);
  const takeback = {
    declined: await offerAnswered(white, black, "Ask to take back", "Decline"),
    accepted: await offerAnswered(white, black, "Ask to take back", "Accept"),
  };
  // White's last move is taken back: White moves again, and Black.
  await move(white);
  await move(black);
  const draw = {
    declined: await offerAnswered(white, black, "Offer a draw", "Decline"),
    accepted: await offerAnswered(white, black, "Offer a draw", "Accept"),
  };
  await waitForTurn(white, 15_000);
  const plies = await white.locator(".moves .ply").count();
  const out = { takeback, draw, plies, result: await result(white) };
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return out;
});
