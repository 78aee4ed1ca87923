import multipart from "@fastify/multipart";
import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Context } from "../context.ts";
import { fromPathQueryOrBody, orderTokenScope } from "../customer/order-access.ts";
import { KOZA_MULTIPART_LIMITS, type KozaForm, readKozaForm } from "./read-koza-form.ts";
import { regenerateKozaSite } from "./regenerate-koza-site.ts";
import { submitKozaQuestionnaire } from "./submit-koza-questionnaire.ts";

/** POST /api/koza/generate-site: the questionnaire and its images (multipart, spec section 7). */
export async function kozaRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  // Registered here only: multipart bodies are accepted by this plugin's routes and no other.
  await app.register(multipart, { limits: KOZA_MULTIPART_LIMITS, throwFileSizeLimit: true });

  await app.register(
    orderTokenScope(
      ctx,
      (scope) => {
        scope.post(
          "/api/koza/generate-site",
          { config: { rateLimit: { max: 10, timeWindow: "10 minutes" } } },
          async (request) => {
            await submitKozaQuestionnaire(ctx, request.order, await formOf(request));
            return { success: true, detail: KOZA_MESSAGES.success };
          },
        );
        // After a reinstall: the same answers, a new run (JSON body { order_id, token }).
        scope.post(
          "/api/koza/regenerate",
          { config: { rateLimit: { max: 10, timeWindow: "10 minutes" } } },
          async (request) => {
            await regenerateKozaSite(ctx, request.order);
            return { success: true, detail: KOZA_MESSAGES.regenerating };
          },
        );
      },
      // The order_id and token fields of the form; a request that is not multipart is checked
      // like the other routes' (and then refused for its body).
      async (request) => {
        if (!request.isMultipart()) return fromPathQueryOrBody(request);
        const { order_id, token } = (await formOf(request)).fields;
        return { orderId: order_id, token };
      },
    ),
  );
}

const forms = new WeakMap<FastifyRequest, Promise<KozaForm>>();

/** The request's form, read once: the access check takes its credentials, the handler the rest. */
function formOf(request: FastifyRequest): Promise<KozaForm> {
  let form = forms.get(request);
  if (!form) {
    form = readKozaForm(request);
    forms.set(request, form);
  }
  return form;
}
