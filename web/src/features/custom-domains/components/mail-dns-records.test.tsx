import type { MailDnsCheck } from "@lagon/contracts/custom-domain-schemas";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MailDnsRecords } from "./mail-dns-records";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const URL = `/api/order/${ORDER}/domain/mail-records?token=jeton`;

const record = (label: string, over: Partial<MailDnsCheck["records"][number]> = {}) => ({
  type: "TXT" as const,
  label,
  name: "payet.re",
  value: "v=spf1 mx a:mail.lagon-sites.re ~all",
  priority: null,
  purpose: `Rôle de ${label}.`,
  status: "ok" as const,
  detail: null,
  ...over,
});

const FIRST: MailDnsCheck = {
  domain: "payet.re",
  checked_at: "2026-11-22T09:00:00Z",
  records: [
    record("MX", {
      type: "MX",
      value: "mail.lagon-sites.re",
      priority: 10,
      status: "missing",
      detail: "Aucun serveur de courrier (MX) pour payet.re : créez l'enregistrement MX.",
    }),
    record("SPF", {
      status: "wrong",
      detail: "L'enregistrement SPF de payet.re n'autorise pas notre serveur : ajoutez « mx ».",
    }),
    record("DKIM", { name: "lagon._domainkey.payet.re", value: "v=DKIM1; k=rsa; p=MIIBIjANBg" }),
  ],
};

afterEach(() => vi.unstubAllGlobals());

function api(answers: { status: number; body: unknown }[]) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe(URL);
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("MailDnsRecords", () => {
  it("shows each mail record with what to put where and what the check found, then checks again", async () => {
    const fetch = api([
      { status: 200, body: FIRST },
      {
        status: 200,
        body: {
          ...FIRST,
          records: FIRST.records.map((r) => ({ ...r, status: "ok", detail: null })),
          checked_at: "2026-11-22T10:00:00Z",
        },
      },
    ]);
    render(<MailDnsRecords orderId={ORDER} token="jeton" />);
    expect(await screen.findByText(/1 enregistrement correct sur 3\./)).toBeTruthy();
    expect(screen.getByText(/Dernière vérification : 22 novembre 2026 à 13:00/)).toBeTruthy();
    // No record for mail programs: they find their answers on the domain itself (decision 0114).
    expect(screen.getByText(/Rien à ajouter pour Thunderbird ni Outlook/)).toBeTruthy();
    const items = [...document.querySelectorAll(".dns-list > li")];
    expect(items.map((li) => li.getAttribute("data-status"))).toEqual(["missing", "wrong", "ok"]);
    expect(items[0]?.textContent).toMatch(
      /^MX : À créerRôle de MX\.TypeMX \(priorité 10\)Nompayet\.reValeurmail\.lagon-sites\.reAucun serveur/,
    );
    expect(items[1]?.querySelector(".dashboard-error")?.textContent).toMatch(/ajoutez « mx »/);
    expect(items[2]?.textContent).toMatch(
      /^DKIM : Correct.*Nomlagon\._domainkey\.payet\.reValeurv=DKIM1; k=rsa; p=MIIBIjANBg$/,
    );

    fireEvent.click(screen.getByRole("button", { name: "Vérifier à nouveau" }));
    expect(await screen.findByText(/Tous vos enregistrements e-mail sont corrects\./)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("shows the server's French refusal (a plan without mail, a host down)", async () => {
    const detail = "L'offre Libre ne comprend pas d'adresse e-mail : passez à l'offre Starter ou Business.";
    api([{ status: 403, body: { detail } }]);
    render(<MailDnsRecords orderId={ORDER} token="jeton" />);
    expect((await screen.findByRole("alert")).textContent).toBe(detail);
    await waitFor(() => expect(screen.getByRole("button", { name: "Vérifier à nouveau" })).toBeTruthy());
    expect(document.querySelector(".dns-list")).toBeNull();
  });
});
