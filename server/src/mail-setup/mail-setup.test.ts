import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailTestApp } from "../../test/mail-test-app.ts";
import { testPki, verifySignedProfile } from "../../test/test-pki.ts";
import type { LocalMailHost } from "../mail-host/local-mail-host.ts";
import { imapClient, submitAs, waitForMessage } from "../mail-host/mail-checks.ts";
import type { MailEndpoints } from "../mail-host/mail-host.ts";

/** xmllint refuses a document that is not well-formed XML, then reads one value by XPath. */
const xpath = (xml: string, expression: string) =>
  execFileSync("xmllint", ["--xpath", `string(${expression})`, "-"], { input: xml, encoding: "utf8" }).trim();
const wellFormed = (xml: string) => execFileSync("xmllint", ["--noout", "-"], { input: xml });
/** Python's plistlib, the reference reader of Apple's property lists. */
const parsePlist = (text: string) =>
  JSON.parse(
    execFileSync(
      "python3",
      ["-c", "import plistlib,sys,json;print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))"],
      {
        input: text,
        encoding: "utf8",
      },
    ),
  );
const el = (name: string) => `*[local-name()='${name}']`;

describe("setting up a mailbox in one step: autoconfig, autodiscover, Apple profile", () => {
  let mail: Awaited<ReturnType<typeof startMailTestApp>>;
  let t: Awaited<ReturnType<typeof startMailTestApp>>["t"];
  let host: LocalMailHost;
  let site: { id: string; token: string; domain: string };
  let address = "";
  let password = "";
  let n = 0;
  const from = () => `10.0.2.${++n}`;

  beforeAll(async () => {
    mail = await startMailTestApp();
    ({ t, host } = mail);
    site = await mail.givenSite("starter");
    const id = site.id;
    const created = await t.app.inject({
      method: "POST",
      url: `/api/order/${id}/mailboxes?token=${site.token}`,
      payload: { localPart: "contact" },
      remoteAddress: from(),
    });
    ({ password } = created.json());
    address = created.json().mailbox.address;
  }, 60_000);

  afterAll(() => mail?.close());

  async function logsIn(endpoints: MailEndpoints, user: string) {
    const client = imapClient(endpoints, user, password);
    await client.connect();
    await client.logout();
  }

  it("answers Thunderbird's autoconfig with settings that log in, and the same for an address that does not exist", async () => {
    const res = await t.app.inject({
      url: `/mail/config-v1.1.xml?emailaddress=${encodeURIComponent(address)}`,
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    wellFormed(res.body);
    const incoming = "/clientConfig/emailProvider/incomingServer";
    expect(xpath(res.body, "/clientConfig/emailProvider/domain")).toBe(site.domain);
    expect(xpath(res.body, `${incoming}/@type`)).toBe("imap");
    expect(xpath(res.body, `${incoming}/username`)).toBe("%EMAILADDRESS%");
    expect(xpath(res.body, `${incoming}/socketType`)).toBe("STARTTLS");
    expect(xpath(res.body, "/clientConfig/emailProvider/outgoingServer/socketType")).toBe("STARTTLS");
    expect(res.body).not.toContain(password);
    await logsIn(
      {
        ...host.endpoints(),
        host: xpath(res.body, `${incoming}/hostname`),
        imapPort: Number(xpath(res.body, `${incoming}/port`)),
      },
      address,
    );
    expect(Number(xpath(res.body, "/clientConfig/emailProvider/outgoingServer/port"))).toBe(
      host.endpoints().submissionPort,
    );

    // The well-known path, found from the Host header, gives the same document.
    const known = await t.app.inject({
      url: "/.well-known/autoconfig/mail/config-v1.1.xml",
      headers: { host: site.domain },
      remoteAddress: from(),
    });
    expect(known.body).toBe(res.body);
    // An address nobody has on a site that does not exist: the same answer (as DNS's wildcard).
    const ghost = await t.app.inject({
      url: "/mail/config-v1.1.xml?emailaddress=personne@inexistant.lagon-sites.re",
      remoteAddress: from(),
    });
    expect(ghost.statusCode).toBe(200);
    expect(ghost.body).toBe(res.body.replaceAll(site.domain, "inexistant.lagon-sites.re"));
    // Another domain is not ours.
    const foreign = await t.app.inject({
      url: "/mail/config-v1.1.xml?emailaddress=jean@exemple.fr",
      remoteAddress: from(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(MAILBOX_MESSAGES.setupUnknownDomain);
  });

  it("answers Outlook's autodiscover request (POX) with settings that log in and send", async () => {
    const request = `<?xml version="1.0" encoding="utf-8"?>
<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006">
  <Request><EMailAddress>${address.toUpperCase()}</EMailAddress>
  <AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request>
</Autodiscover>`;
    const res = await t.app.inject({
      method: "POST",
      url: "/autodiscover/autodiscover.xml",
      headers: { "content-type": "text/xml" },
      payload: request,
      remoteAddress: from(),
    });
    expect(res.statusCode).toBe(200);
    wellFormed(res.body);
    const protocol = (type: string) => `//${el("Account")}/${el("Protocol")}[${el("Type")}='${type}']`;
    expect(xpath(res.body, `//${el("Action")}`)).toBe("settings");
    expect(xpath(res.body, `${protocol("IMAP")}/${el("Encryption")}`)).toBe("TLS");
    expect(xpath(res.body, `${protocol("SMTP")}/${el("Encryption")}`)).toBe("TLS");
    const endpoints = {
      ...host.endpoints(),
      host: xpath(res.body, `${protocol("IMAP")}/${el("Server")}`),
      imapPort: Number(xpath(res.body, `${protocol("IMAP")}/${el("Port")}`)),
      submissionPort: Number(xpath(res.body, `${protocol("SMTP")}/${el("Port")}`)),
    };
    const user = xpath(res.body, `${protocol("IMAP")}/${el("LoginName")}`);
    expect(user).toBe(address);
    await logsIn(endpoints, user);
    await submitAs(endpoints, user, password, {
      from: address,
      to: address,
      subject: "Par Outlook",
      text: "Essai",
    });
    expect(await waitForMessage(endpoints, user, password, "Par Outlook")).toContain("Essai");

    const garbled = await t.app.inject({
      method: "POST",
      url: "/autodiscover/autodiscover.xml",
      headers: { "content-type": "text/xml" },
      payload: "<Autodiscover><Request/></Autodiscover>",
      remoteAddress: from(),
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().detail).toBe(MAILBOX_MESSAGES.setupNoAddress);
    const huge = await t.app.inject({
      method: "POST",
      url: "/autodiscover/autodiscover.xml",
      headers: { "content-type": "text/xml" },
      payload: "x".repeat(10_000),
      remoteAddress: from(),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("gives the order's holder an Apple profile without password whose settings open the mailbox", async () => {
    const url = `/api/order/${site.id}/mailboxes/${address}/apple-profile`;
    const res = await t.app.inject({ url: `${url}?token=${site.token}`, remoteAddress: from() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/x-apple-aspen-config");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${address}.mobileconfig"`);
    const profile = parsePlist(res.body);
    expect(profile).toMatchObject({ PayloadType: "Configuration", PayloadVersion: 1 });
    const [account] = profile.PayloadContent;
    expect(account).toMatchObject({
      PayloadType: "com.apple.mail.managed",
      EmailAccountType: "EmailTypeIMAP",
      EmailAddress: address,
      IncomingMailServerAuthentication: "EmailAuthPassword",
      IncomingMailServerUseSSL: true,
      OutgoingMailServerUseSSL: true,
      OutgoingPasswordSameAsIncomingPassword: true,
    });
    expect(Object.keys(account).filter((key) => /Password$/.test(key))).toEqual([
      "OutgoingPasswordSameAsIncomingPassword",
    ]);
    expect(res.body).not.toContain(password);
    await logsIn(
      {
        ...host.endpoints(),
        host: account.IncomingMailServerHostName,
        imapPort: account.IncomingMailServerPortNumber,
      },
      account.IncomingMailServerUsername,
    );
    // Downloaded again: the same identifiers, so the device replaces the first profile.
    const again = await t.app.inject({ url: `${url}?token=${site.token}`, remoteAddress: from() });
    expect(again.body).toBe(res.body);

    expect((await t.app.inject({ url, remoteAddress: from() })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: `/api/order/${site.id}/mailboxes/personne@${site.domain}/apple-profile?token=${site.token}`,
      remoteAddress: from(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(MAILBOX_MESSAGES.unknownMailbox);
  });

  it("signs the served profile with the operator's mail certificate and chain, unsigned on the embedded default", async () => {
    const url = `/api/order/${site.id}/mailboxes/${address}/apple-profile?token=${site.token}`;
    const list = `/api/order/${site.id}/mailboxes?token=${site.token}`;
    const plain = await t.app.inject({ url, remoteAddress: from() });
    expect(plain.body).toMatch(/^<\?xml/);
    expect(
      (await t.app.inject({ url: list, remoteAddress: from() })).json().settings.apple_profile_signed,
    ).toBe(false);

    const dir = await mkdtemp(path.join(os.tmpdir(), "profile-pki-"));
    const config = t.ctx.config as { MAIL_TLS_CERT?: string; MAIL_TLS_KEY?: string };
    try {
      const pki = await testPki(dir);
      Object.assign(config, { MAIL_TLS_CERT: pki.certFile, MAIL_TLS_KEY: pki.keyFile });
      const signed = await t.app.inject({ url, remoteAddress: from() });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers["content-type"]).toBe("application/x-apple-aspen-config");
      // CMS SignedData holding the very plist served unsigned, verified up to the test root.
      expect(verifySignedProfile(signed.rawPayload, pki.root)).toBe(plain.body);
      expect(
        (await t.app.inject({ url: list, remoteAddress: from() })).json().settings.apple_profile_signed,
      ).toBe(true);
    } finally {
      Object.assign(config, { MAIL_TLS_CERT: undefined, MAIL_TLS_KEY: undefined });
      await rm(dir, { recursive: true, force: true });
    }
  });
});
