import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, badRequest } from "../lib/app-error.ts";

/** What a route of `acceptStreamedUploads` finds in `request.body`: the body, not read yet. */
export interface StreamedUpload {
  stream: Readable;
}

export const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data\s*;/i.test(request.headers["content-type"] ?? "");

/**
 * Lets the routes of `scope` take a multipart body without reading it: `request.body.stream`
 * is the body as it arrives, for the route to read within its own caps. Call it after the
 * scope's access check, itself a preParsing hook: the check then runs before any byte of the
 * body is read, and so does this one, which refuses what is not multipart and a declared size
 * past `maxBytes` (a body sent without its size is counted as it is read).
 */
export function acceptStreamedUploads(
  scope: FastifyInstance,
  opts: { maxBytes: number; tooLarge: string; notMultipart: string },
): void {
  scope.addContentTypeParser("multipart/form-data", (_request, payload, done) => {
    done(null, { stream: payload } satisfies StreamedUpload);
  });
  scope.addHook("preParsing", async (request, _reply, payload) => {
    if (!isMultipart(request)) throw badRequest(opts.notMultipart);
    if (Number(request.headers["content-length"] ?? 0) > opts.maxBytes)
      throw new AppError(413, opts.tooLarge);
    return payload;
  });
}
