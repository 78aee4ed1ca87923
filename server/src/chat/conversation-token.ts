import { createHash, randomBytes, randomUUID } from "node:crypto";
import { safeEqual } from "../lib/secrets.ts";

/** SHA-256 of a conversation secret, as stored. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/**
 * A new conversation's id and the visitor's token for it: `<id>.<secret>`, the secret 256 random
 * bits. The database keeps only the secret's hash, so a copy of it opens no conversation.
 */
export function newConversationToken(): { id: string; token: string; secretHash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  return { id, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The conversation id a token names, and its secret; null when it is not shaped like a token. */
export function parseConversationToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(id) || secret.length < 22) return null;
  return { id, secret };
}

/** A hash no secret has, compared when the conversation does not exist, so both cases take the same time. */
const STAND_IN = hashSecret(randomBytes(32).toString("base64url"));

/** Whether `secret` is the one whose hash is `stored` (constant time; a missing conversation never matches). */
export function secretMatches(stored: string | undefined, secret: string): boolean {
  const same = safeEqual(hashSecret(secret), stored ?? STAND_IN);
  return stored !== undefined && same;
}
