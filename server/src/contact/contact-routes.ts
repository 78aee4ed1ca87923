import { CONTACT_MESSAGES, LOST_LINK_MESSAGES } from "@lagon/contracts/contact";
import { ContactMessage, LostLinkRequest } from "@lagon/contracts/contact-schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createCaptchaChallenge, verifyCaptcha } from "../captcha/captcha.ts";
import type { Context } from "../context.ts";
import { contactMessages } from "../db/schema.ts";
import { sendLostLinksJob } from "../lost-link/send-lost-links-job.ts";
import { queueEmail } from "../mail/queue-email.ts";

/** The public forms: captcha challenges, the contact form and the lost-link request. */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/captcha/challenge",
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
    async (_req, reply) => reply.header("Cache-Control", "no-store").send(await createCaptchaChallenge(ctx)),
  );

  r.post(
    "/api/contact",
    { config: { rateLimit: { max: 10, timeWindow: "10 minutes" } }, schema: { body: ContactMessage } },
    async (request) => {
      const { captcha_token, ...message } = request.body;
      await verifyCaptcha(ctx, captcha_token);
      await ctx.db.insert(contactMessages).values(message);
      await queueEmail(ctx, { template: "contact_agency", to: ctx.config.AGENCY_EMAIL, vars: message });
      return { success: true, detail: CONTACT_MESSAGES.success };
    },
  );

  r.post(
    "/api/resend-magic-link",
    { config: { rateLimit: { max: 5, timeWindow: "15 minutes" } }, schema: { body: LostLinkRequest } },
    async (request) => {
      await verifyCaptcha(ctx, request.body.captcha_token);
      // Looked up by a job: the same answer, in the same time, whether or not the address has orders.
      await ctx.queue.send(sendLostLinksJob, { email: request.body.email });
      return { success: true, detail: LOST_LINK_MESSAGES.success };
    },
  );
}
