import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN_TOKEN } from "../../test/test-context.ts";

const marie = {
  name: "Marie Payet",
  business: "Boulangerie Payet, Saint-Paul",
  text: "Mon site était en ligne avant la fin de mon café.",
  rating: 5,
  consented_on: "2026-03-14",
  site_url: "https://boulangerie-payet.example.re",
};

describe("testimonials", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const admin = (method: "GET" | "POST" | "PUT" | "DELETE", path = "", payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/admin/testimonials${path}?token=${TEST_ADMIN_TOKEN}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const publicList = async () => (await t.app.inject({ method: "GET", url: "/api/testimonials" })).json();

  it("shows none on a fresh install", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/testimonials" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ testimonials: [] });
    // Revalidated on each load: a deleted testimonial never lingers in a cache.
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("adds, lists, edits and deletes a testimonial; the public list follows, without the consent date", async () => {
    const created = await admin("POST", "", { ...marie, name: "  Marie Payet " });
    expect(created.statusCode).toBe(201);
    const { id, detail } = created.json();
    expect(detail).toBe("Témoignage ajouté : il apparaît sur la page d'accueil.");

    expect((await admin("GET")).json().testimonials).toEqual([{ id, ...marie }]);
    const { consented_on: _, ...shown } = marie;
    expect(await publicList()).toEqual({ testimonials: [{ id, ...shown }] });

    const edited = await admin("PUT", `/${id}`, { ...marie, rating: 4, site_url: "" });
    expect(edited.statusCode).toBe(200);
    expect((await publicList()).testimonials[0]).toMatchObject({ rating: 4, site_url: null });

    const second = (
      await admin("POST", "", { ...marie, name: "Jean Hoarau", business: "Garage Hoarau" })
    ).json();
    expect((await publicList()).testimonials.map((x: { name: string }) => x.name)).toEqual([
      "Marie Payet",
      "Jean Hoarau",
    ]);

    expect((await admin("DELETE", `/${id}`)).json().detail).toBe(
      "Témoignage supprimé : il n'apparaît plus sur la page d'accueil.",
    );
    expect((await publicList()).testimonials.map((x: { id: string }) => x.id)).toEqual([second.id]);
    await admin("DELETE", `/${second.id}`);
  });

  it.each([
    ["no name", { ...marie, name: "  " }, "Le nom de la personne est obligatoire."],
    ["no business", { ...marie, business: undefined }, "L'entreprise est obligatoire."],
    ["no text", { ...marie, text: "" }, "Le texte du témoignage est obligatoire."],
    [
      "a text too long",
      { ...marie, text: "a".repeat(1001) },
      "Témoignage trop long (1000 caractères au plus).",
    ],
    ["a rating of 6", { ...marie, rating: 6 }, "La note doit être un nombre entier de 1 à 5."],
    ["a rating of 0", { ...marie, rating: 0 }, "La note doit être un nombre entier de 1 à 5."],
    ["a rating of 4.5", { ...marie, rating: 4.5 }, "La note doit être un nombre entier de 1 à 5."],
    ["a rating as text", { ...marie, rating: "cinq" }, "La note doit être un nombre entier de 1 à 5."],
    ["no consent date", { ...marie, consented_on: undefined }, "La date d'accord est obligatoire"],
    ["an impossible date", { ...marie, consented_on: "2026-02-30" }, "La date d'accord est obligatoire"],
    ["a date in the future", { ...marie, consented_on: "2999-01-01" }, "ne peut pas être dans le futur"],
    [
      "a site that is not a web address",
      { ...marie, site_url: "javascript:alert(1)" },
      "Adresse du site invalide",
    ],
    ["a site without scheme", { ...marie, site_url: "boulangerie.re" }, "Adresse du site invalide"],
  ])("refuses %s with a French 400 and stores nothing", async (_, payload, detail) => {
    const res = await admin("POST", "", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect((await publicList()).testimonials).toEqual([]);
  });

  it("answers bad requests with a 4xx, never a 5xx", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: `/api/admin/testimonials?token=${TEST_ADMIN_TOKEN}`,
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().detail).toBe("Requête invalide.");
    expect((await admin("POST", "", [])).statusCode).toBe(400);
    const badId = await admin("PUT", "/pas-un-id", marie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().detail).toBe("Identifiant de témoignage invalide.");
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const res of [await admin("PUT", `/${unknown}`, marie), await admin("DELETE", `/${unknown}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe("Témoignage introuvable.");
    }
  });

  it("keeps every change behind the admin token", async () => {
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/testimonials", payload: marie });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/admin/testimonials?token=faux",
      payload: marie,
    });
    expect(wrong.statusCode).toBe(403);
    expect((await publicList()).testimonials).toEqual([]);
  });
});
