import AxeBuilder from "@axe-core/playwright";
import { formatDate } from "@lagon/contracts/french-date";
import { ADMIN_TOKEN, magicLinkIn, mailsTo, ORIGIN, orderSitesAhead, waitForMail } from "./support/orders";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

// Subscriptions after the first payment, in the browser, through the real server, the local
// test checkout and portal, the billing test clock and real WordPress sites
// (docs/operations/subscriptions.md). The two journeys share one customer, so the second one's
// order page also shows the site switcher with each site's subscription status.

const SHOTS = ".test-output/screenshots";
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL = "abonnee@example.re";
const adminPath = `/admin?token=${ADMIN_TOKEN}`;

test.describe.configure({ mode: "serial" });

// The second journey's site is bought first: it is made while the first journey runs.
test.beforeAll(async ({ request }) => {
  await orderSitesAhead(request, [{ subdomain: "abo-preavis", email: EMAIL, name: "Maëlle Hoarau" }]);
});

/** Screenshots at both widths, with axe-core and no horizontal scroll at each. */
async function shootAndCheck(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await page.screenshot({ path: `${SHOTS}/subscription-${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(
      results.violations.map((v) => `${name} @${width}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Starts a checkout for a Starter site through the real API; answers the test checkout page's path. */
async function startCheckout(request: APIRequestContext, subdomain: string): Promise<string> {
  const res = await request.post("/api/stripe/create-checkout-session", {
    data: {
      plan_id: "price_local_starter",
      customer_data: {
        email: EMAIL,
        name: "Maëlle Hoarau",
        immediate_start: true,
        company_name: "",
        domain: `${subdomain}.localhost`,
        plan: "Starter",
        city: "Saint-Leu",
      },
      success_url: `${ORIGIN}/success`,
      cancel_url: `${ORIGIN}/`,
      koza_option: false,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return new URL((await res.json()).checkout_url).pathname;
}

/** The order page's link from the welcome e-mail of `subdomain` (sent once the site is live). */
async function orderPageOf(subdomain: string): Promise<{ path: string; orderId: string }> {
  const mail = await waitForMail(
    EMAIL,
    new RegExp(`Administration WordPress[\\s\\S]*${subdomain}\\.localhost`),
  );
  const url = new URL(magicLinkIn(mail));
  return { path: `${url.pathname}${url.search}`, orderId: url.pathname.split("/").at(-1) as string };
}

/** The e-mails to the customer about one site that contain `text`. */
const mailsAbout = (subdomain: string, text: RegExp) =>
  mailsTo(EMAIL).filter((m) => m.includes(`${subdomain}.localhost`) && text.test(m));

/** The billing test clock's date, from the API the admin page uses. */
async function clockNow(request: APIRequestContext): Promise<Date> {
  return new Date((await (await request.get(`/api/admin/test-clock?token=${ADMIN_TOKEN}`)).json()).now);
}

/** Advances the billing test clock from the admin page, as the agency does. */
async function advanceClock(admin: Page, days: number) {
  // The page is loaded before the clock is used (its counters keep their place while they load).
  await expect(admin.getByRole("list", { name: "Compteurs" })).toHaveAttribute("aria-busy", "false");
  const clock = admin.getByRole("region", { name: "Horloge de facturation (test)" });
  await clock.getByLabel("Avancer de (jours)").fill(String(days));
  await clock.getByRole("button", { name: "Avancer l'horloge" }).click();
  await expect(clock.getByRole("button", { name: "Avancer l'horloge" })).toBeVisible({ timeout: 60_000 });
  await expect(admin.getByRole("status").getByText(/^Horloge avancée au /)).toBeVisible();
}

/**
 * The WordPress site's home page as a visitor's browser gets it (only the browser resolves
 * `*.localhost`): its HTTP status, and whether it is the French suspension page.
 */
async function siteState(visitor: Page, siteUrl: string) {
  const res = await visitor.goto(siteUrl);
  return { status: res?.status(), suspended: (await visitor.title()) === "Site suspendu" };
}

const subscriptionBlock = (page: Page) => page.getByRole("region", { name: "Votre abonnement" });

test("a card that fails after the first payment: past due, reminders, the site suspended, then paid from the portal and back", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  const subdomain = "abo-impaye";

  // The local test checkout lets the buyer choose Stripe's test card that pays only the first time.
  await page.goto(await startCheckout(request, subdomain));
  const cards = page.getByRole("group", { name: "Carte de test" });
  await expect(cards.getByRole("radio", { name: /4242 4242 4242 4242/ })).toBeChecked();
  await cards.getByRole("radio", { name: /4000 0000 0000 0341/ }).check();
  await shootAndCheck(page, "test-checkout");
  await page.getByRole("button", { name: /^Payer / }).click();
  await page.waitForURL(/\/success/);

  const { path: orderPage, orderId } = await orderPageOf(subdomain);
  await page.goto(orderPage);
  const block = subscriptionBlock(page);
  await expect(block).toContainText("Statut : Actif");
  await expect(block).toContainText(/Starter — 21,70\s€ TTC par mois/);
  await expect(block).toContainText("Carte enregistrée•••• 0341");
  const siteUrl = (await page.getByRole("link", { name: "Voir mon site" }).getAttribute("href")) as string;
  const visitor = await context.newPage();
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 200, suspended: false });

  // The agency's admin, in another tab: the billing test clock.
  const admin = await context.newPage();
  await admin.goto(adminPath);
  await expect(admin.getByRole("region", { name: "Horloge de facturation (test)" })).toContainText(
    "Date simulée",
  );

  // A month later the renewal is declined: past due, the site stays up, the customer is told.
  await advanceClock(admin, 31);
  await expect.poll(() => mailsAbout(subdomain, /a échoué \(tentative n° 1\)/).length).toBe(1);
  const failed = mailsAbout(subdomain, /a échoué/)[0] as string;
  expect(failed).toMatch(/Mettre à jour ma carte/);
  await page.reload();
  await expect(block).toContainText("Statut : Paiement en retard");
  await expect(block).toContainText(/Échéance impayée\d{1,2} \S+ \d{4}/);
  await expect(block.getByRole("alert")).toContainText(
    /Le prélèvement de votre abonnement a échoué\..*avant le \d{1,2} \S+ \d{4}, date à laquelle il sera suspendu sans paiement/,
  );
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 200, suspended: false });
  await shootAndCheck(page, "past-due");

  // The retries fail too; the day before the grace ends a reminder goes out, then the site is suspended.
  await advanceClock(admin, 14);
  await expect.poll(() => mailsAbout(subdomain, /reste impayé\. Votre site/).length).toBe(1);
  expect(mailsAbout(subdomain, /a échoué \(tentative n° \d\)/).length).toBeGreaterThan(1);
  await expect.poll(() => mailsAbout(subdomain, /est suspendu \(paiement non reçu\)/).length).toBe(1);
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 503, suspended: true });
  await expect(visitor.getByRole("heading", { name: "Site suspendu" })).toBeVisible();
  await visitor.setViewportSize({ width: 375, height: 700 });
  await visitor.screenshot({ path: `${SHOTS}/subscription-wordpress-suspended-375.png` });
  // wp-admin stays open, so the customer can export.
  expect((await visitor.goto(`${siteUrl.replace(/\/$/, "")}/wp-login.php`))?.status()).toBe(200);

  // The admin's filters and counters show it.
  await admin.reload();
  await admin.getByRole("button", { name: "Suspendus" }).click();
  // The customer's other site (the second journey's, bought ahead) has a card of the same name.
  const adminCard = admin
    .getByRole("article", { name: "Maëlle Hoarau" })
    .filter({ hasText: `${subdomain}.localhost` });
  await expect(adminCard).toHaveCount(1);
  await expect(adminCard).toContainText(
    /Suspendu Starter, 21,70\s€ TTC\/mois · raison : non-paiement · archivage le/,
  );
  await expect(
    admin.getByRole("list", { name: "Compteurs" }).getByRole("listitem").filter({ hasText: "Suspendus" }),
  ).toContainText(/[1-9]/);
  await shootAndCheck(admin, "admin-suspended");

  await page.reload();
  await expect(block).toContainText("Statut : Suspendu");
  await expect(block.getByRole("alert")).toContainText(
    /Votre site est suspendu pour non-paiement\..*Sans paiement, il sera retiré de l'hébergement le \d{1,2} \S+ \d{4}/,
  );
  await expect(block.getByRole("button", { name: "Résilier mon abonnement" })).toHaveCount(0);
  await shootAndCheck(page, "suspended");

  // "Mettre à jour ma carte" opens the local portal: the unpaid invoice, then a card that pays it.
  await block.getByRole("button", { name: "Mettre à jour ma carte" }).click();
  await page.waitForURL(/\/portail-test\/ps_local_/);
  await expect(page.getByRole("heading", { name: "Votre carte et vos factures" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const invoices = page.locator(".portal-invoices li");
  await expect(invoices.filter({ hasText: /À payer \(\d+ tentatives refusées\)/ })).toHaveCount(1);
  await expect(invoices.filter({ hasText: /^Commande Starter/ })).toContainText("Payée");
  await expect(page.getByText("Carte enregistrée•••• 0341")).toBeVisible();
  // The same card again is declined, and said so.
  await page.getByRole("radio", { name: /4000 0000 0000 0341/ }).check();
  await page.getByRole("button", { name: "Enregistrer cette carte" }).click();
  await expect(page.getByRole("status")).toContainText("Votre carte a été refusée.");
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 503, suspended: true });
  await page.getByRole("radio", { name: /4242 4242 4242 4242/ }).check();
  await page.getByRole("button", { name: "Enregistrer cette carte" }).click();
  await expect(page.getByRole("status")).toContainText("La facture en attente est payée.");
  await expect(page.getByText("Carte enregistrée•••• 4242")).toBeVisible();
  await expect(invoices.filter({ hasText: "À payer" })).toHaveCount(0);
  await shootAndCheck(page, "portal");
  // The site is back at once.
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 200, suspended: false });
  await expect.poll(() => mailsAbout(subdomain, /Nous avons bien reçu votre paiement/).length).toBe(1);

  // The e-mails' card link opens a portal too.
  const cardLink = failed.match(/https?:\/\/[^\s"<>]+\/billing-portal\/open\?token=[\w-]+/)?.[0] as string;
  const opened = await request.get(cardLink.replaceAll("&amp;", "&"), { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  expect(opened.headers().location).toMatch(/\/portail-test\/ps_local_/);

  const portalUrl = page.url();
  await page.getByRole("link", { name: "Retour à votre commande" }).click();
  await page.waitForURL(new RegExp(`/dashboard/${orderId}\\?token=`));
  await expect(block).toContainText("Statut : Actif");

  // A portal address that is not (or no longer) valid says so, in French.
  await page.goto(portalUrl.replace(/ps_local_[\w-]+/, "ps_local_inconnu"));
  await expect(page.getByRole("alert")).toHaveText(
    "Cette page de gestion a expiré. Rouvrez-la depuis votre espace client.",
  );
  await page.goBack();

  // The agency suspends the site by hand, with a reason, and lifts it.
  await admin.getByRole("button", { name: "Tous", exact: true }).click();
  await admin.getByRole("searchbox", { name: "Rechercher une commande" }).fill(subdomain);
  await expect(admin.getByRole("article")).toHaveCount(1);
  await adminCard.getByRole("button", { name: "Suspendre" }).click();
  const dialog = admin.getByRole("dialog", { name: /Suspendre le site/ });
  await dialog
    .getByLabel("Raison (envoyée au client par e-mail)")
    .fill("Contenu signalé, en cours de vérification");
  await shootAndCheck(admin, "admin-suspend-dialog");
  await dialog.getByRole("button", { name: "Suspendre le site" }).click();
  await expect(
    admin.getByRole("status").getByText("Site suspendu : le client est prévenu par e-mail."),
  ).toBeVisible();
  await expect(adminCard).toContainText("raison : Contenu signalé, en cours de vérification");
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 503, suspended: true });
  await page.reload();
  await expect(block.getByRole("alert")).toContainText("Votre site a été suspendu par notre équipe.");
  await expect(block.getByRole("button", { name: "Mettre à jour ma carte" })).toHaveCount(0);

  await adminCard.getByRole("button", { name: "Lever la suspension" }).click();
  const lift = admin.getByRole("dialog", { name: /Lever la suspension/ });
  await lift.getByLabel("Raison (envoyée au client par e-mail)").fill("Vérification terminée");
  await lift.getByRole("button", { name: "Lever la suspension" }).click();
  await expect(
    admin.getByRole("status").getByText("Suspension levée : le site est de nouveau en ligne."),
  ).toBeVisible();
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 200, suspended: false });

  // And ends this subscription at once: offline now.
  await adminCard.getByRole("button", { name: "Résilier", exact: true }).click();
  const cancel = admin.getByRole("dialog", { name: /Résilier l'abonnement/ });
  await cancel.getByLabel(/Tout de suite/).check();
  await cancel.getByRole("button", { name: "Résilier", exact: true }).click();
  await expect(
    admin.getByRole("status").getByText("Abonnement résilié : le site est hors ligne."),
  ).toBeVisible();
  await expect(adminCard).toContainText("Résilié");
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 503, suspended: true });
});

test("cancellation with notice: offline on its date and not before; an upgrade at once, a downgrade at the period end", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(300_000);
  const subdomain = "abo-preavis";
  const { path: orderPage } = await orderPageOf(subdomain);
  await page.goto(orderPage);
  const block = subscriptionBlock(page);
  await expect(block).toContainText("Statut : Actif");
  const siteUrl = (await page.getByRole("link", { name: "Voir mon site" }).getAttribute("href")) as string;
  const visitor = await context.newPage();

  // The customer's two sites, each with its subscription status.
  const switcher = page.getByRole("navigation", { name: "Vos 2 sites" });
  await expect(switcher.getByRole("link", { name: /abo-impaye/ })).toContainText("Abonnement : résilié");
  await expect(switcher.getByRole("link", { name: /abo-preavis/ })).toContainText("Abonnement : actif");

  // Upgrade: at once, with the prorated difference shown before and charged.
  await block.getByRole("button", { name: "Changer de formule" }).click();
  await expect(block.getByRole("group", { name: "Choisissez votre nouvelle formule" })).toBeFocused();
  await block.getByRole("radio", { name: /^Business/ }).check();
  await expect(block).toContainText(
    /Immédiat : \d+,\d\d\s€ TTC prélevés aujourd'hui \(la différence au prorata/,
  );
  await shootAndCheck(page, "plan-change");
  await block.getByRole("button", { name: /^Passer à Business et payer \d+,\d\d\s€$/ }).click();
  await expect(block.getByRole("status")).toHaveText("Formule changée.");
  await expect(block).toContainText(/Business — 54,25\s€ TTC par mois/);
  await expect.poll(() => mailsAbout(subdomain, /Le changement est immédiat/).length).toBe(1);

  // Downgrade: waits for the period end.
  await block.getByRole("button", { name: "Changer de formule" }).click();
  await block.getByRole("radio", { name: /^Libre/ }).check();
  await expect(block).toContainText(
    /À la fin de la période en cours, le \d{1,2} \S+ \d{4} : rien à payer aujourd'hui/,
  );
  // What leaving Business stops is listed before the button that confirms (decision 0072).
  const stops = block.getByRole("note");
  await expect(stops).toContainText(/En passant à Libre, ces fonctions de votre site s'arrêtent le /);
  await expect(stops.getByRole("listitem")).toHaveText([
    /^Boutique en ligne/,
    /^Réservation en ligne/,
    /^Statistiques de visite/,
  ]);
  await block.getByRole("button", { name: "Programmer le passage à Libre" }).click();
  await expect(block.getByRole("status")).toHaveText(
    "Changement de formule programmé pour la fin de la période.",
  );
  await expect(block).toContainText(
    /Changement programméFormule Libre \(16,28\s€ TTC par mois\) à partir du/,
  );
  await expect(block).toContainText(/Business — 54,25\s€ TTC par mois/);

  const admin = await context.newPage();
  await admin.goto(adminPath);
  await advanceClock(admin, 31);
  await page.reload();
  await expect(block).toContainText(/Libre — 16,28\s€ TTC par mois/);
  await expect(block).not.toContainText("Changement programmé");
  // Then the kit's job turns them off (plugins, the Réservation page, the widget, on the real
  // WordPress: a while on a loaded machine); the order page says so once it is done.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText("Fonctions arrêtées, vos données sont gardées").count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);

  // Cancellation: reachable at all times, the notice stated, the date shown before confirming.
  await expect(block).toContainText("Résiliable en ligne à tout moment, avec un préavis de 30 jours");
  await block.getByRole("button", { name: "Résilier mon abonnement" }).click();
  const effective = block.getByRole("heading", {
    name: /^Si vous confirmez aujourd'hui, votre abonnement prendra fin le /,
  });
  await expect(effective).toBeFocused();
  const shownDate = ((await effective.textContent()) as string).match(/le (\d{1,2} \S+ \d{4})\.$/)?.[1];
  await shootAndCheck(page, "cancel-confirm");
  await block.getByRole("button", { name: "Confirmer la résiliation" }).click();
  await expect(block.getByRole("status")).toHaveText("Résiliation programmée.");
  await expect(block).toContainText(`Fin de l'abonnement${shownDate}`);
  await expect.poll(() => mailsAbout(subdomain, /Nous avons bien enregistré la résiliation/).length).toBe(1);
  // The agency sees it under "Résiliation programmée", with its date.
  await admin.getByRole("button", { name: "Résiliation programmée" }).click();
  await expect(admin.getByRole("article")).toHaveCount(1);
  await expect(admin.getByRole("article")).toContainText(
    new RegExp(`Libre, 16,28\\s€ TTC/mois · résiliation le ${shownDate}`),
  );
  await expect(
    admin.getByRole("list", { name: "Compteurs" }).getByRole("listitem").filter({ hasText: "Résiliations" }),
  ).toContainText("1");
  await shootAndCheck(page, "cancel-scheduled");

  // Undone, then asked again: the customer may change their mind until the date.
  await block.getByRole("button", { name: "Annuler la résiliation" }).click();
  await expect(block.getByRole("status")).toHaveText("Résiliation annulée : votre abonnement continue.");
  await block.getByRole("button", { name: "Résilier mon abonnement" }).click();
  await block.getByRole("button", { name: "Confirmer la résiliation" }).click();
  await expect(block).toContainText(`Fin de l'abonnement${shownDate}`);

  // The day before the date, the site is up; on the date, it is offline.
  const order = await (await request.get(orderPage.replace("/dashboard/", "/api/order/"))).json();
  const cancelAt = new Date(order.subscription.cancel_at);
  expect(formatDate(cancelAt)).toBe(shownDate);
  const daysBefore = Math.floor((cancelAt.getTime() - (await clockNow(request)).getTime()) / DAY_MS);
  await advanceClock(admin, daysBefore);
  expect(formatDate(await clockNow(request))).toBe(formatDate(cancelAt.getTime() - DAY_MS));
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 200, suspended: false });
  await page.reload();
  await expect(block).toContainText("Statut : Actif");

  await advanceClock(admin, 1);
  expect(formatDate(await clockNow(request))).toBe(shownDate);
  await expect
    .poll(() => siteState(visitor, siteUrl), { timeout: 60_000 })
    .toEqual({ status: 503, suspended: true });
  await expect.poll(() => mailsAbout(subdomain, /Votre abonnement est résilié/).length).toBe(1);
  await page.reload();
  await expect(block).toContainText("Statut : Résilié");
  await expect(block).toContainText(`Résilié le${shownDate}`);
  await expect(block.getByRole("button")).toHaveCount(0);
  await shootAndCheck(page, "cancelled");
});
