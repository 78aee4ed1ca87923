/** Test helpers: a real SMTP client (nodemailer) and IMAP client (imapflow) against a mail host. */

import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { runProcess } from "../wordpress/run-process.ts";
import { freePortSpan } from "../wordpress/site-checks.ts";
import { mailPortsFrom } from "./local-mail-host.ts";
import type { MailEndpoints, MailHost, MailTlsTrust } from "./mail-host.ts";
import type { MailHostPorts } from "./mail-host-config.ts";
import { hashMailboxPassword } from "./mailbox-password.ts";
import { RSPAMD_USER } from "./rspamd-config.ts";

/** Free loopback ports for one mail host. */
export async function freeMailPorts(): Promise<MailHostPorts> {
  return mailPortsFrom(await freeMailPortBase());
}

/** A MAIL_PORT_BASE whose ports (base+24 … base+87) are free now, for a server started by a test. */
export async function freeMailPortBase(): Promise<number> {
  const offsets = Object.values(mailPortsFrom(0));
  const [low, high] = [Math.min(...offsets), Math.max(...offsets)];
  return (await freePortSpan(high - low + 1)) - low;
}

/** Adds the address's domain to the host, then the mailbox with this password (1 Go). */
export async function addMailbox(host: MailHost, address: string, password: string): Promise<void> {
  await host.addDomain(address.slice(address.lastIndexOf("@") + 1));
  await host.setMailbox({
    address,
    passwordHash: await hashMailboxPassword(password),
    quotaBytes: 1024 ** 3,
  });
}

export interface OutgoingMessage {
  from: string;
  /** One recipient, or several in one SMTP transaction. */
  to: string | string[];
  subject: string;
  text: string;
  /** Headers of the sender's own (a forged one, for instance). */
  headers?: Record<string, string>;
}

/** Sends as another server would: to the SMTP port, without authentication. */
export function deliverFromOutside(endpoints: MailEndpoints, message: OutgoingMessage) {
  const transport = nodemailer.createTransport({
    host: endpoints.host,
    port: endpoints.smtpPort,
    secure: false,
    ignoreTLS: true,
    name: "mx.exterieur.test",
  });
  // SIZE= on MAIL FROM, as servers send it: a full mailbox refuses the message at RCPT.
  const size = Buffer.byteLength(message.text) + 1024;
  return transport.sendMail({
    ...message,
    envelope: { from: message.from, to: [message.to].flat(), size } as never,
  });
}

/**
 * Node's TLS options that check the host's certificate as its own clients do: for its name,
 * against its certificate file (decision 0083).
 */
export function tlsOptions(trust: MailTlsTrust): { servername: string; ca?: Buffer } {
  return { servername: trust.serverName, ...(trust.caFile ? { ca: readFileSync(trust.caFile) } : {}) };
}

/** Submits as a mailbox's owner: the submission port, STARTTLS, with its address and password. */
export function submitAs(endpoints: MailEndpoints, user: string, password: string, message: OutgoingMessage) {
  const transport = nodemailer.createTransport({
    host: endpoints.host,
    port: endpoints.submissionPort,
    secure: false,
    requireTLS: true,
    tls: tlsOptions(endpoints.tls),
    auth: { user, pass: password },
  });
  return transport.sendMail(message);
}

/** An IMAP client of the mailbox, logging in after STARTTLS. */
export function imapClient(endpoints: MailEndpoints, user: string, password: string): ImapFlow {
  return new ImapFlow({
    host: endpoints.host,
    port: endpoints.imapPort,
    secure: false,
    doSTARTTLS: true,
    servername: endpoints.tls.serverName,
    tls: tlsOptions(endpoints.tls),
    auth: { user, pass: password },
    logger: false,
  });
}

/**
 * Logs in over IMAP and waits (up to `timeoutMs`) until the folder (INBOX unless told) holds a
 * message with this subject; answers its text.
 */
export async function waitForMessage(
  endpoints: MailEndpoints,
  user: string,
  password: string,
  subject: string,
  { mailbox = "INBOX", timeoutMs = 15_000 }: { mailbox?: string; timeoutMs?: number } = {},
): Promise<string> {
  const client = imapClient(endpoints, user, password);
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const found = await client.search({ subject });
        if (found && found.length > 0) {
          const message = await client.fetchOne(String(found[0]), { source: true });
          if (message !== false && message.source) return message.source.toString("utf8");
        }
      } finally {
        lock.release();
      }
      if (Date.now() > deadline) throw new Error(`no message "${subject}" in ${user}'s ${mailbox}`);
      await client.noop();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.logout().catch(() => {});
  }
}

/** The subjects of a folder's messages. */
export async function subjectsIn(
  endpoints: MailEndpoints,
  user: string,
  password: string,
  mailbox: string,
): Promise<string[]> {
  const client = imapClient(endpoints, user, password);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox);
    try {
      const subjects: string[] = [];
      if (client.mailbox === false || client.mailbox.exists === 0) return subjects;
      for await (const message of client.fetch("1:*", { envelope: true }))
        subjects.push(message.envelope?.subject ?? "");
      return subjects;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
  }
}

/**
 * One mailbox's Bayes learns, spam and ham (decision 0092): its row of the `users` table of each of
 * rspamd's sqlite3 statfiles under the host's data folder, read as rspamd's user, read-only (the
 * files are its own, in a 0700 folder). The controller's `/stat` only gives the whole host's.
 */
export async function bayesLearns(dataDir: string, user: string): Promise<{ spam: number; ham: number }> {
  if (!/^[a-z0-9.@_+-]+$/.test(user)) throw new Error(`not a mailbox login: ${user}`);
  const learns = async (kind: "spam" | "ham") => {
    const file = path.join(dataDir, "mail", "rspamd-state", `bayes.${kind}.sqlite`);
    const { stdout } = await runProcess("/usr/sbin/runuser", [
      "-u",
      RSPAMD_USER,
      "--",
      "/usr/bin/sqlite3",
      "-readonly",
      file,
      `SELECT learns FROM users WHERE name = '${user}'`,
    ]);
    return Number(stdout.trim() || 0);
  };
  return { spam: await learns("spam"), ham: await learns("ham") };
}

/**
 * A browser's visit of Roundcube, by plain HTTP(S): its cookies, and its page's request token.
 * Over HTTPS, the webmail's certificate is checked for `tls.servername` against `tls.ca`.
 */
export class RoundcubeVisit {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly tls?: { servername: string; ca: Buffer },
  ) {}

  /**
   * One request, read to its end: Roundcube saves its session after the page (at PHP's shutdown),
   * and the answer ends only then, so the next request finds it saved.
   */
  async request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: URLSearchParams } = {},
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const target = new URL(url, this.base);
    const body = init.body?.toString();
    const headers: Record<string, string> = {
      ...init.headers,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      ...(body === undefined
        ? {}
        : {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(Buffer.byteLength(body)),
          }),
    };
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const options = { method: init.method ?? "GET", headers };
      const req =
        target.protocol === "https:"
          ? https.request(target, { ...options, ...this.tls }, resolve)
          : http.request(target, options, resolve);
      req.once("error", reject);
      req.end(body);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const one of [value ?? []].flat()) answer.append(name, one);
    for (const line of answer.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = (pair ?? "").split("=");
      if (!name) continue;
      if (value === "deleted" || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value ?? "");
    }
    return { status: res.statusCode ?? 0, headers: answer, text: Buffer.concat(chunks).toString() };
  }
}

/** Moves a mailbox's one message with this subject from one folder to another over IMAP (MOVE). */
export async function moveMessage(
  endpoints: MailEndpoints,
  user: string,
  password: string,
  { subject, from, to }: { subject: string; from: string; to: string },
): Promise<void> {
  const client = imapClient(endpoints, user, password);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(from);
    try {
      const found = await client.search({ subject });
      const [uid, ...more] = found || [];
      if (uid === undefined || more.length > 0) throw new Error(`not one "${subject}" in ${from}`);
      await client.messageMove(String(uid), to);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
  }
}

/**
 * A distinct message of a kind, for the host-wide learn counts: its words (eleven, a prime) in an
 * order of its own, so that no two give rspamd the same tokens (it learns a message only once).
 */
export function teachingMessage(kind: "spam" | "ham", n: number): string {
  const words =
    kind === "spam"
      ? [
          "casino",
          "bonus",
          "crédit",
          "gratuit",
          "gagnez",
          "urgent",
          "offre",
          "cadeau",
          "million",
          "cliquez",
          "maintenant",
        ]
      : [
          "réunion",
          "devis",
          "facture",
          "planning",
          "livraison",
          "rendez-vous",
          "équipe",
          "dossier",
          "client",
          "merci",
          "lundi",
        ];
  const [step, offset] = [(n % 10) + 1, Math.floor(n / 10)];
  const text = Array.from({ length: 30 }, (_, i) => words[(offset + i * step) % words.length]);
  return `Subject: ${kind} ${n}\r\nFrom: x${n}@exterieur.test\r\n\r\n${text.join(" ")}\r\n`;
}

/** The text of a spam campaign's n-th message: what a mailbox's owner teaches as spam. */
export function campaignText(n: number): string {
  return `Félicitations, vous êtes l'heureux gagnant n°${n} de notre grand tirage au sort mensuel. Pour recevoir votre robot cuiseur offert, confirmez simplement votre adresse de livraison et réglez les frais de port de 1,95 euro sur notre page sécurisée avant minuit.`;
}
