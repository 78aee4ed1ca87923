import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KozaWizard } from "./koza-wizard";

const ORDER = "0b7c2d8e-1111-4222-8333-444455556666";

function renderWizard() {
  return render(
    <MemoryRouter initialEntries={["/koza-questionnaire"]}>
      <Routes>
        <Route path="/koza-questionnaire" element={<KozaWizard orderId={ORDER} token="jeton" />} />
        <Route path="/dashboard/:orderId" element={<p>Tableau de bord</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const next = () => fireEvent.click(screen.getByRole("button", { name: "Suivant" }));
/** A text field by its accessible name: the required marker '*' is hidden from it. */
const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const image = (name: string, type = "image/jpeg") => new File([new Uint8Array([1, 2, 3])], name, { type });

/** Every required answer, from the first step to the last. */
function fillRequired() {
  type("Type d'activité", "Plombier");
  type("Nom de l'entreprise", "Plomberie Grondin");
  type("Description courte (2-3 phrases)", "Dépannage dans le Sud.");
  next();
  for (const i of [1, 2, 3]) type(`Service ${i}`, `Service n° ${i}`);
  type("Ce qui vous distingue", "Rapide");
  next();
  next();
  type("Téléphone", "0262 00 00 00");
  type("E-mail", "contact@grondin.re");
  type("Adresse complète", "1 rue des Lilas, 97410 Saint-Pierre");
  next();
}

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, "alert").mockImplementation((m) => {
    alerts.push(String(m));
  });
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("KozaWizard", () => {
  it("walks the five steps in order; previous is disabled first, submit only on the last step", () => {
    renderWizard();
    const steps = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(steps).toEqual([
      "1Votre activité",
      "2Vos services",
      "3Votre identité",
      "4Informations contact",
      "5Validation",
    ]);
    expect((screen.getByRole("button", { name: "Précédent" }) as HTMLButtonElement).disabled).toBe(true);
    for (const title of ["Votre activité", "Vos services", "Votre identité", "Informations contact"]) {
      expect(screen.getByRole("heading", { level: 2 }).textContent).toContain(title);
      expect(screen.queryByRole("button", { name: "Générer mon site !" })).toBeNull();
      next();
    }
    expect(screen.getByRole("heading", { level: 2 }).textContent).toContain("Validation");
    expect(screen.queryByRole("button", { name: "Suivant" })).toBeNull();
    expect(screen.getByRole("button", { name: "Générer mon site !" })).toBeTruthy();
    expect(screen.getByText(/La génération prend environ 15 minutes\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Précédent" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toContain("Informations contact");
  });

  it("marks the required fields with the browser's required attribute only", () => {
    renderWizard();
    const required = (name: string) => field(name).required;
    expect(required("Type d'activité")).toBe(true);
    expect(required("Nom de l'entreprise")).toBe(true);
    expect(required("Description courte (2-3 phrases)")).toBe(true);
    expect(required("Votre clientèle (optionnel)")).toBe(false);
    next(); // nothing filled: moving on is not blocked
    for (const label of ["Service 1", "Service 2", "Service 3", "Ce qui vous distingue"])
      expect(required(label)).toBe(true);
    next();
    expect((screen.getByLabelText("Couleur principale") as HTMLInputElement).value).toBe("#ff6b35");
    expect((screen.getByLabelText("Couleur secondaire") as HTMLInputElement).value).toBe("#4a5568");
    const style = screen.getByLabelText("Style") as HTMLSelectElement;
    expect(style.value).toBe("modern");
    expect([...style.options].map((o) => o.textContent)).toEqual([
      "Moderne",
      "Classique",
      "Audacieux",
      "Minimaliste",
    ]);
    next();
    expect(required("Téléphone")).toBe(true);
    expect(field("E-mail").type).toBe("email");
    expect(screen.getByText("Téléphone").textContent).toBe("Téléphone *");
    expect(required("E-mail")).toBe(true);
    expect(required("Adresse complète")).toBe(true);
    expect(required("Horaires d'ouverture (optionnel)")).toBe(false);
  });

  it("keeps at most five photos, images only, each removable with its thumbnail", () => {
    renderWizard();
    next();
    next();
    const input = screen.getByLabelText("Photos de vos réalisations (optionnel)");
    fireEvent.change(input, {
      target: { files: [image("a.jpg"), image("notes.pdf", "application/pdf"), image("b.png", "image/png")] },
    });
    expect(screen.getAllByRole("img").map((i) => i.getAttribute("alt"))).toEqual([
      "la photo a.jpg",
      "la photo b.png",
    ]);
    expect(
      screen.getByText("« notes.pdf » n'est pas une image JPEG, PNG ou WebP : fichier non ajouté.").role,
    ).toBe("status");
    fireEvent.change(input, {
      target: { files: ["c", "d", "e", "f"].map((n) => image(`${n}.webp`, "image/webp")) },
    });
    expect(screen.getAllByRole("img")).toHaveLength(5);
    expect(screen.getByText("5 photos au maximum : 1 photo non ajoutée.")).toBeTruthy();
    expect((input as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Retirer la photo b.png" }));
    expect(screen.getAllByRole("img").map((i) => i.getAttribute("alt"))).not.toContain("la photo b.png");
    expect((input as HTMLInputElement).disabled).toBe(false);
  });

  it("sends the answers and files as multipart, alerts the success text and returns to the dashboard", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ success: true }));
    vi.stubGlobal("fetch", fetch);
    renderWizard();
    type("Type d'activité", "Boulangerie artisanale");
    type("Nom de l'entreprise", "Boulangerie Payet");
    type("Description courte (2-3 phrases)", "Pains au levain.");
    next();
    type("Service 1", "Pains");
    type("Service 2", "Gâteaux sur commande");
    type("Service 3", "Livraison");
    type("Ce qui vous distingue", "Le feu de bois");
    next();
    fireEvent.change(screen.getByLabelText("Logo (optionnel)"), {
      target: { files: [image("logo.png", "image/png")] },
    });
    fireEvent.change(screen.getByLabelText("Photos de vos réalisations (optionnel)"), {
      target: { files: [image("four.jpg"), image("pains.jpg")] },
    });
    next();
    type("Téléphone", "0262 00 00 00");
    type("E-mail", "contact@payet.re");
    type("Adresse complète", "1 rue du Four, 97460 Saint-Paul");
    next();
    expect(screen.getByText("Boulangerie Payet · Boulangerie artisanale")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Générer mon site !" }));

    await waitFor(() => expect(screen.getByText("Tableau de bord")).toBeTruthy());
    expect(alerts).toEqual(["Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min)."]);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/koza/generate-site?order_id=${ORDER}&token=jeton`);
    const form = init.body as FormData;
    expect(form.get("order_id")).toBe(ORDER);
    expect(form.get("token")).toBe("jeton");
    expect(JSON.parse(form.get("koza_data") as string)).toMatchObject({
      businessName: "Boulangerie Payet",
      services: ["Pains", "Gâteaux sur commande", "Livraison"],
      colors: { primary: "#ff6b35", secondary: "#4a5568" },
      style: "modern",
      additionalPages: [],
      contactInfo: { email: "contact@payet.re" },
    });
    expect((form.get("logo") as File).name).toBe("logo.png");
    expect((form.get("photo_0") as File).name).toBe("four.jpg");
    expect((form.get("photo_1") as File).name).toBe("pains.jpg");
    expect(form.get("photo_2")).toBeNull();
  });

  it.each([
    [
      "the server's detail",
      Response.json({ detail: "5 photos au maximum." }, { status: 400 }),
      "Erreur: 5 photos au maximum.",
    ],
    [
      "'Échec de génération' without one",
      new Response("oups", { status: 502 }),
      "Erreur: Échec de génération",
    ],
  ])("on failure alerts 'Erreur: ' with %s and stays on the questionnaire", async (_, response, message) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => response),
    );
    renderWizard();
    fillRequired();
    fireEvent.click(screen.getByRole("button", { name: "Générer mon site !" }));
    await waitFor(() => expect(alerts).toEqual([message]));
    expect((screen.getByRole("button", { name: "Générer mon site !" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText("Tableau de bord")).toBeNull();
  });

  it("a rate limit's refusal is said in the page with when to try again, the answers kept", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { detail: "Trop de tentatives. Veuillez patienter avant de réessayer." },
          { status: 429, headers: { "Retry-After": "30" } },
        ),
      ),
    );
    renderWizard();
    fillRequired();
    fireEvent.click(screen.getByRole("button", { name: "Générer mon site !" }));
    const refusal = await screen.findByText(/^Trop de demandes en peu de temps/);
    expect(refusal.getAttribute("role")).toBe("alert");
    expect(refusal.textContent).toMatch(/Réessayez dans 30 secondes \(à partir de \d\d:\d\d\)\.$/);
    expect(alerts).toEqual([]);
    expect((screen.getByRole("button", { name: "Générer mon site !" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText("Tableau de bord")).toBeNull();
  });

  it("lists every missing answer on the last step, sends nothing, and leads each to its field", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWizard();
    type("Nom de l'entreprise", "Plomberie Grondin");
    next();
    next();
    next();
    type("E-mail", "pas-une-adresse");
    next();
    const list = screen.getByRole("region", { name: "9 champs à compléter avant de générer votre site" });
    expect([...list.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Type d'activité (étape 1)",
      "Description courte (2-3 phrases) (étape 1)",
      "Service 1 (étape 2)",
      "Service 2 (étape 2)",
      "Service 3 (étape 2)",
      "Ce qui vous distingue (étape 2)",
      "Téléphone (étape 4)",
      "E-mail : adresse invalide (étape 4)",
      "Adresse complète (étape 4)",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Générer mon site !" }));
    expect(document.activeElement).toBe(list);
    expect(fetch).not.toHaveBeenCalled();
    expect(alerts).toEqual([]);
    fireEvent.click(screen.getByRole("link", { name: "Service 2 (étape 2)" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toContain("Vos services");
    expect(document.activeElement).toBe(field("Service 2"));
  });
});
