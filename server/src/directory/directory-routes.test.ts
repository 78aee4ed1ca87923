import { DirectoryQuery } from "@lagon/contracts/directory-schemas";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { updateSite } from "../sites/sites-table.ts";
import { directoryPage } from "./list-directory.ts";

describe("GET /api/directory", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  /** Live, and showing content of its own: filled by Koza, or its home page changed (or neither). */
  const live = async (id: string, activatedAt: string, content: "koza" | "own" | "none" = "own") => {
    await updateSite(t.ctx.db, id, {
      setup: "active",
      activatedAt: new Date(activatedAt),
      kozaStatus: content === "koza" ? "completed" : null,
      filledAt: content === "own" ? new Date(activatedAt) : null,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const garage = await givenPaidOrder(t.ctx, {
      subdomain: "garage-hoarau",
      companyName: "Garage Hoarau",
      city: "Saint-Pierre",
      country: "Réunion",
      category: "Automobile / Transport",
      directoryOptIn: true,
      kozaOption: true,
    });
    const creole = await givenPaidOrder(t.ctx, {
      subdomain: "epicerie-creole",
      companyName: "Épicerie Créole",
      city: "Fort-de-France",
      country: "Martinique",
      category: "Commerce / Retail",
      directoryOptIn: true,
    });
    const bakery = await givenPaidOrder(t.ctx, {
      subdomain: "boulangerie-payet",
      companyName: null,
      city: "Saint-Paul",
      country: "Réunion",
      category: "Commerce / Retail",
      directoryOptIn: true,
    });
    const hidden = await givenPaidOrder(t.ctx, { subdomain: "discret", directoryOptIn: false });
    await givenPaidOrder(t.ctx, { subdomain: "pas-encore", directoryOptIn: true });
    // Live, but still the installer's "en cours de préparation" home page.
    const placeholder = await givenPaidOrder(t.ctx, { subdomain: "en-preparation", directoryOptIn: true });
    await live(placeholder, "2026-06-01T08:00:00Z", "none");
    await live(garage, "2026-03-10T08:00:00Z", "koza");
    await live(creole, "2026-04-01T08:00:00Z");
    await live(bakery, "2026-02-01T08:00:00Z");
    await live(hidden, "2026-05-01T08:00:00Z");
  });
  afterAll(() => t?.close());

  const get = async (query = "") => {
    const res = await t.app.inject({ url: `/api/directory${query}` });
    return { status: res.statusCode, body: res.json() };
  };
  const subdomains = (body: { sites: { subdomain: string }[] }) => body.sites.map((s) => s.subdomain);

  it("lists only live opted-in sites showing their own content, newest first, with the directory's country names and counters", async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(subdomains(body)).toEqual(["epicerie-creole", "garage-hoarau", "boulangerie-payet"]);
    expect(body.sites[1]).toEqual({
      subdomain: "garage-hoarau",
      company_name: "Garage Hoarau",
      city: "Saint-Pierre",
      category: "Automobile / Transport",
      country: "La Réunion",
      url: expect.stringMatching(/^http:\/\/garage-hoarau\.localhost:\d+$/),
      has_koza: true,
      created_at: "2026-03-10T08:00:00.000Z",
      screenshot_url: null,
    });
    // A site without company name shows (and is found by) its subdomain.
    expect(body.sites[2].company_name).toBe("boulangerie-payet");
    expect(body).toMatchObject({ total: 3, page: 1, per_page: 12, counts: { online: 3, koza: 1 } });
  });

  it("pages on the server: the total and the counters stay those of the whole directory", async () => {
    const first = await get("?per_page=2&page=1");
    const second = await get("?per_page=2&page=2");
    const beyond = await get("?per_page=2&page=3");
    expect(subdomains(first.body)).toEqual(["epicerie-creole", "garage-hoarau"]);
    expect(subdomains(second.body)).toEqual(["boulangerie-payet"]);
    expect(beyond.body.sites).toEqual([]);
    for (const { body } of [first, second, beyond]) {
      expect(body).toMatchObject({ total: 3, per_page: 2, counts: { online: 3, koza: 1 } });
    }
  });

  it("searches company, city and category without caring for accents or capitals", async () => {
    expect(subdomains((await get("?q=EPICERIE")).body)).toEqual(["epicerie-creole"]);
    expect(subdomains((await get(`?q=${encodeURIComponent("SAINT-PIÈRRE")}`)).body)).toEqual([
      "garage-hoarau",
    ]);
    expect(subdomains((await get("?q=saint-p")).body)).toEqual(["garage-hoarau", "boulangerie-payet"]);
    expect(subdomains((await get("?q=transport")).body)).toEqual(["garage-hoarau"]);
    expect(subdomains((await get("?q=boulangerie")).body)).toEqual(["boulangerie-payet"]);
    // A percent sign is a plain character, not a pattern.
    expect((await get("?q=%25")).body).toMatchObject({ sites: [], total: 0, counts: { online: 3 } });
  });

  it("filters by category and by country (the directory's names), combined with the search", async () => {
    const retail = encodeURIComponent("Commerce / Retail");
    expect(subdomains((await get(`?category=${retail}`)).body)).toEqual([
      "epicerie-creole",
      "boulangerie-payet",
    ]);
    expect(subdomains((await get(`?country=${encodeURIComponent("La Réunion")}`)).body)).toEqual([
      "garage-hoarau",
      "boulangerie-payet",
    ]);
    const both = await get(`?category=${retail}&country=Martinique&q=creole`);
    expect(subdomains(both.body)).toEqual(["epicerie-creole"]);
    expect(both.body.total).toBe(1);
    // An empty filter is no filter (the "Toutes les catégories" choice).
    expect((await get("?category=&country=&q=")).body.total).toBe(3);
  });

  it("reads a page in the order of the sites' directory index, without sorting", async () => {
    // A handful of rows would rightly be read whole and sorted: with both made costly, the plan
    // shows whether an index gives the page in its order (the partial index's predicate and order
    // match the query's), as it does on a real directory.
    for (const query of [{}, { q: "saint", category: "Commerce / Retail" }]) {
      const plan = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const page = directoryPage({ db: tx }, DirectoryQuery.parse(query));
        const { rows } = (await tx.execute(sql`explain ${page.getSQL()}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
      expect(plan, plan).toMatch(/Index Scan using sites_directory_idx on sites/);
      expect(plan, plan).not.toMatch(/Sort/);
    }
  });

  it("refuses unknown filters and bad page numbers in French", async () => {
    for (const query of [
      "?category=Pirates",
      "?country=Atlantide",
      "?page=0",
      "?per_page=500",
      "?page=abc",
    ]) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body.detail, query).toMatch(/[a-zé]/);
    }
    expect((await get("?category=Pirates")).body.detail).toContain("Catégorie inconnue.");
  });
});
