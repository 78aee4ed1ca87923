import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";
import { logInToWordPress, wordpressCredentials } from "./support/wordpress";

test("a title changed in wp-admin comes back when the customer restores the backup from the order page", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = "client-sauvegarde@example.re";
  await orderSite(request, { subdomain: "atelier-sauve", email, company: "Atelier Sauvé" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  const dashboard = `${link.pathname}${link.search}`;
  const orderId = link.pathname.split("/").at(-1) as string;

  // The agency backs the site up (the nightly run does the same for every site): a job.
  const backup = await request.post(`/api/admin/backup-now?token=${ADMIN_TOKEN}`, {
    data: { order_id: orderId },
  });
  expect(backup.status(), await backup.text()).toBe(202);
  const { job_id } = (await backup.json()) as { job_id: string };
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/admin/backup-now/${job_id}?token=${ADMIN_TOKEN}`)).json()).state,
      {
        timeout: 120_000,
      },
    )
    .toBe("completed");

  // In its French wp-admin, the customer renames the site.
  const creds = await wordpressCredentials(page, dashboard);
  await logInToWordPress(page, creds);
  await expect(page.locator("#wp-admin-bar-my-account")).toContainText("Bonjour,");
  await page.goto(`${creds.adminUrl}options-general.php`);
  await page.getByLabel("Titre du site").fill("Nom effacé par erreur");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Réglages enregistrés.")).toBeVisible();
  const siteUrl = creds.adminUrl.replace(/\/wp-admin\/$/, "/");
  await page.goto(siteUrl);
  await expect(page).toHaveTitle(/Nom effacé par erreur/);

  // On the order page: the backup, a confirmation that says what is lost, the restore.
  await page.goto(dashboard);
  const backups = page.getByRole("region", { name: "Sauvegardes de votre site" });
  await expect(backups.getByText(/Sauvegarde manuelle · \d/)).toBeVisible();
  await backups.getByRole("button", { name: "Restaurer" }).click();
  const confirm = backups.getByRole("alertdialog");
  await expect(confirm).toContainText("Tout ce qui a été fait sur votre site depuis le");
  await expect(confirm).toContainText("sera perdu");
  await page.screenshot({ path: ".test-output/screenshots/backups-confirm-1280.png", fullPage: true });
  await confirm.getByRole("button", { name: "Oui, restaurer cette sauvegarde" }).click();
  await expect(backups.getByText("Site restauré")).toBeVisible({ timeout: 120_000 });
  await expect(backups.getByText(/Avant restauration · \d/)).toBeVisible();

  await page.goto(siteUrl);
  await expect(page).toHaveTitle(/Atelier Sauvé/);
  await expect(page.getByText("Notre site est en cours de préparation")).toBeVisible();
});
