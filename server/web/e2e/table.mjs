// A Grand Cam table by name between four browsers: `node e2e/table.mjs BASE`. Kay,
// Ector, Bors and Lionel sign up (Lionel on a phone); Kay, on the front page, picks Grand
// Cam in the challenge form, names Ector his partner and Bors and Lionel against, his side
// first. Each of the three sees the table without a reload, every seat named; Ector and
// Bors accept and are told whom it waits for; Lionel accepts last, and all four pages go
// to the one game by themselves, each at its own seat. Prints `{"incoming":[TEXT,...],
// "waitingSaid":[TEXT,TEXT],"outgoing":TEXT,"at":[PATH,...],"turns":[TEXT,...],
// "errors":[...]}`.

import { launch, main, PHONE, signUp } from "./browser.mjs";

const [base] = process.argv.slice(2);

/**
 * Signs up and waits until the front page follows the account's news.
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
async function signUpHere(page, name) {
  await signUp(page, base, name, "the green chapel");
  await page.locator("#challenges[data-following]").waitFor({ state: "attached" });
}

main(async () => {
  const browser = await launch();
  const names = ["Kay", "Ector", "Bors", "Lionel"];
  /** @type {import("playwright-core").Page[]} */
  const pages = [];
  /** @type {string[]} */
  const errors = [];
  for (const name of names) {
    const options = name === "Lionel" ? PHONE : { viewport: { width: 1280, height: 800 } };
    const page = await (await browser.newContext(options)).newPage();
    page.on("pageerror", (e) => errors.push(`${name}: ${e}`));
    await signUpHere(page, name);
    pages.push(page);
  }
  const [kay, ector, bors, lionel] = pages;
  const form = kay.locator(".challenge-form");
  await form.locator('select[name="challenge-variant"]').selectOption("grandcam");
  await form.locator('input[name="challenge-to"]').fill("Ector");
  await form.locator('input[name="challenge-against-1"]').fill("Bors");
  await form.locator('input[name="challenge-against-2"]').fill("Lionel");
  await form.locator('select[name="challenge-colour"]').selectOption("white");
  await form.getByRole("button", { name: "Challenge" }).click();
  const incoming = [];
  for (const page of [ector, bors, lionel]) {
    const c = page.locator(".challenge.incoming");
    await c.waitFor({ timeout: 10_000 });
    incoming.push((await c.locator("p").textContent()) ?? "");
  }
  const outgoing = (await kay.locator(".challenge.outgoing p").textContent({ timeout: 10_000 })) ?? "";
  const waitingSaid = [];
  for (const page of [ector, bors]) {
    await page.locator(".challenge.incoming button.accept").click();
    // The table's news says it: my seat accepted, and whom it waits for; no Accept now.
    const said = page.locator(".challenge.incoming p").filter({ hasText: "You accepted" });
    await said.waitFor({ timeout: 10_000 });
    await page.locator(".challenge.incoming button.accept").waitFor({ state: "detached" });
    waitingSaid.push((await said.textContent()) ?? "");
  }
  await lionel.locator(".challenge.incoming button.accept").click();
  const at = [];
  const turns = [];
  for (const page of pages) {
    await page.waitForURL(/\/[A-Za-z0-9]+$/, { timeout: 20_000 });
    await page.locator(".turn").filter({ hasText: /move/ }).waitFor({ timeout: 20_000 });
    at.push(new URL(page.url()).pathname);
    turns.push((await page.locator(".turn").textContent()) ?? "");
  }
  await browser.close();
  return { incoming, waitingSaid, outgoing, at, turns, errors };
});
