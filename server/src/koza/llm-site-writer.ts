import { KOZA_STYLE_LABELS } from "@lagon/contracts/koza";
import type { KozaData } from "@lagon/contracts/koza-schemas";
import { z } from "zod";
import { type OpenAiCompatibleApi, postToApi } from "./openai-compatible.ts";
import { SiteContent } from "./site-content.ts";

/** An OpenAI-compatible API; `/chat/completions` is appended. */
export interface ChatApi extends OpenAiCompatibleApi {
  model: string;
}

const SYSTEM_PROMPT = [
  "Tu es rédacteur web pour les petites entreprises de La Réunion, des Outre-mer et de métropole.",
  "Tu écris en français, avec un ton adapté au style demandé, des phrases naturelles et variées.",
  "N'invente aucun fait vérifiable : ni prix, ni diplôme, ni date de création, ni chiffre, ni avis client.",
  "Les invitations suivent le métier : un commerce ou un restaurant invite à passer (adresse, horaires), un salon ou un garage à prendre rendez-vous, un artisan qui se déplace à demander un devis, un service aux entreprises (comptable, informatique) à un premier échange sur l'activité du client.",
  "Chaque réponse du client est dite une fois, reformulée, jamais recopiée d'une page à l'autre.",
  "L'introduction de la page Réalisations reste vraie avec ou sans photos : elle ne promet pas d'images.",
  "Les trois services gardent exactement leur nom et leur ordre.",
  "Réponds uniquement par un objet JSON conforme à ce schéma JSON :",
  JSON.stringify(z.toJSONSchema(SiteContent)),
].join("\n");

/** The answers as the model reads them: labelled, in French. */
function brief(data: KozaData): string {
  const c = data.contactInfo;
  return [
    `Type d'activité : ${data.businessType}`,
    `Nom de l'entreprise : ${data.businessName}`,
    `Description : ${data.businessDescription}`,
    `Clientèle : ${data.targetAudience || "non précisée"}`,
    `Services : 1. ${data.services[0]} ; 2. ${data.services[1]} ; 3. ${data.services[2]}`,
    `Ce qui la distingue : ${data.uniqueValue}`,
    `Téléphone : ${c.phone} ; e-mail : ${c.email} ; adresse : ${c.address}${c.hours ? ` ; horaires : ${c.hours}` : ""}`,
    `Style du site : ${KOZA_STYLE_LABELS[data.style]}`,
  ].join("\n");
}

/**
 * Asks an OpenAI-compatible chat API for the five pages' words, as JSON. The answer is checked
 * against the SiteContent schema: anything else (an HTTP error, prose, a missing section) is an
 * error that fails the attempt, never a half-written site.
 */
export async function writeSiteWithChatApi(api: ChatApi, data: KozaData): Promise<SiteContent> {
  const res = await postToApi(
    api,
    "/chat/completions",
    {
      model: api.model,
      response_format: { type: "json_object" },
      temperature: 0.7,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: brief(data) },
      ],
    },
    120_000,
  );
  if (!res.ok) throw new Error(`le service de rédaction IA a répondu ${res.status}`);
  const body = (await res.json().catch(() => undefined)) as
    | { choices?: { message?: { content?: unknown } }[] }
    | undefined;
  const content = body?.choices?.[0]?.message?.content;
  let json: unknown;
  try {
    json = JSON.parse(typeof content === "string" ? content : "");
  } catch {
    throw new Error("la rédaction IA n'a pas renvoyé de JSON");
  }
  const parsed = SiteContent.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `la rédaction IA ne respecte pas le format attendu (${issue?.path.join(".") || "racine"})`,
    );
  }
  // The customer named their services: the site shows those names, whatever the model wrote.
  const site = parsed.data;
  site.services.items = site.services.items.map((item, i) => ({
    ...item,
    title: data.services[i] ?? item.title,
  }));
  return site;
}
