import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CORE = path.resolve(import.meta.dirname, "../../../.wordpress");

/**
 * A core template of its own for a test, made from the project's (.wordpress) with a small
 * plugin added, that the test then makes "newer". Core files are hard links shared with the
 * project's template and with the sites: they are never written in place, only replaced.
 */
export class TestTemplate {
  readonly dir: string;

  constructor() {
    const root = mkdtempSync(path.join(os.tmpdir(), "lagon-template-"));
    this.dir = path.join(root, "core");
    execFileSync("cp", ["-al", CORE, this.dir]);
  }

  get coreVersion(): string {
    const file = readFileSync(path.join(this.dir, "wp-includes/version.php"), "utf8");
    return /\$wp_version = '([^']+)'/.exec(file)?.[1] ?? "";
  }

  /** Writes wp-includes/version.php anew with another WordPress version. */
  setCoreVersion(version: string): void {
    const file = path.join(this.dir, "wp-includes/version.php");
    const text = readFileSync(file, "utf8").replace(/\$wp_version = '[^']+'/, `$wp_version = '${version}'`);
    writeFileSync(`${file}.new`, text, { mode: 0o644 });
    renameSync(`${file}.new`, file);
  }

  /**
   * Puts the plugin "lagon-compteur" at `version` in the template: it prints a marker with its
   * version at the foot of every page, or, `fatal`, calls a function that does not exist.
   */
  setPlugin(version: string, fatal = false): void {
    const dir = path.join(this.dir, "wp-content/plugins/lagon-compteur");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { mode: 0o755 });
    const body = fatal
      ? "lagon_compteur_fonction_disparue();"
      : `add_action('wp_footer', function () { echo '<!-- lagon-compteur ${version} -->'; });`;
    writeFileSync(
      path.join(dir, "lagon-compteur.php"),
      `<?php\n/**\n * Plugin Name: Lagon Compteur\n * Version: ${version}\n */\n${body}\n`,
      { mode: 0o644 },
    );
  }

  remove(): void {
    rmSync(path.dirname(this.dir), { recursive: true, force: true });
  }
}
