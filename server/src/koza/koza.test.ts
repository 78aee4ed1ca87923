import { readdirSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { decodeQuotedPrintable, startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { kozaSubmissions, orders } from "../db/schema.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { writeFrenchSite } from "./french-site-writer.ts";

const answers = {
  businessType: "Boulangerie artisanale",
  businessName: "Boulangerie Payet",
  businessDescription: "Pains au levain et viennoiseries faits maison chaque matin",
  targetAudience: "les familles et les gourmands de l'Ouest",
  services: ["Pain au levain", "Gâteaux sur commande", "Livraison aux restaurants"],
  uniqueValue: "Des farines locales et une cuisson au feu de bois",
  contactInfo: {
    phone: "0262 00 00 00",
    email: "contact@payet.re",
    address: "3 rue des Flamboyants, Saint-Paul",
    hours: "7h-19h",
  },
  colors: { primary: "#c2410c", secondary: "#1e3a5f" },
  style: "classic",
  additionalPages: [],
};

const jpeg = (color: string, exif = false) => {
  const img = sharp({ create: { width: 640, height: 400, channels: 3, background: color } });
  return (exif ? img.withMetadata({ exif: { IFD0: { Copyright: "GPS secret" } } }) : img).jpeg().toBuffer();
};

async function multipart(fields: Record<string, string>, files: [string, Buffer, string][]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, data, name] of files) form.append(k, new Blob([new Uint8Array(data)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type") as string },
  };
}

describe("the embedded French writer", () => {
  it("writes the five pages deterministically, in French, from the answers", () => {
    const a = writeFrenchSite({ ...answers, style: "classic" } as never);
    expect(writeFrenchSite({ ...answers, style: "classic" } as never)).toEqual(a);
    expect(a.home.headline).toBe("Bienvenue à la maison Boulangerie Payet");
    expect(a.services.map((s) => s.title)).toEqual(answers.services);
    expect(a.about.paragraphs.join(" ")).toContain("farines locales");
    expect(a.tagline).toContain("Saint-Paul");
  });
});

describe("Koza generation into a real WordPress", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let orderId: string;
  let token: string;
  const submissions = async () => (await t.ctx.db.select({ n: count() }).from(kozaSubmissions))[0]?.n ?? 0;
  const submit = async (fields: Record<string, string>, files: [string, Buffer, string][] = []) =>
    t.app.inject({ method: "POST", url: "/api/koza/generate-site", ...(await multipart(fields, files)) });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, WP_PORT: String(await freePort()) });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    orderId = await givenPaidOrder(t.ctx, {
      subdomain: "payet-koza",
      kozaOption: true,
      companyName: "Payet",
    });
    const order = await waitFor(async () => {
      const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
      return o?.status === "active" ? o : undefined;
    }, 90_000);
    token = magicLinkToken(t.ctx, order);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it.each([
    [
      "a script renamed .png",
      () => [["photo_0", Buffer.from("<?php system($_GET['c']); ?>"), "photo.png"]],
      400,
      "Fichier refusé",
    ],
    ["a sixth photo", async () => [["photo_5", await jpeg("#fff"), "6.jpg"]], 400, "5 photos au maximum."],
    [
      "an oversized file",
      () => [["photo_0", Buffer.alloc(9 * 1024 * 1024, 0xff), "big.jpg"]],
      413,
      "trop volumineux",
    ],
  ])("refuses %s and writes nothing", async (_, files, status, detail) => {
    const before = await submissions();
    const res = await submit(
      { order_id: orderId, token, koza_data: JSON.stringify(answers) },
      (await (files as () => Promise<[string, Buffer, string][]>)()) as [string, Buffer, string][],
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(detail);
    expect(await submissions()).toBe(before);
  });

  it.each([
    ["bad JSON", { koza_data: "{pas du json" }, 400, "illisibles"],
    [
      "two services",
      { koza_data: JSON.stringify({ ...answers, services: ["a", "b"] }) },
      400,
      "exactement 3 services",
    ],
    ["a wrong token", { token: "faux" }, 403, "Lien d'accès invalide"],
    ["no token", { token: "" }, 401, "jeton est manquant"],
  ])("refuses %s and writes nothing", async (_, override, status, detail) => {
    const before = await submissions();
    const res = await submit({ order_id: orderId, token, koza_data: JSON.stringify(answers), ...override });
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(detail);
    expect(await submissions()).toBe(before);
    expect(readdirSync(path.join(t.ctx.config.DATA_DIR)).includes("koza")).toBe(false);
  });

  it("writes the five pages with the services, photos and colours, and a rerun does not duplicate them", async () => {
    const files: [string, Buffer, string][] = [
      [
        "logo",
        await sharp({ create: { width: 200, height: 200, channels: 4, background: "#c2410c" } })
          .png()
          .toBuffer(),
        "logo.png",
      ],
      ["photo_0", await jpeg("#f59e0b", true), "four.jpg"],
      ["photo_1", await jpeg("#16a34a"), "pains.jpg"],
    ];
    const res = await submit({ order_id: orderId, token, koza_data: JSON.stringify(answers) }, files);
    expect(res.json()).toEqual({
      success: true,
      detail: "Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).",
    });
    const again = await submit({ order_id: orderId, token, koza_data: JSON.stringify(answers) });
    expect(again.statusCode).toBe(409);

    await waitFor(async () => {
      const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
      if (o?.kozaStatus === "error") throw new Error("Koza failed");
      return o?.kozaStatus === "completed" ? true : undefined;
    }, 120_000);

    const site = (p: string) =>
      t.ctx.wordpress.fetch("payet-koza", p).then(async (r) => ({ status: r.status, html: await r.text() }));
    const home = await site("/");
    expect(home.status).toBe(200);
    expect(home.html).toContain("Bienvenue à la maison Boulangerie Payet");
    expect(home.html).toContain("#c2410c");
    expect(home.html).toMatch(/wp-content\/uploads\/[^"]+realisation-1/);
    for (const [slug, text] of [
      ["a-propos", "farines locales"],
      ["services", "Gâteaux sur commande"],
      ["realisations", "Nos réalisations"],
      ["contact", "0262 00 00 00"],
    ]) {
      const page = await site(`/${slug}/`);
      expect(page.status, slug).toBe(200);
      expect(page.html, slug).toContain(text as string);
    }
    const photo = home.html.match(/src="(http[^"]+realisation-1[^"]*\.jpg)"/)?.[1] as string;
    const bytes = Buffer.from(
      await (await t.ctx.wordpress.fetch("payet-koza", new URL(photo).pathname)).arrayBuffer(),
    );
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    await waitFor(() => smtp.received.find((m) => decodeQuotedPrintable(m.raw).includes("Koza a rédigé")));

    // A second run replaces Koza's pages instead of adding new ones.
    await t.ctx.db.update(orders).set({ kozaStatus: "completed" }).where(eq(orders.id, orderId));
    const rerun = await submit({
      order_id: orderId,
      token,
      koza_data: JSON.stringify({ ...answers, businessName: "Payet & Fils" }),
    });
    expect(rerun.statusCode).toBe(200);
    await waitFor(async () => {
      const [o] = await t.ctx.db.select().from(orders).where(eq(orders.id, orderId));
      return o?.kozaStatus === "completed" ? true : undefined;
    }, 120_000);
    const pages = await t.ctx.wordpress
      .fetch("payet-koza", "/wp-json/wp/v2/pages?per_page=100")
      .then((r) => r.json());
    const slugs = (pages as { slug: string }[]).map((p) => p.slug);
    for (const slug of ["a-propos", "accueil", "contact", "realisations", "services"]) {
      expect(
        slugs.filter((s) => s === slug),
        slug,
      ).toHaveLength(1);
    }
    expect((await site("/")).html).toContain("Payet &amp; Fils");
  }, 300_000);
});
