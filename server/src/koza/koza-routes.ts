import { Done } from "@lagon/contracts/answers-schemas";
import { KOZA_MAX_UPLOAD_BYTES, KOZA_MESSAGES } from "@lagon/contracts/koza";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import { fromPathOrQuery, orderTokenScope, TOKEN_INVALID } from "../customer/order-access.ts";
import { forbidden } from "../lib/app-error.ts";
import { route } from "../lib/route.ts";
import { acceptStreamedUploads } from "../plugins/streamed-uploads.ts";
import { type KozaForm, readKozaForm } from "./read-koza-form.ts";
import { regenerateKozaSite } from "./regenerate-koza-site.ts";
import { submitKozaQuestionnaire } from "./submit-koza-questionnaire.ts";

const spec = { method: "POST", access: "order-token", rateLimit: "forms", response: { 200: Done } } as const;

/**
 * POST /api/koza/generate-site: the questionnaire and its images (multipart, spec section 7),
 * with `?order_id=&token=` in the address, checked before a byte of the body is read
 * (decision 0048); POST /api/koza/regenerate (JSON body { order_id, token }).
 */
export async function kozaRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  await app.register(
    orderTokenScope(
      ctx,
      (scope) => {
        // Registered here only: multipart bodies are accepted by this route and no other.
        acceptStreamedUploads(scope, {
          maxBytes: KOZA_MAX_UPLOAD_BYTES,
          tooLarge: KOZA_MESSAGES.uploadTooLarge,
          notMultipart: KOZA_MESSAGES.notMultipart,
        });
        route(scope, { ...spec, url: "/api/koza/generate-site" }, async (request) => {
          const form = await readKozaForm(request);
          refuseOtherCredentials(request, form);
          await submitKozaQuestionnaire(ctx, request.order, form);
          return { success: true, detail: KOZA_MESSAGES.success };
        });
      },
      fromPathOrQuery,
      { beforeBody: true },
    ),
  );

  await app.register(
    orderTokenScope(ctx, (scope) => {
      // After a reinstall: the same answers, a new run.
      route(scope, { ...spec, url: "/api/koza/regenerate" }, async (request) => {
        await regenerateKozaSite(ctx, request.order);
        return { success: true, detail: KOZA_MESSAGES.regenerating };
      });
    }),
  );
}

/** The form's own order_id and token fields (the spec's), when given, are the address's. */
function refuseOtherCredentials(request: FastifyRequest, form: KozaForm): void {
  const { order_id, token } = form.fields;
  if (
    (order_id !== undefined && order_id !== request.order.id) ||
    (token !== undefined && token !== request.orderToken.value)
  ) {
    throw forbidden(TOKEN_INVALID);
  }
}
