/**
 * npm run bench:mail [-- MESSAGES] — the embedded mail host (Postfix and Dovecot on loopback):
 * how long a message submitted over SMTP takes until its mailbox's owner can read it over IMAP
 * (p50 and p95 over MESSAGES, default 100), its start-up time, and the memory of the mail stack
 * idle (PSS of every Postfix and Dovecot process, so shared pages count once).
 * Last line: `mail: p50=<s> p95=<s> memory=<MB> MB`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/db/database.ts";
import { LocalMailHost } from "../src/mail-host/local-mail-host.ts";
import { deliverFromOutside, freeMailPorts, imapClient } from "../src/mail-host/mail-checks.ts";
import { hashMailboxPassword, newMailboxPassword } from "../src/mail-host/mailbox-password.ts";
import { SendCounts } from "../src/mail-host/send-counts-table.ts";

const MESSAGES = Number(process.argv[2] ?? 100);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "lagon-bench-mail-"));
const database = await openDatabase({});
const host = new LocalMailHost({
  dataDir,
  hostname: "mail.localhost",
  ports: await freeMailPorts(),
  sendCounts: new SendCounts(database.db),
});
try {
  let started = performance.now();
  await host.start();
  console.log(`start: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  const address = "contact@bench.localhost";
  const password = newMailboxPassword();
  await host.addDomain("bench.localhost");
  await host.setMailbox({
    address,
    passwordHash: await hashMailboxPassword(password),
    quotaBytes: 1024 ** 3,
  });

  const client = imapClient(host.endpoints(), address, password);
  await client.connect();
  await client.mailboxOpen("INBOX");
  const seconds: number[] = [];
  for (let i = 1; i <= MESSAGES; i++) {
    started = performance.now();
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: address,
      subject: `Message ${i}`,
      text: "Bonjour, ceci est un message de mesure.",
    });
    // Readable once IMAP counts it; bounded so that a lost message ends the bench.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await client.noop();
      if (client.mailbox && client.mailbox.exists >= i) break;
      if (Date.now() > deadline) throw new Error(`message ${i} never arrived`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    seconds.push((performance.now() - started) / 1000);
  }
  await client.logout();

  seconds.sort((a, b) => a - b);
  const at = (q: number) => seconds[Math.min(seconds.length - 1, Math.floor(q * seconds.length))] as number;
  const memoryMb = stackMemoryKb(host.ourMasters()) / 1024;
  console.log(
    `messages: ${MESSAGES}, min=${(seconds[0] as number).toFixed(3)} s, max=${(seconds.at(-1) as number).toFixed(3)} s`,
  );
  console.log(`mail: p50=${at(0.5).toFixed(3)} p95=${at(0.95).toFixed(3)} memory=${memoryMb.toFixed(0)} MB`);
} finally {
  await host.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** PSS (kB) of the masters and every process below them. */
function stackMemoryKb(masters: number[]): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const stack = new Set(masters);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (stack.has(parent) && !stack.has(pid)) {
        stack.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of stack) {
    try {
      kb += Number(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
    } catch {}
  }
  return kb;
}
