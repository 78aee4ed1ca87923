import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// The recorded API answers are replayed by address, and the admin's address holds its token: a
// replay runs its stack with the token of the recording it replays (kept beside its pictures).
const recorded = path.join(process.env.SHOTS_REFERENCE ?? "", "admin-token");
if (process.env.SHOTS_REFERENCE && existsSync(recorded)) {
  process.env.E2E_ADMIN_TOKEN = readFileSync(recorded, "utf8").trim();
}
