import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type SpawnedServer, spawnServer } from "../../test/spawn-server.ts";
import { openDatabase } from "../db/database.ts";
import { emailLog } from "../db/schema.ts";
import { SecretBox } from "../lib/secrets.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { StartupError, startupErrorLine } from "./startup-error.ts";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "lagon-start-"));
const running: SpawnedServer[] = [];

/** The real server, as `npm run start:api` runs it, on a data folder of the test's. */
async function server(dataDir: string, env: Record<string, string>): Promise<SpawnedServer> {
  const run = await spawnServer(dataDir, { ROLE: "api", ...env });
  running.push(run);
  return run;
}

/** What a failed start must look like: exit code 1 and, on stderr, one French line, no stack. */
async function expectRefusal(started: Promise<SpawnedServer>, line: RegExp) {
  const run = await started;
  const code = await run.exited;
  const stderr = run.stderr();
  expect(code).toBe(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr.trim()).toMatch(line);
}

afterAll(() => {
  for (const run of running) run.child.kill("SIGKILL");
});

describe("a start-up failure ends with one French line and exit code 1", () => {
  const dataDir = tmp();

  it("refuses a guessable ADMIN_TOKEN", async () => {
    await expectRefusal(
      server(tmp(), { ADMIN_TOKEN: "a".repeat(24) }),
      /^Configuration invalide : ADMIN_TOKEN : trop prévisible/,
    );
  }, 60_000);

  it("prints where the admin token is kept, never the token", async () => {
    const first = await server(dataDir, {});
    await first.printed("Site prêt");
    const tokenFile = path.join(dataDir, "secrets", "admin-token");
    expect(first.stdout()).toContain(`Le jeton d'administration est dans ${tokenFile}`);
    expect(first.stdout()).not.toContain(readFileSync(tokenFile, "utf8").trim());

    // A second server on the same embedded data folder refuses to start, naming the first.
    await expectRefusal(
      server(dataDir, {}),
      new RegExp(
        `^Un autre serveur utilise déjà le dossier de données ${dataDir} \\(PID ${first.child.pid}\\)`,
      ),
    );

    // Killed without a chance to clean up, the first leaves no lock behind: the next start goes
    // as far as the port, taken here by another program.
    first.child.kill("SIGKILL");
    await first.exited;
    const squatter = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
    await expectRefusal(
      server(dataDir, { PORT: String(port) }),
      new RegExp(`^Le port ${port} est déjà utilisé par un autre programme`),
    );
    squatter.close();
  }, 180_000);

  it("refuses a SECRET_KEY that does not open the data it sealed, before the first request", async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const key = readFileSync(path.join(dataDir, "secrets", "secret-key"), "utf8").trim();
    await database.db.insert(emailLog).values({
      id: randomUUID(),
      template: "welcome",
      recipient: "zoe@example.re",
      subject: "Bienvenue",
      html: "<p>Bienvenue</p>",
      sealedHtml: new SecretBox(key).seal("<p>Bienvenue</p>"),
      status: "recorded",
    });
    await database.close();
    await expectRefusal(
      server(dataDir, {
        SECRET_KEY: randomBytes(32).toString("hex"),
      }),
      /^SECRET_KEY n'est pas la clé qui a chiffré les e-mails du journal/,
    );
  }, 120_000);

  it("refuses to serve the local test checkout on a public address unless LOCAL_TEST_PAYMENTS=on", async () => {
    const publicUrl = { PUBLIC_URL: "https://www.lagon-digital.re" };
    await expectRefusal(
      server(tmp(), publicUrl),
      /^Configuration invalide : PUBLIC_URL : www\.lagon-digital\.re n'est pas une adresse locale, et sans STRIPE_SECRET_KEY .*LOCAL_TEST_PAYMENTS=on/,
    );
    // Told so, the server starts on local payments, the admin's billing test clock with them.
    const adminToken = randomBytes(32).toString("hex");
    // On the data folder of the tests above (made by the second): a new one costs a database init.
    const demo = await server(dataDir, {
      ADMIN_TOKEN: adminToken,
      LOCAL_TEST_PAYMENTS: "on",
      ...publicUrl,
    });
    await demo.printed("Site prêt");
    const clock = await fetch(`http://127.0.0.1:${demo.port}/api/admin/test-clock?token=${adminToken}`);
    expect(clock.status).toBe(200);
    demo.child.kill("SIGTERM");
    await demo.exited;
  }, 120_000);

  it("refuses a damaged embedded database", async () => {
    const damaged = tmp();
    cpSync(dataDir, damaged, { recursive: true });
    writeFileSync(path.join(damaged, "pglite", "global", "pg_control"), "abîmé");
    await expectRefusal(
      server(damaged, {}),
      new RegExp(`^La base de données embarquée \\(${damaged}/pglite\\) ne s'ouvre pas`),
    );
  }, 120_000);

  it("turns whatever a part throws at start into one line naming the part", () => {
    const cause = Object.assign(
      new Error("Le modèle WordPress est introuvable dans /x.\n    at start (a.ts:1:1)"),
      {
        code: "ENOENT",
      },
    );
    expect(startupErrorLine(new StartupError("wordpress", cause), undefined)).toBe(
      "L'hébergement des sites WordPress ne démarre pas (détail : Le modèle WordPress est introuvable dans /x.).",
    );
    expect(
      startupErrorLine(new StartupError("database", new Error("connect ECONNREFUSED")), {
        DATA_DIR: "/d",
        DATABASE_URL: "postgres://u:motdepasse@h/db",
        PORT: 3000,
        HOST: "0.0.0.0",
      }),
    ).toMatch(/^La base PostgreSQL de DATABASE_URL ne répond pas .* \(détail : connect ECONNREFUSED\)\.$/);
    // An SSH mail host (MAIL_HOST=ssh) that does not answer at start: its settings are named.
    const ssh = { DATA_DIR: "/d", PORT: 3000, HOST: "0.0.0.0", MAIL_HOST: "ssh", MAIL_SSH_HOST: "mail1" };
    expect(
      startupErrorLine(
        new StartupError("mail", new Error("ssh exited with code 255: Connection refused")),
        ssh,
      ),
    ).toBe(
      "L'hôte e-mail mail1 ne répond pas ou refuse le produit (détail : ssh exited with code 255: Connection refused) : vérifiez MAIL_SSH_HOST, MAIL_SSH_PORT, MAIL_SSH_USER, MAIL_SSH_KEY, MAIL_SSH_KNOWN_HOSTS et la règle sudo de l'hôte (docs/operations/mail-host.md).",
    );
    expect(startupErrorLine(new TypeError("x is undefined"), undefined)).toBe(
      "Le démarrage a échoué (détail : x is undefined).",
    );
  });
});
