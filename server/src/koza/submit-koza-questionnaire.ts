import { randomUUID } from "node:crypto";
import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import { KozaData } from "@lagon/contracts/koza-schemas";
import type { Context } from "../context.ts";
import type { Order } from "../db/schema.ts";
import { deleteStoredFilesUnder, storeFile } from "../files/stored-files.ts";
import { badRequest, conflict, forbidden } from "../lib/app-error.ts";
import { addOrderLog } from "../orders/order-log.ts";
import { orderStatus } from "../orders/orders-table.ts";
import { claimKozaRun, getSite, updateSite } from "../sites/sites-table.ts";
import { type CleanImage, cleanImage } from "./check-image.ts";
import { generateKozaSiteJob } from "./generate-koza-site-job.ts";
import { deleteKozaSubmission, insertKozaSubmission } from "./koza-submissions-table.ts";
import type { KozaForm } from "./read-koza-form.ts";

/** An uploaded image of a submission: `key` names it in the stored files (stored-files.ts). */
export interface StoredFile {
  field: string;
  key: string;
  mime: string;
  bytes: number;
}

/**
 * Where an order's uploads are kept: `koza/<orderId>/<upload>/<field>.<ext>` in the database's
 * stored files, which the worker that builds the site reads wherever it runs.
 */
export const kozaUploadsPrefix = (orderId: string) => `koza/${orderId}/`;

/**
 * Accepts a questionnaire for generation on an order whose token the route checked: checks that
 * Koza was bought, that the site is live, idle and not generated yet (Koza is bought for one
 * site; a reinstall by the agency makes it due again), the answers and every image. Only then keeps
 * the cleaned images and a `koza_submissions` row, marks Koza as processing and queues the
 * generation. A refusal leaves nothing behind.
 */
export async function submitKozaQuestionnaire(ctx: Context, order: Order, form: KozaForm): Promise<void> {
  const data = parseAnswers(form.fields.koza_data);
  if (!order.kozaOption) throw forbidden(KOZA_MESSAGES.notPaid);
  const site = await getSite(ctx.db, order.id);
  if (orderStatus(order, site) !== "active") throw conflict(KOZA_MESSAGES.notActive);
  const { kozaStatus } = site;
  if (kozaStatus === "processing") throw conflict(KOZA_MESSAGES.alreadyRunning);
  if (kozaStatus === "completed") throw conflict(KOZA_MESSAGES.alreadyGenerated);

  const images: [string, CleanImage][] = [];
  for (const [field, bytes] of form.files) images.push([field, await cleanImage(bytes)]);

  const orderPrefix = kozaUploadsPrefix(order.id);
  const prefix = `${orderPrefix}${randomUUID()}/`;
  let submissionId: number | undefined;
  try {
    const files: StoredFile[] = [];
    for (const [field, image] of images) {
      const key = `${prefix}${field}.${image.ext}`;
      await storeFile(ctx, key, image.data);
      files.push({ field, key, mime: image.mime, bytes: image.data.length });
    }
    submissionId = await ctx.db.transaction(async (tx) => {
      if (!(await claimKozaRun(tx, order.id))) throw conflict(KOZA_MESSAGES.alreadyRunning);
      const id = await insertKozaSubmission(tx, { orderId: order.id, data, files });
      if (id === undefined) throw new Error("koza_submissions insert returned nothing");
      return id;
    });
    await ctx.queue.send(generateKozaSiteJob, { orderId: order.id, submissionId });
  } catch (err) {
    if (submissionId !== undefined) {
      await deleteKozaSubmission(ctx.db, submissionId);
      await updateSite(ctx.db, order.id, { kozaStatus });
    }
    await deleteStoredFilesUnder(ctx, prefix);
    throw err;
  }
  // Only the latest submission's images are kept: a new run replaces the site anyway.
  await deleteStoredFilesUnder(ctx, orderPrefix, prefix);
  const photos = images.filter(([field]) => field !== "logo").length;
  await addOrderLog(ctx.db, order.id, {
    level: "info",
    action: "koza",
    details: `Questionnaire Koza reçu (${photos} photo(s)${form.files.has("logo") ? ", un logo" : ""}) : génération lancée.`,
  });
}

function parseAnswers(json: string | undefined): KozaData {
  let value: unknown;
  try {
    value = JSON.parse(json ?? "");
  } catch {
    throw badRequest(KOZA_MESSAGES.badJson);
  }
  const parsed = KozaData.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? KOZA_MESSAGES.badJson);
  return parsed.data;
}
