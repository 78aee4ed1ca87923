import path from "node:path";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { siteHostsMap } from "./site-hosts-map.ts";

// `npm run site-hosts-map`: prints the front's nginx map of sites to WordPress hosts (site-hosts-map.ts).
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.join(config.DATA_DIR, "pglite"),
});
try {
  process.stdout.write(await siteHostsMap(database.db, config));
} finally {
  await database.close();
}
