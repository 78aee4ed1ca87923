import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

export interface RunOptions {
  /** Written to the process's stdin, then closed: the way secrets are passed (never argv). */
  stdin?: string;
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
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.code === "ENOENT" ? `${command} is not installed or not in PATH` : error.message;
      reject(new ProcessError(reason, null, ""));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const out = Buffer.concat(stdout).toString("utf8");
      const err = Buffer.concat(stderr).toString("utf8");
      if (code === 0) return resolve({ stdout: out, stderr: err });
      const status = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(new ProcessError(`${command} ${status}: ${err.trim().slice(-2000)}`, code, err));
    });
    // A process that exits without reading its input must not crash us with EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(options.stdin ?? "");
  });
}

export interface StreamOptions {
  env?: NodeJS.ProcessEnv;
  /** Piped into the process's stdin, which is closed at its end. */
  stdin?: Readable;
  /** Receives the process's stdout; left open (the caller ends it once the process succeeded). */
  stdout?: Writable;
  timeoutMs?: number;
}

/**
 * Runs a command whose input or output is a stream (a site archive); resolves once it exited 0,
 * with everything it wrote passed on; rejects with its stderr otherwise.
 */
export function runStreaming(command: string, args: string[], options: StreamOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
    const stderr: Buffer[] = [];
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    if (options.stdout) child.stdout.pipe(options.stdout, { end: false });
    else child.stdout.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 3_600_000);
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = error.code === "ENOENT" ? `${command} is not installed or not in PATH` : error.message;
      reject(new ProcessError(reason, null, ""));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const err = Buffer.concat(stderr).toString("utf8");
      if (code === 0) return resolve();
      const status = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(new ProcessError(`${command} ${status}: ${err.trim().slice(-2000)}`, code, err));
    });
    child.stdin.on("error", () => {});
    if (options.stdin) {
      options.stdin.on("error", (error) => {
        child.kill("SIGTERM");
        reject(error);
      });
      options.stdin.pipe(child.stdin);
    } else child.stdin.end();
  });
}
