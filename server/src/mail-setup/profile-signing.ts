/**
 * Apple's configuration profile signed the way Apple's own are (decision 0102): CMS SignedData
 * holding the profile itself (not detached), by the mail host's certificate and key when the
 * operator gave them (MAIL_TLS_CERT, its full chain, and MAIL_TLS_KEY). A device checks the
 * signature against its trusted CAs and shows the profile as "Vérifié" and signed by the mail
 * host's name. The embedded default's certificate is self-signed: no device trusts it, so the
 * profile goes unsigned and the page says so.
 *
 * Signed by Debian's `openssl cms`, the same tool that makes the embedded host's certificate
 * (mail-tls.ts): the key is read by openssl from its file, never by this process.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "../config.ts";
import { runProcess } from "../wordpress/run-process.ts";

export interface ProfileSigner {
  /** The certificate and the chain that goes with it, PEM, leaf first (MAIL_TLS_CERT). */
  certFile: string;
  /** Its private key, PEM (MAIL_TLS_KEY). */
  keyFile: string;
}

/** Who signs the profiles: the operator's mail certificate, or nobody on the embedded default. */
export function profileSignerOf(
  config: Pick<Config, "MAIL_TLS_CERT" | "MAIL_TLS_KEY">,
): ProfileSigner | null {
  return config.MAIL_TLS_CERT && config.MAIL_TLS_KEY
    ? { certFile: config.MAIL_TLS_CERT, keyFile: config.MAIL_TLS_KEY }
    : null;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The profile as CMS SignedData (DER) with its content inside, the signer's chain included. */
export async function signProfile(profile: string, signer: ProfileSigner): Promise<Buffer> {
  const certificates = (await readFile(signer.certFile, "utf8")).match(PEM_CERTIFICATE) ?? [];
  const [leaf, ...chain] = certificates;
  if (!leaf) throw new Error(`no certificate in ${signer.certFile}`);
  // The leaf signs; the intermediates travel with it so a device can reach its trusted root.
  const dir = await mkdtemp(path.join(os.tmpdir(), "lagon-profile-"));
  try {
    const leafFile = path.join(dir, "signer.pem");
    await writeFile(leafFile, `${leaf}\n`);
    const args = ["cms", "-sign", "-nodetach", "-binary", "-md", "sha256"];
    args.push("-signer", leafFile, "-inkey", signer.keyFile, "-outform", "PEM");
    if (chain.length > 0) {
      const chainFile = path.join(dir, "chain.pem");
      await writeFile(chainFile, `${chain.join("\n")}\n`);
      args.push("-certfile", chainFile);
    }
    const { stdout } = await runProcess("openssl", args, { stdin: profile, timeoutMs: 30_000 });
    const base64 = stdout.replace(/-----(BEGIN|END) CMS-----/g, "").replace(/\s+/g, "");
    if (!base64) throw new Error("openssl cms gave no signed profile");
    return Buffer.from(base64, "base64");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
