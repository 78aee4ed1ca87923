import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { zoneAnswer } from "../../test/fixed-zone.ts";
import type { MailDnsLookup } from "./dns-check.ts";
import { checkMailDns } from "./mail-dns-check.ts";
import { mailDnsRecords } from "./mail-dns-records.ts";

type Zone = Record<string, { MX?: { exchange: string; priority: number }[]; TXT?: string[][] }>;

/** A resolver over a fixed zone (for what challtestsrv cannot serve: MX, TXT over 255 bytes). */
function lookup(zone: Zone, failing: string[] = []): MailDnsLookup {
  const answer = zoneAnswer(zone, failing);
  return {
    resolveMx: ((name: string) => answer(name, "MX")) as MailDnsLookup["resolveMx"],
    resolveTxt: ((name: string) => answer(name, "TXT")) as MailDnsLookup["resolveTxt"],
  };
}

const key = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64");
const dkim = { name: "lagon._domainkey.payet.re", value: `v=DKIM1; k=rsa; p=${key}` };
const expected = mailDnsRecords({ BASE_DOMAIN: "lagon-sites.re" }, "payet.re", dkim);
/** The DKIM value cut in 255-byte strings, as registrars publish a long TXT. */
const chunks = (value: string) => value.match(/.{1,255}/g) ?? [];

const statuses = async (zone: Zone, failing: string[] = []) =>
  Object.fromEntries(
    (await checkMailDns(lookup(zone, failing), expected)).map((r) => [r.label, [r.status, r.detail]]),
  );

describe("checkMailDns", () => {
  it("accepts every record set as asked, a long DKIM key in several strings included", async () => {
    const found = await statuses({
      "payet.re": {
        MX: [{ exchange: "mail.lagon-sites.re.", priority: 10 }],
        TXT: [["google-site-verification=abc"], ["v=spf1 mx a:mail.lagon-sites.re ~all"]],
      },
      "lagon._domainkey.payet.re": { TXT: [chunks(dkim.value)] },
      "_dmarc.payet.re": { TXT: [["v=DMARC1; p=reject; rua=mailto:dmarc@payet.re"]] },
    });
    for (const [label, [status]] of Object.entries(found)) expect([label, status]).toEqual([label, "ok"]);
  });

  it("says what to create when nothing is set", async () => {
    const found = await statuses({});
    expect(found.MX).toEqual([
      "missing",
      "Aucun serveur de courrier (MX) pour payet.re : créez l'enregistrement MX payet.re → mail.lagon-sites.re chez votre registraire.",
    ]);
    expect(found.DKIM?.[0]).toBe("missing");
    // Nothing for mail programs: they find their answers on the domain itself (decision 0114).
    expect(Object.keys(found)).toEqual(["MX", "SPF", "DKIM", "DMARC"]);
  });

  it("names an MX of another provider left beside ours, and another key than the host's", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    const found = await statuses({
      "payet.re": {
        MX: [
          { exchange: "mail.lagon-sites.re", priority: 10 },
          { exchange: "mx1.ovh.net", priority: 5 },
        ],
        TXT: [["v=spf1 include:mx.ovh.com ~all"]],
      },
      "lagon._domainkey.payet.re": { TXT: [[`v=DKIM1; k=rsa; p=${other}`]] },
      "_dmarc.payet.re": { TXT: [["v=DMARC1; p=quarantine"], ["v=DMARC1; p=none"]] },
    });
    expect(found.MX).toEqual([
      "wrong",
      "payet.re envoie aussi son courrier à mx1.ovh.net : supprimez ces enregistrements MX et gardez seulement MX payet.re → mail.lagon-sites.re (priorité 10), sans quoi une partie de vos messages n'arrive pas dans vos boîtes.",
    ]);
    expect(found.SPF?.[0]).toBe("wrong");
    expect(found.DKIM?.[0]).toBe("wrong");
    expect(found.DMARC?.[1]).toMatch(/a 2 enregistrements TXT « v=DMARC1 »/);
  });

  it("reports a DNS server that fails as not checked, not as a customer's mistake", async () => {
    const found = await statuses({}, ["payet.re"]);
    expect(found.MX?.[0]).toBe("unreachable");
    expect(found.SPF?.[0]).toBe("unreachable");
    expect(found.DMARC?.[0]).toBe("missing");
  });
});
