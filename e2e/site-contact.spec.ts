import { waitForMessage } from "../server/src/mail-host/mail-checks.ts";
import { stackMailEndpoints as endpoints } from "./support/mail-ports";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";

// The stack's sites (start-stack.ts: WP_PORT = E2E_PORT + 5000).
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

test("a customer sends the site's contact form to an address of their own, and reads the message", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = "client-formulaire@example.re";
  await orderSite(page.request, { subdomain: "formulaire-payet", email, company: "Formulaire Payet" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  await page.goto(`${link.pathname}${link.search}`);

  // A mailbox of the site's own domain receives the form's messages.
  const mailboxes = page.getByRole("region", { name: "Adresses e-mail" });
  await mailboxes.getByLabel("Nouvelle adresse").fill("accueil");
  await mailboxes.getByRole("button", { name: "Créer l'adresse" }).click();
  await expect(mailboxes.getByText("Adresse créée : accueil@formulaire-payet.localhost")).toBeVisible();
  const password = (await mailboxes.locator("code").textContent()) as string;

  const block = page.getByRole("region", { name: "Formulaire de contact" });
  await expect(
    block.getByText(`Les messages arrivent à ${email} (l'adresse de votre commande).`),
  ).toBeVisible();
  await block.getByLabel("Adresse qui reçoit les messages").fill("pas une adresse");
  await block.getByRole("button", { name: "Enregistrer" }).click();
  await expect(block.getByRole("alert")).toHaveText(/Cette adresse e-mail n'est pas valide/);
  await block.getByLabel("Adresse qui reçoit les messages").fill("accueil@formulaire-payet.localhost");
  await block.getByRole("button", { name: "Enregistrer" }).click();
  await expect(block.getByRole("status")).toHaveText(/Adresse enregistrée/);
  await expect(block.getByText("Les messages arrivent à accueil@formulaire-payet.localhost.")).toBeVisible();

  // A visitor writes from the site's Contact page.
  await page.goto(`http://formulaire-payet.localhost:${E2E_PORT + 5000}/contact/`);
  const drawnAt = Date.now();
  await page.getByLabel("Votre nom").fill("Jeanne Grondin");
  await page.getByLabel("Votre e-mail").fill("jeanne@exemple.re");
  await page.getByLabel("Votre message").fill("Bonjour, livrez-vous à Saint-Pierre le samedi ?");
  // A form sent within 2 s of being drawn is taken for a robot's: a person takes longer.
  await expect.poll(() => Date.now() - drawnAt >= 2500, { timeout: 10_000 }).toBe(true);
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Merci, votre message a bien été envoyé.")).toBeVisible();
  await page.screenshot({ path: ".test-output/screenshots/site-contact-sent-1280.png", fullPage: true });

  const message = await waitForMessage(
    endpoints,
    "accueil@formulaire-payet.localhost",
    password,
    "Message de Jeanne Grondin",
  );
  expect(message).toMatch(/^Reply-To: Jeanne Grondin <jeanne@exemple\.re>/m);
  expect(message).toContain("DKIM-Signature:");
});
