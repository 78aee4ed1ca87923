import { readFileSync } from "node:fs";
import path from "node:path";

const dataDir = process.env.E2E_DATA_DIR ?? `.test-output/e2e-${process.env.E2E_PORT ?? 3100}`;

/**
 * Publishes in the stack's test DNS (pebble-challtestsrv, start-stack.ts) through its management
 * API: `/add-a`, `/set-cname`, `/set-txt`… as a domain's owner would at their registrar.
 */
export async function publishDns(endpoint: string, body: object): Promise<void> {
  const { management } = JSON.parse(readFileSync(path.resolve(dataDir, "test-dns.json"), "utf8")) as {
    management: string;
  };
  const response = await fetch(`${management}${endpoint}`, { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`test DNS ${endpoint}: ${response.status}`);
}
