import { magicLinkIn, mailsTo, orderSite, waitForMail } from "./support/orders";
import { expect, type Locator, type Page, test } from "./support/test";

/** A block or widget as a person sees it, the whole of it in view. */
async function shoot(page: Page, block: Locator, file: string) {
  const box = await block.boundingBox();
  const { width } = page.viewportSize() ?? { width: 1280 };
  await page.setViewportSize({ width, height: Math.ceil((box?.height ?? 700) + 160) });
  await block.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
  await page.screenshot({ path: `.test-output/screenshots/${file}` });
}

/** The .ics part of a raw e-mail, decoded. */
function icsIn(mail: string): string {
  const part = mail.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) throw new Error("no text/calendar part in the e-mail");
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join("\n\n").trim();
  return /Content-Transfer-Encoding: base64/i.test(headers ?? "")
    ? Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8")
    : text;
}

test("a visitor books a slot on a Business site's Réservation page; both e-mails arrive; the business sees it; the visitor cancels", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const owner = "client-reservation@example.re";
  const visitor = "visiteur-reservation@example.re";
  await orderSite(page.request, {
    subdomain: "salon-resa",
    email: owner,
    company: "Salon Hoarau",
    plan: "Business",
  });
  const link = new URL(magicLinkIn(await waitForMail(owner, /Administration WordPress/)));
  await page.goto(`${link.pathname}${link.search}`);

  // Bookable with no setting: one 30-minute service, Monday to Friday with a lunch break.
  const block = page.getByRole("region", { name: "Réservations" });
  await expect(block.getByText("Aucun rendez-vous à venir pour l'instant.")).toBeVisible();
  // Its buttons have the shape of the page's others (they were square beside rounded ones).
  const radius = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((b) => getComputedStyle(b).borderRadius);
  expect(await radius("Actualiser")).toBe(await radius("Changer de formule"));
  await block.getByText("Prestations, horaires et jours de fermeture").click();
  await expect(block.getByLabel("Nom")).toHaveValue("Rendez-vous");
  await expect(block.getByLabel("Durée (min)")).toHaveValue("30");
  await expect(block.getByRole("checkbox", { name: "lundi" })).toBeChecked();
  await expect(block.getByRole("checkbox", { name: "samedi" })).not.toBeChecked();
  await expect(block.getByLabel("Début de pause le lundi")).toHaveValue("12:00");
  await expect(block.getByLabel("Fin de pause le lundi")).toHaveValue("13:30");
  await shoot(page, block, "booking-settings-1280.png");
  const pageUrl = await block.getByRole("link", { name: "Réservation de votre site" }).getAttribute("href");
  expect(pageUrl).toMatch(/^http:\/\/salon-resa\.localhost:\d+\/reservation\/$/);

  // The visitor, on a phone, books from the site's own page (the widget calls the platform from the browser).
  const phone = await browser.newContext({
    viewport: { width: 375, height: 800 },
    locale: "fr-FR",
    timezoneId: "Indian/Reunion",
  });
  const site = await phone.newPage();
  await site.goto(pageUrl as string);
  await expect(site.getByRole("heading", { name: "Réservation" }).first()).toBeVisible();
  const widget = site.locator(".lagon-booking");
  // Next week's first slot: today's could come within the 2-hour notice while the captcha is solved.
  const weekTitle = widget.locator(".lb-week strong");
  await expect(weekTitle).toHaveText(/^Du /);
  const thisWeek = (await weekTitle.textContent()) as string;
  await widget.getByRole("button", { name: "Semaine suivante ›" }).click();
  await expect(weekTitle).not.toHaveText(thisWeek);
  const firstSlot = widget.locator(".lb-slot").first();
  await expect(firstSlot).toBeVisible();
  const slotName = (await firstSlot.getAttribute("aria-label")) as string;
  await firstSlot.click();
  await widget.getByLabel("Votre nom").fill("Marie Hoarau");
  await widget.getByLabel("Votre e-mail").fill(visitor);
  await widget.getByLabel("Votre téléphone (facultatif)").fill("0692 11 22 33");
  await widget.locator("altcha-widget").getByText("Je ne suis pas un robot").click();
  await expect(widget.locator("altcha-widget").getByText("Vérifié")).toBeVisible({ timeout: 30_000 });
  await shoot(site, widget, "booking-widget-375.png");
  await widget.getByRole("button", { name: "Confirmer le rendez-vous" }).click();
  await expect(widget.getByRole("heading", { name: "Rendez-vous confirmé" })).toBeVisible();
  await shoot(site, widget, "booking-confirmed-375.png");

  // The visitor's confirmation carries the invitation in La Réunion's time zone and the cancel link.
  const confirmation = await waitForMail(visitor, /Votre rendez-vous est confirm/);
  expect(confirmation).toMatch(/filename="?rendez-vous\.ics/);
  const ics = icsIn(confirmation);
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toMatch(/DTSTART;TZID=Indian\/Reunion:\d{8}T\d{6}/);
  const notice = await waitForMail(owner, /Nouvelle réservation/);
  expect(notice).toContain("Marie Hoarau");
  expect(notice).toContain(visitor);

  // The business sees it in its list and its week.
  await page.reload();
  await expect(block.getByText("Marie Hoarau").first()).toBeVisible();
  await expect(block.getByText(slotName.split(" à ")[1] as string).first()).toBeVisible();
  await shoot(page, block, "booking-order-page-1280.png");
  await page.setViewportSize({ width: 375, height: 812 });
  await shoot(page, block, "booking-order-page-375.png");
  // The settings fit a phone: the time-zone list once pushed the page sideways.
  await block.getByText("Prestations, horaires et jours de fermeture").click();
  await expect(block.getByLabel("Fuseau horaire")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The visitor cancels from the e-mail's link: opening it asks, the button cancels.
  const cancel = (confirmation.match(
    /https?:\/\/[^\s"<>]+\/reservation\/annuler\?b=[0-9a-f-]{36}&amp;t=[\w-]+/,
  ) ?? [])[0];
  expect(cancel).toBeTruthy();
  await site.goto((cancel as string).replace(/&amp;/g, "&"));
  await site.getByRole("button", { name: "Annuler mon rendez-vous" }).click();
  await expect(site.getByText("Votre rendez-vous est annulé.")).toBeVisible();
  await site.screenshot({ path: ".test-output/screenshots/booking-cancelled-375.png" });
  await waitForMail(owner, /Rendez-vous annul/);
  await phone.close();

  await page.reload();
  await expect(block.getByText("Aucun rendez-vous à venir pour l'instant.")).toBeVisible();
  expect(mailsTo(visitor)).toHaveLength(1);
});
