import { readFile } from "node:fs/promises";
import { deliverFromOutside, imapClient, waitForMessage } from "../server/src/mail-host/mail-checks.ts";
import { stackMailEndpoints } from "./support/mail-ports";
import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "./support/orders";
import { expect, test } from "./support/test";
import { publishDns } from "./support/test-dns";

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
  // The embedded host's profile is unsigned (no certificate a device trusts): the page says so.
  await expect(block.getByText(/n'est pas signé : l'appareil l'affiche « Non vérifié »/)).toBeVisible();

  // The site's own domain (decision 0066): the owner publishes its records in the (test) DNS,
  // asks for it, and it goes live with its certificate (Pebble).
  const own = "courriel-payet.re";
  await publishDns("/add-a", { host: `${own}.`, addresses: ["127.0.0.1"] });
  await publishDns("/set-cname", { host: `www.${own}.`, target: "courriel-payet.localhost." });
  // The name www points to is the agency's own zone (Pebble follows the CNAME to check HTTP-01).
  await publishDns("/add-a", { host: "courriel-payet.localhost.", addresses: ["127.0.0.1"] });
  const domain = page.getByRole("region", { name: "Votre propre nom de domaine" });
  await domain.getByLabel("Oui, je le possède déjà").check();
  await domain.getByLabel("Nom de domaine *").fill(own);
  await domain.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(domain.getByRole("status")).toContainText("Demande envoyée !");
  await expect(async () => {
    await page.reload();
    await expect(domain.getByRole("status").first()).toContainText(`${own} : Actif`, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // Its mail records: none published yet, each says what to create, in French.
  const record = (label: string) => domain.getByRole("heading", { name: new RegExp(`^${label} : `) });
  await expect(domain.getByText(/^0 enregistrement correct sur 4\./)).toBeVisible();
  for (const label of ["SPF", "DKIM", "DMARC"]) await expect(record(label)).toHaveText(`${label} : À créer`);
  // pebble-challtestsrv serves no MX: the check says it could not tell, not that it is wrong.
  await expect(record("MX")).toHaveText("MX : Non vérifié");
  await page.setViewportSize({ width: 390, height: 844 });
  await domain
    .getByRole("heading", { name: "Vos adresses e-mail sur votre domaine" })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: ".test-output/screenshots/mail-records-missing-390.png" });
  // The DKIM key (one 400-character word) wraps: the phone's page does not scroll sideways.
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // Published at the "registrar", checked again: found correct. (A real DKIM key's TXT is longer
  // than challtestsrv serves; mail-dns-check.test.ts checks it on a fixed zone.)
  await publishDns("/set-txt", { host: `${own}.`, value: "v=spf1 mx ~all" });
  await publishDns("/set-txt", { host: `_dmarc.${own}.`, value: "v=DMARC1; p=none" });
  await domain.getByRole("button", { name: "Vérifier à nouveau" }).click();
  await expect(domain.getByText(/^2 enregistrements corrects sur 4\./)).toBeVisible();
  for (const label of ["SPF", "DMARC"]) await expect(record(label)).toHaveText(`${label} : Correct`);
  await expect(record("DKIM")).toHaveText("DKIM : À créer");
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await domain.getByRole("heading", { name: "DKIM : À créer" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: ".test-output/screenshots/mail-records-checked-390.png" });
  await page.setViewportSize({ width: 1280, height: 720 });

  // An address on the live domain: offered beside the subdomain, made, and it receives mail.
  await block.getByLabel("Domaine de l'adresse").first().selectOption(own);
  await block.getByLabel("Nouvelle adresse").fill("bonjour");
  await block.getByRole("button", { name: "Créer l'adresse" }).click();
  await expect(block.getByText(`Adresse créée : bonjour@${own}`)).toBeVisible();
  const ownPassword = (await block.locator("code").textContent()) as string;
  await deliverFromOutside(endpoints, {
    from: "client@exterieur.test",
    to: `bonjour@${own}`,
    subject: "Sur le domaine",
    text: "Votre adresse sur votre propre domaine.",
  });
  expect(await waitForMessage(endpoints, `bonjour@${own}`, ownPassword, "Sur le domaine")).toContain(
    "propre domaine",
  );
  await block
    .getByRole("listitem")
    .filter({ hasText: `bonjour@${own}` })
    .getByRole("button", { name: "Supprimer", exact: true })
    .click();
  await block.getByRole("button", { name: "Oui, supprimer cette adresse" }).click();
  await expect(block.getByText(`Adresse bonjour@${own} supprimée, avec ses messages.`)).toBeVisible();

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
