/**
 * Let's Encrypt's test authority (Pebble) and its programmable DNS server (pebble-challtestsrv),
 * from the Debian package `pebble`, started for a test on free ports and stopped by their PIDs.
 * The product talks to Pebble through a small HTTPS front that passes everything on, except the
 * new orders a test asks it to refuse the way Let's Encrypt refuses them when a rate limit is hit
 * (Pebble has no rate limits of its own).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort } from "../src/wordpress/site-checks.ts";
import { portAnswers } from "../src/wordpress/site-runtime.ts";
import { selfSignedCertificate } from "./test-pki.ts";

export interface Pebble {
  /** ACME directory URL (the front's). */
  directoryUrl: string;
  /** PEM of the self-signed certificate Pebble's own HTTPS answers with. */
  tlsCaFile: string;
  /** `127.0.0.1:<port>` of the test DNS server (DNS_RESOLVER). */
  dnsServer: string;
  /** The DNS server's management API (`http://127.0.0.1:<port>`), for another process to call. */
  dnsManagementUrl: string;
  /** Calls the DNS server's management API (`/add-a`, `/set-cname`, `/add-caa`…). */
  dns(endpoint: string, body: object): Promise<void>;
  /** The root that signs Pebble's certificates (it changes at each start). */
  root(): Promise<string>;
  /**
   * The next `times` new orders are refused as Let's Encrypt refuses them past a rate limit:
   * 429, `urn:ietf:params:acme:error:rateLimited`, a Retry-After in seconds.
   */
  rateLimitNewOrders(times: number, retryAfterSeconds: number): void;
  stop(): Promise<void>;
}

export interface PebbleOptions {
  /** How long the certificates Pebble signs are valid (its default: about five years). */
  certificateValidityDays?: number;
  /**
   * What the DNS answers for a name nothing was published for: 127.0.0.1 by default; "" for no
   * answer, as for a domain whose owner set nothing yet.
   */
  defaultIPv4?: string;
}

/** Starts challtestsrv and Pebble; HTTP-01 challenges are checked on `httpPort` of 127.0.0.1. */
export async function startPebble(
  dir: string,
  httpPort: number,
  options: PebbleOptions = {},
): Promise<Pebble> {
  const [dnsPort, dnsManagement, acmePort, acmeManagement] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const cert = path.join(dir, "pebble-tls.pem");
  const key = path.join(dir, "pebble-tls.key");
  selfSignedCertificate("localhost", ["IP:127.0.0.1", "DNS:localhost"], cert, key);
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
        ...(options.certificateValidityDays
          ? { certificateValidityPeriod: options.certificateValidityDays * 86_400 }
          : {}),
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
    options.defaultIPv4 ?? "127.0.0.1",
    "-defaultIPv6",
    "",
  ]);
  launch("/usr/bin/pebble", ["-config", config, "-dnsserver", `127.0.0.1:${dnsPort}`], {
    // No random waits before validating, no random nonce refusals: a quick, deterministic run.
    PEBBLE_VA_NOSLEEP: "1",
    PEBBLE_WFE_NONCEREJECT: "0",
  });
  const front = await startFront(acmePort, cert, key);
  const stop = async () => {
    await new Promise<void>((resolve) => front.server.close(() => resolve()));
    front.server.closeAllConnections();
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
    directoryUrl: `https://127.0.0.1:${front.port}/dir`,
    tlsCaFile: cert,
    dnsServer: `127.0.0.1:${dnsPort}`,
    dnsManagementUrl: `http://127.0.0.1:${dnsManagement}`,
    async dns(endpoint, body) {
      const response = await fetch(`http://127.0.0.1:${dnsManagement}${endpoint}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`challtestsrv ${endpoint}: ${response.status}`);
    },
    root: async () =>
      (await httpsGet(`https://127.0.0.1:${acmeManagement}/roots/0`, { ca: await readFile(cert) })).body,
    rateLimitNewOrders(times, retryAfterSeconds) {
      front.refusals = { times, retryAfterSeconds };
    },
    stop,
  };
}

/**
 * The HTTPS front before Pebble, with Pebble's own certificate: requests go through unchanged,
 * Host included (Pebble writes its URLs and checks each signed request's `url` from it, so every
 * later request comes back through the front). New orders may be refused with Let's Encrypt's
 * rate-limit answer.
 */
async function startFront(acmePort: number, certFile: string, keyFile: string) {
  const cert = readFileSync(certFile);
  const state = { refusals: { times: 0, retryAfterSeconds: 0 } };
  let newOrderPath: string | undefined;
  const server = https.createServer({ cert, key: readFileSync(keyFile) }, (req, res) => {
    if (req.method === "POST" && req.url === newOrderPath && state.refusals.times > 0) {
      state.refusals.times -= 1;
      const retryAfter = state.refusals.retryAfterSeconds;
      const until = new Date(Date.now() + retryAfter * 1000).toISOString().replace("T", " ").slice(0, 19);
      req.resume();
      res.writeHead(429, {
        "content-type": "application/problem+json",
        "retry-after": String(retryAfter),
        link: '<https://letsencrypt.org/docs/rate-limits/>;rel="help"',
      });
      res.end(
        JSON.stringify({
          type: "urn:ietf:params:acme:error:rateLimited",
          detail: `too many certificates (5) already issued for this exact set of identifiers in the last 168h0m0s, retry after ${until} UTC: see https://letsencrypt.org/docs/rate-limits/#new-certificates-per-exact-set-of-identifiers`,
          status: 429,
        }),
      );
      return;
    }
    const upstream = https.request(
      {
        host: "127.0.0.1",
        port: acmePort,
        method: req.method,
        path: req.url,
        headers: req.headers,
        ca: cert,
      },
      (answer) => {
        if (req.url === "/dir" && !newOrderPath) {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const body = Buffer.concat(chunks);
            newOrderPath = new URL(JSON.parse(body.toString("utf8")).newOrder).pathname;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(body);
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, { server, port: (server.address() as AddressInfo).port });
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
  /** The served certificate's serial number and end of validity. */
  peerSerial: string;
  peerValidTo: Date;
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
        // A fresh TLS session each time: a resumed one shows no certificate, and the tests read it.
        agent: false,
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
            peerSerial: peer?.serialNumber ?? "",
            peerValidTo: new Date(peer?.valid_to ?? 0),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}
