/** A failed API call, carrying the French `detail` the server gave, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
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
  if (!res.ok) throw new ApiError(res.status, typeof body?.detail === "string" ? body.detail : undefined);
  return body as T;
}
