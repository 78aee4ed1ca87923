import { randomBytes } from "node:crypto";
import { runProcess } from "../wordpress/run-process.ts";

/** A new mailbox password: 16 characters from an alphabet without look-alikes (about 90 bits). */
export function newMailboxPassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(32);
  let password = "";
  for (const byte of bytes) {
    // 56 letters: bytes of 224 and over are dropped so that every letter is as likely.
    if (byte < 224) password += alphabet[byte % alphabet.length];
    if (password.length === 16) return password;
  }
  return password + newMailboxPassword().slice(password.length);
}

/** The password as Dovecot checks it: SHA512-CRYPT with a random salt (OpenSSL, over stdin). */
export async function hashMailboxPassword(password: string): Promise<string> {
  const { stdout } = await runProcess("openssl", ["passwd", "-6", "-stdin"], {
    stdin: `${password}\n`,
    env: { PATH: "/usr/bin:/bin" },
  });
  return `{SHA512-CRYPT}${stdout.trim()}`;
}
