import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { testCoreDir } from "../wordpress/site-checks.ts";
import {
  type PublishedPlugin,
  publish,
  publishFolder,
  startPluginDirectory,
} from "./plugin-directory-stand-in.ts";
import {
  createPluginSource,
  DirectoryPluginSource,
  FolderPluginSource,
  PluginUnavailableError,
} from "./plugin-source.ts";
import { pluginTar } from "./plugin-tar.ts";
import { PluginRejectedError, verifyPluginArchive } from "./verify-plugin-archive.ts";

const pin = { slug: "akismet", version: "5.5" };
let akismet: PublishedPlugin;

/** The published files, rezipped after `change` edits the tree (paths with the slug folder). */
function rezip(change: (tree: Record<string, Uint8Array>) => void): Uint8Array {
  const tree: Record<string, Uint8Array> = {};
  for (const [file, data] of akismet.files) tree[`akismet/${file}`] = data;
  change(tree);
  return zipSync(tree);
}

beforeAll(async () => {
  akismet = await publishFolder(
    path.join(testCoreDir(), "wp-content/plugins/akismet"),
    pin.slug,
    pin.version,
  );
});

describe("verifyPluginArchive", () => {
  it("accepts the archive as published, every file checked", () => {
    const files = verifyPluginArchive(pin, akismet.zip, akismet.checksums);
    expect(files.map((f) => f.path)).toEqual([...akismet.files.keys()].sort());
    expect(files.length).toBeGreaterThan(10);
  });

  it("refuses a changed file, an added file, a missing file and a file outside the plugin's folder", () => {
    const cases: [string, Uint8Array][] = [
      [
        "akismet/akismet.php a été modifié",
        rezip((t) => {
          t["akismet/akismet.php"] = Buffer.concat([
            Buffer.from(t["akismet/akismet.php"] ?? []),
            Buffer.from("\n"),
          ]);
        }),
      ],
      [
        "akismet/backdoor.php n'est pas dans les sommes de contrôle publiées",
        rezip((t) => {
          t["akismet/backdoor.php"] = Buffer.from("<?php system($_GET['c']);");
        }),
      ],
      [
        "il manque akismet.php",
        rezip((t) => {
          delete t["akismet/akismet.php"];
        }),
      ],
      [
        "other/x.php est hors du dossier akismet/",
        rezip((t) => {
          t["other/x.php"] = Buffer.from("<?php");
        }),
      ],
    ];
    for (const [why, zip] of cases) {
      expect(() => verifyPluginArchive(pin, zip, akismet.checksums)).toThrow(why);
    }
  });

  it("refuses a path that climbs out, even when the checksums list it", () => {
    const evil = publish("akismet", "5.5", new Map([["../../wp-config.php", Buffer.from("<?php")]]));
    expect(() => verifyPluginArchive(pin, evil.zip, evil.checksums)).toThrow(PluginRejectedError);
  });

  it("refuses checksums of another plugin or version, and a file that is not a zip", () => {
    expect(() =>
      verifyPluginArchive({ slug: "akismet", version: "5.4" }, akismet.zip, akismet.checksums),
    ).toThrow("les sommes de contrôle sont celles de akismet 5.5");
    expect(() => verifyPluginArchive(pin, Buffer.from("<html>"), akismet.checksums)).toThrow("zip illisible");
  });
});

describe("pluginTar", () => {
  it("packs the verified files so that tar gives them back, long names included", async () => {
    const long = `${"deep/".repeat(30)}file.txt`;
    const files = [
      ...verifyPluginArchive(pin, akismet.zip, akismet.checksums),
      { path: long, data: Buffer.from("long") },
    ];
    const tar = pluginTar("akismet", files);
    expect(pluginTar("akismet", files).equals(tar)).toBe(true);
    const dir = await mkdtemp(path.join(os.tmpdir(), "plugin-tar-"));
    try {
      await writeFile(path.join(dir, "p.tar"), tar);
      execFileSync("tar", ["-xf", "p.tar"], { cwd: dir });
      for (const file of files) {
        expect(
          Buffer.compare(await readFile(path.join(dir, "akismet", file.path)), Buffer.from(file.data)),
        ).toBe(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("plugin sources", () => {
  it("fetch an archive and its checksums from the directory's paths, and say what is missing", async () => {
    const directory = await startPluginDirectory([akismet]);
    try {
      const source = createPluginSource(directory.url);
      expect(source).toBeInstanceOf(DirectoryPluginSource);
      const fetched = await source.fetch(pin);
      expect(Buffer.from(fetched.zip).equals(Buffer.from(akismet.zip))).toBe(true);
      expect(fetched.checksums.files).toEqual(akismet.checksums.files);
      expect(directory.requests).toEqual([
        "/plugins/info/1.2/",
        "/plugin-checksums/akismet/5.5.json",
        "/plugin/akismet.5.5.zip",
      ]);
      await expect(source.fetch({ slug: "akismet", version: "9.9" })).rejects.toThrow(
        "ne publie pas la version 9.9 de akismet",
      );
      await expect(source.fetch({ slug: "woocommerce", version: "9.8.5" })).rejects.toThrow(
        "ne connaît pas l'extension woocommerce",
      );
      await expect(source.fetch({ slug: "../x", version: "1" })).rejects.toThrow("invalid plugin slug");
    } finally {
      await directory.close();
    }
    await expect(createPluginSource(directory.url).fetch(pin)).rejects.toThrow(PluginUnavailableError);
  });

  it("read a folder laid out as the directory's downloads", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "plugin-folder-"));
    try {
      const source = createPluginSource(dir);
      expect(source).toBeInstanceOf(FolderPluginSource);
      await expect(source.fetch(pin)).rejects.toThrow(PluginUnavailableError);
      execFileSync("mkdir", ["-p", path.join(dir, "plugin-checksums/akismet")]);
      await writeFile(path.join(dir, "plugin-checksums/akismet/5.5.json"), JSON.stringify(akismet.checksums));
      await writeFile(path.join(dir, "akismet.5.5.zip"), akismet.zip);
      const fetched = await source.fetch(pin);
      expect(verifyPluginArchive(pin, fetched.zip, fetched.checksums)).toHaveLength(akismet.files.size);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("default to the WordPress.org directory", () => {
    expect(createPluginSource(undefined).label).toBe("le répertoire WordPress.org");
  });
});
