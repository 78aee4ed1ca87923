import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { emailLog } from "../db/schema.ts";
import { SecretBox } from "../lib/secrets.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { StartupError, startupErrorLine } from "./startup-error.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "lagon-start-"));
const running: ChildProcessWithoutNullStreams[] = [];

/** The real server, as `npm run start:api` runs it, on a throwaway data folder. */
function server(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ROLE: "api",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      ...env,
    },
  });
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => stdout.includes("Site prêt") && resolve());
      void exited.then(({ stderr }) => reject(new Error(`the server stopped: ${stderr}`)));
    });
  return { child, exited, ready, output: () => stdout };
}

/** What a failed start must look like: exit code 1 and, on stderr, one French line, no stack. */
async function expectRefusal(run: ReturnType<typeof server>, line: RegExp) {
  const { code, stderr } = await run.exited;
  expect(code).toBe(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr.trim()).toMatch(line);
}

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

describe("a start-up failure ends with one French line and exit code 1", () => {
  const dataDir = tmp();

  it("refuses a guessable ADMIN_TOKEN", async () => {
    await expectRefusal(
      server({ DATA_DIR: tmp(), PORT: String(await freePort()), ADMIN_TOKEN: "a".repeat(24) }),
      /^Configuration invalide : ADMIN_TOKEN : trop prévisible/,
    );
  }, 60_000);

  it("prints where the admin token is kept, never the token", async () => {
    const first = server({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await first.ready();
    const tokenFile = path.join(dataDir, "secrets", "admin-token");
    expect(first.output()).toContain(`Le jeton d'administration est dans ${tokenFile}`);
    expect(first.output()).not.toContain(readFileSync(tokenFile, "utf8").trim());

    // A second server on the same embedded data folder refuses to start, naming the first.
    await expectRefusal(
      server({ DATA_DIR: dataDir, PORT: String(await freePort()) }),
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
      server({ DATA_DIR: dataDir, PORT: String(port) }),
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
      server({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        SECRET_KEY: randomBytes(32).toString("hex"),
      }),
      /^SECRET_KEY n'est pas la clé qui a chiffré les e-mails du journal/,
    );
  }, 120_000);

  it("refuses to serve the local test checkout on a public address unless LOCAL_TEST_PAYMENTS=on", async () => {
    const publicUrl = { PUBLIC_URL: "https://www.lagon-digital.re" };
    await expectRefusal(
      server({ DATA_DIR: tmp(), PORT: String(await freePort()), ...publicUrl }),
      /^Configuration invalide : PUBLIC_URL : www\.lagon-digital\.re n'est pas une adresse locale, et sans STRIPE_SECRET_KEY .*LOCAL_TEST_PAYMENTS=on/,
    );
    // Told so, the server starts on local payments, the admin's billing test clock with them.
    const port = await freePort();
    const adminToken = randomBytes(32).toString("hex");
    // On the data folder of the tests above (made by the second): a new one costs a database init.
    const demo = server({
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_TOKEN: adminToken,
      LOCAL_TEST_PAYMENTS: "on",
      ...publicUrl,
    });
    await demo.ready();
    const clock = await fetch(`http://127.0.0.1:${port}/api/admin/test-clock?token=${adminToken}`);
    expect(clock.status).toBe(200);
    demo.child.kill("SIGTERM");
    await demo.exited;
  }, 120_000);

  it("refuses a damaged embedded database", async () => {
    const damaged = tmp();
    cpSync(dataDir, damaged, { recursive: true });
    writeFileSync(path.join(damaged, "pglite", "global", "pg_control"), "abîmé");
    await expectRefusal(
      server({ DATA_DIR: damaged, PORT: String(await freePort()) }),
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
    expect(startupErrorLine(new TypeError("x is undefined"), undefined)).toBe(
      "Le démarrage a échoué (détail : x is undefined).",
    );
  });
});
