import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";

const DATA_DIR = path.resolve(`.test-output/e2e-${process.env.E2E_PORT ?? 3100}`);

/** Makes the stack's core template one WordPress version newer (the file replaced, never edited). */
function bumpTemplateCore(): { from: string; to: string } {
  const file = path.join(DATA_DIR, "wordpress-core/wp-includes/version.php");
  const text = readFileSync(file, "utf8");
  const from = /\$wp_version = '([^']+)'/.exec(text)?.[1] as string;
  const parts = from.split(".").map(Number);
  parts[parts.length - 1] = (parts.at(-1) ?? 0) + 1;
  const to = parts.join(".");
  writeFileSync(`${file}.new`, text.replace(`$wp_version = '${from}'`, `$wp_version = '${to}'`));
  renameSync(`${file}.new`, file);
  return { from, to };
}

test("a Libre site's update from the order page, and a site down then back, shown to the customer and the agency", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const email = "client-maintenance@example.re";
  const subdomain = "atelier-libre";
  await orderSite(page.request, { subdomain, email, company: "Atelier Libre", plan: "Libre" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  const dashboard = `${link.pathname}${link.search}`;

  // Two minute-paced waits overlap (the monitor checks once a minute; the product reads the
  // template's versions at most once a minute, maintenance/versions.ts): the agency installs a
  // newer core template and, at the same moment, the site breaks (a fatal error on every page).
  const { from, to } = bumpTemplateCore();
  const breaker = path.join(DATA_DIR, "sites", subdomain, "wp-content/mu-plugins/panne.php");
  writeFileSync(breaker, "<?php\nlagon_panne_volontaire();\n", { mode: 0o644 });
  await page.goto(dashboard);
  const block = page.getByRole("region", { name: "Mises à jour et surveillance" });
  await expect(block.getByText("Mises à jour manuelles")).toBeVisible();
  // Two checks a minute apart make it "Hors ligne": by then the versions read before the new
  // template are over a minute old, so the Libre customer is offered the update.
  await expect(async () => {
    await page.reload();
    await expect(block.getByText("Hors ligne", { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 200_000, intervals: [5000] });
  await expect(block).toContainText("erreur PHP fatale");
  await expect(block.getByText(`WordPress ${from} → ${to}`)).toBeVisible();
  await page.screenshot({ path: ".test-output/screenshots/maintenance-down-1280.png", fullPage: true });

  // Repaired, then updated at once: the update (it checks the site answers first) runs while the
  // monitor waits for its next check, which closes the period.
  rmSync(breaker);
  await block.getByRole("button", { name: "Mettre à jour maintenant" }).click();
  await expect(block.getByText(/Dernière mise à jour : le .* Réussie/)).toBeVisible({ timeout: 120_000 });
  await expect(block.getByText("Votre site est à jour.")).toBeVisible();
  await expect(block.locator(".maintenance-versions")).toContainText(`WordPress${to}`);
  await expect(async () => {
    await page.reload();
    await expect(block.getByText("En ligne", { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000, intervals: [5000] });
  await expect(block.getByText(/hors ligne pendant \d+ min/)).toBeVisible();
  await expect(block.getByText("Votre site est à jour.")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: ".test-output/screenshots/maintenance-order-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The agency sees the versions, the update history and the interruption on the order's card.
  await page.goto(`/admin?token=${ADMIN_TOKEN}`);
  const card = page.getByRole("article").filter({ hasText: email });
  await card.getByText("Maintenance :").click();
  await expect(card.getByText(`WordPress ${to}`).first()).toBeVisible();
  await expect(card.getByText("Historique des mises à jour")).toBeVisible();
  await expect(card.getByText(/demandée par le client/)).toBeVisible();
  await expect(card.getByText(`WordPress ${from} → ${to}`)).toBeVisible();
  await expect(card.getByText(/: page d'accueil : erreur PHP fatale/)).toBeVisible();
  await card.screenshot({ path: ".test-output/screenshots/maintenance-admin-1280.png" });
});
