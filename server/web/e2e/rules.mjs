// Reads the rules pages: `node e2e/rules.mjs BASE [screenshot-dir]`. Opens `/rules` and
// `/rules/grandcam`, waits for every diagram to be drawn, and prints what each shows: its
// words, squares, pieces, marked landings and the squares of the piece picked up.

import { launch, main, PHONE } from "./browser.mjs";

const [base, shots] = process.argv.slice(2);

/** @param {import("playwright-core").Page} page */
async function diagrams(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".diagram")].every((d) => d.querySelector("svg.board")),
  );
  return page.$$eval(".diagram", (ds) =>
    ds.map((d) => ({
      words: d.getAttribute("aria-label"),
      squares: d.querySelectorAll("rect.sq").length,
      pieces: d.querySelectorAll("g.piece").length,
      marks: d.querySelectorAll("circle.mark").length,
      picked: d.querySelectorAll("rect.sq.path").length,
    })),
  );
}

main(async () => {
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") {
      errors.push(m.text());
    }
  });
  await page.goto(`${base}/rules`);
  const all = await diagrams(page);
  const sections = await page.locator("article.rules h2").count();
  if (shots) {
    await page.locator(".diagram").nth(4).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/rules-desktop.png` });
  }
  const phone = await (await browser.newContext(PHONE)).newPage();
  phone.on("pageerror", (e) => errors.push(String(e)));
  await phone.goto(`${base}/rules/grandcam`);
  const grandcam = await diagrams(phone);
  const title = await phone.locator("article.rules h1").textContent();
  // A ruling cited on a game's page is a link to it on the whole text's page.
  await phone.locator("a[href='/rules#ruling-8']").first().click();
  await phone.waitForURL(/\/rules#ruling-8$/);
  const ruling = await phone.locator("p#ruling-8").evaluate((p) => ({
    text: p.textContent?.slice(0, 40),
    top: Math.round(p.getBoundingClientRect().top),
  }));
  // The games table fits the phone's width: nothing scrolls sideways.
  const table = await phone.locator("article.rules table").first().evaluate((t) => ({
    width: Math.round(t.getBoundingClientRect().width),
    scroll: t.scrollWidth,
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  if (shots) {
    await phone.locator(".diagram").first().scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${shots}/rules-phone.png` });
  }
  await browser.close();
  if (errors.length > 0) {
    throw new Error(`the page failed: ${errors.join("; ")}`);
  }
  return { all, sections, grandcam, title, ruling, table };
});
