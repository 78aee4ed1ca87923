import { CaptchaChallenge, Done } from "@lagon/contracts/answers-schemas";
import { CONTACT_MESSAGES, LOST_LINK_MESSAGES } from "@lagon/contracts/contact";
import { ContactMessage, LostLinkRequest } from "@lagon/contracts/contact-schemas";
import type { FastifyInstance } from "fastify";
import { createCaptchaChallenge, verifyCaptcha } from "../captcha/captcha.ts";
import type { Context } from "../context.ts";
import { contactMessages } from "../db/schema.ts";
import { route } from "../lib/route.ts";
import { sendLostLinksJob } from "../lost-link/send-lost-links-job.ts";
import { queueEmail } from "../mail/queue-email.ts";

/** The public forms: captcha challenges, the contact form and the lost-link request. */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: Context }): Promise<void> {
  route(
    app,
    {
      method: "GET",
      url: "/api/captcha/challenge",
      access: "public",
      rateLimit: "reads",
      response: { 200: CaptchaChallenge },
    },
    async (_req, reply) => reply.header("Cache-Control", "no-store").send(await createCaptchaChallenge(ctx)),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/contact",
      access: "public",
      rateLimit: "forms",
      body: ContactMessage,
      response: { 200: Done },
    },
    async (request) => {
      const { captcha_token, ...message } = request.body;
      await verifyCaptcha(ctx, captcha_token);
      await ctx.db.insert(contactMessages).values(message);
      await queueEmail(ctx, { template: "contact_agency", to: ctx.config.AGENCY_EMAIL, vars: message });
      return { success: true, detail: CONTACT_MESSAGES.success };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/resend-magic-link",
      access: "public",
      rateLimit: "lostLinks",
      body: LostLinkRequest,
      response: { 200: Done },
    },
    async (request) => {
      await verifyCaptcha(ctx, request.body.captcha_token);
      // Looked up by a job: the same answer, in the same time, whether or not the address has orders.
      await ctx.queue.send(sendLostLinksJob, { email: request.body.email });
      return { success: true, detail: LOST_LINK_MESSAGES.success };
    },
  );
}
