import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_TOKEN, ORIGIN } from "./support/orders";
import { expect, type Page, test } from "./support/test";

// Invoices in the browser (docs/operations/invoices.md): a buyer pays through the local test
// checkout, downloads the invoice from the order page, and the agency finds it in the admin and
// exports the sales journal holding it.

const SHOTS = ".test-output/screenshots";
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const EMAIL = "factures-e2e@example.re";

/** Screenshots at both widths, with axe-core and no horizontal scroll at each. */
async function shootAndCheck(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await page.screenshot({ path: `${SHOTS}/invoices-${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    expect(
      results.violations.map((v) => `${name} @${width}: ${v.id} ${v.nodes.map((n) => n.target).join(", ")}`),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the buyer downloads the invoice from the order page; the admin finds it and exports the sales journal", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const beforePayment = new Date();
  const res = await request.post("/api/stripe/create-checkout-session", {
    data: {
      plan_id: "price_local_starter",
      customer_data: {
        email: EMAIL,
        name: "Noémie Técher",
        company_name: "",
        domain: "factures-e2e.localhost",
        plan: "Starter",
        address: "12 rue du Lagon",
        postal_code: "97434",
        city: "Saint-Gilles-les-Bains",
        immediate_start: true,
      },
      success_url: `${ORIGIN}/success`,
      cancel_url: `${ORIGIN}/`,
      koza_option: false,
    },
  });
  expect(res.status(), await res.text()).toBe(200);

  // The buyer pays on the local test checkout page, then opens the order page from the success page.
  await page.goto(new URL((await res.json()).checkout_url).pathname);
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  const toOrder = page.getByRole("link", { name: "Accéder à mon espace client" });
  await expect(toOrder).toBeVisible({ timeout: 180_000 });
  await toOrder.click();
  await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}\?token=/);

  const block = page.getByRole("region", { name: "Vos factures" });
  const row = block.getByRole("listitem");
  await expect(row).toHaveCount(1);
  const number = ((await row.locator("strong").textContent()) ?? "").replace("Facture n° ", "");
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  // The day on La Réunion's calendar, in French; the amount TTC as French write it. The invoice
  // was issued between the payment and now: its day is one of those two (they differ across midnight).
  const reunionDay = new Intl.DateTimeFormat("fr-FR", {
    timeZone: "Indian/Reunion",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const days = [...new Set([reunionDay.format(beforePayment), reunionDay.format(new Date())])];
  await expect(row).toContainText(new RegExp(`(${days.join("|")}) · 21,70\\s€ TTC`));
  await shootAndCheck(page, "order-page");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await block.screenshot({ path: `${SHOTS}/invoices-order-block-${width}.png` });
  }

  // The PDF comes as a download, served as a PDF, and reads as our invoice.
  const link = block.getByRole("link", { name: `Télécharger la facture n° ${number} (PDF)` });
  const href = (await link.getAttribute("href")) as string;
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`facture-${number}.pdf`);
  // What the server declares for that address (a download is no page response to watch).
  const served = await request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["content-disposition"]).toBe(`attachment; filename="facture-${number}.pdf"`);
  const pdfPath = `${SHOTS}/../invoice-${number}.pdf`;
  await download.saveAs(pdfPath);
  const text = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdfPath, "-"], { encoding: "utf8" });
  expect(text).toContain("Facture");
  expect(text).toContain(number);
  expect(text.replace(/\s+/g, " ")).toContain("Noémie Técher");

  // Someone without the token gets nothing.
  const stolen = await request.get(new URL(href, ORIGIN).pathname);
  expect(stolen.status()).toBe(401);

  // The admin: the invoice found by its number, then the sales journal of this month.
  const admin = page;
  await admin.goto(`/admin/factures?token=${ADMIN_TOKEN}`);
  await expect(admin.getByRole("heading", { name: "Factures" })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Rechercher une facture" }).fill(number);
  await admin.getByRole("button", { name: "Rechercher" }).click();
  const found = admin.getByRole("row").filter({ hasText: number });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("Noémie Técher");
  await expect(found).toContainText(/21,70\s€/);
  await expect(
    admin.getByText(/^1 document · total HT 20,00\s€ · TVA 1,70\s€ · TTC 21,70\s€$/),
  ).toBeVisible();
  await shootAndCheck(admin, "admin");

  const [journal] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Exporter le journal des ventes (CSV)" }).click(),
  ]);
  expect(journal.suggestedFilename()).toMatch(/^journal-des-ventes-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await journal.path()) as string, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toMatch(/^Numéro;Date;Type;/);
  expect(lines.find((l) => l.startsWith(`${number};`))).toMatch(
    /;Facture;;Noémie Técher;factures-e2e@example\.re;;;20,00;;20,00;1,70;;;1,70;21,70;carte bancaire \(paiement de test\);/,
  );
});
