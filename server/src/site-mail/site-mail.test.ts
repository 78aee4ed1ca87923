import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SITE_MAIL_MESSAGES } from "@lagon/contracts/site-mail";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { decodeQuotedPrintable, type ReceivedMail, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { selfSignedCertificate } from "../../test/test-pki.ts";
import { customDomains, type Order, orderLogs, sites } from "../db/schema.ts";
import { contactForm } from "../koza/blocks.ts";
import { mailPortsFrom } from "../mail-host/local-mail-host.ts";
import { freeMailPortBase } from "../mail-host/mail-checks.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { PRODUCT_FILES_UPGRADE } from "../sites/product-files.ts";
import { siteAdminRest } from "../sites/site-of.ts";
import { upgradeSitesJob } from "../sites/site-upgrades.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { SITE_HOST_SCRIPT } from "../wordpress/site-install.ts";
import { requestSite } from "../wordpress/site-request.ts";
import { firewallTable, runtimeDir } from "../wordpress/site-runtime.ts";
import { addContactForm } from "./add-contact-form.ts";

/**
 * A real site sends its mail (decision 0056): provisioned through the real steps on the embedded
 * WordPress host, with the embedded mail host relaying outside mail to a local SMTP server that
 * stands in for the internet (MAIL_RELAY_HOST). WordPress's lost-password mail and the contact form
 * leave by SMTP submission with the site's own login, DKIM-signed for its domain.
 */
describe("a site's own mail: password reset and contact form through the mail host", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let base: number;
  let wpPort: number;
  let wpTlsPort: number;
  let order: Order;
  const subdomain = "fleuriste-courriel";
  const domain = `${subdomain}.localhost`;

  const site = (path: string, init?: Parameters<typeof t.ctx.wordpress.main.fetch>[2]) =>
    t.ctx.wordpress.main.fetch(subdomain, path, init);
  const mailTo = (address: string, subject: string) =>
    waitFor(
      () => sink.received.find((m) => m.to.includes(address) && subjectOf(m).includes(subject)),
      30_000,
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    base = await freeMailPortBase();
    wpPort = await freePort();
    wpTlsPort = await freePort();
    const productPort = await freePort();
    t = await createTestApp({
      PORT: String(productPort),
      WP_PORT: String(wpPort),
      WP_TLS_PORT: String(wpTlsPort),
      MAIL_PORT_BASE: String(base),
      MAIL_RELAY_HOST: `[127.0.0.1]:${new URL(sink.url).port}`,
    });
    // Listening: the sites' nginx passes mail programs' set-up requests to it (decision 0114).
    await t.app.listen({ port: productPort, host: "127.0.0.1" });
    await t.ctx.mailHost?.start();
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    const id = await givenPaidOrder(t.ctx, { subdomain, planId: "starter", companyName: "Fleurs Payet" });
    order = await waitFor(async () => {
      const row = await findShownOrder(t.ctx.db, id);
      return row?.status === "active" ? row : undefined;
    }, 120_000);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("opens exactly the mail host's submission port to the sites, and records the sender", async () => {
    const table = execFileSync(
      "nft",
      ["list", "table", "inet", firewallTable(runtimeDir(t.ctx.config.DATA_DIR))],
      {
        encoding: "utf8",
      },
    );
    const accepts = table
      .split("\n")
      .filter((line) => /\baccept$/.test(line.trim()) && !/dport 53 /.test(line));
    expect(accepts.map((line) => line.trim())).toEqual([
      `ip daddr 127.0.0.1 tcp dport ${mailPortsFrom(base).submission} accept`,
    ]);
    expect((await getSite(t.ctx.db, order.id)).mailPasswordEnc).toBeTruthy();
    expect((await getSite(t.ctx.db, order.id)).mailPasswordHash).toMatch(/^\{SHA512-CRYPT\}/);
    const logs = await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs.find((l) => l.action === "wordpress")?.details).toContain(
      `E-mails du site envoyés par wordpress@${domain}`,
    );
    // The password is sealed: never in the logs.
    expect(JSON.stringify(logs)).not.toContain(
      t.ctx.secrets.open((await getSite(t.ctx.db, order.id)).mailPasswordEnc as string),
    );
  });

  it("delivers WordPress's lost-password e-mail, sent by the site as its own domain and signed", async () => {
    const res = await site("/wp-login.php?action=lostpassword", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        user_login: (await getSite(t.ctx.db, order.id)).wpUsername as string,
        "wp-submit": "x",
      }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("checkemail=confirm");
    const mail = await mailTo(order.customerEmail, "mot de passe");
    expect(mail.raw).toMatch(/^From: .*<wordpress@fleuriste-courriel\.localhost>/m);
    expect(mail.raw).toMatch(/DKIM-Signature: [\s\S]*d=fleuriste-courriel\.localhost/);
    // Submitted over STARTTLS, the host's certificate checked by the site (decision 0083).
    expect(mail.raw).toMatch(/^Received: from [\s\S]*?\(using TLSv1\.[23] /m);
    expect(bodyOf(mail)).toContain("action=rp");
  });

  it("sends the Contact page's form to the order's e-mail, then to the address chosen on the order page", async () => {
    const token = await formToken();
    const first = await submit(token, {
      nom: "Jeanne Grondin",
      message: "Bonjour, avez-vous des orchidées ?",
    });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toContain("contact=merci");
    const thanks = await site("/contact/?contact=merci");
    expect(await thanks.text()).toContain("Merci, votre message a bien été envoyé.");
    const mail = await mailTo(order.customerEmail, "Message de Jeanne Grondin");
    expect(mail.raw).toMatch(/^Reply-To: Jeanne Grondin <jeanne@exemple\.re>/m);
    expect(bodyOf(mail)).toContain("avez-vous des orchidées");

    const api = (contact_email: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/order/${order.id}/site-mail?token=${magicLinkToken(t.ctx, order)}`,
        payload: { contact_email },
      });
    const refused = await api("pas-une-adresse");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain(SITE_MAIL_MESSAGES.contactInvalid);
    const saved = await api(" Accueil@Fleurs-Payet.RE ");
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contact_email: "accueil@fleurs-payet.re", is_default: false });
    await submit(token, { nom: "Paul Hoarau", message: "Livrez-vous à Saint-Leu ?" });
    await mailTo("accueil@fleurs-payet.re", "Message de Paul Hoarau");
  });

  it("refuses robots (a filled trap, a form sent at once, a forged token) and sends nothing", async () => {
    const before = sink.received.length;
    const trapped = await submit(
      await formToken(),
      { nom: "Robot", message: "Achetez nos pilules !" },
      "https://spam.test",
    );
    expect(trapped.status).toBe(400);
    expect(await trapped.text()).toContain("a pas pu être envoyé : rechargez la page");
    // A form sent back at once is under 2 s old for the site, unless the machine is slow enough for
    // the GET and the POST to span the next second's boundary: the token is dated a minute ahead
    // instead, signed as the site signs its own.
    const drawn = await formToken(false);
    expect(await signedToken(Number(drawn.split(".")[0]))).toBe(drawn);
    const ahead = await signedToken(Math.floor(Date.now() / 1000) + 60);
    const hasty = await submit(ahead, { nom: "Robot", message: "Achetez nos pilules !" });
    expect(hasty.status).toBe(400);
    expect(await hasty.text()).toContain("Votre message est parti trop vite");
    const forged = await submit(`${Math.floor(Date.now() / 1000) - 60}.abc`, {
      nom: "Robot",
      message: "Achetez !!!",
    });
    expect(forged.status).toBe(400);
    // Nothing left the site: the next real message is the only one to arrive.
    expect(
      (await submit(await formToken(), { nom: "Marie Técher", message: "Un bouquet pour samedi ?" })).status,
    ).toBe(303);
    await mailTo("accueil@fleurs-payet.re", "Message de Marie Técher");
    expect(sink.received.slice(before).map(subjectOf)).toEqual(["[Fleurs Payet] Message de Marie Técher"]);
  });

  it("limits one visitor to five messages an hour, in French", async () => {
    const token = await formToken();
    // Three sent above from this address; two more pass, the sixth is refused.
    for (const n of [4, 5])
      expect((await submit(token, { nom: `Visiteur ${n}`, message: "Encore une question." })).status).toBe(
        303,
      );
    const sixth = await submit(token, { nom: "Visiteur 6", message: "Encore une question." });
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Vous avez déjà envoyé plusieurs messages");
  });

  it("gives a site made before the contact form its newer mu-plugin, then its form, once", async () => {
    const rest = (await siteAdminRest(t.ctx, order)) as NonNullable<
      Awaited<ReturnType<typeof siteAdminRest>>
    >;
    const contactPage = async () =>
      (
        await rest.json<{ id: number; content: { raw: string } }[]>(
          "GET",
          "/wp/v2/pages?slug=contact&context=edit&_fields=id,content",
        )
      )[0] as { id: number; content: { raw: string } };
    const logs = async () =>
      (await t.ctx.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id))).filter(
        (l) => l.action === "upgrade",
      );
    const job = () => upgradeSitesJob.handle({}, t.ctx, {} as Parameters<typeof upgradeSitesJob.handle>[2]);
    // A fresh install has every upgrade: the job leaves it alone.
    expect((await getSite(t.ctx.db, order.id)).upgrades).toEqual([
      PRODUCT_FILES_UPGRADE,
      "contact-form",
      "mail-starttls",
      "contact-form-voice",
      "plan-disk",
    ]);
    // The site as it was made before stop 31: a Contact page without the form, the mu-plugin of
    // then (no form, no settings route), nothing recorded.
    const page = await contactPage();
    const before = page.content.raw.replace(
      /\s*<!-- wp:shortcode -->\n\[lagon_formulaire_contact\]\n<!-- \/wp:shortcode -->/,
      "",
    );
    expect(before).not.toContain("lagon_formulaire_contact");
    await rest.json("POST", `/wp/v2/pages/${page.id}`, { content: before });
    const muPlugin = path.join(
      execFileSync("realpath", [path.join(t.ctx.config.DATA_DIR, "sites")], { encoding: "utf8" }).trim(),
      subdomain,
      "wp-content/mu-plugins/lagon-courriel.php",
    );
    const owner = (await stat(muPlugin)).uid;
    await writeFile(muPlugin, OLD_COURRIEL_MU_PLUGIN);
    await t.ctx.db.update(sites).set({ upgrades: [] }).where(eq(sites.orderId, order.id));
    expect(await (await site("/contact/")).text()).not.toContain('name="lagon_jeton"');
    expect((await site("/wp-json/lagon/v1/courriel", { method: "PUT" })).status).toBe(404);

    // The job gives the site the current mu-plugin (written by the site's own user), then the form.
    await job();
    expect(await readFile(muPlugin, "utf8")).toBe(
      await readFile(
        path.join(path.dirname(SITE_HOST_SCRIPT), "site-files/mu-plugins/lagon-courriel.php"),
        "utf8",
      ),
    );
    expect((await stat(muPlugin)).uid).toBe(owner);
    expect((await contactPage()).content.raw).toBe(`${before.trimEnd()}\n\n${contactForm()}`);
    expect((await getSite(t.ctx.db, order.id)).upgrades).toEqual([
      PRODUCT_FILES_UPGRADE,
      "contact-form",
      "mail-starttls",
      "contact-form-voice",
      "plan-disk",
    ]);
    expect((await logs()).map((l) => l.details)).toEqual([
      expect.stringMatching(
        /^Extensions de la plateforme mises à jour sur le site : .*Courriel du site \(version 5\)/,
      ),
      `E-mails du site envoyés par wordpress@${domain} ; formulaire de contact vers accueil@fleurs-payet.re. Formulaire de contact ajouté à la page Contact.`,
      `E-mails du site envoyés par wordpress@${domain} ; formulaire de contact vers accueil@fleurs-payet.re.`,
      // Not a Koza site: its form keeps the words it has.
      "Pas de site écrit par Koza : formulaire de contact inchangé.",
      // Made before the disk allowance followed the plan (decision 0095): its plan's size.
      "Espace disque du site : 10 Go, selon l'offre.",
    ]);
    expect(await formToken(false)).toMatch(/^\d+\./);
    // Once: a second run does nothing; the steps themselves, run again, change nothing.
    await job();
    expect(await logs()).toHaveLength(5);
    await t.ctx.wordpress.main.refreshSiteFiles(subdomain);
    expect(await addContactForm(t.ctx, order, await getSite(t.ctx.db, order.id))).toContain(
      "Formulaire de contact déjà présent.",
    );
    expect((await contactPage()).content.raw.match(/lagon_formulaire_contact/g)).toHaveLength(1);
  });

  it("answers Thunderbird and Outlook on the site's own names through the sites' nginx, and nothing for a stranger's domain", async () => {
    const endpoints = t.ctx.mailHost?.endpoints();
    if (!endpoints) throw new Error("no mail host");
    const autoconfig = (address: string) =>
      `/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=${encodeURIComponent(address)}`;
    const outlook = (address: string) =>
      `<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><Request><EMailAddress>${address}</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request></Autodiscover>`;
    const imap = `<hostname>${endpoints.host}</hostname>\n      <port>${endpoints.imapPort}</port>`;

    // The site's subdomain, over HTTP as the embedded host serves it.
    const onSub = (path: string, init?: Parameters<typeof nginx>[2]) =>
      nginx(`http://${domain}${path}`, wpPort, init);
    const thunderbird = await onSub(autoconfig(`contact@${domain}`));
    expect(thunderbird.status).toBe(200);
    expect(thunderbird.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(thunderbird.body).toContain(`<domain>${domain}</domain>`);
    expect(thunderbird.body).toContain(imap);
    // Without the address, the name asked for is the domain (nginx passes it on).
    expect((await onSub("/.well-known/autoconfig/mail/config-v1.1.xml")).body).toContain(
      `<domain>${domain}</domain>`,
    );
    for (const path of ["/autodiscover/autodiscover.xml", "/Autodiscover/Autodiscover.xml"]) {
      const res = await onSub(path, { method: "POST", type: "text/xml", body: outlook(`contact@${domain}`) });
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<LoginName>contact@${domain}</LoginName>`);
      expect(res.body).toContain(`<Port>${endpoints.submissionPort}</Port>`);
    }
    // A domain that is not on the platform: the product says nothing, not even through a site.
    const stranger = await onSub(autoconfig("contact@inconnu-ailleurs.re"));
    expect(stranger.status).toBe(404);
    expect(stranger.body).not.toContain("<hostname>");
    const strangerOutlook = await onSub("/autodiscover/autodiscover.xml", {
      method: "POST",
      type: "text/xml",
      body: outlook("contact@inconnu-ailleurs.re"),
    });
    expect(strangerOutlook.status).toBe(404);
    // A name the host does not serve reaches no one.
    const unserved = await nginx(
      `http://inconnu-ailleurs.re${autoconfig("contact@inconnu-ailleurs.re")}`,
      wpPort,
    );
    expect(unserved).toMatchObject({ status: 404, body: "Site introuvable\n" });
    // A suspended site's owners still read their mail: set-up keeps answering.
    await t.ctx.wordpress.main.suspend(subdomain);
    try {
      expect((await onSub(autoconfig(`contact@${domain}`))).status).toBe(200);
      expect((await onSub("/")).status).toBe(503);
    } finally {
      await t.ctx.wordpress.main.unsuspend(subdomain);
    }

    // Its custom domain once live, over HTTPS with the domain's own certificate.
    const own = "fleurs-payet.re";
    const certificate = selfSigned(own);
    await t.ctx.db.insert(customDomains).values({
      orderId: order.id,
      domain: own,
      hasOwnDomain: true,
      state: "active",
      activatedAt: new Date(),
    });
    await t.ctx.wordpress.main.installDomain(subdomain, own, certificate);
    // The host answers once nginx's old workers are gone: every request gets the new configuration.
    const moved = async () => (await onSub("/")).status === 301;
    try {
      expect(await moved()).toBe(true);
      const onOwn = (path: string, init?: Parameters<typeof nginx>[2]) =>
        nginx(`https://${own}${path}`, wpTlsPort, { ...init, ca: certificate.certificatePem });
      const ownThunderbird = await onOwn(autoconfig(`contact@${own}`));
      expect(ownThunderbird.status).toBe(200);
      expect(ownThunderbird.body).toContain(`<domain>${own}</domain>`);
      expect(ownThunderbird.body).toContain(imap);
      const ownOutlook = await onOwn("/autodiscover/autodiscover.xml", {
        method: "POST",
        type: "text/xml",
        body: outlook(`devis@${own}`),
      });
      expect(ownOutlook.status).toBe(200);
      expect(ownOutlook.body).toContain(`<LoginName>devis@${own}</LoginName>`);
      expect((await onOwn(autoconfig("contact@inconnu-ailleurs.re"))).status).toBe(404);
      // The subdomain sends visitors to the domain, but answers mail programs itself.
      expect((await onSub(autoconfig(`contact@${domain}`))).status).toBe(200);
      // A large body stops at nginx, before the product.
      const big = await onOwn("/autodiscover/autodiscover.xml", {
        method: "POST",
        type: "text/xml",
        body: outlook(`contact@${own}`).padEnd(32 * 1024, " "),
      });
      expect(big.status).toBe(413);
    } finally {
      await t.ctx.wordpress.main.removeDomain(own);
      await t.ctx.db.delete(customDomains).where(eq(customDomains.domain, own));
      expect(await moved()).toBe(false);
    }
  });

  it("says plainly on the site and on the order page when the mail host is not running", async () => {
    await t.ctx.mailHost?.stop();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/order/${order.id}/site-mail?token=${magicLinkToken(t.ctx, order)}`,
      payload: { contact_email: order.customerEmail },
    });
    expect(res.json()).toMatchObject({
      is_default: true,
      sender: null,
      unavailable_reason: SITE_MAIL_MESSAGES.sendingPaused,
    });
    const page = await (await site("/contact/")).text();
    expect(page).toContain("est pas disponible pour le moment. Le service e-mail de votre site");
    expect(page).not.toContain('name="lagon_jeton"');
  });

  /** The form's signed time token, once it is old enough for a person (2 s) unless `aged` is false. */
  async function formToken(aged = true): Promise<string> {
    const html = await (await site("/contact/")).text();
    const token = html.match(/name="lagon_jeton" value="([^"]+)"/)?.[1];
    if (!token) throw new Error("no contact form on the Contact page");
    const drawnAt = Number(token.split(".")[0]) * 1000;
    if (aged) await waitFor(() => Date.now() >= drawnAt + 3000 || undefined, 10_000);
    return token;
  }

  /** The site's contact token for `time` (seconds), signed as lagon-courriel.php signs it with the site's keys. */
  async function signedToken(time: number): Promise<string> {
    const config = await readFile(
      path.join(t.ctx.config.DATA_DIR, "sites", subdomain, "wp-config.php"),
      "utf8",
    );
    const constant = (name: string) =>
      config.match(new RegExp(`define\\('${name}', '([0-9a-f]+)'\\);`))?.[1] ?? "";
    const key = `${constant("NONCE_KEY")}${constant("NONCE_SALT")}`;
    return `${time}.${createHmac("sha256", key).update(`lagon-contact|${time}`).digest("hex")}`;
  }

  function submit(token: string, fields: { nom: string; message: string }, trap = "") {
    return site("/contact/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        ...fields,
        courriel: `${fields.nom.split(" ")[0]?.toLowerCase()}@exemple.re`,
        site_web: trap,
        lagon_contact: "1",
        lagon_jeton: token,
      }).toString(),
    });
  }
});

/** A request to the sites' nginx on 127.0.0.1:`port`, for `url`'s name, as a mail program sends it. */
async function nginx(
  url: string,
  port: number,
  init: { method?: string; type?: string; body?: string; ca?: string } = {},
): Promise<{ status: number; headers: Headers; body: string }> {
  const headers = init.type ? { "content-type": init.type } : undefined;
  const response = await requestSite(
    new URL(url),
    { method: init.method, headers, body: init.body },
    { host: "127.0.0.1", port, ca: init.ca },
  );
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** A self-signed certificate for `domain` (the test trusts it by itself). */
function selfSigned(domain: string): { certificatePem: string; privateKeyPem: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lagon-cert-"));
  try {
    const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
    selfSignedCertificate(domain, [`DNS:${domain}`, `DNS:www.${domain}`], cert, key);
    return { certificatePem: readFileSync(cert, "utf8"), privateKeyPem: readFileSync(key, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a one-part message as PHPMailer writes it (8bit, quoted-printable or base64). */
function bodyOf(mail: ReceivedMail): string {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const [head, body] = [mail.raw.slice(0, split), mail.raw.slice(split).trim()];
  const encoding = head.match(/^Content-Transfer-Encoding: (\S+)/im)?.[1]?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  return body;
}

function subjectOf(mail: ReceivedMail): string {
  const raw = mail.raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? "";
  // RFC 2047 words (=?UTF-8?Q?...?= or ?B?), as WordPress's PHPMailer writes non-ASCII subjects.
  return raw
    .replace(/\r?\n[ \t]/g, "")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    )
    .trim();
}

/** lagon-courriel.php as sites got it before the contact form (commit d4a8fdb: no form, no version). */
const OLD_COURRIEL_MU_PLUGIN = `<?php
/**
 * Plugin Name: Courriel sans programme
 * Description: PHP ne peut lancer aucun programme sur cet hébergement (mail() et sendmail sont désactivés) : sans relais SMTP, wp_mail() échoue proprement.
 */

add_action('phpmailer_init', function ($phpmailer) {
\tif ($phpmailer->Mailer !== 'smtp') {
\t\t$phpmailer->isSMTP();
\t\t$phpmailer->Host = '';
\t}
}, PHP_INT_MAX);
`;
