/** Test helpers: a real SMTP client (nodemailer) and IMAP client (imapflow) against a mail host. */

import { readFileSync } from "node:fs";
import { chmod, chown, mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { ensureSystemUser, userId } from "../lib/system-accounts.ts";
import { runProcess } from "../wordpress/run-process.ts";
import { freePortSpan } from "../wordpress/site-checks.ts";
import { sqliteAs } from "./forget-domain.ts";
import { groupId, mailPortsFrom } from "./local-mail-host.ts";
import { WEBMAIL_USER } from "./local-webmail.ts";
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

/** A login's rows in rspamd's Bayes files (users and tokens, both kinds), read as rspamd's user. */
export async function bayesRows(stateDir: string, user: string): Promise<number> {
  if (!/^[a-z0-9.@_+-]+$/.test(user)) throw new Error(`not a mailbox login: ${user}`);
  const rspamd = { uid: await userId(RSPAMD_USER), gid: await groupId(RSPAMD_USER) };
  let rows = 0;
  for (const kind of ["spam", "ham"]) {
    const out = await sqliteAs(
      rspamd,
      path.join(stateDir, `bayes.${kind}.sqlite`),
      `SELECT (SELECT count(*) FROM users WHERE name = '${user}') + (SELECT count(*) FROM tokens WHERE user IN (SELECT id FROM users WHERE name = '${user}'));\n`,
    );
    rows += Number(out?.trim() ?? 0);
  }
  return rows;
}

/** Gives a login a Bayes of its own in rspamd's files, as a learn would: its user row and a token. */
export async function seedBayes(stateDir: string, user: string): Promise<void> {
  if (!/^[a-z0-9.@_+-]+$/.test(user)) throw new Error(`not a mailbox login: ${user}`);
  const rspamd = { uid: await userId(RSPAMD_USER), gid: await groupId(RSPAMD_USER) };
  const sql = `INSERT OR IGNORE INTO languages (name, learns) VALUES ('', 0);
INSERT INTO users (name, learns) VALUES ('${user}', 1);
INSERT INTO tokens (token, user, language, value, modified)
  SELECT 4242, id, (SELECT id FROM languages WHERE name = ''), 1, 0 FROM users WHERE name = '${user}';
`;
  const file = path.join(stateDir, "bayes.spam.sqlite");
  if ((await sqliteAs(rspamd, file, sql)) === null) throw new Error(`no ${file}`);
}

/** Roundcube's database of a webmail data folder, as its user; made with Roundcube's own schema. */
export async function seedWebmailDatabase(database: string, logins: string[]): Promise<void> {
  const owner = { uid: await ensureSystemUser(WEBMAIL_USER), gid: await groupId(WEBMAIL_USER) };
  // As the helper lays it out: the data folder root's and its group's, the database folder its own.
  const [root, db] = [path.dirname(path.dirname(database)), path.dirname(database)];
  await mkdir(db, { recursive: true });
  await chown(root, 0, owner.gid);
  await chmod(root, 0o750);
  await chown(db, owner.uid, owner.gid);
  await chmod(db, 0o700);
  await writeFile(database, "", { mode: 0o600 });
  await chown(database, owner.uid, owner.gid);
  let sql = await readFile("/usr/share/roundcube/SQL/sqlite.initial.sql", "utf8");
  for (const [i, login] of logins.entries()) {
    if (!/^[a-z0-9.@_+-]+$/.test(login)) throw new Error(`not a mailbox login: ${login}`);
    const vars = Buffer.from(
      `language|s:5:"fr_FR";user_id|i:${i + 1};username|s:${login.length}:"${login}";`,
    );
    sql += `INSERT INTO users (user_id, username, mail_host) VALUES (${i + 1}, '${login}', 'localhost');
INSERT INTO contacts (user_id, name, email) VALUES (${i + 1}, 'Client', 'client@exterieur.test');
INSERT INTO identities (user_id, standard, name, email) VALUES (${i + 1}, 1, 'Accueil', '${login}');
INSERT INTO session (sess_id, changed, ip, vars) VALUES ('sess${i + 1}', '2026-01-01', '127.0.0.1', '${vars.toString("base64")}');
`;
  }
  await sqliteAs(owner, database, sql);
}

/** What Roundcube's database holds, read as its user: its users, contacts, identities, sessions' logins. */
export async function webmailRows(
  database: string,
): Promise<{ users: string[]; contacts: number; identities: number; sessions: string[] }> {
  const owner = { uid: await userId(WEBMAIL_USER), gid: await groupId(WEBMAIL_USER) };
  const out = await sqliteAs(
    owner,
    database,
    `SELECT 'user', username FROM users;
SELECT 'contacts', count(*) FROM contacts;
SELECT 'identities', count(*) FROM identities;
SELECT 'session', vars FROM session;
`,
  );
  if (out === null) throw new Error(`no ${database}`);
  const lines = out
    .trim()
    .split("\n")
    .map((line) => line.split("|"));
  const all = (kind: string) => lines.filter(([k]) => k === kind).map(([, v]) => v ?? "");
  return {
    users: all("user").sort(),
    contacts: Number(all("contacts")[0]),
    identities: Number(all("identities")[0]),
    // The login each session names ("" before its login), from Roundcube's base64 of PHP's.
    sessions: all("session")
      .map(
        (vars) =>
          Buffer.from(vars, "base64")
            .toString()
            .match(/username\|s:\d+:"([^"]*)"/)?.[1] ?? "",
      )
      .sort(),
  };
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

  /**
   * Roundcube's login form as a browser sends it (its token read from `page`, the login page,
   * fetched when not given), then the page the login leads to.
   */
  async login(user: string, password: string, page?: string) {
    const form = page ?? (await this.request("/")).text;
    const token = form.match(/name="_token" value="([^"]+)"/)?.[1] ?? "";
    const login = await this.request("/?_task=login", {
      method: "POST",
      body: new URLSearchParams({
        _token: token,
        _task: "login",
        _action: "login",
        _timezone: "Indian/Reunion",
        _url: "",
        _user: user,
        _pass: password,
      }),
    });
    const inbox = await this.request(login.headers.get("location") ?? "/?_task=mail");
    return { login, inbox };
  }
}

/** Logs a mailbox in to Roundcube as a browser does, and opens its inbox: its session, its user row. */
export async function webmailLogin(url: string, user: string, password: string): Promise<RoundcubeVisit> {
  const visit = new RoundcubeVisit(url);
  const { login, inbox } = await visit.login(user, password);
  if (login.status !== 302) throw new Error(`webmail login refused (${login.status})`);
  if (!inbox.text.includes(user)) throw new Error("webmail inbox not shown");
  return visit;
}

/**
 * The outbound relay of a host whose port 25 is closed, asking for a login (decisions 0108,
 * 0112): a real SMTP server (smtp-server) that offers STARTTLS (with `tls`, else its built-in test
 * certificate) and takes AUTH only over TLS (its default) and only with `password`.
 */
export async function startLoginRelay(password: string, tls?: { key: Buffer; cert: Buffer }) {
  const login = { user: "agence-relais", password };
  const attempts: { user: string; right: boolean; secure: boolean }[] = [];
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    ...tls,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, session, callback) {
      const right = auth.username === login.user && auth.password === login.password;
      attempts.push({ user: auth.username ?? "", right, secure: session.secure });
      if (right) callback(null, { user: login.user });
      else callback(Object.assign(new Error("Identifiants refuses"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : "",
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    host: `[127.0.0.1]:${port}`,
    login,
    attempts,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
