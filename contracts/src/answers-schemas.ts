import { z } from "zod";

/** An action done: the French sentence the page shows. */
export const Done = z.object({ success: z.boolean(), detail: z.string() });
export type Done = z.infer<typeof Done>;

/** GET /api/health: what runs, and why not (French) when the answer is 503. */
export const Health = z.object({
  status: z.enum(["ok", "degraded"]),
  reason: z.string().optional(),
  database: z.object({ ok: z.boolean(), kind: z.string() }),
  jobs: z.object({
    ok: z.boolean(),
    queued: z.number(),
    active: z.number(),
    failed: z.number(),
    stalled: z.number(),
  }),
  wordpress: z.object({ ok: z.boolean(), reason: z.string().optional() }).optional(),
  mail: z.object({ ok: z.boolean(), reason: z.string().optional() }).optional(),
});

/** ALTCHA's proof-of-work challenge, handed to its widget as the library made it (its shape is the library's). */
export const CaptchaChallenge = z.unknown();

/** A refusal or an error: the French sentence to show (server/src/plugins/error-handler.ts). */
export const Refusal = z.object({ detail: z.string() });
