/**
 * A customer's SFTP client for the tests (decision 0059): OpenSSH's own `sftp` and `ssh`, with a
 * password (given through SSH_ASKPASS, never on a command line) or a private key.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface SftpLogin {
  /** The host's address; default 127.0.0.1. */
  host?: string;
  port: number;
  user: string;
  password?: string;
  keyFile?: string;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs sftp's batch `commands` (one a line; a leading "-" lets a command fail). */
export async function sftpBatch(login: SftpLogin, commands: string[]): Promise<RunResult> {
  return withAuth(login, async (auth) => {
    const batch = path.join(auth.dir, "batch");
    await writeFile(batch, `${commands.join("\n")}\n`);
    // BatchMode=no first: sftp -b would turn password prompts off.
    return run(
      "sftp",
      [...auth.options, "-P", String(login.port), "-b", batch, `${login.user}@${login.host ?? "127.0.0.1"}`],
      auth.env,
    );
  });
}

/** An sftp client left open, as a customer's client stays connected between commands. */
export interface OpenSftp {
  /** Sends one command (read as `sftp -b -` reads it: the client ends at the first that fails). */
  send(command: string): void;
  /** What the client printed so far. */
  output(): string;
  /** Settles when the client has ended, its connection closed by either side. */
  ended: Promise<RunResult>;
}

/** Opens an sftp session that stays open until its connection ends or stdin closes (2 min at most). */
/**
 * What OpenSSH's client prints when the server ends the session: "closed by remote host" when it
 * notices on a read, "client_loop: send disconnect: Broken pipe" then "Connection closed" when it
 * notices on a write; which comes first is the client's timing, not the server's doing.
 */
export const CLOSED_BY_SERVER = /closed by remote host|Connection closed/;

export async function openSftp(login: SftpLogin): Promise<OpenSftp> {
  const auth = await clientAuth(login);
  const child = spawn(
    "sftp",
    [...auth.options, "-P", String(login.port), "-b", "-", `${login.user}@${login.host ?? "127.0.0.1"}`],
    { env: auth.env, stdio: ["pipe", "pipe", "pipe"] },
  );
  // A command sent after the server closed the connection may find the client gone (EPIPE): how
  // it ended is what `ended` reports.
  child.stdin?.on("error", () => {});
  const client = collect(child, 120_000);
  return {
    send: (command) => child.stdin?.write(`${command}\n`),
    output: client.sofar,
    ended: client.result.finally(() => rm(auth.dir, { recursive: true, force: true })),
  };
}

/** Runs `ssh` with `args` (e.g. a command, -W, -tt) as the customer. */
export async function sshAttempt(login: SftpLogin, args: string[]): Promise<RunResult> {
  return withAuth(login, (auth) =>
    run(
      "ssh",
      [...auth.options, "-p", String(login.port), ...args, `${login.user}@${login.host ?? "127.0.0.1"}`],
      auth.env,
    ),
  );
}

interface ClientAuth {
  dir: string;
  options: string[];
  env: NodeJS.ProcessEnv;
}

async function withAuth<T>(login: SftpLogin, use: (auth: ClientAuth) => Promise<T>): Promise<T> {
  const auth = await clientAuth(login);
  try {
    return await use(auth);
  } finally {
    await rm(auth.dir, { recursive: true, force: true });
  }
}

/** The client's options and environment, in a temporary folder of its own (known hosts, askpass). */
async function clientAuth(login: SftpLogin): Promise<ClientAuth> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sftp-client-"));
  const options = [
    "-o",
    "BatchMode=no",
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    `UserKnownHostsFile=${path.join(dir, "known_hosts")}`,
    "-o",
    "ConnectTimeout=10",
    "-o",
    "NumberOfPasswordPrompts=1",
    "-F",
    "none",
  ];
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir };
  if (login.password !== undefined) {
    const askpass = path.join(dir, "askpass");
    await writeFile(askpass, "#!/bin/sh\nprintf '%s\\n' \"$SFTP_TEST_PASSWORD\"\n");
    await chmod(askpass, 0o700);
    Object.assign(env, {
      SSH_ASKPASS: askpass,
      SSH_ASKPASS_REQUIRE: "force",
      SFTP_TEST_PASSWORD: login.password,
    });
    options.push("-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no");
  } else if (login.keyFile) {
    options.push("-o", "PreferredAuthentications=publickey", "-o", "IdentitiesOnly=yes", "-i", login.keyFile);
  }
  return { dir, options, env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return collect(spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] }), 30_000).result;
}

/** What a client prints and how it ends; killed after `limitMs`. */
function collect(child: ChildProcess, limitMs: number): { sofar: () => string; result: Promise<RunResult> } {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const result = new Promise<RunResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { sofar: () => stdout, result };
}
