import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalWordPressHost } from "./local-host.ts";
import { type SftpLogin, sftpBatch, sshAttempt } from "./sftp-session.ts";
import { freePort, sampleSite, testCoreDir } from "./site-checks.ts";

/**
 * Libre's SFTP (decision 0059) on the embedded host, end to end: the product's own sshd, a real
 * OpenSSH client, nginx serving what was uploaded. sshd refuses a chroot under a folder others
 * may write (/tmp), so the data folder is made in the project's .test-output.
 */
describe("SFTP access and plain sites", () => {
  let dataDir: string;
  let work: string;
  let host: LocalWordPressHost;
  let wpPort: number;
  let login: SftpLogin;
  const password = "Vanille-Bourbon-974";

  beforeAll(async () => {
    const outputDir = path.resolve(import.meta.dirname, "../../../.test-output");
    await mkdir(outputDir, { recursive: true });
    dataDir = await mkdtemp(path.join(outputDir, "sftp-"));
    work = await mkdtemp(path.join(outputDir, "sftp-client-"));
    wpPort = await freePort();
    host = new LocalWordPressHost({
      dataDir,
      coreDir: testCoreDir(),
      port: wpPort,
      sftpPort: await freePort(),
    });
    await host.start();
    await host.install(sampleSite("libre", "Atelier Libre"));
    await host.install(sampleSite("voisin", "Le Voisin"));
  }, 180_000);

  afterAll(async () => {
    await host?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  it("lets the customer in with a password, uploads a static site and serves it once chosen", async () => {
    const state = await host.sftp("libre", { action: "password", password });
    expect(state).toMatchObject({ mode: "wordpress", passwordSet: true, keys: [] });
    expect(state.user).toMatch(/^wp-libre-/);
    login = { port: host.sftpEndpoint()?.port as number, user: state.user, password };

    await writeFile(
      path.join(work, "index.html"),
      "<!doctype html><title>Atelier</title><h1>Bienvenue chez Atelier Libre</h1>\n",
    );
    await writeFile(path.join(work, "heure.php"), "<?php echo 'PHP ', 6 * 7;\n");
    const upload = await sftpBatch(login, [
      "pwd",
      "cd www",
      `put ${work}/index.html`,
      `put ${work}/heure.php`,
      "ls -1",
    ]);
    expect(upload.stderr).not.toMatch(/denied|failed|error/i);
    expect(upload.code).toBe(0);
    expect(upload.stdout).toContain("Remote working directory: /wp-content");
    expect(upload.stdout).toMatch(/index\.html/);

    // WordPress is served until the plain site is chosen.
    const before = await (await host.fetch("libre", "/")).text();
    expect(before).toContain("Atelier Libre");
    expect(before).not.toContain("Bienvenue chez Atelier Libre");

    await host.setSiteMode("libre", "plain");
    const page = await host.fetch("libre", "/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Bienvenue chez Atelier Libre</h1>");
    expect(await (await host.fetch("libre", "/heure.php")).text()).toBe("PHP 42");
    expect((await host.sftp("libre", { action: "status" })).mode).toBe("plain");
    // The neighbour still serves its WordPress.
    expect(await (await host.fetch("voisin", "/")).text()).toContain("Le Voisin");

    // Back to WordPress: it comes back as it was, and the plain site's files stay.
    await host.setSiteMode("libre", "wordpress");
    const back = await (await host.fetch("libre", "/")).text();
    expect(back).toContain("Atelier Libre");
    expect(back).not.toContain("Bienvenue chez");
    expect((await host.fetch("libre", "/wp-login.php")).status).toBe(200);
    expect((await sftpBatch(login, ["ls -1 www"])).stdout).toContain("index.html");
  }, 120_000);

  it("takes a public key, lets its owner in, and shuts the door once it is removed", async () => {
    const keyFile = path.join(work, "id_ed25519");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "marie@atelier", "-f", keyFile]);
    const publicKey = (await readFile(`${keyFile}.pub`, "utf8")).trim();
    const state = await host.sftp("libre", { action: "key-add", key: publicKey });
    expect(state.keys).toHaveLength(1);
    expect(state.keys[0]).toMatchObject({ type: "ED25519", comment: "marie@atelier" });
    expect(state.keys[0]?.fingerprint).toMatch(/^SHA256:/);
    // Adding it again changes nothing.
    expect((await host.sftp("libre", { action: "key-add", key: publicKey })).keys).toHaveLength(1);

    const withKey = { port: login.port, user: login.user, keyFile };
    const listed = await sftpBatch(withKey, ["ls -1 /wp-content"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("www");

    const fingerprint = state.keys[0]?.fingerprint as string;
    expect((await host.sftp("libre", { action: "key-remove", fingerprint })).keys).toEqual([]);
    expect((await sftpBatch(withKey, ["ls"])).code).not.toBe(0);
    // The password still works.
    expect((await sftpBatch(login, ["ls"])).code).toBe(0);
  }, 60_000);

  it("keeps the customer in the site's folder: no way out, no shell, no tunnel, no other site", async () => {
    // The chroot: / is the site's folder, nothing above it.
    const wayOut = await sftpBatch(login, [
      "cd /..",
      "pwd",
      "-get /etc/passwd",
      "-ls /root",
      "-cd ../../voisin",
    ]);
    expect(wayOut.stdout).toContain("Remote working directory: /");
    expect(wayOut.stderr).toMatch(/not found|No such file/);
    expect(await readFile(path.join(process.cwd(), "passwd"), "utf8").catch(() => null)).toBeNull();
    // Root's files are read-only to the site: WordPress's core cannot be replaced.
    const core = await sftpBatch(login, [`put ${work}/index.html /index.php`]);
    expect(core.code).not.toBe(0);
    expect(core.stderr).toMatch(/Permission denied/);

    // No shell, whatever the client asks: the command is never run, no terminal is given.
    const command = await sshAttempt(login, ["-T", "echo pwned-$((6*7))"]);
    expect(command.stdout).not.toContain("pwned-42");
    const terminal = await sshAttempt(login, ["-tt"]);
    expect(terminal.stderr).toMatch(/PTY allocation request failed/);
    // No forwarding: neither to the sites' nginx through the tunnel, nor a port opened back.
    const forward = await sshAttempt(login, ["-W", `127.0.0.1:${wpPort}`]);
    expect(forward.code).not.toBe(0);
    expect(forward.stderr).toMatch(/administratively prohibited|open failed/);
    const reverse = await sshAttempt(login, ["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22"]);
    expect(reverse.code).not.toBe(0);
    expect(reverse.stderr).toMatch(/forwarding failed/i);

    // Another site's files: a link made over SFTP is never followed by nginx to them.
    const sitesRoot = path.join(await realDataSites(dataDir));
    const theirs = path.join(sitesRoot, "voisin", "wp-content", "mu-plugins", "lagon-francais.php");
    expect((await sftpBatch(login, [`symlink ${theirs} /wp-content/www/leak.txt`])).code).toBe(0);
    await host.setSiteMode("libre", "plain");
    const leak = await host.fetch("libre", "/leak.txt");
    // Refused (403), or not found where nginx then looks for an index.php (404): never served.
    expect([403, 404]).toContain(leak.status);
    expect(await leak.text()).not.toContain("<?php");
    await host.setSiteMode("libre", "wordpress");

    // The neighbour has no SFTP access, and a wrong password opens nothing.
    const neighbour = (await host.sftp("voisin", { action: "status" })).user;
    expect(neighbour).not.toBe(login.user);
    expect((await sftpBatch({ ...login, user: neighbour }, ["ls"])).code).not.toBe(0);
    expect((await sftpBatch({ ...login, password: "pas-le-bon-mot" }, ["ls"])).code).not.toBe(0);
  }, 90_000);

  it("refuses a malformed key or password before the helper runs, and a key the helper cannot read", async () => {
    await expect(host.sftp("libre", { action: "password", password: "court" })).rejects.toThrow();
    await expect(host.sftp("libre", { action: "key-add", key: "ssh-ed25519 pas-une-clé" })).rejects.toThrow();
    await expect(
      host.sftp("libre", { action: "key-add", key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB" }),
    ).rejects.toThrow(/invalid public key/);
  });

  it("gives a new site of the same name none of the SFTP access its system user had", async () => {
    expect((await host.sftp("libre", { action: "status" })).passwordSet).toBe(true);
    // The site's folder gone without the helper (a data folder wiped): its user stays behind.
    await rm(path.join(await realDataSites(dataDir), "libre"), { recursive: true, force: true });
    await host.install(sampleSite("libre", "Atelier Libre, à nouveau"));
    const state = await host.sftp("libre", { action: "status" });
    expect(state).toMatchObject({ passwordSet: false, keys: [], mode: "wordpress" });
    expect((await sftpBatch(login, ["ls"])).code).not.toBe(0);
  }, 120_000);
});

/** Where the embedded host keeps the sites of a data folder (sites/ may be a link out of it). */
async function realDataSites(dataDir: string): Promise<string> {
  return execFileSync("realpath", [path.join(dataDir, "sites")], { encoding: "utf8" }).trim();
}
