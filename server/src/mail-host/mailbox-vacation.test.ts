import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, waitFor } from "../../test/smtp-sink.ts";
import { openTestDatabase } from "../../test/test-context.ts";
import type { Database } from "../db/database.ts";
import { LocalMailHost } from "./local-mail-host.ts";
import { addMailbox, deliverFromOutside, freeMailPorts, waitForMessage } from "./mail-checks.ts";
import { newMailboxPassword } from "./mailbox-password.ts";
import { SendCounts } from "./send-counts-table.ts";

describe("Out-of-office replies (Dovecot's Sieve vacation)", () => {
  let dataDir: string;
  let database: Database;
  let host: LocalMailHost;
  // The senders' own mail server, on the internet.
  let outside: Awaited<ReturnType<typeof startSmtpSink>>;
  const domain = "vacances.localhost";
  const alice = `contact@${domain}`;
  const password = newMailboxPassword();
  const vacation = {
    enabled: true,
    subject: "Absent jusqu'au 2 janvier",
    message: 'Bonjour,\nle magasin est fermé pour les "fêtes".\nÀ bientôt !',
    start: null,
    end: null,
  };

  beforeAll(async () => {
    outside = await startSmtpSink();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "mail-vacation-"));
    database = await openTestDatabase();
    host = new LocalMailHost({
      dataDir,
      hostname: "mail.localhost",
      ports: await freeMailPorts(),
      relayHost: `[127.0.0.1]:${new URL(outside.url).port}`,
      sendCounts: new SendCounts(database.db),
    });
    await host.start();
    await addMailbox(host, alice, password);
  }, 60_000);

  afterAll(async () => {
    await host?.stop();
    await database?.close();
    await outside?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const mail = (subject: string, from = "client@exterieur.test") =>
    deliverFromOutside(host.endpoints(), { from, to: alice, subject, text: "Êtes-vous ouverts ?" });

  it("answers a sender once a day, signed, from the mailbox, and still delivers the mail", async () => {
    await host.setVacation(alice, vacation);
    await mail("Question 1");
    await mail("Question 2");
    await waitForMessage(host.endpoints(), alice, password, "Question 2");
    // Then a third sender's mail: once its answer is out, the second mail's would have been too.
    await mail("Question 3", "autre@exterieur.test");
    await waitFor(() => outside.received.length >= 2);
    await waitForMessage(host.endpoints(), alice, password, "Question 3");
    expect(outside.received.map((m) => m.to)).toEqual([["client@exterieur.test"], ["autre@exterieur.test"]]);
    const [reply] = outside.received;
    expect(reply?.raw).toMatch(/^From: contact@vacances\.localhost/m);
    expect(reply?.raw).toMatch(/^Auto-Submitted: auto-replied/m);
    expect(reply?.raw).toContain("DKIM-Signature:");
    expect(reply?.raw).toMatch(/^Subject: .*Absent/m);
    expect(reply?.raw).toMatch(/f=C3=AAtes|fêtes/);
  });

  it("answers nobody once turned off, nor outside its dates (La Réunion's days)", async () => {
    // Each mail is delivered (its script run) before the next change.
    const delivered = async (subject: string, from: string) => {
      await mail(subject, from);
      await waitForMessage(host.endpoints(), alice, password, subject);
    };
    await host.setVacation(alice, { ...vacation, enabled: false });
    await delivered("Après", "troisieme@exterieur.test");
    await host.setVacation(alice, { ...vacation, start: "2099-01-01", end: null });
    await delivered("Plus tard", "quatrieme@exterieur.test");
    await host.setVacation(alice, { ...vacation, start: null, end: "2020-01-01" });
    await delivered("Trop tard", "cinquieme@exterieur.test");
    // A mail answered last shows the three before it were not.
    await host.setVacation(alice, { ...vacation, start: "2020-01-01", end: "2099-12-31" });
    await mail("Pendant", "sixieme@exterieur.test");
    await waitFor(() => outside.received.length >= 3);
    await waitForMessage(host.endpoints(), alice, password, "Pendant");
    expect(outside.received.map((m) => m.to[0])).toEqual([
      "client@exterieur.test",
      "autre@exterieur.test",
      "sixieme@exterieur.test",
    ]);
  });
});
