import { desc, isNotNull } from "drizzle-orm";
import { readBlogCredentials } from "../blog/blog-credentials.ts";
import type { Context } from "../context.ts";
import { emailLog, orders } from "../db/schema.ts";

/** SECRET_KEY does not open what it sealed before: the key was changed or lost. */
export class WrongSecretKeyError extends Error {
  constructor(readonly sealedWhat: string) {
    super(`SECRET_KEY does not open the stored ${sealedWhat}`);
  }
}

/**
 * Opens the newest value of each kind sealed with SECRET_KEY (order tokens, e-mail bodies, the
 * blog's credentials), so that a wrong key stops the start instead of failing at the first
 * request. A database with nothing sealed yet has nothing a wrong key could misread.
 */
export async function checkSecretKey(ctx: Pick<Context, "db" | "secrets">): Promise<void> {
  const [order] = await ctx.db
    .select({ sealed: orders.magicLinkTokenEnc })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [mail] = await ctx.db
    .select({ sealed: emailLog.sealedHtml })
    .from(emailLog)
    .where(isNotNull(emailLog.sealedHtml))
    .orderBy(desc(emailLog.createdAt))
    .limit(1);
  const samples: [string, string | null | undefined][] = [
    ["jetons des commandes", order?.sealed],
    ["e-mails du journal", mail?.sealed],
  ];
  for (const [what, sealed] of samples) {
    if (!sealed) continue;
    try {
      ctx.secrets.open(sealed);
    } catch {
      throw new WrongSecretKeyError(what);
    }
  }
  try {
    await readBlogCredentials(ctx);
  } catch {
    throw new WrongSecretKeyError("identifiants du blog");
  }
}
