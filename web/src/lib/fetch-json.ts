/** A failed API call, carrying the French `detail` the server gave, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    /** A refusal's Retry-After (a rate limit's 429), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/** A French sentence for a refused or failed call: the server's own when it gave one. */
export const failureText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.detail ? err.detail : fallback;

/**
 * What to say of a call that failed: the server's French refusal as it is; anything else is
 * unexpected, so it is logged under `what` (French, for the console) and `fallback` is said.
 */
export function explainFailure(err: unknown, what: string, fallback: string): string {
  if (err instanceof ApiError && err.detail) return err.detail;
  console.error(what, err);
  return fallback;
}

/** Calls the API and returns its JSON; a non-OK answer throws an ApiError with its `detail`. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      Accept: "application/json",
      ...(init?.body ? { "Content-Type": "application/json" } : {}),
      ...init?.headers,
    },
  });
  const body = (await res.json().catch(() => undefined)) as (T & { detail?: string }) | undefined;
  if (!res.ok) {
    const detail = typeof body?.detail === "string" ? body.detail : undefined;
    throw new ApiError(res.status, detail, retryAfterSeconds(res.headers.get("Retry-After")));
  }
  return body as T;
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}
