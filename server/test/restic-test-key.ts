import { execFileSync } from "node:child_process";
import { createCipheriv, createHash, randomBytes, scryptSync } from "node:crypto";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Context } from "../src/context.ts";

/**
 * Gives a folder repository that restic made a key of the same password whose scrypt costs
 * milliseconds, in place of its own: restic calibrates its key to half a second of CPU, and every
 * restic command derives it again (a test of a hundred commands spent most of its time there).
 * restic's own tests lower the same parameters (TestUseLowSecurityKDFParameters); the repository,
 * its master key, its encryption and a wrong password's refusal stay restic's. Tests only.
 *
 * The key file as restic writes it (doc/design.rst, "Keys"): the master key that `restic cat
 * masterkey` prints, sealed with the key derived from the password: nonce, AES-256-CTR, then a
 * Poly1305-AES tag of the ciphertext.
 */
export function useCheapResticKey(repository: string, password: string): void {
  const master = execFileSync("restic", ["cat", "masterkey"], {
    env: { ...process.env, RESTIC_REPOSITORY: repository, RESTIC_PASSWORD: password },
  });
  const kdf = { N: 1024, r: 8, p: 1 };
  const salt = randomBytes(64);
  const derived = scryptSync(password, salt, 64, kdf);
  const nonce = randomBytes(16);
  const aes = createCipheriv("aes-256-ctr", derived.subarray(0, 32), nonce);
  const sealed = Buffer.concat([aes.update(master), aes.final()]);
  const tag = poly1305Aes(sealed, nonce, derived.subarray(32, 48), derived.subarray(48, 64));
  const key = JSON.stringify({
    created: new Date().toISOString(),
    username: "test",
    hostname: "test",
    kdf: "scrypt",
    ...kdf,
    salt: salt.toString("base64"),
    data: Buffer.concat([nonce, sealed, tag]).toString("base64"),
  });
  const keys = path.join(repository, "keys");
  const calibrated = readdirSync(keys);
  writeFileSync(path.join(keys, createHash("sha256").update(key).digest("hex")), key, { mode: 0o400 });
  // restic tries every key: the calibrated one would still be derived first.
  for (const name of calibrated) rmSync(path.join(keys, name));
}

/** restic's MAC: Poly1305 with r, and s = AES-128_k(nonce). */
function poly1305Aes(message: Buffer, nonce: Buffer, k: Buffer, r: Buffer): Buffer {
  const aes = createCipheriv("aes-128-ecb", k, null).setAutoPadding(false);
  const s = Buffer.concat([aes.update(nonce), aes.final()]);
  const p = (1n << 130n) - 5n;
  const clamped = littleEndian(r) & 0x0ffffffc0ffffffc0ffffffc0fffffffn;
  let acc = 0n;
  for (let i = 0; i < message.length; i += 16) {
    const block = message.subarray(i, i + 16);
    acc = ((acc + littleEndian(block) + (1n << BigInt(8 * block.length))) * clamped) % p;
  }
  let tag = (acc + littleEndian(s)) & ((1n << 128n) - 1n);
  const out = Buffer.alloc(16);
  for (let i = 0; i < 16; i++, tag >>= 8n) out[i] = Number(tag & 0xffn);
  return out;
}

function littleEndian(bytes: Buffer): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}

/** The test context's backup repository, made now by the product and given a key cheap to derive. */
export async function useCheapBackupRepository(ctx: Pick<Context, "backups" | "config">): Promise<void> {
  await ctx.backups.ensureReady();
  useCheapResticKey(ctx.config.BACKUP_REPOSITORY, ctx.config.BACKUP_PASSWORD);
}
