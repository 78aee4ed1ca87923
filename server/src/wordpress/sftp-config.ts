/**
 * The sshd that lets customers of the Libre plan reach their site's folder over SFTP (decision
 * 0059): nothing but OpenSSH's internal SFTP, chrooted in the site's folder, as the site's own
 * user. The embedded host runs its own instance with this file; a production host puts the same
 * lines in a `Match Group` block of its sshd (docs/operations/wordpress-host.md).
 */
import { SFTP_HOME } from "@lagon/contracts/sftp";

/** The lines that hold for every customer session, whoever runs sshd. */
export function sftpSessionRules(sftpDir: string): string {
  return `ChrootDirectory ${sftpDir}/chroots/%u
ForceCommand internal-sftp -d ${SFTP_HOME} -u 0027
AuthorizedKeysFile ${sftpDir}/keys/%u
AuthorizedKeysCommand none
AuthorizedPrincipalsFile none
PasswordAuthentication yes
PubkeyAuthentication yes
KbdInteractiveAuthentication no
PermitEmptyPasswords no
DisableForwarding yes
AllowTcpForwarding no
AllowStreamLocalForwarding no
AllowAgentForwarding no
X11Forwarding no
PermitTunnel no
PermitTTY no
PermitUserRC no
`;
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
