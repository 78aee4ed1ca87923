import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Debian's openssl, its output as bytes; throws with its stderr on failure. */
export const openssl = (args: string[], input?: Buffer) =>
  execFileSync("openssl", args, { input, stdio: "pipe" });

/**
 * A self-signed EC certificate valid two days, for `/CN=<commonName>` and `altNames` ("DNS:…",
 * "IP:…"), written to `certFile` and `keyFile`.
 */
export function selfSignedCertificate(
  commonName: string,
  altNames: string[],
  certFile: string,
  keyFile: string,
) {
  openssl([
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"],
    ...["-subj", `/CN=${commonName}`, "-addext", `subjectAltName=${altNames.join(",")}`],
    ...["-keyout", keyFile, "-out", certFile],
  ]);
}

/**
 * A root CA, an intermediate and the mail host's certificate, as a public CA gives them: the
 * operator's MAIL_TLS_CERT is the host's certificate followed by the intermediate.
 */
export async function testPki(dir: string) {
  const file = (name: string) => path.join(dir, name);
  const ext = file("ext.cnf");
  await writeFile(
    ext,
    "[ca]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n" +
      "[leaf]\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectAltName=DNS:mail.lagon.test\n",
  );
  const key = (name: string) =>
    openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", file(name)]);
  key("root.key");
  key("inter.key");
  key("leaf.key");
  openssl(
    ["req", "-x509", "-new", "-key", file("root.key"), "-subj", "/CN=Racine de test", "-days", "2"].concat([
      "-out",
      file("root.pem"),
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ]),
  );
  const issue = (name: string, subject: string, by: string, section: string) => {
    openssl(["req", "-new", "-key", file(`${name}.key`), "-subj", subject, "-out", file(`${name}.csr`)]);
    openssl(
      [
        "x509",
        "-req",
        "-in",
        file(`${name}.csr`),
        "-CA",
        file(`${by}.pem`),
        "-CAkey",
        file(`${by}.key`),
      ].concat([
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        ext,
        "-extensions",
        section,
        "-out",
        file(`${name}.pem`),
      ]),
    );
  };
  issue("inter", "/CN=Intermediaire de test", "root", "ca");
  issue("leaf", "/CN=mail.lagon.test", "inter", "leaf");
  const chain = file("fullchain.pem");
  await writeFile(
    chain,
    `${await readFile(file("leaf.pem"), "utf8")}${await readFile(file("inter.pem"), "utf8")}`,
  );
  return { root: file("root.pem"), certFile: chain, keyFile: file("leaf.key") };
}

/** `openssl cms -verify` of a signed profile against `root` alone: the content, or a throw. */
export const verifySignedProfile = (signed: Buffer, root: string) =>
  openssl(["cms", "-verify", "-inform", "DER", "-CAfile", root, "-purpose", "any"], signed).toString("utf8");
