import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import { emailLog } from "../db/schema.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { LocalWordPressHost } from "./local-host.ts";
import { freePort, sampleSite, testCoreDir } from "./site-checks.ts";
import type { HostEvent } from "./wordpress-host.ts";

/** The embedded host's nginx and php-fpm are supervised: killed, they come back by themselves. */
describe("supervised site runtime", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const events: HostEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()), AGENCY_EMAIL: "alertes@agence.example" });
    t.ctx.wordpress.onEvent((event) => events.push(event));
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
    await t.ctx.wordpress.main.install(sampleSite("vivace", "Vivace"));
  });
  afterAll(() => t?.close());

  const health = () => t.app.inject({ method: "GET", url: "/api/health" });
  const pidOf = (name: string) => {
    const runDir = (t.ctx.wordpress.main as unknown as { runtime: { paths: { runDir: string } } }).runtime
      .paths.runDir;
    return Number(readFileSync(`${runDir}/${name}.pid`, "utf8"));
  };

  it("answers healthy with the WordPress host", async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.json().wordpress).toEqual({ ok: true });
  });

  for (const service of ["php-fpm", "nginx"] as const) {
    it(`restarts ${service} when it dies, says so in /api/health meanwhile and alerts the agency`, async () => {
      events.length = 0;
      process.kill(-pidOf(service), "SIGKILL");
      const down = await waitFor(async () => {
        const res = await health();
        return res.statusCode === 503 ? res : undefined;
      }, 5_000);
      expect(down.json().reason).toMatch(/sites WordPress/);
      await waitFor(async () => ((await health()).statusCode === 200 ? true : undefined), 15_000);
      expect(events.map((e) => e.kind)).toEqual(["down", "restored"]);
      expect((await t.ctx.wordpress.main.fetch("vivace", "/")).status).toBe(200);
    });
  }

  it("sent one alert e-mail per service to the agency", async () => {
    const alerts = await t.ctx.db.select().from(emailLog).where(eq(emailLog.template, "host_down_agency"));
    expect(alerts.map((a) => a.recipient).sort()).toEqual([
      "alertes@agence.example",
      "alertes@agence.example",
    ]);
  });

  it("provisions an order paid while php-fpm is down", async () => {
    process.kill(-pidOf("php-fpm"), "SIGKILL");
    const id = await givenPaidOrder(t.ctx, { subdomain: "pendant-panne", companyName: "Pendant Panne" });
    const order = await waitFor(async () => {
      const row = await findShownOrder(t.ctx.db, id);
      return row?.status === "active" ? row : undefined;
    }, 90_000);
    expect(order.steps.wordpress?.status).toBe("completed");
    expect((await t.ctx.wordpress.main.fetch("pendant-panne", "/")).status).toBe(200);
  });

  it("keeps its processes to its own data folder: another product on the same port is refused", async () => {
    const other = new LocalWordPressHost({
      dataDir: `${t.ctx.config.DATA_DIR}-other`,
      coreDir: testCoreDir(),
      port: t.ctx.config.WP_PORT,
    });
    await expect(other.start()).rejects.toThrow(/déjà utilisé/);
    expect((await t.ctx.wordpress.main.fetch("vivace", "/")).status).toBe(200);
  });

  it("ends the processes a killed product left behind on its data folder", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "wp-crash-"));
    const port = await freePort();
    const options = JSON.stringify({ dataDir, coreDir: testCoreDir(), port });
    const crashed = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { LocalWordPressHost } from ${JSON.stringify(path.join(import.meta.dirname, "local-host.ts"))};
         await new LocalWordPressHost(${options}).start();
         console.log("ready");
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => crashed.stdout?.once("data", resolve));
    crashed.kill("SIGKILL");
    const next = new LocalWordPressHost({ dataDir, coreDir: testCoreDir(), port });
    try {
      await next.start();
      expect(await next.health()).toEqual({ ok: true });
    } finally {
      await next.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("serves sites from a data folder inside a folder closed to others (a clone in /root)", async () => {
    // Like /root or a Debian home folder: nobody but its owner may cross it.
    const home = mkdtempSync(path.join(os.tmpdir(), "closed-home-"));
    chmodSync(home, 0o700);
    const dataDir = path.join(home, "clone", "data");
    mkdirSync(dataDir, { recursive: true });
    const host = new LocalWordPressHost({ dataDir, coreDir: testCoreDir(), port: await freePort() });
    const sftpDir = (host as unknown as { runtime: { paths: { sftpDir: string } } }).runtime.paths.sftpDir;
    let sftpDirLeft: boolean | undefined;
    try {
      await host.start();
      expect(existsSync(sftpDir)).toBe(true);
      await host.install(sampleSite("chez-moi", "Chez Moi"));
      expect((await host.fetch("chez-moi", "/")).status).toBe(200);
      // The sites' folders live outside, linked from the data folder under their usual names.
      const sites = path.join(dataDir, "sites");
      expect(lstatSync(sites).isSymbolicLink()).toBe(true);
      expect(realpathSync(sites)).toMatch(/^\/var\/lib\/lagon\/[0-9a-f]{12}\/sites$/);
      // The closed folder stays closed.
      expect(lstatSync(home).mode & 0o777).toBe(0o700);
      // The folders the helper's SFTP commands make (lib/sftp.sh), left empty.
      for (const name of ["chroots", "keys", "plain"]) mkdirSync(path.join(sftpDir, name));
    } finally {
      const outside = path.dirname(realpathSync(path.join(dataDir, "sites")));
      await host.remove("chez-moi").catch(() => {});
      await host.stop();
      sftpDirLeft = existsSync(sftpDir);
      rmSync(home, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
    // Its SFTP folder of /var/lib/lagon, holding no key, no link and no plain site, goes with it.
    expect(sftpDirLeft).toBe(false);
  });

  it("keeps a stopped runtime's SFTP folder that holds a customer's key", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lagon-sftp-kept-"));
    const host = new LocalWordPressHost({ dataDir, coreDir: testCoreDir(), port: await freePort() });
    const sftpDir = (host as unknown as { runtime: { paths: { sftpDir: string } } }).runtime.paths.sftpDir;
    try {
      await host.start();
      mkdirSync(path.join(sftpDir, "keys"), { recursive: true });
      writeFileSync(path.join(sftpDir, "keys", "wp-client"), "ssh-ed25519 AAAA client@poste\n");
      await host.stop();
      expect(readFileSync(path.join(sftpDir, "keys", "wp-client"), "utf8")).toContain("client@poste");
    } finally {
      await host.stop();
      rmSync(sftpDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
