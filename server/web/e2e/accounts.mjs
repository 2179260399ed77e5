// Two people sign up in their browsers and play rated games: `node e2e/accounts.mjs BASE
// [screenshot-dir]`. Arthur signs up on a desktop, Mordred on a phone; both ask for a
// quick game, are paired, and Arthur resigns. Then Arthur starts a rated game of Camette
// with Black open; Mordred takes the seat from the front page's list, and the two play a
// few moves by clicking before Mordred resigns. Arthur logs in again on a second browser
// (context) and reads his page there; both pages show the new ratings and the games;
// Mordred logs out. Prints `{"cookie":{...},"seatsAfter":[...],"quickAddress":PATH,
// "quickSeats":[...],"arthur":{...},"mordred":{...},"loggedOut":STRING,
// "sessionAfterLogout":STATUS,"crossSite":STATUS,"weakPassword":TEXT,"signedOut":TEXT,
// "logInAgain":TEXT,"headerSignedOut":TEXT,"waitingFor":TEXT,"gameLink":URL,"whileOpen":[...],
// "offeredSeat":TEXT,"seatedSeats":[...],"stillWaiting":N,"arthurLost":[...],"arthurNone":TEXT,"mordredCodes":[...],"recoveredAs":NAME,"spent":TEXT}`. Before Mordred logs out, Arthur changes his password from the
// second browser (a weak one refused first), and the desk's game page is signed out.

import { PHONE, launch, main, playOneMove, waitForTurn } from "./browser.mjs";

const [base, shots] = process.argv.slice(2);

/**
 * Signs up (or logs in) on the page's own form.
 * @param {import("playwright-core").Page} page
 * @param {"signup" | "login"} form
 * @param {string} name
 * @param {string} password
 */
async function account(page, form, name, password) {
  await page.goto(`${base}/${form}`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: form === "signup" ? "Sign up" : "Log in" }).click();
  /** @type {string[]} */
  let codes = [];
  if (form === "signup") {
    // The recovery codes, shown this once.
    await page.locator(".recovery-codes li").first().waitFor();
    codes = await page.locator(".recovery-codes li").allTextContents();
    if (shots) {
      await page.screenshot({ path: `${shots}/recovery-codes-${name}.png` });
    }
    await page.getByRole("button", { name: "I have kept them: go on" }).click();
  }
  await page.waitForURL(`${base}/`);
  await page.locator(".account-links .me").waitFor();
  return codes;
}

/**
 * A player's page as it reads: the ratings table's rows and the games listed.
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
async function playerPage(page, name) {
  await page.goto(`${base}/players/${name}`);
  await page.locator(".player-page h1").waitFor();
  await page.locator(".ratings, .player-page p").first().waitFor();
  return {
    title: await page.locator(".player-page h1").textContent(),
    ratings: await page.locator(".ratings tbody tr").allTextContents(),
    graphs: await page.locator(".rating-graph svg polyline").count(),
    games: await page.locator(".played li").allTextContents(),
  };
}

main(async () => {
  const browser = await launch();
  const deskContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await deskContext.newPage();
  const phone = await (await browser.newContext(PHONE)).newPage();
  const errors = [];
  for (const p of [desk, phone]) {
    p.on("pageerror", (e) => errors.push(String(e)));
  }
  await account(desk, "signup", "Arthur", "excalibur of the lake");
  const cookie = (await deskContext.cookies()).find((c) => c.name === "camelot_session");
  const mordredCodes = await account(phone, "signup", "Mordred", "the usurper");
  if (shots) {
    await phone.screenshot({ path: `${shots}/signed-up-phone.png` });
  }
  // A quick game: both ask for Camette without a clock and are paired (two new players,
  // 1500 each); each page opens its seat by its account (no token in the address);
  // Arthur resigns.
  for (const p of [desk, phone]) {
    await p.goto(base);
    await p.getByLabel("Quick game's variant").selectOption("camette");
    await p.getByRole("button", { name: "Find an opponent" }).click();
  }
  await Promise.all([desk.waitForSelector("svg.board"), phone.waitForSelector("svg.board")]);
  const quickAddress = new URL(desk.url()).pathname;
  const quickSeats = await desk.locator(".seats li").allTextContents();
  await desk.getByRole("button", { name: "Resign" }).click();
  await desk.getByRole("button", { name: "Really resign?" }).click();
  await phone.locator(".turn[data-result]").waitFor({ timeout: 20_000 });
  await desk.waitForFunction(() => document.querySelector(".seats")?.textContent?.includes("+"), undefined, {
    timeout: 15_000,
  });
  // A rated game from the front page's form: Arthur White, Black open to players logged
  // in, taken by Mordred from the list of open seats.
  await desk.goto(base);
  await desk.getByLabel("Variant", { exact: true }).selectOption("camette");
  await desk.locator("input[name=rated]").check();
  await desk.getByRole("button", { name: "Start the game" }).click();
  await desk.waitForSelector("svg.board");
  // While Black is open Arthur is told he waits, with the game's link, and offered
  // neither a draw nor resignation; a visitor opening that link is offered the seat.
  await desk.locator(".waiting-for").waitFor();
  const waitingFor = await desk.locator(".waiting-for").textContent();
  const gameLink = await desk.getByLabel("The game's link:").inputValue();
  await waitForTurn(desk, 20_000);
  await playOneMove(desk);
  await desk.locator(".turn", { hasText: "to move" }).waitFor();
  const whileOpen = await desk.locator(".actions button").allTextContents();
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await visitor.goto(gameLink);
  const offeredSeat = await visitor.locator(".take-seat button").textContent({ timeout: 15_000 });
  await visitor.close();
  await phone.goto(base);
  // Arthur's seat among the open ones (a server may list others).
  const take = phone.getByRole("listitem").filter({ hasText: "Arthur" }).getByRole("button", { name: "Play Black" });
  await take.waitFor();
  await take.click();
  await phone.waitForSelector("svg.board");
  // Arthur's page names Mordred with his rating as soon as he sits, nothing reloaded.
  await desk.waitForFunction(() => /Mordred \d/.test(document.querySelector(".seats")?.textContent ?? ""), undefined, {
    timeout: 15_000,
  });
  const seatedSeats = await desk.locator(".seats li").allTextContents();
  const stillWaiting = await desk.locator(".waiting-for").count();
  // White has moved; Black answers, White moves; then Black resigns.
  await waitForTurn(phone, 20_000);
  await playOneMove(phone);
  await waitForTurn(desk, 20_000);
  await playOneMove(desk);
  await waitForTurn(phone, 20_000);
  await phone.getByRole("button", { name: "Resign" }).click();
  await phone.getByRole("button", { name: "Really resign?" }).click();
  await desk.locator(".turn[data-result]").waitFor({ timeout: 20_000 });
  // The seats show the change once the game is over.
  await desk.waitForFunction(() => document.querySelector(".seats")?.textContent?.includes("+"), undefined, {
    timeout: 15_000,
  });
  const seatsAfter = await desk.locator(".seats li").allTextContents();
  if (shots) {
    await desk.screenshot({ path: `${shots}/rated-game-over.png` });
  }
  // Arthur on a second browser: logged in there too, his page the same.
  const second = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  second.on("pageerror", (e) => errors.push(String(e)));
  await account(second, "login", "arthur", "excalibur of the lake");
  const arthur = await playerPage(second, "Arthur");
  if (shots) {
    await second.screenshot({ path: `${shots}/player-page.png`, fullPage: true });
  }
  // His losses alone, as the filter asks the server.
  await second.getByLabel("Result").selectOption("lost");
  await second.waitForFunction(() => document.querySelectorAll(".played li[data-game]").length === 1);
  const arthurLost = await second.locator(".played li[data-game]").allTextContents();
  await second.getByLabel("Variant").selectOption("camelot");
  await second.locator(".history-said", { hasText: "No game of these." }).waitFor();
  const arthurNone = await second.locator(".history-said").textContent();
  // A password everyone tries first is refused with the reason; a good one changes it,
  // and the desk's game page, whose socket was opened on the old session, says it was
  // signed out and offers to log in again.
  await second.goto(`${base}/settings`);
  await second.getByLabel("Password now").fill("excalibur of the lake");
  await second.getByLabel("New password").fill("password");
  await second.getByRole("button", { name: "Change the password" }).click();
  const weak = second.locator(".account-page .notice").first();
  await weak.filter({ hasText: "too easy" }).waitFor();
  const weakPassword = await weak.textContent();
  if (shots) {
    await second.screenshot({ path: `${shots}/weak-password.png` });
  }
  await second.getByLabel("Password now").fill("excalibur of the lake");
  await second.getByLabel("New password").fill("the sword in the stone");
  await second.getByRole("button", { name: "Change the password" }).click();
  await second.locator(".account-page .notice").first().filter({ hasText: "is changed" }).waitFor();
  const signedOut = desk.locator(".notice", { hasText: "Signed out" }).first();
  await signedOut.waitFor({ timeout: 15_000 });
  const signedOutText = await signedOut.textContent();
  const logInAgain = await signedOut.locator("a[href='/login']").textContent();
  await desk.locator(".account-links a[href='/signup']").waitFor();
  const headerSignedOut = await desk.locator(".account-links").textContent();
  if (shots) {
    await desk.screenshot({ path: `${shots}/signed-out.png` });
  }
  const mordred = await playerPage(phone, "Mordred");
  if (shots) {
    await phone.screenshot({ path: `${shots}/player-page-phone.png`, fullPage: true });
  }
  // Mordred logs out: the header offers to log in again, and the server forgets him.
  await phone.goto(base);
  // The page reloads after the server has forgotten the session; the old page may show
  // "Log in" first (its site socket is closed on the session's end), so the new
  // document's load is what is waited for.
  await Promise.all([phone.waitForEvent("load"), phone.getByRole("button", { name: "Log out" }).click()]);
  await phone.waitForURL(`${base}/`);
  await phone.locator(".account-links a[href='/login']").waitFor();
  const loggedOut = await phone.locator(".account-links").textContent();
  // Mordred forgot his password: a recovery code from his sign-up sets a new one, and he
  // is logged in again; the same code a second time is refused.
  const recoverWith = async (/** @type {string} */ code, /** @type {string} */ fresh) => {
    await phone.goto(`${base}/login`);
    await phone.getByRole("link", { name: "Forgot your password? Use a recovery code" }).click();
    await phone.getByLabel("Name").fill("Mordred");
    await phone.getByLabel("Recovery code").fill(code);
    await phone.getByLabel("New password", { exact: true }).fill(fresh);
    await phone.getByRole("button", { name: "Set the new password" }).click();
  };
  await recoverWith(mordredCodes[0].toUpperCase(), "the kingdom of logres");
  await phone.waitForURL(`${base}/`);
  const recoveredAs = await phone.locator(".account-links .me").textContent();
  await Promise.all([phone.waitForEvent("load"), phone.getByRole("button", { name: "Log out" }).click()]);
  await phone.locator(".account-links a[href='/login']").waitFor();
  await recoverWith(mordredCodes[0], "the kingdom of lyonesse");
  const spent = await phone.locator(".account-page .notice").filter({ hasText: "recovery code" }).textContent();
  const who = await phone.evaluate(async () => (await fetch("/session")).status);
  // Another site's page may not log anyone in.
  const crossSite = await desk.request
    .post(`${base}/session`, {
      headers: { origin: "http://evil.example", "content-type": "application/json" },
      data: { name: "Arthur", password: "the sword in the stone" },
    })
    .then((r) => r.status());
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return {
    cookie: cookie && { httpOnly: cookie.httpOnly, sameSite: cookie.sameSite, secure: cookie.secure, path: cookie.path },
    seatsAfter,
    quickAddress,
    quickSeats,
    arthur,
    mordred,
    loggedOut,
    sessionAfterLogout: who,
    crossSite,
    weakPassword,
    signedOut: signedOutText,
    logInAgain,
    headerSignedOut,
    arthurLost,
    arthurNone,
    mordredCodes,
    recoveredAs,
    spent,
    waitingFor,
    gameLink,
    whileOpen,
    offeredSeat,
    seatedSeats,
    stillWaiting,
  };
});
