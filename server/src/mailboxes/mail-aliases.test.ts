import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { eq } from "drizzle-orm";
import { spf } from "mailauth/lib/spf/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailTestApp } from "../../test/mail-test-app.ts";
import { startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { TEST_ADMIN_TOKEN } from "../../test/test-context.ts";
import { mailAliases } from "../db/schema.ts";
import type { LocalMailHost } from "../mail-host/local-mail-host.ts";
import { deliverFromOutside, waitForMessage } from "../mail-host/mail-checks.ts";

describe("aliases and forwards from the order page, on a real mail host", () => {
  let mail: Awaited<ReturnType<typeof startMailTestApp>>;
  let t: Awaited<ReturnType<typeof startMailTestApp>>["t"];
  let host: LocalMailHost;
  /** A local SMTP server standing in for the internet: the host relays outside mail to it. */
  let internet: Awaited<ReturnType<typeof startSmtpSink>>;
  let n = 0;
  const from = () => `10.0.3.${++n}`;

  beforeAll(async () => {
    internet = await startSmtpSink();
    mail = await startMailTestApp({ relayHost: `[127.0.0.1]:${new URL(internet.url).port}` });
    ({ t, host } = mail);
  }, 60_000);

  afterAll(async () => {
    await mail?.close();
    await internet?.close();
  });

  async function givenSiteWithMailbox() {
    const site = await mail.givenSite("starter");
    const created = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "contact",
    });
    const { mailbox, password } = created.json();
    return { ...site, mailbox: mailbox.address, password };
  }

  const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, remoteAddress: from() });
  const aliasesOf = (orderId: string) =>
    t.ctx.db.select().from(mailAliases).where(eq(mailAliases.orderId, orderId));

  it("delivers mail for an alias into the mailbox it names, and lists it", async () => {
    const site = await givenSiteWithMailbox();
    const res = await call("POST", `/api/order/${site.id}/mail-aliases?token=${site.token}`, {
      localPart: "Devis",
      target: ` ${site.mailbox.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      address: `devis@${site.domain}`,
      target: site.mailbox,
      kind: "alias",
    });
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: `devis@${site.domain}`,
      subject: "Demande par alias",
      text: "Un devis, s'il vous plaît.",
    });
    expect(
      await waitForMessage(host.endpoints(), site.mailbox, site.password, "Demande par alias"),
    ).toContain("Un devis");
    const list = (await call("GET", `/api/order/${site.id}/mailboxes?token=${site.token}`)).json();
    expect(list.aliases).toEqual([
      expect.objectContaining({ address: `devis@${site.domain}`, kind: "alias" }),
    ]);
    expect(list.mailboxes).toHaveLength(1);
  });

  it("forwards mail for an address to an outside server, and stops when the forward is deleted", async () => {
    const site = await givenSiteWithMailbox();
    const res = await call("POST", `/api/order/${site.id}/mail-aliases?token=${site.token}`, {
      localPart: "patron",
      target: "jean.payet@exterieur.test",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().kind).toBe("forward");
    await deliverFromOutside(host.endpoints(), {
      from: "fournisseur@ailleurs.test",
      to: `patron@${site.domain}`,
      subject: "Facture à transférer",
      text: "Ci-joint.",
    });
    const forwarded = await waitFor(() =>
      internet.received.find((mail) => mail.to.includes("jean.payet@exterieur.test")),
    );
    expect(forwarded.raw).toContain("Ci-joint.");
    expect(forwarded.to).toEqual(["jean.payet@exterieur.test"]);
    // The forward leaves with an SRS sender of the host's own name: the recipient's SPF check is
    // of this host, which the sender's own SPF (a single other server) would have failed.
    expect(forwarded.from).toMatch(/^SRS0=[^=]+=[^=]+=ailleurs\.test=fournisseur@mail\.lagon-sites\.re$/);
    const spfOf = async (sender: string) =>
      (
        await spf({
          sender,
          ip: "127.0.0.1",
          helo: "mail.lagon-sites.re",
          mta: "mx.exterieur.test",
          resolver: async (name: string, type: string) => {
            if (type === "TXT" && name === "mail.lagon-sites.re") return [["v=spf1 ip4:127.0.0.1 -all"]];
            if (type === "TXT" && name === "ailleurs.test") return [["v=spf1 ip4:192.0.2.1 -all"]];
            throw Object.assign(new Error(`no ${type} for ${name}`), { code: "ENOTFOUND" });
          },
        })
      ).status.result;
    expect(await spfOf(forwarded.from)).toBe("pass");
    expect(await spfOf("fournisseur@ailleurs.test")).toBe("fail");
    // A bounce to that SRS address reaches the original sender.
    await deliverFromOutside(host.endpoints(), {
      from: "",
      to: forwarded.from,
      subject: "Undelivered Mail Returned to Sender",
      text: "Boîte pleine.",
    });
    const bounce = await waitFor(() =>
      internet.received.find((mail) => mail.to.includes("fournisseur@ailleurs.test")),
    );
    expect(bounce.from).toBe("");
    // A mailbox of the host still sees the sender as it was.
    await deliverFromOutside(host.endpoints(), {
      from: "fournisseur@ailleurs.test",
      to: site.mailbox,
      subject: "Facture directe",
      text: "Sans renvoi.",
    });
    expect(await waitForMessage(host.endpoints(), site.mailbox, site.password, "Facture directe")).toMatch(
      /^Return-Path: <fournisseur@ailleurs\.test>/m,
    );

    const deleted = await call(
      "DELETE",
      `/api/order/${site.id}/mail-aliases/patron@${site.domain}?token=${site.token}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await aliasesOf(site.id)).toEqual([]);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@ailleurs.test",
        to: `patron@${site.domain}`,
        subject: "?",
        text: "?",
      }),
    ).rejects.toThrow(/User unknown/);
  });

  it("refuses bad aliases with a French reason, writing nothing, and deletes a mailbox's aliases with it", async () => {
    const site = await givenSiteWithMailbox();
    const other = await givenSiteWithMailbox();
    const post = (body: object, s = site) =>
      call("POST", `/api/order/${s.id}/mail-aliases?token=${s.token}`, body);
    const refusals: [object, number, string][] = [
      [
        { localPart: "ventes", target: `personne@${site.domain}` },
        400,
        MAILBOX_MESSAGES.aliasTargetNotMailbox,
      ],
      [{ localPart: "ventes", target: other.mailbox }, 201, ""],
      [{ localPart: "contact", target: "jean@exterieur.test" }, 409, MAILBOX_MESSAGES.taken],
      [{ localPart: "postmaster", target: site.mailbox }, 400, MAILBOX_MESSAGES.reserved("postmaster")],
      [{ localPart: "info", target: "jean@" }, 400, MAILBOX_MESSAGES.aliasTargetInvalid],
      [{ localPart: "info", target: "" }, 400, MAILBOX_MESSAGES.aliasTargetRequired],
      [{ localPart: "info", target: `info@${site.domain}` }, 400, MAILBOX_MESSAGES.aliasTargetSelf],
    ];
    for (const [body, status, detail] of refusals) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (detail) expect(res.json().detail).toBe(detail);
    }
    // "ventes" goes to another customer's mailbox: an outside address for this site, so a forward.
    expect((await aliasesOf(site.id)).map((row) => row.address)).toEqual([`ventes@${site.domain}`]);
    // A mailbox cannot take an alias's name; another order cannot delete it.
    const clash = await call("POST", `/api/order/${site.id}/mailboxes?token=${site.token}`, {
      localPart: "ventes",
    });
    expect(clash.statusCode).toBe(409);
    const steal = await call(
      "DELETE",
      `/api/order/${other.id}/mail-aliases/ventes@${site.domain}?token=${other.token}`,
    );
    expect(steal.statusCode).toBe(404);
    expect(steal.json().detail).toBe(MAILBOX_MESSAGES.unknownAlias);
    expect(
      (await call("POST", `/api/order/${site.id}/mail-aliases`, { localPart: "x", target: site.mailbox }))
        .statusCode,
    ).toBe(401);

    expect((await post({ localPart: "accueil", target: site.mailbox })).statusCode).toBe(201);
    await call("DELETE", `/api/order/${site.id}/mailboxes/${site.mailbox}?token=${site.token}`);
    expect((await aliasesOf(site.id)).map((row) => row.address)).toEqual([`ventes@${site.domain}`]);
    await expect(
      deliverFromOutside(host.endpoints(), {
        from: "a@ailleurs.test",
        to: `accueil@${site.domain}`,
        subject: "?",
        text: "?",
      }),
    ).rejects.toThrow(/User unknown/);
  });

  it("shows the admin an order's mailboxes with their use and its aliases, and nobody else", async () => {
    const site = await givenSiteWithMailbox();
    await call("POST", `/api/order/${site.id}/mail-aliases?token=${site.token}`, {
      localPart: "info",
      target: site.mailbox,
    });
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: site.mailbox,
      subject: "Pour la taille",
      text: "x".repeat(5000),
    });
    await waitForMessage(host.endpoints(), site.mailbox, site.password, "Pour la taille");
    const url = `/api/admin/orders/${site.id}/mailboxes`;
    const res = await call("GET", `${url}?token=${TEST_ADMIN_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      domain: site.domain,
      allowance: 5,
      aliases: [
        expect.objectContaining({ address: `info@${site.domain}`, target: site.mailbox, kind: "alias" }),
      ],
    });
    expect(res.json().mailboxes).toEqual([expect.objectContaining({ address: site.mailbox })]);
    expect(res.json().mailboxes[0].used_bytes).toBeGreaterThan(5000);

    expect((await call("GET", url)).statusCode).toBe(401);
    expect((await call("GET", `${url}?token=${site.token}`)).statusCode).toBe(403);
    const missing = await call(
      "GET",
      `/api/admin/orders/${crypto.randomUUID()}/mailboxes?token=${TEST_ADMIN_TOKEN}`,
    );
    expect(missing.statusCode).toBe(404);
  });
});
