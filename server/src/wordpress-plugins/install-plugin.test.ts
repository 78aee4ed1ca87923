import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalWordPressHost } from "../wordpress/local-host.ts";
import { basicAuth, freePort, sampleSite, testCoreDir } from "../wordpress/site-checks.ts";
import type { InstalledSite } from "../wordpress/wordpress-host.ts";
import { installPlugin } from "./install-plugin.ts";
import {
  type PluginDirectoryStandIn,
  type PublishedPlugin,
  publishFolder,
  startPluginDirectory,
} from "./plugin-directory-stand-in.ts";
import { createPluginSource } from "./plugin-source.ts";
import { PluginRejectedError } from "./verify-plugin-archive.ts";

/**
 * The real path of a plugin (decision 0058): downloaded from a stand-in of the WordPress.org
 * directory serving a real plugin, checked against its checksums, cached on the host and unpacked
 * into a site by the root helper, then activated by WordPress itself.
 */
describe("installPlugin on the embedded host", () => {
  const pin = { slug: "akismet", version: "5.5" };
  let dataDir: string;
  let host: LocalWordPressHost;
  let directory: PluginDirectoryStandIn;
  let akismet: PublishedPlugin;
  let site: InstalledSite;
  const pluginDir = () => path.join(dataDir, "sites", "shop", "wp-content", "plugins", "akismet");
  const sitePlugins = async () => {
    const res = await host.fetch("shop", "/wp-json/wp/v2/plugins", {
      headers: basicAuth(site.adminUser, site.appPassword),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { plugin: string; status: string; version: string }[];
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "wp-plugins-"));
    host = new LocalWordPressHost({ dataDir, coreDir: testCoreDir(), port: await freePort() });
    await host.start();
    akismet = await publishFolder(
      path.join(testCoreDir(), "wp-content/plugins/akismet"),
      pin.slug,
      pin.version,
    );
    directory = await startPluginDirectory([akismet]);
    site = await host.install(sampleSite("shop", "Boutique test"));
    // The site starts without the plugin (the template's copy taken away, as root, by the test).
    await rm(pluginDir(), { recursive: true, force: true });
  }, 180_000);

  afterAll(async () => {
    await directory?.close();
    await host?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a tampered archive: nothing reaches the site nor the host's cache", async () => {
    const tree: Record<string, Uint8Array> = {};
    for (const [file, data] of akismet.files) tree[`akismet/${file}`] = data;
    tree["akismet/akismet.php"] = Buffer.concat([
      Buffer.from(tree["akismet/akismet.php"] ?? []),
      Buffer.from("<?php /* x */"),
    ]);
    directory.serveArchive("akismet", "5.5", zipSync(tree));
    const source = createPluginSource(directory.url);
    await expect(installPlugin(host, source, "shop", pin)).rejects.toThrow(PluginRejectedError);
    expect(existsSync(pluginDir())).toBe(false);
    expect(await host.cachedPlugin(pin)).toBeNull();
    expect((await sitePlugins()).map((p) => p.plugin)).not.toContain("akismet/akismet");
    directory.serveArchive("akismet", "5.5", akismet.zip);
  });

  it("installs the published archive, which WordPress lists and activates; a second install comes from the cache", async () => {
    const source = createPluginSource(directory.url);
    const first = await installPlugin(host, source, "shop", pin);
    expect(first.cached).toBe(false);
    for (const [file, data] of akismet.files) {
      expect(Buffer.compare(await readFile(path.join(pluginDir(), file)), Buffer.from(data)), file).toBe(0);
    }
    // The site's own user owns what it runs (root wrote nothing there); nothing of the unpacking is left.
    expect((await stat(path.join(pluginDir(), "akismet.php"))).uid).not.toBe(0);
    const leftovers = (await readdir(path.dirname(pluginDir()))).filter((name) => name.startsWith("."));
    expect(leftovers).toEqual([]);
    const listed = (await sitePlugins()).find((p) => p.plugin === "akismet/akismet");
    expect(listed?.version).toBe("5.5");
    const activate = await host.fetch("shop", "/wp-json/wp/v2/plugins/akismet/akismet", {
      method: "POST",
      headers: { ...basicAuth(site.adminUser, site.appPassword), "content-type": "application/json" },
      body: JSON.stringify({ status: "active" }),
    });
    expect(activate.status).toBe(200);
    expect(((await activate.json()) as { status: string }).status).toBe("active");

    const downloads = directory.requests.filter((p) => p.endsWith(".zip")).length;
    const again = await installPlugin(host, source, "shop", pin);
    expect(again).toEqual({ sha256: first.sha256, cached: true });
    expect(directory.requests.filter((p) => p.endsWith(".zip")).length).toBe(downloads);
  });

  it("refuses a cached copy that changed on the host", async () => {
    const cache = path.join(dataDir, "plugin-cache");
    const [file] = (await readdir(cache)).filter((name) => name.endsWith(".tar"));
    await writeFile(path.join(cache, file as string), "changed");
    const sha = await host.cachedPlugin(pin);
    await expect(host.installPlugin("shop", pin, sha as string)).rejects.toThrow(/changed/);
  });
});
