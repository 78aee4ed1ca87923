import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openssl, testPki, verifySignedProfile } from "../../test/test-pki.ts";
import { appleMailProfile } from "./mail-client-setup.ts";
import { profileSignerOf, signProfile } from "./profile-signing.ts";

describe("the Apple profile signed by the mail host's certificate (decision 0102)", () => {
  let dir: string;
  let pki: Awaited<ReturnType<typeof testPki>>;
  const profile = appleMailProfile("contact@boulangerie.lagon.test", {
    host: "mail.lagon.test",
    imapPort: 143,
    submissionPort: 587,
  } as Parameters<typeof appleMailProfile>[1]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "profile-signing-"));
    pki = await testPki(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** `openssl cms -verify` against the root alone: the chain must travel in the profile. */
  const verify = (signed: Buffer, root = pki.root) => verifySignedProfile(signed, root);

  it("signs with the operator's certificate: SignedData holding the same plist, verified up to the root", async () => {
    const signer = profileSignerOf({ MAIL_TLS_CERT: pki.certFile, MAIL_TLS_KEY: pki.keyFile });
    expect(signer).not.toBeNull();
    const signed = await signProfile(profile, signer as NonNullable<typeof signer>);
    // Not detached: the content is inside, as in Apple's own profiles.
    expect(verify(signed)).toBe(profile);
    const printed = openssl(["cms", "-cmsout", "-print", "-inform", "DER"], signed).toString("utf8");
    expect(printed).toMatch(/contentType: pkcs7-signedData/);
    expect(printed).toMatch(/CN=mail\.lagon\.test/);
    expect(printed).toMatch(/CN=Intermediaire de test/);

    // A changed byte of the profile breaks the signature.
    const at = signed.indexOf(Buffer.from("mail.lagon.test</string>"));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(signed);
    tampered[at] = "n".charCodeAt(0);
    expect(() => verify(tampered)).toThrow(/verification failure|digest failure/i);
    // Another CA does not vouch for it.
    const other = path.join(dir, "autre.pem");
    openssl(
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-noenc"].concat([
        "-keyout",
        path.join(dir, "autre.key"),
        "-subj",
        "/CN=Autre",
        "-days",
        "1",
        "-out",
        other,
      ]),
    );
    expect(() => verify(signed, other)).toThrow(/certificate verify error|unable to get local issuer/i);
  });

  it("has no signer on the embedded default (its certificate is self-signed): the profile goes unsigned", () => {
    expect(profileSignerOf({ MAIL_TLS_CERT: undefined, MAIL_TLS_KEY: undefined })).toBeNull();
  });

  it("fails loudly with a key that is not the certificate's", async () => {
    await expect(
      signProfile(profile, { certFile: pki.certFile, keyFile: path.join(dir, "inter.key") }),
    ).rejects.toThrow(/openssl/);
  });
});
