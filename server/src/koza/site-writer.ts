import type { KozaData } from "@lagon/contracts/koza-schemas";
import type { Config } from "../config.ts";
import { writeFrenchSite } from "./french-site-writer.ts";
import { writeSiteWithChatApi } from "./llm-site-writer.ts";
import type { SiteContent } from "./site-content.ts";

/** Writes the words of the five pages from the answers. */
export type SiteWriter = (data: KozaData) => Promise<SiteContent>;

/** An OpenAI-compatible chat API when KOZA_LLM_URL is set, else the embedded French writer. */
export function createSiteWriter(
  config: Pick<Config, "KOZA_LLM_URL" | "KOZA_LLM_MODEL" | "KOZA_LLM_API_KEY">,
): SiteWriter {
  const url = config.KOZA_LLM_URL;
  if (!url) return async (data) => writeFrenchSite(data);
  return (data) =>
    writeSiteWithChatApi({ url, model: config.KOZA_LLM_MODEL, apiKey: config.KOZA_LLM_API_KEY }, data);
}
