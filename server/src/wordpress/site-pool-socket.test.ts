import { lstat, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "./run-process.ts";
import { SITE_HOST_DIR } from "./site-host-files.ts";

/**
 * The helper's `write_pool` (lib/site-runtime.sh) against the embedded host's supervisor, which
 * starts a site's master as soon as its pool file appears (site-masters.ts). A master quick to
 * open its socket must keep it: run 6 of stop 38 lost a site that way, its install retried four
 * times against a master whose socket the helper had removed after it opened.
 */
describe("a site's pool written by the helper", () => {
  let dir: string;
  const pools = () => path.join(dir, "pools");
  const sockets = () => path.join(dir, "sockets");
  const socket = () => path.join(sockets(), "atelier.sock");
  /** What is at the socket's path: "socket", "file" or "none". */
  const atSocket = () =>
    lstat(socket()).then(
      (stat) => (stat.isSocket() ? "socket" : "file"),
      () => "none",
    );

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pool-socket-"));
    await mkdir(pools());
    await mkdir(sockets());
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** write_pool for the site `atelier`; `instantMaster`: a master binds the socket the moment the pool lands. */
  function writePool(instantMaster: boolean, memory: string) {
    const script = `set -euo pipefail
source "${path.join(SITE_HOST_DIR, "lib/site-runtime.sh")}"
POOL_DIR=$1 SOCKET_DIR=$2 SITES_ROOT=/srv/sites SITE_TMP_ROOT=/srv/tmp WEB_GROUP=www-data
DISABLED_FUNCTIONS=exec SENDMAIL_PATH=/bin/false MEMORY=$4
if [ "$3" = yes ]; then
  mv() {
    command mv "$@"
    if [ "$2" = "$POOL_DIR/atelier.conf" ]; then
      python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$SOCKET_DIR/atelier.sock"
    fi
  }
fi
pool_config() { printf '[atelier]\\nphp_admin_value[memory_limit] = %s\\n' "$MEMORY"; }
write_pool atelier wp-atelier`;
    return runProcess("bash", [
      "-c",
      script,
      "write-pool",
      pools(),
      sockets(),
      instantMaster ? "yes" : "no",
      memory,
    ]);
  }

  it("keeps the socket of a master that opens it the moment the pool appears", async () => {
    const { stdout } = await writePool(true, "256M");
    expect(stdout.trim()).toBe("changed");
    expect(await atSocket()).toBe("socket");
  });

  it("removes an old master's socket when the pool changes, and leaves an unchanged pool alone", async () => {
    await rm(socket(), { force: true });
    await writeFile(socket(), "");
    expect((await writePool(false, "256M")).stdout.trim()).toBe("");
    expect(await atSocket()).toBe("file");
    expect((await writePool(false, "512M")).stdout.trim()).toBe("changed");
    expect(await atSocket()).toBe("none");
  });
});
