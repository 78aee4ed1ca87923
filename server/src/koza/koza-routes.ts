import multipart from "@fastify/multipart";
import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import type { FastifyInstance } from "fastify";
import type { Context } from "../context.ts";
import { KOZA_MULTIPART_LIMITS, readKozaForm } from "./read-koza-form.ts";
import { submitKozaQuestionnaire } from "./submit-koza-questionnaire.ts";

/** POST /api/koza/generate-site: the questionnaire and its images (multipart, spec section 7). */
export async function kozaRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  // Registered here only: multipart bodies are accepted by this plugin's routes and no other.
  await app.register(multipart, { limits: KOZA_MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post(
    "/api/koza/generate-site",
    { config: { rateLimit: { max: 10, timeWindow: "10 minutes" } } },
    async (request) => {
      await submitKozaQuestionnaire(ctx, await readKozaForm(request));
      return { success: true, detail: KOZA_MESSAGES.success };
    },
  );
}
