/**
 * Let's Encrypt's test authority (Pebble) and its programmable DNS server (pebble-challtestsrv),
 * from the Debian package `pebble`, started for a test on free ports and stopped by their PIDs.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import https from "node:https";
import path from "node:path";
import { freePort } from "../src/wordpress/site-checks.ts";
import { portAnswers } from "../src/wordpress/site-runtime.ts";

export interface Pebble {
  /** ACME directory URL. */
  directoryUrl: string;
  /** PEM of the self-signed certificate Pebble's own HTTPS answers with. */
  tlsCaFile: string;
  /** `127.0.0.1:<port>` of the test DNS server (DNS_RESOLVER). */
  dnsServer: string;
  /** Calls the DNS server's management API (`/add-a`, `/set-cname`, `/add-caa`…). */
  dns(endpoint: string, body: object): Promise<void>;
  /** The root that signs Pebble's certificates (it changes at each start). */
  root(): Promise<string>;
  stop(): Promise<void>;
}

/** Starts challtestsrv and Pebble; HTTP-01 challenges are checked on `httpPort` of 127.0.0.1. */
export async function startPebble(dir: string, httpPort: number): Promise<Pebble> {
  const [dnsPort, dnsManagement, acmePort, acmeManagement] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const cert = path.join(dir, "pebble-tls.pem");
  const key = path.join(dir, "pebble-tls.key");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  const config = path.join(dir, "pebble-config.json");
  await writeFile(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${acmeManagement}`,
        certificate: cert,
        privateKey: key,
        httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: "",
      },
    }),
  );
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  const launch = (command: string, args: string[], env: Record<string, string> = {}) => {
    const child = spawn(command, args, {
      env: { PATH: "/usr/bin:/bin", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => logs.push(chunk.toString("utf8"));
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    children.push(child);
  };
  launch("/usr/bin/pebble-challtestsrv", [
    "-dns01",
    `127.0.0.1:${dnsPort}`,
    "-management",
    `127.0.0.1:${dnsManagement}`,
    "-http01",
    "",
    "-https01",
    "",
    "-tlsalpn01",
    "",
    "-defaultIPv4",
    "127.0.0.1",
    "-defaultIPv6",
    "",
  ]);
  launch("/usr/bin/pebble", ["-config", config, "-dnsserver", `127.0.0.1:${dnsPort}`], {
    // No random waits before validating, no random nonce refusals: a quick, deterministic run.
    PEBBLE_VA_NOSLEEP: "1",
    PEBBLE_WFE_NONCEREJECT: "0",
  });
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null || !child.pid) return resolve();
            child.once("exit", () => resolve());
            process.kill(child.pid, "SIGTERM");
            setTimeout(
              () => child.pid && child.exitCode === null && process.kill(child.pid, "SIGKILL"),
              3_000,
            ).unref();
          }),
      ),
    );
  };
  const deadline = Date.now() + 15_000;
  for (const port of [dnsManagement, acmePort, acmeManagement]) {
    while (!(await portAnswers(port))) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Pebble did not start: ${logs.join("")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
    tlsCaFile: cert,
    dnsServer: `127.0.0.1:${dnsPort}`,
    async dns(endpoint, body) {
      const response = await fetch(`http://127.0.0.1:${dnsManagement}${endpoint}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`challtestsrv ${endpoint}: ${response.status}`);
    },
    root: async () =>
      (await httpsGet(`https://127.0.0.1:${acmeManagement}/roots/0`, { ca: await readFile(cert) })).body,
    stop,
  };
}

/** An HTTPS GET with its own trust and SNI: the answer is returned whatever its status. */
export function httpsGet(
  url: string,
  options: { ca: string | Buffer; servername?: string; host?: string; port?: number; hostHeader?: string },
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  peerNames: string;
}> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = https.request(
      {
        host: options.host ?? target.hostname,
        port: options.port ?? target.port,
        path: target.pathname + target.search,
        servername: options.servername,
        ca: options.ca,
        headers: options.hostHeader ? { host: options.hostHeader } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        const peer = (response.socket as import("node:tls").TLSSocket).getPeerCertificate();
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            peerNames: peer?.subjectaltname ?? "",
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}
