import type { KozaData } from "@lagon/contracts/koza-schemas";
import { type CleanImage, cleanImage } from "./check-image.ts";
import { type OpenAiCompatibleApi, postToApi } from "./openai-compatible.ts";
import type { ImageRequest } from "./site-images.ts";

/** An OpenAI-compatible API (e.g. https://api.openai.com/v1); `/images/generations` is appended. */
export interface ImagesApi extends OpenAiCompatibleApi {
  model: string;
  size: string;
}

const SHOTS: Record<ImageRequest["kind"], string[]> = {
  hero: ["A wide, inviting view of the business at work, for the banner of its home page."],
  about: ["The craft and the place behind the business: hands at work, tools, authentic details."],
  service: ["It shows this service or product: "],
};

/** What the model is asked for: a realistic photo of this business, from its own answers, with no text. */
export function photoPrompt(data: KozaData, request: ImageRequest): string {
  const shot = SHOTS[request.kind][request.index % SHOTS[request.kind].length] as string;
  return [
    `A professional, realistic photograph for the website of a small business named "${data.businessName.trim()}" (activity, in French: ${data.businessType.trim()}).`,
    request.kind === "service" ? `${shot}${request.subject} (in French).` : shot,
    `What the owner says about the business (in French): ${data.businessDescription.trim()}`,
    `Subtle colour accents close to ${data.colors.primary} and ${data.colors.secondary}.`,
    "Natural light, sharp focus, editorial style. No text, no letters, no logo, no watermark.",
  ].join("\n");
}

/**
 * One picture from `POST {url}/images/generations`, asked as base64 (`b64_json`). The bytes are
 * judged like an upload (decoded, re-encoded without metadata, at most 2000 px a side): an
 * answer that is not an image is an error, as is any HTTP error or a timeout.
 */
export async function photoFromImagesApi(
  api: ImagesApi,
  data: KozaData,
  request: ImageRequest,
): Promise<CleanImage> {
  const res = await postToApi(
    api,
    "/images/generations",
    {
      model: api.model,
      prompt: photoPrompt(data, request),
      n: 1,
      size: api.size,
      // OpenAI's gpt-image models always answer in base64 and refuse the parameter; the others need it.
      ...(api.model.startsWith("gpt-image") ? {} : { response_format: "b64_json" }),
    },
    180_000,
  );
  if (!res.ok) throw new Error(`le service d'images IA a répondu ${res.status}`);
  const body = (await res.json().catch(() => undefined)) as { data?: { b64_json?: unknown }[] } | undefined;
  const b64 = body?.data?.[0]?.b64_json;
  if (typeof b64 !== "string" || !b64) throw new Error("le service d'images IA n'a pas renvoyé d'image");
  try {
    return await cleanImage(Buffer.from(b64, "base64"));
  } catch {
    throw new Error("le service d'images IA a renvoyé un fichier qui n'est pas une image valide");
  }
}
