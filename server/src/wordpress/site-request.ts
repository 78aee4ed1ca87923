import http from "node:http";
import https from "node:https";
import type { SiteRequestInit } from "./wordpress-host.ts";

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Where to connect, when not to the URL's own address, and whom to trust (a test's own CA). */
export interface SiteConnect {
  host: string;
  port?: number;
  /** Certificates trusted instead of the system's, for HTTPS (PEM). */
  ca?: string;
}

/** Requests that can be sent again without doing anything twice. */
const REPEATABLE = new Set(["GET", "HEAD"]);

/**
 * Sends one HTTP request to `url`, optionally connecting to another address than the URL's
 * (Node cannot resolve `*.localhost`: the local sites are reached on 127.0.0.1 with the site's
 * name in the Host header). Redirects are returned, not followed.
 */
export async function requestSite(
  url: URL,
  init: SiteRequestInit = {},
  connect?: SiteConnect,
): Promise<Response> {
  try {
    return await sendOnce(url, init, connect);
  } catch (error) {
    // A kept-alive connection the server closed as it was taken again (nginx closes its idle ones
    // when it reloads): a request that can be repeated goes once more, on a new connection, as
    // Node's documentation advises (request.reusedSocket).
    if (!(error instanceof ReusedConnectionError) || !REPEATABLE.has(init.method ?? "GET")) throw error;
    return sendOnce(url, init, connect);
  }
}

class ReusedConnectionError extends Error {}

function sendOnce(url: URL, init: SiteRequestInit, connect?: SiteConnect): Promise<Response> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        method: init.method ?? "GET",
        host: connect?.host ?? url.hostname,
        port: connect?.port ?? url.port,
        servername: url.hostname,
        ca: connect?.ca,
        path: url.pathname + url.search,
        headers: { ...init.headers, host: url.host },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const headers = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
          const status = response.statusCode ?? 500;
          const body = NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, statusText: response.statusMessage, headers }));
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url.host} within 60 s`)));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === "ECONNRESET")
        reject(new ReusedConnectionError(error.message));
      else reject(error);
    });
    request.end(init.body);
  });
}
