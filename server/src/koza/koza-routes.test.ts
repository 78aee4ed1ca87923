import { randomBytes } from "node:crypto";
import type { KozaStatus } from "@lagon/contracts/orders";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { kozaSubmissions, orderLogs, type SiteSetup } from "../db/schema.ts";
import { readStoredFile } from "../files/stored-files.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";
import { kozaUploadsPrefix } from "./submit-koza-questionnaire.ts";
import { ANSWERS, jpegPhoto, kozaSubmission, multipartBody, pngLogo } from "./test-support.ts";

type Files = [string, Buffer, string][];

describe("POST /api/koza/generate-site", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ip = 0;

  beforeAll(async () => {
    // No worker: these tests look at what the request leaves behind, the job is tested elsewhere.
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** A paid order whose site is live, with Koza bought unless told otherwise. */
  async function givenOrder(
    opts: { koza?: boolean; status?: SiteSetup; kozaStatus?: KozaStatus | null } = {},
  ) {
    const id = await givenPaidOrder(t.ctx, { kozaOption: opts.koza ?? true });
    await updateSite(t.ctx.db, id, { setup: opts.status ?? "active" });
    const order = await findShownOrder(t.ctx.db, id);
    if (!order) throw new Error("no order");
    if (opts.kozaStatus !== undefined) await updateSite(t.ctx.db, id, { kozaStatus: opts.kozaStatus });
    return { id, token: magicLinkToken(t.ctx, order) };
  }

  /** The questionnaire as the browser sends it: `order_id` and `token` in the address and the form. */
  async function post(fields: Record<string, string>, files: Files = [], from = `10.0.0.${++ip}`) {
    const body = await kozaSubmission(fields, files);
    return t.app.inject({ method: "POST", ...body, remoteAddress: from });
  }

  /** Everything a submission may leave behind, to check that a refusal left nothing. */
  async function traces(orderId: string) {
    const [row] = await t.ctx.db.select({ n: count() }).from(kozaSubmissions);
    const { kozaStatus } = await getSite(t.ctx.db, orderId);
    const { rows } = await t.ctx.database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = $1",
      ["generate-koza-site"],
    );
    // Each accepted questionnaire keeps its images under koza/<order>/<upload>/ in the stored files.
    const uploads = await t.ctx.database.sql.executeSql(
      "select count(distinct split_part(key, '/', 3))::int as n from stored_files where starts_with(key, $1)",
      [kozaUploadsPrefix(orderId)],
    );
    return {
      submissions: row?.n,
      kozaStatus,
      jobs: (rows[0] as { n: number }).n,
      uploads: (uploads.rows[0] as { n: number }).n,
    };
  }

  const fields = (o: { id: string; token: string }, data: unknown = ANSWERS) => ({
    order_id: o.id,
    token: o.token,
    koza_data: typeof data === "string" ? data : JSON.stringify(data),
  });

  it.each<
    [string, (o: { id: string; token: string }) => Promise<[Record<string, string>, Files]>, number, string]
  >([
    [
      "a PHP script renamed .png",
      async (o) => [fields(o), [["photo_0", Buffer.from("<?php system($_GET['c']); ?>"), "photo.png"]]],
      400,
      "Fichier refusé : seules les images JPEG, PNG ou WebP sont acceptées.",
    ],
    [
      "a file that starts like a JPEG but is not one",
      async (o) => [
        fields(o),
        [["logo", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), "logo.jpg"]],
      ],
      400,
      "Fichier refusé",
    ],
    [
      "an oversized image",
      async (o) => [fields(o), [["photo_0", Buffer.alloc(9 * 1024 * 1024, 0xff), "big.jpg"]]],
      413,
      "Image trop volumineuse : 8 Mo au maximum par fichier.",
    ],
    [
      "a sixth photo",
      async (o) => [
        fields(o),
        await Promise.all(
          [0, 1, 2, 3, 4, 5].map(
            async (i) => [`photo_${i}`, await jpegPhoto("#fff"), `${i}.jpg`] as Files[number],
          ),
        ),
      ],
      400,
      "5 photos au maximum.",
    ],
    [
      "the same photo twice",
      async (o) => [
        fields(o),
        [
          ["photo_0", await jpegPhoto("#fff"), "a.jpg"],
          ["photo_0", await jpegPhoto("#000"), "b.jpg"],
        ],
      ],
      400,
      "5 photos au maximum.",
    ],
    [
      "answers that are not JSON",
      async (o) => [fields(o, "{pas du json"), []],
      400,
      "Les réponses du questionnaire sont illisibles.",
    ],
    [
      "two services instead of three",
      async (o) => [fields(o, { ...ANSWERS, services: ["Pain", "Gâteaux"] }), []],
      400,
      "Indiquez exactement 3 services.",
    ],
    [
      "a colour that is not #rrggbb",
      async (o) => [fields(o, { ...ANSWERS, colors: { primary: "red", secondary: "#4a5568" } }), []],
      400,
      "Couleur invalide",
    ],
    [
      "an unknown style",
      async (o) => [fields(o, { ...ANSWERS, style: "baroque" }), []],
      400,
      "Style inconnu",
    ],
    [
      "a missing business name",
      async (o) => [fields(o, { ...ANSWERS, businessName: "  " }), []],
      400,
      "Nom de l'entreprise : champ obligatoire.",
    ],
    [
      "no token",
      async (o) => [{ ...fields(o), token: "" }, []],
      401,
      "Lien d'accès incomplet : le jeton est manquant.",
    ],
    [
      "a wrong token",
      async (o) => [{ ...fields(o), token: "x".repeat(43) }, []],
      403,
      "Lien d'accès invalide.",
    ],
    ["an unknown field", async (o) => [{ ...fields(o), admin: "1" }, []], 400, "Champ inattendu"],
  ])("refuses %s with a French detail and keeps nothing", async (_, build, status, detail) => {
    const order = await givenOrder();
    const before = await traces(order.id);
    const [f, files] = await build(order);
    // A valid logo rides along, so a refusal is seen to keep even the good files out.
    const logo: Files = files.some(([field]) => field === "logo")
      ? []
      : [["logo", await pngLogo(), "logo.png"]];
    const res = await post(f, [...logo, ...files]);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(detail);
    expect(await traces(order.id)).toEqual(before);
    expect(before).toMatchObject({ kozaStatus: "pending", uploads: 0 });
  });

  it.each<[string, Parameters<typeof givenOrder>[0], number, string]>([
    ["Koza was not bought", { koza: false }, 403, "L'option Koza n'a pas été achetée pour ce site."],
    ["the site is not live yet", { status: "processing" }, 409, "Votre site n'est pas encore en ligne"],
    [
      "a generation is already running",
      { kozaStatus: "processing" },
      409,
      "Une génération est déjà en cours pour ce site.",
    ],
  ])("refuses when %s and keeps nothing", async (_, state, status, detail) => {
    const order = await givenOrder(state);
    const before = await traces(order.id);
    const res = await post(fields(order), [["photo_0", await jpegPhoto("#f59e0b"), "four.jpg"]]);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toContain(detail);
    expect(await traces(order.id)).toEqual(before);
  });

  it("refuses a body that is not multipart", async () => {
    const order = await givenOrder();
    const res = await t.app.inject({
      method: "POST",
      url: (await kozaSubmission(fields(order))).url,
      payload: { order_id: order.id, token: order.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe("Envoyez le questionnaire en multipart/form-data.");
  });

  it("takes the order and its token from the address only, and the form's must be the same", async () => {
    const order = await givenOrder();
    const other = await givenOrder();
    const before = await traces(order.id);
    const form = await multipartBody(fields(order), [["photo_0", await jpegPhoto("#fff"), "a.jpg"]]);
    // In the form alone, they come too late: the body is not read without them.
    const formOnly = await t.app.inject({ method: "POST", url: "/api/koza/generate-site", ...form });
    expect(formOnly.statusCode).toBe(401);
    expect(formOnly.json().detail).toBe("Lien d'accès incomplet : le jeton est manquant.");
    // The address opens one order, the form names another (or another token): refused.
    for (const address of [fields(other), { ...fields(order), token: other.token }]) {
      const mixed = await t.app.inject({
        method: "POST",
        url: (await kozaSubmission(address)).url,
        ...form,
        remoteAddress: `10.0.1.${++ip}`,
      });
      expect(mixed.statusCode).toBe(403);
      expect(mixed.json().detail).toContain("Lien d'accès invalide.");
    }
    expect(await traces(order.id)).toEqual(before);
    expect(await traces(other.id)).toMatchObject({ kozaStatus: "pending", uploads: 0 });
  });

  it("keeps cleaned images and the answers, marks Koza as processing and queues the generation", async () => {
    const order = await givenOrder();
    const res = await post(fields(order), [
      ["logo", await pngLogo(), "logo.png"],
      ["photo_0", await jpegPhoto("#f59e0b", { gps: true, width: 3000 }), "four.jpg"],
      [
        "photo_1",
        await sharp({ create: { width: 300, height: 200, channels: 3, background: "#16a34a" } })
          .webp()
          .toBuffer(),
        "pains.webp",
      ],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      detail: "Koza génère votre site ! Vous recevrez un email dès que c'est prêt (~15min).",
    });

    const after = await traces(order.id);
    expect(after).toMatchObject({ kozaStatus: "processing", uploads: 1 });
    const [submission] = await t.ctx.db
      .select()
      .from(kozaSubmissions)
      .where(eq(kozaSubmissions.orderId, order.id));
    expect(submission?.data).toMatchObject({ businessName: "Boulangerie Payet", style: "classic" });
    const files = submission?.files ?? [];
    expect(files.map((f) => [f.field, f.mime])).toEqual([
      ["logo", "image/png"],
      ["photo_0", "image/jpeg"],
      ["photo_1", "image/webp"],
    ]);
    const photo = await sharp(await readStoredFile(t.ctx, files[1]?.key as string)).metadata();
    expect(photo.exif).toBeUndefined();
    expect(photo.width).toBe(2000);
    const { rows } = await t.ctx.database.sql.executeSql("select data from pgboss.job where name = $1", [
      "generate-koza-site",
    ]);
    expect(rows).toContainEqual({ data: { orderId: order.id, submissionId: submission?.id } });
    const logs = await t.ctx.db
      .select()
      .from(orderLogs)
      .where(eq(orderLogs.orderId, order.id))
      .orderBy(orderLogs.id);
    expect(logs.at(-1)?.details).toBe("Questionnaire Koza reçu (2 photo(s), un logo) : génération lancée.");

    // Once a run has generated the site, Koza is spent: a second questionnaire is refused.
    await updateSite(t.ctx.db, order.id, { kozaStatus: "completed" });
    const spent = await post(fields(order), []);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toEqual({ detail: "Votre site a déjà été généré par Koza." });
    expect(await readStoredFile(t.ctx, files[1]?.key as string)).toBeInstanceOf(Buffer);

    // After a failed run, a new questionnaire replaces the earlier images.
    await updateSite(t.ctx.db, order.id, { kozaStatus: "error" });
    const again = await post(fields(order), [["photo_0", await jpegPhoto("#000"), "noir.jpg"]]);
    expect(again.statusCode).toBe(200);
    expect(await traces(order.id)).toMatchObject({ kozaStatus: "processing", uploads: 1 });
    await expect(readStoredFile(t.ctx, files[1]?.key as string)).rejects.toThrow("fichier introuvable");
  });

  it("accepts five real-size photos, well over the JSON body limit in total", async () => {
    const order = await givenOrder();
    const noise = () =>
      sharp(randomBytes(1800 * 1400 * 3), { raw: { width: 1800, height: 1400, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
    const photos: Files = [];
    for (let i = 0; i < 5; i++) photos.push([`photo_${i}`, await noise(), `photo-${i}.jpg`]);
    expect(photos.reduce((sum, [, data]) => sum + data.length, 0)).toBeGreaterThan(10 * 1024 * 1024);
    const res = await post(fields(order), photos);
    expect(res.statusCode, res.body).toBe(200);
    expect(await traces(order.id)).toMatchObject({ kozaStatus: "processing", uploads: 1 });
  });

  it("is rate-limited", async () => {
    const order = await givenOrder({ koza: false });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post(fields(order), [], "10.9.9.9")).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(codes[10]).toBe(429);
  });
});
