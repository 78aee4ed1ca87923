import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificateFits, ensureMailCertificate } from "./mail-tls.ts";

describe("the mail host's certificate (decision 0083)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "mail-tls-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps the one it made, and makes it again when its key is missing or its name changes", async () => {
    const tls = path.join(dir, "tls");
    const made = await ensureMailCertificate(tls, "mail.localhost");
    expect(made.caFile).toBe(made.certFile);
    const first = await readFile(made.certFile, "utf8");
    expect(certificateFits(first, "mail.localhost", { key: await readFile(made.keyFile) })).toBe(true);
    expect(await ensureMailCertificate(tls, "mail.localhost")).toEqual(made);
    expect(await readFile(made.certFile, "utf8")).toBe(first);

    await rm(made.keyFile);
    await ensureMailCertificate(tls, "mail.localhost");
    const second = await readFile(made.certFile, "utf8");
    expect(second).not.toBe(first);
    expect(certificateFits(second, "mail.localhost", { key: await readFile(made.keyFile) })).toBe(true);
    // Another key than its own, another name, or a month before its end: not fit.
    expect(certificateFits(first, "mail.localhost", { key: await readFile(made.keyFile) })).toBe(false);
    expect(certificateFits(second, "autre.localhost")).toBe(false);
    expect(certificateFits(second, "mail.localhost", { now: Date.now() + 380 * 86_400_000 })).toBe(false);

    await ensureMailCertificate(tls, "mail.autre.localhost");
    expect(certificateFits(await readFile(made.certFile, "utf8"), "mail.autre.localhost")).toBe(true);
  });

  it("serves the operator's certificate as given, refusing one it cannot read or for another name", async () => {
    const operator = await ensureMailCertificate(path.join(dir, "operator"), "mail.lagon-sites.re");
    const files = { certFile: operator.certFile, keyFile: operator.keyFile };
    // Checked against the system's CAs by the host's clients: no file of its own to trust.
    expect(await ensureMailCertificate(path.join(dir, "unused"), "mail.lagon-sites.re", files)).toEqual(
      files,
    );
    await expect(ensureMailCertificate(path.join(dir, "unused"), "mail.ailleurs.re", files)).rejects.toThrow(
      `le certificat ${files.certFile} n'est pas valable pour mail.ailleurs.re`,
    );
    await expect(
      ensureMailCertificate(path.join(dir, "unused"), "mail.lagon-sites.re", {
        ...files,
        keyFile: path.join(dir, "absente.key"),
      }),
    ).rejects.toThrow(/clé du certificat e-mail illisible : .*absente\.key \(MAIL_TLS_KEY\)/);
  });
});
