/**
 * The mail host's TLS certificate (decision 0083). In production the operator gives theirs
 * (MAIL_TLS_CERT and MAIL_TLS_KEY, from a public CA, for the host's name); otherwise the host makes
 * a self-signed one for its name at start, and makes it again when it is missing, about to expire
 * or for another name. Its own clients (the sites' WordPress, the webmail, the tests) trust it by
 * its path: the certificate is public, its key root's alone (Postfix and Dovecot read it as root
 * before giving root up).
 */
import { createPrivateKey, X509Certificate } from "node:crypto";
import { chmod, chown, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { runProcess } from "../wordpress/run-process.ts";

export interface MailTlsFiles {
  certFile: string;
  keyFile: string;
  /**
   * What the host's own clients check its certificate against: the generated certificate itself;
   * none for an operator's certificate (a public CA's: the system's list).
   */
  caFile?: string;
}

/** A generated certificate lasts this long and is made again this long before its end. */
const VALID_DAYS = 397;
const RENEW_BEFORE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The generated certificate's files under `dir` (DATA_DIR/mail/tls). */
export function generatedTlsFiles(dir: string): Required<MailTlsFiles> {
  const certFile = path.join(dir, "cert.pem");
  return { certFile, keyFile: path.join(dir, "private", "key.pem"), caFile: certFile };
}

/**
 * Whether the certificate in `pem` serves `hostname` now and for `marginDays` more (default: the
 * renewal's month), and goes with `key` when given.
 */
export function certificateFits(
  pem: string,
  hostname: string,
  {
    now = Date.now(),
    marginDays = RENEW_BEFORE_DAYS,
    key,
  }: { now?: number; marginDays?: number; key?: Buffer } = {},
): boolean {
  try {
    const cert = new X509Certificate(pem);
    return (
      cert.checkHost(hostname) !== undefined &&
      (!key || cert.checkPrivateKey(createPrivateKey(key))) &&
      Date.parse(cert.validTo) - now > marginDays * DAY_MS &&
      Date.parse(cert.validFrom) <= now
    );
  } catch {
    return false;
  }
}

/**
 * The files Postfix and Dovecot serve: the operator's when given (they must exist), else the
 * generated certificate under `dir`, made (again) when it does not fit the host's name and date.
 */
export async function ensureMailCertificate(
  dir: string,
  hostname: string,
  operator?: { certFile: string; keyFile: string },
): Promise<MailTlsFiles> {
  if (operator) {
    const pem = await readFile(operator.certFile, "utf8").catch(() => {
      throw new Error(`certificat e-mail illisible : ${operator.certFile} (MAIL_TLS_CERT)`);
    });
    await readFile(operator.keyFile).catch(() => {
      throw new Error(`clé du certificat e-mail illisible : ${operator.keyFile} (MAIL_TLS_KEY)`);
    });
    // Not expired, no margin: the operator renews theirs.
    if (!certificateFits(pem, hostname, { marginDays: 0 }))
      throw new Error(`le certificat ${operator.certFile} n'est pas valable pour ${hostname}`);
    return { certFile: operator.certFile, keyFile: operator.keyFile };
  }
  const files = generatedTlsFiles(dir);
  const privateDir = path.dirname(files.keyFile);
  for (const [folder, mode] of [
    [dir, 0o755],
    [privateDir, 0o700],
  ] as const) {
    await mkdir(folder, { recursive: true });
    await chown(folder, 0, 0);
    await chmod(folder, mode);
  }
  const current = await readFile(files.certFile, "utf8").catch(() => "");
  const key = await readFile(files.keyFile).catch(() => null);
  if (key && certificateFits(current, hostname, { key })) return files;
  const [newCert, newKey] = [`${files.certFile}.new`, `${files.keyFile}.new`];
  await rm(newKey, { force: true });
  await runProcess(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc"],
      ...["-days", String(VALID_DAYS), "-subj", `/CN=${hostname}`],
      ...["-addext", `subjectAltName=DNS:${hostname},IP:127.0.0.1`],
      ...["-keyout", newKey, "-out", newCert],
    ],
    { env: { PATH: "/usr/bin:/bin" } },
  );
  await chmod(newKey, 0o600);
  await chmod(newCert, 0o644);
  // A crash between the two renames leaves a pair that does not match: made again at the next start.
  await rename(newKey, files.keyFile);
  await rename(newCert, files.certFile);
  return files;
}
