import { describe, expect, it } from "vitest";
import { zoneAnswer } from "../../test/fixed-zone.ts";
import { checkDomainDns, type DnsLookup } from "./dns-check.ts";

type Zone = Record<
  string,
  { A?: string[]; AAAA?: string[]; CNAME?: string[]; CAA?: { critical: number; issue?: string }[] }
>;

/** A resolver over a fixed zone; a name listed in `failing` answers SERVFAIL. */
function lookup(zone: Zone, failing: string[] = []): DnsLookup {
  const answer = zoneAnswer(zone, failing);
  return {
    resolve4: ((name: string) => answer(name, "A")) as DnsLookup["resolve4"],
    resolve6: ((name: string) => answer(name, "AAAA")) as DnsLookup["resolve6"],
    resolveCname: (name: string) => answer(name, "CNAME"),
    resolveCaa: (name: string) => answer(name, "CAA"),
  };
}

const target = {
  domain: "payet.re",
  target: "sites.lagon.re",
  siteHost: "payet.sites.lagon.re",
  caaIdentity: "letsencrypt.org",
};
const host = { "sites.lagon.re": { A: ["203.0.113.10"], AAAA: ["2001:db8::10"] } };

describe("checkDomainDns", () => {
  it("accepts an apex with the host name's addresses (ALIAS) and www as a CNAME to the site", async () => {
    const verdict = await checkDomainDns(
      lookup({
        ...host,
        "payet.re": { A: ["203.0.113.10"] },
        "www.payet.re": { CNAME: ["payet.sites.lagon.re."] },
      }),
      target,
    );
    expect(verdict.ok).toBe(true);
  });

  it("accepts www with the same addresses instead of a CNAME, and a CAA naming our authority", async () => {
    const verdict = await checkDomainDns(
      lookup({
        ...host,
        re: { CAA: [{ critical: 0, issue: "letsencrypt.org; validationmethods=http-01" }] },
        "payet.re": { A: ["203.0.113.10"], AAAA: ["2001:db8::10"] },
        "www.payet.re": { A: ["203.0.113.10"] },
      }),
      target,
    );
    expect(verdict.ok).toBe(true);
  });

  it("names a forgotten AAAA record pointing elsewhere", async () => {
    const verdict = await checkDomainDns(
      lookup({
        ...host,
        "payet.re": { A: ["203.0.113.10"], AAAA: ["2001:db8::99"] },
        "www.payet.re": { CNAME: ["payet.sites.lagon.re"] },
      }),
      target,
    );
    expect(verdict).toMatchObject({ ok: false, kind: "wrong_record" });
    expect(!verdict.ok && verdict.reason).toMatch(
      /^payet\.re pointe vers AAAA 2001:db8::99 au lieu de sites\.lagon\.re/,
    );
  });

  it("says which record to create when there is none yet, for the apex then for www", async () => {
    const none = await checkDomainDns(lookup({ ...host }), target);
    expect(none).toEqual({
      ok: false,
      kind: "missing",
      reason:
        "Aucune adresse trouvée pour payet.re : créez l'enregistrement ALIAS payet.re → sites.lagon.re chez votre registraire.",
    });
    const noWww = await checkDomainDns(lookup({ ...host, "payet.re": { A: ["203.0.113.10"] } }), target);
    expect(noWww).toMatchObject({ ok: false, kind: "missing" });
    expect(!noWww.ok && noWww.reason).toMatch(/CNAME www\.payet\.re → payet\.sites\.lagon\.re/);
  });

  it("blocks on a parent's CAA that forbids every authority", async () => {
    const verdict = await checkDomainDns(
      lookup({ ...host, re: { CAA: [{ critical: 0, issue: ";" }] }, "payet.re": { A: ["203.0.113.10"] } }),
      target,
    );
    expect(verdict).toMatchObject({ ok: false, kind: "caa" });
    expect(!verdict.ok && verdict.reason).toMatch(/^L'enregistrement CAA de re n'autorise aucune autorité/);
  });

  it("reports a DNS server that fails as unreachable, not as a customer's mistake", async () => {
    const verdict = await checkDomainDns(lookup({ ...host }, ["payet.re"]), target);
    expect(verdict).toMatchObject({ ok: false, kind: "unreachable" });
  });
});
