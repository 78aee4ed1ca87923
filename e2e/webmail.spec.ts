import { deliverFromOutside, waitForMessage } from "../server/src/mail-host/mail-checks.ts";
import { stackMailBase, stackMailEndpoints } from "./support/mail-ports";
import { magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";

// The stack's mail host, its webmail on base + 80.
const base = stackMailBase;
const endpoints = stackMailEndpoints;
const SHOTS = ".test-output/screenshots";

test("a Starter customer opens the webmail, reads a message, and turns the out-of-office reply on", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const email = "client-webmail@example.re";
  const domain = "webmail-hoarau.localhost";
  await orderSite(request, { subdomain: "webmail-hoarau", email, company: "Hoarau Menuiserie" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  await page.goto(`${link.pathname}${link.search}`);

  const block = page.getByRole("region", { name: "Adresses e-mail" });
  const create = async (name: string) => {
    await block.getByLabel("Nouvelle adresse").fill(name);
    await block.getByRole("button", { name: "Créer l'adresse" }).click();
    await expect(block.getByText(`Adresse créée : ${name}@${domain}`)).toBeVisible();
    return (await block.locator("code").textContent()) as string;
  };
  const password = await create("contact");
  const webmailUrl = `http://webmail.localhost:${base + 80}/`;
  const webmailLink = block.getByRole("link", { name: webmailUrl });
  await expect(webmailLink).toBeVisible();

  await deliverFromOutside(endpoints, {
    from: "client@exterieur.test",
    to: `contact@${domain}`,
    subject: "Devis pour un portail",
    text: "Bonjour, pouvez-vous me faire un devis pour un portail en bois ?",
  });
  await waitForMessage(endpoints, `contact@${domain}`, password, "Devis pour un portail");

  // The webmail, in French, opened from the order page's link.
  const [webmail] = await Promise.all([page.context().waitForEvent("page"), webmailLink.click()]);
  await webmail.waitForLoadState();
  await expect(webmail.locator("html")).toHaveAttribute("lang", "fr");
  await webmail.locator("#rcmloginuser").fill(`contact@${domain}`);
  await webmail.locator("#rcmloginpwd").fill(password);
  await webmail.locator("#rcmloginsubmit").click();
  const row = webmail.getByRole("row", { name: /Devis pour un portail/ });
  await expect(row).toBeVisible();
  await row.click();
  await expect(webmail.frameLocator("#messagecontframe").getByText("un portail en bois")).toBeVisible();
  await webmail.screenshot({ path: `${SHOTS}/webmail-message-1280.png` });
  await webmail.setViewportSize({ width: 375, height: 800 });
  await webmail.goto(`${webmailUrl}?_task=mail&_mbox=INBOX`);
  await expect(webmail.getByRole("row", { name: /Devis pour un portail/ })).toBeVisible();
  await webmail.screenshot({ path: `${SHOTS}/webmail-inbox-375.png` });
  await webmail.close();

  // The out-of-office reply: on, with dates; a colleague's mail gets one answer.
  const colleague = await create("atelier");
  await block.getByRole("button", { name: `Réponse automatique de contact@${domain}` }).click();
  await block.getByLabel("Objet").fill("Atelier fermé");
  await block
    .getByLabel("Message", { exact: true })
    .fill("Nous sommes fermés jusqu'au 5 janvier. Bonnes fêtes !");
  await block.getByLabel("Au (facultatif)").fill("2099-01-05");
  await block.screenshot({ path: `${SHOTS}/mailbox-vacation-1280.png` });
  await block.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    block.getByText(`contact@${domain} : Réponse automatique activée jusqu'au 5 janvier 2099.`),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await block.getByRole("button", { name: `Réponse automatique de contact@${domain}` }).click();
  await expect(block.getByLabel("Objet")).toHaveValue("Atelier fermé");
  await block.screenshot({ path: `${SHOTS}/mailbox-vacation-375.png` });

  await deliverFromOutside(endpoints, {
    from: `atelier@${domain}`,
    to: `contact@${domain}`,
    subject: "Commande de planches",
    text: "Tu es là demain ?",
  });
  expect(await waitForMessage(endpoints, `atelier@${domain}`, colleague, "Atelier fermé")).toContain(
    "Bonnes f",
  );
});
