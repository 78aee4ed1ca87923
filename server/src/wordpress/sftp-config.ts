/**
 * The sshd that lets customers of the Libre plan reach their site's folder over SFTP (decision
 * 0059): nothing but OpenSSH's internal SFTP, chrooted in the site's folder, as the site's own
 * user. A production host's sshd carries the helper's `host/sshd-sftp.conf` (a `Match Group`
 * block, docs/operations/wordpress-host.md); the embedded host runs its own sshd with the same
 * lines, read from that file.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SFTP_HOME } from "@lagon/contracts/sftp";

/** The `Match Group` block a production host's sshd carries, as the helper ships it. */
export const SSHD_SFTP_CONF = fileURLToPath(new URL("./host/sshd-sftp.conf", import.meta.url));

/** The group and folder the shipped block names: the helper's defaults (SFTP_GROUP, SFTP_DIR). */
const SHIPPED_GROUP = "lagon-sftp";
const SHIPPED_DIR = "/var/lib/lagon/sftp";

/**
 * The shipped block for a host whose helper has other `SFTP_DIR` and `SFTP_GROUP` (the embedded
 * host, the tests' SSH host): only those two change, every other line is the operators' own.
 */
export function sftpMatchBlock(options: { sftpDir: string; group: string }): string {
  const shipped = readFileSync(SSHD_SFTP_CONF, "utf8");
  const match = `Match Group ${SHIPPED_GROUP}\n`;
  if (!shipped.includes(match) || !shipped.includes(`-d ${SFTP_HOME} `)) {
    throw new Error(`${SSHD_SFTP_CONF} no longer has the block this product expects`);
  }
  return shipped
    .replace(match, `Match Group ${options.group}\n`)
    .replaceAll(`${SHIPPED_DIR}/`, `${options.sftpDir}/`);
}

/** The lines that hold for every customer session, whoever runs sshd (the block's body). */
export function sftpSessionRules(sftpDir: string): string {
  const block = sftpMatchBlock({ sftpDir, group: SHIPPED_GROUP });
  return block
    .slice(block.indexOf(`Match Group ${SHIPPED_GROUP}\n`))
    .split("\n")
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => `${line}\n`)
    .join("");
}

export function sshdConfig(options: {
  port: number;
  hostKey: string;
  pidFile: string;
  sftpDir: string;
  group: string;
}): string {
  return `# Written by the product: customers' SFTP (decision 0059). Only SFTP, in each site's folder.
Port ${options.port}
ListenAddress 127.0.0.1
HostKey ${options.hostKey}
PidFile ${options.pidFile}
UsePAM no
PermitRootLogin no
AllowGroups ${options.group}
StrictModes yes
PermitUserEnvironment no
GatewayPorts no
UseDNS no
PrintMotd no
PrintLastLog no
MaxAuthTries 3
MaxSessions 4
MaxStartups 10:30:60
LoginGraceTime 30
ClientAliveInterval 60
LogLevel INFO
Subsystem sftp internal-sftp -d ${SFTP_HOME} -u 0027
${sftpSessionRules(options.sftpDir)}`;
}
