import { z } from "zod";

/**
 * Where a private route's credential travels: `?token=` (the order's page token, the customer's
 * mailbox token or the admin token), or a JSON body's `token`. Optional here: the access hook of
 * the route's level checks it first and answers a missing one in French (docs/architecture.md).
 */
export const TokenQuery = z.object({ token: z.string().optional() });
export type TokenQuery = z.infer<typeof TokenQuery>;

/**
 * The order a private route's address names. Any text: the access hook answers an unknown or
 * malformed one as it answers a wrong token (docs/architecture.md).
 */
export const OrderPathParams = z.object({ orderId: z.string() });
