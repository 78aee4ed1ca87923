import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_TOKEN, magicLinkIn, mailsTo, orderSitesAhead, waitForMail } from "./support/orders";
import { type APIRequestContext, expect, type Locator, type Page, type Request, test } from "./support/test";
import { fillWordPressLogin } from "./support/wordpress";

const SHOTS = ".test-output/screenshots";
const SITES = path.resolve(`.test-output/e2e-${process.env.E2E_PORT ?? 3100}/sites`);
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const admin = (p: string) => `${p}${p.includes("?") ? "&" : "?"}token=${ADMIN_TOKEN}`;

type AdminOrder = { order_id: string; status: string; subdomain: string; customer_name: string };

/** The sites the journeys below look at: subdomain → customer name. */
const SITES_BOUGHT = {
  "admin-liste": "Mathis Técher",
  "admin-autre": "Léa Boyer",
  "admin-reprise": "Noah Lebon",
  "admin-domaine": "Inès Grondin",
  "admin-domperso": "Hugo Payet",
  "admin-modele": "Paul Hoarau",
  "admin-formule": '=HYPERLINK("http://x")',
} as const;

// Every site bought before the first journey (orderSitesAhead): the order that must fail has
// failed by the time its journey looks.
test.beforeAll(async ({ request }) => {
  await orderSitesAhead(
    request,
    Object.entries(SITES_BOUGHT).map(([subdomain, name]) => ({
      subdomain,
      email: `${subdomain}@example.re`,
      name,
      beforeOrder:
        subdomain === "admin-reprise"
          ? () => {
              // A leftover folder where the site must go makes every install attempt fail, for real.
              mkdirSync(path.join(SITES, subdomain), { recursive: true });
              writeFileSync(path.join(SITES, subdomain, "reste.txt"), "x");
            }
          : undefined,
    })),
  );
});

/** A site bought above, once live (its welcome e-mail sent). */
async function liveOrder(subdomain: keyof typeof SITES_BOUGHT) {
  const email = `${subdomain}@example.re`;
  const link = magicLinkIn(await waitForMail(email, /\/dashboard\//));
  const url = new URL(link);
  return { email, orderId: url.pathname.split("/").at(-1) as string, token: url.searchParams.get("token") };
}

async function findOrder(request: APIRequestContext, q: string): Promise<AdminOrder | undefined> {
  const res = await request.get(admin(`/api/admin/orders?q=${encodeURIComponent(q)}`));
  return ((await res.json()).orders as AdminOrder[]).find((o) => o.subdomain === q);
}

async function credentials(request: APIRequestContext, orderId: string, token: string | null) {
  const res = await request.get(`/api/order/${orderId}?token=${token}`);
  return (await res.json()).wp_credentials as { admin_url: string; username: string; password: string };
}

async function wpLogin(page: Page, adminUrl: string, user: string, password: string): Promise<boolean> {
  await page.goto(adminUrl);
  await fillWordPressLogin(page, user, password);
  await page.locator("#wp-submit").click();
  // The answer is the dashboard or the login form again with its error: wait for one of them.
  await page.locator("#wpadminbar, #login_error").first().waitFor();
  return page.locator("#wpadminbar").isVisible();
}

/** Screenshots at 1280 and 375 px, then back to 1280; checks the page has no WCAG 2.1 AA issue. */
async function shootAndCheck(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Down and back up: lazily painted parts (the preview frame) are drawn, the fixed header is on top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // What the scroll brought into view is drawn: every frame loaded, then two of the page's frames painted.
    for (const frame of page.frames()) await frame.waitForLoadState("load");
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/admin-${name}-${width}.png`, fullPage: true });
    // The e-mail preview is the admin's own HTML in a script-less sandbox, where axe cannot run.
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).exclude("iframe[sandbox]").analyze();
    expect(
      results.violations.map((v) => `${name} @${width}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`),
    ).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Accepts the next confirm() and returns its text. */
/**
 * Clicks a button that asks for confirmation and dismisses it; returns the requests other than
 * GET the page sent meanwhile. Once the dialog is dismissed, one turn of the page's event loop
 * lets the click handler go on with what `confirm()` answered: any request it sends is sent by then.
 */
async function clickAndDismiss(page: Page, button: Locator): Promise<string[]> {
  const sent: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() !== "GET") sent.push(`${r.method()} ${r.url()}`);
  };
  page.on("request", onRequest);
  const dismissed = new Promise<void>((resolve) =>
    page.once("dialog", (d) => void d.dismiss().then(resolve)),
  );
  await button.click();
  await dismissed;
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  page.off("request", onRequest);
  return sent;
}

function acceptNextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (d) => {
      resolve(d.message());
      void d.accept();
    });
  });
}

/** A CSV of a French spreadsheet: `;`, double-quoted cells, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ";") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

test("without a token or with a wrong one, the admin pages refuse; all are noindex", async ({ page }) => {
  for (const p of ["/admin", "/admin/analytics", "/admin/email-templates"]) {
    await page.goto(p);
    await expect(page.getByRole("heading", { name: "Token admin manquant" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  }
  await page.goto("/admin?token=faux-jeton");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  await shootAndCheck(page, "refused");
  await page.goto("/admin/email-templates?token=faux-jeton");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  // Analytics failures are only logged (spec): the page stays, without figures.
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/admin/analytics?token=faux-jeton");
  await expect(page.getByRole("heading", { name: "Statistiques" })).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes("Statistiques indisponibles"))).toBe(true);
  await expect(page.getByText("Clients")).toHaveCount(0);
});

test("the order list: counters, filters, search, logs with e-mails, resend, and reinstall", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const mine = await liveOrder("admin-liste");
  await liveOrder("admin-autre");

  await page.goto(admin("/admin"));
  await expect(page.getByRole("heading", { name: "Commandes", level: 1 })).toBeVisible();
  const counters = page.getByRole("list", { name: "Compteurs" });
  for (const c of ["Total", "Actifs", "En cours", "Erreurs"]) await expect(counters).toContainText(c);
  await expect(page.getByRole("link", { name: "Statistiques" })).toHaveAttribute(
    "href",
    `/admin/analytics?token=${ADMIN_TOKEN}`,
  );
  await expect(page.getByRole("link", { name: "Modèles d'e-mails" })).toBeVisible();

  // Filters: "Erreurs" hides the live sites, "Actifs" shows them.
  await page.getByRole("button", { name: "Erreurs" }).click();
  await expect(page.getByRole("button", { name: "Erreurs" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article", { name: "Mathis Técher" })).toHaveCount(0);
  await page.getByRole("button", { name: "Actifs" }).click();
  await expect(page.getByRole("article", { name: "Mathis Técher" })).toBeVisible();
  await page.getByRole("button", { name: "Toutes" }).click();

  // Search by e-mail, debounced and done by the server.
  await page.getByRole("searchbox", { name: "Rechercher une commande" }).fill("admin-liste@");
  const card = page.getByRole("article", { name: "Mathis Técher" });
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByText("1 commande pour « admin-liste@ »")).toBeVisible();
  await expect(card).toContainText("admin-liste@example.re");
  await expect(card).toContainText("Starter");
  await expect(card).toContainText(/\d{1,2} \S+ \d{4} à \d\d:\d\d/);
  await expect(card.getByRole("link", { name: /admin-liste\.localhost/ })).toBeVisible();
  await expect(card.getByRole("listitem").filter({ hasText: "WordPress : terminée" })).toHaveCount(1);
  await expect(card.getByRole("link", { name: "WP admin" })).toHaveAttribute("href", /\/wp-admin\/$/);
  await expect(card.getByRole("link", { name: "Espace client" })).toHaveAttribute(
    "href",
    new RegExp(`/dashboard/${mine.orderId}\\?token=`),
  );
  await page.getByRole("searchbox", { name: "Rechercher une commande" }).fill("Boyer");
  await expect(page.getByRole("article", { name: "Léa Boyer" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Rechercher une commande" }).fill("admin-liste");
  await expect(page.getByText("1 commande pour « admin-liste »")).toBeVisible();
  await expect(card).toBeVisible();
  await shootAndCheck(page, "orders");

  // Logs, with their count, French timestamps, and the e-mails sent.
  await card.getByRole("button", { name: /^Logs \(\d+\)$/ }).click();
  const dialog = page.getByRole("dialog", { name: /Logs de la commande \(\d+\)/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Site en ligne.");
  await expect(dialog).toContainText(/\d{1,2} \S+ \d{4} à \d\d:\d\d/);
  await expect(dialog).toContainText("(welcome) : délivré au serveur d'e-mail");
  await shootAndCheck(page, "logs-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Resend: nothing happens when the confirmation is dismissed.
  const before = mailsTo(mine.email).length;
  expect(await clickAndDismiss(page, card.getByRole("button", { name: "Renvoyer le lien" }))).toEqual([]);
  await expect(page.getByText("Magic link renvoyé avec succès !")).toHaveCount(0);
  const confirmed = acceptNextDialog(page);
  await card.getByRole("button", { name: "Renvoyer le lien" }).click();
  expect(await confirmed).toBe("Renvoyer le lien d'accès à l'espace client à admin-liste@example.re ?");
  await expect(page.getByRole("status").getByText("Magic link renvoyé avec succès !")).toBeVisible();
  await expect.poll(() => mailsTo(mine.email).length, { timeout: 30_000 }).toBe(before + 1);
  expect(magicLinkIn(mailsTo(mine.email).at(-1) as string)).toContain(`/dashboard/${mine.orderId}?token=`);

  // Reinstall: the warning, then a fresh WordPress whose new credentials alone work.
  const old = await credentials(request, mine.orderId, mine.token);
  const warning = acceptNextDialog(page);
  await card.getByRole("button", { name: "Réinstaller WordPress" }).click();
  expect(await warning).toContain("Une sauvegarde complète du site est faite d'abord");
  // A job runs the reinstall: the page says it started, then gives its real outcome.
  await expect(page.getByRole("status").getByText("Réinstallation lancée…")).toBeVisible();
  await expect(card.getByRole("button", { name: "Réinstallation…" })).toBeVisible();
  await expect(page.getByText("WordPress réinstallé avec succès !")).toBeVisible({ timeout: 60_000 });
  await waitForMail(mine.email, /a été réinstallé à neuf/);
  await card.getByRole("button", { name: /^Logs/ }).click();
  await expect(dialog).toContainText("WordPress réinstallé par un administrateur");
  await expect(dialog).toContainText("(wordpress_reinstalled)");
  await dialog.getByRole("button", { name: "Fermer" }).click();

  const fresh = await credentials(request, mine.orderId, mine.token);
  expect(fresh.password).not.toBe(old.password);
  expect(await wpLogin(page, fresh.admin_url, old.username, old.password)).toBe(false);
  expect(await wpLogin(page, fresh.admin_url, fresh.username, fresh.password)).toBe(true);
});

test("an order in error is listed with 'Reprendre', which finishes it", async ({ page, request }) => {
  test.setTimeout(240_000);
  await expect
    .poll(async () => (await findOrder(request, "admin-reprise"))?.status, {
      timeout: 150_000,
      intervals: [2000],
    })
    .toBe("error");

  await page.goto(admin("/admin"));
  await page.getByRole("button", { name: "Erreurs" }).click();
  const card = page.getByRole("article", { name: "Noah Lebon" });
  await expect(card).toContainText("Erreur");
  await expect(card.getByRole("listitem").filter({ hasText: "WordPress : en échec" })).toHaveCount(1);
  await shootAndCheck(page, "orders-error");

  rmSync(path.join(SITES, "admin-reprise"), { recursive: true });
  const confirmed = acceptNextDialog(page);
  await card.getByRole("button", { name: "Reprendre" }).click();
  expect(await confirmed).toContain("Reprendre la création du site admin-reprise");
  await expect(page.getByText("Commande relancée.")).toBeVisible();
  await waitForMail("admin-reprise@example.re", /\/dashboard\//);
  await page.getByRole("button", { name: "Actifs" }).click();
  await expect(page.getByRole("article", { name: "Noah Lebon" })).toContainText("Actif");
});

test("custom domains on the order card: state and check log; mark bought, re-check, refuse, remove", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const buying = await liveOrder("admin-domaine");
  const owning = await liveOrder("admin-domperso");
  const ask = async (
    o: { orderId: string; token: string | null },
    hasOwnDomain: string,
    domainName: string,
  ) => {
    const res = await request.post(`/api/order/${o.orderId}/domain?token=${o.token}`, {
      data: { hasOwnDomain, domainName },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await ask(buying, "no", "grondin-fleurs.re");
  await ask(owning, "yes", "payet-plongee.re");

  await page.goto(admin("/admin"));
  const search = page.getByRole("searchbox", { name: "Rechercher une commande" });
  await search.fill("admin-domaine");
  const card = page.getByRole("article", { name: "Inès Grondin" });
  await expect(page.getByRole("article")).toHaveCount(1);
  const block = card.getByRole("region", { name: "Domaine personnalisé : grondin-fleurs.re" });
  await expect(block).toContainText("Achat du domaine par notre équipe");
  await expect(block).toContainText("Domaine à acheter par l'agence");
  await expect(block.getByText("Journal des vérifications (0)")).toBeVisible();
  // Not bought yet: nothing to check.
  await expect(block.getByRole("button", { name: "Vérifier maintenant" })).toHaveCount(0);
  await block.screenshot({ path: `${SHOTS}/admin-domain-block-requested.png` });

  // Bought: the checks begin, each one in the block's log.
  const bought = acceptNextDialog(page);
  await block.getByRole("button", { name: "Marquer comme acheté" }).click();
  expect(await bought).toContain("Marquer grondin-fleurs.re comme acheté ?");
  await expect(
    page.getByRole("status").getByText("Domaine marqué comme acheté : la vérification DNS commence."),
  ).toBeVisible();
  await expect(block).toContainText("En attente de vos enregistrements DNS");
  await expect(block.getByRole("button", { name: "Marquer comme acheté" })).toHaveCount(0);
  // The log folds away; opened, it stays open while the list reloads.
  const openLog = async () => {
    const details = block.locator("details");
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
      await details.locator("summary").click();
  };
  await openLog();
  const log = block.getByRole("list", { name: "Vérifications" });
  await expect(log.getByRole("listitem").first()).toContainText("Domaine acheté par l'agence.");
  await expect(log.getByRole("listitem").first()).toContainText(/\d{1,2} \S+ \d{4} à \d\d:\d\d/);

  await block.getByRole("button", { name: "Vérifier maintenant" }).click();
  await expect(page.getByRole("status").getByText("Nouvelle vérification lancée.")).toBeVisible();
  await openLog();
  await expect(log).toContainText("Nouvelle vérification demandée par l'agence.");
  // The worker's own check follows, with what it found in the DNS.
  await expect
    .poll(
      async () => {
        await page.getByRole("button", { name: "Actualiser" }).click();
        await openLog();
        const text = (await log.textContent()) ?? "";
        return (
          text.includes("(échec)") && text.lastIndexOf("(échec)") > text.indexOf("demandée par l'agence")
        );
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(true);
  await block.screenshot({ path: `${SHOTS}/admin-domain-block-checks.png` });
  await shootAndCheck(page, "domain-checks");

  // Refused: the reason is required, e-mailed to the customer, and shown on the card.
  await block.getByRole("button", { name: "Refuser…" }).click();
  const dialog = page.getByRole("dialog", { name: /Refuser le domaine grondin-fleurs\.re/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Refuser le domaine" }).click();
  await expect(dialog).toBeVisible();
  await shootAndCheck(page, "domain-refuse-dialog");
  const reason = "Ce nom appartient déjà à une autre entreprise : choisissez-en un autre.";
  await dialog.getByLabel("Raison (envoyée au client par e-mail)").fill(reason);
  await dialog.getByRole("button", { name: "Refuser le domaine" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").getByText("Demande de domaine refusée.")).toBeVisible();
  await expect(block).toContainText("Bloqué");
  await expect(block).toContainText(`Refusé : ${reason}`);
  await expect(block.getByRole("button", { name: "Vérifier maintenant" })).toHaveCount(0);
  await expect(block.getByRole("button", { name: "Refuser…" })).toHaveCount(0);
  const mail = await waitForMail(buying.email, /Votre demande de domaine grondin-fleurs\.re/);
  expect(mail).toContain(reason);
  expect(magicLinkIn(mail)).toContain(`/dashboard/${buying.orderId}?token=`);
  await block.screenshot({ path: `${SHOTS}/admin-domain-block-refused.png` });

  // Removed: the order has no domain any more, and its customer may ask for another.
  await search.fill("admin-domperso");
  const other = page.getByRole("article", { name: "Hugo Payet" });
  await expect(page.getByRole("article")).toHaveCount(1);
  const otherBlock = other.getByRole("region", { name: "Domaine personnalisé : payet-plongee.re" });
  await expect(otherBlock).toContainText("Domaine déjà possédé par le client");
  expect(await clickAndDismiss(page, otherBlock.getByRole("button", { name: "Retirer le domaine" }))).toEqual(
    [],
  );
  await expect(otherBlock).toBeVisible();
  const removed = acceptNextDialog(page);
  await otherBlock.getByRole("button", { name: "Retirer le domaine" }).click();
  expect(await removed).toContain("Retirer le domaine payet-plongee.re du site");
  await expect(page.getByRole("status").getByText("Domaine retiré du site.")).toBeVisible();
  await expect(otherBlock).toHaveCount(0);
  await expect(other).toContainText("Domaine personnalisé");
  await expect(other).toContainText("aucun");
  await ask(owning, "yes", "payet-plongee-bis.re");

  // The refused customer reads the reason on their page, where they may ask for another domain.
  await page.goto(magicLinkIn(mail));
  const section = page.getByRole("region", { name: "Votre propre nom de domaine" });
  await expect(section).toContainText("grondin-fleurs.re : Bloqué");
  await expect(section.getByRole("alert")).toHaveText(reason);
  await expect(section.getByRole("heading", { name: "Nouvelle demande" })).toBeVisible();
  await expect(section.getByText("Vous pouvez demander un autre nom de domaine.")).toBeVisible();
  await section.screenshot({ path: `${SHOTS}/dashboard-domain-refused.png` });
});

test("a template edit changes the next real e-mail; the preview is sandboxed", async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const mine = await liveOrder("admin-modele");

  await page.goto(admin("/admin/email-templates"));
  await expect(page.getByRole("heading", { name: "Modèles d'e-mails", level: 1 })).toBeVisible();
  await expect(page.getByText("les modifications s'appliquent à tous les futurs e-mails")).toBeVisible();
  await page.getByRole("button", { name: /magic_link_admin/ }).click();
  await expect(page.getByRole("heading", { name: "magic_link_admin" })).toBeVisible();
  await expect(page.getByLabel("Contenu HTML")).toHaveAttribute("rows", "20");

  // Variables copy themselves on click.
  await page.getByRole("button", { name: "{{customer_name}}" }).click();
  await expect(page.getByText("{{customer_name}} copié dans le presse-papiers.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("{{customer_name}}");

  // An unknown variable is refused with the server's detail.
  await page.getByLabel("Objet").fill("Bonjour {{inconnue}}");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page.getByText(/^Erreur lors de la sauvegarde : Variable inconnue : \{\{inconnue\}\}/),
  ).toBeVisible();

  await page.getByLabel("Objet").fill("Nouvel acces LAGON-E2E-SUJET pour {{customer_name}}");
  const content = page.getByLabel("Contenu HTML");
  await content.fill(
    `<p style="color:#0a5c73">Bonjour {{customer_name}}, LAGON-E2E-CORPS</p><p><a href="{{magic_link}}">Ouvrir</a></p><script>document.title='x'</script>`,
  );
  const preview = page.locator('iframe[title="Aperçu de l\'e-mail"]');
  await expect(preview).toHaveAttribute("sandbox", "");
  const previewBody = page.frameLocator('iframe[title="Aperçu de l\'e-mail"]').locator("p").first();
  await expect(previewBody).toContainText("LAGON-E2E-CORPS");
  // Inline styles show; scripts never run.
  await expect(previewBody).toHaveCSS("color", "rgb(10, 92, 115)");
  await preview.screenshot({ path: `${SHOTS}/admin-templates-preview.png` });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Template sauvegardé avec succès !")).toBeVisible();
  await shootAndCheck(page, "templates");

  // The next magic-link e-mail uses the edited template.
  await page.goto(admin("/admin"));
  await page.getByRole("searchbox", { name: "Rechercher une commande" }).fill("admin-modele");
  const card = page.getByRole("article", { name: "Paul Hoarau" });
  const confirmed = acceptNextDialog(page);
  await card.getByRole("button", { name: "Renvoyer le lien" }).click();
  await confirmed;
  await expect(page.getByText("Magic link renvoyé avec succès !")).toBeVisible();
  const mail = await waitForMail(mine.email, /LAGON-E2E-CORPS/);
  expect(mail).toMatch(/^Subject: Nouvel acces LAGON-E2E-SUJET pour Paul Hoarau\r?$/m);
  expect(mail).toContain("Bonjour Paul Hoarau, LAGON-E2E-CORPS");
  expect(magicLinkIn(mail)).toContain(`/dashboard/${mine.orderId}?token=${mine.token}`);
});

test("analytics: cards, plans, growth, MRR, funnel; the CSV export neutralises formulas", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const formula = SITES_BOUGHT["admin-formule"];
  const mine = await liveOrder("admin-formule");
  // The figures the page must show, as the API gives them (server tests check the arithmetic).
  const api = await (await request.get(admin("/api/admin/analytics"))).json();
  // Playwright compares texts with their spaces (no-break ones too) made plain.
  const euros = (n: number) =>
    new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(n);
  // Every order paid here was billed: at least this one's Starter month, 20,00 € HT.
  expect(api.stats.monthly_revenue).toBeGreaterThanOrEqual(20);

  await page.goto(admin("/admin/analytics"));
  await expect(page.getByRole("heading", { name: "Statistiques", level: 1 })).toBeVisible();
  const cards = page.getByRole("list", { name: "Chiffres clés" });
  await expect(cards).toContainText(/Clients\s*\d+\s*dont \d+ actifs?/);
  const revenue = cards.getByRole("listitem").filter({ hasText: "Revenu total HT" });
  await expect(revenue).toContainText(
    `${euros(api.stats.total_revenue)} dont ${euros(api.stats.monthly_revenue)} ce mois-ci`,
  );
  const subscriptions = page.getByRole("list", { name: "Abonnements" });
  for (const label of ["Revenu mensuel récurrent (MRR) HT", "Attrition sur 30 jours", "Impayés HT"]) {
    await expect(subscriptions).toContainText(label);
  }
  await expect(subscriptions).toContainText(euros(api.mrr));
  await expect(subscriptions).toContainText(/\d+ abonnements? en retard/);

  // The 12-month chart: an image with its French description, and its figures in a table.
  const chart = page.getByRole("img", { name: /Revenu encaissé HT par mois/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator(".chart-bar")).toHaveCount(12);
  await page.getByText("Voir les montants mois par mois").click();
  const months = page.getByRole("table", { name: "Revenu encaissé HT par mois" });
  await expect(months.getByRole("row")).toHaveCount(13);
  await expect(months.getByRole("row").last()).toContainText(euros(api.stats.monthly_revenue));

  const plans = page.getByRole("table", { name: /Sites actifs par formule/ });
  await expect(plans.getByRole("columnheader")).toHaveText(["Formule", "Sites actifs", "Part", "MRR HT"]);
  await expect(plans.getByRole("row", { name: /Starter/ })).toContainText(/\d+ %/);
  const funnel = page.getByRole("region", { name: "Entonnoir de commande" });
  for (const step of ["Checkout ouvert", "Payé", "Site en ligne"]) await expect(funnel).toContainText(step);
  await expect(page.locator(".admin-growth li")).toHaveCount(30);
  await expect(page.getByRole("link", { name: "← Retour aux commandes" })).toBeVisible();
  await shootAndCheck(page, "analytics");

  // The export opens in a new tab, which downloads the file.
  const exportLink = page.getByRole("link", { name: "Exporter en CSV" });
  await expect(exportLink).toHaveAttribute("target", "_blank");
  // Chromium turns the new tab into a download and closes it; the opener gets the event.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.waitForEvent("popup"),
    exportLink.click(),
  ]);
  expect(download.url()).toContain(`/api/admin/export-csv?token=${ADMIN_TOKEN}`);
  expect(download.suggestedFilename()).toMatch(/^commandes-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(csv.slice(1));
  expect(rows[0]?.slice(0, 4)).toEqual(["Commande", "Date de création", "Nom", "E-mail"]);
  const row = rows.find((r) => r[0] === mine.orderId);
  expect(row?.[2]).toBe(`'${formula}`);
  expect(row?.[3]).toBe("admin-formule@example.re");
  expect(row?.[1]).toMatch(/^\d{1,2} \S+ \d{4} à \d\d:\d\d$/);
  expect(rows.every((r) => r.length === rows[0]?.length)).toBe(true);
});
