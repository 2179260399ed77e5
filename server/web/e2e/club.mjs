// The club between two browsers: `node e2e/club.mjs BASE [screenshot-dir]`.
// Gawain (a desktop) and Lancelot (a phone) sign up; Lancelot stays on the front page.
// Gawain challenges him from his player's page to a rated Camette 5+3 as White; Lancelot's
// page shows the challenge without a reload, and he accepts; both pages are at the
// board. Then Gawain challenges him again from the front page's form, Lancelot declines
// it as too fast, and Gawain's page says so. Lancelot's page says he is online, and the
// front page names who is online; Lancelot asks for a quick game, Gawain's front page
// lists him waiting and Gawain plays him with one click. Lancelot follows Gawain (his front
// page lists him) and takes challenges from nobody (Gawain's next is refused). Prints `{"heardInMs":N,
// "incoming":TEXT,"gawainAt":PATH,"lancelotAt":PATH,"gawainSeats":[...],"declined":TEXT,
// "waiting":TEXT,"presence":TEXT,"online":TEXT,"listed":TEXT,"quickAt":[PATH,PATH],
// "followed":TEXT,"refused":TEXT,"consoleErrors":[...],"longName":TEXT,"longSaid":TEXT,
// "loggedIn":TEXT,"wrongSaid":TEXT,"phoneHeader":{height,shortestTarget},
// "rulesHeader":TEXT}`; a visitor's pages are read with the console
// watched, and the account pages' words checked.

import { launch, main, PHONE, signUp } from "./browser.mjs";

const [base, shots] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const gawain = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const lancelot = await (await browser.newContext(PHONE)).newPage();
  const errors = [];
  for (const p of [gawain, lancelot]) {
    p.on("pageerror", (e) => errors.push(String(e)));
  }
  await signUp(gawain, base, "Gawain", "the green chapel");
  await signUp(lancelot, base, "Lancelot", "the green chapel");
  // Lancelot's front page follows its news before the challenge is sent.
  await lancelot.locator("#challenges[data-following]").waitFor({ state: "attached" });
  await gawain.goto(`${base}/players/Lancelot`);
  const form = gawain.locator(".challenge-form");
  await form.locator('select[name="challenge-variant"]').selectOption("camette");
  await form.locator('select[name="challenge-time"]').selectOption({ label: "5 minutes + 3 s a move" });
  await form.locator('select[name="challenge-colour"]').selectOption("white");
  await form.locator('input[name="challenge-rated"]').check();
  const sentAt = Date.now();
  await form.getByRole("button", { name: "Challenge Lancelot" }).click();
  const incoming = lancelot.locator(".challenge.incoming");
  await incoming.waitFor({ timeout: 10_000 });
  const heardInMs = Date.now() - sentAt;
  const incomingText = (await incoming.locator("p").textContent()) ?? "";
  await gawain.locator(".challenge.outgoing").waitFor();
  const waiting = (await gawain.locator(".challenge.outgoing p").textContent()) ?? "";
  if (shots) {
    await lancelot.screenshot({ path: `${shots}/challenge-incoming-phone.png` });
    await gawain.screenshot({ path: `${shots}/challenge-sent-desktop.png` });
  }
  await incoming.getByRole("button", { name: "Accept" }).click();
  await Promise.all([gawain.waitForSelector("svg.board", { timeout: 20_000 }), lancelot.waitForSelector("svg.board")]);
  const gawainAt = new URL(gawain.url()).pathname;
  const lancelotAt = new URL(lancelot.url()).pathname;
  await gawain.locator(".seats li").first().waitFor();
  const gawainSeats = await gawain.locator(".seats li").allTextContents();
  // Again, from the front page's form; declined as too fast.
  await gawain.goto(base);
  await lancelot.goto(base);
  await lancelot.locator("#challenges[data-following]").waitFor({ state: "attached" });
  const box = gawain.getByRole("region", { name: "Challenge a player" });
  await box.getByLabel("Player").fill("Lancelot");
  await box.getByRole("button", { name: "Challenge" }).click();
  await incoming.waitFor({ timeout: 10_000 });
  await incoming.getByLabel("Why you decline Gawain's challenge").selectOption("too_fast");
  await incoming.getByRole("button", { name: "Decline" }).click();
  const outcome = gawain.locator(".challenge.outcome p");
  await outcome.waitFor({ timeout: 10_000 });
  const declined = (await outcome.textContent()) ?? "";
  await incoming.waitFor({ state: "detached" });
  // Who is around: Lancelot, on the front page, is online on his page and on Gawain's
  // front page.
  await gawain.goto(`${base}/players/Lancelot`);
  const presence = (await gawain.locator(".presence").textContent()) ?? "";
  await gawain.goto(base);
  const online = gawain.locator(".around .online");
  // Gawain's own socket came with this page, maybe after its first look: the next look
  // (every 10 s) counts him.
  await online.filter({ hasText: "Gawain" }).filter({ hasText: "Lancelot" }).waitFor({ timeout: 15_000 });
  const onlineText = (await online.textContent()) ?? "";
  if (shots) {
    await gawain.screenshot({ path: `${shots}/around-desktop.png`, fullPage: true });
  }
  // Lancelot waits for a quick game; Gawain's front page lists him (it looks every 10
  // s) and Gawain plays him from there.
  await lancelot.getByLabel("Quick game's variant").selectOption("camette");
  await lancelot.getByRole("button", { name: "Find an opponent" }).click();
  const listedItem = gawain.locator(".around .waiting li").filter({ hasText: "Lancelot" });
  await listedItem.waitFor({ timeout: 20_000 });
  const listed = (await listedItem.textContent()) ?? "";
  await listedItem.getByRole("button", { name: "Play Lancelot" }).click();
  await Promise.all([gawain.waitForSelector("svg.board", { timeout: 20_000 }), lancelot.waitForSelector("svg.board", { timeout: 20_000 })]);
  const quickAt = [new URL(gawain.url()).pathname, new URL(lancelot.url()).pathname];
  // A visitor, logged in nowhere, reads the front page and a player's page: the console
  // says nothing went wrong (asking who is there is no error).
  const visitor = await (await browser.newContext()).newPage();
  const consoleErrors = [];
  visitor.on("console", (m) => {
    if (m.type() === "error") {
      consoleErrors.push(m.text());
    }
  });
  await visitor.goto(base);
  await visitor.locator(".around .online").waitFor();
  await visitor.goto(`${base}/players/Gawain`);
  await visitor.locator(".player-page h1").waitFor();
  const visitorsConsole = [...consoleErrors];
  // The phone's header, logged in: one line, and every tap target 44 px tall at least;
  // the rules pages have the account menu too.
  await lancelot.goto(base);
  await lancelot.locator(".account-links .me").waitFor();
  const phoneHeader = await lancelot.evaluate(() => {
    const header = /** @type {HTMLElement} */ (document.querySelector("header"));
    // A link the phone does not show is no target.
    const shown = [...header.querySelectorAll("a, button")].filter((t) => t.getClientRects().length > 0);
    const targets = shown.map((t) => t.getBoundingClientRect().height);
    return { height: header.getBoundingClientRect().height, shortestTarget: Math.min(...targets) };
  });
  await lancelot.goto(`${base}/rules`);
  await lancelot.locator(".account-links .me").waitFor();
  const rulesHeader = (await lancelot.locator("header .account-links").textContent()) ?? "";
  // Accounts in a player's words: a name too long is said so as it is typed, and
  // refused whole, not cut; logged in, /login says so; a wrong current password is
  // called that.
  await visitor.goto(`${base}/signup`);
  await visitor.getByLabel("Name").fill("Bedivere_of_the_Round_Table");
  const longName = (await visitor.locator("#name-rule").textContent()) ?? "";
  await visitor.getByLabel("Password").fill("the last of the knights");
  await visitor.getByRole("button", { name: "Sign up" }).click();
  const longRefused = visitor.locator(".account-page .notice");
  await longRefused.filter({ hasText: "name" }).waitFor();
  const longSaid = (await longRefused.textContent()) ?? "";
  await gawain.goto(`${base}/login`);
  const loggedIn = (await gawain.locator(".account-page p").textContent()) ?? "";
  await gawain.goto(`${base}/settings`);
  await gawain.getByLabel("Password now").fill("not my password at all");
  await gawain.getByLabel("New password").fill("a brand new green knight");
  await gawain.getByRole("button", { name: "Change the password" }).click();
  const wrongNow = gawain.locator(".account-page .notice").first();
  await wrongNow.filter({ hasText: "password" }).waitFor();
  const wrongSaid = (await wrongNow.textContent()) ?? "";
  // Lancelot follows Gawain from his page: the front page lists him, online, with his
  // games to watch. Then Lancelot takes challenges from nobody, and Gawain's challenge
  // is refused, saying so.
  await lancelot.goto(`${base}/players/Gawain`);
  await lancelot.getByRole("button", { name: "Follow", exact: true }).click();
  await lancelot.getByText("You follow Gawain.").waitFor();
  await lancelot.goto(base);
  const followedItem = lancelot.locator(".following li").first();
  await followedItem.waitFor();
  const followed = (await followedItem.textContent()) ?? "";
  await lancelot.goto(`${base}/settings`);
  await lancelot.getByLabel("Take challenges from").selectOption("nobody");
  await lancelot.getByRole("button", { name: "Keep" }).click();
  await lancelot.getByText("Kept.").waitFor();
  await gawain.goto(`${base}/players/Lancelot`);
  await gawain.getByRole("button", { name: "Challenge Lancelot" }).click();
  const refusedChallenge = gawain.locator(".challenge-box .notice");
  await refusedChallenge.filter({ hasText: "Lancelot" }).waitFor();
  const refused = (await refusedChallenge.textContent()) ?? "";
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return {
    heardInMs,
    incoming: incomingText,
    gawainAt,
    lancelotAt,
    gawainSeats,
    declined,
    waiting,
    presence,
    online: onlineText,
    listed,
    quickAt,
    followed,
    refused,
    consoleErrors: visitorsConsole,
    phoneHeader,
    rulesHeader,
    longName,
    longSaid,
    loggedIn,
    wrongSaid,
  };
});
