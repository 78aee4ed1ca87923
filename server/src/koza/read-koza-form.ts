import { KOZA_MAX_IMAGE_BYTES, KOZA_MAX_PHOTOS, KOZA_MESSAGES } from "@lagon/contracts/koza";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../lib/app-error.ts";

const TEXT_FIELDS = new Set(["order_id", "token", "koza_data"]);
const PHOTO_FIELDS = Array.from({ length: KOZA_MAX_PHOTOS }, (_, i) => `photo_${i}`);
const FILE_FIELDS = new Set(["logo", ...PHOTO_FIELDS]);

/** Limits handed to @fastify/multipart: one logo and five photos, nothing else. */
export const KOZA_MULTIPART_LIMITS = {
  fileSize: KOZA_MAX_IMAGE_BYTES,
  files: FILE_FIELDS.size,
  fields: TEXT_FIELDS.size,
  fieldSize: 64 * 1024,
};

export interface KozaForm {
  fields: { order_id?: string; token?: string; koza_data?: string };
  /** Raw bytes by field name (logo, photo_0 to photo_4), not yet checked. */
  files: Map<string, Buffer>;
}

/**
 * Reads the multipart upload into memory: its three text fields and at most a logo and five
 * photos. Nothing is written anywhere; any surprise (a sixth photo, an oversized file, an
 * unknown or repeated field) is a French 4xx.
 */
export async function readKozaForm(request: FastifyRequest): Promise<KozaForm> {
  if (!request.isMultipart()) throw badRequest(KOZA_MESSAGES.notMultipart);
  const form: KozaForm = { fields: {}, files: new Map() };
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === "field") {
        if (!TEXT_FIELDS.has(name) || name in form.fields || part.valueTruncated) {
          throw badRequest(name === "koza_data" ? KOZA_MESSAGES.badJson : KOZA_MESSAGES.unexpectedField);
        }
        form.fields[name as keyof KozaForm["fields"]] = String(part.value);
        continue;
      }
      if (!FILE_FIELDS.has(name) || form.files.has(name)) {
        // Read the part to its end so the refusal is sent cleanly, then refuse.
        await part.toBuffer().catch(() => undefined);
        throw badRequest(
          /^photo_\d+$/.test(name) ? KOZA_MESSAGES.tooManyPhotos : KOZA_MESSAGES.unexpectedField,
        );
      }
      form.files.set(name, await part.toBuffer());
    }
  } catch (err) {
    throw asFrenchError(err);
  }
  return form;
}

function asFrenchError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(413, KOZA_MESSAGES.fileTooLarge);
    case "FST_FILES_LIMIT":
      return badRequest(KOZA_MESSAGES.tooManyPhotos);
    case "FST_FIELDS_LIMIT":
    case "FST_PROTO_VIOLATION":
      return badRequest(KOZA_MESSAGES.unexpectedField);
    default:
      // Only the client's bytes are parsed here: a broken body is its mistake, not ours.
      return (err as { statusCode?: number }).statusCode ? err : badRequest(KOZA_MESSAGES.malformed);
  }
}
