import { KOZA_MESSAGES } from "@lagon/contracts/koza";
import { apiPaths } from "../../../api/paths";
import { ApiError, retryAfterSeconds } from "../../../lib/fetch-json";
import type { KozaAnswers } from "../koza-answers";

export interface KozaUpload {
  orderId: string;
  token: string;
  answers: KozaAnswers;
  logo: File | null;
  photos: File[];
}

/**
 * POST /api/koza/generate-site (multipart): order_id, token, koza_data (the answers as JSON),
 * logo, photo_0 to photo_4. The order and its token are in the address too: the server checks
 * them there before it reads a byte of the images. Resolves on success; rejects with an ApiError
 * carrying the server's French detail (or 'Échec de génération' when there is none) and, for a
 * rate limit's 429, its Retry-After.
 */
export async function submitQuestionnaire(upload: KozaUpload): Promise<void> {
  const form = new FormData();
  form.append("order_id", upload.orderId);
  form.append("token", upload.token);
  form.append("koza_data", JSON.stringify(upload.answers));
  if (upload.logo) form.append("logo", upload.logo);
  for (const [i, photo] of upload.photos.entries()) form.append(`photo_${i}`, photo);
  let res: Response;
  try {
    const credentials = new URLSearchParams({ order_id: upload.orderId, token: upload.token });
    res = await fetch(`${apiPaths.kozaGenerateSite()}?${credentials}`, { method: "POST", body: form });
  } catch {
    throw new Error(KOZA_MESSAGES.failure);
  }
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { detail?: unknown };
  const detail = typeof body.detail === "string" && body.detail ? body.detail : KOZA_MESSAGES.failure;
  throw new ApiError(res.status, detail, retryAfterSeconds(res.headers.get("Retry-After")));
}
