import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import type acmeClient from "acme-client";
import type { WordPressHost } from "../wordpress/wordpress-host.ts";

export interface AcmeSettings {
  directoryUrl: string;
  /** PEM the authority's HTTPS certificate is checked against (Pebble); default the system's CAs. */
  directoryCaFile?: string;
  /** Where the account key is kept (one account per data folder and authority). */
  secretsDir: string;
  contactEmail: string;
}

export interface IssuedCertificate {
  /** The certificate and its chain, PEM. */
  certificatePem: string;
  privateKeyPem: string;
  /** Its validity: from `validFrom` (notBefore) to `expiresAt` (notAfter). */
  validFrom: Date;
  expiresAt: Date;
}

/** An RFC 8555 problem the authority answered with: `type` tells why (caa, rateLimited, unauthorized…). */
export class AcmeProblem extends Error {
  constructor(
    readonly type: string,
    detail: string,
    /** When the authority says to try again (rate limits). */
    readonly retryAfter?: Date,
  ) {
    super(detail);
  }

  /** The last part of the type: `caa`, `rateLimited`, `unauthorized`, `connection`, `dns`… */
  get kind(): string {
    return this.type.replace(/^urn:ietf:params:acme:error:/, "");
  }
}

interface Problem {
  type?: string;
  detail?: string;
  retryAfter?: Date;
}

// acme-client only keeps a problem's detail; the interceptor records its type for the order
// being run in this async context, so concurrent orders never mix their problems.
const problems = new AsyncLocalStorage<{ last?: Problem }>();

let loaded: Promise<typeof acmeClient> | undefined;
/**
 * acme-client (about 30 MB with its crypto and HTTP libraries) is loaded on the first
 * certificate: a server whose customers bring no domain never holds it (npm run bench:memory).
 */
function loadAcme(): Promise<typeof acmeClient> {
  loaded ??= import("acme-client").then(({ default: acme }) => {
    setUpAcme(acme);
    return acme;
  });
  return loaded;
}

function setUpAcme(acme: typeof acmeClient): void {
  acme.axios.interceptors.response.use((response) => {
    const store = problems.getStore();
    const data = response.data as
      | { type?: string; detail?: string; status?: string; error?: Problem }
      | undefined;
    if (store && response.status >= 400 && data?.type) {
      const seconds = Number(response.headers["retry-after"]);
      store.last = {
        type: data.type,
        detail: data.detail,
        retryAfter:
          Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : undefined,
      };
    } else if (store && data?.status === "invalid" && data.error?.type) {
      store.last = { type: data.error.type, detail: data.error.detail };
    }
    return response;
  });
  // A rate-limited request is not retried here: the domain's job comes back after the window.
  (
    acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number } }
  ).acmeSettings.retryMaxAttempts = 0;
}

/**
 * Gets a certificate for the domain and `www`, by HTTP-01: the host serves each challenge's key
 * authorization at /.well-known/acme-challenge/<token> on port 80 while the authority checks.
 * A refusal is thrown as an AcmeProblem with the authority's type.
 */
export async function issueCertificate(
  settings: AcmeSettings,
  host: Pick<WordPressHost, "putAcmeChallenge" | "removeAcmeChallenge">,
  domain: string,
): Promise<IssuedCertificate> {
  const acme = await loadAcme();
  if (settings.directoryCaFile) {
    acme.axios.defaults.httpsAgent = new https.Agent({ ca: readFileSync(settings.directoryCaFile) });
  }
  const store: { last?: Problem } = {};
  return problems.run(store, async () => {
    try {
      const client = new acme.Client({
        directoryUrl: settings.directoryUrl,
        accountKey: await accountKey(settings),
        backoffAttempts: 15,
        backoffMin: 300,
        backoffMax: 5_000,
      });
      await client.createAccount({
        termsOfServiceAgreed: true,
        contact: [`mailto:${settings.contactEmail}`],
      });
      const names = [domain, `www.${domain}`];
      const order = await client.createOrder({ identifiers: names.map((value) => ({ type: "dns", value })) });
      for (const authz of await client.getAuthorizations(order)) {
        if (authz.status === "valid") continue;
        const challenge = authz.challenges.find((c) => c.type === "http-01");
        if (!challenge)
          throw new AcmeProblem("urn:ietf:params:acme:error:unsupported", "pas de défi HTTP-01");
        await host.putAcmeChallenge(challenge.token, await client.getChallengeKeyAuthorization(challenge));
        try {
          await client.completeChallenge(challenge);
          await client.waitForValidStatus(authz);
        } finally {
          await host.removeAcmeChallenge(challenge.token);
        }
      }
      const [key, csr] = await acme.crypto.createCsr({ commonName: domain, altNames: names });
      const finalized = await client.finalizeOrder(order, csr);
      const certificatePem = await client.getCertificate(finalized);
      const info = acme.crypto.readCertificateInfo(certificatePem);
      return {
        certificatePem,
        privateKeyPem: key.toString(),
        validFrom: info.notBefore,
        expiresAt: info.notAfter,
      };
    } catch (error) {
      if (error instanceof AcmeProblem) throw error;
      const last = store.last;
      if (last?.type) {
        throw new AcmeProblem(last.type, last.detail ?? (error as Error).message, last.retryAfter);
      }
      throw error;
    }
  });
}

async function accountKey(settings: AcmeSettings): Promise<Buffer> {
  const name = `acme-account-${Buffer.from(new URL(settings.directoryUrl).host).toString("hex").slice(0, 32)}.pem`;
  const file = path.join(settings.secretsDir, name);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(settings.secretsDir, { recursive: true, mode: 0o700 });
  const acme = await loadAcme();
  const key = await acme.crypto.createPrivateEcdsaKey();
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
