import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "../src/context.ts";
import { emailLog, orders, sites } from "../src/db/schema.ts";
import { ANSWERS, jpegPhoto, kozaSubmission } from "../src/koza/test-support.ts";
import { magicLinkToken } from "../src/orders/magic-link.ts";
import { orderColumns, orderStatus, orderSteps } from "../src/orders/orders-table.ts";
import { type LoopbackSshHost, startLoopbackSshHost } from "../src/wordpress/loopback-ssh-host.ts";
import { freePort, siteFoldersIn } from "../src/wordpress/site-checks.ts";
import { SshWordPressHost } from "../src/wordpress/ssh-host.ts";
import { startSmtpSink, waitFor } from "./smtp-sink.ts";
import { createTestContext, TEST_ADMIN_TOKEN } from "./test-context.ts";

const serverDir = path.resolve(import.meta.dirname, "..");
/**
 * Enough for both workers to hold installs at once and for one to die in the middle of one, with
 * two Koza orders; 20 took twice the time (211 s beside the browser lanes) and proved nothing more.
 */
const ORDERS = 10;
/** Every fifth order buys Koza: its questionnaire goes to the first API, a worker builds the site. */
const withKoza = (i: number) => i % 5 === 0;
const KOZA_PAGES = ["a-propos", "accueil", "contact", "realisations", "services"];

interface Running {
  name: string;
  child: ChildProcess;
  log: string;
}

/**
 * The production layout on one machine: PostgreSQL, two API processes and two worker processes
 * started as the operator does (`ROLE=api|worker node --import tsx src/main.ts`), the SSH
 * WordPress host on loopback (sshd + nginx + php-fpm). Orders go through both APIs; a worker is
 * killed with SIGKILL in the middle of an install; every order must still end active with one
 * site, one welcome e-mail, and its Koza pages when it bought Koza.
 */
describe("two APIs and two workers on one PostgreSQL and one SSH WordPress host", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: Context;
  let host: LoopbackSshHost;
  const running: Running[] = [];
  const apis: string[] = [];

  function start(name: string, env: Record<string, string>): Running {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      // Its own process group: killing a worker takes its ssh children with it, as a machine dies.
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...env },
    });
    const proc = { name, child, log: "" };
    child.stderr?.on("data", (d) => {
      proc.log = (proc.log + d).slice(-20_000);
    });
    running.push(proc);
    return proc;
  }

  /** What the processes said, for a failure's message. */
  const logs = () =>
    running.map((p) => `--- ${p.name} (exit ${p.child.exitCode ?? p.child.signalCode})\n${p.log}`).join("\n");

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext();
    host = await startLoopbackSshHost();
    const { rows } = await ctx.database.sql.executeSql("select current_database() as db", []);
    const dbUrl = new URL(process.env.TEST_DATABASE_URL as string);
    dbUrl.pathname = `/${(rows[0] as { db: string }).db}`;
    const ports = [await freePort(), await freePort()];
    const common = {
      ...host.env,
      // As every test context (test-context.ts): no quota image per process's data folder.
      SITE_QUOTA: "off",
      DATABASE_URL: dbUrl.toString(),
      SMTP_URL: smtp.url,
      SECRET_KEY: ctx.config.SECRET_KEY,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      // The agency's blog is not what this test is about: no blog installed on the host.
      BLOG_WP_URL: "http://127.0.0.1:9/",
      // Every order of the test comes from this one address.
      RATE_LIMIT_ALLOW_LIST: "127.0.0.1",
    };
    for (const [i, port] of ports.entries()) {
      const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "lagon-api-"));
      start(`api-${i + 1}`, { ...common, ROLE: "api", PORT: String(port), HOST: "127.0.0.1", DATA_DIR });
      apis.push(`http://127.0.0.1:${port}`);
    }
    for (const i of [1, 2]) {
      start(`worker-${i}`, {
        ...common,
        ROLE: "worker",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-w-")),
      });
    }
    for (const api of apis) {
      await waitFor(async () => {
        if (running.some((p) => p.child.exitCode !== null)) throw new Error(`a process stopped\n${logs()}`);
        return (await fetch(`${api}/api/health`).catch(() => undefined))?.ok;
      }, 90_000);
    }
  }, 240_000);

  afterAll(async () => {
    // Every process by its id, even when the test failed: SIGTERM, then SIGKILL after 10 s.
    await Promise.all(
      running.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
        const exited = new Promise((r) => child.once("exit", r));
        process.kill(-child.pid, "SIGTERM");
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await host?.stop();
    await ctx?.close();
    await smtp?.close();
  });

  async function order(i: number): Promise<{ subdomain: string; email: string }> {
    const api = apis[i % 2] as string;
    const subdomain = `topo-${i}`;
    const email = `client${i}@example.re`;
    const created = await fetch(`${api}/api/stripe/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        plan_id: "price_local_starter",
        koza_option: withKoza(i),
        customer_data: {
          email,
          name: `Client ${i}`,
          immediate_start: true,
          domain: `${subdomain}.localhost`,
        },
        success_url: `${apis[0]}/success`,
        cancel_url: `${apis[0]}/`,
      }),
    });
    const body = (await created.json()) as { checkout_url?: string; detail?: string };
    if (!body.checkout_url) throw new Error(`checkout ${i}: ${created.status} ${body.detail}`);
    const sessionId = new URL(body.checkout_url).pathname.split("/").at(-1) as string;
    // Paid on the other API: any process takes any request.
    const paid = await fetch(`${apis[(i + 1) % 2]}/api/test-checkout/${sessionId}/pay`, { method: "POST" });
    if (!paid.ok) throw new Error(`payment ${i}: ${paid.status} ${await paid.text()}`);
    return { subdomain, email };
  }

  /** The ids of the processes whose parent is `pid` and whose command line has `text`. */
  function childrenRunning(pid: number, text: string): number[] {
    const found: number[] = [];
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
        if (ppid === pid && cmdline.includes(text)) found.push(Number(entry));
      } catch {
        // The process ended meanwhile.
      }
    }
    return found;
  }

  it("ends every order active, with one site, one welcome e-mail and its Koza pages, despite a killed worker", async () => {
    const placed = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(i)));
    const subdomains = placed.map((p) => p.subdomain);
    const rows = async () =>
      (
        await ctx.db
          .select({ order: orderColumns, site: sites })
          .from(orders)
          .innerJoin(sites, eq(sites.orderId, orders.id))
          .where(inArray(sites.name, subdomains))
      ).map(({ order, site }) => {
        const shown = site;
        return {
          ...order,
          kozaStatus: shown.kozaStatus,
          status: orderStatus(order, shown),
          steps: orderSteps(order, shown),
        };
      });

    // A worker dies (SIGKILL, with its ssh sessions) while it installs a site over SSH.
    const victim = running.find((p) => p.name === "worker-1") as Running;
    const victimPid = victim.child.pid as number;
    await waitFor(() => childrenRunning(victimPid, " install ").length > 0 || undefined, 120_000).catch(
      () => {
        throw new Error(`worker-1 never installed a site\n${logs()}`);
      },
    );
    process.kill(-victimPid, "SIGKILL");
    await new Promise((r) => victim.child.once("exit", r));

    // Koza questionnaires, all to the first API, as each Koza order goes live.
    const photo = await jpegPhoto("#0a7");
    const kozaSent = new Set<string>();
    const deadline = Date.now() + 300_000;
    for (;;) {
      const now = await rows();
      for (const o of now) {
        if (!o.kozaOption || o.status !== "active" || kozaSent.has(o.id)) continue;
        const form = await kozaSubmission(
          {
            order_id: o.id,
            token: magicLinkToken(ctx, o),
            koza_data: JSON.stringify({ ...ANSWERS, businessName: `Atelier ${o.subdomain}` }),
          },
          [["photo_0", photo, "atelier.jpg"]],
        );
        const res = await fetch(`${apis[0]}${form.url}`, {
          method: "POST",
          headers: form.headers,
          body: new Uint8Array(form.payload),
        });
        expect(res.status, await res.text()).toBe(200);
        kozaSent.add(o.id);
      }
      const done = now.filter(
        (o) => o.status === "active" && (!o.kozaOption || o.kozaStatus === "completed"),
      );
      if (done.length === ORDERS) break;
      const failed = now.find((o) => o.status === "error" || o.kozaStatus === "error");
      if (failed || Date.now() > deadline) {
        const state = now.map(
          (o) => `${o.subdomain}: ${o.status}/${o.kozaStatus} ${JSON.stringify(o.steps)}`,
        );
        throw new Error(`orders not done:\n${state.join("\n")}\n${logs()}`);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    // A duplicate would be an e-mail job run again: count once none is left to run or running.
    await waitFor(async () => {
      const { rows } = await ctx.database.sql.executeSql(
        "select count(*)::int as n from pgboss.job where name = 'send-email' and state in ('created', 'retry', 'active')",
        [],
      );
      return (rows[0] as { n: number }).n === 0 || undefined;
    }, 60_000);

    const final = await rows();
    expect(final).toHaveLength(ORDERS);
    // One site per order on the host, and no other.
    expect(siteFoldersIn(path.join(host.hostDataDir, "sites"))).toEqual([...subdomains].sort());
    const wp = new SshWordPressHost(host.options);
    for (const o of final) {
      expect(o.status, o.subdomain).toBe("active");
      expect(await wp.status(o.subdomain)).toBe("installed");
      // Exactly one welcome e-mail: one logged, sent, received once under its Message-ID.
      const welcome = await ctx.db
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.orderId, o.id), eq(emailLog.template, "welcome")));
      expect(
        welcome.map((m) => m.status),
        o.subdomain,
      ).toEqual(["sent"]);
      const received = smtp.received.filter((m) => m.to.includes(o.customerEmail));
      const welcomeId = `<${welcome[0]?.id}@`;
      expect(
        received.filter((m) => m.raw.includes(`Message-ID: ${welcomeId}`)),
        o.subdomain,
      ).toHaveLength(1);
      if (!o.kozaOption) continue;
      const pages = (await (
        await wp.fetch(o.subdomain, "/wp-json/wp/v2/pages?per_page=100&_fields=slug")
      ).json()) as { slug: string }[];
      expect(
        pages
          .map((p) => p.slug)
          .filter((s) => KOZA_PAGES.includes(s))
          .sort(),
        o.subdomain,
      ).toEqual(KOZA_PAGES);
      const home = await (await wp.fetch(o.subdomain, "/")).text();
      expect(home).toContain(`Atelier ${o.subdomain}`);
    }
    expect(kozaSent.size).toBe(placed.filter((_, i) => withKoza(i)).length);
    // The survivor is still up: the test saw a worker die, not the whole topology.
    expect(running.filter((p) => p.child.exitCode === null && p.child.signalCode === null)).toHaveLength(3);
  }, 420_000);
});
