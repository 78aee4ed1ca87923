import type { KozaData } from "@lagon/contracts/koza";
import type { Config } from "../config.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { SiteContent } from "./site-content.ts";

/** Writes the text of the five pages: the embedded French writer, or an OpenAI-compatible chat API. */
export type SiteWriter = (data: KozaData) => Promise<SiteContent>;

export function createSiteWriter(
  config: Pick<Config, "KOZA_LLM_URL" | "KOZA_LLM_MODEL" | "KOZA_LLM_API_KEY">,
): SiteWriter {
  if (!config.KOZA_LLM_URL) return async (data) => writeFrenchSite(data);
  const url = `${config.KOZA_LLM_URL.replace(/\/$/, "")}/chat/completions`;
  return async (data) => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(config.KOZA_LLM_API_KEY ? { Authorization: `Bearer ${config.KOZA_LLM_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: config.KOZA_LLM_MODEL,
        response_format: { type: "json_object" },
        temperature: 0.7,
        messages: [
          {
            role: "system",
            content:
              "Tu es rédacteur web pour les TPE de La Réunion et des Outre-mer. Écris en français, sans inventer de faits (ni prix, ni diplômes, ni chiffres). Réponds uniquement par un objet JSON de la forme : " +
              '{"tagline": string, "home": {"headline": string, "intro": string, "highlights": [3 strings]}, "about": {"paragraphs": [2 à 4 strings]}, "services": [3 × {"title": string, "description": string}], "gallery": {"intro": string}, "contact": {"intro": string}}.',
          },
          { role: "user", content: JSON.stringify(data) },
        ],
      }),
      signal: AbortSignal.timeout(120_000),
    });
    if (!res.ok) throw new Error(`le service de rédaction a répondu ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.choices?.[0]?.message?.content ?? "");
    } catch {
      throw new Error("la rédaction IA n'a pas renvoyé de JSON");
    }
    const content = SiteContent.safeParse(parsed);
    if (!content.success) throw new Error("la rédaction IA ne respecte pas le format attendu");
    return content.data;
  };
}
