import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { runtimeDir, siteFilesDir } from "../src/wordpress/site-runtime.ts";

/**
 * The processes of a server's data folder still running (its server, nginx, php-fpm, Postfix,
 * Dovecot, OpenDKIM, the webmail's): those whose command line, environment or working folder (rspamd,
 * which writes its title over both) names the folder,
 * the run folders named after it (/run/lagon-<hash>, /run/lagon-mail-<hash>, Dovecot's
 * instance) or one of `more` (the webmail's run folder, named after its port).
 */
export function dataFolderProcesses(
  dataDir: string,
  more: string[] = [],
): { pid: number; command: string }[] {
  const hash = path.basename(runtimeDir(dataDir)).replace(/^lagon-/, "");
  const marks = [
    path.resolve(dataDir),
    siteFilesDir(dataDir),
    `lagon-${hash}`,
    `lagon-mail-${hash}`,
    ...more,
  ];
  const found: { pid: number; command: string }[] = [];
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let command = "";
    let environ = "";
    let cwd = "";
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      environ = readFileSync(`/proc/${pid}/environ`, "utf8");
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    if (marks.some((mark) => command.includes(mark) || environ.includes(mark) || cwd.includes(mark))) {
      found.push({ pid, command: command.replaceAll("\0", " ").trim() });
    }
  }
  return found;
}

/** Kills what `dataFolderProcesses` finds: the end of a test that failed midway. */
export function killDataFolderProcesses(dataDir: string, more: string[] = []): void {
  for (const { pid } of dataFolderProcesses(dataDir, more)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
}
