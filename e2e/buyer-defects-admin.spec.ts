import { ADMIN_TOKEN, orderSite } from "./support/orders";
import { expect, test } from "./support/test";

// Issue 18, item 9: the admin's template preview and CSV export speak French, with real-looking values.
const SHOTS = ".test-output/screenshots";
const admin = (p: string) => `${p}${p.includes("?") ? "&" : "?"}token=${ADMIN_TOKEN}`;

test("9. the template preview fills every {{variable}} with a sample value, subject included", async ({
  page,
}) => {
  await page.goto(admin("/admin/email-templates"));
  await expect(page.getByRole("heading", { name: "Modèles d'e-mails", level: 1 })).toBeVisible();
  for (const name of ["welcome", "domain_request_agency", "contact_agency", "mail_outside_plan_customer"]) {
    await page.getByRole("button", { name: new RegExp(name) }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    const subject = page.locator(".admin-preview-subject");
    await expect(subject).not.toContainText("{{");
    const body = page.frameLocator("iframe.admin-preview").locator("body");
    await expect(body).not.toContainText("{{");
    await expect(body).toContainText("Lagon Digital");
  }
  // The customer's e-mail for addresses left on a plan without mail (decision 0113).
  await page.getByRole("button", { name: /mail_outside_plan_customer/ }).click();
  await expect(page.locator(".admin-preview-subject")).toContainText(
    "Vos adresses e-mail ne sont plus comprises dans votre formule Libre",
  );
  const mailBody = page.frameLocator("iframe.admin-preview").locator("body");
  await expect(mailBody).toContainText(
    "Votre site a pourtant encore des adresses e-mail : contact@boulangerie-payet.lagon.re et devis@boulangerie-payet.lagon.re.",
  );
  await expect(mailBody.getByRole("link", { name: "Ouvrir mon espace client" })).toHaveAttribute(
    "href",
    "https://lagon-digital.re/dashboard/exemple?token=exemple",
  );
  await page.getByRole("button", { name: /welcome/ }).click();
  const body = page.frameLocator("iframe.admin-preview").locator("body");
  await expect(body).toContainText("Bienvenue Marie Payet !");
  await expect(page.locator(".admin-preview-subject")).toContainText(
    "Votre site https://boulangerie-payet.lagon.re est en ligne !",
  );
  // The editor still shows the variables, and an edit shows at once with its sample value.
  await expect(page.getByLabel("Contenu HTML")).toHaveValue(/\{\{customer_name\}\}/);
  await page.getByLabel("Objet").fill("Bienvenue {{customer_name}} !");
  await expect(page.locator(".admin-preview-subject")).toHaveText("Objet : Bienvenue Marie Payet !");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/buyer-template-preview-1280.png`, fullPage: true });
});

test("9. the CSV export gives order and Koza statuses in French", async ({ request }) => {
  test.setTimeout(120_000);
  await orderSite(request, { subdomain: "csv-statut-e2e", email: "csv-statut-e2e@example.re", koza: true });
  await expect
    .poll(
      async () => {
        const res = await request.get(admin("/api/admin/orders?q=csv-statut-e2e"));
        return (await res.json()).orders[0]?.status;
      },
      { timeout: 90_000 },
    )
    .toBe("active");
  const csv = await (await request.get(admin("/api/admin/export-csv"))).text();
  const row = csv.split("\r\n").find((line) => line.includes("csv-statut-e2e")) as string;
  expect(row).toBeDefined();
  const cells = row.split(";");
  const header = (csv.replace(/^\uFEFF/, "").split("\r\n")[0] as string).split(";");
  expect(cells[header.indexOf("Statut")]).toBe("Actif");
  expect(cells[header.indexOf("Koza")]).toBe("oui");
  expect(cells[header.indexOf("Statut Koza")]).toBe("questionnaire à remplir");
  expect(csv).not.toMatch(/;(active|processing|pending|error|completed);/);
});
