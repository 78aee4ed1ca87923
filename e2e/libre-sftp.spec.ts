import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sftpBatch } from "../server/src/wordpress/sftp-session.ts";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";

// The stack's customers' sshd (start-stack.ts: SFTP_PORT = E2E_PORT + 7000).
const SFTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 7000;

test("a Libre customer publishes a static site over SFTP from the order page's settings", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = "client-sftp@example.re";
  const subdomain = "atelier-sftp";
  await orderSite(page.request, { subdomain, email, company: "Atelier Vanille", plan: "Libre" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  await page.goto(`${link.pathname}${link.search}`);

  // The connection settings, in French.
  const block = page.getByRole("region", { name: "Accès SFTP et type de site" });
  const settings = block.locator(".sftp-settings");
  await expect(settings).toContainText("Serveur (hôte)localhost");
  await expect(settings).toContainText(`Port${SFTP_PORT}`);
  await expect(settings).toContainText("Dossier de votre site/wp-content");
  await expect(settings).toContainText("Dossier du site libre/wp-content/www");
  await expect(settings).toContainText("aucun pour l'instant");
  const user = (await settings.locator("dt:has-text('Identifiant') + dd").textContent())?.trim() as string;
  expect(user).toMatch(/^wp-atelier-sf-[0-9a-f]{6}$/);

  // A password too short is refused in French before anything is sent; then one is drawn, shown once.
  await block.getByLabel("Mot de passe SFTP (12 caractères au moins)").fill("court");
  await block.getByRole("button", { name: "Enregistrer ce mot de passe" }).click();
  await expect(block.getByRole("alert")).toHaveText("Le mot de passe doit compter au moins 12 caractères.");
  await block.getByRole("button", { name: "Générer un mot de passe" }).click();
  await expect(block.getByText("Mot de passe SFTP créé.")).toBeVisible();
  const password = (await block.locator(".domain-done code").textContent()) as string;
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  await expect(settings).toContainText("Mot de passedéfini");
  await page.screenshot({ path: ".test-output/screenshots/libre-sftp-settings-1280.png", fullPage: true });
  await block.screenshot({ path: ".test-output/screenshots/libre-sftp-block-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: ".test-output/screenshots/libre-sftp-settings-375.png", fullPage: true });
  await block.screenshot({ path: ".test-output/screenshots/libre-sftp-block-375.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Upload with a real SFTP client, with those settings.
  const work = await mkdtemp(path.join(os.tmpdir(), "libre-sftp-"));
  try {
    await writeFile(
      path.join(work, "index.html"),
      "<!doctype html><html lang='fr'><meta charset='utf-8'><title>Atelier Vanille</title><h1>Vanille de Bourbon, en direct de Sainte-Rose</h1></html>\n",
    );
    const upload = await sftpBatch({ port: SFTP_PORT, user, password }, ["cd www", `put ${work}/index.html`]);
    expect(upload.code, upload.stderr).toBe(0);
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  // Until the plain site is chosen, WordPress is served.
  const site = await page.context().newPage();
  await site.goto(`http://${subdomain}.localhost:${Number(process.env.E2E_PORT ?? 3100) + 5000}/`);
  await expect(site.getByText("Vanille de Bourbon")).toHaveCount(0);

  // The switch says first that WordPress stays.
  await block.getByRole("button", { name: "Choisir le site libre" }).click();
  const confirm = block.getByRole("alertdialog");
  await expect(confirm).toContainText("Votre WordPress n'est ni effacé ni modifié");
  await block.screenshot({ path: ".test-output/screenshots/libre-sftp-confirm-1280.png" });
  await confirm.getByRole("button", { name: "Oui, servir le site libre" }).click();
  await expect(block.getByText(/Votre site libre est en ligne/)).toBeVisible();
  await expect(block.getByText("Aujourd'hui : Site libre (fichiers statiques ou PHP).")).toBeVisible();

  await site.reload();
  await expect(
    site.getByRole("heading", { name: "Vanille de Bourbon, en direct de Sainte-Rose" }),
  ).toBeVisible();
  await site.screenshot({ path: ".test-output/screenshots/libre-sftp-served-1280.png" });
  await site.setViewportSize({ width: 375, height: 700 });
  await site.screenshot({ path: ".test-output/screenshots/libre-sftp-served-375.png" });

  // And back: WordPress comes back as it was.
  await block.getByRole("button", { name: "Revenir au site WordPress" }).click();
  await block.getByRole("alertdialog").getByRole("button", { name: "Oui, revenir à WordPress" }).click();
  await expect(block.getByText("Votre site WordPress est de nouveau en ligne.")).toBeVisible();
  await site.reload();
  await expect(site.getByText("Vanille de Bourbon")).toHaveCount(0);
  await expect(site.locator("body")).toContainText("Atelier Vanille");
});
