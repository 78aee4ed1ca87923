import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_TOKEN, magicLinkIn, mailsTo, orderSite, waitForMail } from "./support/orders";

const shots = ".test-output/screenshots";

async function wpLogin(page: Page, adminUrl: string, user: string, password: string): Promise<boolean> {
  await page.goto(adminUrl);
  await page.locator("#user_login").fill(user);
  await page.locator("#user_pass").fill(password);
  await page.locator("#wp-submit").click();
  await page.waitForLoadState();
  return page.locator("#wpadminbar").isVisible();
}

test("without a token or with a wrong one, the admin pages refuse", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Token admin manquant" })).toBeVisible();
  await page.goto("/admin?token=faux");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  await page.goto("/admin/email-templates?token=faux");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
});

test("the agency manages orders: search, logs, resend, reinstall, templates, analytics, CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = "admin-e2e@example.re";
  await orderSite(request, { subdomain: "admin-e2e", email, name: '=HYPERLINK("http://x")' });
  const link = magicLinkIn(await waitForMail(email, /\/dashboard\//));

  // The customer's current credentials, from their order page.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByText("Votre site est prêt !")).toBeVisible({ timeout: 30_000 });
  const creds = page.locator(".credentials dd");
  const adminUrl = (await creds.nth(0).textContent()) as string;
  const user = (await creds.nth(1).textContent()) as string;
  const oldPassword = (await creds.nth(2).textContent()) as string;

  await page.goto(`/admin?token=${ADMIN_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Commandes" })).toBeVisible();
  await expect(page.locator(".admin-counters")).toContainText("Total");
  await page.getByPlaceholder("Rechercher (e-mail, nom, sous-domaine)").fill("admin-e2e");
  const row = page.locator(".admin-order", { hasText: email });
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: `${shots}/admin-orders-1280.png`, fullPage: true });

  await row.getByRole("button", { name: /Logs \(\d+\)/ }).click();
  await expect(page.getByRole("dialog")).toContainText("Site en ligne.");
  await expect(page.getByRole("dialog")).toContainText("Votre site");
  await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();

  // A template edit is used by the very next e-mail.
  await page.goto(`/admin/email-templates?token=${ADMIN_TOKEN}`);
  await page.getByRole("button", { name: /magic_link_admin/ }).click();
  await page.getByLabel("Objet").fill("Votre accès tout neuf, {{customer_name}}");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Template sauvegardé avec succès !")).toBeVisible();
  await page.getByLabel("Objet").fill("Bonjour {{inconnue}}");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText(/Erreur lors de la sauvegarde : Variable inconnue/)).toBeVisible();
  await expect(page.frameLocator('iframe[title="Aperçu de l\'e-mail"]').locator("body")).toContainText(
    "espace client",
  );
  await page.screenshot({ path: `${shots}/admin-templates-1280.png`, fullPage: true });

  await page.goto(`/admin?token=${ADMIN_TOKEN}&q=admin-e2e`);
  await page.getByPlaceholder("Rechercher (e-mail, nom, sous-domaine)").fill("admin-e2e");
  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: "Renvoyer le lien" }).click();
  await expect(page.getByText("Magic link renvoyé avec succès !")).toBeVisible();
  // The subject travels MIME-encoded (spaces as "_").
  await expect
    .poll(() => mailsTo(email).some((m) => /Votre_acc\S*_tout_neuf/.test(m)), { timeout: 30_000 })
    .toBe(true);

  // Reinstall: confirmation warns about the content, then new credentials replace the old ones.
  let warning = "";
  page.once("dialog", (d) => {
    warning = d.message();
    void d.accept();
  });
  await row.getByRole("button", { name: "Réinstaller WordPress" }).click();
  await expect(page.getByText("WordPress réinstallé avec succès !")).toBeVisible({ timeout: 60_000 });
  expect(warning).toContain("tout le contenu actuel du site sera supprimé");
  await waitForMail(email, /a été réinstallé/);

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  const newPassword = (await page.locator(".credentials dd").nth(2).textContent()) as string;
  expect(newPassword).not.toBe(oldPassword);
  expect(await wpLogin(page, adminUrl, user, oldPassword)).toBe(false);
  expect(await wpLogin(page, adminUrl, user, newPassword)).toBe(true);

  await page.goto(`/admin/analytics?token=${ADMIN_TOKEN}`);
  await expect(page.getByRole("heading", { name: "Statistiques" })).toBeVisible();
  await expect(page.getByText("Répartition par formule (sites actifs)")).toBeVisible();
  await expect(page.locator(".admin-growth li")).toHaveCount(30);
  await page.screenshot({ path: `${shots}/admin-analytics-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}/admin-analytics-375.png`, fullPage: true });

  const [popup] = await Promise.all([
    page.waitForEvent("download"),
    page.evaluate((url) => {
      const a = document.createElement("a");
      a.href = url;
      a.download = "";
      document.body.append(a);
      a.click();
    }, `/api/admin/export-csv?token=${ADMIN_TOKEN}`),
  ]);
  const csv = readFileSync(await popup.path(), "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toContain("Commande;Date de création;Nom;E-mail");
  const mine = lines.find((l) => l.includes(email));
  expect(mine).toContain(`"'=HYPERLINK(""http://x"")"`);
  expect(mine).toMatch(/\d{1,2} \S+ \d{4} à \d{2}:\d{2}/);
});
