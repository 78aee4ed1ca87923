import { readFile } from "node:fs/promises";
import { deliverFromOutside, imapClient, waitForMessage } from "../server/src/mail-host/mail-checks.ts";
import { stackMailEndpoints } from "./support/mail-ports";
import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";

const endpoints = stackMailEndpoints;

test("a customer creates a professional address from the order page and reads its first message", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = "client-courriel@example.re";
  await orderSite(request, { subdomain: "courriel-payet", email, company: "Courriel Payet" });
  const link = new URL(magicLinkIn(await waitForMail(email, /Administration WordPress/)));
  await page.goto(`${link.pathname}${link.search}`);

  const block = page.getByRole("region", { name: "Adresses e-mail" });
  await expect(block.getByText(/Votre offre comprend 5 adresses de 5 Go chacune/)).toBeVisible();
  await expect(block.getByText("Aucune adresse pour l'instant")).toBeVisible();

  // The order page's fields are the checkout's: a 44 px tap target, not the browser's bare box.
  for (const field of [block.getByLabel("Nouvelle adresse"), block.getByLabel("Vers", { exact: true })]) {
    expect((await field.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }

  // A reserved name is refused in French, before anything is created.
  await block.getByLabel("Nouvelle adresse").fill("postmaster");
  await block.getByRole("button", { name: "Créer l'adresse" }).click();
  await expect(block.getByRole("alert")).toHaveText(
    "« postmaster » est réservé à l'hébergeur : choisissez un autre nom.",
  );

  await block.getByLabel("Nouvelle adresse").fill("Contact");
  await block.getByRole("button", { name: "Créer l'adresse" }).click();
  await expect(block.getByText("Adresse créée : contact@courriel-payet.localhost")).toBeVisible();
  const password = (await block.locator("code").textContent()) as string;
  expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  await page.screenshot({ path: ".test-output/screenshots/mailboxes-created-1280.png", fullPage: true });

  // The address is real: a message from another server is read with that password over IMAP.
  await deliverFromOutside(endpoints, {
    from: "client@exterieur.test",
    to: "contact@courriel-payet.localhost",
    subject: "Premier message",
    text: "Bienvenue dans votre nouvelle boîte !",
  });
  expect(
    await waitForMessage(endpoints, "contact@courriel-payet.localhost", password, "Premier message"),
  ).toContain("Bienvenue");
  await page.reload();
  await expect(block.getByText(/\d+ Ko utilisés sur 5 Go/)).toBeVisible();

  // An alias: mail to devis@ arrives in contact@'s box.
  await block.getByLabel("Nouvel alias").fill("devis");
  await block.getByRole("button", { name: "Créer l'alias" }).click();
  await expect(
    block.getByText("Alias créé : devis@courriel-payet.localhost → contact@courriel-payet.localhost"),
  ).toBeVisible();
  await deliverFromOutside(endpoints, {
    from: "client@exterieur.test",
    to: "devis@courriel-payet.localhost",
    subject: "Par l'alias",
    text: "Un devis pour une terrasse.",
  });
  expect(
    await waitForMessage(endpoints, "contact@courriel-payet.localhost", password, "Par l'alias"),
  ).toContain("terrasse");

  // The Apple profile downloads, without the password.
  const download = page.waitForEvent("download");
  await block
    .getByRole("link", { name: "Profil iPhone, iPad et Mac pour contact@courriel-payet.localhost" })
    .click();
  const profile = await readFile((await (await download).path()) as string, "utf8");
  expect(profile).toContain("<string>com.apple.mail.managed</string>");
  expect(profile).toContain("<string>contact@courriel-payet.localhost</string>");
  expect(profile).not.toContain(password);
  expect((await download).suggestedFilename()).toBe("contact@courriel-payet.localhost.mobileconfig");

  await block.getByRole("button", { name: "Supprimer devis@courriel-payet.localhost" }).click();
  await expect(block.getByText(/^devis@courriel-payet\.localhost supprimé/)).toBeVisible();

  // The agency renews the password from the order's admin card, through the same block: the new
  // one opens the mailbox.
  await page.goto(`/admin?token=${ADMIN_TOKEN}`);
  await page.getByPlaceholder("E-mail, nom ou sous-domaine").fill("courriel-payet");
  const card = page.getByRole("article").filter({ hasText: "courriel-payet.localhost" });
  await expect(card).toHaveCount(1);
  await card.locator("summary", { hasText: "Adresses e-mail" }).click();
  const adminBlock = card.getByRole("region", { name: "Adresses e-mail" });
  await adminBlock.getByRole("button", { name: "Nouveau mot de passe" }).click();
  await expect(adminBlock.getByText("Nouveau mot de passe : contact@courriel-payet.localhost")).toBeVisible();
  const renewed = (await adminBlock.locator("code").textContent()) as string;
  expect(renewed).not.toBe(password);
  const imap = imapClient(endpoints, "contact@courriel-payet.localhost", renewed);
  await imap.connect();
  await imap.logout();
  await page.goto(`${link.pathname}${link.search}`);

  // Deleted behind a confirmation.
  await block.getByRole("button", { name: "Supprimer", exact: true }).click();
  await block.getByRole("button", { name: "Oui, supprimer cette adresse" }).click();
  await expect(
    block.getByText("Adresse contact@courriel-payet.localhost supprimée, avec ses messages."),
  ).toBeVisible();
  await expect(block.getByText("Aucune adresse pour l'instant")).toBeVisible();
});
