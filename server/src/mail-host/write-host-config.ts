/**
 * Writes host/conf/ from the generators (host-config.ts): `npm run mail-host:conf`, after a
 * change of the mail host's configuration. host-config.test.ts fails while they differ.
 */
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { hostConfigTemplates } from "./host-config.ts";
import { MAIL_HELPER_DIR } from "./ssh-mail-host.ts";

const dir = path.join(MAIL_HELPER_DIR, "conf");
await mkdir(dir, { recursive: true });
const templates = hostConfigTemplates();
for (const name of await readdir(dir)) if (!(name in templates)) await rm(path.join(dir, name));
for (const [name, text] of Object.entries(templates)) await writeFile(path.join(dir, name), text);
console.log(`${Object.keys(templates).length} fichiers écrits dans ${dir}`);
