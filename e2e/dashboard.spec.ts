import { ADMIN_TOKEN, magicLinkIn, mailsTo, orderSite, tokenOf, waitForMail } from "./support/orders";
import { type APIRequestContext, expect, type Page, test } from "./support/test";

const shots = ".test-output/screenshots";

/** The order id, which the success page learns as soon as the payment is recorded. */
async function orderIdOf(request: APIRequestContext, sessionId: string): Promise<string> {
  let orderId = "";
  await expect
    .poll(async () => {
      orderId = (await (await request.get(`/api/order-status/${sessionId}`)).json()).order_id ?? "";
      return orderId;
    })
    .not.toBe("");
  return orderId;
}

/** The path of the order page's magic link, from an e-mail to `email` (containing `mailText`). */
async function magicLinkPath(email: string, orderId: string, mailText = /[\s\S]/): Promise<string> {
  const mail = await waitForMail(
    email,
    new RegExp(`^(?=[\\s\\S]*${mailText.source})[\\s\\S]*/dashboard/${orderId}\\?token=`),
  );
  return pathOf(magicLinkIn(mail));
}

function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top with nothing focused, so the fixed header and the skip link sit where a visitor sees them.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await page.screenshot({ path: `${shots}/dashboard-${name}-${width}.png`, fullPage: true });
  }
}

test("the order page follows the site live to 'Votre site est prêt !', then gives access, guides and a domain request", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  const email = "client-dash@example.re";
  const sessionId = await orderSite(request, { subdomain: "atelier-dash", email });
  const orderId = await orderIdOf(request, sessionId);
  // Right after the payment the agency re-sends the link (admin action), so the page can be
  // opened while the site is still being created.
  const resent = await request.post(`/api/admin/resend-magic-link?token=${ADMIN_TOKEN}`, {
    data: { order_id: orderId },
  });
  expect(resent.status()).toBe(200);
  const dashboard = await magicLinkPath(email, orderId);

  await page.goto(dashboard);
  await expect(page.getByRole("heading", { name: "Bonjour Zoé Payet !" })).toBeVisible();
  // Whether the site is still being created at this point depends on the machine's speed.
  const sawCreation = await page
    .getByText(/comptez environ 5 minutes.*se met à jour automatiquement/)
    .isVisible();
  test.info().annotations.push({
    type: "order page",
    description: sawCreation ? "opened during creation" : "opened once live",
  });
  if (sawCreation) await page.screenshot({ path: `${shots}/dashboard-processing-1280.png` });
  // No reload: the page polls until the site is active.
  await expect(page.getByText("Votre site est prêt !")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByText(/^Terminé le \d+ \w+ \d{4} à \d{2}:\d{2}$/)).toHaveCount(5);
  await expect(page.getByText(`Commande n° ${orderId.slice(0, 8)}`)).toBeVisible();

  // The welcome e-mail (the one with the WordPress admin address) carries the same magic link.
  expect(await magicLinkPath(email, orderId, /Administration WordPress/)).toBe(dashboard);
  await page.goto(dashboard);
  await expect(page.getByText("Votre site est prêt !")).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir mon site" })).toHaveAttribute(
    "href",
    /^http:\/\/atelier-dash\.localhost:\d+/,
  );

  // WordPress credentials: the password is masked, can be shown and copied.
  const credentials = page.getByRole("region", { name: "Vos identifiants WordPress" });
  await expect(
    credentials.getByRole("link", { name: /atelier-dash\.localhost:\d+\/wp-admin\/$/ }),
  ).toBeVisible();
  await expect(credentials.getByText("admin-atelier-dash")).toBeVisible();
  await expect(page.getByTestId("wp-password")).toHaveText("••••••••••••");
  await credentials.getByRole("button", { name: "Afficher" }).click();
  const password = (await page.getByTestId("wp-password").textContent()) as string;
  expect(password).toMatch(/^\S{12,}$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await credentials.getByRole("button", { name: "Copier le mot de passe" }).click();
  await expect(credentials.getByText("Copié !")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  // The two PDF guides are real PDFs.
  for (const name of ["Guide de démarrage WordPress (PDF)", "Guide Koza (PDF)"]) {
    const href = (await page.getByRole("link", { name }).getAttribute("href")) as string;
    const pdf = await request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }

  await expect(page.getByRole("button", { name: "Ajouter Koza (50 € HT)" })).toBeVisible();
  await screenshots(page, "ready");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Custom domain: a refused request shows its French reason, then a good one goes through.
  const domain = page.getByRole("region", { name: "Votre propre nom de domaine" });
  await domain.getByLabel("Oui, je le possède déjà").check();
  await domain.getByLabel("Nom de domaine *").fill("https://atelier-dash.re/");
  await domain.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(domain.getByRole("alert")).toHaveText(
    "Indiquez seulement le nom de domaine, sans « https:// » ni « / » (exemple : mon-entreprise.re).",
  );
  await domain.getByLabel("Nom de domaine *").fill("Atelier-Dash.re");
  await domain.getByLabel("Message (optionnel)").fill("Acheté chez OVH en 2024.");
  await domain.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(domain.getByRole("status")).toContainText("Demande envoyée !");
  await expect(domain.getByRole("status")).toContainText("atelier-dash.re");
  await expect(domain.getByRole("listitem").filter({ hasText: "CNAME" })).toHaveText(
    /Nomwww\.atelier-dash\.reValeuratelier-dash\.localhost$/,
  );
  const agencyMail = await waitForMail("contact@lagon-digital.re", /atelier-dash\.re/);
  expect(agencyMail).toContain("Acheté chez OVH en 2024.");
  await waitForMail(email, /demande pour le domaine <strong>atelier-dash\.re</);
  await screenshots(page, "domain-sent");
  await page.reload();
  // The domain's state, in French: its records are checked again and again until they are set.
  await expect(domain.getByRole("status")).toHaveText(
    "atelier-dash.re : En attente de vos enregistrements DNS",
  );
  await expect(domain.getByRole("button", { name: "Envoyer ma demande" })).toHaveCount(0);

  // A second site for the same e-mail: the switcher lists both and goes from one to the other.
  await expect(page.getByRole("navigation", { name: /sites$/ })).toHaveCount(0);
  const second = await orderSite(request, { subdomain: "atelier-dash-2", email, koza: true });
  const secondId = await orderIdOf(request, second);
  const secondDashboard = await magicLinkPath(email, secondId, /Administration WordPress/);

  // From the second payment's success page, the link opens that site's page with a token that
  // proves nothing about the mailbox: no switcher, and the list of sites is never asked for.
  const listCalls: string[] = [];
  const watchList = (r: { url(): string }) => {
    if (r.url().includes("/api/customer/orders")) listCalls.push(r.url());
  };
  page.on("request", watchList);
  await page.goto(`/success?session_id=${second}`);
  await expect(page.getByText("Email envoyé !")).toBeVisible();
  await page.getByRole("link", { name: "Accéder à mon espace client" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${secondId}\\?token=`));
  expect(tokenOf(page.url())).not.toBe(tokenOf(secondDashboard));
  await expect(page.getByText("Votre site est prêt !")).toBeVisible();
  await expect(page.getByText(/Adresse de votre site : atelier-dash-2\.localhost/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: /sites$/ })).toHaveCount(0);
  expect(listCalls).toEqual([]);
  page.off("request", watchList);

  // The e-mailed link proves the mailbox: its page lists both sites.
  await page.goto(dashboard);
  const switcher = page.getByRole("navigation", { name: "Vos 2 sites" });
  await expect(switcher.getByRole("link")).toHaveCount(2);
  await expect(switcher.getByRole("link", { name: /atelier-dash Starter/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(switcher.getByRole("link", { name: /atelier-dash-2 Starter.*Koza/ })).toBeVisible();
  await screenshots(page, "switcher");
  await page.setViewportSize({ width: 1280, height: 900 });
  await switcher.getByRole("link", { name: /atelier-dash-2/ }).click();
  await expect(page).toHaveURL(secondDashboard);
  await expect(page.getByText(/Adresse de votre site : atelier-dash-2\.localhost/)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Vos 2 sites" }).getByRole("link", { name: /atelier-dash-2/ }),
  ).toHaveAttribute("aria-current", "page");
  expect(mailsTo("contact@lagon-digital.re").filter((m) => /atelier-dash\.re/.test(m))).toHaveLength(1);
});

test("an unknown order, a wrong token or no token shows 'Commande introuvable' with a link home", async ({
  page,
  request,
}) => {
  const sessionId = await orderSite(request, {
    subdomain: "atelier-perdu",
    email: "client-perdu@example.re",
  });
  const orderPath = `/dashboard/${await orderIdOf(request, sessionId)}`;
  for (const target of [
    "/dashboard/00000000-0000-4000-8000-000000000000?token=faux",
    `${orderPath}?token=faux`,
    orderPath,
  ]) {
    await page.goto(target);
    await expect(page.getByRole("heading", { name: "Commande introuvable" })).toBeVisible();
  }
  await screenshots(page, "missing");
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("buying Koza later: a refused purchase alerts and re-enables the button; a good one goes through the payment", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = "client-koza-later@example.re";
  const sessionId = await orderSite(request, { subdomain: "koza-plus-tard", email });
  // The second site, bought without Koza for the end of the journey, is made meanwhile.
  const next = await orderSite(request, { subdomain: "koza-plus-tard-2", email });
  const orderId = await orderIdOf(request, sessionId);
  const dashboard = await magicLinkPath(email, orderId);
  await page.goto(dashboard);
  await expect(page.getByText("Votre site est prêt !")).toBeVisible({ timeout: 90_000 });
  const buy = page.getByRole("button", { name: "Ajouter Koza (50 € HT)" });

  // Koza gets bought elsewhere (another tab) while this page still offers it: the server refuses.
  const token = new URL(dashboard, "http://x").searchParams.get("token");
  const other = await request.post(`/api/order/${orderId}/add-koza`, { data: { token } });
  const otherSession = new URL((await other.json()).checkout_url).pathname.split("/").at(-1);
  expect((await request.post(`/api/test-checkout/${otherSession}/pay`)).status()).toBe(200);
  const alerts: string[] = [];
  page.once("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await buy.click();
  await expect.poll(() => alerts).toEqual(["Erreur: Erreur lors de l'ajout de l'option Koza"]);
  await expect(buy).toBeEnabled();
  await page.reload();
  await expect(buy).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Remplir le questionnaire Koza" })).toBeVisible();

  // A customer without Koza buys it from the order page.
  await page.goto(await magicLinkPath(email, await orderIdOf(request, next)));
  await expect(page.getByText("Votre site est prêt !")).toBeVisible({ timeout: 90_000 });
  await buy.click();
  await expect(page).toHaveURL(/\/paiement-test\//);
  await page.getByRole("button", { name: /^Payer/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/.+token=/);
  // The Koza section offers the questionnaire (the payment's confirmation does too: buyer-defects-koza).
  await expect(
    page
      .getByRole("region", { name: "Koza, votre agent IA" })
      .getByRole("link", { name: "Remplir le questionnaire Koza" }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(buy).toHaveCount(0);
});
