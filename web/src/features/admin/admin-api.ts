import { fetchJson } from "../../lib/fetch-json";

/** Calls an admin endpoint with the token of the page's query string. */
export function adminFetch<T>(path: string, token: string, init?: RequestInit): Promise<T> {
  const url = `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  return fetchJson<T>(url, init);
}

export function adminPost<T>(path: string, token: string, body: unknown): Promise<T> {
  return adminFetch<T>(path, token, { method: "POST", body: JSON.stringify(body) });
}
