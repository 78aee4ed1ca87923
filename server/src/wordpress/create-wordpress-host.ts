import type { Config } from "../config.ts";
import { LocalWordPressHost } from "./local-host.ts";
import { SshWordPressHost } from "./ssh-host.ts";
import type { WordPressHost } from "./wordpress-host.ts";

/** The WordPress host the configuration names: the embedded PHP server, or a host over SSH. */
export function createWordPressHost(config: Config): WordPressHost {
  if (config.WP_HOST === "ssh") {
    return new SshWordPressHost({
      ssh: {
        host: config.WP_SSH_HOST as string,
        user: config.WP_SSH_USER,
        port: config.WP_SSH_PORT,
        keyFile: config.WP_SSH_KEY as string,
        knownHostsFile: config.WP_SSH_KNOWN_HOSTS,
      },
      helper: config.WP_SSH_HELPER,
      baseDomain: config.BASE_DOMAIN,
      publicScheme: config.WP_PUBLIC_SCHEME ?? "https",
      publicPort: config.WP_PUBLIC_PORT,
      connectHost: config.WP_SSH_CONNECT_HOST,
    });
  }
  return new LocalWordPressHost({
    dataDir: config.DATA_DIR,
    coreDir: config.WP_CORE_DIR,
    port: config.WP_PORT,
    tlsPort: config.WP_TLS_PORT,
    baseDomain: config.BASE_DOMAIN,
    publicScheme: config.WP_PUBLIC_SCHEME,
  });
}
