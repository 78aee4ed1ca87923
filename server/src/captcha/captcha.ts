import { createHash } from "node:crypto";
import { CAPTCHA_INVALID, CAPTCHA_MISSING } from "@lagon/contracts/captcha";
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { verify } from "altcha-lib/frameworks/shared";
import { lt } from "drizzle-orm";
import type { Context } from "../context.ts";
import { usedCaptchas } from "../db/schema.ts";
import { badRequest } from "../lib/app-error.ts";

const LIFETIME_MS = 10 * 60 * 1000;

/** HMAC secrets of the challenges, derived from the product's secret key. */
function secrets(ctx: Pick<Context, "config">) {
  const derive = (purpose: string) =>
    createHash("sha256").update(`${ctx.config.SECRET_KEY}:altcha:${purpose}`).digest("hex");
  return { signature: derive("signature"), key: derive("key") };
}

/**
 * A signed ALTCHA proof-of-work challenge (self-hosted, no third party): about a quarter of a
 * second of work for a browser, valid 10 minutes.
 */
export function createCaptchaChallenge(ctx: Pick<Context, "config">) {
  const s = secrets(ctx);
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 1000,
    counter: randomInt(500, 1500),
    deriveKey,
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.key,
    expiresAt: new Date(Date.now() + LIFETIME_MS),
  });
}

/**
 * Accepts a solved, unexpired challenge once; a missing, forged, expired or replayed one is a
 * French 400. "Once" is per challenge, not per payload: the same solution re-encoded (spaces in
 * the base64, padding dropped, JSON re-serialised) decodes to the same signed challenge, whose
 * nonce is the key of the used ones.
 */
export async function verifyCaptcha(
  ctx: Pick<Context, "config" | "db">,
  token: string | undefined,
): Promise<void> {
  if (!token) throw badRequest(CAPTCHA_MISSING);
  const s = secrets(ctx);
  const result = await verify(token, deriveKey, s.signature, s.key).catch(() => undefined);
  const payload = result?.payload;
  // Only our own proof-of-work challenges; the signature checked above covers their nonce.
  if (!result?.verification?.verified || !payload || !("challenge" in payload)) {
    throw badRequest(CAPTCHA_INVALID);
  }
  const signature = createHash("sha256").update(payload.challenge.parameters.nonce).digest("hex");
  await ctx.db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date()));
  const fresh = await ctx.db
    .insert(usedCaptchas)
    .values({ signature, expiresAt: new Date(Date.now() + LIFETIME_MS) })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  if (fresh.length === 0) throw badRequest(CAPTCHA_INVALID);
}
