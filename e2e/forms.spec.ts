import { magicLinkIn, mailsTo, orderSite, waitForMail } from "./support/orders";
import { expect, type Page, test } from "./support/test";

const shots = ".test-output/screenshots";

async function solveCaptcha(page: Page) {
  const widget = page.locator("altcha-widget");
  await widget.getByText("Je ne suis pas un robot").click();
  await expect(widget.getByText(/vérifié/i)).toBeVisible({ timeout: 30_000 });
}

test.describe("contact form", () => {
  test("sends a message with the real captcha, then clears the form", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nom *").fill("Jean Hoarau");
    await page.getByLabel("E-mail *").fill("jean@example.re");
    await page.getByLabel("Sujet *").fill("Un site pour mon garage");
    await page.getByLabel("Message *").fill("Bonjour, pouvez-vous me rappeler ?");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Veuillez valider le captcha.")).toBeVisible();

    await solveCaptcha(page);
    await page.screenshot({ path: `${shots}/contact-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(
      page.getByText("Message envoyé avec succès ! Nous vous répondrons rapidement."),
    ).toBeVisible();
    await expect(page.getByLabel("Nom *")).toHaveValue("");
    await expect
      .poll(() => mailsTo("contact@lagon-digital.re").some((m) => m.includes("Un site pour mon garage")), {
        timeout: 30_000,
      })
      .toBe(true);
  });

  test("shows the server's detail, and a connection error", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Nom *").fill("Jean");
    await page.getByLabel("E-mail *").fill("jean@example.re");
    await page.getByLabel("Sujet *").fill("Sujet");
    await page.getByLabel("Message *").fill("Message");
    await solveCaptcha(page);
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ detail: "Adresse e-mail invalide." }),
      }),
    );
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) => route.abort());
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Erreur de connexion. Veuillez réessayer.")).toBeVisible();
  });
});

test("the lost-link page e-mails a link that opens the order page", async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = "perdu-e2e@example.re";
  await orderSite(request, { subdomain: "lien-perdu", email });
  await waitForMail(email, /\/dashboard\//);

  await page.goto("/espace-client");
  const submit = page.getByRole("button", { name: "Recevoir mon lien d'accès" });
  await page.getByLabel("E-mail utilisé lors de la commande *").fill(email);
  await expect(submit).toBeDisabled();
  await solveCaptcha(page);
  await expect(submit).toBeEnabled();
  await page.screenshot({ path: `${shots}/lost-link-1280.png`, fullPage: true });
  await submit.click();
  await expect(page.getByText("Email envoyé ! Vérifiez votre boîte de réception.")).toBeVisible();

  const mail = await waitForMail(email, /nouveau lien d/);
  await page.goto(magicLinkIn(mail).replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: "Bonjour Zoé Payet !" })).toBeVisible();
});
