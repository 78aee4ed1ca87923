import http from "node:http";
import https from "node:https";
import type { SiteRequestInit } from "./wordpress-host.ts";

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Sends one HTTP request to `url`, optionally connecting to another address than the URL's
 * (Node cannot resolve `*.localhost`: the local sites are reached on 127.0.0.1 with the site's
 * name in the Host header). Redirects are returned, not followed.
 */
export function requestSite(
  url: URL,
  init: SiteRequestInit = {},
  connect?: { host: string; port?: number },
): Promise<Response> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        method: init.method ?? "GET",
        host: connect?.host ?? url.hostname,
        port: connect?.port ?? url.port,
        servername: url.hostname,
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
    request.on("error", reject);
    request.end(init.body);
  });
}
