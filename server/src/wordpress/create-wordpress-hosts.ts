import type { Config } from "../config.ts";
import { siteMailSubmission } from "../mail-host/create-mail-host.ts";
import { LocalWordPressHost } from "./local-host.ts";
import { SshWordPressHost } from "./ssh-host.ts";
import { WordPressHosts } from "./wordpress-hosts.ts";

/** The address the product listens on, as a client on this machine reaches it. */
function productLoopback(host: string): string {
  if (host === "0.0.0.0" || host === "" || host === "localhost") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** The local embedded host's name, recorded on the orders whose site it installed. */
export const LOCAL_HOST_NAME = "local";

/**
 * The WordPress hosts the configuration names: the embedded PHP server (one host), or the SSH
 * hosts of WP_SSH_HOSTS (or WP_SSH_HOST alone).
 */
export function createWordPressHosts(config: Config): WordPressHosts {
  if (config.WP_HOST === "ssh") {
    return new WordPressHosts(
      config.wpSshHosts.map((h) => ({
        name: h.name,
        newSites: h.newSites,
        host: new SshWordPressHost({
          ssh: { host: h.host, user: h.user, port: h.port, keyFile: h.key, knownHostsFile: h.knownHosts },
          helper: h.helper,
          baseDomain: config.BASE_DOMAIN,
          publicScheme: config.WP_PUBLIC_SCHEME ?? "https",
          publicPort: h.publicPort,
          connectHost: h.connectHost,
          sftp:
            config.SFTP_PORT === "off"
              ? null
              : { host: config.SFTP_HOST ?? h.host, port: config.SFTP_PORT ?? 22 },
        }),
      })),
    );
  }
  const local = new LocalWordPressHost({
    dataDir: config.DATA_DIR,
    coreDir: config.WP_CORE_DIR,
    port: config.WP_PORT,
    tlsPort: config.WP_TLS_PORT,
    baseDomain: config.BASE_DOMAIN,
    publicScheme: config.WP_PUBLIC_SCHEME,
    // The embedded mail host's submission port (mail-host/create-mail-host.ts): sites send there.
    mailSubmission: siteMailSubmission(config),
    sftpPort: config.SFTP_PORT === "off" ? undefined : (config.SFTP_PORT ?? 2222),
    sftpHost: config.SFTP_HOST,
    diskQuota: config.SITE_QUOTA,
    siteDiskMb: config.SITE_DISK_MB,
    // The product beside it: nginx passes mail programs' set-up requests straight to it, with
    // the site's own name (decision 0114).
    product: { url: `http://${productLoopback(config.HOST)}:${config.PORT}`, host: "$host" },
  });
  return new WordPressHosts([{ name: LOCAL_HOST_NAME, host: local, newSites: true }]);
}
