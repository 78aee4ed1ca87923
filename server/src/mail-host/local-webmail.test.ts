import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/smtp-sink.ts";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { LocalMailHost } from "./local-mail-host.ts";
import { LocalWebmail } from "./local-webmail.ts";
import {
  addMailbox,
  bayesLearns,
  deliverFromOutside,
  freeMailPorts,
  imapClient,
  RoundcubeVisit,
  subjectsIn,
  waitForMessage,
} from "./mail-checks.ts";
import { newMailboxPassword } from "./mailbox-password.ts";
import { SendCounts } from "./send-counts-table.ts";

describe("the webmail (Roundcube) of the mail host", () => {
  let dataDir: string;
  let database: Database;
  let host: LocalMailHost;
  let webmail: LocalWebmail;
  let options: ConstructorParameters<typeof LocalWebmail>[0];
  const domain = "webmail-test.localhost";
  const alice = `contact@${domain}`;
  const password = newMailboxPassword();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mail-webmail-"));
    const ports = await freeMailPorts();
    const port = await freePort();
    options = {
      root: path.join(dataDir, "webmail"),
      runDir: path.join("/run", `lagon-webmail-test-${port}`),
      port,
      url: `http://127.0.0.1:${port}/`,
    };
    webmail = new LocalWebmail(options);
    database = await openTestDatabase();
    host = new LocalMailHost({
      dataDir,
      hostname: "mail.localhost",
      ports,
      webmail,
      sendCounts: new SendCounts(database.db),
    });
    await host.start();
    await addMailbox(host, alice, password);
  }, 90_000);

  afterAll(async () => {
    await host?.stop();
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("logs a mailbox's owner in with its password, in French, and lists a delivered message", async () => {
    await deliverFromOutside(host.endpoints(), {
      from: "client@exterieur.test",
      to: alice,
      subject: "Devis pour une vitrine",
      text: "Bonjour, pouvez-vous passer jeudi ?",
    });
    await waitForMessage(host.endpoints(), alice, password, "Devis pour une vitrine");
    expect(host.endpoints().webmailUrl).toBe(webmail.url);

    const visit = new RoundcubeVisit(webmail.url);
    const loginPage = await visit.request("/");
    const html = loginPage.text;
    expect(loginPage.status).toBe(200);
    expect(html).toContain('lang="fr"');
    const token = html.match(/name="_token" value="([^"]+)"/)?.[1];
    expect(token).toBeTruthy();

    const form = (pass: string) =>
      new URLSearchParams({
        _token: token ?? "",
        _task: "login",
        _action: "login",
        _timezone: "Indian/Reunion",
        _url: "",
        _user: alice,
        _pass: pass,
      });
    const refused = await visit.request("/?_task=login", { method: "POST", body: form("mauvais") });
    expect(refused.status).toBe(401);

    const again = (await visit.request("/")).text;
    const retryToken = again.match(/name="_token" value="([^"]+)"/)?.[1] ?? "";
    const login = await visit.request("/?_task=login", {
      method: "POST",
      body: new URLSearchParams({ ...Object.fromEntries(form(password)), _token: retryToken }),
    });
    expect(login.status).toBe(302);
    const inbox = await visit.request(login.headers.get("location") ?? "/?_task=mail");
    const page = inbox.text;
    expect(page).toContain(alice);
    const requestToken = page.match(/"request_token":"([^"]+)"/)?.[1] ?? "";
    const list = await visit.request("/?_task=mail&_action=list&_mbox=INBOX&_remote=1", {
      headers: { "x-roundcube-request": requestToken },
    });
    expect(list.status).toBe(200);
    expect(list.text).toContain("Devis pour une vitrine");

    // And sends: Roundcube submits over STARTTLS, the host's certificate checked (decision 0083).
    const compose = await visit.request("/?_task=mail&_action=compose");
    const composePage = (await visit.request(compose.headers.get("location") ?? "")).text;
    const composeId = composePage.match(/"compose_id":"([^"]+)"/)?.[1] ?? "";
    const identity = composePage.match(/<select name="_from"[^>]*>\s*<option value="(\d+)"/)?.[1] ?? "";
    expect(composeId && identity).toBeTruthy();
    const sent = await visit.request("/?_task=mail&_action=send", {
      method: "POST",
      body: new URLSearchParams({
        _token: composePage.match(/"request_token":"([^"]+)"/)?.[1] ?? "",
        _task: "mail",
        _action: "send",
        _id: composeId,
        _from: identity,
        _to: alice,
        _subject: "Réponse depuis le webmail",
        _message: "Envoyé par Roundcube.",
        _is_html: "0",
      }),
    });
    expect(sent.text).toContain("sent_successfully");
    expect(await waitForMessage(host.endpoints(), alice, password, "Réponse depuis le webmail")).toMatch(
      /\(using TLSv1\.[23] /,
    );
  });

  it("marks a message as junk: Roundcube moves it to Junk, and rspamd learns it for this mailbox", async () => {
    const subject = "Promotion sur les fours";
    await deliverFromOutside(host.endpoints(), {
      from: "vente@exterieur.test",
      to: alice,
      subject,
      text: "Nos fours à pain professionnels sont à moitié prix cette semaine seulement.",
    });
    await waitForMessage(host.endpoints(), alice, password, subject);
    const uid = await inboxUid(subject);

    const visit = new RoundcubeVisit(webmail.url);
    const { login, inbox } = await visit.login(alice, password);
    expect(login.status).toBe(302);
    const page = inbox.text;
    // The button, in French, beside the others of the toolbar.
    expect(page).toContain("Ce courriel est indésirable");
    const headers = { "x-roundcube-request": page.match(/"request_token":"([^"]+)"/)?.[1] ?? "" };
    const asked = await visit.request("/?_task=mail&_action=plugin.markasjunk.junk", {
      method: "POST",
      headers,
      body: new URLSearchParams({ _uid: uid, _mbox: "INBOX", _remote: "1" }),
    });
    // Its answer: the page's script moves the message to Junk, and says so in French.
    const exec = (JSON.parse(asked.text) as { exec: string }).exec;
    expect(exec).toContain(`this.markasjunk_move("Junk",["${uid}"])`);
    expect(exec).toContain("indésirable");
    // What that script then sends (rcmail.move_messages), as the browser would.
    const moved = await visit.request("/?_task=mail&_action=move", {
      method: "POST",
      headers,
      body: new URLSearchParams({ _uid: uid, _mbox: "INBOX", _target_mbox: "Junk", _remote: "1" }),
    });
    expect(moved.status).toBe(200);
    expect(await subjectsIn(host.endpoints(), alice, password, "Junk")).toContain(subject);
    // Dovecot's IMAPSieve saw the move: rspamd learned it as spam, for this mailbox (decision 0092).
    await waitFor(async () => (await bayesLearns(dataDir, alice)).spam === 1);
  });

  /** The IMAP UID of the INBOX message with this subject. */
  async function inboxUid(subject: string): Promise<string> {
    const client = imapClient(host.endpoints(), alice, password);
    await client.connect();
    try {
      const lock = await client.getMailboxLock("INBOX");
      try {
        const found = (await client.search({ subject }, { uid: true })) as number[];
        expect(found).toHaveLength(1);
        return String(found[0]);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => {});
    }
  }

  it("ends the webmail a killed product left running before starting its own", async () => {
    // A second start on the same folders, as after a SIGKILL: the first one's masters are ended.
    const fpmPid = Number(await readFile(path.join(options.runDir, "php-fpm.pid"), "utf8"));
    const again = new LocalWebmail(options);
    try {
      await again.start(host.endpoints());
      expect(() => process.kill(fpmPid, 0)).toThrow();
      const res = await fetch(options.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('lang="fr"');
    } finally {
      await again.stop();
    }
  });
});
