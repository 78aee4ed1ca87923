import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";

export interface RunOptions {
  /** Written to the process's stdin, then closed: the way secrets are passed (never argv). */
  stdin?: string;
  /** A file streamed to stdin instead (a site's archive). */
  stdinFile?: string;
  /** Where stdout goes instead of memory (a site's archive); the answer's stdout is then empty. */
  stdoutFile?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** Runs a command to completion and returns its output; rejects with its stderr on failure. */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const written = options.stdoutFile
      ? new Promise<void>((done, failed) => {
          const file = createWriteStream(options.stdoutFile as string, { mode: 0o600 });
          file.on("finish", done).on("error", failed);
          child.stdout.pipe(file);
        })
      : Promise.resolve();
    if (!options.stdoutFile) child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.code === "ENOENT" ? `${command} is not installed or not in PATH` : error.message;
      reject(new ProcessError(reason, null, ""));
    });
    child.on("close", async (code, signal) => {
      clearTimeout(timer);
      try {
        await written;
      } catch (error) {
        return reject(new ProcessError(`${command}: ${(error as Error).message}`, code, ""));
      }
      const out = Buffer.concat(stdout).toString("utf8");
      const err = Buffer.concat(stderr).toString("utf8");
      if (code === 0) return resolve({ stdout: out, stderr: err });
      const status = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(new ProcessError(`${command} ${status}: ${err.trim().slice(-2000)}`, code, err));
    });
    // A process that exits without reading its input must not crash us with EPIPE.
    child.stdin.on("error", () => {});
    if (options.stdinFile) {
      createReadStream(options.stdinFile)
        .on("error", (error) => {
          child.kill("SIGKILL");
          reject(new ProcessError(`${command}: ${error.message}`, null, ""));
        })
        .pipe(child.stdin);
    } else {
      child.stdin.end(options.stdin ?? "");
    }
  });
}
