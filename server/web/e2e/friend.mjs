// A visitor starts a game for a friend from the front page on a desktop, and the friend
// opens the invitation on a phone: `node e2e/friend.mjs BASE VARIANT [screenshot-dir]`.
// The creator lands on their seat with the invitation, which goes once the friend comes.
// The two play to the end, each by clicking (tapping) as a person would; the creator
// starts a new game with the same settings; then the phone opens the link mistyped. Prints `{"invitation":URL,"qr":bool,"mine":PATH,"results":[...],"another":PATH,
// "moves":[[...],[...]],"wrong":{...}}`.

import { PHONE, launch, main, moveList, playToTheEnd } from "./browser.mjs";

const [base, variant, shots] = process.argv.slice(2);

main(async () => {
  const browser = await launch();
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const phone = await (await browser.newContext(PHONE)).newPage();
  const errors = [];
  for (const p of [desk, phone]) {
    p.on("pageerror", (e) => errors.push(String(e)));
  }
  await desk.goto(base);
  await desk.getByLabel("Variant").selectOption(variant);
  const seats = desk.locator(".seat-choices select");
  await seats.nth(0).selectOption("me");
  await seats.nth(1).selectOption("friend");
  await desk.getByRole("button", { name: "Start the game" }).click();
  // The creator lands on their own seat's page, the invitation shown there.
  await desk.waitForURL(/\/[a-z0-9]+\/[A-Za-z0-9]+$/);
  await desk.waitForSelector("svg.board");
  const mine = new URL(desk.url()).pathname;
  const link = desk.locator(".invitation input");
  await link.waitFor();
  const invitation = await link.inputValue();
  const qr = await desk
    .locator(".invitation .qr svg")
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  if (shots) {
    await desk.screenshot({ path: `${shots}/invitation-desktop.png`, fullPage: true });
  }
  await phone.goto(invitation);
  await phone.waitForSelector("svg.board");
  // Once the friend has come, the invitation goes.
  await desk.locator(".invitation").waitFor({ state: "detached", timeout: 15_000 });
  const ends = await Promise.all([playToTheEnd(desk), playToTheEnd(phone)]);
  const moves = [await moveList(desk), await moveList(phone)];
  // "New game": the same settings, the other seat open to anyone, my new seat opened.
  await desk.getByRole("button", { name: "New game" }).click();
  await desk.waitForURL((u) => u.pathname !== mine);
  await desk.waitForSelector("svg.board");
  const another = new URL(desk.url()).pathname;
  // A mistyped link: the page says so and offers the game to watch.
  await phone.goto(`${invitation}x`);
  const watchInstead = phone.getByRole("link", { name: "Watch the game instead" });
  await watchInstead.waitFor({ timeout: 15_000 });
  const wrong = {
    said: await phone.locator(".notice").first().textContent(),
    watch: await watchInstead.getAttribute("href"),
    typing: await phone.locator("form.type-move").isVisible(),
  };
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { invitation, qr, mine, results: ends.map((e) => e.result), moves, another, wrong };
});
