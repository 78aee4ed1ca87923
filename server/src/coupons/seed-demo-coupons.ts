import type { Db } from "../db/database.ts";
import { insertCouponsOnce } from "./coupons-table.ts";

/** Demo codes for the embedded default (with Stripe, promotion codes live in Stripe). */
export async function seedDemoCoupons(db: Db): Promise<void> {
  await insertCouponsOnce(db, [
    { code: "BIENVENUE10", percentOff: 10 },
    { code: "LANCEMENT20", percentOff: 20, maxUses: 100 },
    { code: "EXPIRE50", percentOff: 50, expiresAt: new Date("2025-01-01T00:00:00Z") },
  ]);
}
