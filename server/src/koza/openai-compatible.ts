/** Where an OpenAI-compatible API answers: its base URL (with `/v1`) and its key, if it needs one. */
export interface OpenAiCompatibleApi {
  url: string;
  apiKey?: string;
}

/**
 * POSTs a JSON body to one of the API's endpoints (`/chat/completions`, `/images/generations`),
 * given up after `timeoutMs`; the caller reads the answer and turns failures into French errors.
 */
export function postToApi(api: OpenAiCompatibleApi, endpoint: string, body: object, timeoutMs: number) {
  return fetch(`${api.url.replace(/\/+$/, "")}${endpoint}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(api.apiKey ? { Authorization: `Bearer ${api.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}
