import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { spawnServer } from "../../test/spawn-server.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-ready-"));
let stop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * "Site prêt" means every page answers: on the first start the console used to say it while
 * the local blog was still being created, and the blog's articles answered 503 meanwhile.
 */
it("says the site is ready only once the local blog answers with its articles", async () => {
  const server = await spawnServer(dataDir);
  stop = async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  };
  await server.printed("Site prêt");
  const res = await fetch(`http://127.0.0.1:${server.port}/blog/wp-json/wp/v2/posts?per_page=100`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as unknown[]).length).toBe(12);
}, 240_000);
