import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../wordpress/run-process.ts";
import { vacationSieve } from "./vacation-sieve.ts";

describe("vacationSieve", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vacation-sieve-"));
    // sieve-test runs as nobody (it refuses root), in this folder.
    await chmod(dir, 0o777);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** What Pigeonhole's own interpreter would do with a mail to the mailbox (throws on invalid Sieve). */
  async function actions(script: string): Promise<string> {
    const file = path.join(dir, "vacation.sieve");
    const mail = path.join(dir, "mail.eml");
    await writeFile(file, script, { mode: 0o644 });
    await writeFile(
      mail,
      "From: client@exterieur.test\nTo: contact@boulangerie.re\nSubject: Devis\n\nBonjour\n",
      {
        mode: 0o644,
      },
    );
    const { stdout } = await runProcess(
      "/usr/bin/setpriv",
      ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/sieve-test"].concat([
        "-o",
        "mail_uid=nobody",
        "-o",
        "mail_gid=nogroup",
        "-a",
        "contact@boulangerie.re",
        file,
        mail,
      ]),
      { env: { PATH: "/usr/bin:/bin", HOME: dir } },
    );
    return stdout;
  }

  it("keeps what the customer typed inside its strings, whatever it holds", async () => {
    const message = 'Fermé.";\nredirect "pirate@exterieur.test";\n# \\" \\\\\r\nFin';
    const script = vacationSieve("contact@boulangerie.re", {
      enabled: true,
      subject: 'Absent "vraiment" \\ ;',
      message,
      start: null,
      end: null,
    });
    // One answer, the text as typed; nothing else done with the mail than keeping it.
    const done = await actions(script);
    expect(done).toContain("send vacation message");
    expect(done).not.toMatch(/redirect message|discard/);
    expect(done).toContain('redirect "pirate@exterieur.test";');
    expect(script).toContain(':subject "Absent \\"vraiment\\" \\\\ ;"');
    expect(script).toContain('"Fermé.\\";\nredirect \\"pirate@exterieur.test\\";\n# \\\\\\" \\\\\\\\\nFin"');
  });

  it("answers only between the days given, on La Réunion's clock", async () => {
    const script = vacationSieve("contact@boulangerie.re", {
      enabled: true,
      subject: "Congés",
      message: "À bientôt",
      start: "2099-12-24",
      end: "2100-01-02",
    });
    // Today is outside these days: no answer.
    expect(await actions(script)).not.toContain("send vacation message");
    expect(script).toContain('currentdate :zone "+0400" :value "ge" "date" "2099-12-24"');
    expect(script).toContain('currentdate :zone "+0400" :value "le" "date" "2100-01-02"');
    expect(script).toContain("vacation :days 1");
  });
});
