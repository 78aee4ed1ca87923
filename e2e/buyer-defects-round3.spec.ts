import { execFileSync } from "node:child_process";
import { ADMIN_TOKEN, orderSite } from "./support/orders";
import { expect, test } from "./support/test";

// Issue 26: the customer's pages and documents, and the admin, as a person meets them.
const admin = (p: string) => `${p}${p.includes("?") ? "&" : "?"}token=${ADMIN_TOKEN}`;

test("13. the preview of every e-mail template replaces every {{variable}}, in subject and body", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(admin("/admin/email-templates"));
  await expect(page.getByRole("heading", { name: "Modèles d'e-mails", level: 1 })).toBeVisible();
  const buttons = page.getByRole("navigation", { name: "Modèles" }).getByRole("button");
  await expect(buttons.filter({ hasText: "backup_alert_agency" })).toBeVisible();
  const names = await buttons.locator("strong").allInnerTexts();
  expect(names).toContain("backup_alert_agency");
  const subject = page.locator(".admin-preview-subject");
  const body = page.frameLocator("iframe.admin-preview").locator("body");
  let shown = "";
  for (const name of names) {
    await buttons.filter({ has: page.getByText(name, { exact: true }) }).click();
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    // The frame has loaded this template's preview (every body differs), not the previous one's.
    await expect.poll(() => body.innerHTML()).not.toBe(shown);
    shown = await body.innerHTML();
    await expect(subject, name).not.toContainText("{{");
    await expect(body, name).not.toContainText("{{");
  }
  await buttons.filter({ has: page.getByText("backup_alert_agency", { exact: true }) }).click();
  await expect(subject).toHaveText("Objet : [Alerte] Sauvegardes : Sauvegardes manquées");
  await expect(body).toContainText("Sites concernés : boulangerie-payet (marie.payet@exemple.re)");
});

test("14. analytics' Clients counts customers: one customer with two sites is one", async ({
  page,
  request,
}) => {
  const clients = page
    .getByRole("list", { name: "Chiffres clés" })
    .getByRole("listitem")
    .filter({ hasText: "Clients" });
  const shown = async () => {
    await page.goto(admin("/admin/analytics"));
    return Number(((await clients.locator("strong").textContent()) ?? "").replace(/\s/g, ""));
  };
  const before = await shown();
  await orderSite(request, { subdomain: "deux-sites-un", email: "deux-sites@example.re" });
  await orderSite(request, { subdomain: "deux-sites-deux", email: "deux-sites@example.re" });
  const after = await shown();
  expect(after).toBe(before + 1);
});

test("9. the success page tells the customer where to find their other sites: the e-mailed link", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const sessionId = await orderSite(request, {
    subdomain: "autres-sites-e2e",
    email: "autres-sites-e2e@example.re",
  });
  await page.goto(`/success?session_id=${sessionId}`);
  await expect(page.getByText("Email envoyé !")).toBeVisible({ timeout: 120_000 });
  const credentials = page.locator(".success-credentials");
  await expect(credentials.getByRole("link", { name: "Accéder à mon espace client" })).toBeVisible();
  await expect(credentials).toContainText(
    "Ce bouton ouvre la commande de ce site uniquement. Pour retrouver tous vos sites, utilisez le lien reçu par e-mail.",
  );
});

test("8. the local portal shows the first Business payment as its invoice does: Koza included, same period", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const sessionId = await orderSite(request, {
    subdomain: "portail-koza-e2e",
    email: "portail-koza-e2e@example.re",
    plan: "Business",
    koza: true,
  });
  // The order page's token, given once the site is live.
  let status: { order_id: string | null; magic_link_token: string | null } = {
    order_id: null,
    magic_link_token: null,
  };
  await expect
    .poll(
      async () => {
        status = await (await request.get(`/api/order-status/${sessionId}`)).json();
        return Boolean(status.magic_link_token);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  const orderApi = `/api/order/${status.order_id}`;
  const token = status.magic_link_token as string;
  const [invoice] = (await (await request.get(`${orderApi}/invoices?token=${token}`)).json()).invoices;
  const pdf = await (await request.get(invoice.pdf_url)).body();
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    encoding: "utf8",
  });
  const period = /Période : (du .+ au .+\d{4})/.exec(text)?.[1] as string;
  expect(period).toBeDefined();

  const portal = await request.post(`${orderApi}/billing-portal`, { data: { token } });
  expect(portal.status()).toBe(200);
  await page.goto((await portal.json()).url);
  const first = page.locator(".portal-invoices li").filter({ hasText: /^Commande Business/ });
  await expect(first).toContainText(`Commande Business + Koza — ${period}`);
  await expect(first.locator(".portal-invoice-amount")).toHaveText("108,50 € TTC");
});

test("5. on a phone, an article's main image keeps its proportions (1200×630)", async ({ page, request }) => {
  test.setTimeout(180_000);
  // The e2e server creates and seeds the blog in the background on its fresh data folder.
  let slug = "";
  await expect
    .poll(
      async () => {
        const res = await request.get("/blog/wp-json/wp/v2/posts?per_page=1&_fields=slug");
        slug = res.ok() ? ((await res.json())[0]?.slug ?? "") : "";
        return slug;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .not.toBe("");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/articles/${slug}`);
  const image = page.locator("img.article-image");
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = await image.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(1200 / 630, 1);
});

test("15. a rate limit's refusal at checkout is said in the page, in French, with when to try again", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Choisir cette offre" }).nth(1).click();
  const form = page.locator("#domain-form");
  await form.getByLabel("Sous-domaine *").fill("trop-vite-e2e");
  await form.getByLabel("Nom complet *").fill("Zoé Payet");
  await form.getByLabel("Courriel *").fill("trop-vite-e2e@example.re");
  await form.getByLabel(/Je demande la création de mon site dès le paiement/).check();
  // The server's rate limit, as it answers (the e2e server exempts this machine from it).
  await page.route("**/api/stripe/create-checkout-session", (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": "45" },
      contentType: "application/json",
      body: JSON.stringify({ detail: "Trop de tentatives. Veuillez patienter avant de réessayer." }),
    }),
  );
  const pay = page.getByRole("button", { name: "Continuer vers le paiement" });
  const refused = page.waitForResponse("**/api/stripe/create-checkout-session");
  await pay.click();
  await refused;
  const alert = page.locator(".checkout-pay").getByRole("alert");
  await expect(alert).toContainText(
    /Trop de demandes en peu de temps .* n'a pas été prise en compte\. Réessayez dans 45 secondes \(à partir de \d\d:\d\d\)\./,
  );
  expect(dialogs).toEqual([]);
  // Not stuck: once the wait is over the same button goes on to the payment.
  await page.unroute("**/api/stripe/create-checkout-session");
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/paiement-test\/cs_local_/);
});

test("16. on a 375 px phone the chat button covers neither the buttons focused nor the end of the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const launcher = page.locator(".chat-launcher");
  await expect(launcher).toBeVisible();
  await page.getByRole("button", { name: "Choisir cette offre" }).nth(1).click();
  await expect(page.locator("#domain-form")).toBeVisible();
  /** Whether the element's box and the launcher's overlap, as they are drawn now. */
  const covered = (selector: string) =>
    page.evaluate((sel) => {
      const a = (document.querySelector(sel) as Element).getBoundingClientRect();
      const b = (document.querySelector(".chat-launcher") as Element).getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }, selector);
  // Scrolled just enough to show it, as a visitor scrolling down (or the keyboard) does: it ends
  // at the bottom of the screen, where the launcher stands. The footer is the end of the page.
  for (const selector of [".checkout-pay button", ".order-summary", ".site-footer"]) {
    await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: "end" }));
    expect(await covered(selector), selector).toBe(false);
  }
});

test("17. a plan chosen with the keyboard moves the focus to the order form", async ({ page }) => {
  await page.goto("/");
  const choose = page.getByRole("button", { name: "Choisir cette offre" }).nth(1);
  await choose.focus();
  await page.keyboard.press("Enter");
  const title = page.locator("#domain-form").getByRole("heading", { name: "Votre site Business", level: 2 });
  await expect(title).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("#domain-form").getByLabel("Sous-domaine *")).toBeFocused();
});
