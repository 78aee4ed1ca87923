import { magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, type Locator, type Page, test } from "./support/test";

/** The block as a person sees it: scrolled to just below the sticky header, the whole block in view. */
async function shoot(page: Page, block: Locator, file: string) {
  const box = await block.boundingBox();
  const { width } = page.viewportSize() ?? { width: 1280 };
  await page.setViewportSize({ width, height: Math.ceil((box?.height ?? 700) + 120) });
  await block.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100));
  await page.screenshot({ path: `.test-output/screenshots/${file}` });
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a Business customer browses their site and sees the visits counted in the order page; Starter sees what Business gives", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const email = "client-visites@example.re";
  const starterEmail = "client-visites-starter@example.re";
  await orderSite(page.request, {
    subdomain: "fleurs-visites",
    email,
    company: "Fleurs du Lagon",
    plan: "Business",
  });
  await orderSite(page.request, {
    subdomain: "cafe-starter",
    email: starterEmail,
    company: "Café Starter",
    plan: "Starter",
  });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));

  // The customer reads two pages of their site and a phone visits too, before the order page is
  // opened: its first reading of the log (one a minute at most) counts them, with no minute to wait.
  const siteUrl = `http://fleurs-visites.localhost:${Number(process.env.E2E_PORT ?? 3100) + 5000}/`;
  const site = await page.context().newPage();
  await site.goto(siteUrl);
  await site.getByRole("link", { name: "Mentions légales" }).first().click();
  await expect(site.getByRole("heading", { name: "Mentions légales" }).first()).toBeVisible();
  const phone = await browser.newContext({ userAgent: IPHONE, viewport: { width: 375, height: 740 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(siteUrl);
  await phone.close();
  await site.close();

  await page.goto(`${link.pathname}${link.search}`);
  const block = page.getByRole("region", { name: "Statistiques de visite" });
  await expect(block.getByText(/sans cookie ni bandeau de consentement/i)).toBeVisible();

  // While the order page's reading of the log runs (a job), a Starter customer sees what Business
  // would give, and no figure.
  const starterPage = await page.context().newPage();
  const starter = new URL(magicLinkIn(await waitForMail(starterEmail, /Administration WordPress/)));
  await starterPage.goto(`${starter.pathname}${starter.search}`);
  const preview = starterPage.getByRole("region", { name: "Statistiques de visite" });
  await expect(preview.getByText(/Avec la formule Business, vous voyez ici les visites/)).toBeVisible();
  await expect(preview.locator(".visits-totals")).toHaveCount(0);
  await shoot(starterPage, preview, "visits-starter-1280.png");
  await starterPage.close();

  // Read from the site's own log by GoAccess in a job: the page shows them within a minute or so.
  await expect(async () => {
    await page.reload();
    await expect(block.locator(".visits-totals")).toContainText("Visiteurs2", { timeout: 10_000 });
  }).toPass({ timeout: 180_000, intervals: [5000] });
  await expect(block.locator(".visits-totals")).toContainText("Pages vues3");
  // The same two visitors over the last 7 and 30 days, each counted once (decision 0086).
  const distinct = block.getByRole("region", { name: "Visiteurs différents" });
  await expect(distinct).toContainText("7 derniers jours2");
  await expect(distinct).toContainText("30 derniers jours2");
  const pages = block.getByRole("heading", { name: "Pages les plus vues" }).locator("..");
  await expect(pages.getByText("/mentions-legales/")).toBeVisible();
  const devices = block.getByRole("heading", { name: "Appareils" }).locator("..");
  await expect(devices.getByText("Téléphone ou tablette")).toBeVisible();
  await expect(devices.getByText("Ordinateur")).toBeVisible();
  await expect(
    block.getByRole("img", { name: /2 visiteurs et 3 pages vues sur les 30 derniers jours/ }),
  ).toBeVisible();
  await shoot(page, block, "visits-business-1280.png");

  // By month, and the figures in a table for those who cannot see the chart.
  await block.getByRole("button", { name: "Par mois" }).click();
  await expect(block.getByRole("button", { name: "Par mois" })).toHaveAttribute("aria-pressed", "true");
  await expect(block.locator("figcaption")).toHaveText("Visiteurs et pages vues, les 13 derniers mois");
  await block.getByText("Voir les chiffres en tableau").click();
  await expect(block.getByRole("table").getByRole("row")).toHaveCount(14);

  await block.getByText("Voir les chiffres en tableau").click();
  await page.setViewportSize({ width: 375, height: 812 });
  await block.getByRole("button", { name: "Par jour" }).click();
  await shoot(page, block, "visits-business-375.png");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The order page opens that same site (last: this visit is not in the figures above).
  const [opened] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Voir mon site" }).click(),
  ]);
  await expect(opened).toHaveURL(siteUrl);
  await opened.close();
});
