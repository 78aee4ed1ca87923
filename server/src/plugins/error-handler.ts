import { MESSAGES } from "@lagon/contracts/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error.ts";

const CLIENT_MESSAGES: Record<number, string> = {
  400: MESSAGES.invalidRequest,
  404: MESSAGES.notFound,
  413: "Le contenu envoyé est trop volumineux.",
  415: "Format de contenu non pris en charge.",
  429: MESSAGES.tooManyRequests,
};

/**
 * One place maps errors to `{ detail }`: French for clients, internals only in the logs. Call it
 * after the rate limits: unknown paths share the default budget.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const detail = first?.message ? String(first.message) : MESSAGES.invalidRequest;
      return reply.status(400).send({ detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // A refusal for too many requests is logged once per address by the rate limit, not here.
      if (status !== 429) request.log.info({ code: error.code, status }, "client error");
      return reply.status(status).send({ detail: CLIENT_MESSAGES[status] ?? MESSAGES.invalidRequest });
    }
    request.log.error({ err: error }, "server error");
    return reply.status(500).send({ detail: MESSAGES.internal });
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) =>
    reply.status(404).send({ detail: MESSAGES.notFound }),
  );
}
