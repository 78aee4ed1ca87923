import { spawnSync } from "node:child_process";
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HelperTransport, SiteHostClient } from "./site-host-client.ts";
import { helperVersion, runtimeHelperCopy, SITE_HOST_DIR } from "./site-host-files.ts";
import type { SiteIdentity } from "./wordpress-host.ts";

/** The command names site-host.sh accepts: its COMMANDS list. */
async function dispatcherCommands(): Promise<string[]> {
  const source = await readFile(path.join(SITE_HOST_DIR, "site-host.sh"), "utf8");
  const list = /^COMMANDS=\(([^)]*)\)/m.exec(source)?.[1];
  if (!list) throw new Error("no COMMANDS=(…) in site-host.sh");
  return list.split(/\s+/).filter(Boolean);
}

/** A client whose transport records the command of each call, then fails it. */
class RecordingClient extends SiteHostClient {
  readonly commands = new Set<string>();
  protected readonly transport: HelperTransport = {
    run: async (args) => {
      this.commands.add(args[0] as string);
      throw new Error("recorded");
    },
    stream: async (args) => {
      this.commands.add(args[0] as string);
      throw new Error("recorded");
    },
  };
  start = async () => {};
  stop = async () => {};
  health = async () => null;
  onEvent() {}
  siteUrl = (sub: string) => `http://${sub}.localhost`;
  domainUrl = (domain: string) => `https://${domain}`;
  fetch = async () => new Response();
  sftpEndpoint = () => ({ host: "localhost", port: 2222 });
  protected siteHostName = (sub: string) => `${sub}.localhost`;
}

const site: SiteIdentity = {
  subdomain: "demo",
  title: "Démo",
  adminEmail: "a@example.re",
  legal: { companyName: "Démo", email: "a@example.re", host: "Lagon" },
};
const pin = { slug: "akismet", version: "5.3" };
const sha = "a".repeat(64);
const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** One call of each helper command method of the client. */
const calls: Record<string, (client: RecordingClient) => Promise<unknown>> = {
  status: (c) => c.status("demo"),
  install: (c) => c.install(site),
  reinstall: (c) => c.reinstall(site),
  remove: (c) => c.remove("demo"),
  runScheduledTasks: (c) => c.runScheduledTasks(),
  suspend: (c) => c.suspend("demo"),
  unsuspend: (c) => c.unsuspend("demo"),
  finishUpdate: (c) => c.finishUpdate("demo"),
  putAcmeChallenge: (c) => c.putAcmeChallenge("a".repeat(32), "key"),
  removeAcmeChallenge: (c) => c.removeAcmeChallenge("a".repeat(32)),
  installDomain: (c) => c.installDomain("demo", "example.re", { certificatePem: "c", privateKeyPem: "k" }),
  removeDomain: (c) => c.removeDomain("example.re"),
  setSiteUrl: (c) => c.setSiteUrl("demo", "https://example.re"),
  visitLog: (c) => c.visitLog("demo", "2026-01-01"),
  pruneVisitLogs: (c) => c.pruneVisitLogs(),
  diskUsage: (c) => c.diskUsage(),
  setDiskAllowance: (c) => c.setDiskAllowance("demo", 10_240),
  cachedPlugin: (c) => c.cachedPlugin(pin),
  cachePlugin: (c) => c.cachePlugin(pin, sha, new Uint8Array(1)),
  installPlugin: (c) => c.installPlugin("demo", pin, sha),
  applyKit: (c) =>
    c.applyKit("demo", { activate: [], deactivate: [], options: {}, pages: [], taxRates: [], product: null }),
  exportSite: (c) => c.exportSite("demo", sink()),
  importSite: (c) => c.importSite("demo", Readable.from([])),
  versions: (c) => c.versions(),
  updateSite: (c) => c.updateSite("demo", [{ kind: "plugin", slug: "akismet" }]),
  rollbackUpdate: (c) => c.rollbackUpdate("demo", Readable.from([])),
  sftp: (c) => c.sftp("demo", { action: "status" }),
  setSiteMode: (c) => c.setSiteMode("demo", "plain"),
  suspendSftp: (c) => Promise.all([c.suspendSftp("demo", true), c.suspendSftp("demo", false)]),
  refreshSiteFiles: (c) => c.refreshSiteFiles("demo"),
};
/** The client's own helpers, which are no command. */
const NOT_COMMANDS = ["constructor", "beforeInstall", "onSite", "installAfresh"];

describe("site-host.sh, the dispatcher of the root helper's commands", () => {
  let dir: string;
  let copy: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "site-host-dispatch-"));
    await chmod(dir, 0o711);
    // The embedded host's copy, in its runtime folder, where an older version's copy was left.
    const runDir = path.join(dir, "run");
    await mkdir(path.join(runDir, "helper-0123456789abcdef"), { recursive: true });
    copy = path.dirname(await runtimeHelperCopy(runDir));
    expect(await readdir(runDir)).toEqual([`helper-${helperVersion()}`]);
    expect(await runtimeHelperCopy(runDir)).toBe(path.join(copy, "site-host.sh"));
    const core = path.join(dir, "core");
    await mkdir(core);
    await writeFile(path.join(core, "wp-settings.php"), "");
    env = {
      PATH: "/usr/sbin:/usr/bin:/sbin:/bin",
      SITE_HOST_CONF: "/nonexistent",
      SITES_ROOT: path.join(dir, "sites"),
      SITE_TMP_ROOT: path.join(dir, "site-tmp"),
      CORE_DIR: core,
      POOL_DIR: path.join(dir, "pools"),
      SOCKET_DIR: path.join(dir, "sockets"),
      SUSPENDED_DIR: path.join(dir, "suspended"),
      FPM_RELOAD: "true",
    };
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const helper = (...args: string[]) =>
    spawnSync("bash", [path.join(copy, "site-host.sh"), ...args], { env, encoding: "utf8" });

  it("has one file per command it lists, and no file it does not list", async () => {
    const commands = await dispatcherCommands();
    expect(commands.length).toBeGreaterThan(30);
    const files = (await readdir(path.join(SITE_HOST_DIR, "commands"))).map((name) =>
      name.replace(/\.sh$/, ""),
    );
    expect(files.sort()).toEqual([...commands].sort());
  });

  it("knows every command the TypeScript client and the hosts run", async () => {
    const methods = Object.getOwnPropertyNames(SiteHostClient.prototype).filter(
      (m) => !NOT_COMMANDS.includes(m),
    );
    expect(Object.keys(calls).sort()).toEqual(methods.sort());
    const client = new RecordingClient();
    for (const call of Object.values(calls)) await expect(call(client)).rejects.toThrow("recorded");
    // What the hosts run themselves: the SSH host's check, the embedded host's sync and firewall.
    for (const file of ["ssh-host.ts", "local-host.ts"]) {
      const source = await readFile(path.join(import.meta.dirname, file), "utf8");
      for (const [, command] of source.matchAll(/(?:siteHost|helper)\(\["([a-z-]+)"/g)) {
        client.commands.add(command as string);
      }
    }
    expect(client.commands).toContain("check");
    expect(client.commands).toContain("sync");
    const known = await dispatcherCommands();
    for (const command of client.commands) expect(known, command).toContain(command);
  });

  it("runs a command from its root-only copy, whose version is the product's", async () => {
    for (const entry of await readdir(copy, { recursive: true })) {
      const { uid, mode } = await stat(path.join(copy, entry));
      expect(uid, entry).toBe(0);
      expect(mode & 0o022, entry).toBe(0);
    }
    expect(helper("status", "demo")).toMatchObject({ status: 0, stdout: "absent\n" });
    expect(helper("check")).toMatchObject({ status: 0, stdout: `${helperVersion()}\n` });
  });

  it("refuses an unknown command, with its usage, and runs nothing", () => {
    for (const command of ["nope", "../lib/common", "status/../check", "", "check;id"]) {
      const result = helper(command, "demo");
      expect(result.status, command).toBe(1);
      expect(result.stderr).toContain("site-host: usage: site-host.sh check | sync");
      expect(result.stdout).toBe("");
    }
  });

  it("runs nothing from a folder or file another user than root could change", async () => {
    const lib = path.join(copy, "lib", "common.sh");
    const command = path.join(copy, "commands", "status.sh");
    const cases: [string, () => Promise<void>, () => Promise<void>][] = [
      ["a group-writable file", () => chmod(lib, 0o664), () => chmod(lib, 0o644)],
      [
        "a world-writable folder",
        () => chmod(path.join(copy, "commands"), 0o777),
        () => chmod(path.join(copy, "commands"), 0o755),
      ],
      ["a file of another user", () => chown(command, 65534, 0), () => chown(command, 0, 0)],
      ["a parent folder of another user", () => chown(dir, 65534, 0), () => chown(dir, 0, 0)],
    ];
    for (const [what, spoil, mend] of cases) {
      await spoil();
      try {
        const result = helper("status", "demo");
        expect(result.status, what).toBe(1);
        expect(result.stderr, what).toMatch(/site-host: .* may be changed by another user than root/);
        expect(result.stdout, what).toBe("");
      } finally {
        await mend();
      }
    }
    const link = path.join(copy, "lib", "extra.sh");
    await symlink("/etc/hostname", link);
    try {
      expect(helper("status", "demo").status).toBe(1);
    } finally {
      await rm(link);
    }
    expect(helper("status", "demo")).toMatchObject({ status: 0, stdout: "absent\n" });
  });
});
