import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import { KOZA_MAX_PHOTOS, KOZA_MESSAGES, KozaData } from "@lagon/contracts/koza";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { authorizeOrder } from "../customer/authorize-order.ts";
import { kozaSubmissions, orders } from "../db/schema.ts";
import { badRequest, conflict } from "../lib/app-error.ts";
import { cleanImage } from "./check-image.ts";
import { generateKozaSiteJob } from "./generate-koza-site-job.ts";

const FILE_FIELDS = new Set(["logo", ...Array.from({ length: KOZA_MAX_PHOTOS }, (_, i) => `photo_${i}`)]);
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** POST /api/koza/generate-site: the questionnaire and its images; everything is checked before anything is kept. */
export async function kozaRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: KOZA_MAX_PHOTOS + 1,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: 20,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    "/api/koza/generate-site",
    { config: { rateLimit: { max: 10, timeWindow: "10 minutes" } } },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(KOZA_MESSAGES.badJson);
      const fields: Record<string, string> = {};
      const images: { field: string; data: Buffer; mime: string; ext: string }[] = [];
      for await (const part of request.parts()) {
        if (part.type === "field") {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname.startsWith("photo_") && !FILE_FIELDS.has(part.fieldname)) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(KOZA_MESSAGES.tooManyPhotos);
        }
        if (!FILE_FIELDS.has(part.fieldname)) throw badRequest(KOZA_MESSAGES.badFile);
        images.push({ field: part.fieldname, ...(await cleanImage(await part.toBuffer())) });
      }

      const order = await authorizeOrder(ctx, fields.order_id ?? "", fields.token);
      let json: unknown;
      try {
        json = JSON.parse(fields.koza_data ?? "");
      } catch {
        throw badRequest(KOZA_MESSAGES.badJson);
      }
      const parsed = KozaData.safeParse(json);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? KOZA_MESSAGES.badJson);
      if (!order.kozaOption) throw badRequest(KOZA_MESSAGES.notPaid);
      if (order.status !== "active") throw conflict(KOZA_MESSAGES.notActive);
      if (order.kozaStatus === "processing") throw conflict(KOZA_MESSAGES.alreadyRunning);

      const dir = path.join(ctx.config.DATA_DIR, "koza", order.id, randomUUID());
      await mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        const files = [];
        for (const img of images) {
          const file = path.join(dir, `${img.field}.${img.ext}`);
          await writeFile(file, img.data, { mode: 0o600 });
          files.push({ field: img.field, path: file, mime: img.mime, bytes: img.data.length });
        }
        const claimed = await ctx.db
          .update(orders)
          .set({ kozaStatus: "processing" })
          .where(and(eq(orders.id, order.id), eq(orders.kozaStatus, order.kozaStatus ?? "pending")))
          .returning({ id: orders.id });
        if (claimed.length === 0) throw conflict(KOZA_MESSAGES.alreadyRunning);
        await ctx.db.insert(kozaSubmissions).values({ orderId: order.id, data: parsed.data, files });
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
      await ctx.queue.send(generateKozaSiteJob, { orderId: order.id });
      return { success: true, detail: KOZA_MESSAGES.success };
    },
  );
}
