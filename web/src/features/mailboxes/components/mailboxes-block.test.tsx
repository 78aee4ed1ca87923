import { MAILBOX_MESSAGES } from "@lagon/contracts/mailboxes";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminMailboxes } from "./admin-mailboxes";
import { MailboxesBlock } from "./mailboxes-block";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";
const GO = 1024 ** 3;
const CONTACT = {
  address: "contact@payet.localhost",
  used_bytes: 2_400_000,
  quota_bytes: 5 * GO,
  vacation: null,
  created_at: "2026-11-20T06:30:00Z",
};
const LIST = {
  domain: "payet.localhost",
  domains: ["payet.localhost"],
  allowance: 5,
  quota_bytes: 5 * GO,
  mailboxes: [CONTACT],
  aliases: [
    {
      address: "devis@payet.localhost",
      target: "contact@payet.localhost",
      kind: "alias",
      created_at: "2026-11-21T06:30:00Z",
    },
  ],
  settings: {
    host: "127.0.0.1",
    imap_port: 2543,
    smtp_port: 2587,
    webmail_url: "http://webmail.localhost:2580/",
    apple_profile_signed: false,
  },
  unavailable_reason: null,
  outside_plan: null,
};

afterEach(() => vi.unstubAllGlobals());

function api(list: unknown, answers: Record<string, { status: number; body: unknown }> = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url}`;
    const answer = answers[key];
    if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status });
    expect(key).toBe(`GET /api/order/${ORDER}/mailboxes?token=jeton`);
    return new Response(JSON.stringify(list), { status: 200 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("MailboxesBlock", () => {
  it("says the Apple profile is signed by the mail host when the operator gave its certificate", async () => {
    api({ ...LIST, settings: { ...LIST.settings, apple_profile_signed: true } });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    expect(
      await screen.findByText(/est signé par 127\.0\.0\.1 : l'appareil l'affiche comme vérifié/),
    ).toBeTruthy();
    expect(screen.queryByText(/n'est pas signé/)).toBeNull();
  });

  it("shows the webmail's address, and turns a mailbox's out-of-office reply on, saying its dates in French", async () => {
    const url = `PUT /api/order/${ORDER}/mailboxes/contact%40payet.localhost/vacation?token=jeton`;
    const saved = {
      ...CONTACT,
      vacation: {
        enabled: true,
        subject: "Fermé",
        message: "De retour lundi.",
        start: "2026-12-24",
        end: "2027-01-02",
      },
    };
    const fetch = api(LIST, { [url]: { status: 200, body: saved } });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    const link = await screen.findByRole("link", { name: "http://webmail.localhost:2580/" });
    expect(link.getAttribute("href")).toBe("http://webmail.localhost:2580/");
    // The settings for a mail program: STARTTLS on both (the host refuses a login without it).
    expect(
      screen.getByText(/Réception \(IMAP\) : serveur 127\.0\.0\.1, port 2543, sécurité STARTTLS/),
    ).toBeTruthy();
    expect(
      screen.getByText(/Envoi \(SMTP\) : serveur 127\.0\.0\.1, port 2587, sécurité STARTTLS/),
    ).toBeTruthy();
    expect(screen.getByText("Réponse automatique désactivée")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Réponse automatique de contact@payet.localhost" }));
    fireEvent.change(screen.getByLabelText("Objet"), { target: { value: "Fermé" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "De retour lundi." } });
    fireEvent.change(screen.getByLabelText("Du (facultatif)"), { target: { value: "2026-12-24" } });
    fireEvent.change(screen.getByLabelText("Au (facultatif)"), { target: { value: "2027-01-02" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(
      await screen.findByText(
        "contact@payet.localhost : Réponse automatique activée du 24 décembre 2026 au 2 janvier 2027.",
      ),
    ).toBeTruthy();
    const call = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      enabled: true,
      subject: "Fermé",
      message: "De retour lundi.",
      start: "2026-12-24",
      end: "2027-01-02",
    });
  });

  it("shows the server's French refusal of an out-of-office reply", async () => {
    const url = `PUT /api/order/${ORDER}/mailboxes/contact%40payet.localhost/vacation?token=jeton`;
    api(LIST, { [url]: { status: 400, body: { detail: MAILBOX_MESSAGES.vacationEndBeforeStart } } });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Réponse automatique de contact@payet.localhost" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MAILBOX_MESSAGES.vacationEndBeforeStart);
  });

  it("lists the addresses with their use, and shows a new address's password once", async () => {
    const created = {
      mailbox: { ...CONTACT, address: "devis@payet.localhost", used_bytes: 0 },
      password: "Ab3dEf6hJk8mNp2q",
    };
    const fetch = api(LIST, {
      [`POST /api/order/${ORDER}/mailboxes?token=jeton`]: { status: 201, body: created },
    });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText("contact@payet.localhost", { selector: "strong" })).toBeTruthy();
    expect(screen.getByText("2,3 Mo utilisés sur 5 Go")).toBeTruthy();
    expect(screen.getByText(/Votre offre comprend 5 adresses de 5 Go chacune/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Nouvelle adresse"), { target: { value: "Devis" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'adresse" }));
    expect(await screen.findByText("Ab3dEf6hJk8mNp2q")).toBeTruthy();
    expect(screen.getByText(/il ne sera plus affiché/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/order/${ORDER}/mailboxes?token=jeton`,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ localPart: "devis" }) }),
    );
  });

  it("offers the site's live custom domain beside its own for a new address and a new alias", async () => {
    const created = {
      mailbox: { ...CONTACT, address: "contact@payet.re", used_bytes: 0 },
      password: "Ab3dEf6hJk8mNp2q",
    };
    const fetch = api(
      { ...LIST, domains: ["payet.localhost", "payet.re"] },
      {
        [`POST /api/order/${ORDER}/mailboxes?token=jeton`]: { status: 201, body: created },
        [`POST /api/order/${ORDER}/mail-aliases?token=jeton`]: {
          status: 201,
          body: {
            address: "devis@payet.re",
            target: CONTACT.address,
            kind: "alias",
            created_at: CONTACT.created_at,
          },
        },
      },
    );
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    const choices = (await screen.findAllByLabelText("Domaine de l'adresse")) as HTMLSelectElement[];
    expect(choices).toHaveLength(2);
    expect([...(choices[0]?.options ?? [])].map((o) => o.value)).toEqual(["payet.localhost", "payet.re"]);
    expect(choices[0]?.value).toBe("payet.localhost");
    fireEvent.change(screen.getByLabelText("Nouvelle adresse"), { target: { value: "contact" } });
    fireEvent.change(choices[0] as HTMLSelectElement, { target: { value: "payet.re" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'adresse" }));
    expect(await screen.findByText("Ab3dEf6hJk8mNp2q")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nouvel alias"), { target: { value: "devis" } });
    fireEvent.change(choices[1] as HTMLSelectElement, { target: { value: "payet.re" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'alias" }));
    await screen.findByText(/Alias créé : devis@payet\.re/);
    const bodies = fetch.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { localPart: "contact", domain: "payet.re" },
      { localPart: "devis", target: CONTACT.address, domain: "payet.re" },
    ]);
  });

  it("refuses a reserved name in French before asking the server", async () => {
    const fetch = api(LIST);
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    await screen.findByText("contact@payet.localhost", { selector: "strong" });
    fireEvent.change(screen.getByLabelText("Nouvelle adresse"), { target: { value: "postmaster" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'adresse" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MAILBOX_MESSAGES.reserved("postmaster"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("deletes an address only after a confirmation, and says why a Libre site has none", async () => {
    const fetch = api(LIST, {
      [`DELETE /api/order/${ORDER}/mailboxes/contact%40payet.localhost?token=jeton`]: {
        status: 200,
        body: { deleted: true },
      },
    });
    const { unmount } = render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    await screen.findByText("contact@payet.localhost", { selector: "strong" });
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("Tous ses messages sont effacés");
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Oui, supprimer cette adresse" }));
    expect(
      await screen.findByText("Adresse contact@payet.localhost supprimée, avec ses messages."),
    ).toBeTruthy();
    unmount();

    api({
      ...LIST,
      allowance: 0,
      mailboxes: [],
      settings: null,
      unavailable_reason: MAILBOX_MESSAGES.notIncluded,
    });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    expect(await screen.findByText(MAILBOX_MESSAGES.notIncluded)).toBeTruthy();
    expect(screen.queryByLabelText("Nouvelle adresse")).toBeNull();
  });

  it("tells the owner of a Libre site with addresses left that they work on, what to do, and lets them go", async () => {
    const left = ["contact@payet.localhost", "devis@payet.localhost"];
    const fetch = api(
      { ...LIST, allowance: 0, quota_bytes: 0, outside_plan: MAILBOX_MESSAGES.outsidePlan("Libre", left) },
      {
        [`DELETE /api/order/${ORDER}/mail-aliases/devis%40payet.localhost?token=jeton`]: {
          status: 200,
          body: {},
        },
      },
    );
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    expect((await screen.findByRole("note")).textContent).toBe(
      "Votre formule Libre ne comprend pas d'adresse e-mail, mais votre site a encore ces 2 adresses : contact@payet.localhost et devis@payet.localhost. Elles fonctionnent toujours et rien n'est supprimé. Pour les garder, reprenez la formule Starter ou Business (bloc « Votre abonnement ») ; sinon, récupérez les messages à garder, puis supprimez-les ci-dessous. Notre équipe en est informée.",
    );
    // Each is listed with its use, its settings and its deletion; nothing new can be made.
    expect(screen.getByText("2,3 Mo utilisés sur 5 Go")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nouveau mot de passe" })).toBeTruthy();
    expect(screen.getByText("Réglages pour votre logiciel de messagerie")).toBeTruthy();
    expect(screen.queryByText(/Votre offre comprend/)).toBeNull();
    expect(screen.queryByLabelText("Nouvelle adresse")).toBeNull();
    expect(screen.queryByLabelText("Nouvel alias")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer devis@payet.localhost" }));
    expect(
      await screen.findByText(
        "devis@payet.localhost supprimé : les messages envoyés à cette adresse seront refusés.",
      ),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/order/${ORDER}/mail-aliases/devis%40payet.localhost?token=jeton`,
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("offers each address's Apple profile, and makes a forward to an outside address", async () => {
    const forward = {
      address: "patron@payet.localhost",
      target: "jean@gmail.com",
      kind: "forward",
      created_at: "2026-11-22T06:30:00Z",
    };
    const fetch = api(LIST, {
      [`POST /api/order/${ORDER}/mail-aliases?token=jeton`]: { status: 201, body: forward },
    });
    render(<MailboxesBlock orderId={ORDER} token="jeton" />);
    const profile = await screen.findByRole("link", {
      name: "Profil iPhone, iPad et Mac pour contact@payet.localhost",
    });
    expect(profile.getAttribute("href")).toBe(
      `/api/order/${ORDER}/mailboxes/contact%40payet.localhost/apple-profile?token=jeton`,
    );
    // The embedded host's profile is unsigned, and the page says what the device will show.
    expect(screen.getByText(/n'est pas signé : l'appareil l'affiche « Non vérifié »/)).toBeTruthy();
    expect(screen.getByText("Alias")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Nouvel alias"), { target: { value: "Patron" } });
    fireEvent.change(screen.getByLabelText("Vers"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Adresse extérieure"), { target: { value: "jean@" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'alias" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MAILBOX_MESSAGES.aliasTargetInvalid);
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText("Adresse extérieure"), { target: { value: "Jean@Gmail.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer l'alias" }));
    expect(await screen.findByText("Renvoi créé : patron@payet.localhost → jean@gmail.com")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/order/${ORDER}/mail-aliases?token=jeton`,
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ localPart: "patron", target: "jean@gmail.com" }),
      }),
    );
  });
});

describe("AdminMailboxes", () => {
  it("reads the order's mailboxes only when opened, and acts on them with the admin token", async () => {
    const admin = `/api/admin/orders/${ORDER}`;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${url}`;
      if (key === `POST ${admin}/mailboxes/contact%40payet.localhost/password?token=admin`)
        return new Response(JSON.stringify({ mailbox: CONTACT, password: "Nouveau1234567890" }), {
          status: 200,
        });
      expect(key).toBe(`GET ${admin}/mailboxes?token=admin`);
      return new Response(JSON.stringify(LIST), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<AdminMailboxes orderId={ORDER} token="admin" planName="Starter" />);
    expect(fetch).not.toHaveBeenCalled();
    const details = container.querySelector("details") as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect(await screen.findByText("2,3 Mo utilisés sur 5 Go")).toBeTruthy();
    expect(screen.getByText("devis@payet.localhost")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Nouveau mot de passe" }));
    expect(await screen.findByText("Nouveau1234567890")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `${admin}/mailboxes/contact%40payet.localhost/password?token=admin`,
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("has no section on a Libre order's card, whose plan includes no mailbox", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<AdminMailboxes orderId={ORDER} token="admin" planName="Libre" />);
    expect(container.textContent).not.toContain("Adresses e-mail");
    expect(container.querySelector("details")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    // Unless addresses were left on it (decision 0110): the agency acts on them there.
    const again = render(<AdminMailboxes orderId={ORDER} token="admin" planName="Libre" outsidePlan />);
    expect(again.container.querySelector("details summary")?.textContent).toBe("Adresses e-mail");
  });
});
