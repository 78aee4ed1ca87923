import { Busboy } from "@fastify/busboy";
import {
  KOZA_MAX_IMAGE_BYTES,
  KOZA_MAX_PHOTOS,
  KOZA_MAX_UPLOAD_BYTES,
  KOZA_MESSAGES,
} from "@lagon/contracts/koza";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../lib/app-error.ts";
import type { StreamedUpload } from "../plugins/streamed-uploads.ts";

const TEXT_FIELDS = new Set(["order_id", "token", "koza_data"]);
const PHOTO_FIELDS = Array.from({ length: KOZA_MAX_PHOTOS }, (_, i) => `photo_${i}`);
const FILE_FIELDS = new Set(["logo", ...PHOTO_FIELDS]);

/** One logo and five photos, three short text fields, nothing else. */
const LIMITS = {
  fileSize: KOZA_MAX_IMAGE_BYTES,
  files: FILE_FIELDS.size,
  fields: TEXT_FIELDS.size,
  fieldSize: 64 * 1024,
  headerPairs: 20,
};

export interface KozaForm {
  fields: { order_id?: string; token?: string; koza_data?: string };
  /** Raw bytes by field name (logo, photo_0 to photo_4), not yet checked. */
  files: Map<string, Buffer>;
}

/**
 * Reads the multipart upload as it arrives, once the route has checked the order's token: its
 * three text fields and at most a logo and five photos. The first surprise (a sixth photo, a file
 * past 8 MB, a request past KOZA_MAX_UPLOAD_BYTES, an unknown or repeated field) stops the
 * reading at once with a French 4xx: the rest of the body is never read, and what was read is
 * dropped. Nothing is written anywhere.
 */
export function readKozaForm(request: FastifyRequest): Promise<KozaForm> {
  const stream = (request.body as Partial<StreamedUpload> | undefined)?.stream;
  if (!stream) return Promise.reject(badRequest(KOZA_MESSAGES.notMultipart));
  return new Promise((resolve, reject) => {
    const form: KozaForm = { fields: {}, files: new Map() };
    const fileNames = new Set<string>();
    let received = 0;
    let settled = false;
    let parser: ReturnType<typeof Busboy>;

    const stop = (err: AppError | undefined) => {
      if (settled) return;
      settled = true;
      stream.off("data", count);
      stream.unpipe(parser);
      // What still arrives before the connection closes is dropped, never kept.
      stream.resume();
      parser.removeAllListeners();
      // Busboy may still emit, after this, on what it had already been given.
      parser.on("error", () => undefined);
      if (err) reject(err);
      else resolve(form);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > KOZA_MAX_UPLOAD_BYTES) stop(new AppError(413, KOZA_MESSAGES.uploadTooLarge));
    };

    try {
      parser = Busboy({
        headers: request.headers as Parameters<typeof Busboy>[0]["headers"],
        limits: LIMITS,
      });
    } catch {
      reject(badRequest(KOZA_MESSAGES.malformed));
      return;
    }
    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (!TEXT_FIELDS.has(name) || name in form.fields || valueTruncated) {
        stop(badRequest(name === "koza_data" ? KOZA_MESSAGES.badJson : KOZA_MESSAGES.unexpectedField));
        return;
      }
      form.fields[name as keyof KozaForm["fields"]] = value;
    });
    parser.on("file", (name, file) => {
      if (!FILE_FIELDS.has(name) || fileNames.has(name)) {
        file.resume();
        stop(
          badRequest(/^photo_\d+$/.test(name) ? KOZA_MESSAGES.tooManyPhotos : KOZA_MESSAGES.unexpectedField),
        );
        return;
      }
      fileNames.add(name);
      const chunks: Buffer[] = [];
      file.on("data", (chunk: Buffer) => chunks.push(chunk));
      file.on("limit", () => {
        chunks.length = 0;
        stop(new AppError(413, KOZA_MESSAGES.fileTooLarge));
      });
      file.on("end", () => {
        if (!file.truncated && !settled) form.files.set(name, Buffer.concat(chunks));
      });
    });
    parser.on("filesLimit", () => stop(badRequest(KOZA_MESSAGES.tooManyPhotos)));
    parser.on("fieldsLimit", () => stop(badRequest(KOZA_MESSAGES.unexpectedField)));
    // Only the client's bytes are parsed here: a broken body is its mistake, not ours.
    parser.on("error", () => stop(badRequest(KOZA_MESSAGES.malformed)));
    parser.on("finish", () => stop(undefined));
    stream.on("data", count);
    // A client gone before the end: nothing to answer, nothing kept.
    stream.on("error", () => stop(badRequest(KOZA_MESSAGES.malformed)));
    stream.on("aborted", () => stop(badRequest(KOZA_MESSAGES.malformed)));
    stream.pipe(parser);
  });
}
