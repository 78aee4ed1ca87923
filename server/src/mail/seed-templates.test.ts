import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-context.ts";
import { emailTemplates } from "../db/schema.ts";
import { DEFAULT_TEMPLATES } from "./default-templates.ts";
import { SUPERSEDED_DEFAULTS, seedEmailTemplates, templateHash } from "./seed-templates.ts";

/** koza_ready as it was stored before it listed the pages as made: its subject and content. */
const OLD_SUBJECT = "Koza a terminé votre site {{business_name}} !";

describe("seedEmailTemplates", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedEmailTemplates(database.db);
  });
  afterAll(() => database?.close());
  const koza = () =>
    database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.name, "koza_ready"))
      .then((rows) => rows[0]);
  const current = DEFAULT_TEMPLATES.find((t) => t.name === "koza_ready");

  it("gives a template never edited the current default, and leaves an edited one alone", async () => {
    // The stored old default: what an install seeded before, whose hash is listed as superseded.
    const oldContent = (current?.content ?? "").replace(
      "Koza a rédigé les pages de {{business_name}} et les a mises en page : {{pages}}.",
      "OLD",
    );
    const known = SUPERSEDED_DEFAULTS.koza_ready ?? [];
    SUPERSEDED_DEFAULTS.koza_ready = [...known, templateHash(OLD_SUBJECT, oldContent)];
    try {
      await database.db
        .update(emailTemplates)
        .set({ subject: OLD_SUBJECT, content: oldContent })
        .where(eq(emailTemplates.name, "koza_ready"));
      await seedEmailTemplates(database.db);
      expect((await koza())?.content).toBe(current?.content);
      expect((await koza())?.variables).toContain("pages");

      // The agency's own words are never replaced.
      const edited = `${oldContent}<p>Merci, l'agence.</p>`;
      await database.db
        .update(emailTemplates)
        .set({ content: edited })
        .where(eq(emailTemplates.name, "koza_ready"));
      await seedEmailTemplates(database.db);
      expect((await koza())?.content).toBe(edited);
    } finally {
      SUPERSEDED_DEFAULTS.koza_ready = known;
    }
  });

  it("lists as superseded no hash of a current default (it would be replaced by itself forever)", () => {
    for (const [name, hashes] of Object.entries(SUPERSEDED_DEFAULTS)) {
      const template = DEFAULT_TEMPLATES.find((t) => t.name === name);
      expect(template, name).toBeDefined();
      expect(hashes).not.toContain(templateHash(template?.subject ?? "", template?.content ?? ""));
    }
  });
});
