import { createHash } from "node:crypto";
import { eq, type SQL } from "drizzle-orm";
import type { Context } from "../context.ts";
import { checkoutSessions } from "../db/schema.ts";

// A payment provider's checkout session id is a credential (it reads the order's status and,
// for an hour, its credentials), so it is never stored in clear: the row keeps its SHA-256 to be
// found by it and a sealed copy for the one call that needs it back (closing it at the provider).
// Session ids are long random strings, so an unsalted hash gives nothing to guess from.

/** The stored lookup key of a session id: hex SHA-256 of its UTF-8 bytes (as the migration made it). */
export function sessionIdHash(sessionId: string): string {
  return createHash("sha256").update(sessionId, "utf8").digest("hex");
}

/** The checkout row of a provider's session id. */
export function bySessionId(sessionId: string): SQL {
  return eq(checkoutSessions.providerSessionHash, sessionIdHash(sessionId));
}

/** What a checkout row stores of its provider's session id. */
export function storedSessionId(
  ctx: Pick<Context, "secrets">,
  sessionId: string,
): { providerSessionHash: string; providerSessionEnc: string } {
  return { providerSessionHash: sessionIdHash(sessionId), providerSessionEnc: ctx.secrets.seal(sessionId) };
}
